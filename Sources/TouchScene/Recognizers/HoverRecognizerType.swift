// HoverRecognizerType: `type: hover` in a scene file, read into a HoverGestureRecognizer
// maker (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `hover` node: UIKit's `UIHoverGestureRecognizer` has no parameters of its own,
    /// so only the keys every recognizer has apply.
    static func readHover(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        return { id in HoverGestureRecognizer(id: id) }
    }
}
