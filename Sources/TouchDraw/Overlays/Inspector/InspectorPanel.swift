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

    /// The picked touch's type, force and radius, for a touch whose input reported its traits or that is
    /// not a plain finger or mouse touch (`touch 3: pencil  force 1.20 of 2  radius 5.1 ± 0.4 pt`); nil otherwise.
    public static func touchLine(_ tr: TouchTrail) -> String? {
        let t = tr.traits
        guard !t.isPlain else { return nil }
        var s = "touch \(tr.id): \(t.type.rawValue)"
        s += t.maximumPossibleForce > 0
            ? "  force \(TraceFormat.fixed(tr.pressure * t.maximumPossibleForce, 2)) of \(TraceFormat.short(t.maximumPossibleForce, 2))"
            : "  no pressure"
        if t.majorRadius > 0 {
            s += "  radius \(TraceFormat.short(t.majorRadius, 1)) ± \(TraceFormat.short(t.majorRadiusTolerance, 1)) pt"
        }
        return s
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
            if Set(r.allowedTouchTypes) != Set(TouchType.allCases) { cfg.append("types " + r.allowedTouchTypes.map(\.rawValue).joined(separator: ",")) }
            if !r.requiresExclusiveTouchType { cfg.append("mixedTypes") }
            if r.delegate != nil { cfg.append("delegate") }
            out.append("   " + cfg.joined(separator: " "))
            out.append(contentsOf: settings(of: r).map { "   " + $0 })
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

    /// The recognizer classes TouchScope ships: their settings are listed by name
    /// (`settings(of:)`), never read with Mirror (their stored fields are private state).
    static let shippedRecognizerTypes: [GestureRecognizer.Type] = [
        TapGestureRecognizer.self, LongPressGestureRecognizer.self, ScreenEdgePanGestureRecognizer.self,
        PanGestureRecognizer.self, PinchGestureRecognizer.self, RotationGestureRecognizer.self,
        SwipeGestureRecognizer.self, CheckmarkGestureRecognizer.self, TwoFingerGestureRecognizer.self,
        ContinuousGestureRecognizer.self, DiscreteGestureRecognizer.self, GestureRecognizer.self,
    ]

    /// A recognizer's settings by their UIKit names, as a program sets them
    /// ("numberOfTapsRequired: 2"), with the scene file's key where it differs
    /// ("minimumPressDuration (duration): 0.8 s") and "(default)" for a number that follows the
    /// scene's defaults. A subclass's own stored properties follow (read with Mirror, down to
    /// the shipped class it extends).
    public static func settings(of r: GestureRecognizer) -> [String] {
        func n(_ x: Double) -> String { TraceFormat.short(x, 3) }
        func set(_ name: String, key: String? = nil, _ value: String, isDefault: Bool = false) -> String {
            name + (key.map { " (\($0))" } ?? "") + ": " + value + (isDefault ? " (default)" : "")
        }
        func degrees(_ radians: Double) -> String { TraceFormat.short(radians * 180 / Double.pi, 1) + "°" }
        var out: [String] = []
        switch r {
        case let t as TapGestureRecognizer:
            out = [set("numberOfTapsRequired", key: "taps", String(t.numberOfTapsRequired)),
                   set("numberOfTouchesRequired", key: "touches", String(t.numberOfTouchesRequired))]
            out.append(set("maximumTapInterval", key: "maximumInterval", n(t.maximumTapInterval ?? t.defaults.tapInterval) + " s",
                           isDefault: t.maximumTapInterval == nil))
            out.append(set("allowableMovement", key: "maximumDistance", n(t.allowableMovement ?? t.defaults.tapSlop) + " pt",
                           isDefault: t.allowableMovement == nil))
            if t.numberOfTapsRequired > 1 {
                out.append(set("maximumTapDistance", n(t.maximumTapDistance ?? t.defaults.tapDistance) + " pt",
                               isDefault: t.maximumTapDistance == nil))
            }
        case let g as LongPressGestureRecognizer:
            out = [set("minimumPressDuration", key: "duration", n(g.minimumPressDuration) + " s", isDefault: g.$minimumPressDuration == nil),
                   set("allowableMovement", n(g.allowableMovement) + " pt", isDefault: g.$allowableMovement == nil),
                   set("numberOfTapsRequired", key: "taps", String(g.numberOfTapsRequired)),
                   set("numberOfTouchesRequired", key: "touches", String(g.numberOfTouchesRequired))]
        case let g as PanGestureRecognizer:
            out = [set("minimumNumberOfTouches", key: "minTouches", String(g.minimumNumberOfTouches)),
                   set("maximumNumberOfTouches", key: "maxTouches", g.maximumNumberOfTouches == Int.max ? "any" : String(g.maximumNumberOfTouches)),
                   set("panSlop", key: "minimumDistance", n(g.panSlop) + " pt", isDefault: g.$panSlop == nil)]
            if let e = g as? ScreenEdgePanGestureRecognizer {
                let names = [(RectEdge.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")]
                    .filter { e.edges.contains($0.0) }.map(\.1)
                out.insert(set("edges", names.isEmpty ? "none" : names.joined(separator: ",")), at: 0)
            }
        case let g as PinchGestureRecognizer:
            out = [set("pinchThreshold", key: "threshold", n(g.pinchThreshold), isDefault: g.$pinchThreshold == nil)]
        case let g as RotationGestureRecognizer:
            out = [set("rotationThreshold", key: "threshold", degrees(g.rotationThreshold), isDefault: g.$rotationThreshold == nil)]
        case let g as SwipeGestureRecognizer:
            let names = [(SwipeGestureRecognizer.Direction.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
                .filter { g.direction.contains($0.0) }.map(\.1)
            out = [set("direction", key: "directions", names.isEmpty ? "none" : names.joined(separator: ",")),
                   set("numberOfTouchesRequired", key: "touches", String(g.numberOfTouchesRequired)),
                   set("minimumDistance", n(g.minimumDistance) + " pt", isDefault: g.$minimumDistance == nil),
                   set("minimumSpeed", n(g.minimumSpeed) + " pt/s", isDefault: g.$minimumSpeed == nil),
                   set("maximumAngle", degrees(g.maximumAngle), isDefault: g.$maximumAngle == nil),
                   set("maximumDuration", n(g.maximumDuration) + " s", isDefault: g.$maximumDuration == nil)]
        case let g as CheckmarkGestureRecognizer:
            out = [set("minimumStrokeLength", n(g.minimumStrokeLength) + " pt"), set("minimumLengthRatio", n(g.minimumLengthRatio)),
                   set("angleTolerance", degrees(g.angleTolerance)), set("straightnessTolerance", n(g.straightnessTolerance))]
        default:
            break
        }
        // A program's own subclass: its stored properties, down to the shipped class.
        var own: [String] = []
        var mirror: Mirror? = Mirror(reflecting: r)
        while let m = mirror, !shippedRecognizerTypes.contains(where: { $0 == m.subjectType }) {
            for c in m.children {
                guard let label = c.label, let s = simpleValue(c.value) else { continue }
                own.append("\(label.hasPrefix("_") ? String(label.dropFirst()) : label): \(s)")
                if own.count >= 24 { break }
            }
            mirror = m.superclassMirror
        }
        return out + own
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

    /// The tree lines the panel shows in `rect` and where: up to a third of the lines, centred on
    /// the selection (for drawing, and for taps that select a view).
    public static func treeLayout(app: Application, log: TraceLog, state: OverlayState, in rect: Rect,
                                  style: OverlayStyle) -> (rows: [(depth: Int, view: View, rect: Rect)], selected: String?, total: Int) {
        let selectedID = state.selectedViewID ?? log.hitTest(forTouch: state.pickedTouchID)?.view?.string
        let rows = treeRows(app.window)
        let headerH = max(style.lineHeight, style.headerSize * 1.25)
        let linesLeft = max(0, Int(((rect.height - headerH) / style.lineHeight).rounded(.down)))
        let selIndex = selectedID.flatMap { id in rows.firstIndex { $0.view.id == id } }
        // The tree gets up to a third of the rows (at least 3), centred on the selection.
        let treeLines = max(1, min(rows.count, max(3, linesLeft / 3)))
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
        if tree.total > tree.rows.count, let first = tree.rows.first.flatMap({ r in treeRows(app.window).firstIndex { $0.view === r.view } }) {
            col.line(treeCountLine(first: first, shown: tree.rows.count, total: tree.total), color: style.dim, font: .sans, into: &list)
        }
        guard let id = selectedID, let v = tree.rows.first(where: { $0.view.id == id })?.view ?? DebugOverlay.viewsByID(app.window)[id] else {
            for piece in measurer.wrap("select a view: tap it in the tree, or right-click it in the scene", toWidth: rect.width,
                                       size: style.fontSize, font: .sans) {
                col.line(piece, color: style.dim, font: .sans, into: &list)
            }
            return
        }
        col.skip(style.lineHeight / 3)
        let touch = state.pickedTouchID.flatMap(log.trail).flatMap(touchLine).map { [$0] } ?? []
        let lines = wrappedDetails(touch + details(of: v, log: log, describeExtra: describeExtra), width: rect.width, style: style,
                                   measurer: measurer)
        // A finger drags the lines up (`state[.inspector, "scroll"]`), never past the last one.
        let room = col.linesLeft
        let first = max(0, min(state[.inspector, "scroll"], lines.count - max(1, room - 1)))
        if first > 0 {
            col.line(fitting(["… \(first) lines above: drag down to read them", "… \(first) above"], width: rect.width, style: style,
                             measurer: measurer), color: style.dim, font: .sans, into: &list)
        }
        for (i, line) in lines.enumerated().dropFirst(first) {
            // The last line that fits says how many are below when they do not all fit.
            if i < lines.count - 1, col.linesLeft == 1 {
                col.line(fitting(["… \(lines.count - i) more lines: drag up to read them", "… \(lines.count - i) more"], width: rect.width,
                                 style: style, measurer: measurer), color: style.dim, font: .sans, into: &list)
                break
            }
            if !col.line(line.text, color: line.isRecognizer ? .hex("#64d2ff") : style.text, into: &list) { break }
        }
    }

    /// The first of `texts` that fits `width` (the last one otherwise).
    static func fitting(_ texts: [String], width: Double, style: OverlayStyle, measurer: TextMeasurer) -> String {
        texts.first { measurer.measure($0, size: style.fontSize, font: .sans).width <= width } ?? texts.last ?? ""
    }

    /// What the line under a partly shown tree says: which views of how many are listed
    /// ("views 4–9 of 12 in the tree"), not a count that reads as "more".
    public static func treeCountLine(first: Int, shown: Int, total: Int) -> String {
        "views \(first + 1)–\(first + shown) of \(total) in the tree ([ / ] or a tap selects)"
    }

    /// The detail lines wrapped to `width` in the panel's monospaced text: a continued line is
    /// indented under its start, never cut.
    public static func wrappedDetails(_ lines: [String], width: Double, style: OverlayStyle,
                                      measurer: TextMeasurer) -> [(text: String, isRecognizer: Bool)] {
        var out: [(String, Bool)] = []
        for line in lines {
            let lead = String(line.prefix { $0 == " " })
            let body = String(line.dropFirst(lead.count))
            let hang = lead + "  "
            let leadW = measurer.measure(hang, size: style.fontSize, font: .mono).width
            let pieces = measurer.wrap(body, toWidth: max(1, width - leadW), size: style.fontSize, font: .mono)
            for (k, piece) in pieces.enumerated() { out.append(((k == 0 ? lead : hang) + piece, line.hasPrefix("◆"))) }
        }
        return out
    }
}

extension OverlayPanel {
    /// The view tree and the selected view's details (side panel).
    public static let inspector = OverlayPanel("inspector")
}

extension InspectorPanel {
    /// Pointers on the inspector: a tap on a view's line in the tree selects the view; a
    /// vertical drag scrolls the selected view's lines (up: later lines).
    public static let interaction = PanelInteraction(
        hit: { c, at in
            if let h = WhatIfEditor.hit(c, at) { return h }
            return treeLayout(app: c.app, log: c.log, state: c.state, in: WhatIfEditor.split(at.rect, style: c.style).body, style: c.style).rows
                .first { $0.rect.contains(at.point) }.map { .inspectorView($0.view.id) }
        },
        tap: { hit, c, state in
            if case let .item(.inspector, what) = hit { WhatIfEditor.tap(what, c, &state); return }
            if case let .inspectorView(id) = hit {
                if state.selectedViewID != id { state[.inspector, "scroll"] = 0 }
                state.selectView(id)
            }
        },
        drag: { step, c, rect, state in
            if state.whatIf.editing { WhatIfEditor.drag(step, c, &state); return false }
            return scrollDetails(step, c, rect, &state)
        })

    static let scrollDetails = PanelInteraction.scrollRows(\OverlayState[.inspector, "scroll"], downward: -1, limit: { c in detailLineCount(c) })

    /// How many wrapped detail lines the selected view has in the inspector's section now
    /// (the scroll's limit).
    static func detailLineCount(_ c: PanelContext) -> Int {
        guard let side = c.sidePanel,
              let rect = DebugOverlay.sections(c, side: side).first(where: { $0.panel == .inspector }).map({ WhatIfEditor.split($0.rect, style: c.style).body }),
              let id = c.state.selectedViewID ?? c.log.hitTest(forTouch: c.state.pickedTouchID)?.view?.string,
              let v = c.views[id] else { return 0 }
        return wrappedDetails(details(of: v, log: c.log, describeExtra: c.extras.describeExtra), width: rect.width, style: c.style,
                              measurer: c.measurer).count
    }
}
