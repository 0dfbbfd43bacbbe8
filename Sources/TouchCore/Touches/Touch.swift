// Touch and Event: one finger for its whole life, and one event per multitouch sequence.

/// One finger in a multitouch sequence, as `UITouch`. Its `view` is fixed when it begins.
public final class Touch {
    /// A small integer unique for the whole run (the trace's touch id).
    public let id: Int
    /// The touch's phase in the sequence's latest change (`UITouch.phase`): `began` when it
    /// landed and nothing moved since, `moved` when it was the finger that moved last,
    /// `stationary` when it is down and another finger moved since its own latest change,
    /// `ended` or `cancelled` once it is over.
    public var phase: TouchPhase {
        if hot.ownPhase.isDown, let moves = hot.sequenceMoves, moves.count != hot.movesAtOwnChange { return .stationary }
        return hot.ownPhase
    }
    /// The touch's state that input changes, in one field: the event model reads and writes
    /// it on every input, so its exclusivity is not checked at run time (docs/performance.md).
    @exclusivity(unchecked) var hot: TouchState
    /// The touch landed in a sequence whose moves `moves` counts.
    func joinSequence(_ moves: MoveCount) {
        hot.sequenceMoves = moves
        hot.movesAtOwnChange = moves.count
    }
    /// The finger is now at `p` (a move, or a lift elsewhere): the previous location is kept,
    /// and the recognizers analysing it update their sums of the fingers down.
    func move(to p: Point) {
        hot.previousLocationInWindow = hot.locationInWindow
        hot.locationInWindow = p
        guard isActive, !hot.trackedBy.isEmpty else { return }
        let delta = GestureMath.PointSum.delta(from: hot.previousLocationInWindow, to: p)
        for r in hot.trackedBy { r.touchDownMoved(by: delta) }
    }
    /// This finger moved: it is `moved`, and every other finger down reads `stationary`.
    func markMoved() {
        hot.ownPhase = .moved
        guard let moves = hot.sequenceMoves else { return }
        moves.count += 1
        hot.movesAtOwnChange = moves.count
    }
    /// The finger lifted (`ended`) or was cancelled: the recognizers analysing it count one
    /// touch down fewer.
    func lift(as end: TouchPhase) {
        let wasDown = hot.ownPhase.isDown
        hot.ownPhase = end
        if wasDown { for r in hot.trackedBy { r.touchLeftActive(self) } }
    }
    /// The time of the touch's latest change (landing, move or lift), in seconds of host time
    /// (`UITouch.timestamp`).
    public var timestamp: Double { hot.timestamp }
    /// Which tap of a multi-tap this touch is (`UITouch.tapCount`): 1, or one more than the
    /// previous tap's when it lands within ``Defaults/tapInterval`` of it and
    /// ``Defaults/tapDistance`` of where it was, with no other finger down.
    public var tapCount: Int { hot.tapCount }
    /// The hit-test view found when the touch began (nil: nothing in the scene was hit). A
    /// view removed mid-touch lives until the touch is over.
    public var view: View? { hot.view }
    /// The window the touch landed in (`UITouch.window`).
    public var window: Window? { hot.window }
    /// The force of the touch in UIKit's unit (`UITouch.force`): 1.0 is the force of an
    /// average touch, which TouchScope puts at the middle of the device's pressure range, so
    /// it is the pressure (0…1) × ``TouchTraits/pressureForce``; 0 for input without pressure
    /// (the mouse, a device contact without a pressure axis).
    public var force: Double { hot.force * hot.traits.maximumPossibleForce }
    /// The force of the most pressure the device reports (`UITouch.maximumPossibleForce`): 2,
    /// or 0 for input without pressure.
    public var maximumPossibleForce: Double { hot.traits.maximumPossibleForce }
    /// The finger's pressure as the input gave it, 0…1 (1 when it gives none): the trace's
    /// `pressure`.
    public var pressure: Double { hot.force }
    /// The kind of contact (`UITouch.type`): ``TouchType/direct`` for a finger (and the
    /// mouse, unless the scene supports indirect input), ``TouchType/pencil`` for a pen.
    public var type: TouchType { hot.traits.type }
    /// The touch's radius in points (`UITouch.majorRadius`): half the contact's major axis
    /// where the input reports it (a device recording), else 0.
    public var majorRadius: Double { hot.traits.majorRadius }
    /// How far off ``majorRadius`` may be, in points (`UITouch.majorRadiusTolerance`): from
    /// the major axis's fuzz and step; 0 where the input gives no size.
    public var majorRadiusTolerance: Double { hot.traits.majorRadiusTolerance }
    /// The touch's type, force and size as a trace record carries them.
    var details: TouchDetails { TouchDetails(traits: hot.traits, force: force) }
    /// ``details`` for the trace's `hit-test` and `coalesced-touches` records: nil for a plain
    /// finger or mouse touch, whose records leave them out.
    var traceDetails: TouchDetails? { hot.traits.isPlain ? nil : details }
    /// Where the touch is and was, in the window's space.
    public var locationInWindow: Point { hot.locationInWindow }
    /// Where the touch was before its latest move, in the window's space.
    public var previousLocationInWindow: Point { hot.previousLocationInWindow }
    /// Where the touch began, in the window's space.
    public let startLocationInWindow: Point
    /// When the touch began, in seconds of host time.
    public let startTimestamp: Double
    /// The device and finger this touch follows.
    public var key: TouchKey { hot.key }
    /// True for fingers made up by the mouse emulation (for the overlays).
    public var isEmulated: Bool { hot.isEmulated }
    /// The recognizers analysing this touch (the hit-test view's and its ancestors').
    public var gestureRecognizers: [GestureRecognizer] { hot.gestureRecognizers }
    /// Whether the finger's lift moved it (`touchUp`), for recognizers that measure the
    /// fingers lazily (`PanGestureRecognizer`, `TwoFingerGestureRecognizer`).
    var movedWhenLifted: Bool { hot.movedWhenLifted }

