// ShippedTypes: the registered types TouchScope ships, registered exactly as a program
// registers its own (SceneTypes.swift). Add one here with one `register` call.

extension SceneTypes {
    /// Registers the types every `SceneTypes()` starts with.
    mutating func registerShippedTypes() {
        // The drawn check mark (a custom recognizer written against the public subclassing
        // contract). Its thresholds default to the recognizer's own values.
        register(recognizer: "checkmark") { p in
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
}
