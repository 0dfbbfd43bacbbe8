// Control: tracks one touch, keeps its state, and sends control events to target-action pairs.
//
//   idle ──touchesBegan (enabled, beginTracking true)──▶ tracking   sends touchDown (+ touchDownRepeat)
//   tracking ──touchesMoved──▶ tracking                              sends touchDragInside | touchDragOutside,
//                                                                    plus touchDragEnter | touchDragExit on crossing
//   tracking ──touchesEnded──▶ idle                                  sends touchUpInside | touchUpOutside
//   tracking ──touchesCancelled──▶ idle                              sends touchCancel
//
// "Inside" is the bounds grown by `Defaults.controlTolerance` (70 pt) on every side, as
// UIKit does for drags and touch-up. A control tracks one touch at a time (multiple touch
// is off, and any further touch is ignored). A disabled control tracks nothing: its touch
// messages go on to the next responder, as UIResponder's default does.
// Each event sent is traced (`control`), then each of its target-actions goes through
// `Application.sendAction` (a nil target travels the chain from the first responder).

/// The base of every control, as `UIControl`.
///
///     let b = Button(id: "save", frame: Rect(x: 10, y: 10, width: 80, height: 44), title: "Save")
///     b.addTarget(action: "save", target: nil, for: .primaryActionTriggered)
open class Control: View {
    /// A disabled control does not track touches; disabling it mid-touch stops tracking.
    public var isEnabled = true {
        didSet { if oldValue && !isEnabled { abandonTracking() } }
    }
    /// Whether the control shows as pressed (`UIControl.isHighlighted`): set while its touch is
    /// down and inside the bounds grown by ``Defaults/controlTolerance``.
    public var isHighlighted = false
    /// Whether the control is selected (`UIControl.isSelected`): a switch that is on, a
    /// segment that is chosen. Drawing reads it; the control does not change it by itself.
    public var isSelected = false
    /// normal, highlighted, disabled, selected (drawing reads this).
    public var state: ControlState {
        var s: ControlState = .normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    /// Whether the control is tracking its touch (`beginTracking` and `continueTracking` said so).
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside the bounds grown by the tolerance.
    public private(set) var isTouchInside = false
    /// The touch the control follows, from touch down to touch up or cancel.
    public private(set) weak var trackingTouch: Touch?

    private enum Registration {
        case targetAction(action: String, target: WeakResponder?, events: ControlEvents)
        case handler(events: ControlEvents, (Control) -> Void)
    }
    private final class WeakResponder { weak var value: Responder?; init(_ v: Responder) { value = v } }
    private var registrations: [Registration] = []
    /// Touches passed on to the next responder (disabled control), so they get their whole sequence.
    private var forwardedTouches: Set<Int> = []

    /// A control named `id` at `frame`, enabled. Controls handle their touches themselves
    /// (`handlesTouches` is true).
    public override init(id: String, frame: Rect) {
        super.init(id: id, frame: frame)
        handlesTouches = true
    }

    /// The thresholds in force.
    public var defaults: Defaults { application?.defaults ?? Defaults() }

    // MARK: Target-action

    /// Adds an action message for `events`; a nil target travels the responder chain from
    /// the first responder (UIKit's nil-targeted action). The target is held weakly.
    public func addTarget(action: String, target: Responder?, for events: ControlEvents) {
        registrations.append(.targetAction(action: action, target: target.map(WeakResponder.init), events: events))
    }
    /// Removes matching action messages (nil action: every action of that target) for `events`.
    public func removeTarget(_ target: Responder?, action: String?, for events: ControlEvents) {
        registrations.removeAll { reg in
            guard case let .targetAction(a, t, e) = reg else { return false }
            return t?.value === target && (action == nil || action == a) && !e.isDisjoint(with: events)
        }
    }
    /// Adds a closure called when one of `events` is sent (UIKit's `addAction(_:for:)`).
    public func addAction(for events: ControlEvents, _ handler: @escaping (Control) -> Void) {
        registrations.append(.handler(events: events, handler))
    }
    /// The action names registered for `event` (any target).
    public func actions(for event: ControlEvents) -> [String] {
        registrations.compactMap { reg in
            if case let .targetAction(a, _, e) = reg, !e.isDisjoint(with: event) { return a }
            return nil
        }
    }
    /// Whether anything listens to one of `events`.
    public func hasTargets(for events: ControlEvents) -> Bool {
        registrations.contains { reg in
            switch reg {
            case let .targetAction(_, _, e), let .handler(e, _): !e.isDisjoint(with: events)
            }
        }
    }

    /// Sends `events` (each single event in `ControlEvents.named` order): traces it, then
    /// runs its registrations in the order they were added.
    open func sendActions(for events: ControlEvents) {
        for (single, name) in events.singleEvents {
            if let app = application { app.tracer.emit(app.time, .control(control: traceName, event: name)) }
            for reg in registrations {
                switch reg {
                case let .targetAction(action, target, e) where e.contains(single):
                    if let target {
                        guard let t = target.value else { continue }  // released target: nothing to send
                        sendAction(action, to: t)
                    } else {
                        sendAction(action, to: nil)
                    }
                case let .handler(e, h) where e.contains(single):
                    h(self)
                case .targetAction, .handler:
                    continue
                }
            }
        }
    }
    /// Sends one action message through the application (`UIControl.sendAction(_:to:for:)`).
    open func sendAction(_ action: String, to target: Responder?) {
        application?.sendAction(action, to: target, from: self)
    }

    // MARK: Tracking hooks (override in subclasses, as UIControl's)

    /// A touch began; return false to leave it alone (no events are sent for it).
    open func beginTracking(_ touch: Touch, with event: Event) -> Bool { true }
    /// Called after touchDown was sent for a touch the control tracks (steppers step here).
    open func didBeginTracking(_ touch: Touch, with event: Event) {}
    /// The touch moved; return false to stop tracking (no more drag events).
    open func continueTracking(_ touch: Touch, with event: Event) -> Bool { true }
    /// The touch ended while tracking; called before touchUpInside / touchUpOutside.
    open func endTracking(_ touch: Touch, with event: Event) {}
    /// The touch was cancelled while tracking; called before touchCancel.
    open func cancelTracking(with event: Event?) {}
    /// Events sent with touchUpInside (a button adds primaryActionTriggered).
    open var eventsWithTouchUpInside: ControlEvents { [] }

    /// Whether `p` (in this control's space) is inside the bounds grown by the tolerance.
    public func isInsideWithTolerance(_ p: Point) -> Bool {
        let tol = defaults.controlTolerance
        let b = bounds
        return p.x >= b.minX - tol && p.x <= b.maxX + tol && p.y >= b.minY - tol && p.y <= b.maxY + tol
    }

    // MARK: Touch handling

    /// Starts tracking the first touch (others are ignored) when ``Control/beginTracking(_:with:)``
    /// agrees: the control highlights and sends `touchDown` (with `touchDownRepeat` for a
    /// repeated tap). A disabled control passes its touches to the next responder.
    override open func touchesBegan(_ touches: [Touch], with event: Event) {
        var passOn: [Touch] = []
        for t in touches {
            if !isEnabled { forwardedTouches.insert(t.id); passOn.append(t); continue }
            guard trackingTouch == nil else { continue }  // one touch at a time
            guard beginTracking(t, with: event) else { continue }
            trackingTouch = t
            isTracking = true
            isTouchInside = true
            isHighlighted = true
            var down: ControlEvents = .touchDown
            if t.tapCount > 1 { down.insert(.touchDownRepeat) }
            sendActions(for: down)
            if trackingTouch === t { didBeginTracking(t, with: event) }
        }
        if !passOn.isEmpty { forward(.began, passOn, event) }
    }

    /// Follows the tracked touch: sends `touchDragInside` or `touchDragOutside`, with
    /// `touchDragEnter` or `touchDragExit` when it crosses the tolerance boundary, while
    /// ``Control/continueTracking(_:with:)`` agrees.
    override open func touchesMoved(_ touches: [Touch], with event: Event) {
        passOnForwarded(.moved, touches, event)
        guard let t = trackingTouch, touches.contains(where: { $0 === t }) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideWithTolerance(t.location(in: self))
        isHighlighted = isTouchInside
        guard isTracking else { return }
        isTracking = continueTracking(t, with: event)
        guard isTracking else { return }
        var drag: ControlEvents = isTouchInside ? .touchDragInside : .touchDragOutside
        if wasInside != isTouchInside { drag.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: drag)
    }

    /// The tracked touch lifted: sends `touchUpInside` (with the control's
    /// ``Control/eventsWithTouchUpInside``) within the tolerance, `touchUpOutside` beyond it.
    override open func touchesEnded(_ touches: [Touch], with event: Event) {
        passOnForwarded(.ended, touches, event)
        guard let t = trackingTouch, touches.contains(where: { $0 === t }) else { return }
        isTouchInside = isInsideWithTolerance(t.location(in: self))
        isHighlighted = false
        if isTracking { endTracking(t, with: event) }
        let inside = isTouchInside
        finishTracking()
        sendActions(for: inside ? ControlEvents.touchUpInside.union(eventsWithTouchUpInside) : .touchUpOutside)
    }

    /// The tracked touch was cancelled (a recognizer took it, an interruption): sends
    /// `touchCancel`.
    override open func touchesCancelled(_ touches: [Touch], with event: Event) {
        passOnForwarded(.cancelled, touches, event)
        guard let t = trackingTouch, touches.contains(where: { $0 === t }) else { return }
        isHighlighted = false
        if isTracking { cancelTracking(with: event) }
        finishTracking()
        sendActions(for: .touchCancel)
    }

    private func finishTracking() {
        trackingTouch = nil
        isTracking = false
        isTouchInside = false
    }

    /// Disabled mid-touch: stop quietly; the touch's later messages are ignored.
    private func abandonTracking() {
        guard trackingTouch != nil else { return }
        isHighlighted = false
        if isTracking { cancelTracking(with: nil) }
        finishTracking()
    }

    private func passOnForwarded(_ phase: TouchPhase, _ touches: [Touch], _ event: Event) {
        guard !forwardedTouches.isEmpty else { return }
        let mine = touches.filter { forwardedTouches.contains($0.id) }
        guard !mine.isEmpty else { return }
        if phase == .ended || phase == .cancelled { for t in mine { forwardedTouches.remove(t.id) } }
        forward(phase, mine, event)
    }

    // MARK: Default actions (SPEC.md section 5)

    /// Whether this control keeps a touch, whatever it does next, from a recognizer of kind
    /// `kind` attached to an ancestor (a single tap on a button). Asked when the touch
    /// begins; `touch` is the touch being delivered (nil if unknown). Default: nothing.
    open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch?) -> Bool { false }

