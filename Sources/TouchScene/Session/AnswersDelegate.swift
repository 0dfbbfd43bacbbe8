// AnswersDelegate: a recognizer delegate whose answers are the data of a scene file.
import TouchCore

/// A delegate whose answers are data (what scene files give): ids of the other recognizers.
public final class AnswersDelegate: GestureRecognizerDelegate {
    /// The answer to `gestureRecognizerShouldBegin(_:)` (scene: `shouldBegin`).
    public var shouldBegin = true
    /// Touches that begin in these views are refused (`shouldReceive` false).
    public var refuseTouchesIn: Set<String> = []
    /// When non-empty, only touches that begin in these views are received.
    public var onlyTouchesIn: Set<String> = []
    /// Whether the recognizer receives touches at all (false: `shouldReceive` always false).
    public var receivesTouches = true
    /// Ids of the recognizers this one recognizes simultaneously with (scene:
    /// `simultaneousWith`).
    public var simultaneousWith: Set<String> = []
    /// Whether it recognizes simultaneously with every other recognizer (scene:
    /// `simultaneousWith: all`).
    public var simultaneousWithAll = false
    /// Ids of recognizers this one waits to fail, per attempt (scene: `requireFailureOf`).
    public var requireFailureOf: Set<String> = []
    /// Ids of recognizers that wait for this one to fail, per attempt (scene:
    /// `requiredToFailBy`).
    public var requiredToFailBy: Set<String> = []
    /// A delegate with UIKit's default answers.
    public init() {}

    /// `shouldBegin`.
    public func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { shouldBegin }
    /// False when `receivesTouches` is off, or when the touch began in a view that
    /// `refuseTouchesIn` lists or `onlyTouchesIn` leaves out.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard receivesTouches else { return false }
        // Most delegates list no views: then no id is read (every touch down asks every
        // recognizer on the chain).
        if refuseTouchesIn.isEmpty && onlyTouchesIn.isEmpty { return true }
        let vid = touch.view?.id ?? "window"
        if refuseTouchesIn.contains(vid) { return false }
        if !onlyTouchesIn.isEmpty && !onlyTouchesIn.contains(vid) { return false }
        return true
    }
    /// True for every recognizer with `simultaneousWithAll`, else for those
    /// `simultaneousWith` names.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
        simultaneousWithAll || simultaneousWith.contains(o.id)
    }
    /// True for the recognizers `requireFailureOf` names.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
        requireFailureOf.contains(o.id)
    }
    /// True for the recognizers `requiredToFailBy` names.
    public func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
        requiredToFailBy.contains(o.id)
    }
}
