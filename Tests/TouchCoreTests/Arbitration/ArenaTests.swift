import Testing
@testable import TouchCore

/// A stand-in for a recognizer: the answers the arena asks for, set by the test.
private final class Fake: ArenaMember {
    typealias Peer = Fake
    let id: String
    let traceName: TraceName
    var machine: GestureStateMachine
    var state: GestureState { machine.state }
    var isEnabled = true
    /// The touches it analyses (by id) and how many are down.
    var touches: Set<Int> = [1]
    var numberOfTouchesDown = 1
    var tracksTouches: Bool { !touches.isEmpty }
    var hasCancelledTouch = false
    var cancelsTouchesInView = true
    var inputAtDeadlineIsInTime = false
    var unmetCondition: GestureDecision?
    var failureRequirements: [Fake] = []
    /// Recognizers its delegate makes it wait for (per attempt).
    var asksFailureOf: [String] = []
    /// Recognizers its delegate lets it recognize beside.
    var simultaneousWith: Set<String> = []
    var delegateAllowsBegin = true
    var viewSaysNo: String?
    var controlOwner: String?
    /// Whether it may prevent others (a scroll view's pan may not, for example).
    var prevents = true

    init(_ id: String, continuous: Bool = false) {
        self.id = id
        traceName = TraceName(id)
        machine = GestureStateMachine(continuous: continuous)
    }

    func allows(_ to: GestureState) -> Bool { machine.allows(to) }
    func sharesTouches(with other: Fake) -> Bool { !touches.isDisjoint(with: other.touches) }
    func viewRefusingToBegin() -> (id: String, name: TraceName)? { viewSaysNo.map { ($0, TraceName($0)) } }
    func defaultActionOwner() -> (id: String, name: TraceName)? { controlOwner.map { ($0, TraceName($0)) } }
    func asksToRequireFailure(of other: Fake) -> Bool { asksFailureOf.contains(other.id) }
    func canRecognizeSimultaneously(with other: Fake) -> Bool {
        simultaneousWith.contains(other.id) || other.simultaneousWith.contains(id)
    }
    func canPrevent(_ other: Fake) -> Bool { prevents }
    func canBePrevented(by other: Fake) -> Bool { true }
    func reason(_ kind: GestureRecognizer.ArbitrationReason, _ state: GestureState) -> TraceText {
        TraceText("\(kind) by \(id) \(state.rawValue)")
    }
}

/// The arena and a table that performs its actions on the fakes, as the application does
/// on recognizers, writing each one down.
private struct Table {
    var arena = Arena<Fake>()
    var log: [String] = []
    var reasons: [String: String] = [:]

    init(_ members: Fake...) { for m in members { arena.join(m) } }

    mutating func run(_ mark: Arena<Fake>.Mark) {
        while let action = arena.nextAction(above: mark) {
            switch action {
            case let .commit(m, to, reason, decision):
                _ = m.machine.apply(to)
                log.append("\(m.id) → \(to.rawValue)\(Self.describe(decision))")
                reasons[m.id] = reason.description
            case let .hold(m, waitingFor, decision):
                log.append("\(m.id) holds for \(waitingFor.map(\.id).joined(separator: ","))\(Self.describe(decision))")
            case let .sendActions(m, _):
                log.append("\(m.id) sends actions")
            case let .cancelTouchesInView(m, _):
                log.append("\(m.id) cancels its view's touches")
            case let .flushHeldTouches(m, _):
                log.append("\(m.id) flushes held touches")
            case let .reset(m):
                _ = m.machine.apply(.possible)
                m.touches = []
                log.append("\(m.id) resets")
            }
        }
    }
    static func describe(_ d: GestureDecision?) -> String {
        guard let d else { return "" }
        let by = d.by.isEmpty ? "" : " by " + d.by.map(\.description).joined(separator: ",")
        return " [\(d.rule)\(by)\(d.neverBegan ? ", never began" : "")]"
    }

    mutating func ask(_ m: Fake, _ to: GestureState, _ decision: GestureDecision? = nil) {
        run(arena.request(m, to: to, reason: "asked", decision: decision))
    }
    /// What happened since the last call.
    mutating func take() -> [String] {
        defer { log = [] }
        return log
    }
}

