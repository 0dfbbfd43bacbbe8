// EventLogPanel: the trace as text, newest last, filtered per kind. Only the visible lines
// are looked up and formatted (and formatted lines are cached by the log).

public enum EventLogPanel {
    /// The lines the panel shows for `visible` rows, oldest first.
    public static func lines(log: TraceLog, kinds: Set<TraceKind>, visible: Int, scroll: Int) -> [String] {
        let total = log.count(of: kinds)
        let skip = min(scroll, max(0, total - visible))
        return log.seqs(of: kinds, limit: visible, skippingNewest: skip).compactMap(log.line)
    }

    /// The colour of a line by kind.
    static func color(_ k: TraceKind, _ style: OverlayStyle) -> Color {
        switch k {
        case .hitTest: .hex("#ffd60a")
        case .touches: style.text
        case .gesture: .hex("#64d2ff")
        case .control: .hex("#30d158")
        case .action: .hex("#bf5af2")
        case .motion: .hex("#ff9f0a")
        case .remote: .hex("#ff9f0a")
        case .firstResponder: .hex("#5e5ce6")
        case .orientation: .hex("#ac8e68")
        case .note: style.dim
        }
    }

    /// The filter line: which kinds are hidden, in words (every kind shows by default), and
    /// where the filters are.
    static func filterLine(_ kinds: Set<TraceKind>) -> String {
        let hidden = TraceKind.allCases.filter { !kinds.contains($0) }
        let shown = TraceKind.allCases.filter { kinds.contains($0) }
        if hidden.isEmpty { return "all kinds shown (1–7: filter)" }
        if shown.isEmpty { return "all kinds hidden (0: show)" }
        return hidden.count <= shown.count ? "hidden: " + hidden.map(\.rawValue).joined(separator: ", ")
                                           : "only: " + shown.map(\.rawValue).joined(separator: ", ")
    }

    /// How far a record's continuation lines are indented (characters).
    static let continuationIndent = "   "

    /// A record's line wrapped to `width`, never cut: the first line, then the rest indented.
    public static func wrapped(_ text: String, width: Double, style: OverlayStyle, measurer: TextMeasurer) -> [String] {
        if measurer.measure(text, size: style.fontSize, font: .mono).width <= width { return [text] }
        let indent = measurer.measure(continuationIndent, size: style.fontSize, font: .mono).width
        let lines = measurer.wrap(text, toWidth: max(1, width - indent), size: style.fontSize, font: .mono)
        return lines.enumerated().map { $0.offset == 0 ? $0.element : continuationIndent + $0.element }
    }

    /// Where the panel's lines are and which record each shows, and the selection detail's
    /// box (`state.selectedRecord`): at the panel's foot, as tall as its wrapped lines need,
    /// reaching up over the sections above (to `detailTop`, default the panel's top) rather
    /// than cutting the record short. The records fill what the box leaves, newest last, each
    /// wrapped over as many lines as it needs (`wrapped`); a record that does not fit whole
    /// at the top is left out rather than cut.
    public static func layout(log: TraceLog, state: OverlayState, in rect: Rect, detailTop: Double? = nil,
                              style: OverlayStyle, measurer: TextMeasurer, raw: [Int: RawContact] = [:]) -> EventLogLayout {
        let headerH = max(style.lineHeight, style.headerSize * 1.25)
        var detail: (rect: Rect, lines: [String])?
        if let seq = state.selectedRecord,
           let lines = SelectionDetail.lines(seq: seq, log: log, width: rect.width, style: style, measurer: measurer, raw: raw) {
            let box = SelectionDetail.box(lines: lines.count, left: rect.minX, width: rect.width, bottom: rect.maxY,
                                          top: min(rect.maxY, detailTop ?? rect.minY), style: style)
            detail = (box, lines)
        }
        let top = rect.minY + headerH + style.lineHeight
        let bottom = min(rect.maxY, detail?.rect.minY ?? rect.maxY)
        let room = max(0, Int(((bottom - top) / style.lineHeight + 0.001).rounded(.down)))
        let skip = min(max(0, state.logScroll), max(0, log.count(of: state.logKinds) - room))
        // At most one record a line: the newest `room` records, wrapped from the newest back.
        let seqs = room > 0 ? log.seqs(of: state.logKinds, limit: room, skippingNewest: skip) : []
        var picked: [(seq: Int, lines: [String])] = []
        var used = 0
        for seq in seqs.reversed() {
            guard var text = log.line(seq) else { continue }
            // A device recording's touch: its slot and tracking id after the line.
            if !raw.isEmpty, let r = log.record(seq), let note = RawTouches.annotation(r.body, contacts: raw) { text += "  [\(note)]" }
            let lines = wrapped(text, width: rect.width, style: style, measurer: measurer)
            if used + lines.count > room { break }
            used += lines.count
            picked.append((seq, lines))
        }
        var y = top + Double(room - used) * style.lineHeight
        var rows: [(seq: Int, rect: Rect)] = [], texts: [[String]] = []
        for p in picked.reversed() {
            let h = Double(p.lines.count) * style.lineHeight
            rows.append((p.seq, Rect(x: rect.minX, y: y, width: rect.width, height: h)))
            texts.append(p.lines)
            y += h
        }
        return EventLogLayout(rows: rows, rowLines: texts, detail: detail?.rect, detailLines: detail?.lines ?? [])
    }

