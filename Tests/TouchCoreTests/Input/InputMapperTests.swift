import Testing
@testable import TouchCore

private func mouse(_ f: Int) -> TouchKey { TouchKey(device: -1, finger: f) }

private func makeMapper() -> InputMapper {
    InputMapper(sceneSize: Size(width: 800, height: 600), defaults: Defaults())
}

extension InputMapper {
    /// Maps a list of (time, kind) and concatenates the events.
    mutating func run(_ inputs: [(Double, RawInput.Kind)]) -> [InputEvent] {
        inputs.flatMap { map(RawInput(t: $0.0, $0.1)) }
    }
}

@Suite("InputMapper: mouse")
struct MouseMappingTests {
    @Test("the left button is one emulated finger")
    func leftButton() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .mouseDown(x: 100, y: 120, button: .left))) ==
                [.touchDown(mouse(0), Point(100, 120), pressure: 1, emulated: true)])
        #expect(m.emulatedFingers.map(\.key) == [mouse(0)])
        #expect(m.map(RawInput(t: 0.1, .mouseMove(x: 110, y: 120, button: .left))) == [.touchMove(mouse(0), Point(110, 120))])
        #expect(m.map(RawInput(t: 0.2, .mouseUp(x: 110, y: 120, button: .left))) == [.touchUp(mouse(0), Point(110, 120))])
        #expect(m.emulatedFingers.isEmpty)
    }

    @Test("mouse motion without the left button makes no touch")
    func hover() {
        var m = makeMapper()
        // It hovers (HoverGestureRecognizer), which is no touch; a right click keeps the hover.
        #expect(m.map(RawInput(t: 0, .mouseMove(x: 10, y: 10, button: nil))) == [.hover(mouse(0), Point(10, 10))])
        #expect(m.map(RawInput(t: 0, .mouseDown(x: 10, y: 10, button: .right))).isEmpty)
        #expect(m.map(RawInput(t: 0, .mouseMove(x: 20, y: 10, button: .right))).isEmpty)
        #expect(m.map(RawInput(t: 0, .mouseUp(x: 20, y: 10, button: .right))).isEmpty)
    }

    @Test("Alt press puts a second finger mirrored about the window's centre")
    func altMirrors() {
        var m = makeMapper()
        let down = m.map(RawInput(t: 0, .mouseDown(x: 500, y: 300, button: .left, mods: [.alt])))
        #expect(down == [.touchDown(mouse(0), Point(500, 300), emulated: true),
                         .touchDown(mouse(1), Point(300, 300), emulated: true)])
    }

    @Test("an Alt drag changes the fingers' distance by twice the drag")
    func altDragPinches() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 500, y: 300, button: .left, mods: [.alt])))
        let moved = m.map(RawInput(t: 0.1, .mouseMove(x: 600, y: 300, button: .left, mods: [.alt])))
        #expect(moved == [.touchMove(mouse(0), Point(600, 300)), .touchMove(mouse(1), Point(200, 300))])
        let f = m.emulatedFingers
        #expect(f.count == 2)
        #expect(f[0].location.distance(to: f[1].location) == 400) // was 200, dragged 100
        let up = m.map(RawInput(t: 0.2, .mouseUp(x: 600, y: 300, button: .left, mods: [.alt])))
        #expect(up == [.touchUp(mouse(0), Point(600, 300)), .touchUp(mouse(1), Point(200, 300))])
    }

    @Test("an Alt drag round the centre rotates the mirrored pair")
    func altDragRotates() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 500, y: 300, button: .left, mods: [.alt])))
        let moved = m.map(RawInput(t: 0.1, .mouseMove(x: 400, y: 400, button: .left, mods: [.alt])))
        #expect(moved.last == .touchMove(mouse(1), Point(400, 200)))
    }

    @Test("Alt+Shift moves both fingers together")
    func altShiftPans() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 500, y: 300, button: .left, mods: [.alt, .shift])))
        let moved = m.map(RawInput(t: 0.1, .mouseMove(x: 550, y: 320, button: .left, mods: [.alt, .shift])))
        #expect(moved == [.touchMove(mouse(0), Point(550, 320)), .touchMove(mouse(1), Point(350, 320))])
    }

    @Test("releasing Shift mid-drag mirrors about the fingers' midpoint, without a jump")
    func backToMirror() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 500, y: 300, button: .left, mods: [.alt, .shift])))
        _ = m.map(RawInput(t: 0.1, .mouseMove(x: 550, y: 300, button: .left, mods: [.alt, .shift])))
        // Fingers at (550,300) and (350,300): midpoint (450,300).
        let moved = m.map(RawInput(t: 0.2, .mouseMove(x: 560, y: 300, button: .left, mods: [.alt])))
        #expect(moved == [.touchMove(mouse(0), Point(560, 300)), .touchMove(mouse(1), Point(340, 300))])
    }

    @Test("Alt pressed mid-drag adds the second finger and releasing it lifts it")
    func altMidDrag() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 500, y: 300, button: .left)))
        let added = m.map(RawInput(t: 0.1, .keyDown(key: "Left Alt", mods: [.alt])))
        #expect(added == [.touchDown(mouse(1), Point(300, 300), emulated: true)])
        let moved = m.map(RawInput(t: 0.2, .mouseMove(x: 510, y: 300, button: .left, mods: [.alt])))
        #expect(moved == [.touchMove(mouse(0), Point(510, 300)), .touchMove(mouse(1), Point(290, 300))])
        let lifted = m.map(RawInput(t: 0.3, .mouseMove(x: 520, y: 300, button: .left)))
        #expect(lifted == [.touchMove(mouse(0), Point(520, 300)), .touchUp(mouse(1), Point(290, 300))])
    }

    @Test("a middle click drops a resting finger that stays until clicked again")
    func restingMiddle() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .middle))) ==
                [.touchDown(mouse(2), Point(100, 100), emulated: true)])
        #expect(m.map(RawInput(t: 0.1, .mouseUp(x: 100, y: 100, button: .middle))).isEmpty)
        #expect(m.map(RawInput(t: 0.2, .mouseDown(x: 200, y: 100, button: .middle))) ==
                [.touchDown(mouse(3), Point(200, 100), emulated: true)])
        // The left finger comes and goes; the resting fingers stay.
        _ = m.map(RawInput(t: 0.3, .mouseDown(x: 300, y: 100, button: .left)))
        #expect(m.emulatedFingers.map(\.resting) == [false, true, true])
        _ = m.map(RawInput(t: 0.4, .mouseUp(x: 300, y: 100, button: .left)))
        #expect(m.emulatedFingers.map(\.key) == [mouse(2), mouse(3)])
        // A click near a resting finger lifts it.
        #expect(m.map(RawInput(t: 0.5, .mouseDown(x: 105, y: 104, button: .middle))) == [.touchUp(mouse(2), Point(100, 100))])
        #expect(m.emulatedFingers.map(\.key) == [mouse(3)])
    }

    @Test("Ctrl+left click toggles a resting finger and its drag makes no touch")
    func restingCtrl() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .left, mods: [.ctrl]))) ==
                [.touchDown(mouse(2), Point(100, 100), emulated: true)])
        #expect(m.map(RawInput(t: 0.1, .mouseMove(x: 150, y: 100, button: .left, mods: [.ctrl]))).isEmpty)
        #expect(m.map(RawInput(t: 0.2, .mouseUp(x: 150, y: 100, button: .left, mods: [.ctrl]))).isEmpty)
        #expect(m.map(RawInput(t: 0.3, .mouseDown(x: 100, y: 100, button: .left, mods: [.ctrl]))) ==
                [.touchUp(mouse(2), Point(100, 100))])
    }

    @Test("a Shift drag carries the resting fingers along: a three-finger pan")
    func shiftDragsResting() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .middle)))
        _ = m.map(RawInput(t: 0, .mouseDown(x: 200, y: 100, button: .middle)))
        _ = m.map(RawInput(t: 0.1, .mouseDown(x: 300, y: 100, button: .left, mods: [.shift])))
        let moved = m.map(RawInput(t: 0.2, .mouseMove(x: 300, y: 150, button: .left, mods: [.shift])))
        #expect(moved == [.touchMove(mouse(0), Point(300, 150)), .touchMove(mouse(2), Point(100, 150)),
                          .touchMove(mouse(3), Point(200, 150))])
    }

    @Test("resting fingers count as touches in the application")
    func restingInApp() {
        let app = Application(windowSize: Size(width: 800, height: 600))
        var m = makeMapper()
        for (t, k) in [(0.0, RawInput.Kind.mouseDown(x: 100, y: 100, button: .middle)),
                       (0.1, .mouseDown(x: 200, y: 100, button: .middle)),
                       (0.2, .mouseDown(x: 300, y: 100, button: .left))] {
            for e in m.map(RawInput(t: t, k)) { app.send(e, at: t) }
        }
        #expect(app.hot.activeTouches.count == 3)
        #expect(app.hot.activeTouches.values.allSatisfy { $0.isEmulated })
    }
}

