// NowPlayingPanel: the Now Playing info (title, artist, progress, rate), the connected pads
// and their sensors, and the device orientation.

/// A connected gamepad as the host sees it.
public struct ConnectedPad: Sendable, Hashable {
    public var name: String
    public var hasAccel: Bool
    public var hasGyro: Bool
    public init(name: String, hasAccel: Bool, hasGyro: Bool) {
        self.name = name; self.hasAccel = hasAccel; self.hasGyro = hasGyro
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
    public static func preferredHeight(pads: Int, style: OverlayStyle) -> Double {
        style.headerSize * 1.25 + Double(6 + max(1, pads)) * style.lineHeight
    }

    public static func draw(app: Application, pads: [ConnectedPad], in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
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
            let bar = Rect(x: band.minX + style.padding, y: band.midY - 3, width: max(0, band.width - 2 * style.padding), height: 6)
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
    }
}

extension OverlayPanel {
    /// Now Playing, pads and orientation (side panel).
    public static let nowPlaying = OverlayPanel("nowPlaying")
}
