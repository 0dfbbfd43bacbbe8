import Foundation
import Testing
import TouchCore

// Defaults.pinchThreshold ("the change in finger distance (pt) before a pinch begins. 8 pt":
// it begins once the distance changed more than that) and Defaults.rotationThreshold ("the
// angle (radians) the fingers must turn before a rotation begins", 0.1 rad).

@Suite("Boundary: pinch and rotation thresholds")
struct TwoFingerBoundaryTests {
    @Test("fingers 100 pt apart moved to exactly 108 pt do not begin a pinch; 108.5 pt does")
    func pinch() {
        let rig = GestureRig(); rig.add(PinchGestureRecognizer(id: "pinch"))
        rig.down(1, 100, 300, at: 0); rig.down(2, 200, 300, at: 0)
        rig.move(2, 208, 300, at: 0.125)          // distance 108: changed by exactly 8
        #expect(rig.log("pinch").isEmpty)
        rig.move(2, 208.5, 300, at: 0.25)
        #expect(rig.log("pinch").first == "0.25 possible>began: began: finger distance changed 8.5 pt (threshold 8)")

        // Closing: 100 -> 92 pt stays possible, and lifting both fingers then fails the pinch.
        let closing = GestureRig(); closing.add(PinchGestureRecognizer(id: "pinch"))
        closing.down(1, 100, 300, at: 0); closing.down(2, 200, 300, at: 0)
        closing.move(2, 192, 300, at: 0.125)
        closing.up(2, 192, 300, at: 0.25)
        #expect(closing.log("pinch").isEmpty)
        closing.up(1, 100, 300, at: 0.375)
        #expect(closing.log("pinch").first == "0.375 possible>failed: failed: touches lifted before the finger distance changed 8 pt")
    }

    /// Fingers at (300, 300) and 100 pt to the right; the second turns by `angle` about the first.
    func turned(_ angle: Double) -> GestureRig {
        let rig = GestureRig(); rig.add(RotationGestureRecognizer(id: "rotation"))
        rig.down(1, 300, 300, at: 0); rig.down(2, 400, 300, at: 0)
        rig.move(2, 300 + 100 * cos(angle), 300 + 100 * sin(angle), at: 0.125)
        return rig
    }

    @Test("fingers turned 0.0995 rad do not begin a rotation; 0.1005 rad does")
    func rotation() {
        // 0.1 rad itself cannot be produced exactly by atan2 of finger positions; 0.5 % either
        // side is far beyond the rounding of atan2 (1e-16).
        #expect(turned(0.0995).log("rotation").isEmpty)
        #expect(turned(-0.0995).log("rotation").isEmpty)
        // In degrees: 0.1005 rad is 5.758°, the threshold 0.1 rad 5.730°.
        #expect(turned(0.1005).log("rotation").first == "0.125 possible>began: began: fingers turned 5.76° (threshold 5.73°)")
        #expect(turned(-0.1005).log("rotation").first == "0.125 possible>began: began: fingers turned -5.76° (threshold 5.73°)")
    }
}
