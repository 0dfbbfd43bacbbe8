import Testing
@testable import TouchCore

/// A tiny tap recognizer: recognizes when its touches end having moved less than 10 pt.
final class TinyTap: DiscreteGestureRecognizer, DefaultActionDescribing {
    var taps = 1
    var defaultActionKind: DefaultActionKind { .tap(taps: taps, touches: 1) }
    override func touchesMoved(_ touches: [Touch], with event: Event) {
        for t in touches where t.locationInWindow.distance(to: t.startLocationInWindow) > 10 { fail("failed: moved") }
    }
    override func touchesEnded(_ touches: [Touch], with event: Event) {
        if state == .possible { recognize("recognized: tapped") }
    }
}

/// A tiny pan-like recognizer that declares itself a pan (for the switch rule).
final class TinyPan: ContinuousGestureRecognizer, DefaultActionDescribing {
    var defaultActionKind: DefaultActionKind { .pan(minimumTouches: 1, maximumTouches: Int.max) }
    override func touchesMoved(_ touches: [Touch], with event: Event) {
        if state == .possible { begin() } else { change() }
    }
    override func touchesEnded(_ touches: [Touch], with event: Event) { if state.isActive { end() } }
}

/// A tiny swipe-like recognizer declaring a right swipe.
final class TinySwipe: DiscreteGestureRecognizer, DefaultActionDescribing {
    var horizontal = true
    var defaultActionKind: DefaultActionKind { .swipe(touches: 1, horizontal: horizontal, vertical: !horizontal) }
    override func touchesEnded(_ touches: [Touch], with event: Event) { if state == .possible { recognize() } }
}

@Suite("Controls win their default action")
struct DefaultActionTests {
    func panelWithButton() -> (Application, Recorder, View, Button, TinyTap) {
        let (app, rec) = makeApp()
        let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let b = Button(id: "ok", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        panel.addSubview(b)
        app.window.addSubview(panel)
        let tap = TinyTap(id: "panelTap")
        panel.addGestureRecognizer(tap)
        return (app, rec, panel, b, tap)
    }

    @Test("a panel's tap recognizer is not given the button's touch")
    func panelTapSkipsButton() {
        let (app, rec, _, _, _) = panelWithButton()
        app.tap(150, 125, at: 0)
        #expect(rec.gestureTransitions(of: "panelTap").isEmpty)
        #expect(rec.events(of: "ok") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(rec.notes("gesture").contains { $0.contains("panelTap does not analyse touch") && $0.contains("ok's default action wins") })
    }

    @Test("the panel's tap recognizer still recognizes taps outside the button")
    func panelTapElsewhere() {
        let (app, rec, _, _, _) = panelWithButton()
        app.tap(300, 300, at: 0)
        #expect(rec.gestureTransitions(of: "panelTap") == ["recognized", "possible"])
    }

    @Test("a double-tap recognizer on the panel still analyses the button's touch")
    func doubleTapNotBlocked() {
        let (app, rec, _, _, tap) = panelWithButton()
        tap.taps = 2
        app.down(150, 125, at: 0)
        #expect(rec.notes("gesture").isEmpty)
        #expect(app.window.subviews[0].gestureRecognizers[0].isTracking(app.currentEvent!.allTouches[0]))
        app.up(150, 125, at: 0.05)
    }

    @Test("a disabled button does not keep its tap from the panel")
    func disabledButtonLetsTapThrough() {
        let (app, rec, _, b, _) = panelWithButton()
        b.isEnabled = false
        app.tap(150, 125, at: 0)
        #expect(rec.gestureTransitions(of: "panelTap") == ["recognized", "possible"])
        #expect(rec.controlEvents.isEmpty)
    }

    @Test("a tap recognizer attached to the button itself gets the touch first, as usual")
    func ownRecognizer() {
        let (app, rec, _, b, _) = panelWithButton()
        b.addGestureRecognizer(TinyTap(id: "buttonTap"))
        app.tap(150, 125, at: 0)
        #expect(rec.gestureTransitions(of: "buttonTap") == ["recognized", "possible"])
        // It recognized and cancelled the button's touch (cancelsTouchesInView).
        #expect(rec.events(of: "ok") == ["touchDown", "touchCancel"])
    }

    @Test("a switch keeps a single-finger pan from an ancestor; a button does not")
    func switchKeepsPan() {
        let (app, rec) = makeApp()
        let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let s = Switch(id: "wifi", frame: Rect(x: 100, y: 100, width: 51, height: 31))
        let b = Button(id: "ok", frame: Rect(x: 100, y: 200, width: 100, height: 50))
        panel.addSubview(s); panel.addSubview(b)
        app.window.addSubview(panel)
        panel.addGestureRecognizer(TinyPan(id: "panelPan"))
        app.down(110, 115, at: 0); app.move(140, 115, at: 0.05); app.up(140, 115, at: 0.1)
        #expect(rec.gestureTransitions(of: "panelPan").isEmpty)
        #expect(s.isOn)
        app.down(150, 225, at: 1); app.move(180, 225, at: 1.05); app.up(180, 225, at: 1.1)
        #expect(rec.gestureTransitions(of: "panelPan") == ["began", "ended", "possible"])
        #expect(rec.events(of: "ok") == ["touchDown", "touchCancel"])
    }

    @Test("a slider keeps a horizontal swipe that starts on its thumb, not one on the track or a vertical one")
    func sliderKeepsSwipeOnThumb() {
        let (app, rec) = makeApp()
        let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let sl = Slider(id: "volume", frame: Rect(x: 100, y: 100, width: 228, height: 31), value: 0)
        panel.addSubview(sl)
        app.window.addSubview(panel)
        let swipe = TinySwipe(id: "panelSwipe")
        panel.addGestureRecognizer(swipe)
        app.tap(114, 115, at: 0)   // on the thumb
        #expect(rec.gestureTransitions(of: "panelSwipe").isEmpty)
        app.tap(250, 115, at: 1)   // on the track
        #expect(rec.gestureTransitions(of: "panelSwipe") == ["recognized", "possible"])
        rec.clear()
        swipe.horizontal = false
        app.tap(114, 115, at: 2)   // on the thumb, but a vertical swipe
        #expect(rec.gestureTransitions(of: "panelSwipe") == ["recognized", "possible"])
    }

    @Test("steppers, segmented controls and page controls keep their single tap")
    func otherControlsKeepTap() {
        let (app, rec) = makeApp()
        let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 600, height: 400))
        panel.addSubview(Stepper(id: "st", frame: Rect(x: 0, y: 0, width: 94, height: 32)))
        panel.addSubview(SegmentedControl(id: "seg", frame: Rect(x: 0, y: 100, width: 240, height: 32), segments: ["a", "b"]))
        panel.addSubview(PageControl(id: "pc", frame: Rect(x: 0, y: 200, width: 120, height: 26), numberOfPages: 3))
        app.window.addSubview(panel)
        panel.addGestureRecognizer(TinyTap(id: "panelTap"))
        app.tap(70, 16, at: 0)
        app.tap(180, 116, at: 1)
        app.tap(100, 213, at: 2)
        #expect(rec.gestureTransitions(of: "panelTap").isEmpty)
        #expect(rec.events(of: "st").contains("touchUpInside"))
        #expect(rec.events(of: "seg").contains("valueChanged"))
        #expect(rec.events(of: "pc").contains("valueChanged"))
    }
}
