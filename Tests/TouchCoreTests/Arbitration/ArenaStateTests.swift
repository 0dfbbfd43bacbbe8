import Testing
@testable import TouchCore

/// A member the arena's state tests need: nothing asked of it decides anything.
private final class Member: ArenaMember {
    typealias Peer = Member
    let id: String
    let traceName: TraceName
    var machine = GestureStateMachine(continuous: false)
    var state: GestureState { machine.state }
    var isEnabled = true
    var tracksTouches = true
    var numberOfTouchesDown = 1
    var hasCancelledTouch = false
    var cancelsTouchesInView = false
    var inputAtDeadlineIsInTime = false
    var unmetCondition: GestureDecision?
    var failureRequirements: [Member] = []
    var delegateAllowsBegin = true

    init(_ id: String) {
        self.id = id
        traceName = TraceName(id)
    }
    func allows(_ to: GestureState) -> Bool { machine.allows(to) }
    func sharesTouches(with other: Member) -> Bool { true }
    func viewRefusingToBegin() -> (id: String, name: TraceName)? { nil }
    func defaultActionOwner() -> (id: String, name: TraceName)? { nil }
    func asksToRequireFailure(of other: Member) -> Bool { false }
    func canRecognizeSimultaneously(with other: Member) -> Bool { false }
    func canPrevent(_ other: Member) -> Bool { true }
    func canBePrevented(by other: Member) -> Bool { true }
    func reason(_ kind: GestureRecognizer.ArbitrationReason, _ state: GestureState) -> TraceText { "\(kind)" }
}

// The arena keeps what it knows of its members (busy marks, timers, failure waits) itself,
// keyed by member: these check that none of it is left behind.
@Suite("Arena state")
struct ArenaStateTests {
    @Test("a member removed while it waits leaves no busy mark, timer or wait behind")
    func removedMidWait() {
        let double = Member("doubleTap"), single = Member("singleTap")
        single.failureRequirements = [double]
        var arena = Arena<Member>()
        arena.join(double)
        arena.join(single)
        arena.setDeadline(0.3, for: single)
        arena.setDeadline(0.3, for: double)
        let mark = arena.request(single, to: .recognized, reason: "asked", decision: nil)
        while arena.nextAction(above: mark) != nil {}
        #expect(arena.isHolding(single) && arena.isBusy(single) && arena.deadline(of: single) == 0.3)
        arena.remove(single)
        #expect(!arena.isHolding(single) && !arena.isBusy(single) && arena.deadline(of: single) == nil)
        #expect(arena.members.map(\.id) == ["doubleTap"])
        #expect(arena.nextDeadline == 0.3 && arena.earliestDeadline(upTo: 1, includingT: true).due?.0 === double)
    }

    @Test("a timer set on a member that has not joined joins it, and among equal deadlines the first to join is due first")
    func timersInJoinOrder() {
        let a = Member("a"), b = Member("b")
        var arena = Arena<Member>()
        arena.join(a)
        arena.setDeadline(0.5, for: b)
        #expect(arena.isBusy(b) && arena.members.map(\.id) == ["a", "b"])
        arena.setDeadline(0.5, for: a)   // set later, but a joined first
        #expect(arena.earliestDeadline(upTo: 1, includingT: true).due?.0 === a)
        arena.timerFired(a)
        #expect(arena.deadline(of: a) == nil && arena.earliestDeadline(upTo: 1, includingT: true).due?.0 === b)
        arena.setDeadline(nil, for: b)
        #expect(arena.nextDeadline == nil)
    }

    @Test("with many members under way (found by their marks, not by comparing), each joins once and leaves with its mark")
    func manyMembers() {
        let all = (0..<12).map { Member("m\($0)") }
        var arena = Arena<Member>()
        for m in all { arena.join(m) }
        for m in all.reversed() { arena.join(m) }
        #expect(arena.members.map(\.id) == all.map(\.id))
        arena.setDeadline(1, for: all[11])
        arena.setDeadline(1, for: all[3])
        #expect(arena.earliestDeadline(upTo: 2, includingT: true).due?.0 === all[3])
        arena.remove(all[3])
        #expect(!arena.isBusy(all[3]) && arena.isBusy(all[4]) && arena.members.count == 11)
        #expect(arena.earliestDeadline(upTo: 2, includingT: true).due?.0 === all[11])
        arena.join(all[3])
        #expect(arena.members.last === all[3] && arena.isBusy(all[3]))
    }