@Suite("InputMapper: keyboard")
struct KeyboardMappingTests {
    @Test("Ctrl+Z held is a shake: began on press, ended on release, repeats ignored")
    func ctrlZ() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .keyDown(key: "Z", mods: [.ctrl]))) == [.shakeBegan])
        #expect(m.isShakeHeld)
        #expect(m.map(RawInput(t: 0.1, .keyDown(key: "Z", mods: [.ctrl]))).isEmpty)
        #expect(m.map(RawInput(t: 0.5, .keyUp(key: "Z", mods: []))) == [.shakeEnded])
        #expect(!m.isShakeHeld)
        #expect(m.map(RawInput(t: 1, .keyDown(key: "Z"))).isEmpty)
    }

    @Test("a Ctrl+Z shake held past the limit is cancelled by the core, with no shakeEnded after")
    func ctrlZPastLimit() {
        let app = Application(windowSize: Size(width: 800, height: 600))
        var records: [TraceRecord] = []
        app.tracer.sink = TraceCallback { records.append($0) }
        var m = makeMapper()
        for e in m.map(RawInput(t: 0, .keyDown(key: "Z", mods: [.ctrl]))) { app.send(e, at: 0) }
        app.advance(to: 3.5)
        let up = m.map(RawInput(t: 4, .keyUp(key: "Z", mods: [.ctrl])))
        #expect(up.isEmpty)
        for e in up { app.send(e, at: 4) }
        let phases = records.compactMap { r -> MotionPhase? in
            if case let .motion(phase, _, _, _) = r.body { return phase } else { return nil }
        }
        #expect(phases == [.began, .cancelled])
    }

    @Test("F8 toggles play/pause; F7 and F9 change track; Shift+F7/F9 skip")
    func functionKeys() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .keyDown(key: "F8"))) == [.remote(.togglePlayPause)])
        #expect(m.map(RawInput(t: 0, .keyUp(key: "F8"))).isEmpty)
        #expect(m.map(RawInput(t: 0, .keyDown(key: "F7"))) == [.remote(.previousTrack)])
        #expect(m.map(RawInput(t: 0, .keyDown(key: "F9"))) == [.remote(.nextTrack)])
        _ = m.map(RawInput(t: 0, .keyUp(key: "F7")))
        _ = m.map(RawInput(t: 0, .keyUp(key: "F9")))
        #expect(m.map(RawInput(t: 0, .keyDown(key: "F7", mods: [.shift]))) == [.remote(.skipBackward)])
        #expect(m.map(RawInput(t: 0, .keyDown(key: "F9", mods: [.shift]))) == [.remote(.skipForward)])
    }

    @Test("media keys are remote commands; mute is nothing")
    func mediaKeys() {
        var m = makeMapper()
        let pairs: [(String, RemoteCommand)] = [("AudioPlay", .togglePlayPause), ("AudioStop", .stop),
                                                ("AudioNext", .nextTrack), ("AudioPrev", .previousTrack)]
        for (key, cmd) in pairs {
            #expect(m.map(RawInput(t: 0, .keyDown(key: key))) == [.remote(cmd)])
            #expect(m.map(RawInput(t: 0, .keyUp(key: key))).isEmpty)
        }
        #expect(m.map(RawInput(t: 0, .keyDown(key: "AudioMute"))).isEmpty)
        #expect(m.map(RawInput(t: 0, .keyDown(key: "Mute"))).isEmpty)
    }

    @Test("AudioRewind held seeks backward until released; AudioFastForward forward")
    func seekKeys() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .keyDown(key: "AudioRewind"))) == [.remote(.beginSeekingBackward)])
        #expect(m.map(RawInput(t: 0.1, .keyDown(key: "AudioRewind"))).isEmpty)
        #expect(m.map(RawInput(t: 1, .keyUp(key: "AudioRewind"))) == [.remote(.endSeekingBackward)])
        #expect(m.map(RawInput(t: 2, .keyDown(key: "AudioFastForward"))) == [.remote(.beginSeekingForward)])
        #expect(m.map(RawInput(t: 3, .keyUp(key: "AudioFastForward"))) == [.remote(.endSeekingForward)])
    }

    @Test("Escape cancels every touch and a shake; the drag makes no touch until the button is up")
    func escape() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .left, mods: [.alt])))
        _ = m.map(RawInput(t: 0, .mouseDown(x: 50, y: 50, button: .middle)))
        _ = m.map(RawInput(t: 0.1, .keyDown(key: "Z", mods: [.ctrl])))
        let out = m.map(RawInput(t: 0.2, .keyDown(key: "Escape")))
        #expect(out == [.cancelAllTouches(reason: "interrupt key (Escape)"),
                        .shakeCancelled(reason: "interrupt key (Escape)")])
        #expect(m.emulatedFingers.isEmpty)
        #expect(!m.isShakeHeld)
        #expect(m.map(RawInput(t: 0.3, .mouseMove(x: 120, y: 100, button: .left, mods: [.alt]))).isEmpty)
        #expect(m.map(RawInput(t: 0.4, .mouseUp(x: 120, y: 100, button: .left))).isEmpty)
        #expect(m.map(RawInput(t: 0.5, .keyUp(key: "Z"))).isEmpty)
        #expect(m.map(RawInput(t: 0.6, .mouseDown(x: 10, y: 10, button: .left))) == [.touchDown(mouse(0), Point(10, 10), emulated: true)])
    }

    @Test("Ctrl with the arrows and page keys sets the orientation")
    func orientationKeys() {
        var m = makeMapper()
        let pairs: [(String, DeviceOrientation)] = [("Left", .landscapeLeft), ("Right", .landscapeRight),
                                                    ("Down", .portraitUpsideDown), ("Up", .portrait),
                                                    ("PageUp", .faceUp), ("PageDown", .faceDown)]
        for (key, o) in pairs {
            #expect(m.map(RawInput(t: 0, .keyDown(key: key, mods: [.ctrl]))) == [.orientation(o)])
            _ = m.map(RawInput(t: 0, .keyUp(key: key, mods: [.ctrl])))
        }
        #expect(m.orientation == .faceDown)
        #expect(m.map(RawInput(t: 0, .keyDown(key: "Left"))).isEmpty)
    }
}

