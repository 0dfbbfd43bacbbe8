import Testing
import TouchCore

@Suite("SwipeGestureRecognizer")
struct SwipeGestureRecognizerTests {
    @Test("a quick stroke to the right is recognized as a swipe right")
    func swipeRight() throws {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        rig.add(swipe)
        rig.down(1, 100, 300, at: 0)
        rig.drag(1, from: Point(100, 300), to: Point(180, 305), at: 0, duration: 0.1, steps: 5)
        let tr = rig.transitions("swipe")
        let first = try #require(tr.first)
        #expect(first.from == .possible && first.to == .recognized)
        // Steps of (16, 1) every 20 ms: at 0.06 the stroke is (48, 3), 48.1 pt (under the 50 pt
        // minimum); at 0.08 it is (64, 4): 64 pt along right, 0.062 rad off (under 0.4636),
        // 800 pt/s (over 200). It recognizes there, during the stroke, where the finger is.
        #expect(first.reason == "recognized: swiped right 64 pt in 0.08 s")
        #expect(abs(first.t - 0.08) < 1e-9)
        #expect(first.outputs.location == Point(164, 304))
        rig.up(1, 180, 305, at: 0.12)
        #expect(rig.states("swipe") == [.recognized, .possible])
    }

    @Test("a swipe in a direction not allowed fails")
    func wrongDirection() throws {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        rig.add(swipe)
        rig.down(1, 300, 300, at: 0)
        rig.drag(1, from: Point(300, 300), to: Point(200, 300), at: 0, duration: 0.1, steps: 5)
        let first = try #require(rig.transitions("swipe").first)
        #expect(first.to == .failed)
        #expect(first.reason == "failed: swiped left, not right (wrong direction)")
    }

    @Test("the allowed directions are an option set")
    func severalDirections() {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        swipe.direction = [.left, .up]
        rig.add(swipe)
        rig.down(1, 300, 300, at: 0)
        rig.drag(1, from: Point(300, 300), to: Point(300, 200), at: 0, duration: 0.1, steps: 5)
        // Steps of 20 pt up every 20 ms: 60 pt at 0.06, the first step over the 50 pt minimum.
        let first = rig.transitions("swipe").first
        #expect(first?.reason == "recognized: swiped up 60 pt in 0.06 s")
        #expect(first?.outputs.location == Point(300, 240))
    }

    @Test("a slow stroke fails as too slow")
    func tooSlow() throws {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        rig.add(swipe)
        rig.down(1, 100, 300, at: 0)
        rig.drag(1, from: Point(100, 300), to: Point(160, 300), at: 0, duration: 0.4, steps: 20)
        let first = try #require(rig.transitions("swipe").first)
        #expect(first.to == .failed)
        #expect(first.reason.hasSuffix("(too slow)"))
    }

    @Test("a finger held past the maximum duration fails the swipe by the timer")
    func tooLong() throws {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        rig.add(swipe)
        rig.down(1, 100, 300, at: 0)
        rig.advance(to: 0.49)
        #expect(swipe.state == .possible)
        // At 0.5 s a stroke could still complete in time (the longest a swipe may take);
        // once time passes it, the timer fails the swipe, at 0.5 s.
        rig.advance(to: 0.5)
        #expect(swipe.state == .possible)
        rig.advance(to: 0.51)
        let first = try #require(rig.transitions("swipe").first)
        #expect(first.to == .failed && first.t == 0.5)
        #expect(first.reason.hasSuffix("(too long)"))
    }

    @Test("a stroke too far off the direction fails")
    func tooFarOff() throws {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        rig.add(swipe)
        rig.down(1, 100, 300, at: 0)
        rig.drag(1, from: Point(100, 300), to: Point(160, 340), at: 0, duration: 0.1, steps: 5)
        let first = try #require(rig.transitions("swipe").first)
        #expect(first.to == .failed)
        #expect(first.reason.contains("off right"))
    }

    @Test("a second finger fails a one-finger swipe; a two-finger swipe needs both")
    func touchCount() {
        let rig = GestureRig()
        let one = SwipeGestureRecognizer(id: "one")
        let two = SwipeGestureRecognizer(id: "two")
        two.numberOfTouchesRequired = 2
        rig.add(one)
        rig.add(two)
        // Make them independent of each other.
        let both = Answers(); both.simultaneousWithAll = true
        one.ownedDelegate = both
        rig.down(1, 100, 300, at: 0)
        rig.down(2, 100, 350, at: 0.01)
        #expect(rig.transitions("one").first?.reason == "failed: 2 touches, swipe requires 1")
        for i in 1...5 {
            rig.move(1, 100 + 20 * Double(i), 300, at: 0.01 + 0.02 * Double(i))
            rig.move(2, 100 + 20 * Double(i), 350, at: 0.015 + 0.02 * Double(i))
        }
        #expect(rig.transitions("two").first?.to == .recognized)
    }

    @Test("lifting before the stroke is long enough fails the swipe")
    func liftedShort() {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        rig.add(swipe)
        rig.down(1, 100, 300, at: 0)
        rig.move(1, 120, 300, at: 0.02)
        rig.up(1, 120, 300, at: 0.04)
        #expect(rig.states("swipe") == [.failed, .possible])
        #expect(rig.transitions("swipe").first?.reason == "failed: lifted before swiping 50 pt right")
    }
}
