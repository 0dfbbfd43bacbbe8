// PanelHits: pointers on the debugging panels — what a tap (or a click) points at, what a
// pointer going down takes hold of, what its drags and its tap do — dispatched through the
// panels' entries in the registry (`PanelEntry.interaction`), by the same layout the panels
// are drawn with, so a tap selects what is under the finger. The host (TouchScopeKit's
// PanelPointers) keeps the pointers; every decision about a panel is made here.
//
//     let s = PanelSurface(context: c, side: layout.sidePanel, bottom: layout.bottomPanel, unit: layout.panelScale)
//     var grab = DebugOverlay.grab(at: down, on: s)           // nil: the pointer is the scene's
//     _ = DebugOverlay.drag(grab, step, on: s, state: &state)   // each move
//     DebugOverlay.tap(at: up, on: s, state: &state)            // a lift that did not move

/// What a point on the panels points at.
public enum PanelHit: Sendable, Equatable {
    /// The selection detail's box (a tap closes it); its ▲ older and ▼ newer buttons are
    /// `.item(.eventLog, "older")` and `"newer"`.
    case detail
    /// An event-log line: the record it shows.
    case logRecord(Int)
    /// A view's line in the inspector's tree.
    case inspectorView(String)
    /// A place on the timeline.
    case timeline(TimelineTap)
    /// Something a panel names in its own terms (a row, a button of its own), by the panel.
    case item(OverlayPanel, String)
    /// Elsewhere on a panel (nil: the side or bottom panel where no panel is shown).
    case panel(OverlayPanel?)
}

/// A point on a panel, for its `PanelInteraction.hit`.
public struct PanelPoint: Sendable, Equatable {
    /// Canvas pixels.
    public var point: Point
    /// The rect the panel is drawn in.
    public var rect: Rect
    /// How far (canvas pixels) from a target a tap still takes it: half a touch target.
    public var tolerance: Double

    public init(point: Point, rect: Rect, tolerance: Double) { self.point = point; self.rect = rect; self.tolerance = tolerance }
}

/// One move of a pointer that holds a panel (`PanelInteraction.drag`).
public struct PanelDragStep: Sendable {
    /// Where it went down, where it was before this move and where it is now (canvas pixels).
    public var start: Point
    public var previous: Point
    public var point: Point
    /// Where a drag counts from on this move: `previous`, or `start` on the move that made it
    /// a drag (so what was under the finger stays under it).
    public var from: Point
    /// It moved past the slop (10 units): a drag, not a tap.
    public var isDrag: Bool
    /// It pinched with another pointer before (it no longer drags alone).
    public var pinched: Bool
    /// The other pointers holding the same panel, where they are now.
    public var others: [Point]
    /// The overlays' state when it went down (a scroll counts from there).
    public var startState: OverlayState
    /// Canvas pixels per window unit (the size of a finger's movements).
    public var unit: Double

    public init(start: Point, previous: Point, point: Point, from: Point, isDrag: Bool, pinched: Bool = false,
                others: [Point] = [], startState: OverlayState, unit: Double = 1) {
        self.start = start; self.previous = previous; self.point = point; self.from = from; self.isDrag = isDrag
        self.pinched = pinched; self.others = others; self.startState = startState; self.unit = unit
    }
}

/// What pointers do on a panel: declared in its registry entry (`PanelEntry.interaction`).
/// A panel without one takes taps and drags and does nothing with them.
public struct PanelInteraction: Sendable {
    /// What a point on the panel points at (nil: the panel itself, `.panel(id)`).
    public var hit: (@Sendable (PanelContext, PanelPoint) -> PanelHit?)?
    /// A tap (a lift that did not move) on what `hit` found.
    public var tap: (@Sendable (PanelHit, PanelContext, inout OverlayState) -> Void)?
    /// A move of a pointer that went down on the panel, drawn in the rect given. True: it
    /// pinched with the first of `step.others`, and neither of them taps when it lifts.
    public var drag: (@Sendable (PanelDragStep, PanelContext, Rect, inout OverlayState) -> Bool)?
    /// For a panel over the scene (`PanelPlace.scene`): the part of the scene rect it is given
    /// that it takes from pointers now (nil: none, every pointer stays the scene's). A pointer
    /// that goes down there is the panel's until it lifts, as on the side and bottom panels.
    public var area: (@Sendable (PanelContext, Rect) -> Rect?)?

