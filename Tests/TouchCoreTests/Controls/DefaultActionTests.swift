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
        #expect(app.window.subviews[0].gestureRecognizers[0].isTracking(app.hot.currentEvent!.allTouches[0]))
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

    /// A panel with a switch (thumb off, at x 100…131) and a button, and a pan on the panel.
    func panelWithSwitch() -> (Application, Recorder, Switch) {
        let (app, rec) = makeApp()
        let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let s = Switch(id: "wifi", frame: Rect(x: 100, y: 100, width: 51, height: 31))
        let b = Button(id: "ok", frame: Rect(x: 100, y: 200, width: 100, height: 50))
        panel.addSubview(s); panel.addSubview(b)
        app.window.addSubview(panel)
        panel.addGestureRecognizer(PanGestureRecognizer(id: "panelPan"))
        return (app, rec, s)
    }

    @Test("a drag along a switch's thumb stays with the switch: the ancestor's pan fails when it would begin")
    func switchKeepsPanAlong() {
        let (app, rec, s) = panelWithSwitch()
        app.down(115, 115, at: 0)
        #expect(rec.notes("gesture").isEmpty)   // undecided at touch-down: the direction is not known yet
        app.move(130, 116, at: 0.05); app.move(150, 117, at: 0.1); app.up(150, 117, at: 0.15)
        #expect(rec.gestureTransitions(of: "panelPan") == ["failed", "possible"])
        let reason = rec.records.compactMap { r -> String? in
            if case let .gesture(g, _, _, .failed, reason, _) = r.body, g == "panelPan" { return reason.string }
            return nil
        }
        #expect(reason == ["failed: wifi's default action wins (the motion runs along it)"])
        #expect(s.isOn)
        #expect(rec.events(of: "wifi").last == "touchUpInside")
    }

    @Test("a drag across a switch's thumb goes to the ancestor's pan, and the switch's touch is cancelled")
    func switchPanAcross() {
        let (app, rec, s) = panelWithSwitch()
        app.down(115, 115, at: 0)
        app.move(116, 130, at: 0.05); app.move(117, 160, at: 0.1); app.up(117, 160, at: 0.15)
        #expect(rec.gestureTransitions(of: "panelPan") == ["began", "changed", "ended", "possible"])
        #expect(rec.events(of: "wifi") == ["touchDown", "touchCancel"])
        #expect(!s.isOn)
    }

    @Test("a button keeps no drag from the ancestor's pan")
    func buttonLetsPanThrough() {
        let (app, rec, _) = panelWithSwitch()
        app.down(150, 225, at: 1); app.move(180, 225, at: 1.05); app.up(180, 225, at: 1.1)
        #expect(rec.gestureTransitions(of: "panelPan") == ["began", "ended", "possible"])
        #expect(rec.events(of: "ok") == ["touchDown", "touchCancel"])
    }

    /// A panel with a slider (value 0: the thumb at x 100…128) and a four-direction swipe on the panel.
    func panelWithSlider() -> (Application, Recorder, Slider) {
        let (app, rec) = makeApp()
        let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let sl = Slider(id: "volume", frame: Rect(x: 100, y: 150, width: 228, height: 31), value: 0)
        panel.addSubview(sl)
        app.window.addSubview(panel)
        let swipe = SwipeGestureRecognizer(id: "panelSwipe")
        swipe.direction = .all
        panel.addGestureRecognizer(swipe)
        return (app, rec, sl)
    }

    @Test("a vertical flick on a slider's thumb goes to the ancestor's four-direction swipe, which cancels the slider's touch")
    func sliderVerticalFlick() {
        let (app, rec, sl) = panelWithSlider()
        app.down(114, 165, at: 0)
        app.move(115, 140, at: 0.03); app.move(116, 100, at: 0.06); app.up(116, 100, at: 0.08)
        #expect(rec.gestureTransitions(of: "panelSwipe") == ["recognized", "possible"])
        // The slider follows the finger (it moved 1 pt sideways) until the swipe takes the touch.
        #expect(rec.events(of: "volume").first == "touchDown")
        #expect(rec.events(of: "volume").last == "touchCancel")
        #expect(!rec.events(of: "volume").contains("touchUpInside"))
        #expect(sl.value < 0.02)
    }

    @Test("a horizontal swipe on a slider's thumb stays with the slider: the ancestor's swipe fails")
    func sliderHorizontalSwipe() {
        let (app, rec, sl) = panelWithSlider()
        app.down(114, 165, at: 0)
        app.move(140, 166, at: 0.03); app.move(190, 166, at: 0.06); app.up(190, 166, at: 0.08)
        #expect(rec.gestureTransitions(of: "panelSwipe") == ["failed", "possible"])
        #expect(rec.events(of: "volume").first == "touchDown")
        #expect(rec.events(of: "volume").last == "touchUpInside")
        #expect(sl.value > 0.3)
    }

    @Test("a horizontal swipe that starts on the slider's track (not its thumb) goes to the ancestor")
    func sliderTrackSwipe() {
        let (app, rec, sl) = panelWithSlider()
        app.down(200, 165, at: 0)
        app.move(230, 166, at: 0.03); app.move(280, 166, at: 0.06); app.up(280, 166, at: 0.08)
        #expect(rec.gestureTransitions(of: "panelSwipe") == ["recognized", "possible"])
        #expect(rec.events(of: "volume").isEmpty)
        #expect(sl.value == 0)
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
