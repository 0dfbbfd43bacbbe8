// DevicePanel: what the touchscreen itself delivers — every touch device SDL reports (name,
// direct or not, display) or a replayed recording names, and from the trace's touch samples:
// fingers down now and the most at once, how often fingers report and how regularly, the
// pressure range; the input-to-photon latency of the last second (input that went to the
// scene only); and a button that opens the coverage sheet (`CoverageSheet`): where fingers
// landed on the whole window, full size. Every line wraps: nothing is cut.

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
    /// Where a device that is not attached comes from: "replayed from touch.evemu (evemu)".
    public var source: String?
    /// The device as a replayed device recording describes it (axes, ranges, resolution,
    /// fuzz); nil for a device SDL lists or a TouchScope recording.
    public var raw: RawDevice?
    /// A device read through evdev: its latency by stage (kernel → read → dispatched →
    /// presented, p50 and p99) and what the kernel reported wrongly, one line each.
    public var stages: [String] = []
    public init(sdlID: Int64, traceDevice: Int?, name: String, kind: Kind, display: String?, source: String? = nil) {
        self.sdlID = sdlID; self.traceDevice = traceDevice; self.name = name; self.kind = kind; self.display = display
        self.source = source
    }

    /// The device a replayed recording's header names (an imported `libinput record` or
    /// evemu file carries it): trace device 0, where the recording's fingers go. Nil when the
    /// header names none.
    public static func recorded(name: String?, file: String?, format: String?) -> TouchDeviceInfo? {
        guard let name, !name.isEmpty else { return nil }
        let from = [file, format.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return TouchDeviceInfo(sdlID: -1, traceDevice: 0, name: name, kind: .unknown, display: nil,
                               source: from.isEmpty ? "replayed" : "replayed from " + from)
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
            let how = i.source ?? (i.kind.rawValue + (i.display.map { ", \($0)" } ?? ""))
            out.append("\(i.name)  (\(how))")
            out += i.stages.map { "  " + $0 }
        } else if let s = row.stats {
            out.append(s.device < 0 ? "mouse (emulated fingers)" : "device \(s.device) (from the trace)")
        }
        guard let s = row.stats else {
            out += rawLines(row.info?.raw)
            out.append("  no touches yet")
            return out
        }
        out += rawLines(row.info?.raw)
        out.append("  fingers \(s.fingersDown) now, \(s.mostFingers) at most  ·  \(s.samples) samples")
        out.append("  " + rateLine(s))
        if let f = s.frameRate { out.append("  frame rate \(TraceFormat.short(f, 0)) Hz (all contacts)") }
        if let p = s.pressureRange { out.append("  pressure \(TraceFormat.short(p.lowerBound, 2)) – \(TraceFormat.short(p.upperBound, 2))") }
        return out
    }

    /// The per-contact report rate, as `analyze` measures it (stretches of one contact's
    /// samples no more than 50 ms apart: a contact held still sends nothing), with the
    /// spread of its intervals; "not measured" until one stretch has 10 samples.
    ///
    ///     100 Hz per contact ±0.5 ms (3 stretches)
    ///     rate: not measured (4 of 10 samples)
    public static func rateLine(_ s: TouchDeviceStats) -> String {
        guard let r = s.reportRate else {
            return "rate: not measured (\(s.longestStretch) of \(TouchDevices.minStretch) samples)"
        }
        let jitter = s.jitterMs.map { " ±\(TraceFormat.short($0, 1)) ms" } ?? ""
        return "\(TraceFormat.short(r, 0)) Hz per contact" + jitter + " (\(s.stretches) stretch\(s.stretches == 1 ? "" : "es"))"
    }

    /// A device recording's axes, one line each: range, resolution (and the length it gives
    /// in mm for a position axis) and fuzz.
    ///
    ///     raw: multitouch B (slots); axes: range, units/mm, fuzz
    ///     ABS_MT_POSITION_X  0…2937  10/mm (293.7 mm)  fuzz 4
    public static func rawLines(_ device: RawDevice?) -> [String] {
        guard let device else { return [] }
        var out = ["  raw: \(device.protocolName); axes: range, units/mm, fuzz"]
        let positions: Set<Int> = [0x00, 0x01, 0x35, 0x36]
        for a in device.axes {
            var res = "no resolution"
            if a.resolution > 0 {
                res = "\(a.resolution)/mm"
                if positions.contains(a.code) {
                    res += " (\(TraceFormat.fixed(Double(a.max - a.min) / Double(a.resolution), 1)) mm)"
                }
            }
            out.append("  \(a.name)  \(a.min)…\(a.max)  \(res)  fuzz \(a.fuzz)")
        }
        return out
    }

    /// The latency line: input that went to the scene (taps on the toolbar and the panels are
    /// not counted).
    public static func latencyLine(_ l: LatencyReadout?) -> String {
        guard let l else { return "input → photon: no scene input in the last second" }
        let frame = 1000.0 / 60
        return "input → photon p50 \(TraceFormat.short(l.p50, 1)) ms, p99 \(TraceFormat.short(l.p99, 1)) ms"
            + " (\(l.count) scene inputs)" + (l.p99 > frame ? "  over a frame" : "")
    }

    /// The button's label.
    public static let coverageLabel = "▦ Coverage of the whole window (C)"

    /// Height for `rows` devices (lines of one row each, and the coverage button).
    public static func preferredHeight(rows: Int, style: OverlayStyle) -> Double {
        style.headerSize * 1.25 + buttonHeight(style) + style.lineHeight * Double(2 + 4 * max(1, rows))
    }

    /// The height for the devices' lines wrapped to `width` (nothing cut).
    public static func preferredHeight(rows: [Row], latency: LatencyReadout?, note: String? = nil, width: Double, style: OverlayStyle,
                                       measurer: TextMeasurer) -> Double {
        let n = wrappedLines(rows: rows, latency: latency, note: note, width: width, style: style, measurer: measurer).count
        return style.headerSize * 1.25 + buttonHeight(style) + style.lineHeight * Double(n + 1)
    }

    static func buttonHeight(_ style: OverlayStyle) -> Double { style.lineHeight * 2 + 4 * style.scale }

    /// The coverage button in the panel drawn in `rect`: under the header, the panel's width.
    public static func coverageButton(in rect: Rect, style: OverlayStyle) -> Rect {
        let top = rect.minY + max(style.lineHeight, style.headerSize * 1.25) + 2 * style.scale
        return Rect(x: rect.minX, y: top, width: rect.width, height: buttonHeight(style) - 4 * style.scale)
    }

    /// The panel's lines under the button, wrapped to `width`: (text, colour role: 0 latency,
    /// 1 device name, 2 statistics, 3 note).
    static func wrappedLines(rows: [Row], latency: LatencyReadout?, note: String? = nil, width: Double, style: OverlayStyle,
                             measurer: TextMeasurer) -> [(text: String, role: Int)] {
        var out: [(String, Int)] = []
        func add(_ s: String, _ role: Int, font: FontFace = .mono) {
            // Statistics lines keep their two-space indent on every wrapped line.
            if measurer.measure(s, size: style.fontSize, font: font).width <= width { out.append((s, role)); return }
            let indent = s.hasPrefix("  ") ? "  " : ""
            let w = width - measurer.measure(indent, size: style.fontSize, font: font).width
            for piece in measurer.wrap(String(s.dropFirst(indent.count)), toWidth: w, size: style.fontSize, font: font) {
                out.append((indent + piece, role))
            }
        }
        add(latencyLine(latency), 0)
        if rows.isEmpty { add("no touch device (the mouse acts as one finger)", 3, font: .sans) }
        for row in rows {
            for (k, l) in lines(row).enumerated() { add(l, k == 0 ? 1 : 2) }
        }
        if let note { add(note, 3, font: .sans) }
        return out
    }

    /// `scroll`: how many of the lines under the button a finger dragged up out of sight (a
    /// device recording's axes may not all fit: the first and last lines shown then say how
    /// many are above and below, and a drag brings them in).
    public static func draw(rows: [Row], latency: LatencyReadout?, note: String? = nil, scroll: Int = 0, sceneSize: Size, in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        col.header("Touch devices", into: &list)
        // The button that opens the coverage sheet: a touch target the panel's width.
        let button = coverageButton(in: rect, style: style)
        if button.maxY <= rect.maxY + 0.5 {
            list.fillRect(button, Color(r: 44, g: 72, b: 110))
            list.strokeRect(button, style.accent.withAlpha(0.7), width: style.scale)
            list.text(measurer.truncate(coverageLabel, toWidth: button.width - 2 * style.padding, size: style.fontSize, font: .sans),
                      at: Point(x: button.midX, y: button.midY), size: style.fontSize, color: style.header, font: .sans,
                      alignment: .center, baseline: .middle, maxWidth: button.width - 2 * style.padding)
            col.skip(button.maxY + 2 * style.scale - col.y)
        }
        let over = (latency?.p99 ?? 0) > 1000.0 / 60
        let lines = wrappedLines(rows: rows, latency: latency, note: note, width: rect.width, style: style, measurer: measurer)
        let room = col.linesLeft
        let first = max(0, min(scroll, lines.count - max(1, room - 1)))
        if first > 0 {
            col.line(InspectorPanel.fitting(["… \(first) lines above: drag down to read them", "… \(first) above"], width: rect.width,
                                            style: style, measurer: measurer), color: style.dim, font: .sans, into: &list)
        }
        for (i, (text, role)) in lines.enumerated().dropFirst(first) {
            // The last line that fits says how many are below when they do not all fit.
            if i < lines.count - 1, col.linesLeft == 1 {
                col.line(InspectorPanel.fitting(["… \(lines.count - i) more lines: drag up to read them", "… \(lines.count - i) more"],
                                                width: rect.width, style: style, measurer: measurer), color: style.dim, font: .sans, into: &list)
                break
            }
            let color: Color = switch role {
            case 0: over ? Color(r: 255, g: 170, b: 60) : style.text
            case 1: style.header
            case 3: style.dim
            default: style.text
            }
            col.line(text, color: color, font: role == 3 ? .sans : .mono, into: &list)
        }
    }

    /// How many lines are under the button now (the drag's limit).
    static func lineCount(_ c: PanelContext) -> Int {
        guard let side = c.sidePanel, let rect = DebugOverlay.sections(c, side: side).first(where: { $0.panel == .devices })?.rect else { return 0 }
        return wrappedLines(rows: rows(devices: c.extras.touchDevices, stats: c.log.touchDevices), latency: c.extras.latency,
                            note: c.extras.raw?.note, width: rect.width, style: c.style, measurer: c.measurer).count
    }

    /// What pointers do on the panel: a tap on the coverage button opens the sheet; a vertical
    /// drag scrolls the lines under it (up: later lines).
    public static let interaction = PanelInteraction(
        hit: { c, p in
            coverageButton(in: p.rect, style: c.style).insetBy(dx: 0, dy: -p.tolerance / 2).contains(p.point)
                ? .item(.devices, "coverage") : nil
        },
        tap: { hit, _, state in
            if hit == .item(.devices, "coverage") { state.set(.coverage, true) }
        },
        drag: PanelInteraction.scrollRows(\OverlayState[.devices, "scroll"], downward: -1, limit: { c in lineCount(c) }))
}

extension OverlayPanel {
    /// The coverage sheet over the whole window (`CoverageSheet`; opened from the touch devices
    /// panel or with C, not a panel of the registry).
    public static let coverage = OverlayPanel("coverage")
}