    @Test("a recognizer removed from its view while it waits for another to fail leaves no busy mark, deadline or wait behind")
    func recognizerRemovedMidWait() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 200, 200)
        let double = TapGestureRecognizer(id: "double")
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer(id: "single")
        single.require(toFail: double)
        v.addGestureRecognizer(double)
        v.addGestureRecognizer(single)
        rig.tap(50, 50, at: 0)
        // The single tap holds its recognition; the double tap waits for its second tap.
        #expect(rig.app.withArena { $0.isHolding(single) && $0.isBusy(single) })
        #expect(double.deadline != nil)
        v.removeGestureRecognizer(single)
        v.removeGestureRecognizer(double)
        #expect(rig.app.withArena { !$0.isHolding(single) && !$0.isBusy(single) && !$0.isBusy(double) })
        #expect(rig.app.withArena { $0.members.isEmpty && $0.nextDeadline == nil })
        #expect(single.state == .possible && double.state == .possible)
        #expect(single.trackedTouches.isEmpty && double.trackedTouches.isEmpty)
        // Nothing fires later, and a new tap on the view reaches neither.
        rig.advance(1)
        rig.tap(50, 50, at: 2)
        #expect(rig.transitions(of: "single").isEmpty && rig.transitions(of: "double").isEmpty)
    }

    @Test("a recognizer whose view leaves the window mid-gesture is cancelled, reset and forgotten")
    func viewLeavesMidGesture() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 200, 200)
        let pan = PanGestureRecognizer(id: "pan")
        v.addGestureRecognizer(pan)
        rig.down(1, 50, 50, at: 0)
        rig.move(1, 90, 50, at: 0.05)
        #expect(pan.state == .began || pan.state == .changed)
        v.removeFromSuperview()
        #expect(pan.state == .possible && pan.trackedTouches.isEmpty)
        #expect(rig.app.withArena { $0.members.isEmpty && !$0.isBusy(pan) })
        #expect(rig.transitions(of: "pan").suffix(2) == ["changed>cancelled", "cancelled>possible"]
            || rig.transitions(of: "pan").suffix(2) == ["began>cancelled", "cancelled>possible"])
        rig.move(1, 120, 50, at: 0.1)
        rig.up(1, 120, 50, at: 0.15)
        #expect(pan.state == .possible)
    }

    @Test("reading a sample always closes, however deep the input an action sends")
    func readingSampleCloses() {
        let rig = Rig()
        let v = rig.view("v", 0, 0, 200, 200)
        let pan = PanGestureRecognizer(id: "pan")
        v.addGestureRecognizer(pan)
        var readingInHandler: [Bool] = []
        var nested = false
        pan.addTarget { [unowned rig] _ in
            readingInHandler.append(rig.app.withArena { $0.isReadingSample })
            // An action that sends input itself (a second finger lands and lifts).
            if !nested {
                nested = true
                rig.app.send(.touchDown(TouchKey(device: 0, finger: 9), Point(x: 150, y: 150)), at: rig.t)
                rig.app.send(.touchUp(TouchKey(device: 0, finger: 9), Point(x: 150, y: 150)), at: rig.t)
            }
        }
        rig.down(1, 50, 50, at: 0)
        #expect(!rig.app.withArena { $0.isReadingSample })
        rig.move(1, 90, 50, at: 0.05)
        rig.move(1, 120, 50, at: 0.1)
        rig.up(1, 120, 50, at: 0.15)
        #expect(!readingInHandler.isEmpty && readingInHandler.allSatisfy { $0 })
        #expect(!rig.app.withArena { $0.isReadingSample })
        rig.advance(1)
        #expect(!rig.app.withArena { $0.isReadingSample })
    }
}