    /// The lines, the selected one highlighted; the selection detail is drawn over it all by
    /// `DebugOverlay` (it may reach above this panel).
    public static func draw(log: TraceLog, state: OverlayState, in rect: Rect, detailTop: Double? = nil, style: OverlayStyle,
                            measurer: TextMeasurer, raw: [Int: RawContact] = [:], into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        let total = log.count(of: state.logKinds)
        let back = min(max(0, state.logScroll), total)
        col.header("Event log  \(total) of \(log.count)" + (back > 0 ? "  ↑ \(back) back (drag up, End)" : ""),
                   into: &list)
        col.line(filterLine(state.logKinds), color: style.dim, into: &list)
        let L = layout(log: log, state: state, in: rect, detailTop: detailTop, style: style, measurer: measurer, raw: raw)
        for (row, lines) in zip(L.rows, L.rowLines) {
            guard let r = log.record(row.seq) else { continue }
            let selected = row.seq == state.selectedRecord
            if selected { list.fillRect(row.rect, Color(r: 80, g: 70, b: 20, a: 200)) }
            for (i, line) in lines.enumerated() {
                list.text(line, at: Point(x: row.rect.minX, y: row.rect.minY + (Double(i) + 0.5) * style.lineHeight),
                          size: style.fontSize, color: selected ? style.selection : color(r.traceKind, style),
                          font: .mono, baseline: .middle, maxWidth: row.rect.width)
            }
        }
    }
}

/// The event log's lines and the selection detail's box, for drawing and for taps.
public struct EventLogLayout: Sendable {
    /// The record each row shows and where (a row is as many lines as its record wraps
    /// to), oldest first.
    public var rows: [(seq: Int, rect: Rect)]
    /// Each row's lines, wrapped to the panel's width.
    public var rowLines: [[String]] = []
    /// The selection detail's box; nil when no record is selected (or it left the log).
    public var detail: Rect?
    /// The detail's lines, wrapped to the box.
    public var detailLines: [String]

    /// The record of the line at `p`, if any.
    public func record(at p: Point) -> Int? { rows.first { $0.rect.contains(p) }?.seq }

    init(rows: [(seq: Int, rect: Rect)], rowLines: [[String]], detail: Rect?, detailLines: [String]) {
        self.rows = rows; self.rowLines = rowLines; self.detail = detail; self.detailLines = detailLines
    }
}

extension OverlayPanel {
    /// The trace as text (side panel).
    public static let eventLog = OverlayPanel("eventLog")
}

extension EventLogPanel {
    /// Pointers on the event log: a tap selects the line's record (shown in full; again:
    /// closed), the detail's ▲ older / ▼ newer buttons its neighbouring lines; a vertical drag scrolls it, the lines following the finger (down: older records).
    public static let interaction = PanelInteraction(
        hit: { c, at in
            layout(log: c.log, state: c.state, in: at.rect, detailTop: c.sidePanel?.minY, style: c.style, measurer: c.measurer,
                   raw: c.extras.raw?.contacts ?? [:])
                .record(at: at.point).map(PanelHit.logRecord)
        },
        tap: { hit, c, state in
            switch hit {
            case let .logRecord(seq): state.selectRecord(state.selectedRecord == seq ? nil : seq, in: c.log)
            case .item(.eventLog, "older"): state.stepLogRecord(-1, in: c.log)
            case .item(.eventLog, "newer"): state.stepLogRecord(1, in: c.log)
            default: break
            }
        },
        drag: PanelInteraction.scrollRows(\.logScroll, downward: 1))
}
