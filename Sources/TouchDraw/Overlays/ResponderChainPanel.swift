// ResponderChainPanel: the responder chain from the hit-test view (or the first responder)
// up to the application, one row per responder, marking from the trace who received the
// last touch's messages and who handled the last motion, remote and action messages.

/// One row of the responder chain, as data.
public struct ResponderRow: Sendable, Hashable {
    public var id: String
    /// The responder's class ("View", "Window", "Application", ...).
    public var type: String
    public var isFirstResponder: Bool
    /// What the trace says this responder received or handled ("touches began,ended",
    /// "motion shake ended", "remote play", "action copy:").
    public var marks: [String]

    public var text: String {
        var s = "\(id) (\(type))"
        if isFirstResponder { s += " ★first" }
        if !marks.isEmpty { s += "  ◀ " + marks.joined(separator: "; ") }
        return s
    }
}

public enum ResponderChainPanel {
    /// Where the chain starts and why ("hit-test view of touch 3", "first responder").
    public static func start(app: Application, log: TraceLog, pickedTouch: Int?, views: [String: View]) -> (Responder, String)? {
        if let hit = log.hitTest(forTouch: pickedTouch) {
            let v: Responder = hit.view.flatMap { views[$0.string] } ?? app.window
            return (v, "hit-test view of touch \(hit.touch)")
        }
        if let fr = app.firstResponder { return (fr, "first responder") }
        return nil
    }

    /// The rows, start first, application last.
    public static func rows(app: Application, log: TraceLog, pickedTouch: Int?, views: [String: View]) -> [ResponderRow] {
        guard let (start, _) = start(app: app, log: log, pickedTouch: pickedTouch, views: views) else { return [] }
        let touchID = log.hitTest(forTouch: pickedTouch)?.touch
        let receivers = touchID.map { log.receivers(ofTouch: $0) } ?? []
        return start.responderChain.map { r in
            var marks: [String] = []
            if let rec = receivers.first(where: { $0.view == r.id }) {
                marks.append("touches " + rec.phases.map(\.rawValue).joined(separator: ","))
            }
            if let m = log.lastMotion, m.subject == r.traceName { marks.append("motion \(m.label)") }
            if let rm = log.lastRemote, rm.subject == r.traceName { marks.append("remote \(rm.label)") }
            if let a = log.lastAction, a.handledBy == r.traceName { marks.append("action \(a.action)") }
            return ResponderRow(id: r.id, type: String(describing: type(of: r)),
                                isFirstResponder: app.firstResponder === r, marks: marks)
        }
    }

    /// The height the section would like (header, start line, rows, footnotes).
    public static func preferredHeight(rows: Int, style: OverlayStyle) -> Double {
        style.headerSize * 1.25 + Double(rows + 4) * style.lineHeight
    }

    public static func draw(app: Application, log: TraceLog, pickedTouch: Int?, views: [String: View],
                            in rect: Rect, style: OverlayStyle, measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        col.header("Responder chain", into: &list)
        guard let (_, why) = start(app: app, log: log, pickedTouch: pickedTouch, views: views) else {
            col.line("no touch yet, no first responder", color: style.dim, into: &list)
            return
        }
        col.line("from the \(why)", color: style.dim, font: .sans, into: &list)
        let rows = rows(app: app, log: log, pickedTouch: pickedTouch, views: views)
        for (i, row) in rows.enumerated() {
            let arrow = i == 0 ? "  " : "↑ "
            let color = row.marks.isEmpty ? style.text : style.selection
            col.line(arrow + row.text, color: color, indent: style.padding, into: &list)
        }
        // Handlers outside the chain (the command centre) or nobody.
        let ids = Set(rows.map(\.id))
        if let rm = log.lastRemote, !ids.contains(rm.subject?.string ?? "") {
            col.line("remote \(rm.label) → \(rm.subject?.string ?? "nobody")", color: style.dim, indent: style.padding, into: &list)
        }
        if let m = log.lastMotion, !ids.contains(m.subject?.string ?? "") {
            col.line("motion \(m.label) → \(m.subject?.string ?? "nobody")", color: style.dim, indent: style.padding, into: &list)
        }
        if let a = log.lastAction, !ids.contains(a.handledBy?.string ?? "") {
            col.line("action \(a.action) → \(a.handledBy?.string ?? "nobody")", color: style.dim, indent: style.padding, into: &list)
        }
    }
}

extension OverlayPanel {
    /// The responder chain from the hit-test view (side panel).
    public static let responderChain = OverlayPanel("responderChain")
}