    /// Whether `motion` (the touch's travel since it began, in this control's space) is
    /// this control's default action, so that a recognizer of kind `kind` attached to an
    /// ancestor must fail instead of beginning or recognizing with `touch` (a drag along a
    /// slider's thumb). Asked when that recognizer tries to leave `possible`. Default: no.
    open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch, motion: Point) -> Bool { false }

    /// Asks ``Control/keepsDefaultAction(from:touch:)`` with the recognizer's kind, when the
    /// control is enabled and the recognizer declares one (a built-in tap, swipe or pan).
    override open func defaultActionWins(over r: GestureRecognizer) -> Bool {
        guard isEnabled, let kind = r.declaredDefaultActionKind else { return false }
        return keepsDefaultAction(from: kind, touch: touchBeingDelivered)
    }

    /// Asks ``Control/keepsDefaultAction(from:touch:motion:)`` with the touch's travel in this
    /// control's space, when the control is enabled and the recognizer declares a kind.
    override open func defaultActionWins(over r: GestureRecognizer, touch: Touch) -> Bool {
        guard isEnabled, let kind = r.declaredDefaultActionKind else { return false }
        let motion = GestureMath.vector(touch.locationInWindow - touch.startLocationInWindow, toView: self)
        return keepsDefaultAction(from: kind, touch: touch, motion: motion)
    }

    /// Whether `touch` began at `p` (this control's space) or is the touch this control
    /// tracks: "starts on the thumb" for controls that keep drags along their thumb, whose
    /// thumb may since have followed the finger.
    func began(onThumb isOnThumb: (Point) -> Bool, _ touch: Touch) -> Bool {
        trackingTouch === touch || isOnThumb(convertFromRoot(touch.startLocationInWindow))
    }

    /// The touch that is beginning in this control right now (while recognizers are chosen).
    var touchBeingDelivered: Touch? {
        application?.currentEvent?.allTouches.last { $0.view === self && $0.phase == .began }
    }
}
