// HoverGestureRecognizer: UIKit's UIHoverGestureRecognizer, "a continuous gesture recognizer
// that interprets pointer movement over a view" (docs/touch-types.md, "Hover").
//
//   pointer moves over the view, no button down   possible ─▶ began ─▶ changed* ─▶ ended ─▶ possible
//   (or a pen in range above it, not touching)
//   pointer leaves the view (or the window)                                  ─▶ ended  rule pointerOver
//   a button goes down, the pen touches (the pointer becomes a touch)        ─▶ ended  rule pointerTouched
//   the pen leaves the range                                                 ─▶ ended  rule penOutOfRange
//
// It analyses no touches: hovering is not a touch, and it takes no part in the arbitration
// of the touches' recognizers (a hover and a tap on the same view both happen).

/// Follows a pointer hovering over its view (`UIHoverGestureRecognizer`): `began` when the
/// mouse, with no button down, or a pen in range and not touching, moves over the view (or
/// over a subview), `changed` as it moves on over it (or the pen's distance changes), `ended`
/// when it leaves, when a button goes down or the pen touches (the next hover begins anew),
/// when the pen leaves the range, or when the window loses focus.
///
///     let hover = HoverGestureRecognizer(id: "rollover")
///     hover.addTarget { r in print(r.state, r.location(in: r.view)) }
///     link.addGestureRecognizer(hover)
open class HoverGestureRecognizer: GestureRecognizer {
    /// The normalized distance of a hovering pen from the screen (`zOffset`): "`1` at the
    /// maximum distance from the screen" and approaching 0 as it gets closer, from the
    /// device's `ABS_DISTANCE` through its range; 0 for a pointer that has none (the mouse).
    public private(set) var zOffset: Double = 0
    /// Where the pointer is, in the window's space (nil: not hovering).
    public private(set) var hoverLocation: Point?

    /// A hover recognizer with the trace id `id`.
    public init(id: String) { super.init(id: id, continuous: true) }

    override var analysesTouches: Bool { false }

    /// Where the pointer is, in `view`'s bounds space (nil: the window's); the last place it
    /// hovered once the hover is over.
    override public func location(in view: View?) -> Point {
        guard let p = hoverLocation else { return super.location(in: view) }
        return view?.convertFromRoot(p) ?? p
    }

    /// Where the pointer hovers (the trace's `location`); no touches.
    override open var outputs: GestureOutputs {
        GestureOutputs(location: hoverLocation ?? .zero, numberOfTouches: 0)
    }

    /// The pointer is at `p` over this recognizer's view: the hover begins or changes.
    func hover(at p: Point, zOffset z: Double) {
        guard isEnabled else { return }
        let moved = hoverLocation != p || zOffset != z
        hoverLocation = p
        zOffset = z
        switch state {
        case .possible:
            if commitState(.began, reason: "began: the pointer is over \(view?.id ?? "its view")", decision: GestureDecision(.pointerOver)) {
                sendActions()
            }
        case .began, .changed:
            if moved, commitState(.changed, reason: "changed: the pointer moved", decision: GestureDecision(.pointerOver)) { sendActions() }
        case .recognized, .ended, .cancelled, .failed:
            break
        }
    }

    /// The hover is over (`reason`: the pointer left, a button went down...; `rule`: which).
    func hoverEnded(_ reason: TraceText, rule: GestureRule) {
        guard state.isActive else { return }
        if commitState(.ended, reason: reason, decision: GestureDecision(rule)) { sendActions() }
        commitState(.possible, reason: "reset: the hover is over")
    }

    /// Forgets the pointer's place and distance: the hover is over.
    override open func reset() {
        hoverLocation = nil
        zOffset = 0
    }
}

extension InputEvent {
    /// A pointer's hover or its end.
    var isHover: Bool {
        switch self {
        case .hover, .hoverEnded: true
        default: false
        }
    }
}

extension Application {
    /// The rule of a hover's end for `reason` (the input mapper's): a press or the pen
    /// touching makes the pointer a touch; the pen leaving the range; anything else (focus
    /// lost, the program ending) interrupts it.
    static func hoverEndRule(_ reason: String) -> GestureRule {
        switch reason {
        case InputMapper.pressEndsHover, InputMapper.penTouchEndsHover: .pointerTouched
        case InputMapper.penLeftEndsHover: .penOutOfRange
        default: .interrupted
        }
    }

    /// Time passes to `t`, then the hover input is handled (no touch is involved, so nothing
    /// of the touches' arbitration runs).
    func sendHover(_ input: InputEvent, at t: Double) {
        advance(to: t)
        switch input {
        case let .hover(key, p, z): hover(key, at: p, zOffset: z, reason: "")
        case let .hoverEnded(key, reason): hover(key, at: nil, zOffset: 0, reason: reason)
        default: break
        }
    }

    /// A pointer `key` hovers at `p` (nil: it left the window, or a button went down), a
    /// pen `zOffset` from the screen: the hover recognizers of the view under it and of its
    /// ancestors begin or change, and those it left end.
    func hover(_ key: TouchKey, at p: Point?, zOffset: Double, reason: String) {
        var now: [HoverGestureRecognizer] = []
        if let p {
            var path: [HitStep]?
            var v: View? = window.hitTestScene(p, path: &path) ?? window
            while let cur = v {
                for case let r as HoverGestureRecognizer in cur.gestureRecognizers where r.isEnabled { now.append(r) }
                v = cur.superview
            }
        }
        let before = hot.hovering[key] ?? []
        for r in before where !now.contains(where: { $0 === r }) {
            if p != nil {
                r.hoverEnded("ended: the pointer left \(r.view?.id ?? "its view")", rule: .pointerOver)
            } else {
                r.hoverEnded(TraceText("ended: \(reason)"), rule: Self.hoverEndRule(reason))
            }
        }
        for r in now { r.hover(at: p ?? .zero, zOffset: zOffset) }
        hot.hovering[key] = now.isEmpty ? nil : now
    }
}
