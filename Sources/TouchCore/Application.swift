// Application: receives input, owns the window, the first responder, time and the trace.

/// The window: the root of the view tree. Touches that hit nothing in the scene go to it.
open class Window: View {
    /// A window of `size` points, with the id `"window"`, its frame at the origin.
    /// The ``Application`` makes its own; a host rarely needs another.
    public init(size: Size) {
        super.init(id: "window", frame: Rect(origin: .zero, size: size))
    }
    /// The window's next responder is the application.
    override open var naturalNext: Responder? { application }

    /// Hit-tests the scene's views (front to back); the window itself is not part of the path.
    public func hitTestScene(_ p: Point, path: inout [HitStep]?) -> View? {
        // One allocation for the path instead of growing it step by step (a touch on a
        // leaf of a deep tree visits a few dozen views at most).
        if path != nil, path!.capacity < 48 { path!.reserveCapacity(48) }
        // The window's subviews, front to back, through its hit table (HitBoxes.swift).
        return hitTestSubviews(p, with: nil, path: &path)
    }
}

/// The application object, as `UIApplication`: the entry point for input and the end of
/// the responder chain. Time comes in with the input; nothing here reads a clock.
///
///     let app = Application(windowSize: Size(width: 800, height: 600))
///     app.window.addSubview(myView)
///     app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: 10, y: 10)), at: 0.0)
///     app.advance(to: 1.0)
public final class Application: Responder {
    /// The root of the view tree (`UIApplication`'s key window). Add the scene's views to it;
    /// touches that hit no subview go to it.
    public let window: Window
    /// The trace: every decision the application makes (hit tests, touch messages, gesture
    /// transitions, actions, motion, remote commands) goes to the tracer's ``Tracer/sink`` as
    /// one ``TraceRecord``. Off until a sink is set.
    public let tracer = Tracer()
    /// The numbers UIKit leaves undocumented (tap interval, movement slop, swipe thresholds…),
    /// read by recognizers and controls when they decide. Change them before input arrives.
    public var defaults: Defaults {
        get { hot.defaults }
        set { hot.defaults = newValue }
    }
    /// The host time of the latest input or `advance` (seconds).
    public var time: Double { hot.time }
    /// The app delegate, when it is a responder: the application's next responder.
    /// A delegate that is replaced leaves the application (its ``Responder/application`` reads
    /// nil), so a program that keeps it cannot reach the application through it later.
    public var delegate: Responder? {
        get { hot.delegate }
        set {
            let old = hot.delegate
            hot.delegate = newValue
            // A view's application is the window's it is in, not the delegate link's.
            if let old, old !== newValue, !(old is View) { old.application = nil }
            newValue?.application = self
        }
    }
    /// The responder that receives nil-targeted actions, shake motion and legacy
    /// remote-control events first (UIKit's first responder). Set it with
    /// ``Responder/becomeFirstResponder()`` or ``makeFirstResponder(_:reason:)``; held weakly.
    public var firstResponder: Responder? { hot.firstResponder }
    /// The general pasteboard (`UIPasteboard.general`), supplied by the host.
    public var pasteboard: Pasteboard {
        get { hot.pasteboard }
        set { hot.pasteboard = newValue }
    }
    /// The application's state that input changes, in one field: the event model reads and
    /// writes it on every input, so its exclusivity is not checked at run time
    /// (docs/performance.md).
    @exclusivity(unchecked) var hot = ApplicationState()
    /// The multitouch sequence under way (nil: no finger down).
    var currentEvent: Event? { hot.currentEvent }

    /// The application's id as a responder (the trace names it so).
    public static let responderID = "application"

    /// An application with an empty window of `windowSize` points, at time 0, tracing off.
    public init(windowSize: Size) {
        window = Window(size: windowSize)
        super.init(id: Self.responderID)
        application = self
        window.attach(to: self)
    }

    /// The application's next responder is its ``delegate`` (nil when there is none): the end
    /// of the responder chain.
    override public var naturalNext: Responder? { delegate }

