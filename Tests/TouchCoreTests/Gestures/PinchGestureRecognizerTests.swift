import Testing
import TouchCore

@Suite("PinchGestureRecognizer")
struct PinchGestureRecognizerTests {
    /// Two fingers on a horizontal line about (400, 300), `d` apart, moved one after the other.
    func spreadTo(_ rig: GestureRig, from d0: Double, to d1: Double, at t: Double, steps: Int) {
        for i in 1...steps {
            let d = d0 + (d1 - d0) * Double(i) / Double(steps)
            let ti = t + 0.01 * Double(i)
            rig.move(1, 400 - d / 2, 300, at: ti)
            rig.move(2, 400 + d / 2, 300, at: ti + 0.005)
        }
    }

    @Test("fingers going from 100 to 200 pt apart give a scale of 2")
    func scaleTwo() throws {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0.01)
        spreadTo(rig, from: 100, to: 200, at: 0.01, steps: 20)
        #expect(abs(pinch.scale - 2) <= 0.01)
        #expect(pinch.velocity > 0)
        rig.up(1, 300, 300, at: 0.3)
        rig.up(2, 500, 300, at: 0.31)
        let tr = rig.transitions("pinch")
        #expect(tr.first?.to == .began)
        // Steps of 2.5 pt per finger: 107.5 pt apart after finger 1's second step (7.5 of the 8 pt
        // threshold), 110 after finger 2's, at 0.01 + 0.02 + 0.005 s.
        #expect(tr.first?.reason == "began: finger distance changed 10 pt (threshold 8)")
        #expect(abs((tr.first?.t ?? 0) - 0.035) < 1e-9)
        let ended = try #require(tr.first { $0.to == .ended })
        #expect(ended.reason == "ended: fewer than 2 touches left")
        #expect(near(ended.outputs.scale, 2, 0.01))
        #expect(rig.states("pinch") .last == .possible)
    }

    @Test("the pinch begins only past the threshold")
    func threshold() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0.01)
        rig.move(2, 457, 300, at: 0.02)
        #expect(pinch.state == .possible)
        rig.move(2, 459, 300, at: 0.03)
        #expect(pinch.state == .began)
        #expect(near(pinch.scale, 1.09))
    }

    @Test("the scale velocity is scale per second from the fit")
    func velocity() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 300, 300, at: 0)
        rig.down(2, 500, 300, at: 0)
        // Finger 2 moves 100 pt/s away: the spread grows 50 pt/s over a base of 100: 0.5 scale/s.
        for i in 1...30 { rig.move(2, 500 + 100 * Double(i) / 60, 300, at: Double(i) / 60) }
        #expect(abs(pinch.velocity - 0.5) < 0.01)
    }

    @Test("three fingers lifting to two keep the scale continuous")
    func rebaseThreeToTwo() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 300, 300, at: 0)
        rig.down(2, 500, 300, at: 0)
        rig.down(3, 400, 200, at: 0)
        rig.move(1, 250, 300, at: 0.05)
        rig.move(2, 550, 300, at: 0.06)
        rig.move(3, 400, 150, at: 0.07)
        #expect(pinch.state.isActive)
        let before = pinch.scale
        #expect(before > 1.2)
        rig.up(3, 400, 150, at: 0.1)
        #expect(near(pinch.scale, before))
        #expect(pinch.state == .changed)
        #expect(rig.transitions("pinch").last?.reason == "changed: 2 touches (spread re-based)")
        // Two fingers, 300 apart, to 600 apart: the scale doubles from where it was.
        rig.move(1, 100, 300, at: 0.15)
        rig.move(2, 700, 300, at: 0.16)
        #expect(near(pinch.scale, before * 2))
        // A third finger landing does not change it either.
        rig.down(4, 400, 500, at: 0.2)
        #expect(near(pinch.scale, before * 2))
    }

    @Test("setting the scale to 1 re-bases it")
    func setScale() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        rig.move(2, 550, 300, at: 0.05)
        #expect(near(pinch.scale, 2))
        pinch.scale = 1
        rig.move(1, 250, 300, at: 0.1)
        #expect(near(pinch.scale, 300.0 / 200.0))
    }

    @Test("lifting both fingers before the threshold fails the pinch")
    func failsWithoutPinching() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0.01)
        rig.up(1, 350, 300, at: 0.1)
        #expect(pinch.state == .possible)
        rig.up(2, 450, 300, at: 0.11)
        #expect(rig.states("pinch") == [.failed, .possible])
        #expect(rig.transitions("pinch").first?.reason == "failed: touches lifted before the finger distance changed 8 pt")
    }
}
