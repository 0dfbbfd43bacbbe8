import Testing
import TouchCore

// Defaults.tapInterval (0.35 s, "longest pause between the end of one tap and the start of
// the next for them to count as a multi-tap (touch tapCount, tap recognizers)"),
// Defaults.tapDistance (45 pt, "farthest a tap may land from the previous one and still
// raise tapCount"; the tap recognizer's maximumTapDistance), Defaults.tapSlop (10 pt, "how
// far a finger may move before a tap stops being a tap"), and the tap recognizer's counts
// (numberOfTapsRequired, numberOfTouchesRequired: "more fingers down at once fail the tap").

/// The first tap lifts at 0.125 s; 0.125 + 0.35 is computed exactly (both lie in [0.25, 0.5)
/// with 0.125 a multiple of their spacing 2^-54), so a finger landing at `secondDown` pauses
/// exactly `Defaults().tapInterval`.
private let firstUp = 0.125
private let secondDown = firstUp + Defaults().tapInterval

/// Which tap of a multi-tap each touch was, as the view saw it at touchesBegan.
private func tapCounts(_ rig: GestureRig) -> () -> [Int] {
    var counts: [Int] = []
    rig.view.handlesTouches = true
    rig.view.onTouches = { phase, touches, _ in if phase == .began { counts.append(touches[0].tapCount) } }
    return { counts }
}

@Suite("Boundary: touch tapCount (tapInterval 0.35 s, tapDistance 45 pt)")
struct TouchTapCountBoundaryTests {
    @Test("a pause of exactly 0.35 s still counts as a second tap; one ulp longer starts over")
    func interval() throws {
        try #require(secondDown - firstUp == 0.35)
        let rig = GestureRig(); let counts = tapCounts(rig)
        rig.down(1, 100, 100, at: 0); rig.up(1, 100, 100, at: firstUp)
        rig.down(1, 100, 100, at: secondDown); rig.up(1, 100, 100, at: 0.5)
        #expect(counts() == [1, 2])

        let late = GestureRig(); let lateCounts = tapCounts(late)
        late.down(1, 100, 100, at: 0); late.up(1, 100, 100, at: firstUp)
        late.down(1, 100, 100, at: secondDown.nextUp)
        #expect(lateCounts() == [1, 1])
    }

    @Test("a tap exactly 45 pt from the previous one raises tapCount; 45.5 pt starts over")
    func distance() {
        let rig = GestureRig(); let counts = tapCounts(rig)
        rig.down(1, 100, 100, at: 0); rig.up(1, 100, 100, at: 0.125)
        rig.down(1, 145, 100, at: 0.25); rig.up(1, 145, 100, at: 0.375)      // 45 pt along x from the first
        rig.down(1, 190.5, 100, at: 0.5); rig.up(1, 190.5, 100, at: 0.625)  // 45.5 pt from the second
        #expect(counts() == [1, 2, 1])
    }
}

@Suite("Boundary: tap recognizer")
struct TapRecognizerBoundaryTests {
    func doubleTap(_ rig: GestureRig) -> TapGestureRecognizer {
        let r = TapGestureRecognizer(id: "double")
        r.numberOfTapsRequired = 2
        rig.add(r)
        return r
    }