    deinit {
        // First: the back references to this application (every responder and recognizer
        // in the window, the delegate) read nil from here on.
        window.attach(to: nil, teardown: true)
        delegate?.application = nil
        // Touches and the recognizers analysing them hold each other: break those links so
        // an application dropped mid-gesture (a replaced scene) frees its views and touches.
        for r in hot.arena.removeAll() { r.releaseTouches() }
        for t in hot.activeTouches.values { t.hot.gestureRecognizers.removeAll(); t.hot.receiver = nil }
    }

    // MARK: Ignoring interaction

    /// Stops touch delivery until the matching `endIgnoringInteractionEvents` (nested).
    public func beginIgnoringInteractionEvents() {
        hot.ignoreDepth += 1
        tracer.emit(time, .note(topic: "interaction", text: "ignoring interaction events (depth \(hot.ignoreDepth))"))
    }
    /// Ends one ``beginIgnoringInteractionEvents()``; touch delivery resumes when every call
    /// is matched. Extra calls are ignored. The trace notes each step (topic `interaction`).
    public func endIgnoringInteractionEvents() {
        guard hot.ignoreDepth > 0 else { return }
        hot.ignoreDepth -= 1
        tracer.emit(time, .note(topic: "interaction", text: hot.ignoreDepth == 0 ? "interaction events resumed" : "still ignoring interaction events (depth \(hot.ignoreDepth))"))
    }
    /// Whether touch delivery is stopped by ``beginIgnoringInteractionEvents()``.
    public var isIgnoringInteractionEvents: Bool { hot.ignoreDepth > 0 }

    // MARK: First responder

    /// Makes `r` the first responder (nil: none), recording a `first-responder` trace record
    /// with `reason`. Refused (returns false, nothing changes) when `r` cannot become first
    /// responder or the current one cannot resign. The old responder is told
    /// ``Responder/didResignFirstResponder()`` before the new one hears
    /// ``Responder/didBecomeFirstResponder()``.
    @discardableResult
    public func makeFirstResponder(_ r: Responder?, reason: String) -> Bool {
        if r === firstResponder { return true }
        if let r, !r.canBecomeFirstResponder {
            tracer.emit(time, .note(topic: "first-responder", text: "\(r.id) cannot become first responder (canBecomeFirstResponder is false)"))
            return false
        }
        if let cur = firstResponder, !cur.canResignFirstResponder { return false }
        let old = firstResponder
        hot.firstResponder = r
        tracer.emit(time, .firstResponder(from: old?.traceName, to: r?.traceName, reason: reason))
        old?.didResignFirstResponder()
        r?.didBecomeFirstResponder()
        return true
    }

    // MARK: Actions

    /// Sends an action message, as `UIApplication.sendAction(_:to:from:for:)`. With a nil
    /// target it travels the responder chain from the first responder (or, when there is
    /// none, from the sender). Returns the responder that handled it.
    /// `senderID` names the sender in the trace when it is not a responder (a recognizer).
    @discardableResult
    public func sendAction(_ action: String, to target: Responder?, from sender: Responder?, senderID: String? = nil) -> Responder? {
        sendAction(action, to: target, from: sender, senderName: senderID.map { TraceName($0) })
    }

    /// Sends an action message as ``sendAction(_:to:from:senderID:)`` does, with the
    /// sender's name made beforehand (a recognizer's `traceName`): nothing is looked up.
    @discardableResult
    public func sendAction(_ action: String, to target: Responder?, from sender: Responder?, senderName: TraceName?) -> Responder? {
        var handler: Responder?
        if let target {
            handler = target.target(forAction: action, withSender: sender)
        } else {
            let start = firstResponder ?? sender ?? self
            handler = start.target(forAction: action, withSender: sender)
            if handler == nil, let sender, firstResponder != nil {
                handler = sender.target(forAction: action, withSender: sender)
            }
        }
        tracer.emit(time, .action(sender: senderName ?? sender?.traceName ?? traceName, action: action,
                                 target: target?.traceName, handledBy: handler?.traceName))
        handler?.perform(action, sender: sender)
        return handler
    }

    // MARK: Time

    /// Advances time: recognizer timers, control repeats, animations. Returns true while
    /// something still animates or waits (the host keeps drawing frames).
    @discardableResult
    public func advance(to t: Double) -> Bool {
        // Timers fire at their own deadlines, in order, so the trace does not depend on
        // how often the host advances time (frame rate, replay steps).
        advance(to: t, waiting: fireTimers(dueBy: t, includingT: true) != nil)
    }

