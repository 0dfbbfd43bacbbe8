import Foundation
import Testing
import TouchCore

// The built-in recognizers under the base's arbitration: failure requirements, default
// exclusivity and simultaneous recognition (SPEC.md section 5, "Interaction between recognizers").
@Suite("Built-in recognizers together")
struct GestureInteractionTests {
    /// A rig with a (rightward) swipe and a pan that requires it to fail, added in either order.
    private func panRequiringSwipe(swipeFirst: Bool) -> (GestureRig, SwipeGestureRecognizer, PanGestureRecognizer) {
        let rig = GestureRig()
        let swipe = SwipeGestureRecognizer(id: "swipe")
        let pan = PanGestureRecognizer(id: "pan")
        pan.require(toFail: swipe)
        if swipeFirst { rig.add(swipe); rig.add(pan) } else { rig.add(pan); rig.add(swipe) }
        return (rig, swipe, pan)
    }

    @Test("a swipe is not read as a pan when the pan requires the swipe to fail")
    func swipeIsNotAPan() throws {
        let (rig, _, _) = panRequiringSwipe(swipeFirst: false)
        rig.down(1, 100, 300, at: 0)
        rig.drag(1, from: Point(100, 300), to: Point(200, 300), at: 0, duration: 0.1, steps: 10)
        rig.up(1, 200, 300, at: 0.12)
        #expect(rig.states("swipe") == [.recognized, .possible])
        let panStates = rig.transitions("pan")
        #expect(panStates.map(\.to) == [.failed, .possible])
        #expect(panStates.first?.reason == "failed: requires swipe to fail, which recognized")
        // The pan was held, never began.
        #expect(!panStates.contains { $0.to == .began })
    }

    @Test("a slow drag becomes a pan once the swipe fails")
    func slowDragIsAPan() throws {
        let (rig, _, _) = panRequiringSwipe(swipeFirst: true)
        rig.down(1, 100, 300, at: 0)
        // 100 pt/s: past the pan's slop at 0.1 s, too slow for a swipe.
        rig.drag(1, from: Point(100, 300), to: Point(200, 300), at: 0, duration: 1, steps: 50)
        rig.up(1, 200, 300, at: 1.05)
        let swipeFail = try #require(rig.transitions("swipe").first)
        #expect(swipeFail.to == .failed)
        let tr = rig.transitions("pan")
        let began = try #require(tr.first)
        #expect(began.to == .began)
        #expect(began.t == swipeFail.t)
        #expect(began.reason == "began: swipe failed")
        // The swipe's timer runs out at 0.5 s, the instant of a move: the pan begins with that
        // move read, its translation the whole drag so far (nothing lost while held), and no
        // record at the same instant tells another.
        #expect(began.t == 0.5)
        #expect(began.outputs.translation == Point(50, 0))
        for other in tr.dropFirst() where other.t == began.t {
            #expect(other.outputs.translation == began.outputs.translation, "\(other.to) at \(other.t)")
        }
        #expect(tr.map(\.to).suffix(2) == [.ended, .possible])
        #expect(near(tr.first { $0.to == .ended }?.outputs.translation, Point(100, 0)))
    }

    @Test("a swipe whose timer runs out between two moves fails at its deadline, and the pan begins there with the finger where it was")
    func heldPanBeginsAtTheDeadline() throws {
        let (rig, _, _) = panRequiringSwipe(swipeFirst: true)
        rig.down(1, 100, 300, at: 0)
        // 100 pt/s, a move every 0.04 s: at 0.48 s and 0.52 s, none at the swipe's 0.5 s.
        rig.drag(1, from: Point(100, 300), to: Point(200, 300), at: 0, duration: 1, steps: 25)
        rig.up(1, 200, 300, at: 1.05)
        let swipeFail = try #require(rig.transitions("swipe").first)
        #expect(swipeFail.to == .failed && swipeFail.t == 0.5)
        let tr = rig.transitions("pan")
        let began = try #require(tr.first)
        #expect(began.to == .began && began.t == 0.5)
        // At 0.5 s the finger is where the move at 0.48 s left it.
        #expect(near(began.outputs.translation?.x ?? 0, 48, 1e-9))
        let next = try #require(tr.dropFirst().first)
        #expect(next.to == .changed && next.t == 0.52)
        #expect(near(next.outputs.translation?.x ?? 0, 52, 1e-9))
    }

    @Test("a pan that begins because a swipe failed on a move carries that move's translation",
          arguments: [true, false])
    func heldPanBeginsWithTheSample(swipeFirst: Bool) throws {
        let (rig, _, _) = panRequiringSwipe(swipeFirst: swipeFirst)
        rig.down(1, 300, 300, at: 0)
        // Leftwards, 10 pt per move: the pan asks to begin past its 10 pt slop and is held;
        // the swipe fails ("wrong direction") on the move that reaches its 50 pt.
        rig.drag(1, from: Point(300, 300), to: Point(200, 300), at: 0, duration: 0.1, steps: 10)
        rig.up(1, 200, 300, at: 0.12)
        let swipeFail = try #require(rig.transitions("swipe").first)
        #expect(swipeFail.to == .failed)
        let tr = rig.transitions("pan")
        let began = try #require(tr.first)
        #expect(began.to == .began)
        #expect(began.t == swipeFail.t)
        // The finger's travel at that instant: the whole drag so far, this move included.
        let travelled = -1000 * began.t
        #expect(near(began.outputs.translation?.x ?? 0, travelled, 1e-6))
        // No second record at the same instant tells a different translation.
        for other in tr.dropFirst() where other.t == began.t {
            #expect(near(other.outputs.translation?.x ?? 0, travelled, 1e-6))
        }
    }

