// InspectorPanel: the view tree (indented ids) and the selected view's geometry, flags,
// recognizers (configuration, state, outputs) and, for controls and other subclasses,
// their own stored properties read with Mirror (or `describeExtra` from the host).

public enum InspectorPanel {
    /// The tree as (depth, view) rows, back to front.
    public static func treeRows(_ window: Window) -> [(depth: Int, view: View)] {
        var rows: [(Int, View)] = []
        func walk(_ v: View, _ d: Int) {
            rows.append((d, v))
            for s in v.subviews { walk(s, d + 1) }
        }
        walk(window, 0)
        return rows
    }

    /// The detail lines for a view (what the panel prints under the tree).
    public static func details(of v: View, log: TraceLog, describeExtra: ((View) -> [String])? = nil) -> [String] {
        func n(_ x: Double) -> String { TraceFormat.short(x, 2) }
        let t = v.transform
        var out: [String] = []
        out.append("\(v.id)  \(String(describing: type(of: v)))")
        out.append("frame \(v.frame)  center \(TraceFormat.point(v.center, 2))")
        out.append("bounds \(v.bounds)")
        if t.isIdentity {
            out.append("transform identity")
        } else {
            out.append("transform scale \(n(t.scaleX))×\(n(t.scaleY))  rot \(TraceFormat.short(t.rotation * 180 / Double.pi, 1))°  tr (\(n(t.tx)), \(n(t.ty)))")
        }
        out.append("alpha \(n(v.alpha))  hitRule \(v.hitRule.rawValue)" +
                   (v.touchOutset == .zero ? "" : "  outset \(n(v.touchOutset.width))×\(n(v.touchOutset.height))"))
        func flag(_ name: String, _ on: Bool) -> String { (on ? "+" : "-") + name }
        out.append([flag("hidden", v.isHidden), flag("userInteraction", v.isUserInteractionEnabled),
                    flag("multipleTouch", v.isMultipleTouchEnabled), flag("exclusiveTouch", v.isExclusiveTouch),
                    flag("clipsToBounds", v.clipsToBounds), flag("handlesTouches", v.handlesTouches)].joined(separator: " "))
        if let next = v.next { out.append("next → \(next.id)" + (v.nextOverride != nil ? " (override)" : "")) }
        for r in v.gestureRecognizers {
            out.append("◆ \(r.id) (\(String(describing: type(of: r))))  \(r.state.rawValue)" + (r.isEnabled ? "" : "  disabled"))
            var cfg = [flag("cancelsTouches", r.cancelsTouchesInView), flag("delaysBegan", r.delaysTouchesBegan),
                       flag("delaysEnded", r.delaysTouchesEnded)]
            if !r.failureRequirements.isEmpty { cfg.append("requires " + r.failureRequirements.map(\.id).joined(separator: ",") + " to fail") }
            if r.delegate != nil { cfg.append("delegate") }
            out.append("   " + cfg.joined(separator: " "))
            let own = ownProperties(of: r, stopAt: GestureRecognizer.self)
            if !own.isEmpty { out.append("   " + own.joined(separator: " ")) }
            if let last = log.transitions(of: r.id).last {
                let o = TraceFormat.outputs(last.outputs)
                out.append("   last \(last.from.rawValue)→\(last.to.rawValue) @\(TraceFormat.fixed(last.t))" + (o.isEmpty ? "" : "  \(o)"))
            }
        }
        let extra = describeExtra?(v) ?? ownProperties(of: v, stopAt: View.self)
        if !extra.isEmpty {
            out.append("▸ \(String(describing: type(of: v)))")
            out.append(contentsOf: extra.map { "   " + $0 })
        }
        return out
    }

    /// Simple stored properties (numbers, flags, strings, enums) that subclasses below
    /// `stopAt` declare, as "name: value" — how controls show their state until they
    /// describe themselves.
    public static func ownProperties(of object: Any, stopAt: Any.Type) -> [String] {
        var out: [String] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let m = mirror, m.subjectType != stopAt {
            for c in m.children {
                guard let label = c.label, let s = simpleValue(c.value) else { continue }
                out.append("\(label.hasPrefix("_") ? String(label.dropFirst()) : label): \(s)")
                if out.count >= 24 { return out }
            }
            mirror = m.superclassMirror
        }
        return out
    }

