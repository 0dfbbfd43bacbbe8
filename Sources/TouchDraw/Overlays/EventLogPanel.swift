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

    /// The filter line: every kind, on ones bright.
    static func filterLine(_ kinds: Set<TraceKind>) -> String {
        TraceKind.allCases.map { kinds.contains($0) ? $0.rawValue : "·" }.joined(separator: " ")
    }

    /// Where the panel's lines are and which record each shows, and the selection detail's
    /// box (`state.selectedRecord`): at the panel's foot, as tall as its wrapped lines need,
    /// reaching up over the sections above (to `detailTop`, default the panel's top) rather
    /// than cutting the record short. The lines fill what the box leaves, newest last.
    public static func layout(log: TraceLog, state: OverlayState, in rect: Rect, detailTop: Double? = nil,
                              style: OverlayStyle, measurer: TextMeasurer) -> EventLogLayout {
        let headerH = max(style.lineHeight, style.headerSize * 1.25)
        var detail: (rect: Rect, lines: [String])?
        if let seq = state.selectedRecord,
           let lines = SelectionDetail.lines(seq: seq, log: log, width: rect.width, style: style, measurer: measurer) {
            let box = SelectionDetail.box(lines: lines.count, left: rect.minX, width: rect.width, bottom: rect.maxY,
                                          top: min(rect.maxY, detailTop ?? rect.minY), style: style)
            detail = (box, lines)
        }
        let top = rect.minY + headerH + style.lineHeight
        let bottom = min(rect.maxY, detail?.rect.minY ?? rect.maxY)
        let visible = max(0, Int(((bottom - top) / style.lineHeight + 0.001).rounded(.down)))
        let skip = min(max(0, state.logScroll), max(0, log.count(of: state.logKinds) - visible))
        let seqs = visible > 0 ? log.seqs(of: state.logKinds, limit: visible, skippingNewest: skip) : []
        let rows = seqs.enumerated().map { i, seq in
            (seq: seq, rect: Rect(x: rect.minX, y: top + Double(i) * style.lineHeight, width: rect.width, height: style.lineHeight))
        }
        return EventLogLayout(rows: rows, detail: detail?.rect, detailLines: detail?.lines ?? [])
    }

    /// The lines, the selected one highlighted; the selection detail is drawn over it all by
    /// `DebugOverlay` (it may reach above this panel).
    public static func draw(log: TraceLog, state: OverlayState, in rect: Rect, detailTop: Double? = nil, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        let total = log.count(of: state.logKinds)
        let back = min(max(0, state.logScroll), total)
        col.header("Event log  \(total) of \(log.count)" + (back > 0 ? "  ↑ \(back) back (drag up, End)" : ""),
                   into: &list)
        col.line(filterLine(state.logKinds), color: style.dim, into: &list)
        let L = layout(log: log, state: state, in: rect, detailTop: detailTop, style: style, measurer: measurer)
        for row in L.rows {
            guard let r = log.record(row.seq), let text = log.line(row.seq) else { continue }
            if row.seq == state.selectedRecord { list.fillRect(row.rect, Color(r: 80, g: 70, b: 20, a: 200)) }
            let w = row.rect.width
            list.text(measurer.truncate(text, toWidth: w, size: style.fontSize, font: .mono),
                      at: Point(x: row.rect.minX, y: row.rect.midY), size: style.fontSize,
                      color: row.seq == state.selectedRecord ? style.selection : color(r.traceKind, style),
                      font: .mono, baseline: .middle, maxWidth: w)
        }
    }
}

/// The event log's lines and the selection detail's box, for drawing and for taps.
public struct EventLogLayout: Sendable {
    /// The record each line shows and where, oldest first.
    public var rows: [(seq: Int, rect: Rect)]
    /// The selection detail's box; nil when no record is selected (or it left the log).
    public var detail: Rect?
    /// The detail's lines, wrapped to the box.
    public var detailLines: [String]

    /// The record of the line at `p`, if any.
    public func record(at p: Point) -> Int? { rows.first { $0.rect.contains(p) }?.seq }
}

extension OverlayPanel {
    /// The trace as text (side panel).
    public static let eventLog = OverlayPanel("eventLog")
}

extension EventLogPanel {
    /// Pointers on the event log: a tap selects the line's record (shown in full; again:
    /// closed); a vertical drag scrolls it, the lines following the finger (down: older records).
    public static let interaction = PanelInteraction(
        hit: { c, at in
            layout(log: c.log, state: c.state, in: at.rect, detailTop: c.sidePanel?.minY, style: c.style, measurer: c.measurer)
                .record(at: at.point).map(PanelHit.logRecord)
        },
        tap: { hit, _, state in
            if case let .logRecord(seq) = hit { state.selectedRecord = state.selectedRecord == seq ? nil : seq }
        },
        drag: PanelInteraction.scrollRows(\.logScroll, downward: 1))
}
