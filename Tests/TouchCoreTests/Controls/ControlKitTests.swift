import Testing
@testable import TouchCore

@Suite("The control kit")
struct ControlKitTests {
    @Test("a tap on a switch toggles it and sends valueChanged before touchUpInside")
    func switchTap() {
        let (app, rec) = makeApp()
        let s = Switch(id: "wifi", frame: Rect(x: 100, y: 100, width: 51, height: 31))
        app.window.addSubview(s)
        app.tap(125, 115, at: 0)
        #expect(s.isOn)
        #expect(rec.events(of: "wifi") == ["touchDown", "valueChanged", "touchUpInside"])
        app.tap(125, 115, at: 1)
        #expect(!s.isOn)
    }

    @Test("dragging a switch's thumb past halfway turns it on even when released outside")
    func switchDrag() {
        let (app, rec) = makeApp()
        let s = Switch(id: "wifi", frame: Rect(x: 100, y: 100, width: 51, height: 31))
        app.window.addSubview(s)
        app.down(110, 115, at: 0)
        app.move(125, 115, at: 0.05)
        #expect(s.thumbPosition == 0.75)
        app.move(240, 115, at: 0.1)   // far right, outside the tolerance
        #expect(s.thumbPosition == 1)
        app.up(240, 115, at: 0.15)
        #expect(s.isOn)
        #expect(rec.events(of: "wifi") == ["touchDown", "touchDragInside", "touchDragExit", "touchDragOutside",
                                           "valueChanged", "touchUpOutside"])
    }

    @Test("a drag that ends where it began leaves the switch as it was, with no valueChanged")
    func switchDragBack() {
        let (app, rec) = makeApp()
        let s = Switch(id: "wifi", frame: Rect(x: 100, y: 100, width: 51, height: 31), isOn: true)
        app.window.addSubview(s)
        app.down(140, 115, at: 0)
        app.move(110, 115, at: 0.05)  // thumb to 0
        app.move(140, 115, at: 0.10)  // and back to 1
        app.up(140, 115, at: 0.15)
        #expect(s.isOn)
        #expect(!rec.events(of: "wifi").contains("valueChanged"))
    }

    @Test("dragging a slider's thumb changes its value continuously")
    func sliderDrag() {
        let (app, rec) = makeApp()
        // Thumb 28 pt; centre runs from x 114 to 314 in the window (200 pt of travel).
        let sl = Slider(id: "volume", frame: Rect(x: 100, y: 100, width: 228, height: 31), value: 0)
        app.window.addSubview(sl)
        app.down(114, 115, at: 0)
        app.move(164, 115, at: 0.05)
        #expect(sl.value == 0.25)
        app.move(214, 118, at: 0.10)
        #expect(sl.value == 0.5)
        app.move(600, 118, at: 0.15)
        #expect(sl.value == 1)
        app.up(600, 118, at: 0.2)
        // continueTracking moves the value before the drag event is sent, as UIControl does.
        #expect(rec.events(of: "volume") == ["touchDown", "valueChanged", "touchDragInside", "valueChanged",
                                             "touchDragInside", "valueChanged", "touchDragExit", "touchDragOutside",
                                             "touchUpOutside"])
    }

    @Test("a non-continuous slider sends one valueChanged when the drag ends")
    func sliderNotContinuous() {
        let (app, rec) = makeApp()
        let sl = Slider(id: "volume", frame: Rect(x: 100, y: 100, width: 228, height: 31), value: 0)
        sl.isContinuous = false
        app.window.addSubview(sl)
        app.down(114, 115, at: 0)
        app.move(164, 115, at: 0.05)
        app.move(214, 115, at: 0.10)
        app.up(214, 115, at: 0.15)
        #expect(sl.value == 0.5)
        #expect(rec.events(of: "volume") == ["touchDown", "touchDragInside", "touchDragInside",
                                             "valueChanged", "touchUpInside"])
    }

    @Test("a touch on a slider's track away from the thumb is ignored")
    func sliderOffThumb() {
        let (app, rec) = makeApp()
        let sl = Slider(id: "volume", frame: Rect(x: 100, y: 100, width: 228, height: 31), value: 0)
        app.window.addSubview(sl)
        app.down(250, 115, at: 0)
        app.move(300, 115, at: 0.05)
        app.up(300, 115, at: 0.1)
        #expect(sl.value == 0)
        #expect(rec.events(of: "volume").isEmpty)
    }

    @Test("a stepper steps on touch down and autorepeats while held as time advances")
    func stepperAutorepeat() {
        let (app, rec) = makeApp()
        let st = Stepper(id: "count", frame: Rect(x: 100, y: 100, width: 94, height: 32))
        app.window.addSubview(st)
        app.down(170, 116, at: 0)          // plus half
        #expect(st.value == 1)
        app.advance(to: 0.45)
        #expect(st.value == 1)             // repeat starts after 0.5 s
        app.advance(to: 0.5)
        #expect(st.value == 2)
        app.advance(to: 0.6)
        app.advance(to: 0.7)
        #expect(st.value == 4)
        app.up(170, 116, at: 0.75)
        app.advance(to: 2)
        #expect(st.value == 4)
        #expect(rec.events(of: "count") == ["touchDown", "valueChanged", "valueChanged", "valueChanged",
                                            "valueChanged", "touchUpInside"])
    }

    @Test("a stepper's minus half decrements, stops at the minimum, and wraps when asked")
    func stepperMinusAndWrap() {
        let (app, _) = makeApp()
        let st = Stepper(id: "count", frame: Rect(x: 100, y: 100, width: 94, height: 32))
        st.value = 1
        st.maximumValue = 3
        app.window.addSubview(st)
        app.tap(110, 116, at: 0)
        #expect(st.value == 0)
        app.tap(110, 116, at: 1)
        #expect(st.value == 0)
        st.wraps = true
        app.tap(110, 116, at: 2)
        #expect(st.value == 3)
        app.tap(180, 116, at: 3)
        #expect(st.value == 0)
    }

    @Test("a stepper stops repeating when the finger leaves its half")
    func stepperLeavesHalf() {
        let (app, _) = makeApp()
        let st = Stepper(id: "count", frame: Rect(x: 100, y: 100, width: 94, height: 32))
        app.window.addSubview(st)
        app.down(170, 116, at: 0)
        app.move(120, 116, at: 0.3)        // onto the minus half
        app.advance(to: 1.0)
        #expect(st.value == 1)
        app.up(120, 116, at: 1.1)
    }

    @Test("a segmented control selects the tapped segment and sends valueChanged only on change")
    func segmented() {
        let (app, rec) = makeApp()
        let seg = SegmentedControl(id: "mode", frame: Rect(x: 100, y: 100, width: 240, height: 32),
                                   segments: ["Day", "Week", "Month"], selectedSegmentIndex: 0)
        app.window.addSubview(seg)
        app.tap(200, 116, at: 0)
        #expect(seg.selectedSegmentIndex == 1)
        app.tap(210, 116, at: 1)
        #expect(seg.selectedSegmentIndex == 1)
        app.tap(330, 116, at: 2)
        #expect(seg.selectedSegmentIndex == 2)
        #expect(rec.events(of: "mode") == ["touchDown", "valueChanged", "touchUpInside",
                                           "touchDown", "touchUpInside",
                                           "touchDown", "valueChanged", "touchUpInside"])
    }

    @Test("a page control moves one page for a tap on either half and stops at the ends")
    func pageControl() {
        let (app, rec) = makeApp()
        let pc = PageControl(id: "pages", frame: Rect(x: 100, y: 100, width: 120, height: 26), numberOfPages: 3)
        app.window.addSubview(pc)
        app.tap(200, 113, at: 0)
        #expect(pc.currentPage == 1)
        app.tap(200, 113, at: 1)
        app.tap(200, 113, at: 2)
        #expect(pc.currentPage == 2)
        app.tap(110, 113, at: 3)
        #expect(pc.currentPage == 1)
        #expect(rec.events(of: "pages").filter { $0 == "valueChanged" }.count == 3)
    }
}

