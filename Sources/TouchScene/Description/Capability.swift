// Capability: the device capabilities a scene can need (`capabilities`).

/// A device capability a scene needs (`capabilities`).
public enum Capability: String, Sendable, Hashable, CaseIterable {
    /// `accelerometer`: shake and orientation from motion.
    case accelerometer
    /// `gyroscope`: rotation rate samples.
    case gyroscope
    /// `touchscreen`: real fingers (the mouse stands in otherwise).
    case touchscreen
    /// `gamepad`: a game controller (the keyboard stands in otherwise).
    case gamepad
}
