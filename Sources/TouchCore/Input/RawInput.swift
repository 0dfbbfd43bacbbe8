// RawInput: one input event as the host saw it, in scene points. A recording line.

/// A mouse button, as recordings name it.
public enum MouseButton: String, Sendable, Hashable, CaseIterable {
    /// The left (primary) button: drags one emulated finger.
    case left
    /// The right button: selects the view under the pointer in the inspector (not a touch).
    case right
    /// The middle button: drops or lifts a resting finger.
    case middle
}

/// A keyboard modifier, as recordings name it.
public enum KeyModifier: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Shift: with a left drag, every resting finger moves along.
    case shift
    /// Control (either side): Ctrl + left click drops a resting finger; Ctrl + a key is a
    /// window or shake shortcut.
    case ctrl
    /// Alt (Option): with a left drag, a second finger mirrored about the window's centre.
    case alt
    /// Orders modifiers as recordings list them: shift, ctrl, alt.
    public static func < (a: KeyModifier, b: KeyModifier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One input event before it is mapped to touches, shakes or remote commands
/// (DESIGN.md step 1's output and a recording line). Coordinates are scene points.
///
///     RawInput(t: 0.1, .fingerDown(finger: 1, x: 100, y: 200))
public struct RawInput: Hashable, Sendable {
    /// Seconds since the start of the recording (non-decreasing).
    public var t: Double
    /// What happened: a recording line's `type` and its fields.
    public var kind: Kind

    /// An input of `kind` at `t` seconds.
    public init(t: Double, _ kind: Kind) { self.t = t; self.kind = kind }

    /// The kinds of raw input, one per recording line `type` (`finger-down` is ``fingerDown(finger:x:y:pressure:device:)``…),
    /// with that line's fields.
    public enum Kind: Hashable, Sendable {
        /// A touchscreen finger touched down (`finger-down`): finger id, position in scene points,
        /// force 0…1 when the device has one, and the touch device (0 when absent).
        case fingerDown(finger: Int, x: Double, y: Double, pressure: Double? = nil, device: Int? = nil)
        /// A finger that is down moved (`finger-move`).
        case fingerMove(finger: Int, x: Double, y: Double, pressure: Double? = nil, device: Int? = nil)
        /// A finger lifted (`finger-up`).
        case fingerUp(finger: Int, x: Double, y: Double, pressure: Double? = nil, device: Int? = nil)
        /// A mouse button went down (`mouse-down`), with the modifiers held: the left button makes
        /// an emulated finger (Alt and Shift add more, see the input map), the middle button or
        /// Ctrl + left drops a resting finger, the right button selects in the inspector.
        case mouseDown(x: Double, y: Double, button: MouseButton, mods: [KeyModifier] = [])
        /// The mouse moved (`mouse-move`), with the button held (nil: none).
        case mouseMove(x: Double, y: Double, button: MouseButton?, mods: [KeyModifier] = [])
        /// A mouse button went up (`mouse-up`).
        case mouseUp(x: Double, y: Double, button: MouseButton, mods: [KeyModifier] = [])
        /// `key` is an SDL key name (`SDL_GetKeyName`), e.g. `Z`, `Space`, `AudioPlay`, `F8`.
        case keyDown(key: String, mods: [KeyModifier] = [])
        /// A key went up (`key-up`); `key` as in ``keyDown(key:mods:)``.
        case keyUp(key: String, mods: [KeyModifier] = [])
        /// `button` is an SDL game controller button name, e.g. `a`, `back`, `leftshoulder`.
        case padDown(button: String)
        /// A game controller button went up (`pad-up`).
        case padUp(button: String)
        /// Accelerometer in m/s², gravity included.
        case padAccel(x: Double, y: Double, z: Double)
        /// The device's own accelerometer (a Linux IIO accelerometer: tablets, convertibles) in
        /// m/s², gravity included, on IIO's axes: x right, y up, z out of the screen toward the
        /// user, for the device held in portrait. A device at rest reads gravity pointing down,
        /// toward the earth (upright in portrait: y ≈ -9.81), the opposite sign to `padAccel`'s
        /// SDL axes. Its own source: a gamepad's samples and these never mix.
        case accel(x: Double, y: Double, z: Double)
        /// The window lost input focus (`focus-lost`): every touch is cancelled ("window lost
        /// focus"), as are a shake and held seeks.
        case focusLost
        /// The window got input focus back (`focus-gained`).
        case focusGained
        /// The touch device went away (`touch-device-removed`): every touch is cancelled ("touch
        /// device removed").
        case touchDeviceRemoved
        /// A game controller was connected (`pad-added`).
        case padAdded
        /// A game controller was disconnected (`pad-removed`): a shake or seek it held ends.
        case padRemoved
        /// The host window changed size (`resize`), in canvas pixels; the event model itself
        /// ignores it (the scene keeps its size).
        case resize(width: Double, height: Double)
        /// The program is ending (window closed, quit key, SIGINT, SIGTERM): everything under
        /// way is cancelled ("program ending"). Nothing follows it.
        case quit
        /// The display went away under the window (the X server ended or its connection
        /// broke): everything under way is cancelled ("display lost"). Nothing follows it.
        case displayLost
        /// A display frame delivered the moves that arrived since the last one (`touch-frame`):
        /// a live recording keeps the instants its window delivered them at, so a replay
        /// delivers at the same instants (``InputEvent/touchFrame``).
        case touchFrame
        /// A pen in range above the screen without touching it (`pen-hover`): where it points,
        /// in scene points, and `z`, its ``HoverGestureRecognizer/zOffset``: its distance
        /// (`ABS_DISTANCE`) through the axis's range, 0 at the axis's minimum and 1 at its
        /// maximum (0 for a device that reports no distance); `device` as a finger's.
        /// `finger`, for a multitouch pen (a slot of its own), is the finger number its contact
        /// takes when it touches: that `finger-down` ends this hover, another finger's does not.
        /// Without it (a single-touch pen), any `finger-down` of the device ends the hover.
        case penHover(x: Double, y: Double, z: Double, device: Int? = nil, finger: Int? = nil)
        /// The pen left the range (`pen-hover-end`): its hover is over; `finger` as `penHover`'s.
        case penHoverEnd(device: Int? = nil, finger: Int? = nil)
    }

    /// Whether the program ended here (`quit`, `displayLost`): nothing follows it, and a
    /// replay ends at it.
    public var isEnd: Bool {
        switch kind {
        case .quit, .displayLost: true
        default: false
        }
    }

    /// Whether every number in it (time, coordinates, pressure, acceleration, size) is finite.
    /// Input that is not is dropped where it enters the model and is never recorded.
    public var isFinite: Bool {
        guard t.isFinite else { return false }
        switch kind {
        case let .fingerDown(_, x, y, p, _), let .fingerMove(_, x, y, p, _), let .fingerUp(_, x, y, p, _):
            return x.isFinite && y.isFinite && (p?.isFinite ?? true)
        case let .mouseDown(x, y, _, _), let .mouseMove(x, y, _, _), let .mouseUp(x, y, _, _):
            return x.isFinite && y.isFinite
        case let .padAccel(x, y, z), let .accel(x, y, z), let .penHover(x, y, z, _, _):
            return x.isFinite && y.isFinite && z.isFinite
        case let .resize(w, h):
            return w.isFinite && h.isFinite
        case .keyDown, .keyUp, .padDown, .padUp, .focusLost, .focusGained, .touchDeviceRemoved, .padAdded, .padRemoved, .quit, .displayLost,
             .touchFrame, .penHoverEnd:
            return true
        }
    }

    /// The recording's `type` string for this kind.
    public var typeName: String {
        switch kind {
        case .fingerDown: "finger-down"
        case .fingerMove: "finger-move"
        case .fingerUp: "finger-up"
        case .mouseDown: "mouse-down"
        case .mouseMove: "mouse-move"
        case .mouseUp: "mouse-up"
        case .keyDown: "key-down"
        case .keyUp: "key-up"
        case .padDown: "pad-down"
        case .padUp: "pad-up"
        case .padAccel: "pad-accel"
        case .accel: "accel"
        case .focusLost: "focus-lost"
        case .focusGained: "focus-gained"
        case .touchDeviceRemoved: "touch-device-removed"
        case .padAdded: "pad-added"
        case .padRemoved: "pad-removed"
        case .resize: "resize"
        case .quit: "quit"
        case .displayLost: "display-lost"
        case .touchFrame: "touch-frame"
        case .penHover: "pen-hover"
        case .penHoverEnd: "pen-hover-end"
        }
    }
}
