import Testing
@testable import TouchCore

/// The move path borrows the touch and its event without retaining them (issue 7). These
/// check what makes that safe: a sequence that ends during a move (an action cancels every
/// touch, or sends input of its own) keeps its event, and so its touches, alive until the
/// outermost `send` returns, and frees them then. `make test-sanitize` runs them under the
/// address sanitizer too, which would report a use after free.
@Suite("Borrowed touches and events on the move path")
struct BorrowedMoveTests {
    /// A rig with a pan whose action runs `action` once, inside the move that begins the
    /// pan, with the event of that move's sequence. Finger 1 lands at (100, 100) and moves
    /// right until the action has run (a later move of the finger would be a new touch).
    /// Returns the rig and whether the event outlived `action` while parked (`endedEvents`);
    /// in a debug build the compiler's own retains would keep it alive anyway, the release
    /// build relies on the parking.
    private func moveUntilPanBegins(_ action: @escaping (GestureRig) -> Void) -> (rig: GestureRig, parkedAlive: Bool?) {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        var ran = false
        var parkedAlive: Bool?
        // The action holds the rig unowned: the rig holds the recognizer, which holds it.
        pan.addTarget { [unowned rig] r in
            guard r.state == .began, !ran else { return }
            ran = true
            weak let event = rig.app.hot.currentEvent
            action(rig)
            parkedAlive = event != nil && rig.app.hot.currentEvent !== event
                && rig.app.hot.endedEvents.contains { $0 === event }
        }
        rig.down(1, 100, 100, at: 0)
        var x = 100.0
        while !ran && x < 200 { x += 10; rig.move(1, x, 100, at: x / 1000) }
        return (rig, parkedAlive)
    }

    @Test("an action that cancels every touch mid-move: the event lives until send returns")
    func cancelMidMove() {
        weak var event: Event?
        let (rig, parkedAlive) = moveUntilPanBegins { rig in
            event = rig.app.hot.currentEvent
            rig.app.cancelAllTouches(reason: "action")
            #expect(rig.app.hot.currentEvent == nil)
        }
        #expect(parkedAlive == true)
        #expect(event == nil)                       // freed once send returned
        #expect(rig.app.hot.endedEvents.isEmpty)
        #expect(rig.states("pan") == [.began, .cancelled, .possible])
        // The next sequence starts a new event and is delivered as usual.
        rig.down(2, 300, 300, at: 0.5)
        #expect(rig.app.hot.currentEvent != nil)
        rig.up(2, 300, 300, at: 0.55)
        #expect(rig.app.hot.currentEvent == nil)
    }

    @Test("an action that sends input of its own: the outer event outlives the inner send")
    func reentrantSend() {
        weak var outer: Event?
        let (rig, parkedAlive) = moveUntilPanBegins { rig in
            outer = rig.app.hot.currentEvent
            // Lifts the finger from inside the move (the sequence ends in the inner send),
            // then lands a new one (a new sequence and event), all before the move returns.
            rig.app.send(.touchUp(rig.key(1), Point(x: 130, y: 100)), at: rig.now)
            rig.app.send(.touchDown(rig.key(3), Point(x: 500, y: 500)), at: rig.now)
        }
        #expect(parkedAlive == true)
        #expect(outer == nil)
        #expect(rig.app.hot.endedEvents.isEmpty)
        #expect(rig.states("pan").prefix(3) == [.began, .ended, .possible])
        // Finger 3's sequence is the current one now; lifting it ends it.
        #expect(rig.app.hot.currentEvent?.allTouches.count == 1)
        rig.up(3, 500, 500, at: 0.5)
        #expect(rig.app.hot.currentEvent == nil)
    }
}