@Suite("Control edge cases")
struct ControlEdgeCaseTests {
    @Test("a non-continuous stepper sends one valueChanged when the touch ends")
    func stepperNotContinuous() {
        let (app, rec) = makeApp()
        let st = Stepper(id: "count", frame: Rect(x: 100, y: 100, width: 94, height: 32))
        st.isContinuous = false
        app.window.addSubview(st)
        app.down(170, 116, at: 0)
        app.advance(to: 0.5)
        app.advance(to: 0.6)
        app.up(170, 116, at: 0.65)
        #expect(st.value == 3)
        #expect(rec.events(of: "count") == ["touchDown", "valueChanged", "touchUpInside"])
    }

    @Test("disabling a control mid-touch stops tracking without further events")
    func disableMidTouch() {
        let (app, rec) = makeApp()
        let b = Button(id: "ok", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        app.window.addSubview(b)
        app.down(150, 125, at: 0)
        b.isEnabled = false
        #expect(!b.isTracking && !b.isHighlighted)
        app.move(150, 130, at: 0.05)
        app.up(150, 130, at: 0.1)
        #expect(rec.events(of: "ok") == ["touchDown"])
        #expect(rec.touchMessages(to: "window").isEmpty)
    }

    @Test("removed targets get nothing; the control event is still traced")
    func removeTarget() {
        let (app, rec) = makeApp()
        let b = Button(id: "ok", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        app.window.addSubview(b)
        let model = Responder(id: "model")
        model.handledActions = ["save"]
        b.addTarget(action: "save", target: model, for: [.touchUpInside, .touchUpOutside])
        #expect(b.actions(for: .touchUpInside) == ["save"])
        b.removeTarget(model, action: "save", for: .allEvents)
        app.tap(150, 125, at: 0)
        #expect(rec.actions.isEmpty)
        #expect(rec.events(of: "ok").contains("touchUpInside"))
    }

    @Test("control event names round-trip through ControlEvents(name:)")
    func names() {
        for (event, name) in ControlEvents.named { #expect(ControlEvents(name: name) == event) }
        #expect(ControlEvents.named.count == 15)
        #expect(ControlEvents(name: "touchUp") == nil)
    }
}
