// PinchRecognizerType: `type: pinch` in a scene file, read into a PinchGestureRecognizer
// maker (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `pinch` node: `threshold`, the change in finger distance in points before the
    /// pinch begins (default the scene's `pinchThreshold`).
    static func readPinch(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let threshold = p.number("threshold", min: 0)
        return { id in
            let g = PinchGestureRecognizer(id: id)
            if let threshold { g.pinchThreshold = threshold }
            return g
        }
    }
}