    // Delivery bookkeeping (TouchDelivery.swift).
    /// The view that receives this touch's messages (nil: none, e.g. multiple touch off).
    var receiver: View? { hot.receiver }
    /// Whether the receiver got `began` (so it is owed an `ended` or `cancelled`).
    var deliveredBegan: Bool { hot.deliveredBegan }
    /// Whether the receiver got its final message (or was cancelled by a recognizer).
    var finishedForView: Bool { hot.finishedForView }
    /// `[id]`, made once: the touch ids of a single-touch message in the trace (most of
    /// them) share it instead of allocating an array per record.
    let idAsList: [Int]

    init(id: Int, location: Point, time: Double, start: Point? = nil, startTime: Double? = nil) {
        self.id = id
        idAsList = [id]
        hot = TouchState(timestamp: time, locationInWindow: location, previousLocationInWindow: location)
        startLocationInWindow = start ?? location
        startTimestamp = startTime ?? time
    }

    /// Where the touch is, in `view`'s bounds space (nil: the window's), as
    /// `UITouch.location(in:)`.
    public func location(in view: View?) -> Point {
        view?.convertFromRoot(locationInWindow) ?? locationInWindow
    }
    /// Where the touch was before its latest move, in `view`'s bounds space (nil: the
    /// window's), as `UITouch.previousLocation(in:)`.
    public func previousLocation(in view: View?) -> Point {
        view?.convertFromRoot(previousLocationInWindow) ?? previousLocationInWindow
    }
    /// Whether the touch is still down (began, moved or stationary).
    public var isActive: Bool { hot.ownPhase.isDown }
}

/// What a ``Touch`` keeps that input changes (its stored field `hot`).
struct TouchState {
    /// The phase of the touch's own latest change (landing, move, lift), which `phase` reads
    /// as `stationary` once another finger has moved: a move marks no other touch, so a
    /// move costs the same with 20,000 fingers down as with 2.
    var ownPhase: TouchPhase = .began
    /// The moves of the touch's sequence (shared with its event and its other touches), and
    /// their number at the touch's own latest change.
    var sequenceMoves: MoveCount?
    var movesAtOwnChange = 0
    var timestamp: Double
    var tapCount = 1
    /// Held strongly, as `receiver` is (docs/performance.md).
    var view: View?
    var window: Window?
    var force: Double = 1
    var traits = TouchTraits.finger
    var locationInWindow: Point
    var previousLocationInWindow: Point
    var isEmulated = false
    var key = TouchKey(device: 0, finger: 0)
    var gestureRecognizers: [GestureRecognizer] = []
    /// The recognizers whose `trackedTouches` hold this touch, kept beside those lists by
    /// `GestureRecognizer` (a handful: `isTracking` asks it instead of scanning a
    /// recognizer's list, which holds every touch of its gesture).
    var trackedBy: [GestureRecognizer] = []
    /// Where the touch is in its event's `allTouches` (`Event.add`).
    var indexInEvent = 0
    var movedWhenLifted = false
    var receiver: View?
    var deliveredBegan = false
    var finishedForView = false
    /// Messages held back by `delaysTouchesBegan` / `delaysTouchesEnded`.
    var held: [TouchPhase] = []
    /// The samples waiting for the next frame's delivery, the latest delivery's, and the
    /// recent ones the predictor reads (TouchCoalescing.swift).
    var frame = TouchFrameSamples()