@Suite("InputMapper: touchscreen and window")
struct TouchscreenMappingTests {
    @Test("fingers pass through keyed by device and finger, with pressure defaulting to 1")
    func fingers() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .fingerDown(finger: 1, x: 10, y: 20, pressure: 0.5, device: 2))) ==
                [.touchDown(TouchKey(device: 2, finger: 1), Point(10, 20), pressure: 0.5)])
        #expect(m.map(RawInput(t: 0.1, .fingerMove(finger: 1, x: 12, y: 20, device: 2))) ==
                [.touchMove(TouchKey(device: 2, finger: 1), Point(12, 20), pressure: 1)])
        #expect(m.map(RawInput(t: 0.2, .fingerUp(finger: 3, x: 12, y: 20))) ==
                [.touchUp(TouchKey(device: 0, finger: 3), Point(12, 20))]) // patched by Application
    }

    @Test("the application drops an up for an unknown finger and turns motion for one into a down")
    func patchingInApp() {
        let app = Application(windowSize: Size(width: 800, height: 600))
        var m = makeMapper()
        for e in m.map(RawInput(t: 0, .fingerUp(finger: 5, x: 10, y: 10))) { app.send(e, at: 0) }
        #expect(app.hot.activeTouches.isEmpty)
        for e in m.map(RawInput(t: 0.1, .fingerMove(finger: 6, x: 10, y: 10))) { app.send(e, at: 0.1) }
        #expect(app.hot.activeTouches.count == 1)
        for e in m.map(RawInput(t: 0.2, .fingerDown(finger: 6, x: 20, y: 10))) { app.send(e, at: 0.2) }
        #expect(app.hot.activeTouches.count == 1)
        #expect(app.hot.activeTouches[TouchKey(device: 0, finger: 6)]?.locationInWindow == Point(20, 10))
    }

    @Test("focus loss cancels touches, a shake and held seeks; the cancelled finger stays quiet until it lifts")
    func focusLost() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .fingerDown(finger: 1, x: 10, y: 10)))
        _ = m.map(RawInput(t: 0, .keyDown(key: "Z", mods: [.ctrl])))
        _ = m.map(RawInput(t: 0, .keyDown(key: "AudioRewind")))
        let out = m.map(RawInput(t: 0.5, .focusLost))
        #expect(out == [.cancelAllTouches(reason: "window lost focus"), .shakeCancelled(reason: "window lost focus"),
                        .remote(.endSeekingBackward)])
        #expect(m.map(RawInput(t: 0.6, .fingerMove(finger: 1, x: 20, y: 10))).isEmpty)
        #expect(m.map(RawInput(t: 0.7, .fingerUp(finger: 1, x: 20, y: 10))).isEmpty)
        #expect(m.map(RawInput(t: 0.8, .fingerDown(finger: 1, x: 20, y: 10))).count == 1)
        #expect(m.map(RawInput(t: 0.9, .keyUp(key: "AudioRewind"))).isEmpty)
        #expect(m.map(RawInput(t: 0.9, .focusGained)).isEmpty)
    }

    @Test("touch device removal cancels every touch; resize and pad-added do nothing")
    func deviceRemoved() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 10, y: 10, button: .left)))
        #expect(m.map(RawInput(t: 0.1, .touchDeviceRemoved)) == [.cancelAllTouches(reason: "touch device removed")])
        #expect(m.emulatedFingers.isEmpty)
        #expect(m.map(RawInput(t: 0.2, .resize(width: 100, height: 100))).isEmpty)
        #expect(m.map(RawInput(t: 0.3, .padAdded)).isEmpty)
        #expect(m.padConnected)
    }

    @Test("the input map lists every device and names its keys")
    func helpTable() {
        let m = makeMapper()
        #expect(Set(m.help.map(\.device)) == Set(InputBinding.Device.allCases))
        #expect(m.help.contains { $0.input == "F7 / F8 / F9" })
        #expect(m.help.contains { $0.effect.contains("12 m/s²") })
    }

    @Test("the input map says what the right click does, as the window's keys and the README do: it selects, it is not reserved")
    func rightClick() {
        let rows = InputMapper.help().filter { $0.device == .mouse && $0.input.contains("right") }
        #expect(rows.map(\.input) == ["right click"])
        #expect(rows.first?.effect == "selects the view under the pointer in the inspector (not a touch)")
        #expect(!InputMapper.help().contains { $0.effect.contains("reserved") })
    }
}

