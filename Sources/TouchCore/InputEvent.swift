// InputEvent: input after step (2) of DESIGN.md: touches, interruptions, shake, remote, orientation.

/// Identifies one finger across its life: the device it came from and the device's finger id.
/// Mouse-emulated fingers use device -1.
public struct TouchKey: Hashable, Sendable, Comparable {
    /// The input device: SDL's touch device id, or -1 for the mouse.
    public var device: Int
    /// The finger's id on its device (SDL's finger id, a recording's `finger`), kept while
    /// the finger is down; a device may reuse it for a later finger.
    public var finger: Int
    /// The key of finger `finger` on `device`.
    public init(device: Int, finger: Int) { self.device = device; self.finger = finger }
    /// Orders keys by device, then finger.
    public static func < (a: TouchKey, b: TouchKey) -> Bool { (a.device, a.finger) < (b.device, b.finger) }
}

/// A remote-control command (SPEC.md section 8).
public enum RemoteCommand: String, Sendable, Hashable, CaseIterable {
    /// Start playback (`MPRemoteCommandCenter.playCommand`).
    case play
    /// Pause playback (`pauseCommand`).
    case pause
    /// Play when paused, pause when playing (`togglePlayPauseCommand`): F8, the
    /// AudioPlay key, a gamepad's `a` button.
    case togglePlayPause
    /// Stop and rewind (`stopCommand`).
    case stop
    /// The next item (`nextTrackCommand`).
    case nextTrack
    /// The previous item, or the start of this one (`previousTrackCommand`).
    case previousTrack
    /// Start seeking forward, until `endSeekingForward` (`seekForwardCommand`, begin).
    case beginSeekingForward
    /// Stop seeking forward (`seekForwardCommand`, end).
    case endSeekingForward
    /// Start seeking backward, until `endSeekingBackward` (`seekBackwardCommand`, begin).
    case beginSeekingBackward
    /// Stop seeking backward (`seekBackwardCommand`, end).
    case endSeekingBackward
    /// Skip forward by an interval in seconds (`skipForwardCommand`; the command centre's
    /// preferred interval when none is given).
    case skipForward
    /// Skip backward by an interval in seconds (`skipBackwardCommand`).
    case skipBackward
    /// Jump to a position in seconds, which the command must carry
    /// (`changePlaybackPositionCommand`).
    case changePlaybackPosition
    /// Set the playback rate, which the command must carry (`changePlaybackRateCommand`).
    case changePlaybackRate
    /// Like the current item (`likeCommand`).
    case like
    /// Dislike the current item (`dislikeCommand`).
    case dislike
    /// Bookmark the current item, or remove its bookmark (`bookmarkCommand`).
    case bookmark
}

/// The device orientation, as `UIDeviceOrientation`.
public enum DeviceOrientation: String, Sendable, Hashable, CaseIterable {
    /// Not known: what ``MotionManager/orientation`` reads while orientation notifications
    /// are off.
    case unknown
    /// Upright, the home edge at the bottom (Ctrl+Up).
    case portrait
    /// Upside down (Ctrl+Down).
    case portraitUpsideDown
    /// On its side, the home edge on the right (Ctrl+Left).
    case landscapeLeft
    /// On its side, the home edge on the left (Ctrl+Right).
    case landscapeRight
    /// Lying flat, screen up (Ctrl+PageUp).
    case faceUp
    /// Lying flat, screen down (Ctrl+PageDown).
    case faceDown
}

/// One event for the application: what `Application.send` takes.
public enum InputEvent: Sendable, Hashable {
    /// A finger touched down at a point in window coordinates (scene points), with a force
    /// of 0…1; `emulated` marks a finger the mouse made. The application hit-tests the point
    /// and starts a touch (a finger already down is lifted first, as SDL patches it).
    case touchDown(TouchKey, Point, pressure: Double = 1, emulated: Bool = false)
    /// A finger that is down moved (a finger not down lands here instead).
    case touchMove(TouchKey, Point, pressure: Double = 1)
    /// A finger lifted at a point (an unknown finger is ignored).
    case touchUp(TouchKey, Point, pressure: Double = 1)
    /// What the input reported of finger `key` besides its position (type, palm, pressure,
    /// size), sent before its down or move: the touch down for `key` takes them now, or the
    /// next one to land. A palm that is not down is never delivered.
    case touchTraits(TouchKey, TouchTraits)
    /// Cancels one touch, with the trace's reason (a finger that turned into a palm); the
    /// rest of that finger's input is the mapper's to swallow.
    case cancelTouch(TouchKey, reason: String)
    /// A pointer hovers at a point with no button down (the mouse: finger 0 of device -1), a
    /// pen `zOffset` from the screen (0 for the mouse): ``HoverGestureRecognizer``s follow it.
    case hover(TouchKey, Point, zOffset: Double = 0)
    /// The pointer's hover is over: it left, a button went down, the window lost focus.
    case hoverEnded(TouchKey, reason: String)
    /// Cancels every active touch (focus loss, device removal, scene reload, interrupt key).
    case cancelAllTouches(reason: String)
    /// A shake started: `motionBegan` to the first responder and up the chain.
    case shakeBegan
    /// The shake under way ended: `motionEnded`.
    case shakeEnded
    /// The shake under way was cancelled, with the trace's reason: `motionCancelled`.
    case shakeCancelled(reason: String)
    /// A remote command, with an optional argument (seek position, rate, skip interval).
    case remote(RemoteCommand, value: Double? = nil)
    /// The device turned: ``MotionManager`` announces it while orientation notifications
    /// are on.
    case orientation(DeviceOrientation)
    /// An accelerometer or gyroscope sample: to motion subscribers, not the responder chain.
    case motionSample(MotionSample)
    /// A display frame's delivery: while ``Application/coalescesTouches`` is on, the moves
    /// that arrived since the last one reach recognizers and views now, each touch once,
    /// carrying its coalesced samples (the host sends it, once per frame; a replay at a
    /// recording's `touch-frame` lines, or every 1/120 s).
    case touchFrame
}