    init(timestamp: Double, locationInWindow: Point, previousLocationInWindow: Point) {
        self.timestamp = timestamp
        self.locationInWindow = locationInWindow
        self.previousLocationInWindow = previousLocationInWindow
    }
}

/// The number of moves in one multitouch sequence, shared by its event and its touches (a
/// touch reads it to tell `moved` from `stationary`).
final class MoveCount {
    @exclusivity(unchecked) var count = 0
}

extension TouchPhase {
    /// began, moved or stationary: the finger is still down.
    var isDown: Bool { self == .began || self == .moved || self == .stationary }
}

/// The kind of an event.
public enum EventType: String, Sendable {
    /// A multitouch sequence (`UIEvent.EventType.touches`): one event from the first finger
    /// down until every finger is up.
    case touches
    /// A shake (`.motion`).
    case motion
    /// A remote-control command on the legacy responder path (`.remoteControl`).
    case remoteControl
}

/// An event, as `UIEvent`: one per multitouch sequence, or one per motion / remote message.
public final class Event {
    /// What kind of event this is: touches, motion or remote control (`UIEvent.type`).
    public let type: EventType
    /// The event's subtype (`UIEvent.subtype`): `"motionShake"` for a shake, the command's
    /// name for a remote-control event, nil for touches.
    public var subtype: String? { hot.subtype }
    /// The time of the latest change, in seconds of host time (`UIEvent.timestamp`).
    public var timestamp: Double { hot.timestamp }
    /// Every touch of the sequence, in the order they began.
    public var allTouches: [Touch] { hot.allTouches }
    /// Who handled a motion or remote event (set while it travels the chain).
    public var handledBy: Responder? { hot.handledBy }
    /// For remote events: the command.
    public var remoteCommand: RemoteCommand? { hot.remoteCommand }

    /// The moves of the sequence so far (touch events: its touches read it for their phase).
    let moves = MoveCount()
    /// The event's state that input changes, in one field: the event model reads and writes
    /// it on every input, so its exclusivity is not checked at run time (docs/performance.md).
    @exclusivity(unchecked) var hot: EventState

    init(type: EventType, subtype: String? = nil, timestamp: Double) {
        self.type = type
        hot = EventState(subtype: subtype, timestamp: timestamp)
    }

    /// A touch joins the sequence: it is listed in `allTouches`, and its one-touch list is
    /// made (`oneTouchList`).
    func add(_ touch: Touch) {
        touch.hot.indexInEvent = hot.allTouches.count
        hot.allTouches.append(touch)
        hot.singles.append([touch])
    }
    /// `[touch]`: the list every message about one touch of the sequence is delivered with,
    /// made once when the touch joined (`add`), not built, nor written into shared storage,
    /// per move.
    func oneTouchList(_ touch: Touch) -> [Touch] {
        let i = touch.hot.indexInEvent
        if i < hot.singles.count && hot.singles[i][0] === touch { return hot.singles[i] }
        return [touch]
    }
    /// The sequence's touches whose hit-test view is `view` (`UIEvent.touches(for:)`).
    public func touches(for view: View) -> [Touch] { allTouches.filter { $0.view === view } }
    /// The sequence's touches that landed in `window`.
    public func touches(for window: Window) -> [Touch] { allTouches.filter { $0.window === window } }
    /// The sequence's touches `recognizer` was given to analyse.
    public func touches(for recognizer: GestureRecognizer) -> [Touch] {
        allTouches.filter { t in t.gestureRecognizers.contains { $0 === recognizer } }
    }
}

/// What an ``Event`` keeps that input changes (its stored field `hot`).
struct EventState {
    var subtype: String?
    var timestamp: Double
    var allTouches: [Touch] = []
    var handledBy: Responder?
    var remoteCommand: RemoteCommand?
    /// `[touch]` for each touch of `allTouches`, at the same position (`oneTouchList`).
    var singles: [[Touch]] = []
}
