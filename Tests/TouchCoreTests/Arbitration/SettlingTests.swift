import Testing
@testable import TouchCore

// Settling on its own (SPEC.md section 5: after the sequence is over, and after a failure,
// a recognizer resets to `possible`).
@Suite("Settling a busy recognizer")
struct SettlingTests {
    private func facts(_ state: GestureState, down: Int = 0, tracks: Bool = true, holding: Bool = false, timer: Bool = false) -> SettleFacts {
        SettleFacts(state: state, touchesDown: down, tracksTouches: tracks, holding: holding, hasTimer: timer)
    }

    @Test("an undecided recognizer whose touches all lifted fails, resets and leaves the busy list")
    func liftedUndecided() {
        #expect(facts(.possible).plan == [.fail, .reset, .leaveBusyList])
    }

    @Test("a recognizer waiting for a timer or holding a transition back is left alone")
    func waitingIsLeftAlone() {
        #expect(facts(.possible, timer: true).plan == [])
        #expect(facts(.possible, holding: true).plan == [])
    }

    @Test("a finished gesture resets once its touches are up, not before", arguments: [GestureState.recognized, .ended, .cancelled, .failed])
    func finishedResets(_ state: GestureState) {
        #expect(facts(state, down: 1).plan == [])
        #expect(facts(state).plan == [.reset, .leaveBusyList])
    }

    @Test("a gesture under way and a possible one with a finger down are left alone")
    func underWay() {
        #expect(facts(.began, down: 0).plan == [])
        #expect(facts(.changed, down: 2).plan == [])
        #expect(facts(.possible, down: 1).plan == [])
    }

    @Test("a possible recognizer with no touches and nothing pending leaves the busy list")
    func idleLeaves() {
        #expect(facts(.possible, tracks: false).plan == [.leaveBusyList])
    }
}
