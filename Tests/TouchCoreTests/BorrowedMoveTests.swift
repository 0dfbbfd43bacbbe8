import Testing
@testable import TouchCore

/// The move path borrows the touch and its event without retaining them (issue 7). These
/// check what makes that safe: a sequence that ends during a move (an action cancels every
/// touch, or sends input of its own) keeps its event, and so its touches, alive until the
/// outermost `send` returns, and frees them then. `make test-sanitize` runs them under the
/// address sanitizer too, which would report a use after free.
@Suite("Borrowed touches and events on the move path")
struct BorrowedMoveTests {
    @Test("an action that cancels every touch mid-move: the event lives until send returns")
    func cancelMidMove() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        weak var event: Event?
        var aliveAfterCancel: Bool?
        // The action holds the rig unowned: the rig holds the recognizer, which holds it.
        var cancelled = false
        pan.addTarget { [unowned rig] r in
            guard r.state == .began, !cancelled else { return }
            cancelled = true
            event = rig.app.currentEvent
            rig.app.cancelAllTouches(reason: "action")
            // The sequence is over, yet the move that led here is still being delivered:
            // the event is parked until send returns (in a debug build the compiler's own
            // retains would keep it alive anyway; the release build relies on this).
            aliveAfterCancel = event != nil && rig.app.currentEvent == nil
                && rig.app.endedEvents.contains { $0 === event }
        }
        rig.down(1, 100, 100, at: 0)
        // Moves until the action has run (a later move of the finger would be a new touch).
        var x = 100.0
        while !cancelled && x < 200 { x += 10; rig.move(1, x, 100, at: x / 1000) }
        #expect(cancelled)
        #expect(aliveAfterCancel == true)
        #expect(event == nil)                       // freed once send returned
        #expect(rig.app.endedEvents.isEmpty)
        #expect(rig.states("pan") == [.began, .cancelled, .possible])
        // The next sequence starts a new event and is delivered as usual.
        rig.down(2, 300, 300, at: 0.5)
        #expect(rig.app.currentEvent != nil)
        rig.up(2, 300, 300, at: 0.55)
        #expect(rig.app.currentEvent == nil)
    }

    @Test("an action that sends input of its own: the outer event outlives the inner send")
    func reentrantSend() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        weak var outer: Event?
        var aliveAfterInnerSend: Bool?
        var done = false
        pan.addTarget { [unowned rig] r in
            guard r.state == .began, !done else { return }
            done = true
            outer = rig.app.currentEvent
            // Lifts the finger from inside the move (the sequence ends in the inner send),
            // then lands a new one (a new sequence and event), all before the move returns.
            rig.app.send(.touchUp(rig.key(1), Point(x: 130, y: 100)), at: rig.now)
            rig.app.send(.touchDown(rig.key(3), Point(x: 500, y: 500)), at: rig.now)
            aliveAfterInnerSend = outer != nil && rig.app.currentEvent !== outer
                && rig.app.endedEvents.contains { $0 === outer }
        }
        rig.down(1, 100, 100, at: 0)
        var x = 100.0
        while !done && x < 200 { x += 10; rig.move(1, x, 100, at: x / 1000) }
        #expect(done)
        #expect(aliveAfterInnerSend == true)
        #expect(outer == nil)
        #expect(rig.app.endedEvents.isEmpty)
        #expect(rig.states("pan").prefix(3) == [.began, .ended, .possible])
        // Finger 3's sequence is the current one now; lifting it ends it.
        #expect(rig.app.currentEvent?.allTouches.count == 1)
        rig.up(3, 500, 500, at: 0.5)
        #expect(rig.app.currentEvent == nil)
    }
}
