// Default actions: how a control tells which ancestor recognizers must leave its touch alone.
//
// SPEC.md section 5, "Controls win their default action": a recognizer attached to an
// ANCESTOR of a control does not analyse the touch the control's default action needs.
// Two moments decide:
// - When a touch begins, the delivery path asks the touch's hit-test view
//   `defaultActionWins(over:)` for every recognizer of an ancestor (TouchDelivery.swift,
//   `recognizers(for:event:)`): a single tap on a button, whatever the finger does, is
//   the button's, so the ancestor's tap recognizer never analyses that touch.
// - A drag's direction is known only once the finger moved: an ancestor's swipe or pan
//   analyses a touch on a slider's or switch's thumb like any other, and when it tries to
//   begin or recognize, arbitration asks `defaultActionWins(over:touch:)`
//   (GestureArbitration.swift). Motion along the control is the control's (the
//   recognizer fails); motion across it goes to the recognizer, which then cancels the
//   control's touch as it would any view's (`cancelsTouchesInView`).
// Controls answer by reading the recognizer's `DefaultActionKind`, which recognizers
// declare by conforming to `DefaultActionDescribing`. Recognizers that do not conform are
// never stopped by a control (custom recognizers, a scroll view's pan).

/// What gesture a recognizer reads, in the terms the control rules need.
public enum DefaultActionKind: Sendable, Hashable {
    /// A tap recognizer: taps and touches required.
    case tap(taps: Int, touches: Int)
    /// A swipe recognizer: touches required; whether one of its directions is horizontal
    /// (left or right) and whether one is vertical (up or down).
    case swipe(touches: Int, horizontal: Bool, vertical: Bool)
    /// A pan recognizer: its minimum and maximum number of touches.
    case pan(minimumTouches: Int, maximumTouches: Int)

    /// A single-finger single tap (what buttons, switches, steppers, segmented controls and
    /// page controls keep for themselves).
    public var isSingleFingerSingleTap: Bool {
        if case let .tap(taps, touches) = self { return taps == 1 && touches == 1 }
        return false
    }
    /// A single-finger swipe with a horizontal direction (what a slider's or a switch's
    /// thumb keeps, when the finger moves along it).
    public var isSingleFingerHorizontalSwipe: Bool {
        if case let .swipe(touches, horizontal, _) = self { return touches == 1 && horizontal }
        return false
    }
    /// A pan that can begin with a single finger (what a switch's thumb keeps, when the
    /// finger moves along it).
    public var isSingleFingerPan: Bool {
        if case let .pan(minimum, maximum) = self { return minimum <= 1 && maximum >= 1 }
        return false
    }
}

/// A recognizer that says which kind of gesture it reads, so controls can keep their default
/// action. The built-in tap, swipe and pan recognizers conform:
///
///     extension TapGestureRecognizer: DefaultActionDescribing {
///         public var defaultActionKind: DefaultActionKind {
///             .tap(taps: numberOfTapsRequired, touches: numberOfTouchesRequired)
///         }
///     }
public protocol DefaultActionDescribing: AnyObject {
    /// The kind of gesture the recognizer reads, from its current configuration.
    var defaultActionKind: DefaultActionKind { get }
}

extension GestureRecognizer {
    /// The kind of gesture this recognizer reads, when it declares one.
    public var declaredDefaultActionKind: DefaultActionKind? {
        (self as? DefaultActionDescribing)?.defaultActionKind
    }
}

extension Point {
    /// Whether this motion runs along a horizontal control (more sideways than up or down).
    var runsHorizontally: Bool { abs(x) > abs(y) }
}
