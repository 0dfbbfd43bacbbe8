// ShippedTypes: the recognizer types TouchScope ships, registered exactly as a program
// registers its own (SceneTypes.swift). Each type's reader is one file in Recognizers/; add
// a type with that file and one `register` line here.

extension SceneTypes {
    /// Registers the types every `SceneTypes()` starts with.
    mutating func registerShippedTypes() {
        // UIKit's recognizers: their parameters are keys of the scene format (`builtIn`). The
        // order is the one messages list them in ("applies only to ... `pan`, `screenEdgePan`, `swipe`").
        register(recognizer: "tap", builtIn: true, Self.readTap)
        register(recognizer: "pinch", binds: .scale, builtIn: true, Self.readPinch)
        register(recognizer: "rotation", binds: .rotation, builtIn: true, Self.readRotation)
        register(recognizer: "pan", binds: .translation, builtIn: true, Self.readPan)
        register(recognizer: "screenEdgePan", binds: .translation, builtIn: true, Self.readScreenEdgePan)
        register(recognizer: "swipe", builtIn: true, Self.readSwipe)
        register(recognizer: "longPress", builtIn: true, Self.readLongPress)
        register(recognizer: "hover", builtIn: true, Self.readHover)
        // The drawn check mark (TouchCore's, a custom recognizer as a program would write).
        register(recognizer: "checkmark", Self.readCheckmark)
    }
}
