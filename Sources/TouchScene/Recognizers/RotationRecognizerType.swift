// RotationRecognizerType: `type: rotation` in a scene file, read into a
// RotationGestureRecognizer maker (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `rotation` node: `threshold`, the angle in radians before the rotation begins
    /// (default the scene's `rotationThreshold`).
    static func readRotation(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let threshold = p.number("threshold", min: 0)
        return { id in
            let g = RotationGestureRecognizer(id: id)
            if let threshold { g.rotationThreshold = threshold }
            return g
        }
    }
}
