// InputTranslator: DESIGN.md step (1), one SDL_Event → zero or more RawInput values.
//
// Rules:
// - Synthesized events are dropped: mouse events with `which == SDL_TOUCH_MOUSEID` (made
//   from a finger) and finger events with `touchId == SDL_MOUSE_TOUCHID` (made from the
//   mouse). The host also turns both syntheses off with hints.
// - Finger x, y are normalized; window units = x · (w − 1) on X11 and KMSDRM, x · w on
//   Wayland (see `FingerScaling`); window units → canvas pixels (HiDPI) → scene points
//   through the layout's scene area. Points outside the scene are kept (a drag may leave it).
// - Fingers are keyed by (touchId, fingerId) and renamed to small ids: the lowest free id
//   from 1 up, freed when the finger lifts. Devices are renamed to indices from 0 in
//   order of first appearance.
// - Key repeats are dropped. Mouse motion without a button is dropped unless `reportHover`.
// - Window: focus lost, hidden, minimized → focus-lost (once); focus gained, shown,
//   restored → focus-gained (once); size changed → resize in canvas pixels (none for an
//   empty window). Coordinates are always finite, however small the window (HostLayout).
// - Game controllers: added / removed, buttons by SDL name, accelerometer at most
//   `accelInterval` apart per pad.
//
// Pure apart from `SDL_GetKeyName` / `SDL_GameControllerGetStringForButton` (static
// tables) and the modifier state, which is injectable.
import CSDL2
import TouchCore
import TouchDraw

/// How SDL normalized finger positions to 0…1 (video-driver specific).
public enum FingerScaling: Sendable, Hashable {
    /// X11 (XInput2) and KMSDRM: divided by `size − 1`.
    case sizeMinusOne
    /// Wayland: divided by `size`.
    case size

    /// The scaling the named video driver uses.
    public static func forDriver(_ name: String?) -> FingerScaling {
        name == "wayland" ? .size : .sizeMinusOne
    }
}

public struct InputTranslator {
    /// The current layout: window units → scene points. Update it on every resize.
    public var layout: HostLayout
    public var fingerScaling: FingerScaling
    /// Send mouse motion without a pressed button as `mouseMove(button: nil)`.
    public var reportHover = false
    /// Minimum seconds between two accelerometer samples of one pad (60 Hz).
    public var accelInterval = 1.0 / 60.0
    /// The keyboard modifiers for mouse events (SDL's state by default).
    public var modState: () -> UInt32 = { UInt32(SDL_GetModState().rawValue) }

    private struct FingerKey: Hashable { var touch: Int64; var finger: Int64 }
    private var fingers: [FingerKey: Int] = [:]
    private var devices: [Int64: Int] = [:]
    private var listedTouchDevices: Set<Int64> = []
    private var lastAccel: [Int32: Double] = [:]
    private var hasFocus = true
    /// Triggers held past half, per (pad, axis): they become `pad-down` / `pad-up`.
    private var triggersHeld: Set<[Int32]> = []

    public init(layout: HostLayout, fingerScaling: FingerScaling = .sizeMinusOne) {
        self.layout = layout
        self.fingerScaling = fingerScaling
    }

    /// Ids of fingers currently down (small ids), sorted.
    public var activeFingers: [Int] { fingers.values.sorted() }

