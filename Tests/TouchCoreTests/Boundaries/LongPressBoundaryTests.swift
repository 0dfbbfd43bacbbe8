import Testing
import TouchCore

// Defaults.longPressDuration (0.5 s, UIKit's minimum press duration), Defaults.allowableMovement
// (10 pt), and the long press's counts: numberOfTapsRequired (the press must be touch number
// numberOfTapsRequired + 1 of a multi-tap, Touch.tapCount) and numberOfTouchesRequired.

private let over = "reset: its touches are over"

@Suite("Boundary: long press")
struct LongPressBoundaryTests {
    func press(_ rig: GestureRig, taps: Int = 0, touches: Int = 1) {
        let r = LongPressGestureRecognizer(id: "press")
        r.numberOfTapsRequired = taps
        r.numberOfTouchesRequired = touches
        rig.add(r)
    }

    @Test("held exactly 0.5 s the press begins (then the lift ends it); lifted 2^-10 s earlier it fails")
    func duration() {
        let rig = GestureRig(); press(rig)
        rig.down(1, 200, 200, at: 0)
        rig.advance(to: 0.5 - tick)
        #expect(rig.log("press").isEmpty)
        rig.up(1, 200, 200, at: 0.5)
        #expect(rig.log("press") == ["0.5 possible>began: began: held 0.5 s within 10 pt",
                                     "0.5 began>ended: ended: touch lifted",
                                     "0.5 ended>possible: \(over)"])

        let early = GestureRig(); press(early)
        early.down(1, 200, 200, at: 0)
        early.up(1, 200, 200, at: 0.5 - tick)
        early.advance(to: 1)
        #expect(early.log("press") == ["0.4990234375 possible>failed: failed: lifted after 0.5 s, before the minimum press duration 0.5 s",
                                       "0.4990234375 failed>possible: \(over)"])
    }

    @Test("moving exactly 10 pt keeps the press; 10.5 pt fails it")
    func allowableMovement() {
        let rig = GestureRig(); press(rig)
        rig.down(1, 200, 200, at: 0)
        rig.move(1, 210, 200, at: 0.125)
        rig.advance(to: 0.5)
        #expect(rig.log("press") == ["0.5 possible>began: began: held 0.5 s within 10 pt"])

        let moved = GestureRig(); press(moved)
        moved.down(1, 200, 200, at: 0)
        moved.move(1, 200, 210.5, at: 0.125)
        moved.advance(to: 1)
        #expect(moved.log("press") == ["0.125 possible>failed: failed: moved 10.5 pt, more than allowableMovement 10"])
    }

    @Test("numberOfTapsRequired 0: a touch that is tap 2 of a multi-tap fails")
    func noTapsRequired() {
        let rig = GestureRig(); press(rig)
        rig.down(1, 200, 200, at: 0); rig.up(1, 200, 200, at: 0.125)
        rig.down(1, 200, 200, at: 0.25)
        #expect(rig.log("press") == ["0.125 possible>failed: failed: lifted after 0.13 s, before the minimum press duration 0.5 s",
                                     "0.125 failed>possible: \(over)",
                                     "0.25 possible>failed: failed: touch is tap 2 of a multi-tap; long press needs 0 tap(s) first"])
    }

    @Test("numberOfTapsRequired 1: tap 1 fails, tap 2 is pressed, tap 3 fails again")
    func oneTapRequired() {
        let rig = GestureRig(); press(rig, taps: 1)
        rig.down(1, 200, 200, at: 0); rig.up(1, 200, 200, at: 0.125)
        rig.down(1, 200, 200, at: 0.25)
        rig.advance(to: 0.75)
        rig.up(1, 200, 200, at: 1)
        #expect(rig.log("press") == ["0 possible>failed: failed: touch is tap 1 of a multi-tap; long press needs 1 tap(s) first",
                                     "0.125 failed>possible: \(over)",
                                     "0.75 possible>began: began: held 0.5 s within 10 pt",
                                     "1 began>ended: ended: touch lifted",
                                     "1 ended>possible: \(over)"])

        let third = GestureRig(); press(third, taps: 1)
        third.down(1, 200, 200, at: 0); third.up(1, 200, 200, at: 0.125)
        third.down(1, 200, 200, at: 0.25); third.up(1, 200, 200, at: 0.375)
        third.down(1, 200, 200, at: 0.5)
        third.advance(to: 1.5)
        #expect(third.log("press") == ["0 possible>failed: failed: touch is tap 1 of a multi-tap; long press needs 1 tap(s) first",
                                       "0.125 failed>possible: \(over)",
                                       "0.375 possible>failed: failed: lifted after 0.13 s, before the minimum press duration 0.5 s",
                                       "0.375 failed>possible: \(over)",
                                       "0.5 possible>failed: failed: touch is tap 3 of a multi-tap; long press needs 1 tap(s) first"])
    }

    @Test("numberOfTouchesRequired 2: the timer runs from the second finger; a third fails the press")
    func touchCount() {
        let rig = GestureRig(); press(rig, touches: 2)
        rig.down(1, 200, 200, at: 0)
        rig.advance(to: 0.5)
        #expect(rig.log("press").isEmpty)
        rig.down(2, 300, 200, at: 0.5)
        rig.advance(to: 1 - tick)
        #expect(rig.log("press").isEmpty)
        rig.advance(to: 1)
        #expect(rig.log("press") == ["1 possible>began: began: held 0.5 s within 10 pt"])

        let three = GestureRig(); press(three, touches: 2)
        three.down(1, 200, 200, at: 0); three.down(2, 300, 200, at: 0.125)
        three.down(3, 400, 200, at: 0.25)
        three.advance(to: 1)
        #expect(three.log("press") == ["0.25 possible>failed: failed: 3 touches, long press requires 2"])
    }
}
