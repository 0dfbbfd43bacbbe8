import Testing
@testable import TouchCore

// Expected behaviour from Apple's UIHoverGestureRecognizer documentation: "A continuous
// gesture recognizer that interprets pointer movement over a view", whose action the system
// calls "when the pointer enters, exits, and moves across the view", "with no other user
// interactions, such as clicking the mouse button"; and zOffset: "This value is 0 for devices
// that don't support zOffset."

@Suite("HoverGestureRecognizer")
struct HoverGestureRecognizerTests {
    /// A rig with `link` (100…200 square) carrying a hover recognizer and a tap, fed through
    /// the input mapper as the mouse.
    final class HoverRig {
        let rig = Rig()
        let hover = HoverGestureRecognizer(id: "rollover")
        let tap = TapGestureRecognizer(id: "tap")
        var mapper = InputMapper(sceneSize: Size(width: 800, height: 600), defaults: Defaults())
        var actions: [String] = []
        init() {
            let link = rig.view("link", 100, 100, 100, 100)
            link.addGestureRecognizer(hover)
            link.addGestureRecognizer(tap)
            hover.addTarget { [unowned self] r in
                let p = r.location(in: r.view)
                actions.append("\(r.state.rawValue) \(Int(p.x)),\(Int(p.y))")
            }
        }
        func feed(_ t: Double, _ kind: RawInput.Kind) {
            for e in mapper.map(RawInput(t: t, kind)) { rig.app.send(e, at: t) }
        }
    }

    @Test("began as the pointer enters the view, changed as it moves across, ended as it exits")
    func entersMovesExits() {
        let h = HoverRig()
        h.feed(0.0, .mouseMove(x: 50, y: 50, button: nil))
        #expect(h.hover.state == .possible)
        h.feed(0.1, .mouseMove(x: 150, y: 150, button: nil))
        h.feed(0.2, .mouseMove(x: 160, y: 150, button: nil))
        h.feed(0.3, .mouseMove(x: 250, y: 150, button: nil))
        #expect(h.rig.transitions(of: "rollover") == ["possible>began", "began>changed", "changed>ended", "ended>possible"])
        // The location in the view's own space: (150, 150) in the window is (50, 50) in link.
        #expect(h.actions == ["began 50,50", "changed 60,50", "ended 60,50"])
        #expect(h.hover.zOffset == 0)
        let ended = h.rig.gestureRecords(of: "rollover").first { $0.to == .ended }
        #expect(ended?.reason == "ended: the pointer left link")
    }

    @Test("a press ends the hover, the touch goes on to the touch recognizers, and the next move with no button begins a new hover")
    func pressEndsHover() {
        let h = HoverRig()
        h.feed(0.0, .mouseMove(x: 150, y: 150, button: nil))
        h.feed(0.1, .mouseDown(x: 150, y: 150, button: .left))
        #expect(h.hover.state == .possible)
        #expect(h.rig.gestureRecords(of: "rollover").first { $0.to == .ended }?.reason == "ended: a button went down")
        h.feed(0.15, .mouseUp(x: 150, y: 150, button: .left))
        #expect(h.rig.transitions(of: "tap") == ["possible>recognized", "recognized>possible"])
        h.feed(0.2, .mouseMove(x: 151, y: 150, button: nil))
        #expect(h.hover.state == .began)
        // A drag (the left button held) is a touch, not a hover.
        h.feed(0.3, .mouseDown(x: 151, y: 150, button: .left))
        h.feed(0.4, .mouseMove(x: 170, y: 150, button: .left))
        #expect(h.hover.state == .possible)
        #expect(h.hover.trackedTouches.isEmpty)
    }

    @Test("the window losing focus ends a hover under way")
    func focusLost() {
        let h = HoverRig()
        h.feed(0.0, .mouseMove(x: 150, y: 150, button: nil))
        h.feed(0.1, .focusLost)
        #expect(h.rig.gestureRecords(of: "rollover").first { $0.to == .ended }?.reason == "ended: window lost focus")
    }

    @Test("a disabled hover recognizer does not begin")
    func disabled() {
        let h = HoverRig()
        h.hover.isEnabled = false
        h.feed(0.0, .mouseMove(x: 150, y: 150, button: nil))
        #expect(h.rig.transitions(of: "rollover").isEmpty)
    }
}

// A pen in range (UIHoverGestureRecognizer.zOffset: "1 at the maximum distance from the
// screen and approaches 0 as the pointing device gets closer to the screen"): the input
// mapper's pen-hover carries the zOffset the device's distance gives; the pen touching ends
// the hover (UIKit ends a Pencil's hover when it touches), so does leaving the range, each
// with the rule `why` names.
@Suite("HoverGestureRecognizer: a pen in range")
struct PenHoverRecognizerTests {
    @Test("zOffset follows the pen; the touch, the range and the focus end the hover, each with its rule")
    func penHover() {
        let h = HoverGestureRecognizerTests.HoverRig()
        var z: [Double] = []
        h.hover.addTarget { r in z.append((r as! HoverGestureRecognizer).zOffset) }
        h.feed(0.0, .penHover(x: 150, y: 150, z: 0.75))
        h.feed(0.1, .penHover(x: 150, y: 150, z: 0.25))
        #expect(z == [0.75, 0.25])
        h.feed(0.2, .fingerDown(finger: 1, x: 150, y: 150))
        h.feed(0.3, .fingerUp(finger: 1, x: 150, y: 150))
        h.feed(0.4, .penHover(x: 160, y: 150, z: 0.5))
        h.feed(0.5, .penHoverEnd())
        h.feed(0.6, .penHover(x: 160, y: 150, z: 0.5))
        h.feed(0.7, .focusLost)
        func rules(_ state: GestureState) -> [(reason: String, rule: GestureRule?)] {
            h.rig.records.compactMap { r in
                if case let .gesture(rid, _, _, to, reason, _) = r.body, rid == "rollover", to == state { return (reason.string, r.decision?.rule) }
                return nil
            }
        }
        let ended = rules(.ended)
        #expect(ended.map(\.reason) == ["ended: the pen touched the screen", "ended: the pen left the range", "ended: window lost focus"])
        #expect(ended.map(\.rule) == [.pointerTouched, .penOutOfRange, .interrupted])
        let began = rules(.began)
        #expect(began.count == 3 && began.allSatisfy { $0.rule == .pointerOver })
        // The tap on the link still recognizes: the pen's touch is a touch like any other.
        #expect(h.rig.transitions(of: "tap").first == "possible>recognized")
    }

    @Test("a pen-hover-end with no hover under way, and zOffset outside 0…1 from a program, are harmless")
    func edges() {
        let h = HoverGestureRecognizerTests.HoverRig()
        h.feed(0.0, .penHoverEnd())
        #expect(h.hover.state == .possible)
        h.feed(0.1, .penHover(x: 150, y: 150, z: 7))
        #expect(h.hover.zOffset == 1)
    }
}