    public init(hit: (@Sendable (PanelContext, PanelPoint) -> PanelHit?)? = nil,
                tap: (@Sendable (PanelHit, PanelContext, inout OverlayState) -> Void)? = nil,
                drag: (@Sendable (PanelDragStep, PanelContext, Rect, inout OverlayState) -> Bool)? = nil,
                area: (@Sendable (PanelContext, Rect) -> Rect?)? = nil) {
        self.hit = hit; self.tap = tap; self.drag = drag; self.area = area
    }

    /// A vertical drag that scrolls a panel's rows, the rows following the finger: `scroll`
    /// reads and writes the panel's scroll in the state, counted from where the drag went
    /// down; `downward` +1: dragging down adds to it (the event log: older records), −1:
    /// dragging up does (the help: later rows). Never below 0 nor above `limit` (nil: none).
    public static func scrollRows(_ scroll: WritableKeyPath<OverlayState, Int> & Sendable, downward: Double,
                                  limit: (@Sendable (PanelContext) -> Int)? = nil)
        -> @Sendable (PanelDragStep, PanelContext, Rect, inout OverlayState) -> Bool {
        { step, c, _, state in
            guard step.isDrag else { return false }
            let rows = Int((downward * (step.point.y - step.start.y) / max(1, c.style.lineHeight)).rounded())
            let value = max(0, step.startState[keyPath: scroll] + rows)
            state[keyPath: scroll] = limit.map { min($0(c), value) } ?? value
            return false
        }
    }
}

/// The panels as a pointer meets them: what they show, where the side and bottom panels are
/// (canvas pixels; nil: not shown), and the size of a finger.
public struct PanelSurface {
    public var context: PanelContext
    public var side: Rect?
    public var bottom: Rect?
    /// Canvas pixels per window unit: the slop is 10 units, a tap takes a target within 22.
    public var unit: Double

    /// `context.sidePanel` becomes `side` (the event log's selection detail reaches up to its top).
    public init(context: PanelContext, side: Rect?, bottom: Rect?, unit: Double = 1) {
        self.context = context; self.side = side; self.bottom = bottom; self.unit = unit
        self.context.sidePanel = side
    }

    /// How far from a target a tap still takes it: half a touch target.
    public var tolerance: Double { 22 * unit }
    /// How far a pointer moves before it drags rather than taps.
    public var slop: Double { 10 * unit }
}

/// What a pointer that went down on the panels holds: the panel (nil: on the panels but on
/// none that drags — the selection detail, an empty area) and the state when it went down.
public struct PanelGrab: Sendable, Equatable {
    public var panel: OverlayPanel?
    public var startState: OverlayState

    public init(panel: OverlayPanel?, startState: OverlayState) { self.panel = panel; self.startState = startState }
}

extension DebugOverlay {
    /// What `p` (canvas pixels) points at on the panels, nil when it is on none. `tolerance`
    /// (canvas pixels) is how far from a timeline transition a tap still takes it: half a
    /// touch target.
    public static func hit(at p: Point, context c: PanelContext, side: Rect?, bottom: Rect?, tolerance: Double) -> PanelHit? {
        PanelSurface(context: c, side: side, bottom: bottom, unit: tolerance / 22).hit(at: p)?.hit
    }

    /// What a pointer going down at `p` takes hold of: a cover panel's (the help sheet, over
    /// everything), the bottom panel's entry, nothing on the selection detail, the side section under it, a panel
    /// over the scene whose `area` holds it (the verdict card); nil elsewhere (the pointer is
    /// the scene's).
    public static func grab(at p: Point, on s: PanelSurface) -> PanelGrab? {
        let c = s.context
        func held(_ panel: OverlayPanel?) -> PanelGrab { PanelGrab(panel: panel, startState: c.state) }
        if let sheet = DebugOverlay.sheet(c, side: s.side, bottom: s.bottom), sheet.regions.contains(where: { $0.contains(p) }) {
            return held(sheet.panel.id)
        }
        if let bottom = s.bottom, bottom.contains(p), let e = shown(c, at: .bottom) { return held(e.id) }
        guard let hit = s.hit(at: p) else { return nil }
        return held(hit.hit == .detail ? nil : hit.panel)
    }