@Suite("InputMapper: gamepad")
struct GamepadMappingTests {
    @Test("back held shakes; a toggles; the shoulders change track; dpad skips")
    func buttons() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .padDown(button: "back"))) == [.shakeBegan])
        #expect(m.map(RawInput(t: 0.5, .padUp(button: "back"))) == [.shakeEnded])
        #expect(m.map(RawInput(t: 1, .padDown(button: "a"))) == [.remote(.togglePlayPause)])
        #expect(m.map(RawInput(t: 1, .padDown(button: "leftshoulder"))) == [.remote(.previousTrack)])
        #expect(m.map(RawInput(t: 1, .padDown(button: "rightshoulder"))) == [.remote(.nextTrack)])
        #expect(m.map(RawInput(t: 1, .padDown(button: "dpleft"))) == [.remote(.skipBackward)])
        #expect(m.map(RawInput(t: 1, .padDown(button: "dpright"))) == [.remote(.skipForward)])
        #expect(m.map(RawInput(t: 1, .padUp(button: "a"))).isEmpty)
        #expect(m.padConnected)
    }

    @Test("the triggers seek while held")
    func triggers() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .padDown(button: "lefttrigger"))) == [.remote(.beginSeekingBackward)])
        #expect(m.map(RawInput(t: 1, .padUp(button: "lefttrigger"))) == [.remote(.endSeekingBackward)])
        #expect(m.map(RawInput(t: 2, .padDown(button: "righttrigger"))) == [.remote(.beginSeekingForward)])
        #expect(m.map(RawInput(t: 3, .padUp(button: "righttrigger"))) == [.remote(.endSeekingForward)])
    }

    @Test("two shake inputs make one shake, ended by the last release")
    func overlappingShakes() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .padDown(button: "back"))) == [.shakeBegan])
        #expect(m.map(RawInput(t: 0.1, .keyDown(key: "Z", mods: [.ctrl]))).isEmpty)
        #expect(m.map(RawInput(t: 0.2, .padUp(button: "back"))).isEmpty)
        #expect(m.map(RawInput(t: 0.3, .keyUp(key: "Z"))) == [.shakeEnded])
    }

    @Test("a jolt beyond the threshold shakes until the quiet time passes")
    func accelShake() {
        var m = makeMapper()
        let rest = RawInput.Kind.padAccel(x: 0, y: 9.81, z: 0)
        let first = m.map(RawInput(t: 0, rest))
        #expect(first.first == .motionSample(MotionSample(.accelerometer, x: 0, y: 9.81, z: 0, timestamp: 0)))
        #expect(m.padHasAccelerometer)
        #expect(m.map(RawInput(t: 0.1, .padAccel(x: 25, y: 9.81, z: 0))).dropFirst() == [.shakeBegan])
        #expect(m.map(RawInput(t: 0.2, .padAccel(x: -20, y: 9.81, z: 0))).count == 1)
        #expect(m.map(RawInput(t: 0.3, rest)).count == 1)
        #expect(m.advance(to: 0.45).isEmpty)
        #expect(m.advance(to: 0.5) == [.shakeEnded])
        #expect(m.advance(to: 1).isEmpty)
    }

    @Test("gravity sets the orientation with hysteresis")
    func gravityOrientation() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .padAccel(x: 0, y: 9.81, z: 0))).last == .orientation(.portrait))
        #expect(m.map(RawInput(t: 0.1, .padAccel(x: 0, y: 9.81, z: 0))).count == 1)
        // Just past 45° toward the right edge: still portrait.
        #expect(m.map(RawInput(t: 0.2, .padAccel(x: 7.2, y: 6.66, z: 0))).count == 1)
        #expect(m.map(RawInput(t: 0.3, .padAccel(x: 9.81, y: 0, z: 0))).last == .orientation(.landscapeLeft))
        #expect(m.map(RawInput(t: 0.4, .padAccel(x: -9.81, y: 0, z: 0))).last == .orientation(.landscapeRight))
        #expect(m.map(RawInput(t: 0.5, .padAccel(x: 0, y: 0, z: 9.81))).last == .orientation(.faceUp))
        #expect(m.map(RawInput(t: 0.6, .padAccel(x: 0, y: 0, z: -9.81))).last == .orientation(.faceDown))
        #expect(m.map(RawInput(t: 0.7, .padAccel(x: 0, y: -9.81, z: 0))).last == .orientation(.portraitUpsideDown))
    }

    @Test("removing the pad mid-shake cancels the shake")
    func padRemoved() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .padAdded))
        _ = m.map(RawInput(t: 0.1, .padDown(button: "back")))
        _ = m.map(RawInput(t: 0.1, .padDown(button: "righttrigger")))
        #expect(m.map(RawInput(t: 0.2, .padRemoved)) == [.shakeCancelled(reason: "gamepad removed"), .remote(.endSeekingForward)])
        #expect(!m.padConnected)
        #expect(m.map(RawInput(t: 0.3, .padUp(button: "back"))).isEmpty)
    }
}

