// DevicePanel: what the touchscreen itself delivers — every touch device SDL reports (name,
// direct or not, display), and from the trace's touch samples: fingers down now and the
// most at once, how often fingers report and how regularly, the pressure range, a coverage
// map of where touches landed; plus the input-to-photon latency of the last second.

/// A touch device as the host (SDL) reports it.
public struct TouchDeviceInfo: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A touchscreen: touches land where the finger is.
        case direct
        /// A touchpad reporting absolute positions.
        case indirectAbsolute = "indirect absolute"
        /// A touchpad reporting relative motion.
        case indirectRelative = "indirect relative"
        case unknown
    }
    /// SDL's touch id.
    public var sdlID: Int64
    /// The number the trace gives the device (`TouchKey.device`), once it sent a finger.
    public var traceDevice: Int?
    public var name: String
    public var kind: Kind
    /// The display a direct device's touches land on ("display 0 (eDP-1)"); nil otherwise.
    public var display: String?
    public init(sdlID: Int64, traceDevice: Int?, name: String, kind: Kind, display: String?) {
        self.sdlID = sdlID; self.traceDevice = traceDevice; self.name = name; self.kind = kind; self.display = display
    }
}

/// Input-to-photon latency as the panel shows it (milliseconds over the last second).
public struct LatencyReadout: Sendable, Hashable {
    public var p50: Double
    public var p99: Double
    public var count: Int
    public init(p50: Double, p99: Double, count: Int) { self.p50 = p50; self.p99 = p99; self.count = count }
}

extension OverlayPanel {
    public static let devices = OverlayPanel("devices")
}

public enum DevicePanel {
    /// One device: the host's entry (if any) and the trace's statistics (if any).
    public struct Row: Sendable, Hashable {
        public var info: TouchDeviceInfo?
        public var stats: TouchDeviceStats?
    }

    /// The devices to show: every one the host lists, with its statistics, then the ones only
    /// the trace knows (a replay, the mouse's emulated fingers as device -1).
    public static func rows(devices: [TouchDeviceInfo], stats: [TouchDeviceStats]) -> [Row] {
        var rows = devices.map { d in Row(info: d, stats: d.traceDevice.flatMap { t in stats.first { $0.device == t } }) }
        let listed = Set(devices.compactMap(\.traceDevice))
        rows += stats.filter { !listed.contains($0.device) }.map { Row(info: nil, stats: $0) }
        return rows
    }

    /// The lines of one device (name line, then the statistics).
    public static func lines(_ row: Row) -> [String] {
        var out: [String] = []
        if let i = row.info {
            out.append("\(i.name)  (\(i.kind.rawValue)\(i.display.map { ", \($0)" } ?? ""))")
        } else if let s = row.stats {
            out.append(s.device < 0 ? "mouse (emulated fingers)" : "device \(s.device) (from the trace)")
        }
        guard let s = row.stats else {
            out.append("  no touches yet")
            return out
        }
        out.append("  fingers \(s.fingersDown) now, \(s.mostFingers) at most  ·  \(s.samples) samples")
        let rate = s.reportRate.map { "\(TraceFormat.short($0, 0)) Hz per finger" } ?? "rate: a finger must move"
        let jitter = s.jitterMs.map { "  ±\(TraceFormat.short($0, 1)) ms" } ?? ""
        out.append("  \(rate)\(jitter)")
        if let p = s.pressureRange { out.append("  pressure \(TraceFormat.short(p.lowerBound, 2)) – \(TraceFormat.short(p.upperBound, 2))") }
        return out
    }

    /// The latency line.
    public static func latencyLine(_ l: LatencyReadout?) -> String {
        guard let l else { return "input → photon: no input in the last second" }
        let frame = 1000.0 / 60
        return "input → photon p50 \(TraceFormat.short(l.p50, 1)) ms, p99 \(TraceFormat.short(l.p99, 1)) ms"
            + " (\(l.count) inputs)" + (l.p99 > frame ? "  over a frame" : "")
    }

    /// Height for `rows` devices with their coverage maps.
    public static func preferredHeight(rows: Int, style: OverlayStyle) -> Double {
        guard rows > 0 else { return style.headerSize * 1.25 + style.lineHeight * 2 }
        return style.headerSize * 1.25 + style.lineHeight * Double(1 + 5 * rows) + Double(rows) * mapHeight(style)
    }
    static func mapHeight(_ style: OverlayStyle) -> Double { style.lineHeight * 3 }

    public static func draw(rows: [Row], latency: LatencyReadout?, sceneSize: Size, in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        col.header("Touch devices", into: &list)
        col.line(latencyLine(latency), color: (latency?.p99 ?? 0) > 1000.0 / 60 ? Color(r: 255, g: 170, b: 60) : style.text, into: &list)
        if rows.isEmpty { col.line("no touch device (the mouse acts as one finger)", color: style.dim, font: .sans, into: &list) }
        for row in rows {
            for (k, l) in lines(row).enumerated() { col.line(l, color: k == 0 ? style.header : style.text, into: &list) }
            if let s = row.stats, let band = col.band(mapHeight(style)) { drawCoverage(s, sceneSize: sceneSize, in: band, style: style, into: &list) }
        }
    }

    /// Where touches landed: the scene's window as a rect, each coverage cell shaded by how
    /// many samples fell in it.
    static func drawCoverage(_ s: TouchDeviceStats, sceneSize: Size, in band: Rect, style: OverlayStyle, into list: inout DisplayList) {
        guard sceneSize.width > 0, sceneSize.height > 0 else { return }
        let h = band.height - 2, w = min(band.width - 8, h * sceneSize.width / sceneSize.height)
        let frame = Rect(x: band.minX + 8, y: band.minY + 1, width: w, height: h)
        list.fillRect(frame, style.sectionBackground)
        let k = w / sceneSize.width
        let most = Double(s.coverage.values.max() ?? 1)
        for (cell, n) in s.coverage {
            let r = Rect(x: frame.minX + Double(cell.column) * TouchDevices.cell * k, y: frame.minY + Double(cell.row) * TouchDevices.cell * k,
                         width: max(1, TouchDevices.cell * k), height: max(1, TouchDevices.cell * k))
            guard r.minX < frame.maxX, r.minY < frame.maxY else { continue }
            let a = 0.25 + 0.75 * Double(n) / most
            list.fillRect(r.clamped(to: frame), Color(r: 90, g: 200, b: 255, a: UInt8(max(40, min(255, a * 255)))))
        }
    }
}