    /// A move of a pointer holding a panel: its entry's drag, in the rect the panel is drawn
    /// in now. True: it pinched with the first of `step.others` (see `PanelInteraction.drag`).
    public static func drag(_ grab: PanelGrab, _ step: PanelDragStep, on s: PanelSurface, state: inout OverlayState) -> Bool {
        guard let panel = grab.panel, let drag = PanelRegistry.entry(panel)?.interaction?.drag,
              let rect = s.rect(of: panel) else { return false }
        return drag(step, s.context, rect, &state)
    }

    /// A tap (or a click) at `p`: on the selection detail it closes it; on a panel, its
    /// entry's tap gets what its hit found there.
    public static func tap(at p: Point, on s: PanelSurface, state: inout OverlayState) {
        guard let (panel, hit) = s.hit(at: p) else { return }
        if hit == .detail { state.selectedRecord = nil; return }
        guard let panel, let tap = PanelRegistry.entry(panel)?.interaction?.tap else { return }
        tap(hit, s.context, &state)
    }

    /// The first shown entry of a place (the bottom panel, a cover).
    static func shown(_ c: PanelContext, at place: PanelPlace) -> PanelEntry? {
        PanelRegistry.all.first { $0.place == place && c.state.isOn($0.id) }
    }
}

extension PanelSurface {
    /// What `p` points at and on which panel (nil: none, or the selection detail).
    func hit(at p: Point) -> (panel: OverlayPanel?, hit: PanelHit)? {
        let c = context
        func on(_ e: PanelEntry, _ rect: Rect) -> (OverlayPanel?, PanelHit) {
            (e.id, e.interaction?.hit?(c, PanelPoint(point: p, rect: rect, tolerance: tolerance)) ?? .panel(e.id))
        }
        if let sheet = DebugOverlay.sheet(c, side: side, bottom: bottom), sheet.regions.contains(where: { $0.contains(p) }),
           let box = DebugOverlay.boundingBox(sheet.regions) {
            return on(sheet.panel, box)
        }
        if let detail = DebugOverlay.selectionDetail(c, side: side, bottom: bottom), detail.rect.contains(p) {
            // Its buttons: ▲ older, ▼ newer (the event log's neighbouring lines), × close.
            if let b = SelectionDetail.buttons(in: detail.rect, style: c.style).first(where: { $0.rect.contains(p) }),
               b.name != "close" {
                return (.eventLog, .item(.eventLog, b.name))
            }
            return (nil, .detail)
        }
        if let e = sceneEntry(at: p) { return on(e, c.sceneRect) }
        if let side, side.contains(p) {
            guard let section = DebugOverlay.sections(c, side: side).first(where: { $0.clip.contains(p) }),
                  let e = PanelRegistry.entry(section.panel) else { return (nil, .panel(nil)) }
            return on(e, section.rect)
        }
        if let bottom, bottom.contains(p) {
            guard let e = DebugOverlay.shown(c, at: .bottom) else { return (nil, .panel(nil)) }
            return on(e, bottom)
        }
        return nil
    }

    /// The rect a shown panel is drawn in now (nil: not shown in the side or bottom panel,
    /// nor over the scene).
    func rect(of panel: OverlayPanel) -> Rect? {
        guard let e = PanelRegistry.entry(panel), context.state.isOn(panel) else { return nil }
        switch e.place {
        case .bottom: return bottom
        case .side: return side.flatMap { side in DebugOverlay.sections(context, side: side).first { $0.panel == panel }?.rect }
        case .cover: return DebugOverlay.sheet(context, side: side, bottom: bottom).flatMap { DebugOverlay.boundingBox($0.regions) }
        case .scene: return context.sceneRect
        }
    }

    /// The topmost shown panel over the scene whose `PanelInteraction.area` holds `p` and,
    /// when it has a `hit`, whose hit names something there: a point of its area its hit
    /// answers nil for is the scene's (the verdict card takes only its buttons).
    func sceneEntry(at p: Point) -> PanelEntry? {
        let c = context
        return PanelRegistry.all.reversed().first { e in
            guard case .scene = e.place, c.state.isOn(e.id), let area = e.interaction?.area,
                  area(c, c.sceneRect)?.contains(p) == true else { return false }
            guard let hit = e.interaction?.hit else { return true }
            return hit(c, PanelPoint(point: p, rect: c.sceneRect, tolerance: tolerance)) != nil
        }
    }
}
