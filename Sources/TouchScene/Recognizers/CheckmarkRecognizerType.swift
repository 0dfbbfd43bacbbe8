// CheckmarkRecognizerType: `type: checkmark` in a scene file, read into a
// CheckmarkGestureRecognizer maker (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `checkmark` node (a custom recognizer written against the public subclassing
    /// contract): `minimumStrokeLength`, `minimumLengthRatio`, `angleTolerance` (0…π) and
    /// `straightnessTolerance`, each defaulting to the recognizer's own value.
    static func readCheckmark(_ p: SceneParameters) -> MakeRecognizer {
        let strokeLength = p.number("minimumStrokeLength", min: 0)
        let lengthRatio = p.number("minimumLengthRatio", min: 0)
        let angle = p.number("angleTolerance", min: 0, max: Double.pi)
        let straightness = p.number("straightnessTolerance", min: 0)
        return { id in
            let c = CheckmarkGestureRecognizer(id: id)
            if let strokeLength { c.minimumStrokeLength = strokeLength }
            if let lengthRatio { c.minimumLengthRatio = lengthRatio }
            if let angle { c.angleTolerance = angle }
            if let straightness { c.straightnessTolerance = straightness }
            return c
        }
    }
}
