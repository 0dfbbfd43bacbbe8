// Capabilities: what a scene requires of the input device, and whether it is there.

/// A device capability a scene can require (scene file `capabilities`; the raw values are
/// the scene file's words).
public enum DeviceCapability: String, Sendable, Hashable, CaseIterable, Comparable {
    /// An accelerometer: shake and orientation from motion (a gamepad's or the tablet's).
    case accelerometer
    /// A gyroscope: rotation rate samples for motion subscribers.
    case gyroscope
    /// A touchscreen: real fingers rather than the mouse's emulated ones.
    case touchscreen
    /// A game controller: the remote's buttons and a shake button.
    case gamepad

    /// Orders capabilities by name, so messages list them alphabetically.
    public static func < (a: DeviceCapability, b: DeviceCapability) -> Bool { a.rawValue < b.rawValue }

    /// What stands in for a missing capability in the sandbox.
    public var standIn: String {
        switch self {
        case .accelerometer: "Ctrl+Z or the gamepad's Back button shake; Ctrl+arrows set the orientation"
        case .gyroscope: "no stand-in: gyroscope subscribers get no samples"
        case .touchscreen: "the mouse emulates fingers (Alt for two, middle click for resting fingers)"
        case .gamepad: "the keyboard: Ctrl+Z shake, F7/F8/F9 and media keys"
        }
    }
}

/// What the attached input devices offer, as the host found them.
///
///     var caps = DeviceCapabilities(); caps.gamepad = true; caps.accelerometer = true
public struct DeviceCapabilities: Sendable, Hashable {
    /// Whether an accelerometer reports (a gamepad's, or the tablet's own through IIO).
    public var accelerometer = false
    /// Whether a gyroscope reports.
    public var gyroscope = false
    /// Whether a touchscreen is attached.
    public var touchscreen = false
    /// Whether a game controller is connected.
    public var gamepad = false
    /// Capabilities with the given devices present (none by default).
    public init(accelerometer: Bool = false, gyroscope: Bool = false, touchscreen: Bool = false, gamepad: Bool = false) {
        self.accelerometer = accelerometer; self.gyroscope = gyroscope
        self.touchscreen = touchscreen; self.gamepad = gamepad
    }

    /// The capabilities present, as a set.
    public var available: Set<DeviceCapability> {
        var s = Set<DeviceCapability>()
        if accelerometer { s.insert(.accelerometer) }
        if gyroscope { s.insert(.gyroscope) }
        if touchscreen { s.insert(.touchscreen) }
        if gamepad { s.insert(.gamepad) }
        return s
    }
}

/// Checks a scene's required capabilities against what the device has: one readable
/// message per requirement, missing ones first (sorted by name within each group).
///
///     checkRequiredCapabilities([.accelerometer], available: [])
///     // ["missing accelerometer: Ctrl+Z or the gamepad's Back button shake; ..."]
public func checkRequiredCapabilities(_ required: Set<DeviceCapability>, available: Set<DeviceCapability>) -> [String] {
    let missing = required.subtracting(available).sorted()
    let present = required.intersection(available).sorted()
    return missing.map { "missing \($0.rawValue): \($0.standIn)" } + present.map { "has \($0.rawValue)" }
}

extension Application {
    /// Checks required capabilities and records the verdict in the trace (topic
    /// `capabilities`). Returns the messages; the missing ones come first.
    @discardableResult
    public func checkRequiredCapabilities(_ required: Set<DeviceCapability>, available: Set<DeviceCapability>) -> [String] {
        let messages = TouchCore.checkRequiredCapabilities(required, available: available)
        let missing = required.subtracting(available)
        let summary = required.isEmpty ? "the scene requires no device capabilities"
            : missing.isEmpty ? "the device has every capability the scene requires"
            : "the device lacks \(missing.sorted().map(\.rawValue).joined(separator: ", "))"
        tracer.emit(time, .note(topic: "capabilities", text: TraceText(([summary] + messages).joined(separator: "; "))))
        return messages
    }
}
