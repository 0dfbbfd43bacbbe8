import Foundation
import Testing
import TouchCore

// Defaults.swipeMinDistance (50 pt "minimum travel along the direction"), swipeMinSpeed
// (200 pt/s "minimum average speed along the direction"), swipeMaxAngle (0.4636 rad,
// "largest angle between the motion and the direction"), swipeMaxDuration (0.5 s, "the
// longest a swipe may take"), and numberOfTouchesRequired. Every stroke starts at (100, 300)
// at time 0 and goes right (the default direction).

@Suite("Boundary: swipe")
struct SwipeBoundaryTests {
    func swipe(_ rig: GestureRig, touches: Int = 1) {
        let r = SwipeGestureRecognizer(id: "swipe")
        r.numberOfTouchesRequired = touches
        rig.add(r)
    }

    @Test("exactly 50 pt along the direction recognizes; 49.5 pt and a lift fails")
    func minimumDistance() {
        let rig = GestureRig(); swipe(rig)
        rig.down(1, 100, 300, at: 0)
        rig.move(1, 150, 300, at: 0.125)
        #expect(rig.log("swipe") == ["0.125 possible>recognized: recognized: swiped right 50 pt in 0.13 s"])

        let short = GestureRig(); swipe(short)
        short.down(1, 100, 300, at: 0)
        short.move(1, 149.5, 300, at: 0.125)
        #expect(short.log("swipe").isEmpty)
        short.up(1, 149.5, 300, at: 0.25)
        #expect(short.log("swipe") == ["0.25 possible>failed: failed: lifted before swiping 50 pt right",
                                       "0.25 failed>possible: reset: its touches are over"])
    }

    @Test("the distance counts along the direction, not the stroke's length: (50, 20) recognizes, (49.5, 20) does not")
    func distanceAlongTheDirection() {
        let rig = GestureRig(); swipe(rig)
        rig.down(1, 100, 300, at: 0)
        rig.move(1, 150, 320, at: 0.125)
        #expect(rig.log("swipe") == ["0.125 possible>recognized: recognized: swiped right 50 pt in 0.13 s"])

        let short = GestureRig(); swipe(short)
        short.down(1, 100, 300, at: 0)
        short.move(1, 149.5, 320, at: 0.125)     // 53.4 pt long, 49.5 pt along
        #expect(short.log("swipe").isEmpty)
        short.up(1, 149.5, 320, at: 0.25)
        #expect(short.log("swipe") == ["0.25 possible>failed: failed: lifted before swiping 50 pt right",
                                       "0.25 failed>possible: reset: its touches are over"])
    }

    @Test("exactly 200 pt/s (50 pt in 0.25 s) recognizes; 50 pt in 0.25 + 2^-10 s is too slow")
    func minimumSpeed() {
        let rig = GestureRig(); swipe(rig)
        rig.down(1, 100, 300, at: 0)
        rig.move(1, 150, 300, at: 0.25)
        #expect(rig.log("swipe") == ["0.25 possible>recognized: recognized: swiped right 50 pt in 0.25 s"])

        let slow = GestureRig(); swipe(slow)
        slow.down(1, 100, 300, at: 0)
        slow.move(1, 150, 300, at: 0.25 + tick)   // 50 / 0.2509765625 = 199.22 pt/s
        #expect(slow.log("swipe") == ["0.2509765625 possible>failed: failed: 199.22 pt/s, slower than 200 pt/s (too slow)"])
    }

    @Test("a stroke 0.4635 rad off the direction recognizes, one 0.4638 rad off fails")
    func maximumAngle() throws {
        // atan(0.4998) = 0.46347 and atan(0.5002) = 0.46383 rad: either side of 0.4636.
        try #require(atan2(49.98, 100) < 0.4636 && atan2(50.02, 100) > 0.4636)
        let rig = GestureRig(); swipe(rig)
        rig.down(1, 100, 300, at: 0)
        rig.move(1, 200, 349.98, at: 0.125)
        #expect(rig.log("swipe") == ["0.125 possible>recognized: recognized: swiped right 100 pt in 0.13 s"])

        let off = GestureRig(); swipe(off)
        off.down(1, 100, 300, at: 0)
        off.move(1, 200, 350.02, at: 0.125)
        // In degrees (0.46383 rad is 26.574°, 0.4636 rad 26.562°), two decimals keeping them apart.
        #expect(off.log("swipe") == ["0.125 possible>failed: failed: stroke 26.57° off right, more than 26.56°"])
    }

    @Test("a swipe completed exactly 0.5 s after the finger landed recognizes; 2^-10 s later the time ran out at 0.5 s")
    func maximumDuration() {
        let rig = GestureRig(); swipe(rig)
        rig.down(1, 100, 300, at: 0)
        rig.move(1, 140, 300, at: 0.25)           // 40 pt: not yet a swipe
        rig.move(1, 200, 300, at: 0.5)            // 100 pt in 0.5 s: 200 pt/s
        #expect(rig.log("swipe") == ["0.5 possible>recognized: recognized: swiped right 100 pt in 0.5 s"])

        let before = GestureRig(); swipe(before)
        before.down(1, 100, 300, at: 0)
        before.move(1, 140, 300, at: 0.25)
        before.move(1, 200, 300, at: 0.5 - tick)
        #expect(before.log("swipe") == ["0.4990234375 possible>recognized: recognized: swiped right 100 pt in 0.5 s"])

        let late = GestureRig(); swipe(late)
        late.down(1, 100, 300, at: 0)
        late.move(1, 140, 300, at: 0.25)
        late.advance(to: 0.5 + tick)              // as a host's frame would: the timer fails at 0.5 itself
        late.move(1, 200, 300, at: 0.5 + tick)
        #expect(late.log("swipe") == ["0.5 possible>failed: failed: no swipe within 0.5 s (too long)"])
    }

    @Test("numberOfTouchesRequired: a second finger fails a one-finger swipe; two fingers make a two-finger swipe")
    func touchCount() {
        let rig = GestureRig(); swipe(rig)
        rig.down(1, 100, 300, at: 0)
        rig.down(2, 100, 400, at: 0.0625)
        #expect(rig.log("swipe") == ["0.0625 possible>failed: failed: 2 touches, swipe requires 1"])

        let two = GestureRig(); swipe(two, touches: 2)
        two.down(1, 100, 300, at: 0); two.down(2, 100, 400, at: 0)
        two.move(1, 150, 300, at: 0.0625)         // mean displacement 25 pt
        #expect(two.log("swipe").isEmpty)
        two.move(2, 150, 400, at: 0.125)          // mean 50 pt
        #expect(two.log("swipe") == ["0.125 possible>recognized: recognized: swiped right 50 pt in 0.13 s"])
    }
}