    /// Translates one event. `time` is seconds since the host started.
    public mutating func translate(_ e: SDL_Event, time t: Double) -> [RawInput] {
        let type = e.type
        switch type {
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            return finger(e.tfinger, type: type, time: t)

        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            if b.which == ts_touch_mouse_id() { return [] }
            guard let button = Self.mouseButton(Int32(b.button)) else { return [] }
            let p = layout.windowToScene(Point(x: Double(b.x), y: Double(b.y)))
            let mods = Self.modifiers(modState())
            return [RawInput(t: t, type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .mouseDown(x: p.x, y: p.y, button: button, mods: mods)
                : .mouseUp(x: p.x, y: p.y, button: button, mods: mods))]

        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            if m.which == ts_touch_mouse_id() { return [] }
            let button: MouseButton? =
                m.state & 1 != 0 ? .left : m.state & 4 != 0 ? .right : m.state & 2 != 0 ? .middle : nil
            if button == nil && !reportHover { return [] }
            let p = layout.windowToScene(Point(x: Double(m.x), y: Double(m.y)))
            return [RawInput(t: t, .mouseMove(x: p.x, y: p.y, button: button, mods: Self.modifiers(modState())))]

        case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
            let k = e.key
            if k.repeat != 0 { return [] }
            let name = String(cString: SDL_GetKeyName(k.keysym.sym))
            guard !name.isEmpty else { return [] }
            let mods = Self.modifiers(UInt32(k.keysym.mod))
            return [RawInput(t: t, type == SDL_KEYDOWN.rawValue ? .keyDown(key: name, mods: mods) : .keyUp(key: name, mods: mods))]

        case SDL_WINDOWEVENT.rawValue:
            return window(e.window, time: t)

        case SDL_CONTROLLERDEVICEADDED.rawValue:
            return [RawInput(t: t, .padAdded)]
        case SDL_CONTROLLERDEVICEREMOVED.rawValue:
            lastAccel[e.cdevice.which] = nil
            return [RawInput(t: t, .padRemoved)]
        case SDL_CONTROLLERBUTTONDOWN.rawValue, SDL_CONTROLLERBUTTONUP.rawValue:
            let b = e.cbutton
            guard let cName = SDL_GameControllerGetStringForButton(SDL_GameControllerButton(Int32(b.button))) else { return [] }
            let name = String(cString: cName)
            return [RawInput(t: t, type == SDL_CONTROLLERBUTTONDOWN.rawValue ? .padDown(button: name) : .padUp(button: name))]
        case SDL_CONTROLLERAXISMOTION.rawValue:
            // The triggers are axes in SDL; the input map treats them as buttons held past half.
            let ax = e.caxis
            let axis = Int32(ax.axis)
            guard axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT.rawValue || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue,
                  let cName = SDL_GameControllerGetStringForAxis(SDL_GameControllerAxis(axis)) else { return [] }
            let name = String(cString: cName)
            let key = [ax.which, axis]
            let pressed = Int(ax.value) > Int(Int16.max) / 2
            if pressed && !triggersHeld.contains(key) {
                triggersHeld.insert(key)
                return [RawInput(t: t, .padDown(button: name))]
            }
            if !pressed && triggersHeld.contains(key) {
                triggersHeld.remove(key)
                return [RawInput(t: t, .padUp(button: name))]
            }
            return []
        case SDL_CONTROLLERSENSORUPDATE.rawValue:
            let s = e.csensor
            guard s.sensor == SDL_SENSOR_ACCEL.rawValue else { return [] }
            if let last = lastAccel[s.which], t - last < accelInterval - 1e-9 { return [] }
            lastAccel[s.which] = t
            return [RawInput(t: t, .padAccel(x: Double(s.data.0), y: Double(s.data.1), z: Double(s.data.2)))]

        default:
            return []
        }
    }

    private mutating func finger(_ f: SDL_TouchFingerEvent, type: UInt32, time t: Double) -> [RawInput] {
        if f.touchId == ts_mouse_touch_id() { return [] }
        let key = FingerKey(touch: f.touchId, finger: f.fingerId)
        let device = deviceIndex(f.touchId)
        let p = fingerPoint(x: Double(f.x), y: Double(f.y))
        let pressure = Double(f.pressure)
        var out: [RawInput] = []
        switch type {
        case SDL_FINGERDOWN.rawValue:
            if let old = fingers[key] {
                // A second down for a finger already down: lift the old one first.
                out.append(RawInput(t: t, .fingerUp(finger: old, x: p.x, y: p.y, pressure: pressure, device: device)))
                fingers[key] = nil
            }
            let id = freeFingerId()
            fingers[key] = id
            out.append(RawInput(t: t, .fingerDown(finger: id, x: p.x, y: p.y, pressure: pressure, device: device)))
        case SDL_FINGERMOTION.rawValue:
            if let id = fingers[key] {
                out.append(RawInput(t: t, .fingerMove(finger: id, x: p.x, y: p.y, pressure: pressure, device: device)))
            } else {
                // Motion for a finger never seen down (as SDL does): it starts here.
                let id = freeFingerId()
                fingers[key] = id
                out.append(RawInput(t: t, .fingerDown(finger: id, x: p.x, y: p.y, pressure: pressure, device: device)))
            }
        default:
            guard let id = fingers.removeValue(forKey: key) else { return [] }
            out.append(RawInput(t: t, .fingerUp(finger: id, x: p.x, y: p.y, pressure: pressure, device: device)))
        }
        return out
    }