    static func simpleValue(_ v: Any) -> String? {
        switch v {
        case let d as Double: return TraceFormat.short(d, 3)
        case let i as Int: return String(i)
        case let b as Bool: return b ? "true" : "false"
        case let s as String: return "\"\(s)\""
        case let p as Point: return p.description
        case let s as Set<String>: return "[" + s.sorted().joined(separator: ",") + "]"
        case let a as [String]: return "[" + a.joined(separator: ",") + "]"
        default:
            let m = Mirror(reflecting: v)
            if m.displayStyle == .optional {
                guard let first = m.children.first else { return "nil" }
                return simpleValue(first.value)
            }
            if m.displayStyle == .enum, m.children.isEmpty { return String(describing: v) }
            return nil
        }
    }

    /// The tree lines the panel shows in `rect` and where: up to 40% of the lines, centred on
    /// the selection (for drawing, and for taps that select a view).
    public static func treeLayout(app: Application, log: TraceLog, state: OverlayState, in rect: Rect,
                                  style: OverlayStyle) -> (rows: [(depth: Int, view: View, rect: Rect)], selected: String?, total: Int) {
        let selectedID = state.selectedViewID ?? log.hitTest(forTouch: state.pickedTouchID)?.view?.string
        let rows = treeRows(app.window)
        let headerH = max(style.lineHeight, style.headerSize * 1.25)
        let linesLeft = max(0, Int(((rect.height - headerH) / style.lineHeight).rounded(.down)))
        let selIndex = selectedID.flatMap { id in rows.firstIndex { $0.view.id == id } }
        // The tree gets up to 40% of the rows, centred on the selection.
        let treeLines = max(1, min(rows.count, linesLeft * 2 / 5))
        var first = 0
        if let s = selIndex { first = max(0, min(rows.count - treeLines, s - treeLines / 2)) }
        let shown = rows[first..<min(rows.count, first + treeLines)].enumerated().map { i, row in
            (depth: row.depth, view: row.view,
             rect: Rect(x: rect.minX, y: rect.minY + headerH + Double(i) * style.lineHeight, width: rect.width, height: style.lineHeight))
        }
        return (shown.filter { $0.rect.maxY <= rect.maxY + 0.001 }, selectedID, rows.count)
    }

    public static func draw(app: Application, log: TraceLog, state: OverlayState, describeExtra: ((View) -> [String])?,
                            in rect: Rect, style: OverlayStyle, measurer: TextMeasurer, into list: inout DisplayList) {
        var col = TextColumn(rect, style: style, measurer: measurer)
        col.header("Inspector" + (state.selectedViewID == nil ? "  (latest hit-test view)" : ""), into: &list)
        let tree = treeLayout(app: app, log: log, state: state, in: rect, style: style)
        let selectedID = tree.selected
        for row in tree.rows {
            let selected = row.view.id == selectedID
            let v = row.view
            var s = String(repeating: "  ", count: row.depth) + v.id
            if !v.gestureRecognizers.isEmpty { s += "  ◆" + String(v.gestureRecognizers.count) }
            if v.isHidden { s += "  hidden" }
            if !v.isUserInteractionEnabled { s += "  no-touch" }
            col.line(s, color: selected ? style.selection : (v.isHidden ? style.dim : style.text),
                     background: selected ? Color(r: 80, g: 70, b: 20, a: 200) : nil, into: &list)
        }
        if tree.total > tree.rows.count {
            col.line("… \(tree.total) views", color: style.dim, into: &list)
        }
        guard let id = selectedID, let v = tree.rows.first(where: { $0.view.id == id })?.view ?? DebugOverlay.viewsByID(app.window)[id] else {
            col.line("select a view (tap it in the tree, or right-click it in the scene)", color: style.dim, font: .sans, into: &list)
            return
        }
        col.skip(style.lineHeight / 3)
        for line in details(of: v, log: log, describeExtra: describeExtra) {
            if !col.line(line, color: line.hasPrefix("◆") ? .hex("#64d2ff") : style.text, into: &list) { break }
        }
    }
}

extension OverlayPanel {
    /// The view tree and the selected view's details (side panel).
    public static let inspector = OverlayPanel("inspector")
}

extension InspectorPanel {
    /// Pointers on the inspector: a tap on a view's line in the tree selects the view.
    public static let interaction = PanelInteraction(
        hit: { c, at in
            treeLayout(app: c.app, log: c.log, state: c.state, in: at.rect, style: c.style).rows
                .first { $0.rect.contains(at.point) }.map { .inspectorView($0.view.id) }
        },
        tap: { hit, _, state in if case let .inspectorView(id) = hit { state.selectView(id) } })
}
