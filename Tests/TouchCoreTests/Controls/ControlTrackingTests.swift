import Testing
@testable import TouchCore

@Suite("Control tracking and target-action")
struct ControlTrackingTests {
    /// A 100×50 button at (100, 100) in the window.
    func buttonApp() -> (Application, Recorder, Button) {
        let (app, rec) = makeApp()
        let b = Button(id: "ok", frame: Rect(x: 100, y: 100, width: 100, height: 50), title: "OK")
        app.window.addSubview(b)
        return (app, rec, b)
    }

    @Test("a tap on a button sends touchDown, touchUpInside and primaryActionTriggered")
    func tapButton() {
        let (app, rec, b) = buttonApp()
        var fired = 0
        b.addAction(for: .primaryActionTriggered) { _ in fired += 1 }
        app.tap(150, 125, at: 0)
        #expect(rec.events(of: "ok") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(fired == 1)
        #expect(!b.isHighlighted && !b.isTracking)
    }

    @Test("a button is highlighted while the finger is inside and not after it lifts")
    func highlight() {
        let (app, _, b) = buttonApp()
        app.down(150, 125, at: 0)
        #expect(b.isHighlighted && b.isTracking && b.isTouchInside)
        #expect(b.state == .highlighted)
        app.move(150, 400, at: 0.1)
        #expect(!b.isHighlighted && !b.isTouchInside)
        app.up(150, 400, at: 0.2)
        #expect(!b.isHighlighted && b.state == .normal)
    }

    @Test("dragging out past the tolerance and back sends drag exit, outside, enter and inside")
    func dragOutAndBack() {
        let (app, rec, _) = buttonApp()
        app.down(150, 125, at: 0)
        app.move(150, 160, at: 0.05)   // 10 pt below: inside the tolerance
        app.move(150, 250, at: 0.10)   // 100 pt below the bottom edge: outside (tolerance 70)
        app.move(150, 260, at: 0.15)
        app.move(150, 170, at: 0.20)   // back within 70 pt
        app.up(150, 170, at: 0.25)
        #expect(rec.events(of: "ok") == [
            "touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragOutside",
            "touchDragEnter", "touchDragInside", "touchUpInside", "primaryActionTriggered",
        ])
    }

    @Test("releasing within the 70 pt tolerance counts as inside")
    func toleranceInside() {
        let (app, rec, _) = buttonApp()
        app.down(150, 125, at: 0)
        app.up(150, 215, at: 0.1)  // 65 pt below the bottom edge
        #expect(rec.events(of: "ok").last == "primaryActionTriggered")
    }

    @Test("releasing beyond the tolerance sends touchUpOutside and no primary action")
    func upOutside() {
        let (app, rec, _) = buttonApp()
        app.down(150, 125, at: 0)
        app.move(290, 125, at: 0.1)  // 90 pt right of the right edge
        app.up(290, 125, at: 0.2)
        #expect(rec.events(of: "ok") == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    @Test("cancelling the touches sends touchCancel")
    func cancel() {
        let (app, rec, b) = buttonApp()
        app.down(150, 125, at: 0)
        app.send(.cancelAllTouches(reason: "focus lost"), at: 0.1)
        #expect(rec.events(of: "ok") == ["touchDown", "touchCancel"])
        #expect(!b.isHighlighted && !b.isTracking)
    }

    @Test("a double tap sends touchDownRepeat with the second touchDown")
    func doubleTap() {
        let (app, rec, _) = buttonApp()
        app.tap(150, 125, at: 0)
        app.tap(152, 126, at: 0.2)
        #expect(rec.events(of: "ok") == [
            "touchDown", "touchUpInside", "primaryActionTriggered",
            "touchDown", "touchDownRepeat", "touchUpInside", "primaryActionTriggered",
        ])
    }

    @Test("a disabled button sends nothing and passes its touches on")
    func disabled() {
        let (app, rec, b) = buttonApp()
        b.isEnabled = false
        #expect(b.state == .disabled)
        app.tap(150, 125, at: 0)
        #expect(rec.controlEvents.isEmpty)
        #expect(rec.actions.isEmpty)
        #expect(rec.touchMessages(to: "window") == ["began", "ended"])
    }

    @Test("a control tracks one touch and ignores a second finger")
    func secondFinger() {
        let (app, rec, b) = buttonApp()
        b.isMultipleTouchEnabled = true  // even when delivered, the extra touch is ignored
        app.down(120, 125, at: 0)
        app.down(180, 125, at: 0.05, finger: finger2)
        app.up(180, 125, at: 0.1, finger: finger2)
        app.up(120, 125, at: 0.15)
        #expect(rec.events(of: "ok") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("an explicit target gets the action; the trace names sender, target and handler")
    func explicitTarget() {
        let (app, rec, b) = buttonApp()
        let model = Responder(id: "model")
        model.handledActions = ["save"]
        var got: [String] = []
        model.onAction = { a, s in got.append("\(a) from \(s?.id ?? "nil")") }
        b.addTarget(action: "save", target: model, for: .touchUpInside)
        app.tap(150, 125, at: 0)
        #expect(got == ["save from ok"])
        let a = rec.actions
        #expect(a.count == 1)
        #expect(a.first?.sender == "ok" && a.first?.target == "model" && a.first?.handledBy == "model")
    }

    @Test("a nil-targeted action from a button travels the chain from the first responder")
    func nilTargetChain() {
        let (app, rec, b) = buttonApp()
        let panel = View(id: "panel", frame: Rect(x: 400, y: 100, width: 200, height: 200))
        let field = View(id: "field", frame: Rect(x: 10, y: 10, width: 100, height: 30))
        field.canBecomeFirstResponder = true
        panel.addSubview(field)
        panel.handledActions = ["save"]
        app.window.addSubview(panel)
        field.becomeFirstResponder()
        var handled: [String] = []
        panel.onAction = { a, s in handled.append("\(a):\(s?.id ?? "-")") }
        b.addTarget(action: "save", target: nil, for: .touchUpInside)
        app.tap(150, 125, at: 0)
        #expect(handled == ["save:ok"])
        #expect(rec.actions.map(\.handledBy) == ["panel"])
        #expect(rec.actions.map(\.target) == [nil])
        #expect(rec.events(of: "ok") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("control records come before the action records they cause")
    func recordOrder() {
        let (app, rec, b) = buttonApp()
        app.handledActions = ["go"]
        b.addTarget(action: "go", target: nil, for: .touchUpInside)
        app.tap(150, 125, at: 0)
        let kinds = rec.records.filter { $0.kind == "control" || $0.kind == "action" }.map { r -> String in
            switch r.body {
            case let .control(_, e): return e
            case let .action(_, a, _, h): return "\(a)->\(h ?? "nil")"
            default: return "?"
            }
        }
        #expect(kinds == ["touchDown", "touchUpInside", "go->application", "primaryActionTriggered"])
    }
}