    /// `advance(to:)` once the timers due by `t` have fired (`waiting`: one is still pending).
    @discardableResult
    private func advance(to t: Double, waiting: Bool) -> Bool {
        if t > time { hot.time = t }
        var busy = waiting
        var i = 0
        while i < hot.timeListeners.count {
            let l = hot.timeListeners[i]
            if l.timeDidAdvance(to: time) { busy = true; i += 1 } else { hot.timeListeners.remove(at: i) }
        }
        settleRecognizers()
        return busy || !hot.activeTouches.isEmpty
    }

    /// Fires the recognizer timers due before `t` (and at `t` when `includingT`), each at its
    /// own deadline, in order. Returns the earliest deadline still pending (nil: none).
    private func fireTimers(dueBy t: Double, includingT: Bool) -> Double? {
        while true {
            let (due, next) = withArena { $0.earliestDeadline(upTo: t, includingT: includingT) }
            guard let (r, d) = due else { return next }
            if d > time { hot.time = d }
            hot.arena.timerFired(r)
            r.deadlineReached()
            settleRecognizers()
        }
    }

    /// The earliest pending recognizer timer (multi-tap interval, long press), if any: a
    /// host that sleeps while idle wakes for it.
    public var nextDeadline: Double? {
        withArena { $0.nextDeadline }
    }
    /// Whether stepping time frame by frame can change anything: an animation, a shake or a
    /// timer is under way. (A finger resting still needs no frames: only input moves it.)
    public var needsFrames: Bool { !hot.timeListeners.isEmpty || nextDeadline != nil }

    /// Registers something that wants `timeDidAdvance` calls until it returns false.
    public func addTimeListener(_ l: TimeListener) {
        if !hot.timeListeners.contains(where: { $0 === l }) { hot.timeListeners.append(l) }
    }

    // MARK: Input

    /// Delivers one input event at host time `t` (seconds, non-decreasing).
    ///
    /// Timers due before `t` fire first, each at its own deadline (as ``advance(to:)`` fires
    /// them). A timer due at `t` itself fires with a touch sample at `t`: a transition its
    /// failure releases (a pan held until a swipe fails on its deadline) waits until the
    /// recognizers have read the sample, as for a failure the sample causes, so a `began`
    /// and a `changed` at one instant report the same fingers.
    public func send(_ input: InputEvent, at t: Double) {
        if input.isHover { return sendHover(input, at: t) }
        hot.sendDepth += 1
        let pending = fireTimers(dueBy: t, includingT: false)
        if t > time { hot.time = t }
        if input.isTouchSample {
            // The timers due at `time` fire here, and none is left for `advance` (nothing
            // runs between): a pending deadline after `time` means none is due.
            var next = pending
            if let d = pending, d <= time {
                next = readingSample(releasing: false) { fireTimers(dueBy: time, includingT: true) }
            }
            advance(to: time, waiting: next != nil)
        } else {
            advance(to: time)
        }
        // A landing, a lift or a cancellation is delivered at once, after the moves that
        // wait for the frame (TouchCoalescing.swift), so every touch's messages keep their order.
        if input.landsLiftsOrCancels { deliverCoalescedTouches() }
        switch input {
        case .touchFrame: deliverCoalescedTouches()
        case let .touchDown(key, p, pressure, emulated):
            touchDown(key, p, pressure: pressure, emulated: emulated)
        case let .touchMove(key, p, pressure):
            touchMove(key, p, pressure: pressure)
        case let .touchUp(key, p, pressure):
            touchUp(key, p, pressure: pressure)
        case .hover, .hoverEnded:
            break
        case let .touchTraits(key, traits):
            receive(traits, for: key)
        case let .cancelTouch(key, reason):
            cancelTouch(key, reason: reason)
        case let .cancelAllTouches(reason):
            cancelAllTouches(reason: reason)
        case .shakeBegan: motion.shakeBegan()
        case .shakeEnded: motion.shakeEnded()
        case let .shakeCancelled(reason): motion.shakeCancelled(reason: reason)
        case let .remote(cmd, value): remote.receive(cmd, value: value)
        case let .orientation(o): motion.setOrientation(o)
        case let .motionSample(s): motion.sample(s)
        }
        // Released by a timer at `t` and the sample never reached the recognizers (a move
        // to where the finger already was): they go ahead now.
        releaseReadyRecognizers()
        settleRecognizers()
        hot.sendDepth -= 1
        if hot.sendDepth == 0 && !hot.endedEvents.isEmpty { hot.endedEvents.removeAll(keepingCapacity: true) }
    }

