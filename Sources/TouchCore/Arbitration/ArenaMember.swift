// ArenaMember: what the arena asks of a recognizer (Arena.swift). What the arena knows of
// its members (busy marks, timers, failure waits) is the arena's own, not asked here.

/// What the arena asks of a recognizer it arbitrates (``GestureRecognizer``; small fakes in
/// the arena's tests). The answers may come from delegates; they must not change the arena.
protocol ArenaMember: AnyObject {
    /// The type of the other members (the conforming type itself).
    associatedtype Peer: AnyObject
    var id: String { get }
    var traceName: TraceName { get }
    var state: GestureState { get }
    var isEnabled: Bool { get }
    /// Whether the state machine has an edge from the current state to `to`.
    func allows(_ to: GestureState) -> Bool
    /// Whether it analyses any touch (down or lifted) since its last reset.
    var tracksTouches: Bool { get }
    /// How many of its touches are down.
    var numberOfTouchesDown: Int { get }
    /// Whether one of its touches was cancelled.
    var hasCancelledTouch: Bool { get }
    /// Whether the view's touches are cancelled when it begins or recognizes.
    var cancelsTouchesInView: Bool { get }
    /// Whether input at exactly its deadline (`Arena.setDeadline`) is still in time.
    var inputAtDeadlineIsInTime: Bool { get }
    /// What it had not reached when its touches ended undecided.
    var unmetCondition: GestureDecision? { get }
    /// Its permanent failure requirements (`require(toFail:)`), in order.
    var failureRequirements: [Peer] { get }
    /// Whether it and `other` analyse a touch in common.
    func sharesTouches(with other: Peer) -> Bool
    /// Whether its delegate lets it begin (true without a delegate).
    var delegateAllowsBegin: Bool { get }
    /// Its view, when the view's `gestureRecognizerShouldBegin` says no.
    func viewRefusingToBegin() -> (id: String, name: TraceName)?
    /// The view whose default action owns the motion of one of its touches (a slider's thumb).
    func defaultActionOwner() -> (id: String, name: TraceName)?
    /// Whether it must see `other` fail for this attempt (either side's delegate or subclass).
    func asksToRequireFailure(of other: Peer) -> Bool
    /// Whether it and `other` may recognize at the same time (either side's delegate).
    func canRecognizeSimultaneously(with other: Peer) -> Bool
    func canPrevent(_ other: Peer) -> Bool
    func canBePrevented(by other: Peer) -> Bool
    /// The reason text naming it as the winner or the blocker (made once per kind and state).
    func reason(_ kind: GestureRecognizer.ArbitrationReason, _ state: GestureState) -> TraceText
}
