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

    public static func draw(log: TraceLog, state: OverlayState, in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        let total = log.count(of: state.logKinds)
        col.header("Event log  \(total) of \(log.count)", into: &list)
        col.line(filterLine(state.logKinds), color: style.dim, into: &list)
        let visible = col.linesLeft
        guard visible > 0 else { return }
        let seqs = log.seqs(of: state.logKinds, limit: visible)
        for s in seqs {
            guard let r = log.record(s), let text = log.line(s) else { continue }
            col.line(text, color: color(r.traceKind, style), into: &list)
        }
    }
}

extension OverlayPanel {
    /// The trace as text (side panel).
    public static let eventLog = OverlayPanel("eventLog")
}