    @Test("a second tap after a pause of exactly tapInterval completes a double tap")
    func intervalAt() throws {
        try #require(secondDown - firstUp == 0.35)
        let rig = GestureRig(); _ = doubleTap(rig)
        rig.down(1, 100, 100, at: 0); rig.up(1, 100, 100, at: firstUp)
        rig.down(1, 100, 100, at: secondDown); rig.up(1, 100, 100, at: 0.5)
        #expect(rig.log("double") == ["0.5 possible>recognized: recognized: 2 taps of 1 finger",
                                      "0.5 recognized>possible: reset: its touches are over"])
    }

    @Test("a second tap one ulp after tapInterval comes too late: the wait fails at 0.475 s")
    func intervalAbove() {
        let rig = GestureRig(); _ = doubleTap(rig)
        rig.down(1, 100, 100, at: 0); rig.up(1, 100, 100, at: firstUp)
        // Time passes the deadline as a host's frames pass it: the wait fails at 0.475 itself.
        rig.advance(to: secondDown.nextUp)
        rig.down(1, 100, 100, at: secondDown.nextUp); rig.up(1, 100, 100, at: 0.625)
        #expect(rig.log("double") == ["\(fmt(secondDown)) possible>failed: failed: waited 0.35 s for tap 2 of 2",
                                      "\(fmt(secondDown)) failed>possible: reset: its touches are over"])
    }

    @Test("a second tap exactly maximumTapDistance (45 pt) from the first counts; 45.5 pt fails")
    func maximumTapDistance() {
        let rig = GestureRig(); _ = doubleTap(rig)
        rig.down(1, 100, 100, at: 0); rig.up(1, 100, 100, at: 0.125)
        rig.down(1, 100, 145, at: 0.25); rig.up(1, 100, 145, at: 0.375)     // 45 pt along y
        #expect(rig.log("double") == ["0.375 possible>recognized: recognized: 2 taps of 1 finger",
                                      "0.375 recognized>possible: reset: its touches are over"])

        let far = GestureRig(); _ = doubleTap(far)
        far.down(1, 100, 100, at: 0); far.up(1, 100, 100, at: 0.125)
        far.down(1, 100, 145.5, at: 0.25)
        #expect(far.log("double") == ["0.25 possible>failed: failed: tap 2 landed 45.5 pt from the first"])
        far.up(1, 100, 145.5, at: 0.375)
        #expect(far.log("double").last == "0.375 failed>possible: reset: its touches are over")
    }

    @Test("a finger may move exactly tapSlop (10 pt); 10.5 pt fails the tap")
    func slop() {
        let rig = GestureRig(); rig.add(TapGestureRecognizer(id: "tap"))
        rig.down(1, 200, 200, at: 0); rig.move(1, 210, 200, at: 0.0625); rig.up(1, 210, 200, at: 0.125)
        #expect(rig.log("tap") == ["0.125 possible>recognized: recognized: 1 tap of 1 finger",
                                   "0.125 recognized>possible: reset: its touches are over"])

        let moved = GestureRig(); moved.add(TapGestureRecognizer(id: "tap"))
        moved.down(1, 200, 200, at: 0); moved.move(1, 200, 189.5, at: 0.0625); moved.up(1, 200, 189.5, at: 0.125)
        #expect(moved.log("tap") == ["0.0625 possible>failed: failed: touch 1 moved more than 10 pt",
                                     "0.125 failed>possible: reset: its touches are over"])
    }

    @Test("numberOfTouchesRequired 2: two fingers recognize, a third fails at once, one alone fails at the lift")
    func touchCount() {
        func twoFingerTap(_ rig: GestureRig) {
            let r = TapGestureRecognizer(id: "two"); r.numberOfTouchesRequired = 2; rig.add(r)
        }
        let rig = GestureRig(); twoFingerTap(rig)
        rig.down(1, 100, 100, at: 0); rig.down(2, 140, 100, at: 0.0625)
        rig.up(1, 100, 100, at: 0.125); rig.up(2, 140, 100, at: 0.1875)
        #expect(rig.log("two") == ["0.1875 possible>recognized: recognized: 1 tap of 2 fingers",
                                   "0.1875 recognized>possible: reset: its touches are over"])

        let three = GestureRig(); twoFingerTap(three)
        three.down(1, 100, 100, at: 0); three.down(2, 140, 100, at: 0.0625)
        #expect(three.log("two").isEmpty)
        three.down(3, 180, 100, at: 0.125)
        #expect(three.log("two") == ["0.125 possible>failed: failed: 3 fingers down, needs 2"])

        let one = GestureRig(); twoFingerTap(one)
        one.down(1, 100, 100, at: 0); one.up(1, 100, 100, at: 0.125)
        #expect(one.log("two") == ["0.125 possible>failed: failed: tap with 1 finger, needs 2",
                                   "0.125 failed>possible: reset: its touches are over"])
    }

    @Test("numberOfTapsRequired 2: nothing after the first tap, recognized at the second lift")
    func tapCount() {
        let rig = GestureRig(); let r = doubleTap(rig)
        rig.down(1, 100, 100, at: 0); rig.up(1, 100, 100, at: 0.125)
        #expect(rig.log("double").isEmpty)
        #expect(r.state == .possible)
        rig.down(1, 100, 100, at: 0.25)
        #expect(rig.log("double").isEmpty)
        rig.up(1, 100, 100, at: 0.375)
        #expect(rig.log("double") == ["0.375 possible>recognized: recognized: 2 taps of 1 finger",
                                      "0.375 recognized>possible: reset: its touches are over"])
    }
}
