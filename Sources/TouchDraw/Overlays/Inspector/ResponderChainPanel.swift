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

    /// The height the section would like (header, start line, rows, footnotes) for `rows`
    /// rows of one line each.
    public static func preferredHeight(rows: Int, style: OverlayStyle) -> Double {
        style.headerSize * 1.25 + Double(rows + 4) * style.lineHeight
    }

    /// The height the section would like in a column `width` wide: every row wrapped (none is cut).
    public static func preferredHeight(app: Application, log: TraceLog, pickedTouch: Int?, views: [String: View],
                                       width: Double, style: OverlayStyle, measurer: TextMeasurer) -> Double {
        let lines = self.lines(app: app, log: log, pickedTouch: pickedTouch, views: views, width: width, style: style,
                               measurer: measurer)
        return style.headerSize * 1.25 + Double(max(1, lines.count) + 1) * style.lineHeight
    }

    /// The width the section's text gets in the side panel `side` (as `DebugOverlay.sideLayout`
    /// lays it out: half of a side panel wider than tall that holds two columns, less the
    /// sections' insets); unbounded without a side panel.
    public static func columnWidth(side: Rect?, style: OverlayStyle) -> Double {
        guard let side, side.width > 0 else { return .greatestFiniteMagnitude }
        let gap = 4 * style.scale
        let column = Double(DebugOverlay.minimumColumns) * DebugOverlay.monoAdvance * style.fontSize
        let w = side.width > side.height && side.width >= 2 * column + gap ? (side.width - gap) / 2 : side.width
        return w - 4 * style.scale
    }

    /// One line of the section as drawn: its text, colour role and indent (canvas pixels).
    struct Line {
        enum Role { case start, row, marked, note }
        var text: String
        var role: Role
        var indent: Double
    }

    /// The section's lines under its header, each row wrapped to `width` (its continuation
    /// lines indented under the row's text, past the arrow): nothing is cut.
    static func lines(app: Application, log: TraceLog, pickedTouch: Int?, views: [String: View], width: Double,
                      style: OverlayStyle, measurer: TextMeasurer) -> [Line] {
        guard let (_, why) = start(app: app, log: log, pickedTouch: pickedTouch, views: views) else {
            return wrap("no touch yet, no first responder", role: .note, indent: 0, hanging: 0, width: width, font: .mono,
                        style: style, measurer: measurer)
        }
        var out = wrap("from the \(why)", role: .start, indent: 0, hanging: 0, width: width, font: .sans, style: style, measurer: measurer)
        let rows = rows(app: app, log: log, pickedTouch: pickedTouch, views: views)
        let hanging = measurer.measure("↑ ", size: style.fontSize, font: .mono).width
        for (i, row) in rows.enumerated() {
            // The arrow, then the row's text, wrapped under itself.
            let arrow = i == 0 ? "  " : "↑ "
            var lines = wrap(row.text, role: row.marks.isEmpty ? .row : .marked, indent: style.padding + hanging, hanging: 0,
                             width: width, font: .mono, style: style, measurer: measurer)
            lines[0].text = arrow + lines[0].text
            lines[0].indent = style.padding
            out += lines
        }
        // Handlers outside the chain (the command centre) or nobody.
        let ids = Set(rows.map(\.id))
        var notes: [String] = []
        if let rm = log.lastRemote, !ids.contains(rm.subject?.string ?? "") {
            notes.append("remote \(rm.label) → \(rm.subject?.string ?? "nobody")")
        }
        if let m = log.lastMotion, !ids.contains(m.subject?.string ?? "") {
            notes.append("motion \(m.label) → \(m.subject?.string ?? "nobody")")
        }
        if let a = log.lastAction, !ids.contains(a.handledBy?.string ?? "") {
            notes.append("action \(a.action) → \(a.handledBy?.string ?? "nobody")")
        }
        for n in notes {
            out += wrap(n, role: .note, indent: style.padding, hanging: hanging, width: width, font: .mono, style: style, measurer: measurer)
        }
        return out
    }

    /// `text` in lines no wider than the column: the first from `indent`, the rest from
    /// `indent + hanging`.
    private static func wrap(_ text: String, role: Line.Role, indent: Double, hanging: Double, width: Double, font: FontFace,
                             style: OverlayStyle, measurer: TextMeasurer) -> [Line] {
        if measurer.measure(text, size: style.fontSize, font: font).width <= width - indent {
            return [Line(text: text, role: role, indent: indent)]
        }
        let first = measurer.wrap(text, toWidth: width - indent, size: style.fontSize, font: font)
        guard first.count > 1 else { return [Line(text: first.first ?? text, role: role, indent: indent)] }
        let rest = first.dropFirst().joined(separator: " ")
        return [Line(text: first[0], role: role, indent: indent)]
            + measurer.wrap(rest, toWidth: width - indent - hanging, size: style.fontSize, font: font)
                .map { Line(text: $0, role: role, indent: indent + hanging) }
    }

    public static func draw(app: Application, log: TraceLog, pickedTouch: Int?, views: [String: View],
                            in rect: Rect, style: OverlayStyle, measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        col.header("Responder chain", into: &list)
        for line in lines(app: app, log: log, pickedTouch: pickedTouch, views: views, width: rect.width, style: style,
                          measurer: measurer) {
            let color: Color
            switch line.role {
            case .start, .note: color = style.dim
            case .row: color = style.text
            case .marked: color = style.selection
            }
            let font: FontFace = line.role == .start ? .sans : .mono
            col.line(line.text, color: color, font: font, indent: line.indent, into: &list)
        }
    }
}

extension OverlayPanel {
    /// The responder chain from the hit-test view (side panel).
    public static let responderChain = OverlayPanel("responderChain")
}