    @Test("a pan held by a swipe and lifted before the swipe decides ends in order")
    func heldPanLifted() {
        let (rig, _, pan) = panRequiringSwipe(swipeFirst: false)
        rig.down(1, 100, 300, at: 0)
        rig.drag(1, from: Point(100, 300), to: Point(130, 300), at: 0, duration: 0.2, steps: 4)
        #expect(pan.state == .possible)
        rig.up(1, 130, 300, at: 0.25)
        #expect(rig.states("swipe") == [.failed, .possible])
        #expect(rig.states("pan") == [.began, .ended, .possible])
    }

    @Test("a long press and a pan exclude each other by default")
    func longPressAndPanExclusive() throws {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(press)
        rig.add(pan)
        rig.down(1, 200, 200, at: 0)
        rig.advance(to: 0.5)
        #expect(press.state == .began)
        let panFail = try #require(rig.transitions("pan").first)
        #expect(panFail.to == .failed)
        #expect(panFail.reason == "failed: press began first (default exclusivity)")
        rig.drag(1, from: Point(200, 200), to: Point(300, 200), at: 0.5, duration: 0.2, steps: 5)
        rig.up(1, 300, 200, at: 0.8)
        #expect(rig.states("pan") == [.failed, .possible])
        #expect(rig.states("press") == [.began, .changed, .changed, .changed, .changed, .changed, .ended, .possible])
    }

    @Test("a quick drag is a pan and fails the long press")
    func quickDragIsAPan() {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        let pan = PanGestureRecognizer(id: "pan")
        rig.add(press)
        rig.add(pan)
        rig.down(1, 200, 200, at: 0)
        rig.drag(1, from: Point(200, 200), to: Point(300, 200), at: 0, duration: 0.2, steps: 10)
        rig.advance(to: 0.6)
        #expect(pan.state == .changed)
        #expect(rig.states("press") == [.failed])
    }

    @Test("a long press and a pan recognize simultaneously when a delegate allows it")
    func longPressAndPanSimultaneous() {
        let rig = GestureRig()
        let press = LongPressGestureRecognizer(id: "press")
        let pan = PanGestureRecognizer(id: "pan")
        let answers = Answers()
        answers.simultaneousWith = ["press"]
        pan.ownedDelegate = answers
        rig.add(press)
        rig.add(pan)
        rig.down(1, 200, 200, at: 0)
        rig.advance(to: 0.5)
        #expect(press.state == .began)
        #expect(pan.state == .possible)
        rig.drag(1, from: Point(200, 200), to: Point(300, 200), at: 0.5, duration: 0.2, steps: 5)
        #expect(press.state == .changed)
        #expect(pan.state == .changed)
        #expect(near(pan.translation(in: nil), Point(100, 0)))
        rig.up(1, 300, 200, at: 0.8)
        #expect(rig.states("press").suffix(2) == [.ended, .possible])
        #expect(rig.states("pan").suffix(2) == [.ended, .possible])
    }

    @Test("a pinch and a rotation on one photo run together when allowed")
    func pinchAndRotation() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        let rotation = RotationGestureRecognizer(id: "rotation")
        let answers = Answers()
        answers.simultaneousWith = ["rotation"]
        pinch.ownedDelegate = answers
        rig.add(pinch)
        rig.add(rotation)
        rig.down(1, 350, 300, at: 0)
        rig.down(2, 450, 300, at: 0)
        // Finger 2 goes from (450, 300) to (400, 400): the pair turns and spreads.
        rig.drag(2, from: Point(450, 300), to: Point(400, 400), at: 0, duration: 0.2, steps: 10)
        #expect(pinch.state == .changed)
        #expect(rotation.state == .changed)
        // From (100, 0) between the fingers to (50, 100): both measured from where they landed.
        #expect(abs(pinch.scale - (50.0 * 50 + 100 * 100).squareRoot() / 100) < 1e-9, "\(pinch.scale)")
        #expect(abs(rotation.rotation - atan2(100.0, 50)) < 1e-9, "\(rotation.rotation)")
    }

    @Test("cancelling the touches cancels an active pinch")
    func cancelledPinch() {
        let rig = GestureRig()
        let pinch = PinchGestureRecognizer(id: "pinch")
        rig.add(pinch)
        rig.down(1, 300, 300, at: 0)
        rig.down(2, 400, 300, at: 0)
        rig.move(2, 420, 300, at: 0.05)
        #expect(pinch.state == .began)
        rig.app.send(.cancelAllTouches(reason: "focus lost"), at: 0.2)
        #expect(rig.states("pinch") == [.began, .cancelled, .possible])
        #expect(rig.transitions("pinch")[1].reason == "cancelled: touches cancelled by focus lost")
    }

    @Test("cancelling the touches fails a pan held by a swipe, whichever was added first", arguments: [true, false])
    func cancelledHeldPan(panFirst: Bool) {
        let (rig, _, pan) = panRequiringSwipe(swipeFirst: !panFirst)
        rig.down(1, 100, 300, at: 0)
        rig.drag(1, from: Point(100, 300), to: Point(130, 300), at: 0, duration: 0.2, steps: 4)
        #expect(pan.state == .possible)  // began, held by the swipe
        rig.app.send(.cancelAllTouches(reason: "focus lost"), at: 0.25)
        #expect(rig.states("pan") == [.failed, .possible])
        #expect(rig.states("swipe") == [.failed, .possible])
    }
}
