// AnswersDelegate: a recognizer delegate whose answers are the data of a scene file.
import TouchCore

/// A delegate whose answers are data (what scene files give): ids of the other recognizers.
public final class AnswersDelegate: GestureRecognizerDelegate {
    public var shouldBegin = true
    /// Touches that begin in these views are refused (`shouldReceive` false).
    public var refuseTouchesIn: Set<String> = []
    /// When non-empty, only touches that begin in these views are received.
    public var onlyTouchesIn: Set<String> = []
    public var receivesTouches = true
    public var simultaneousWith: Set<String> = []
    public var simultaneousWithAll = false
    public var requireFailureOf: Set<String> = []
    public var requiredToFailBy: Set<String> = []
    public init() {}

    public func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { shouldBegin }
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
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
        simultaneousWithAll || simultaneousWith.contains(o.id)
    }
    public func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
        requireFailureOf.contains(o.id)
    }
    public func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool {
        requiredToFailBy.contains(o.id)
    }
}
