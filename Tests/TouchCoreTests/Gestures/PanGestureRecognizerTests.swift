import Testing
import TouchCore

@Suite("PanGestureRecognizer")
struct PanGestureRecognizerTests {
    @Test("a one-finger drag by (100, 50) gives a translation of (100, 50)")
    func dragTranslation() throws {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.drag(1, from: Point(100, 100), to: Point(200, 150), at: 0, duration: 0.2, steps: 12)
        #expect(near(pan.translation(in: nil), Point(100, 50)))
        #expect(near(pan.translation(in: rig.view), Point(100, 50)))
        rig.up(1, 200, 150, at: 0.25)
        let tr = rig.transitions("pan")
        #expect(tr.first?.to == .began)
        // Steps of (8.33, 4.17), 9.32 pt each: the second (18.63 pt) is the first over the 10 pt slop.
        #expect(tr.first?.reason == "began: centroid moved 18.63 pt (slop 10)")
        let ended = try #require(tr.first { $0.to == .ended })
        #expect(near(ended.outputs.translation, Point(100, 50)))
        #expect(rig.states("pan").last == .possible)
        #expect(pan.state == .possible)
    }

    @Test("the pan begins only once the centroid moves past the slop")
    func slop() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.move(1, 108, 100, at: 0.05)
        #expect(pan.state == .possible)
        rig.move(1, 111, 100, at: 0.1)
        #expect(pan.state == .began)
        pan.panSlop = 40
        rig.up(1, 111, 100, at: 0.2)
        rig.down(2, 100, 100, at: 1)
        rig.move(2, 130, 100, at: 1.05)
        #expect(pan.state == .possible)
        rig.up(2, 130, 100, at: 1.1)
        #expect(rig.transitions("pan").contains { $0.to == .failed && $0.reason.contains("before the centroid moved 40 pt") })
    }

    @Test("the velocity of a constant-speed drag is that speed, despite jitter")
    func velocityWithJitter() throws {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 300, at: 0)
        let dt = 1.0 / 60.0
        for i in 1...30 {
            let jitter = i % 2 == 0 ? 3.0 : -3.0
            rig.move(1, 100 + 600 * Double(i) * dt + jitter, 300 - 120 * Double(i) * dt, at: Double(i) * dt)
        }
        let v = pan.velocity(in: nil)
        #expect(abs(v.x - 600) < 30)
        #expect(abs(v.y + 120) < 5)
        // The last two samples would say 600 ± 360.
        rig.up(1, 100 + 600 * 31 * dt, 300 - 120 * 31 * dt, at: 31 * dt)
        let ended = try #require(rig.transitions("pan").first { $0.to == .ended })
        #expect(abs((ended.outputs.velocityVector?.x ?? 0) - 600) < 30)
    }

    @Test("a finger that rests before lifting leaves no velocity")
    func restBeforeLift() throws {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.drag(1, from: Point(100, 100), to: Point(300, 100), at: 0, duration: 0.2, steps: 12)
        rig.up(1, 300, 100, at: 0.6)
        let ended = try #require(rig.transitions("pan").first { $0.to == .ended })
        #expect(ended.outputs.velocityVector == .zero)
    }

    @Test("a second finger landing does not make the translation jump")
    func rebaseOnLanding() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.drag(1, from: Point(100, 100), to: Point(150, 100), at: 0, duration: 0.1, steps: 5)
        #expect(near(pan.translation(in: nil), Point(50, 0)))
        // The centroid shifts by 100 pt when finger 2 lands; the translation does not.
        rig.down(2, 350, 100, at: 0.12)
        #expect(near(pan.translation(in: nil), Point(50, 0)))
        #expect(pan.state == .changed)
        // Both fingers move 20 pt down: the centroid moves 20 pt.
        rig.move(1, 150, 120, at: 0.14)
        rig.move(2, 350, 120, at: 0.15)
        #expect(near(pan.translation(in: nil), Point(50, 20)))
        // Finger 1 lifts: the centroid jumps to finger 2, the translation does not.
        rig.up(1, 150, 120, at: 0.2)
        #expect(near(pan.translation(in: nil), Point(50, 20)))
        #expect(pan.state == .changed)
        rig.move(2, 360, 120, at: 0.22)
        #expect(near(pan.translation(in: nil), Point(60, 20)))
        // No transition shows a jump of the translation.
        let xs = rig.transitions("pan").compactMap { $0.outputs.translation?.x }
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(abs(b - a) <= 10.0001) }
    }

    @Test("setTranslation re-zeroes the translation but not the velocity")
    func setTranslation() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.drag(1, from: Point(100, 100), to: Point(200, 100), at: 0, duration: 0.1, steps: 6)
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
        #expect(abs(pan.velocity(in: nil).x - 1000) < 1)
        rig.move(1, 210, 105, at: 0.12)
        #expect(near(pan.translation(in: nil), Point(10, 5)))
    }

    @Test("more than maximumNumberOfTouches before it begins makes the pan fail")
    func tooManyTouches() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        pan.maximumNumberOfTouches = 1
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.down(2, 200, 100, at: 0.01)
        #expect(rig.transitions("pan").first?.to == .failed)
        #expect(rig.transitions("pan").first?.reason.contains("more than maximumNumberOfTouches 1") == true)
    }

    @Test("a two-finger pan waits for its second finger")
    func minimumTouches() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        pan.minimumNumberOfTouches = 2
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.move(1, 150, 100, at: 0.05)
        #expect(pan.state == .possible)
        rig.down(2, 200, 100, at: 0.06)
        // The one-finger travel before does not count: 4 pt of centroid so far.
        rig.move(1, 158, 100, at: 0.07)
        #expect(pan.state == .possible)
        rig.move(1, 172, 100, at: 0.08)
        #expect(pan.state == .began)
        #expect(near(pan.translation(in: nil), Point(11, 0)))
        rig.move(2, 220, 100, at: 0.09)
        #expect(pan.state == .changed)
        rig.up(2, 220, 100, at: 0.1)
        #expect(rig.transitions("pan").last?.reason.contains("fewer than minimumNumberOfTouches 2") == true)
        #expect(pan.state == .ended)
        rig.up(1, 170, 100, at: 0.2)
        #expect(pan.state == .possible)
    }

    @Test("disabling an active pan cancels it")
    func disablingCancels() {
        let rig = GestureRig()
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(pan)
        rig.down(1, 100, 100, at: 0)
        rig.drag(1, from: Point(100, 100), to: Point(160, 100), at: 0, duration: 0.1, steps: 4)
        #expect(pan.state == .changed)
        pan.isEnabled = false
        #expect(pan.state == .cancelled)
        #expect(rig.transitions("pan").last?.reason == "cancelled: disabled while active")
        rig.move(1, 200, 100, at: 0.15)
        rig.up(1, 200, 100, at: 0.2)
        #expect(rig.states("pan") == [.began, .changed, .changed, .changed, .cancelled, .possible])
    }
}
