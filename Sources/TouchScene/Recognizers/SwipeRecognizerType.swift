// SwipeRecognizerType: `type: swipe` in a scene file, read into a SwipeGestureRecognizer
// maker (registered in ShippedTypes.swift).

/// Swipe directions (`directions`, `direction`).
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
    /// Toward +x.
    case right
    /// Toward -x.
    case left
    /// Up the screen (-y).
    case up
    /// Down the screen (+y).
    case down
}

extension SceneTypes {
    /// Reads a `swipe` node: `directions` or `direction` (one or a list, default [right]),
    /// `touches` (1…10, default 1), `minimumDistance` (points, default the scene's
    /// `swipeMinDistance`), `minimumSpeed` (points/s, default `swipeMinSpeed`) and
    /// `maximumAngle` (radians off the direction, 0…π, default `swipeMaxAngle`).
    static func readSwipe(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let touches = p.int("touches", default: 1, min: 1, max: 10)
        let directions = p.choices("directions", alias: "direction", atLeastOne: "direction", default: [SwipeDirection.right])
        let distance = p.number("minimumDistance", min: 0)
        let speed = p.number("minimumSpeed", min: 0)
        let angle = p.number("maximumAngle", min: 0, max: Double.pi)
        return { id in
            let g = SwipeGestureRecognizer(id: id)
            var set: SwipeGestureRecognizer.Direction = []
            for d in directions {
                switch d {
                case .right: set.insert(.right)
                case .left: set.insert(.left)
                case .up: set.insert(.up)
                case .down: set.insert(.down)
                }
            }
            g.direction = set
            g.numberOfTouchesRequired = touches
            if let distance { g.minimumDistance = distance }
            if let speed { g.minimumSpeed = speed }
            if let angle { g.maximumAngle = angle }
            return g
        }
    }
}