    private mutating func window(_ w: SDL_WindowEvent, time t: Double) -> [RawInput] {
        switch Int32(w.event) {
        case Int32(SDL_WINDOWEVENT_FOCUS_LOST.rawValue), Int32(SDL_WINDOWEVENT_HIDDEN.rawValue),
             Int32(SDL_WINDOWEVENT_MINIMIZED.rawValue):
            guard hasFocus else { return [] }
            hasFocus = false
            return [RawInput(t: t, .focusLost)]
        case Int32(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue):
            guard !hasFocus else { return [] }
            hasFocus = true
            return [RawInput(t: t, .focusGained)]
        case Int32(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            // A window with no area (minimized to nothing) has no size a recording could hold.
            guard w.data1 > 0, w.data2 > 0 else { return [] }
            let ps = layout.pixelScale
            return [RawInput(t: t, .resize(width: Double(w.data1) * ps, height: Double(w.data2) * ps))]
        default:
            return []
        }
    }

    /// Call with the touch devices SDL lists now (`SDL_GetTouchDevice(0..<n)`), once per
    /// event batch: when a device SDL listed before is gone, its fingers are forgotten and
    /// one `touch-device-removed` is returned. (Devices only seen in events, such as
    /// injected ones, are not tracked.)
    public mutating func touchDevicesChanged(present: [Int64], time t: Double) -> [RawInput] {
        let now = Set(present)
        let gone = listedTouchDevices.subtracting(now)
        listedTouchDevices = now
        guard !gone.isEmpty else { return [] }
        for key in fingers.keys where gone.contains(key.touch) { fingers[key] = nil }
        return [RawInput(t: t, .touchDeviceRemoved)]
    }

    /// Normalized finger coordinates → scene points.
    public func fingerPoint(x: Double, y: Double) -> Point {
        let w = layout.windowSize.width, h = layout.windowSize.height
        let sx = fingerScaling == .size ? w : max(0, w - 1)
        let sy = fingerScaling == .size ? h : max(0, h - 1)
        return layout.windowToScene(Point(x: x * sx, y: y * sy))
    }

    private func freeFingerId() -> Int {
        let used = Set(fingers.values)
        var id = 1
        while used.contains(id) { id += 1 }
        return id
    }

    /// The device number the trace gives an SDL touch device (`TouchKey.device`), once the
    /// device has sent a finger event; nil before.
    public func traceDevice(ofTouchID touchId: Int64) -> Int? { devices[touchId] }

    private mutating func deviceIndex(_ touchId: Int64) -> Int {
        if let i = devices[touchId] { return i }
        let i = devices.count
        devices[touchId] = i
        return i
    }

    static func mouseButton(_ b: Int32) -> MouseButton? {
        switch b {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_RIGHT: .right
        case SDL_BUTTON_MIDDLE: .middle
        default: nil
        }
    }

    /// SDL_Keymod bits → shift, ctrl, alt (in that order).
    public static func modifiers(_ mod: UInt32) -> [KeyModifier] {
        var out: [KeyModifier] = []
        if mod & UInt32(KMOD_SHIFT.rawValue) != 0 { out.append(.shift) }
        if mod & UInt32(KMOD_CTRL.rawValue) != 0 { out.append(.ctrl) }
        if mod & UInt32(KMOD_ALT.rawValue) != 0 { out.append(.alt) }
        return out
    }
}
