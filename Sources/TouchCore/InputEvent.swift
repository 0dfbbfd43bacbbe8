// InputEvent: input after step (2) of DESIGN.md: touches, interruptions, shake, remote, orientation.

/// Identifies one finger across its life: the device it came from and the device's finger id.
/// Mouse-emulated fingers use device -1.
public struct TouchKey: Hashable, Sendable, Comparable {
    public var device: Int
    public var finger: Int
    public init(device: Int, finger: Int) { self.device = device; self.finger = finger }
    public static func < (a: TouchKey, b: TouchKey) -> Bool { (a.device, a.finger) < (b.device, b.finger) }
}

/// A remote-control command (SPEC.md section 8).
public enum RemoteCommand: String, Sendable, Hashable, CaseIterable {
    case play, pause, togglePlayPause, stop, nextTrack, previousTrack
    case beginSeekingForward, endSeekingForward, beginSeekingBackward, endSeekingBackward
    case skipForward, skipBackward, changePlaybackPosition, changePlaybackRate
    case like, dislike, bookmark
}

/// The device orientation, as `UIDeviceOrientation`.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
}

/// One event for the application: what `Application.send` takes.
public enum InputEvent: Sendable, Hashable {
    case touchDown(TouchKey, Point, pressure: Double = 1, emulated: Bool = false)
    case touchMove(TouchKey, Point, pressure: Double = 1)
    case touchUp(TouchKey, Point, pressure: Double = 1)
    /// Cancels every active touch (focus loss, device removal, scene reload, interrupt key).
    case cancelAllTouches(reason: String)
    case shakeBegan
    case shakeEnded
    case shakeCancelled(reason: String)
    /// A remote command, with an optional argument (seek position, rate, skip interval).
    case remote(RemoteCommand, value: Double? = nil)
    case orientation(DeviceOrientation)
    /// An accelerometer or gyroscope sample: to motion subscribers, not the responder chain.
    case motionSample(MotionSample)
}
