// The questions a recognizer asks its delegate, with UIKit's answers as defaults.

/// Answers a recognizer's questions (UIGestureRecognizerDelegate). Every method has UIKit's default.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `r` may leave `possible` (`gestureRecognizerShouldBegin(_:)`); asked when it
    /// would begin or recognize. False makes it fail, with the reason in the trace. Default true.
    func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool
    /// Whether `r` analyses `touch` at all (`gestureRecognizer(_:shouldReceive:)`), asked when
    /// the touch lands. False: the recognizer never sees it, and the trace notes it. Default true.
    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether `r` and `other` may recognize at the same time
    /// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`); either side saying yes
    /// allows it. Default false: the first to begin or recognize prevents the other.
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `r` waits for `other` to fail before leaving `possible`, for this attempt
    /// (`gestureRecognizer(_:shouldRequireFailureOf:)`). Default false.
    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` waits for `r` to fail before leaving `possible`, for this attempt
    /// (`gestureRecognizer(_:shouldBeRequiredToFailBy:)`). Default false.
    func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}
extension GestureRecognizerDelegate {
    /// UIKit's default: true.
    public func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { true }
    /// UIKit's default: true.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// UIKit's default: false.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// UIKit's default: false.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    /// UIKit's default: false.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
