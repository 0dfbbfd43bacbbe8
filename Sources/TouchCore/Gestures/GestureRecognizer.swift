// GestureRecognizer: the base of every recognizer: touches, targets, arbitration hooks.
// Its state machine is in GestureStateMachine.swift, its delegate in
// GestureRecognizerDelegate.swift.

/// The base class of every recognizer, as `UIGestureRecognizer`. Subclass
/// `DiscreteGestureRecognizer` or `ContinuousGestureRecognizer`, override the touch
/// methods, and call the transition methods those classes offer; the base does the
/// arbitration (exclusivity, failure requirements, simultaneity), the delivery options,
/// the target-actions and the trace.
open class GestureRecognizer {
    /// The id this recognizer has in the scene and the trace (the `gesture` records'
    /// `recognizer`).
    public let id: String
    /// `id` as trace records name it (made once, at creation).
    public let traceName: TraceName
    /// The view it is attached to: a back reference (see `View.superview`), which the view
    /// clears when the recognizer is removed and in its `deinit`.
    public var view: View? { hot.view }
    /// The application of the view: a back reference, cleared when the view leaves the
    /// application's window and when the application goes away.
    var application: Application? {
        get { hot.application?.takeUnretainedValue() }
        set { hot.application = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// The arbitration reasons that name this recognizer (the winner or the blocker).
    enum ArbitrationReason: Int, CaseIterable {
        /// Another recognizer fails because this one reached `state` first.
        case preventedFirst
        /// Another, active, recognizer is cancelled because this one reached `state`.
        case cancelledFirst
        /// Another recognizer fails because this one is already in `state`.
        case blocks
        /// The view's touches are cancelled because this one reached `state`.
        case cancelsTouches
    }

    private static let stateCount = GestureState.allCases.count
    private static let reasonKindCount = ArbitrationReason.allCases.count

    /// The reason text of `kind` with this recognizer in `state`, formatted once.
    final func reason(_ kind: ArbitrationReason, _ state: GestureState) -> TraceText {
        let states = Self.stateCount
        if hot.reasonCache.isEmpty { hot.reasonCache = Array(repeating: nil, count: Self.reasonKindCount * states) }
        let i = kind.rawValue * states + state.index
        if let s = hot.reasonCache[i] { return s }
        let s: String
        switch kind {
        case .preventedFirst: s = "failed: \(id) \(state.rawValue) first (default exclusivity)"
        case .cancelledFirst: s = "cancelled: \(id) \(state.rawValue) (default exclusivity)"
        case .blocks: s = "failed: \(id) already \(state.rawValue) and they may not recognize simultaneously"
        case .cancelsTouches: s = "cancelled: \(id) \(state.rawValue) (cancelsTouchesInView)"
        }
        let text = TraceText(s)
        hot.reasonCache[i] = text
        return text
    }

    /// The state and its legal edges (`GestureStateMachine`), kept in `hot`.
    var machine: GestureStateMachine {
        get { hot.machine }
        _modify { yield &hot.machine }
    }
    /// What input changes in a recognizer on every sample, in one field: the recognizer's
    /// own bookkeeping runs on every move, so its exclusivity is not checked at run time
    /// (docs/performance.md). The public properties are computed from it.
    @exclusivity(unchecked) var hot: RecognizerState
    /// Where the state machine is (`UIGestureRecognizer.state`). Changed only by the
    /// transition methods, through arbitration; every change is a `gesture` trace record.
    public var state: GestureState { machine.state }
    /// Whether this is a continuous recognizer (`began`, `changed`, `ended`) rather than a
    /// discrete one (`recognized`).
    public var isContinuous: Bool { machine.continuous }

    /// Disabling an active recognizer cancels it (a possible one fails).
    public var isEnabled = true {
        didSet { if oldValue && !isEnabled { disabled() } }
    }
    /// Whether the view's touches are cancelled when this recognizer begins or recognizes
    /// (`UIGestureRecognizer.cancelsTouchesInView`, default true): the view gets
    /// `touchesCancelled`, traced with the reason "cancelled: `id` recognized (cancelsTouchesInView)".
    public var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` is held back while this recognizer is in `possible`
    /// (`delaysTouchesBegan`, default false). Held messages are delivered late if it fails
    /// ("delivered late: no recognizer delays it any more"), and never if it succeeds.
    public var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` is held back while this recognizer is in `possible`
    /// (`delaysTouchesEnded`, default true), so a double tap's first lift reaches the view only
    /// once the recognizer has decided.
    public var delaysTouchesEnded = true
    /// The kinds of touch this recognizer analyses (`allowedTouchTypes`; UIKit: "the default
    /// value of this property contains all touch types"). A touch of another type is left
    /// out when it lands, traced as a note with rule ``GestureRule/touchType``.
    public var allowedTouchTypes: [TouchType] = TouchType.allCases
    /// Whether a touch of another type than the first one tracked since the last reset is
    /// left out (`requiresExclusiveTouchType`, default true as UIKit's header says).
    public var requiresExclusiveTouchType = true
    /// Whether touches are given to this recognizer (false: a hover recognizer).
    var analysesTouches: Bool { true }
    /// Held weakly, as UIKit does (not a back reference: the delegate is not its owner).
    public weak var delegate: GestureRecognizerDelegate?
    /// A strong reference for delegates the recognizer owns (data-driven answers).
    public var ownedDelegate: GestureRecognizerDelegate? { didSet { delegate = ownedDelegate } }
    /// Permanent failure requirements (`require(toFail:)`).
    public private(set) var failureRequirements: [GestureRecognizer] = []

    /// Touches this recognizer analyses since its last reset (ignored ones removed).
    public var trackedTouches: [Touch] { hot.trackedTouches }
    /// A time at which `deadlineReached` is called (multi-tap interval, long press...).
    /// The application's arena keeps it (a recognizer attached to no application has none).
    public var deadline: Double? {
        get { withApp { app in app.withArena { $0.deadline(of: self) } } ?? nil }
        set { _ = withApp { app in app.withArena { $0.setDeadline(newValue, for: self) } } }
    }
    /// Whether input that arrives exactly at ``deadline`` is still in time, so that the
    /// deadline passes only once time moves beyond it: the longest pause before the next
    /// tap, the longest a swipe may take (Defaults: "longest"). Otherwise the deadline is
    /// reached at that very time (a press held for the minimum duration begins).
    var inputAtDeadlineIsInTime: Bool { false }
    /// An action message and its target, held weakly as UIKit holds a recognizer's targets
    /// (a target is often the recognizer's own view, which holds the recognizer).
    struct ActionMessage {
        let action: String
        /// Whether a target was given (one that has gone away gets nothing; no target at
        /// all sends the message along the responder chain).
        let hasTarget: Bool
        weak var target: Responder?
    }

    init(id: String, continuous: Bool) {
        self.id = id
        traceName = TraceName(id)
        hot = RecognizerState(machine: GestureStateMachine(continuous: continuous))
    }

    /// The current time (the application's clock).
    public var time: Double { withApp { $0.time } ?? 0 }
    /// The thresholds in force.
    public var defaults: Defaults { withApp { $0.defaults } ?? Defaults() }
    /// The velocity fit's horizon (`override`, else the defaults') and the current time,
    /// reading the application once, borrowed (recognizers sample on every move).
    final func velocitySampleClock(override: Double?) -> (window: Double, now: Double) {
        let (window, now) = withApp { ($0.defaults.velocityWindow, $0.time) } ?? (Defaults().velocityWindow, 0)
        return (override ?? window, now)
    }

    // MARK: Public API

    /// Adds a closure called on every state change but to `failed`.
    public func addTarget(_ handler: @escaping (GestureRecognizer) -> Void) { hot.handlers.append(handler) }
    /// Adds an action message sent on every state change but to `failed` (nil target:
    /// travels the responder chain).
    /// The target is held weakly (UIKit's `addTarget(_:action:)`).
    public func addAction(_ action: String, target: Responder?) {
        hot.actionMessages.append(ActionMessage(action: action, hasTarget: target != nil, target: target))
    }
    /// Makes this recognizer wait for `other` to fail before it leaves `possible`.
    public func require(toFail other: GestureRecognizer) {
        if other !== self && !failureRequirements.contains(where: { $0 === other }) { failureRequirements.append(other) }
    }

    /// Touches still down among those analysed.
    public var activeTouches: [Touch] {
        let all = trackedTouches
        // Usually every tracked touch is down: share the array instead of filtering a copy.
        if all.containsBorrowed(where: { !$0.isActive }) { return all.filter(\.isActive) }
        return all
    }
    /// How many of `trackedTouches` are down: counted as touches are tracked, ignored and
    /// lift (`Touch.lift(as:)`), not by walking the list, which holds every touch of the
    /// gesture (thousands with thousands of fingers).
    final var numberOfTouchesDown: Int { hot.numberOfTouchesDown }
    /// How many touches are down among those this recognizer analyses
    /// (`UIGestureRecognizer.numberOfTouches`).
    public var numberOfTouches: Int { numberOfTouchesDown }
    /// One of this recognizer's tracked touches lifted or was cancelled (`Touch.lift(as:)`).
    final func touchLeftActive(_ touch: Touch) {
        hot.numberOfTouchesDown -= 1
        hot.sumOfTouchesDown.remove(touch.locationInWindow)
    }
    /// One of this recognizer's tracked touches that is down moved by `delta`
    /// (`Touch.move(to:)`, which converts the move once for every recognizer).
    final func touchDownMoved(by delta: GestureMath.PointSum.Delta) {
        hot.sumOfTouchesDown.shift(by: delta)
    }
    /// The centroid of the gesture's touches in `view`'s space (nil: the window's).
    public func location(in view: View?) -> Point { location(in: view, summary: activeSummary()) }

    /// The touches still down: how many, and the sums of their window coordinates
    /// (`centroid` divides them; for one or two fingers the same bits as
    /// `GestureMath.centroid(activeTouches)`), kept up to date as touches land, move and lift.
    final func activeSummary() -> ActiveSummary {
        let sum = hot.sumOfTouchesDown.value
        return ActiveSummary(count: numberOfTouchesDown, sx: sum.x, sy: sum.y)
    }

    /// The centroid of the touches down, with `moved` (one of them) where it was before its
    /// latest move, as `GestureMath.centroid(activeTouches, before: moved)` (nil: none down).
    final func centroidOfTouchesDown(before moved: Touch) -> Point? {
        var sum = hot.sumOfTouchesDown
        sum.remove(moved.locationInWindow)
        sum.add(moved.previousLocationInWindow)
        return sum.mean(of: numberOfTouchesDown)
    }
    /// The centroid of the touches down and `lifted`, a touch that has just lifted: at its
    /// lift, or where it was before that when `beforeLift` (the lift moved it).
    final func centroidOfTouchesDown(and lifted: Touch, beforeLift: Bool) -> Point? {
        var sum = hot.sumOfTouchesDown
        sum.add(beforeLift ? lifted.previousLocationInWindow : lifted.locationInWindow)
        return sum.mean(of: numberOfTouchesDown + 1)
    }

    /// The first `count` touches down, in the order they landed; `lifted` (a touch that has
    /// just lifted) counts as down, in its place (pinch and rotation measure the first two).
    final func firstTouchesDown(_ count: Int, and lifted: Touch? = nil) -> [Touch] {
        while hot.firstDownIndices.count < count { hot.firstDownIndices.append(0) }
        // The fingers are found first: when they are those of the previous call (two fingers
        // move a pinch on every input), its list is the answer, as it is.
        var from = 0, n = 0, same = true
        let tracked = hot.trackedTouches
        for k in 0..<count where from < tracked.count {
            var i = max(hot.firstDownIndices[k], from)
            while i < tracked.count && !tracked.borrowing(i, { $0.isActive }) { i += 1 }
            if hot.firstDownIndices[k] != i { hot.firstDownIndices[k] = i }
            if i < tracked.count {
                if n >= hot.firstDown.count || hot.firstDown[n] !== tracked[i] { same = false }
                n += 1
            }
            from = i + 1
        }
        if same && n == hot.firstDown.count && (lifted == nil || hot.firstDown.contains(where: { $0 === lifted })) {
            return hot.firstDown
        }
        return buildFirstTouchesDown(count, tracked: tracked, and: lifted)
    }

    /// `firstTouchesDown`'s list built anew (the fingers changed), from the positions found.
    private final func buildFirstTouchesDown(_ count: Int, tracked: [Touch], and lifted: Touch?) -> [Touch] {
        // The list of the previous call, taken back: the caller has dropped it by now (two
        // fingers move a pinch on every input), so its storage is reused, not allocated.
        var touches = hot.firstDown
        hot.firstDown = []
        touches.removeAll(keepingCapacity: true)
        touches.reserveCapacity(count + 1)
        var from = 0
        for k in 0..<count where from < tracked.count {
            let i = hot.firstDownIndices[k]
            if i < tracked.count { touches.append(tracked[i]) }
            from = i + 1
        }
        if let lifted, !touches.contains(where: { $0 === lifted }) {
            touches.append(lifted)
            touches.sort { $0.id < $1.id }   // ids grow in landing order, as the list does
        }
        if touches.count > count { touches.removeLast(touches.count - count) }
        hot.firstDown = touches
        return touches
    }
    struct ActiveSummary {
        var count: Int
        var sx: Double, sy: Double
        /// The centroid of the touches down (nil: none).
        var centroid: Point? { count == 0 ? nil : Point(x: sx / Double(count), y: sy / Double(count)) }
    }

    /// The touches whose centroid is the gesture's location (`location(in:)`), whether they
    /// are down or lifted; nil (the default): the touches down, and once every one lifted,
    /// where the last of them left. A tap answers the fingers of its tap, so that a
    /// two-finger tap is located between its fingers however they lift.
    open var locationTouches: [Touch]? { nil }

    /// `location(in:)` from a summary already taken.
    final func location(in view: View?, summary: ActiveSummary) -> Point {
        if let touches = locationTouches, let c = GestureMath.centroid(touches) {
            hot.lastCentroid = c
        } else if let c = summary.centroid {
            hot.lastCentroid = c
        } else if let latest = trackedTouches.map(\.timestamp).max() {
            // After the lift: where the last fingers left (UIKit keeps the final location).
            var sx = 0.0, sy = 0.0, n = 0
            for t in trackedTouches where t.timestamp == latest { sx += t.locationInWindow.x; sy += t.locationInWindow.y; n += 1 }
            hot.lastCentroid = Point(x: sx / Double(n), y: sy / Double(n))
        }
        return view?.convertFromRoot(hot.lastCentroid) ?? hot.lastCentroid
    }
    /// The location of the touch at `index` among the ``GestureRecognizer/activeTouches``, in `view`'s
    /// coordinates (nil: the window's), as `location(ofTouch:in:)`; the gesture's
    /// ``GestureRecognizer/location(in:)`` when there is no such touch.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        let act = activeTouches
        guard index >= 0, index < act.count else { return location(in: view) }
        return act[index].location(in: view)
    }
    /// Stops analysing `touch` (it is delivered to the view as if this recognizer did not exist).
    public func ignore(_ touch: Touch, for event: Event?) {
        if let i = trackedTouches.firstIndex(where: { $0 === touch }) {
            hot.trackedTouches.remove(at: i)
            hot.firstDownIndices.removeAll()   // the list moved up: search from its start
            touch.hot.trackedBy.removeAll { $0 === self }
            if touch.isActive {
                hot.numberOfTouchesDown -= 1
                hot.sumOfTouchesDown.remove(touch.locationInWindow)
            }
        }
        touch.hot.gestureRecognizers.removeAll { $0 === self }
        application?.hot.arena.touchLeft()   // it may have nothing left to analyse
        application?.flushHeld(touch, event: event)
    }
    /// Whether this recognizer analyses `touch`.
    public func isTracking(_ touch: Touch) -> Bool { touch.hot.trackedBy.containsIdentical(self) }

    // MARK: The subclassing contract

    /// The outputs shown in the trace at each transition. Override to add scale, rotation...
    open var outputs: GestureOutputs {
        let s = activeSummary()
        return GestureOutputs(location: location(in: nil, summary: s), numberOfTouches: s.count)
    }
    /// A touch this recognizer analyses landed (hit its view or a subview). Override to start
    /// following it; call `fail(_:)` (or a transition) when the
    /// touch rules the gesture out. The default does nothing.
    open func touchesBegan(_ touches: [Touch], with event: Event) {}
    /// Touches this recognizer analyses moved. Override to update the gesture; the default
    /// does nothing.
    open func touchesMoved(_ touches: [Touch], with event: Event) {}
    /// Touches this recognizer analyses lifted. Override to decide: a discrete recognizer
    /// recognizes or fails, a continuous one ends. The default does nothing.
    open func touchesEnded(_ touches: [Touch], with event: Event) {}
    /// Default: an active gesture is cancelled, a possible one fails.
    open func touchesCancelled(_ touches: [Touch], with event: Event) {}
    /// Called when `deadline` passes.
    open func deadlineReached() {}
    /// What this recognizer, still in `possible`, has not reached yet: the rule and how far
    /// the touches got (a pan that moved 7.9 of its 10 pt slop). When its touches end
    /// before it decides, it fails "never began" with this decision. Nil (the default): the
    /// failure names rule ``GestureRule/custom``.
    open var unmetCondition: GestureDecision? { nil }
    /// Clears per-gesture state; called when the recognizer returns to `possible`.
    open func reset() {}
    /// Whether this recognizer may prevent `other` (default exclusivity). Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other` may prevent this recognizer. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// Per-attempt failure requirement decided by the subclass itself. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether this recognizer makes `other` wait for it to fail, for this attempt (the
    /// subclass's own `shouldBeRequiredToFail(by:)`; the delegate is asked too). Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Touch intake (called by the application)

    /// `one` is `[touch]` (the event's reused one-touch list: no array per recognizer).
    func beginTracking(_ touch: Touch, event: Event, one: [Touch]) {
        hot.trackedTouches.append(touch)
        touch.hot.trackedBy.append(self)
        if touch.isActive {
            hot.numberOfTouchesDown += 1
            hot.sumOfTouchesDown.add(touch.locationInWindow)
        }
        application?.markBusy(self)
        touchesBegan(one, with: event)
    }
    func touchEnded(_ touch: Touch, event: Event, one: [Touch]) {
        touchesEnded(one, with: event)
    }
    func touchCancelled(_ touch: Touch, event: Event, reason: String) {
        let before = state
        touchesCancelled([touch], with: event)
        guard state == before else { return }
        let interrupted = GestureDecision(.interrupted)
        if state.isActive { transition(.cancelled, reason: "cancelled: touches cancelled by \(reason)", decision: interrupted) }
        else if state == .possible { transition(.failed, reason: "failed: touches cancelled by \(reason)", decision: interrupted) }
    }

    private func disabled() {
        let interrupted = GestureDecision(.interrupted)
        if state.isActive { transition(.cancelled, reason: "cancelled: disabled while active", decision: interrupted) }
        else if state == .possible && !trackedTouches.isEmpty { transition(.failed, reason: "failed: disabled", decision: interrupted) }
        for t in trackedTouches { t.hot.gestureRecognizers.removeAll { $0 === self } }
    }

    // MARK: Transitions (the arbitration lives in Arbitration/Arena.swift)

    /// Requests a transition. Leaving `possible` goes through arbitration; illegal edges are
    /// refused (and traced as such), so no recognizer can reach an illegal state.
    func transition(_ to: GestureState, reason: TraceText, decision: GestureDecision? = nil) {
        guard let app = application else {
            _ = machine.apply(to)
            return
        }
        app.requestTransition(self, to: to, reason: reason, decision: decision)
    }

    /// Applies a legal edge, traces it, and runs its side effects (back to `possible`: the
    /// gesture is over, its touches are dropped and `reset()` is called; the record carries
    /// no outputs). Every change of state goes through here. Returns false if illegal.
    @discardableResult
    func commitState(_ to: GestureState, reason: TraceText, decision: GestureDecision? = nil) -> Bool {
        let from = state
        guard machine.apply(to) else {
            application?.tracer.emit(time, .note(topic: "gesture", text: "\(id): illegal transition \(from.rawValue) → \(to.rawValue) refused"))
            return false
        }
        if to == .possible {
            _ = withApp { app in traceTransition(app, from: from, to: to, reason: reason, decision: decision, outputs: GestureOutputs()) }
            performReset()
        } else {
            _ = withApp { app in traceTransition(app, from: from, to: to, reason: reason, decision: decision, outputs: outputs) }
        }
        return true
    }

    /// Records a transition in `app`'s trace (nothing when tracing is off).
    func traceTransition(_ app: Application, from: GestureState, to: GestureState, reason: TraceText,
                         decision: GestureDecision? = nil, outputs: @autoclosure () -> GestureOutputs) {
        app.tracer.emit(app.time, .gesture(recognizer: traceName, view: hot.viewName, from: from, to: to,
                                           reason: decision == nil ? reason : reason.with(decision: decision), outputs: outputs()))
    }

    func sendActions() {
        for h in hot.handlers { h(self) }
        guard !hot.actionMessages.isEmpty, let app = application else { return }
        for m in hot.actionMessages {
            let target = m.target
            if m.hasTarget && target == nil { continue }
            app.sendAction(m.action, to: target, from: view, senderName: traceName)
        }
    }

    /// Drops every touch without a transition (the application is going away).
    func releaseTouches() {
        for t in trackedTouches { t.hot.gestureRecognizers.removeAll(); t.hot.trackedBy.removeAll(); t.hot.receiver = nil }
        hot.trackedTouches.removeAll()
        hot.numberOfTouchesDown = 0
        hot.sumOfTouchesDown = GestureMath.PointSum()
        hot.firstDownIndices.removeAll()
        hot.firstDown.removeAll()
    }

    func performReset() {
        for t in trackedTouches {
            t.hot.gestureRecognizers.removeAll { $0 === self }
            t.hot.trackedBy.removeAll { $0 === self }
        }
        hot.numberOfTouchesDown = 0
        hot.sumOfTouchesDown = GestureMath.PointSum()
        hot.firstDownIndices.removeAll(keepingCapacity: true)
        hot.firstDown.removeAll(keepingCapacity: true)   // touches hold their recognizers
        // The storage stays for the next sequence: most recognizers track a touch again
        // soon, and a fresh list would be an allocation per recognizer per touch-down.
        hot.trackedTouches.removeAll(keepingCapacity: true)
        reset()
    }
}

/// A recognizer whose gesture happens at once: `possible → recognized | failed`.
open class DiscreteGestureRecognizer: GestureRecognizer {
    /// A discrete recognizer named `id`, in `possible`, attached to no view.
    public init(id: String) { super.init(id: id, continuous: false) }
    /// The gesture happened: asks to move `possible` to `recognized` (UIKit's
    /// `.recognized`), and the actions are sent. Arbitration may hold the request (a failure
    /// requirement) or turn it into `failed`; the trace says which, with `reason`.
    /// Without a decision, the trace names rule ``GestureRule/custom``: pass one
    /// (`recognize(_:because:)`) to say which rule decided and with what numbers.
    public final func recognize(_ reason: TraceText = "recognized") {
        transition(.recognized, reason: reason, decision: GestureDecision(.custom))
    }
    /// `recognize(_:)` with the rule and numbers that decided it (what `why` reports).
    public final func recognize(_ reason: TraceText, because decision: GestureDecision) {
        transition(.recognized, reason: reason, decision: decision)
    }
    /// `fail(_:)` with the rule and numbers that decided it (what `why` reports):
    ///
    ///     fail("failed: moved \(fmt: d) pt", because: GestureDecision(.tapMovement, measured: d, limit: 10, unit: .pt))
    public final func fail(_ reason: TraceText, because decision: GestureDecision) {
        transition(.failed, reason: reason, decision: decision)
    }
    /// The input is not this gesture: moves to `failed` with `reason`, a ``TraceText``
    /// (`fail("failed: moved \(fmt: d) pt")`). Recognizers that require this one to fail may
    /// proceed.
    /// Without a decision, the trace names rule ``GestureRule/custom`` (see `fail(_:because:)`).
    public final func fail(_ reason: TraceText) { transition(.failed, reason: reason, decision: GestureDecision(.custom)) }
    /// `recognize(_:)` with a reason already formatted, taken as it is.
    @_disfavoredOverload public final func recognize(_ reason: String) { recognize(TraceText(reason)) }
    /// `fail(_:)` with a reason already formatted, taken as it is.
    @_disfavoredOverload public final func fail(_ reason: String) { fail(TraceText(reason)) }
}

/// A recognizer whose gesture unfolds: `possible → began → changed* → ended | cancelled`.
open class ContinuousGestureRecognizer: GestureRecognizer {
    /// A continuous recognizer named `id`, in `possible`, attached to no view.
    public init(id: String) { super.init(id: id, continuous: true) }
    /// The gesture started: asks to move to `began`. Arbitration may hold the request
    /// (a failure requirement), or turn it into `failed` (the delegate, another recognizer
    /// already under way); the trace says which, with `reason`.
    /// Without a decision, the trace names rule ``GestureRule/custom`` (see `begin(_:because:)`).
    public final func begin(_ reason: TraceText = "began") { transition(.began, reason: reason, decision: GestureDecision(.custom)) }
    /// `begin(_:)` with the rule and numbers that decided it (what `why` reports).
    public final func begin(_ reason: TraceText, because decision: GestureDecision) {
        transition(.began, reason: reason, decision: decision)
    }
    /// `cancel(_:)` with the rule and numbers that decided it.
    public final func cancel(_ reason: TraceText, because decision: GestureDecision) {
        transition(.cancelled, reason: reason, decision: decision)
    }
    /// `fail(_:)` with the rule and numbers that decided it (what `why` reports).
    public final func fail(_ reason: TraceText, because decision: GestureDecision) {
        transition(.failed, reason: reason, decision: decision)
    }
    /// `end(_:)` with the rule and numbers that decided it.
    public final func end(_ reason: TraceText, because decision: GestureDecision) {
        transition(.ended, reason: reason, decision: decision)
    }
    /// The gesture under way changed: moves `began`/`changed` to `changed`; actions are sent.
    public final func change(_ reason: TraceText = "changed") { transition(.changed, reason: reason) }
    /// The gesture finished: moves to `ended`; actions are sent.
    public final func end(_ reason: TraceText = "ended") { transition(.ended, reason: reason) }
    /// The gesture under way was called off: moves to `cancelled`; actions are sent.
    public final func cancel(_ reason: TraceText) { transition(.cancelled, reason: reason, decision: GestureDecision(.custom)) }
    /// The input is not this gesture: moves `possible` to `failed` with `reason`.
    /// Recognizers that require this one to fail may proceed. Without a decision, the
    /// trace names rule ``GestureRule/custom`` (see `fail(_:because:)`).
    public final func fail(_ reason: TraceText) { transition(.failed, reason: reason, decision: GestureDecision(.custom)) }
    /// `begin(_:)` with a reason already formatted (a `String` variable), taken as it is.
    @_disfavoredOverload public final func begin(_ reason: String) { begin(TraceText(reason)) }
    /// `change(_:)` with a reason already formatted, taken as it is.
    @_disfavoredOverload public final func change(_ reason: String) { change(TraceText(reason)) }
    /// `end(_:)` with a reason already formatted, taken as it is.
    @_disfavoredOverload public final func end(_ reason: String) { end(TraceText(reason)) }
    /// `cancel(_:)` with a reason already formatted, taken as it is.
    @_disfavoredOverload public final func cancel(_ reason: String) { cancel(TraceText(reason)) }
    /// `fail(_:)` with a reason already formatted, taken as it is.
    @_disfavoredOverload public final func fail(_ reason: String) { fail(TraceText(reason)) }
}

extension GestureRecognizer {
    /// `body` with the application, or nil when the recognizer is attached to none.
    func withApp<R>(_ body: (Application) -> R) -> R? {
        guard let app = hot.application else { return nil }
        return app._withUnsafeGuaranteedRef(body)
    }
}

/// What a ``GestureRecognizer`` keeps that input changes (its stored field `hot`).
struct RecognizerState {
    /// The state and its legal edges.
    var machine: GestureStateMachine
    /// `GestureRecognizer.trackedTouches`.
    var trackedTouches: [Touch] = []
    /// How many of `trackedTouches` are down (`GestureRecognizer.numberOfTouchesDown`).
    var numberOfTouchesDown = 0
    /// The window coordinates of the tracked touches that are down, added up as they land,
    /// move and lift (not by walking the list: a finger that moves among thousands resting
    /// costs the same as among two).
    var sumOfTouchesDown = GestureMath.PointSum()
    /// Where the first touches down are in `trackedTouches` (`firstTouchesDown`): the
    /// first, second... touch down never moves back in the list, so each search resumes here.
    var firstDownIndices: [Int] = []
    /// The list `firstTouchesDown` returned last, kept for its storage (emptied at reset:
    /// a touch holds the recognizers that track it).
    var firstDown: [Touch] = []
    /// Where the last touch of the gesture was (window space), for `location(in:)` after lift.
    var lastCentroid: Point = .zero
    /// `GestureRecognizer.view`: a back reference (see `View.superview`), which the view
    /// clears when the recognizer is removed and in its `deinit`.
    unowned(unsafe) var view: View? { didSet { viewName = view?.traceName ?? .none } }
    /// `view`'s trace name (`TraceName.none`: no view), kept as `view` changes: a transition's
    /// record names the view without reading it (a retain and a release of the view each).
    private(set) var viewName = TraceName.none
    /// `GestureRecognizer.application`: a back reference, cleared when the view leaves the
    /// application's window and when the application goes away. Unmanaged, as an
    /// `unowned(unsafe)` reference is, and read borrowed by `withApp` (no retain per read).
    var application: Unmanaged<Application>?
    /// The closures `addTarget` added, called on every state change but to `failed`.
    var handlers: [(GestureRecognizer) -> Void] = []
    /// The action messages `addAction` added.
    var actionMessages: [GestureRecognizer.ActionMessage] = []
    /// Trace reasons that name this recognizer, formatted the first time each is needed
    /// and kept (`reason(_:_:)`): arbitration gives them on every gesture that wins, and
    /// formatting one cost more than the rest of the transition.
    var reasonCache: [TraceText?] = []
}