@Suite("InputMapper: the device's own accelerometer (Linux IIO)")
struct DeviceAccelMappingTests {
    /// A pad's sample for the same physical motion: IIO reports gravity toward the earth,
    /// SDL the other way.
    private func pad(_ x: Double, _ y: Double, _ z: Double) -> RawInput.Kind { .padAccel(x: -x, y: -y, z: -z) }

    @Test("a tablet shake gives shakeBegan and shakeEnded exactly as a pad's accelerometer does")
    func tabletShakeLikePad() {
        // IIO readings: upright in portrait at rest, then jolts, then rest.
        let readings: [(Double, Double, Double, Double)] = [
            (0, 0, -9.81, 0), (0.1, 25, -9.81, 0), (0.2, -20, -9.81, 0), (0.3, 0, -9.81, 0),
        ]
        var tablet = makeMapper(), gamepad = makeMapper()
        var fromTablet: [InputEvent] = [], fromPad: [InputEvent] = []
        for (t, x, y, z) in readings {
            fromTablet += tablet.map(RawInput(t: t, .accel(x: x, y: y, z: z)))
            fromPad += gamepad.map(RawInput(t: t, pad(x, y, z)))
        }
        fromTablet += tablet.advance(to: 0.45) + tablet.advance(to: 0.6)
        fromPad += gamepad.advance(to: 0.45) + gamepad.advance(to: 0.6)
        #expect(fromTablet == fromPad)
        #expect(fromTablet.filter { $0 == .shakeBegan || $0 == .shakeEnded } == [.shakeBegan, .shakeEnded])
        #expect(fromTablet.first == .motionSample(MotionSample(.accelerometer, x: 0, y: 9.81, z: 0, timestamp: 0)))
        #expect(tablet.deviceHasAccelerometer && !tablet.padHasAccelerometer && !tablet.padConnected)
        #expect(tablet.deviceAcceleration == MotionSample(.accelerometer, x: 0, y: -9.81, z: 0, timestamp: 0.3))
    }

