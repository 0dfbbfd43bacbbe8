// Defaults: every threshold UIKit leaves undocumented, chosen once, here. Scenes override them.

/// The numbers the event model uses where UIKit documents none. Each can be overridden
/// per scene (`defaults:` in the scene file). Times in seconds, distances in points.
public struct Defaults: Sendable, Hashable {
    /// Longest pause between the end of one tap and the start of the next for them to
    /// count as a multi-tap (touch `tapCount`, tap recognizers). UIKit: undocumented; 0.35 s.
    public var tapInterval: Double = 0.35
    /// Farthest a tap may land from the previous one and still raise `tapCount`. 45 pt.
    public var tapDistance: Double = 45
    /// How far a finger may move before a tap stops being a tap. 10 pt (UIKit's tap slop).
    public var tapSlop: Double = 10
    /// Extra margin around a control within which a drag still counts as inside (for
    /// `touchDragEnter` / `touchDragExit` / `touchUpInside`). UIKit uses about 70 pt; we do too.
    public var controlTolerance: Double = 70
    /// A shake held longer than this is cancelled (`motionCancelled`). 3 s.
    public var shakeMaxDuration: Double = 3
    /// Long press minimum press duration (UIKit default 0.5 s).
    public var longPressDuration: Double = 0.5
    /// Long press allowable movement (UIKit default 10 pt).
    public var allowableMovement: Double = 10
    /// Swipe: minimum travel along the direction. 50 pt.
    public var swipeMinDistance: Double = 50
    /// Swipe: minimum average speed along the direction. 200 pt/s.
    public var swipeMinSpeed: Double = 200
    /// Swipe: largest angle between the motion and the direction, in radians (about 26.6°,
    /// i.e. the motion must be at least twice as long along the direction as across it).
    public var swipeMaxAngle: Double = 0.4636
    /// Swipe: the longest a swipe may take. 0.5 s.
    public var swipeMaxDuration: Double = 0.5
    /// Pinch: the change in finger distance (pt) before a pinch begins. 8 pt.
    public var pinchThreshold: Double = 8
    /// Rotation: the angle (radians) the fingers must turn before a rotation begins. ~5.7°.
    public var rotationThreshold: Double = 0.1
    /// Pan: how far the centroid must move before a pan begins. 10 pt.
    public var panSlop: Double = 10
    /// Velocity: the horizon of the least-squares fit. 0.1 s.
    public var velocityWindow: Double = 0.1
    /// Predicted touches: how far ahead of a finger's latest sample `Event.predictedTouches(for:)`
    /// reaches, in seconds (``TouchPredictor``). 0.025 s, three samples 1/120 s apart.
    public var predictionHorizon: Double = 0.025
    /// Scroll view: how long content touches are delayed (`delaysContentTouches`). 0.15 s.
    public var scrollDelay: Double = 0.15
    /// Scroll view deceleration rate per millisecond (UIKit's normal rate, 0.998).
    public var decelerationRate: Double = 0.998
    /// Scroll view: deceleration stops once the speed falls below this. 10 pt/s.
    public var scrollStopSpeed: Double = 10
    /// Scroll view: rubber-band stiffness past an edge while dragging (UIKit's 0.55).
    public var scrollRubberBand: Double = 0.55
    /// Scroll view: time constant of the return to the edge after a bounce. 0.1 s.
    public var scrollBounceTime: Double = 0.1
    /// Stepper: how long a half is held before autorepeat starts (UIKit: 0.5 s).
    public var stepperRepeatDelay: Double = 0.5
    /// Stepper: the interval between autorepeated steps. 0.1 s.
    public var stepperRepeatInterval: Double = 0.1
    /// Shake from an accelerometer (a gamepad's or the tablet's): how far the acceleration
    /// must differ from gravity, in m/s², to count as shaking. 12 m/s².
    public var shakeAccelThreshold: Double = 12
    /// Shake from an accelerometer: how long the acceleration must stay within
    /// ``shakeAccelThreshold`` of gravity for the shake to end, in seconds. 0.3 s.
    public var shakeQuietTime: Double = 0.3

    /// The documented values (UIKit's where it documents them, TouchScope's choice where it
    /// does not). Change single fields, or give a scene's `defaults:`.
    public init() {}
}
