// RawInput: one input event as the host saw it, in scene points. A recording line.

/// A mouse button, as recordings name it.
public enum MouseButton: String, Sendable, Hashable, CaseIterable {
    case left, right, middle
}

/// A keyboard modifier, as recordings name it.
public enum KeyModifier: String, Sendable, Hashable, CaseIterable, Comparable {
    case shift, ctrl, alt
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
    public var kind: Kind

    public init(t: Double, _ kind: Kind) { self.t = t; self.kind = kind }

    public enum Kind: Hashable, Sendable {
        case fingerDown(finger: Int, x: Double, y: Double, pressure: Double? = nil, device: Int? = nil)
        case fingerMove(finger: Int, x: Double, y: Double, pressure: Double? = nil, device: Int? = nil)
        case fingerUp(finger: Int, x: Double, y: Double, pressure: Double? = nil, device: Int? = nil)
        case mouseDown(x: Double, y: Double, button: MouseButton, mods: [KeyModifier] = [])
        case mouseMove(x: Double, y: Double, button: MouseButton?, mods: [KeyModifier] = [])
        case mouseUp(x: Double, y: Double, button: MouseButton, mods: [KeyModifier] = [])
        /// `key` is an SDL key name (`SDL_GetKeyName`), e.g. `Z`, `Space`, `AudioPlay`, `F8`.
        case keyDown(key: String, mods: [KeyModifier] = [])
        case keyUp(key: String, mods: [KeyModifier] = [])
        /// `button` is an SDL game controller button name, e.g. `a`, `back`, `leftshoulder`.
        case padDown(button: String)
        case padUp(button: String)
        /// Accelerometer in m/s², gravity included.
        case padAccel(x: Double, y: Double, z: Double)
        /// The device's own accelerometer (a Linux IIO accelerometer: tablets, convertibles) in
        /// m/s², gravity included, on IIO's axes: x right, y up, z out of the screen toward the
        /// user, for the device held in portrait. A device at rest reads gravity pointing down,
        /// toward the earth (upright in portrait: y ≈ -9.81), the opposite sign to `padAccel`'s
        /// SDL axes. Its own source: a gamepad's samples and these never mix.
        case accel(x: Double, y: Double, z: Double)
        case focusLost
        case focusGained
        case touchDeviceRemoved
        case padAdded
        case padRemoved
        case resize(width: Double, height: Double)
        /// The program is ending (window closed, quit key, SIGINT, SIGTERM): everything under
        /// way is cancelled ("program ending"). Nothing follows it.
        case quit
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
        case let .padAccel(x, y, z), let .accel(x, y, z):
            return x.isFinite && y.isFinite && z.isFinite
        case let .resize(w, h):
            return w.isFinite && h.isFinite
        case .keyDown, .keyUp, .padDown, .padUp, .focusLost, .focusGained, .touchDeviceRemoved, .padAdded, .padRemoved, .quit:
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
        }
    }
}
