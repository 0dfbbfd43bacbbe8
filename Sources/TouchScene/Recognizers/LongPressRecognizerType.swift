// LongPressRecognizerType: `type: longPress` in a scene file, read into a
// LongPressGestureRecognizer maker (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `longPress` node: `taps` (taps before the press, 0…10, default 0), `touches`
    /// (1…10, default 1), `duration` (seconds, default the scene's `longPressDuration`) and
    /// `allowableMovement` (points, default `allowableMovement`).
    static func readLongPress(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let taps = p.int("taps", default: 0, min: 0, max: 10)
        let touches = p.int("touches", default: 1, min: 1, max: 10)
        let duration = p.number("duration", min: 0)
        let movement = p.number("allowableMovement", min: 0)
        return { id in
            let g = LongPressGestureRecognizer(id: id)
            if let duration { g.minimumPressDuration = duration }
            if let movement { g.allowableMovement = movement }
            g.numberOfTouchesRequired = touches
            g.numberOfTapsRequired = taps
            return g
        }
    }
}