    @Test("a tablet shake ends after the quiet time, on its own deadline")
    func quietTime() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .accel(x: 0, y: 30, z: 0))).dropFirst() == [.shakeBegan])
        #expect(m.nextDeadline == Defaults().shakeQuietTime)
        #expect(m.advance(to: Defaults().shakeQuietTime - 0.01).isEmpty)
        #expect(m.advance(to: Defaults().shakeQuietTime) == [.shakeEnded])
        #expect(m.nextDeadline == nil)
    }

    @Test("tilting the tablet changes the orientation on IIO's axes")
    func tilting() {
        var m = makeMapper()
        let g = 9.81
        #expect(m.map(RawInput(t: 0, .accel(x: 0, y: -g, z: 0))).last == .orientation(.portrait))
        #expect(m.map(RawInput(t: 0.1, .accel(x: -g, y: 0, z: 0))).last == .orientation(.landscapeLeft))
        #expect(m.map(RawInput(t: 0.2, .accel(x: g, y: 0, z: 0))).last == .orientation(.landscapeRight))
        #expect(m.map(RawInput(t: 0.3, .accel(x: 0, y: g, z: 0))).last == .orientation(.portraitUpsideDown))
        #expect(m.map(RawInput(t: 0.4, .accel(x: 0, y: 0, z: -g))).last == .orientation(.faceUp))
        #expect(m.map(RawInput(t: 0.5, .accel(x: 0, y: 0, z: g))).last == .orientation(.faceDown))
        #expect(m.map(RawInput(t: 0.6, .accel(x: 0, y: 0, z: g))).count == 1)   // unchanged: the sample only
        #expect(m.orientation == .faceDown)
    }

    @Test("a gamepad and the tablet do not mix: the pad's shake ends on its own, and the tablet alone sets the orientation")
    func sourcesApart() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .accel(x: 0, y: -9.81, z: 0))).last == .orientation(.portrait))
        // A pad lying face up on the table does not turn the tablet.
        #expect(m.map(RawInput(t: 0.1, .padAccel(x: 0, y: 0, z: 9.81))).count == 1)
        #expect(m.orientation == .portrait)
        // Both shaken: one shake, ended when the later one is quiet.
        #expect(m.map(RawInput(t: 0.2, .padAccel(x: 30, y: 0, z: 0))).dropFirst() == [.shakeBegan])
        #expect(m.map(RawInput(t: 0.4, .accel(x: 30, y: 0, z: 0))).count == 1)
        #expect(m.advance(to: 0.2 + Defaults().shakeQuietTime + 0.01).isEmpty)
        #expect(m.advance(to: 0.4 + Defaults().shakeQuietTime + 0.01) == [.shakeEnded])
        // Removing the pad leaves a tablet shake alone.
        #expect(m.map(RawInput(t: 2, .accel(x: 30, y: 0, z: 0))).dropFirst() == [.shakeBegan])
        #expect(m.map(RawInput(t: 2.1, .padRemoved)).isEmpty)
        #expect(m.isShakeHeld)
    }

    @Test("an accelerometer sample that is not finite is dropped")
    func nonFinite() {
        var m = makeMapper()
        #expect(m.map(RawInput(t: 0, .accel(x: .nan, y: 0, z: 0))) == [])
        #expect(!m.deviceHasAccelerometer)
    }
}

