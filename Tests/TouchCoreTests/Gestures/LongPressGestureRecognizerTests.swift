import Testing
import TouchCore

@Suite("LongPressGestureRecognizer")
struct LongPressGestureRecognizerTests {
    @Test("a long press begins at 0.5 s and not before")
    func beginsOnTime() throws {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        rig.add(press)
        rig.down(1, 200, 200, at: 0)
        rig.move(1, 205, 203, at: 0.2)
        rig.advance(to: 0.49)
        #expect(press.state == .possible)
        #expect(rig.transitions("press").isEmpty)
        rig.advance(to: 0.5)
        let began = try #require(rig.transitions("press").first)
        #expect(began.from == .possible && began.to == .began && began.t == 0.5)
        #expect(began.reason == "began: held 0.5 s within 10 pt")
        #expect(near(began.outputs.location, Point(205, 203)))
        // After it began, the finger may go anywhere: changed; the lift ends it.
        rig.move(1, 400, 400, at: 0.6)
        rig.up(1, 400, 400, at: 0.7)
        #expect(rig.states("press") == [.began, .changed, .ended, .possible])
        #expect(near(rig.transitions("press")[2].outputs.location, Point(400, 400)))
    }

    @Test("moving more than 10 pt before the duration fails the long press")
    func failsOnMovement() throws {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        rig.add(press)
        rig.down(1, 200, 200, at: 0)
        rig.move(1, 208, 206, at: 0.1)  // exactly 10 pt: still allowed
        #expect(press.state == .possible)
        rig.move(1, 209, 206, at: 0.2)
        let failed = try #require(rig.transitions("press").first)
        #expect(failed.to == .failed)
        #expect(failed.reason == "failed: moved 10.82 pt, more than allowableMovement 10")  // (9, 6): 10.817 pt
        rig.advance(to: 1)
        #expect(rig.states("press") == [.failed])
        rig.up(1, 209, 206, at: 1.1)
        #expect(rig.states("press") == [.failed, .possible])
    }

    @Test("lifting early fails the long press")
    func liftedEarly() {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        rig.add(press)
        rig.down(1, 200, 200, at: 0)
        rig.up(1, 200, 200, at: 0.3)
        rig.advance(to: 1)
        #expect(rig.states("press") == [.failed, .possible])
        #expect(rig.transitions("press").first?.reason == "failed: lifted after 0.3 s, before the minimum press duration 0.5 s")
    }

    @Test("the duration, the allowable movement and the touch count are per instance")
    func configurable() {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        press.minimumPressDuration = 1
        press.allowableMovement = 30
        press.numberOfTouchesRequired = 2
        rig.add(press)
        rig.down(1, 200, 200, at: 0)
        rig.down(2, 300, 200, at: 0.1)
        rig.move(1, 220, 200, at: 0.2)
        rig.advance(to: 1.0)
        #expect(press.state == .possible)
        rig.advance(to: 1.1)
        #expect(press.state == .began)
    }

    @Test("a press that follows a tap needs numberOfTapsRequired 1")
    func tapsRequired() {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        press.numberOfTapsRequired = 1
        rig.add(press)
        rig.down(1, 200, 200, at: 0)
        rig.up(1, 200, 200, at: 0.05)
        rig.down(1, 202, 201, at: 0.2)
        rig.advance(to: 0.7)
        #expect(press.state == .began)
        // The first press is tap 1 of its sequence: not after a tap; the second (tap 2) begins.
        #expect(rig.transitions("press").first?.reason == "failed: touch is tap 1 of a multi-tap; long press needs 1 tap(s) first")
    }
}
