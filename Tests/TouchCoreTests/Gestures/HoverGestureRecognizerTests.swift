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