@Suite("InputBinding")
struct InputBindingTests {
    @Test("the input map renders as a Markdown table, one row per binding")
    func markdown() {
        let rows = InputMapper.help()
        let table = InputMapper.markdownTable(rows)
        let lines = table.split(separator: "\n")
        #expect(lines.count == rows.count + 2)
        #expect(lines.contains("| keyboard | F7 / F8 / F9 | remote previousTrack / togglePlayPause / nextTrack |"))
        #expect(!table.contains("| - 9.81 |"))
    }
}

@Suite("InputMapper: numbers that are not finite")
struct NonFiniteInputTests {
    @Test("input with a NaN or infinite number makes no event and leaves the mapper as it was")
    func nonFiniteDropped() {
        var m = makeMapper()
        #expect(!m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .left))).isEmpty)
        #expect(m.map(RawInput(t: 0.1, .mouseMove(x: .nan, y: .nan, button: .left))) == [])
        #expect(m.map(RawInput(t: 0.1, .fingerDown(finger: 1, x: .infinity, y: 3))) == [])
        #expect(m.map(RawInput(t: 0.1, .fingerMove(finger: 1, x: 3, y: 3, pressure: .nan))) == [])
        #expect(m.map(RawInput(t: .nan, .keyDown(key: "Escape"))) == [])
        #expect(m.map(RawInput(t: 0.1, .padAccel(x: 0, y: -.infinity, z: 0))) == [])
        #expect(m.map(RawInput(t: 0.1, .resize(width: .nan, height: 20))) == [])
        // The drag goes on from where it was.
        #expect(m.map(RawInput(t: 0.2, .mouseMove(x: 110, y: 100, button: .left))) == [.touchMove(mouse(0), Point(110, 100))])
        #expect(m.emulatedFingers.map(\.location) == [Point(110, 100)])
    }