// SPEC.md section 5, "Interaction between recognizers", checked on the arena alone: no
// application, no views, no touches; fakes answer what a recognizer would.
@Suite("Arena")
struct ArenaTests {
    @Test("a single tap requiring a double tap to fail waits for it, then recognizes when it fails")
    func waitThenRelease() {
        let double = Fake("doubleTap"), single = Fake("singleTap")
        single.failureRequirements = [double]
        var table = Table(double, single)
        table.ask(single, .recognized, GestureDecision(.tapCount))
        #expect(table.take() == ["singleTap holds for doubleTap [failureRequirement by doubleTap]"])
        #expect(single.state == .possible && table.arena.isHolding(single))
        table.ask(double, .failed, GestureDecision(.tapInterval))
        // The dependent makes the transition it held (with the decision it held), and as it
        // recognizes, its view's touches are cancelled before the first action (SPEC 6).
        #expect(table.take() == [
            "doubleTap → failed [tapInterval]",
            "singleTap → recognized [tapCount]",
            "singleTap cancels its view's touches",
            "singleTap sends actions",
            "doubleTap flushes held touches",
        ])
        #expect(!table.arena.isHolding(single))
    }

    @Test("the single tap fails, by its failure requirement, when the double tap recognizes")
    func waitThenFail() {
        let double = Fake("doubleTap"), single = Fake("singleTap")
        single.failureRequirements = [double]
        var table = Table(double, single)
        table.ask(single, .recognized)
        _ = table.take()
        table.ask(double, .recognized, GestureDecision(.tapCount))
        #expect(table.take() == [
            "doubleTap → recognized [tapCount]",
            "doubleTap cancels its view's touches",
            "doubleTap sends actions",
            "singleTap → failed [failureRequirement by doubleTap]",
            "singleTap flushes held touches",
        ])
        #expect(table.reasons["singleTap"] == "failed: requires doubleTap to fail, which recognized")
        #expect(!table.arena.isHolding(single))
    }

    @Test("a recognizer whose failure requirement already recognized fails at once; the delegate's per-attempt requirement counts too")
    func requirementAlreadyDecided() {
        let double = Fake("doubleTap"), single = Fake("singleTap")
        single.asksFailureOf = ["doubleTap"]
        double.prevents = false   // so its recognition leaves the single tap to its own rules
        var table = Table(double, single)
        table.ask(double, .recognized)
        _ = table.take()
        table.ask(single, .recognized)
        #expect(table.take() == ["singleTap → failed [failureRequirement by doubleTap]", "singleTap flushes held touches"])
    }

    @Test("default exclusivity: when one begins, the possible ones on its touches fail and the active ones are cancelled")
    func defaultExclusivity() {
        let tap = Fake("tap"), scroll = Fake("scroll", continuous: true), pan = Fake("pan", continuous: true)
        scroll.prevents = false   // under way, but it may not prevent the pan from beginning
        var table = Table(tap, scroll, pan)
        table.ask(scroll, .began)
        #expect(table.take() == ["scroll → began", "scroll cancels its view's touches", "scroll sends actions"])
        table.ask(pan, .began, GestureDecision(.slop, measured: 12, limit: 10, unit: .pt))
        #expect(table.take() == [
            "pan → began [slop]",
            "pan cancels its view's touches",
            "pan sends actions",
            "tap → failed [exclusivity by pan]",
            "tap flushes held touches",
            "scroll → cancelled [exclusivity by pan]",
            "scroll sends actions",
            "scroll flushes held touches",
        ])
    }

    @Test("default exclusivity covers only the recognizers analysing the same touches")
    func otherTouchesUntouched() {
        let tap = Fake("tap"), pan = Fake("pan", continuous: true)
        tap.touches = [2]
        var table = Table(tap, pan)
        table.ask(pan, .began)
        #expect(table.take() == ["pan → began", "pan cancels its view's touches", "pan sends actions"])
        #expect(tap.state == .possible)
    }

    @Test("simultaneous recognition allowed by one side's delegate: both begin, neither is cancelled")
    func simultaneity() {
        let pinch = Fake("pinch", continuous: true), rotation = Fake("rotation", continuous: true)
        pinch.simultaneousWith = ["rotation"]
        var table = Table(pinch, rotation)
        table.ask(rotation, .began)
        table.ask(pinch, .began)
        #expect(table.take() == [
            "rotation → began", "rotation cancels its view's touches", "rotation sends actions",
            "pinch → began", "pinch cancels its view's touches", "pinch sends actions",
        ])
        #expect(pinch.state == .began && rotation.state == .began)
    }

    @Test("a recognizer already active blocks one that may not recognize beside it (exclusivity, by the blocker)")
    func blockerAlreadyActive() {
        let pan = Fake("pan", continuous: true), tap = Fake("tap")
        var table = Table(pan)
        table.ask(pan, .began)
        _ = table.take()
        // The tap joins after the pan began (the pan's exclusivity pass did not see it).
        table.ask(tap, .recognized)
        #expect(table.take() == ["tap → failed [exclusivity by pan]", "tap flushes held touches"])
        #expect(pan.state == .began)
    }

    @Test("the delegate, the view and a control's default action each stop a recognizer leaving possible, by their own rule")
    func refusals() {
        let a = Fake("a"), b = Fake("b"), c = Fake("c")
        a.delegateAllowsBegin = false
        b.viewSaysNo = "photo"
        c.controlOwner = "slider"
        var table = Table(a, b, c)
        table.ask(a, .recognized)
        table.ask(b, .recognized)
        table.ask(c, .recognized)
        #expect(table.take() == [
            "a → failed [delegate]", "a flushes held touches",
            "b → failed [delegate by photo]", "b flushes held touches",
            "c → failed [control by slider]", "c flushes held touches",
        ])
    }

    @Test("transitions asked for while held are made in order once the requirement fails")
    func heldInOrder() {
        let swipe = Fake("swipe"), pan = Fake("pan", continuous: true)
        pan.failureRequirements = [swipe]
        var table = Table(swipe, pan)
        table.ask(pan, .began, GestureDecision(.slop))
        table.ask(pan, .changed)
        table.ask(pan, .ended)
        #expect(table.take() == ["pan holds for swipe [failureRequirement by swipe]"])
        #expect(pan.state == .possible)
        table.ask(swipe, .failed, GestureDecision(.swipeDistance))
        #expect(table.take() == [
            "swipe → failed [swipeDistance]",
            "pan → began [slop]",
            "pan cancels its view's touches",
            "pan sends actions",
            "pan → ended",
            "pan sends actions",
            "pan flushes held touches",
            "swipe flushes held touches",
        ])
        #expect(table.reasons["pan"] == "ended (held while waiting for swipe)")
    }

    @Test("released while the touch sample is read, the held transition waits until every recognizer has read it")
    func releasedAfterTheSample() {
        let swipe = Fake("swipe"), pan = Fake("pan", continuous: true)
        pan.failureRequirements = [swipe]
        var table = Table(swipe, pan)
        table.ask(pan, .began)
        _ = table.take()
        table.arena.beginReadingSample()
        table.ask(swipe, .failed)
        #expect(table.take() == ["swipe → failed", "swipe flushes held touches"])
        #expect(pan.state == .possible && table.arena.isHolding(pan))
        table.run(table.arena.endReadingSample())
        #expect(table.take() == ["pan → began", "pan cancels its view's touches", "pan sends actions"])
        #expect(table.reasons["pan"] == "began: swipe failed")
    }

    @Test("a failure asked for while held fails at once; the one it waited for changes nothing later")
    func failWhileHeld() {
        let swipe = Fake("swipe"), pan = Fake("pan", continuous: true)
        pan.failureRequirements = [swipe]
        var table = Table(swipe, pan)
        table.ask(pan, .began)
        _ = table.take()
        table.ask(pan, .cancelled)
        #expect(table.take() == ["pan → failed", "pan flushes held touches"])
        table.ask(swipe, .failed)
        #expect(table.take() == ["swipe → failed", "swipe flushes held touches"])
        #expect(pan.state == .failed)
    }

    @Test("an interruption fails the holding recognizers first, then those waiting for a timer, then settles them")
    func interruption() {
        let double = Fake("doubleTap"), single = Fake("singleTap")
        single.failureRequirements = [double]
        var table = Table(double, single)
        // The first tap lifted: the double tap waits for the second, the single tap for it.
        double.numberOfTouchesDown = 0
        single.numberOfTouchesDown = 0
        table.arena.setDeadline(0.3, for: double)
        table.ask(single, .recognized)
        _ = table.take()
        table.run(table.arena.interrupt(reason: "window closed"))
        // The single tap fails before the double tap, so it never recognizes because the
        // double tap failed.
        #expect(table.take() == [
            "singleTap → failed [interrupted]", "singleTap flushes held touches",
            "doubleTap → failed [interrupted]", "doubleTap flushes held touches",
            "doubleTap resets", "singleTap resets",
        ])
        #expect(table.reasons["singleTap"] == "failed: interrupted (window closed) while waiting")
        #expect(table.reasons["doubleTap"] == "failed: interrupted (window closed)")
        #expect(table.arena.deadline(of: double) == nil)
        #expect(table.arena.members.isEmpty && !table.arena.isBusy(double) && !table.arena.isBusy(single))
    }

    @Test("settling: undecided with its touches up, it fails (never began, with its unmet condition), resets and leaves")
    func settlingFails() {
        let pan = Fake("pan", continuous: true)
        pan.unmetCondition = GestureDecision(.slop, measured: 7.9, limit: 10, unit: .pt)
        var table = Table(pan)
        table.run(table.arena.settle())
        #expect(table.take() == [])   // a finger still down
        pan.numberOfTouchesDown = 0
        table.run(table.arena.settle())
        #expect(table.take() == [])   // nothing the arena heard of changed: the pass is skipped
        table.arena.touchLeft()
        table.run(table.arena.settle())
        #expect(table.take() == ["pan → failed [slop, never began]", "pan flushes held touches", "pan resets"])
        #expect(table.reasons["pan"] == "failed: its touches ended before it recognized")
        #expect(table.arena.members.isEmpty && !table.arena.isBusy(pan))
    }

    @Test("settling leaves alone a recognizer with a timer, and a finished gesture until its touches are up")
    func settlingWaits() {
        let tap = Fake("tap"), pan = Fake("pan", continuous: true)
        tap.numberOfTouchesDown = 0
        pan.touches = [2]
        var table = Table(tap, pan)
        table.arena.setDeadline(1, for: tap)
        table.ask(pan, .began)
        table.ask(pan, .ended)
        _ = table.take()
        table.run(table.arena.settle())
        #expect(table.take() == [])
        #expect(table.arena.members.count == 2)
        pan.numberOfTouchesDown = 0
        table.arena.touchLeft()
        table.run(table.arena.settle())
        #expect(table.take() == ["pan resets"])
        #expect(table.arena.members.map(\.id) == ["tap"])
        // Its timer fires: the recognizer decides (it fails), and settling resets it.
        table.arena.timerFired(tap)
        #expect(table.arena.deadline(of: tap) == nil)
        table.ask(tap, .failed, GestureDecision(.tapInterval))
        table.run(table.arena.settle())
        #expect(table.take() == ["tap → failed [tapInterval]", "tap flushes held touches", "tap resets"])
        #expect(table.arena.members.isEmpty)
    }

    @Test("the earliest deadline is due before its time, at it only when input then is late")
    func deadlines() {
        let tap = Fake("tap"), press = Fake("press", continuous: true)
        tap.inputAtDeadlineIsInTime = true
        var table = Table(tap, press)
        table.arena.setDeadline(0.3, for: tap)
        table.arena.setDeadline(0.5, for: press)
        #expect(table.arena.nextDeadline == 0.3)
        #expect(table.arena.earliestDeadline(upTo: 0.3, includingT: true).due == nil)
        #expect(table.arena.earliestDeadline(upTo: 0.31, includingT: false).due?.0 === tap)
        #expect(table.arena.earliestDeadline(upTo: 0.5, includingT: true).due?.0 === tap)
        table.arena.setDeadline(nil, for: tap)
        #expect(table.arena.earliestDeadline(upTo: 0.5, includingT: true).due?.0 === press)
        #expect(table.arena.earliestDeadline(upTo: 0.5, includingT: false).due == nil)
    }
}