    /// Motion: shake and device orientation.
    public private(set) lazy var motion = MotionManager(app: self)
    /// Remote control: the command centre and Now Playing.
    public private(set) lazy var remote = RemoteCommandCenter(app: self)
}

/// What an ``Application`` keeps that input changes (its stored field `hot`).
struct ApplicationState {
    var defaults = Defaults()
    var time: Double = 0
    var delegate: Responder?
    weak var firstResponder: Responder?
    var pasteboard: Pasteboard = MemoryPasteboard()

    // Touch state (TouchDelivery.swift).
    var activeTouches = ActiveTouches()
    var currentEvent: Event? {
        didSet { currentEventRef = currentEvent.map { Unmanaged.passUnretained($0) } }
    }
    /// `currentEvent`, for the move path to borrow without a retain (`touchMove`).
    private(set) var currentEventRef: Unmanaged<Event>?
    /// The events of sequences that ended during the input being sent, kept until the
    /// outermost `send` returns: the move path borrows the event and its touches (the
    /// event's `allTouches` holds every touch of the sequence) without retaining them, and a
    /// recognizer's action may end the sequence mid-move (`cancelAllTouches`), or even send
    /// input of its own.
    var endedEvents: [Event] = []
    /// How many `send` calls are under way (more than one: an action sent input).
    var sendDepth = 0
    /// Whether an exclusive-touch view received a touch in the current sequence (until
    /// then no touch can be blocked by one: `exclusiveBlocker`).
    var exclusiveTouchReceived = false
    /// The touch each view with multiple touch off received last in the current sequence,
    /// by view (`receiver(for:)`). `isMultipleTouchEnabled` is read when a touch lands.
    var soleTouches: [ObjectIdentifier: Touch] = [:]
    var nextTouchID = 1
    var lastTap: (time: Double, location: Point, count: Int)?
    /// The arbitration of the recognizers under way (Arbitration/Arena.swift).
    var arena = Arena<GestureRecognizer>()
    /// Things that want time to pass (timers, animations).
    var timeListeners: [TimeListener] = []
    var ignoreDepth = 0
    /// Moves waiting for the next frame's delivery (TouchCoalescing.swift).
    var coalescing = CoalescingState()
    /// Traits sent for fingers not down yet, taken when they land (`touchTraits`).
    var pendingTraits: [TouchKey: TouchTraits] = [:]
    /// The hover recognizers each hovering pointer is over (HoverGestureRecognizer.swift).
    var hovering: [TouchKey: [HoverGestureRecognizer]] = [:]
    /// Whether the mouse is an indirect pointer (`supportsIndirectInputEvents`).
    var supportsIndirectInputEvents = false
}

/// Something that wants to hear about time passing (timers, animations).
public protocol TimeListener: AnyObject {
    /// Returns false when it no longer needs calls.
    func timeDidAdvance(to time: Double) -> Bool
}

extension InputEvent {
    /// A finger landing, moving or lifting: what the recognizers read as a touch sample.
    var isTouchSample: Bool {
        switch self {
        case .touchDown, .touchMove, .touchUp: true
        case .hover, .hoverEnded, .touchTraits, .cancelTouch, .cancelAllTouches, .shakeBegan, .shakeEnded, .shakeCancelled, .remote,
             .orientation, .motionSample, .touchFrame: false
        }
    }
    /// A finger landing or lifting, or one touch or every touch cancelled: delivered at once.
    var landsLiftsOrCancels: Bool {
        switch self {
        case .touchDown, .touchUp, .cancelTouch, .cancelAllTouches: true
        case .touchMove, .hover, .hoverEnded, .touchTraits, .shakeBegan, .shakeEnded, .shakeCancelled, .remote, .orientation,
             .motionSample, .touchFrame: false
        }
    }
}
