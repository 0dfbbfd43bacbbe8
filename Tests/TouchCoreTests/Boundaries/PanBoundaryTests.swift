import Testing
import TouchCore

// Defaults.panSlop ("how far the centroid must move before a pan begins. 10 pt": it begins
// once it moved more than that) and the pan's touch counts (minimum 1 / maximum unbounded,
// SPEC.md section 5).

@Suite("Boundary: pan")
struct PanBoundaryTests {
    func pan(_ rig: GestureRig, min: Int = 1, max: Int = Int.max) {
        let r = PanGestureRecognizer(id: "pan")
        r.minimumNumberOfTouches = min
        r.maximumNumberOfTouches = max
        rig.add(r)
    }

    @Test("a centroid moved exactly 10 pt does not begin the pan; 10.5 pt does")
    func slop() {
        let rig = GestureRig(); pan(rig)
        rig.down(1, 100, 100, at: 0)
        rig.move(1, 110, 100, at: 0.125)
        #expect(rig.log("pan").isEmpty)
        rig.move(1, 110.5, 100, at: 0.25)
        #expect(rig.log("pan") == ["0.25 possible>began: began: centroid moved 10.5 pt (slop 10)"])

        // The same along y, upwards: the slop is a distance, not a signed coordinate.
        let up = GestureRig(); pan(up)
        up.down(1, 100, 100, at: 0)
        up.move(1, 100, 90, at: 0.125)
        #expect(up.log("pan").isEmpty)
        up.move(1, 100, 89.5, at: 0.25)
        #expect(up.log("pan") == ["0.25 possible>began: began: centroid moved 10.5 pt (slop 10)"])
    }

    @Test("minimumNumberOfTouches 2: one finger never pans; with two, the slop counts from the second")
    func minimumTouches() {
        let rig = GestureRig(); pan(rig, min: 2)
        rig.down(1, 100, 100, at: 0)
        rig.move(1, 150, 100, at: 0.125)          // 50 pt with one finger: too few to pan
        #expect(rig.log("pan").isEmpty)
        rig.down(2, 200, 100, at: 0.25)           // centroid (175, 100)
        rig.move(1, 170, 100, at: 0.375)          // centroid (185, 100): exactly 10 pt
        #expect(rig.log("pan").isEmpty)
        rig.move(1, 171, 100, at: 0.5)            // centroid (185.5, 100): 10.5 pt
        #expect(rig.log("pan") == ["0.5 possible>began: began: centroid moved 10.5 pt (slop 10)"])
    }

    @Test("maximumNumberOfTouches 2: a second finger is allowed, a third fails the pan before it began")
    func maximumTouches() {
        let rig = GestureRig(); pan(rig, max: 2)
        rig.down(1, 100, 100, at: 0)
        rig.down(2, 200, 100, at: 0.125)
        #expect(rig.log("pan").isEmpty)
        rig.down(3, 300, 100, at: 0.25)
        #expect(rig.log("pan") == ["0.25 possible>failed: failed: 3 touches, more than maximumNumberOfTouches 2"])
    }
}
