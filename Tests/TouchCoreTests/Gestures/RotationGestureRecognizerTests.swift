#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TouchCore

@Suite("RotationGestureRecognizer")
struct RotationGestureRecognizerTests {
    /// Two fingers on a circle of radius 50 about (400, 300), finger 2 at angle `a`, finger 1 opposite.
    func turn(_ rig: GestureRig, from a0: Double, to a1: Double, at t: Double, steps: Int) {
        for i in 1...steps {
            let a = a0 + (a1 - a0) * Double(i) / Double(steps)
            let ti = t + 0.01 * Double(i)
            rig.move(2, 400 + 50 * cos(a), 300 + 50 * sin(a), at: ti)
            rig.move(1, 400 - 50 * cos(a), 300 - 50 * sin(a), at: ti + 0.005)
        }
    }

    @Test("a quarter turn clockwise on screen gives a rotation of +π/2")
    func quarterTurn() throws {
        let rig = GestureRig()
        let rotation = RotationGestureRecognizer(id: "rotation")
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        turn(rig, from: 0, to: .pi / 2, at: 0, steps: 20)
        #expect(near(rotation.rotation, .pi / 2, 1e-9))
        #expect(rotation.velocity > 0)
        rig.up(1, 400, 250, at: 0.3)
        rig.up(2, 400, 350, at: 0.3)
        let tr = rig.transitions("rotation")
        #expect(tr.first?.to == .began)
        let ended = try #require(tr.first { $0.to == .ended })
        #expect(near(ended.outputs.rotation, .pi / 2, 1e-9))
        #expect(rig.states("rotation").last == .possible)
    }

    @Test("a turn counter-clockwise is negative")
    func counterClockwise() {
        let rig = GestureRig()
        let rotation = RotationGestureRecognizer(id: "rotation")
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        turn(rig, from: 0, to: -0.5, at: 0, steps: 10)
        #expect(near(rotation.rotation, -0.5, 1e-9))
    }

    @Test("the rotation unwraps across ±π and can exceed a full turn")
    func unwraps() {
        let rig = GestureRig()
        let rotation = RotationGestureRecognizer(id: "rotation")
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        turn(rig, from: 0, to: 3 * .pi, at: 0, steps: 60)
        #expect(near(rotation.rotation, 3 * .pi, 1e-9))
    }

    @Test("the rotation begins only past the threshold")
    func threshold() {
        let rig = GestureRig()
        let rotation = RotationGestureRecognizer(id: "rotation")
        rotation.rotationThreshold = 0.3
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        turn(rig, from: 0, to: 0.25, at: 0, steps: 5)
        #expect(rotation.state == .possible)
        turn(rig, from: 0.25, to: 0.35, at: 0.1, steps: 2)
        #expect(rotation.state.isActive)
    }

    @Test("a finger change re-bases the angle: no jump")
    func rebase() {
        let rig = GestureRig()
        let rotation = RotationGestureRecognizer(id: "rotation")
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        rig.down(3, 400, 100, at: 0)
        turn(rig, from: 0, to: 0.5, at: 0, steps: 5)
        #expect(near(rotation.rotation, 0.5, 1e-9))
        // Finger 1 lifts: the pair becomes (2, 3), whose line has another angle.
        rig.up(1, 400 - 50 * cos(0.5), 300 - 50 * sin(0.5), at: 0.1)
        #expect(near(rotation.rotation, 0.5, 1e-9))
        #expect(rotation.state == .changed)
        // Finger 3 turns about finger 2 by a small angle.
        let f2 = Point(400 + 50 * cos(0.5), 300 + 50 * sin(0.5))
        let v = Point(400, 100) - f2
        let a = atan2(v.y, v.x) + 0.2
        rig.move(3, f2.x + v.length * cos(a), f2.y + v.length * sin(a), at: 0.12)
        #expect(near(rotation.rotation, 0.7, 1e-9))
    }

    @Test("the rotation velocity is radians per second from the fit")
    func velocity() {
        let rig = GestureRig()
        let rotation = RotationGestureRecognizer(id: "rotation")
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        // Finger 2 circles finger 1 at 2 rad/s, counter-clockwise on screen.
        for i in 1...30 {
            let a = -2.0 * Double(i) / 60
            rig.move(2, 350 + 100 * cos(a), 300 + 100 * sin(a), at: Double(i) / 60)
        }
        #expect(abs(rotation.velocity + 2) < 1e-6)
    }
}
