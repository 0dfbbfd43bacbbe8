import Testing
@testable import TouchCore

/// The lists the move path hands out without building them per input: each touch's own
/// `[touch]` (made when it joins its event), and a pinch's first fingers down (the previous
/// call's list, as it is, while the fingers are the same). These check that a list handed
/// out is always the right one, as fingers move in turn, land and lift.
@Suite("Lists reused on the move path")
struct ReusedListsTests {
    /// A view that keeps every list its touch messages came with.
    final class Keeper: View {
        var lists: [(phase: TouchPhase, touches: [Touch])] = []
        override func touchesBegan(_ t: [Touch], with e: Event) { lists.append((.began, t)) }
        override func touchesMoved(_ t: [Touch], with e: Event) { lists.append((.moved, t)) }
        override func touchesEnded(_ t: [Touch], with e: Event) { lists.append((.ended, t)) }
    }

    @Test("fingers moving in turn: every message holds the finger that changed, and a kept list never changes")
    func oneTouchLists() {
        let app = Application(windowSize: Size(width: 400, height: 400))
        let keeper = Keeper(id: "keeper", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        keeper.isMultipleTouchEnabled = true
        app.window.addSubview(keeper)
        let key = { (f: Int) in TouchKey(device: 0, finger: f) }
        var t = 0.0
        func send(_ e: InputEvent) { t += 0.01; app.send(e, at: t) }
        send(.touchDown(key(1), Point(x: 10, y: 10)))
        send(.touchDown(key(2), Point(x: 200, y: 200)))
        send(.touchDown(key(3), Point(x: 300, y: 100)))
        for step in 1...4 {
            for f in [2, 1, 3] { send(.touchMove(key(f), Point(x: Double(10 * f + step), y: Double(20 * step)))) }
        }
        send(.touchUp(key(2), Point(x: 20, y: 80)))
        send(.touchMove(key(3), Point(x: 1, y: 2)))
        send(.touchUp(key(1), Point(x: 14, y: 80)))
        send(.touchUp(key(3), Point(x: 1, y: 2)))
        // A new sequence: its touches' lists are its own.
        send(.touchDown(key(1), Point(x: 50, y: 50)))
        send(.touchMove(key(1), Point(x: 60, y: 50)))
        send(.touchUp(key(1), Point(x: 60, y: 50)))

        // The touch ids in message order, as the fingers were sent (touch ids 1, 2, 3 for
        // fingers 1, 2, 3; the second sequence's finger is touch 4).
        let expected: [(TouchPhase, Int)] = [(.began, 1), (.began, 2), (.began, 3)]
            + Array(repeating: [(TouchPhase.moved, 2), (.moved, 1), (.moved, 3)], count: 4).flatMap { $0 }
            + [(.ended, 2), (.moved, 3), (.ended, 1), (.ended, 3), (.began, 4), (.moved, 4), (.ended, 4)]
        #expect(keeper.lists.count == expected.count)
        for (got, want) in zip(keeper.lists, expected) {
            #expect(got.phase == want.0)
            #expect(got.touches.map(\.id) == [want.1])
        }
        keeper.lists.removeAll()   // the kept touches hold the keeper (their view)
    }

    @Test("a pinch's first two fingers down follow landings and lifts, the same list only while they stay")
    func firstTouchesDown() {
        let app = Application(windowSize: Size(width: 400, height: 400))
        let view = View(id: "v", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        app.window.addSubview(view)
        let pinch = PinchGestureRecognizer(id: "pinch")
        view.addGestureRecognizer(pinch)
        let key = { (f: Int) in TouchKey(device: 0, finger: f) }
        var t = 0.0
        func send(_ e: InputEvent) { t += 0.01; app.send(e, at: t) }
        func firstTwo(and lifted: Touch? = nil) -> [Int] { pinch.firstTouchesDown(2, and: lifted).map(\.id) }

        send(.touchDown(key(1), Point(x: 100, y: 100)))
        #expect(firstTwo() == [1])
        send(.touchDown(key(2), Point(x: 200, y: 200)))
        #expect(firstTwo() == [1, 2])
        #expect(firstTwo() == [1, 2])
        send(.touchDown(key(3), Point(x: 300, y: 300)))
        #expect(firstTwo() == [1, 2])
        send(.touchMove(key(3), Point(x: 310, y: 300)))
        #expect(firstTwo() == [1, 2])
        let first = pinch.trackedTouches.first { $0.id == 1 }
        send(.touchUp(key(1), Point(x: 100, y: 100)))
        #expect(firstTwo() == [2, 3])
        // The lifted finger counts as down, in its place.
        if let first { #expect(firstTwo(and: first) == [1, 2]) } else { Issue.record("touch 1 not tracked") }
        #expect(firstTwo() == [2, 3])
        send(.touchUp(key(2), Point(x: 200, y: 200)))
        #expect(firstTwo() == [3])
        send(.touchUp(key(3), Point(x: 300, y: 300)))
    }
}
