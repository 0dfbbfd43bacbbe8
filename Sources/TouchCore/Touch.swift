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
        if ownPhase.isDown, let moves = sequenceMoves, moves.count != movesAtOwnChange { return .stationary }
        return ownPhase
    }
    /// The phase of the touch's own latest change (landing, move, lift), which `phase` reads
    /// as `stationary` once another finger has moved: a move marks no other touch, so a
    /// move costs the same with 20,000 fingers down as with 2.
    @exclusivity(unchecked) private var ownPhase: TouchPhase = .began
    /// The moves of the touch's sequence (shared with its event and its other touches), and
    /// their number at the touch's own latest change.
    @exclusivity(unchecked) private var sequenceMoves: MoveCount?
    @exclusivity(unchecked) private var movesAtOwnChange = 0
    /// The touch landed in a sequence whose moves `moves` counts.
    func joinSequence(_ moves: MoveCount) {
        sequenceMoves = moves
        movesAtOwnChange = moves.count
    }
    /// The finger is now at `p` (a move, or a lift elsewhere): the previous location is kept,
    /// and the recognizers analysing it update their sums of the fingers down.
    func move(to p: Point) {
        previousLocationInWindow = locationInWindow
        locationInWindow = p
        if isActive { for r in trackedBy { r.touchDownMoved(from: previousLocationInWindow, to: p) } }
    }
    /// This finger moved: it is `moved`, and every other finger down reads `stationary`.
    func markMoved() {
        ownPhase = .moved
        guard let moves = sequenceMoves else { return }
        moves.count += 1
        movesAtOwnChange = moves.count
    }
    /// The finger lifted (`ended`) or was cancelled: the recognizers analysing it count one
    /// touch down fewer.
    func lift(as end: TouchPhase) {
        let wasDown = ownPhase.isDown
        ownPhase = end
        if wasDown { for r in trackedBy { r.touchLeftActive(self) } }
    }
    /// The time of the touch's latest change (landing, move or lift), in seconds of host time
    /// (`UITouch.timestamp`).
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// Which tap of a multi-tap this touch is (`UITouch.tapCount`): 1, or one more than the
    /// previous tap's when it lands within ``Defaults/tapInterval`` of it and
    /// ``Defaults/tapDistance`` of where it was, with no other finger down.
    @exclusivity(unchecked) public internal(set) var tapCount: Int = 1
    /// The hit-test view found when the touch began (nil: nothing in the scene was hit).
    /// Held strongly, as `receiver` is (a weak reference would give every touched view a
    /// side table, slowing each retain and release of it; see `View.superview`): a view
    /// removed mid-touch lives until the touch is over.
    @exclusivity(unchecked) public internal(set) var view: View?
    /// The window the touch landed in (`UITouch.window`).
    @exclusivity(unchecked) public internal(set) var window: Window?
    /// The finger's pressure, 0…1 (`UITouch.force`, normalized): the device's, or 1 when it
    /// reports none (the mouse).
    @exclusivity(unchecked) public internal(set) var force: Double = 1
    /// Where the touch is and was, in the window's space.
    @exclusivity(unchecked) public internal(set) var locationInWindow: Point
    /// Where the touch was before its latest move, in the window's space.
    @exclusivity(unchecked) public internal(set) var previousLocationInWindow: Point
    /// Where the touch began, in the window's space.
    public let startLocationInWindow: Point
    /// When the touch began, in seconds of host time.
    public let startTimestamp: Double
    /// The device and finger this touch follows.
    public internal(set) var key = TouchKey(device: 0, finger: 0)
    /// True for fingers made up by the mouse emulation (for the overlays).
    @exclusivity(unchecked) public internal(set) var isEmulated = false
    /// The recognizers analysing this touch (the hit-test view's and its ancestors').
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The recognizers whose `trackedTouches` hold this touch, kept beside those lists by
    /// `GestureRecognizer` (a handful: `isTracking` asks it instead of scanning a
    /// recognizer's list, which holds every touch of its gesture).
    @exclusivity(unchecked) var trackedBy: [GestureRecognizer] = []
    /// Whether the finger's lift moved it (`touchUp`), for recognizers that measure the
    /// fingers lazily (`PanGestureRecognizer`, `TwoFingerGestureRecognizer`).
    @exclusivity(unchecked) var movedWhenLifted = false

    // Delivery bookkeeping (TouchDelivery.swift).
    /// The view that receives this touch's messages (nil: none, e.g. multiple touch off).
    @exclusivity(unchecked) var receiver: View?
    /// Whether the receiver got `began` (so it is owed an `ended` or `cancelled`).
    @exclusivity(unchecked) var deliveredBegan = false
    /// Whether the receiver got its final message (or was cancelled by a recognizer).
    @exclusivity(unchecked) var finishedForView = false
    /// Messages held back by `delaysTouchesBegan` / `delaysTouchesEnded`.
    @exclusivity(unchecked) var held: [TouchPhase] = []
    /// `[id]`, made once: the touch ids of a single-touch message in the trace (most of
    /// them) share it instead of allocating an array per record.
    let idAsList: [Int]

    init(id: Int, location: Point, time: Double) {
        self.id = id
        idAsList = [id]
        locationInWindow = location
        previousLocationInWindow = location
        startLocationInWindow = location
        timestamp = time
        startTimestamp = time
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
    public var isActive: Bool { ownPhase.isDown }
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
    @exclusivity(unchecked) public internal(set) var subtype: String?
    /// The time of the latest change, in seconds of host time (`UIEvent.timestamp`).
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// Every touch of the sequence, in the order they began.
    @exclusivity(unchecked) public internal(set) var allTouches: [Touch] = []
    /// Who handled a motion or remote event (set while it travels the chain).
    @exclusivity(unchecked) public internal(set) var handledBy: Responder?
    /// For remote events: the command.
    @exclusivity(unchecked) public internal(set) var remoteCommand: RemoteCommand?

    /// The moves of the sequence so far (touch events: its touches read it for their phase).
    let moves = MoveCount()
    /// The storage of the one-touch lists moves are delivered with, reused from move to
    /// move (`oneTouchList`).
    @exclusivity(unchecked) private var single: [Touch] = []

    init(type: EventType, subtype: String? = nil, timestamp: Double) {
        self.type = type; self.subtype = subtype; self.timestamp = timestamp
    }

    /// `[touch]`, in storage reused from the previous call when nobody kept that list (a
    /// responder or recognizer that stores the list it was given keeps its own copy: the
    /// write below then copies first, as arrays do). Saves an allocation per move.
    func oneTouchList(_ touch: Touch) -> [Touch] {
        if single.isEmpty { single.append(touch) } else { single[0] = touch }
        return single
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
