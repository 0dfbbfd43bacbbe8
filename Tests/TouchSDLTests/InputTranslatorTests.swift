import CSDL2
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

/// A 1000×600 window showing an 800×600 scene without panels: letterboxed, 100 px bars left and right.
func letterboxed() -> HostLayout {
    HostLayout(canvasSize: Size(width: 1000, height: 600), sceneSize: Size(width: 800, height: 600),
               options: LayoutOptions(panelsVisible: false, margin: 0))
}

func fingerEvent(_ type: SDL_EventType, touch: Int64 = 7, finger: Int64, x: Float, y: Float, pressure: Float = 1) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.tfinger.touchId = touch
    e.tfinger.fingerId = finger
    e.tfinger.x = x
    e.tfinger.y = y
    e.tfinger.pressure = pressure
    return e
}

func mouseButtonEvent(_ type: SDL_EventType, x: Int32, y: Int32, button: Int32 = SDL_BUTTON_LEFT, which: UInt32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.button.which = which
    e.button.button = UInt8(button)
    e.button.x = x
    e.button.y = y
    return e
}

func windowEvent(_ id: SDL_WindowEventID, _ d1: Int32 = 0, _ d2: Int32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_WINDOWEVENT.rawValue
    e.window.event = UInt8(id.rawValue)
    e.window.data1 = d1
    e.window.data2 = d2
    return e
}

func keyEvent(_ type: SDL_EventType, _ key: Int32, mod: UInt16 = 0, repeating: Bool = false) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    e.key.keysym.sym = key
    e.key.keysym.mod = mod
    e.key.repeat = repeating ? 1 : 0
    return e
}