    @Test("RawInput.isFinite looks at every number, the time included")
    func isFinite() {
        #expect(RawInput(t: 0, .mouseMove(x: 1, y: 2, button: nil)).isFinite)
        #expect(!RawInput(t: 0, .mouseMove(x: 1, y: .nan, button: nil)).isFinite)
        #expect(!RawInput(t: .infinity, .focusLost).isFinite)
        #expect(RawInput(t: 0, .fingerUp(finger: 1, x: 1, y: 2)).isFinite)
        #expect(!RawInput(t: 0, .fingerUp(finger: 1, x: 1, y: 2, pressure: -.infinity)).isFinite)
    }
}

@Suite("InputMapper: the program ending")
struct QuitMappingTests {
    @Test("quit cancels every touch and a shake (\"program ending\") and ends a held seek")
    func quitCancelsEverything() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .left)))
        _ = m.map(RawInput(t: 0.1, .keyDown(key: "Z", mods: [.ctrl])))
        _ = m.map(RawInput(t: 0.2, .keyDown(key: "AudioFastForward")))
        #expect(m.map(RawInput(t: 0.3, .quit)) == [.cancelAllTouches(reason: "program ending"),
                                                   .shakeCancelled(reason: "program ending"),
                                                   .remote(.endSeekingForward)])
        #expect(m.emulatedFingers.isEmpty && !m.isShakeHeld)
        // Nothing is left to end: the release that never comes would change nothing.
        #expect(m.map(RawInput(t: 0.4, .mouseUp(x: 100, y: 100, button: .left))) == [])
    }

    @Test("display-lost cancels every touch and a shake (\"display lost\") and ends a held seek")
    func displayLostCancelsEverything() {
        var m = makeMapper()
        _ = m.map(RawInput(t: 0, .mouseDown(x: 100, y: 100, button: .left)))
        _ = m.map(RawInput(t: 0.1, .keyDown(key: "Z", mods: [.ctrl])))
        _ = m.map(RawInput(t: 0.2, .keyDown(key: "AudioFastForward")))
        #expect(m.map(RawInput(t: 0.3, .displayLost)) == [.cancelAllTouches(reason: "display lost"),
                                                          .shakeCancelled(reason: "display lost"),
                                                          .remote(.endSeekingForward)])
        #expect(m.emulatedFingers.isEmpty && !m.isShakeHeld)
        #expect(RawInput(t: 0.3, .displayLost).isEnd && RawInput(t: 0.3, .quit).isEnd)
        #expect(!RawInput(t: 0.3, .focusLost).isEnd)
    }
}
