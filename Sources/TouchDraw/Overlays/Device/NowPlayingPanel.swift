// NowPlayingPanel: the Now Playing info (title, artist, progress, rate), the connected pads
// and their sensors, the device's own accelerometer with its latest reading, and the device
// orientation.

/// A connected gamepad as the host sees it.
public struct ConnectedPad: Sendable, Hashable {
    public var name: String
    public var hasAccel: Bool
    public var hasGyro: Bool
    public init(name: String, hasAccel: Bool, hasGyro: Bool) {
        self.name = name; self.hasAccel = hasAccel; self.hasGyro = hasGyro
    }
}

/// The device's own accelerometer (a Linux IIO device) as the host sees it.
public struct DeviceAccelerometer: Sendable, Hashable {
    /// The IIO device's `name` (`accel_3d`, `mma8451`), or a stand-in for a replay.
    public var name: String
    /// The latest reading (m/s², IIO axes, gravity included); nil before the first.
    public var latest: MotionSample?
    /// Whether its readings drive shake and orientation (a convertible's base accelerometer
    /// is listed, not read).
    public var inUse: Bool
    public init(name: String, latest: MotionSample? = nil, inUse: Bool = true) {
        self.name = name; self.latest = latest; self.inUse = inUse
    }
}

public enum NowPlayingPanel {
    /// "1:05", "12:00:03".
    public static func clock(_ s: Double) -> String {
        let total = Int(max(0, s.isFinite ? s : 0).rounded(.down))
        let h = total / 3600, m = (total / 60) % 60, sec = total % 60
        let ss = sec < 10 ? "0\(sec)" : "\(sec)"
        if h > 0 { return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" }
        return "\(m):\(ss)"
    }

    /// Header, title/artist, bar, times, pads and orientation lines.
    public static func preferredHeight(pads: Int, accelerometers: Int = 0, style: OverlayStyle) -> Double {
        style.headerSize * 1.25 + Double(6 + max(1, pads) + accelerometers) * style.lineHeight
    }

    /// The device accelerometer's line: "tablet accel_3d  x 0.12  y -9.79  z 0.31 m/s²".
    public static func line(_ a: DeviceAccelerometer) -> String {
        guard a.inUse else { return "tablet \(a.name)  not read (the screen's accelerometer is)" }
        guard let s = a.latest else { return "tablet \(a.name)  no reading yet" }
        return "tablet \(a.name)  x \(TraceFormat.short(s.x, 2))  y \(TraceFormat.short(s.y, 2))  z \(TraceFormat.short(s.z, 2)) m/s²"
    }

    public static func draw(app: Application, pads: [ConnectedPad], accelerometers: [DeviceAccelerometer] = [],
                            in rect: Rect, style: OverlayStyle, measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        let np = app.remote.nowPlaying
        col.header("Now Playing" + (app.remote.isNowPlayingApp ? "" : "  (not the Now Playing app yet)"), into: &list)
        if np.title.isEmpty && np.artist.isEmpty {
            col.line("nothing playing", color: style.dim, font: .sans, into: &list)
        } else {
            col.line(np.title.isEmpty ? "untitled" : np.title, color: style.header, font: .sans, into: &list)
            if !np.artist.isEmpty { col.line(np.artist, color: style.dim, font: .sans, into: &list) }
        }
        if let band = col.band(style.lineHeight) {
            let bar = Rect(x: band.minX + style.padding, y: band.midY - 3 * style.scale, width: max(0, band.width - 2 * style.padding),
                           height: 6 * style.scale)
            list.fillRect(bar, style.grid)
            let f = np.duration > 0 ? min(1, max(0, np.elapsed / np.duration)) : 0
            list.fillRect(Rect(x: bar.minX, y: bar.minY, width: bar.width * f, height: bar.height), np.rate != 0 ? Color.green : style.dim)
        }
        col.line("\(clock(np.elapsed)) / \(clock(np.duration))   rate \(TraceFormat.short(np.rate, 2))" + (np.rate == 0 ? "  paused" : "  playing"),
                 indent: style.padding, into: &list)
        col.line("orientation \(app.motion.orientation.rawValue)" + (app.motion.isShaking ? "   shaking" : ""), indent: style.padding, into: &list)
        if pads.isEmpty {
            col.line("no gamepad (keys stand in for shake and remote)", color: style.dim, indent: style.padding, into: &list)
        }
        for p in pads {
            col.line("pad \(p.name)  accel \(p.hasAccel ? "yes" : "no")  gyro \(p.hasGyro ? "yes" : "no")", indent: style.padding, into: &list)
        }
        for a in accelerometers {
            col.line(line(a), color: a.inUse ? style.text : style.dim, indent: style.padding, into: &list)
        }
    }
}

extension OverlayPanel {
    /// Now Playing, pads and orientation (side panel).
    public static let nowPlaying = OverlayPanel("nowPlaying")
}