@MainActor
@Suite("Input translation (SDL_Event → RawInput)", .serialized)
struct InputTranslatorTests {
    @Test("a finger's normalized position lands in scene points through the letterboxed scene area")
    func fingerLetterboxed() {
        var tr = InputTranslator(layout: letterboxed(), fingerScaling: .sizeMinusOne)
        let out = tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 40, x: 0.5, y: 0.5, pressure: 0.4), time: 1.5)
        // 0.5 · (1000 − 1) = 499.5 window px; minus the 100 px bar → 399.5 scene points.
        #expect(out == [RawInput(t: 1.5, .fingerDown(finger: 1, x: 399.5, y: 299.5, pressure: Double(Float(0.4)), device: 0))])
    }

    @Test("Wayland's finger scaling divides by the window size, not size − 1")
    func waylandScaling() {
        var tr = InputTranslator(layout: letterboxed(), fingerScaling: .size)
        let out = tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.5, y: 0.5), time: 0)
        #expect(out.first?.kind == .fingerDown(finger: 1, x: 400, y: 300, pressure: 1, device: 0))
        #expect(FingerScaling.forDriver("wayland") == .size)
        #expect(FingerScaling.forDriver("x11") == .sizeMinusOne)
    }

    @Test("a finger dragged outside the window keeps going outside the scene")
    func fingerOutside() {
        var tr = InputTranslator(layout: letterboxed())
        _ = tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.5, y: 0.5), time: 0)
        let out = tr.translate(fingerEvent(SDL_FINGERMOTION, finger: 1, x: -0.1, y: 1.2), time: 0.1)
        guard case let .fingerMove(id, x, y, _, _) = out.first?.kind else { Issue.record("no move: \(out)"); return }
        #expect(id == 1)
        #expect(x < 0)
        #expect(y > 600)
    }

    @Test("HiDPI: mouse window units are scaled to canvas pixels before the scene mapping")
    func hiDPIMouse() {
        let layout = HostLayout(canvasSize: Size(width: 2000, height: 1200), windowSize: Size(width: 1000, height: 600),
                                sceneSize: Size(width: 800, height: 600), options: LayoutOptions(panelsVisible: false, margin: 0))
        #expect(layout.pixelScale == 2)
        var tr = InputTranslator(layout: layout)
        tr.modState = { 0 }
        let out = tr.translate(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 500, y: 300), time: 0)
        #expect(out == [RawInput(t: 0, .mouseDown(x: 400, y: 300, button: .left, mods: []))])
    }

    @Test("mouse events SDL made from a finger are dropped")
    func synthesizedMouseDropped() {
        var tr = InputTranslator(layout: letterboxed())
        tr.modState = { 0 }
        #expect(tr.translate(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 10, y: 10, which: ts_touch_mouse_id()), time: 0).isEmpty)
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.which = ts_touch_mouse_id()
        motion.motion.state = 1
        #expect(tr.translate(motion, time: 0).isEmpty)
        #expect(tr.translate(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 10, y: 10, which: 0), time: 0).count == 1)
    }

    @Test("finger events SDL made from the mouse are dropped")
    func synthesizedTouchDropped() {
        var tr = InputTranslator(layout: letterboxed())
        #expect(tr.translate(fingerEvent(SDL_FINGERDOWN, touch: ts_mouse_touch_id(), finger: 0, x: 0.5, y: 0.5), time: 0).isEmpty)
        #expect(tr.activeFingers.isEmpty)
    }

    @Test("mouse buttons, drags and modifiers become mouse-down/move/up with mods")
    func mouseWithMods() {
        var tr = InputTranslator(layout: letterboxed())
        tr.modState = { UInt32(KMOD_LSHIFT.rawValue | KMOD_RALT.rawValue) }
        let down = tr.translate(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 150, y: 20, button: SDL_BUTTON_RIGHT), time: 0)
        #expect(down == [RawInput(t: 0, .mouseDown(x: 50, y: 20, button: .right, mods: [.shift, .alt]))])
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.x = 160
        motion.motion.y = 30
        #expect(tr.translate(motion, time: 0.1).isEmpty, "hover is dropped by default")
        motion.motion.state = 1
        #expect(tr.translate(motion, time: 0.1) == [RawInput(t: 0.1, .mouseMove(x: 60, y: 30, button: .left, mods: [.shift, .alt]))])
        tr.reportHover = true
        motion.motion.state = 0
        #expect(tr.translate(motion, time: 0.2).first?.kind == .mouseMove(x: 60, y: 30, button: nil, mods: [.shift, .alt]))
        #expect(tr.translate(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 1, y: 1, button: 4), time: 0).isEmpty, "X1 button ignored")
    }

    @Test("keys are named as SDL_GetKeyName names them; repeats are dropped")
    func keyNames() throws {
        try SDLContext.initVideo(headless: true)
        var tr = InputTranslator(layout: letterboxed())
        #expect(tr.translate(keyEvent(SDL_KEYDOWN, Int32(SDLK_z.rawValue), mod: UInt16(KMOD_LCTRL.rawValue)), time: 0)
            == [RawInput(t: 0, .keyDown(key: "Z", mods: [.ctrl]))])
        #expect(tr.translate(keyEvent(SDL_KEYDOWN, Int32(SDLK_z.rawValue), repeating: true), time: 0.1).isEmpty)
        #expect(tr.translate(keyEvent(SDL_KEYUP, Int32(SDLK_SPACE.rawValue)), time: 0.2) == [RawInput(t: 0.2, .keyUp(key: "Space"))])
        #expect(tr.translate(keyEvent(SDL_KEYDOWN, Int32(SDLK_AUDIOPLAY.rawValue)), time: 0.3).first?.kind == .keyDown(key: "AudioPlay"))
        #expect(tr.translate(keyEvent(SDL_KEYDOWN, Int32(SDLK_F8.rawValue)), time: 0.3).first?.kind == .keyDown(key: "F8"))
    }

    @Test("losing focus, hiding or minimizing gives one focus-lost; regaining focus gives focus-gained")
    func focus() {
        var tr = InputTranslator(layout: letterboxed())
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_FOCUS_GAINED), time: 0).isEmpty, "already focused")
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_FOCUS_LOST), time: 1) == [RawInput(t: 1, .focusLost)])
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_MINIMIZED), time: 1).isEmpty)
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_FOCUS_GAINED), time: 2) == [RawInput(t: 2, .focusGained)])
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_HIDDEN), time: 3) == [RawInput(t: 3, .focusLost)])
    }

    @Test("a size change becomes resize with the new size in pixels")
    func resize() {
        var tr = InputTranslator(layout: letterboxed())
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED, 1200, 700), time: 0) == [RawInput(t: 0, .resize(width: 1200, height: 700))])
        #expect(tr.translate(windowEvent(SDL_WINDOWEVENT_RESIZED, 1200, 700), time: 0).isEmpty, "RESIZED duplicates SIZE_CHANGED")
    }

    @Test("fingers get small ids from 1, freed ids are reused, and (device, finger) keys them")
    func fingerIds() {
        var tr = InputTranslator(layout: letterboxed())
        func id(_ out: [RawInput]) -> Int? {
            switch out.last?.kind {
            case let .fingerDown(f, _, _, _, _), let .fingerMove(f, _, _, _, _), let .fingerUp(f, _, _, _, _): f
            default: nil
            }
        }
        #expect(id(tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1001, x: 0.1, y: 0.1), time: 0)) == 1)
        #expect(id(tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1002, x: 0.2, y: 0.1), time: 0)) == 2)
        // Same SDL finger id on another device: a different finger.
        let other = tr.translate(fingerEvent(SDL_FINGERDOWN, touch: 9, finger: 1001, x: 0.3, y: 0.1), time: 0)
        #expect(id(other) == 3)
        if case let .fingerDown(_, _, _, _, device) = other.last?.kind { #expect(device == 1) } else {
            Issue.record("the other device's finger did not land: \(other)")
        }
        #expect(id(tr.translate(fingerEvent(SDL_FINGERUP, finger: 1001, x: 0.1, y: 0.1), time: 0.1)) == 1)
        #expect(tr.activeFingers == [2, 3])
        #expect(id(tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1003, x: 0.1, y: 0.1), time: 0.2)) == 1, "id 1 reused")
        #expect(id(tr.translate(fingerEvent(SDL_FINGERMOTION, finger: 1002, x: 0.25, y: 0.1), time: 0.3)) == 2)
        #expect(tr.translate(fingerEvent(SDL_FINGERUP, finger: 5555, x: 0, y: 0), time: 0.4).isEmpty, "up for an unknown finger")
    }

    @Test("a repeated down lifts the old finger first; motion for an unknown finger starts it")
    func patchedSequences() {
        var tr = InputTranslator(layout: letterboxed())
        _ = tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.1, y: 0.1), time: 0)
        let again = tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.1, y: 0.1), time: 0.1)
        #expect(again.map(\.typeName) == ["finger-up", "finger-down"])
        let motion = tr.translate(fingerEvent(SDL_FINGERMOTION, finger: 2, x: 0.2, y: 0.2), time: 0.2)
        #expect(motion.map(\.typeName) == ["finger-down"])
    }

    @Test("a touch device that disappears gives touch-device-removed and forgets its fingers")
    func touchDeviceRemoved() {
        var tr = InputTranslator(layout: letterboxed())
        _ = tr.translate(fingerEvent(SDL_FINGERDOWN, touch: 7, finger: 1, x: 0.1, y: 0.1), time: 0)
        #expect(tr.touchDevicesChanged(present: [7], time: 0).isEmpty)
        #expect(tr.touchDevicesChanged(present: [], time: 1) == [RawInput(t: 1, .touchDeviceRemoved)])
        #expect(tr.activeFingers.isEmpty)
        #expect(tr.touchDevicesChanged(present: [], time: 2).isEmpty)
    }

    @Test("pad buttons are named by SDL; accelerometer samples are limited to 60 Hz")
    func pads() {
        var tr = InputTranslator(layout: letterboxed())
        var b = SDL_Event()
        b.type = SDL_CONTROLLERBUTTONDOWN.rawValue
        b.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_A.rawValue)
        #expect(tr.translate(b, time: 0) == [RawInput(t: 0, .padDown(button: "a"))])
        b.type = SDL_CONTROLLERBUTTONUP.rawValue
        b.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_LEFTSHOULDER.rawValue)
        #expect(tr.translate(b, time: 0) == [RawInput(t: 0, .padUp(button: "leftshoulder"))])

        var s = SDL_Event()
        s.type = SDL_CONTROLLERSENSORUPDATE.rawValue
        s.csensor.sensor = SDL_SENSOR_ACCEL.rawValue
        s.csensor.data = (1, -9.81, 0.5)
        #expect(tr.translate(s, time: 1.0) == [RawInput(t: 1.0, .padAccel(x: 1, y: Double(Float(-9.81)), z: 0.5))])
        #expect(tr.translate(s, time: 1.005).isEmpty)
        #expect(tr.translate(s, time: 1.0 + 1.0 / 60).count == 1)
        s.csensor.sensor = SDL_SENSOR_GYRO.rawValue
        #expect(tr.translate(s, time: 2).isEmpty)

        var added = SDL_Event()
        added.type = SDL_CONTROLLERDEVICEADDED.rawValue
        #expect(tr.translate(added, time: 3) == [RawInput(t: 3, .padAdded)])
        added.type = SDL_CONTROLLERDEVICEREMOVED.rawValue
        #expect(tr.translate(added, time: 4) == [RawInput(t: 4, .padRemoved)])
    }

    @Test("a trigger pulled past half is a pad button down, released below half an up")
    func triggers() {
        var tr = InputTranslator(layout: letterboxed())
        var a = SDL_Event()
        a.type = SDL_CONTROLLERAXISMOTION.rawValue
        a.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue)
        a.caxis.value = 10_000
        #expect(tr.translate(a, time: 0).isEmpty)
        a.caxis.value = 30_000
        #expect(tr.translate(a, time: 0.1) == [RawInput(t: 0.1, .padDown(button: "righttrigger"))])
        a.caxis.value = 32_000
        #expect(tr.translate(a, time: 0.2).isEmpty)
        a.caxis.value = 100
        #expect(tr.translate(a, time: 0.3) == [RawInput(t: 0.3, .padUp(button: "righttrigger"))])
        a.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
        a.caxis.value = 30_000
        #expect(tr.translate(a, time: 0.4).isEmpty)
    }
}
