import TouchCore

/// A recognizer delegate for tests: fixed answers, other recognizers named by id.
final class Answers: GestureRecognizerDelegate {
    var shouldBegin = true
    var receivesTouches = true
    var simultaneousWith: Set<String> = []
    var simultaneousWithAll = false
    var requireFailureOf: Set<String> = []

    func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receivesTouches }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
        simultaneousWithAll || simultaneousWith.contains(o.id)
    }
    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
        requireFailureOf.contains(o.id)
    }
}
