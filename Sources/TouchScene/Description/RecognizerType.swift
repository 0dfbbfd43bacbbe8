// RecognizerType: a recognizer's type (`type`) as its scene node gave it.

/// A recognizer's type as its scene node gave it: the type's name, the node's own
/// parameters, and the maker the type's reader in `SceneTypes` returned. UIKit's types
/// (`tap`, `pan`, ...), TouchScope's `checkmark` and a program's own are all registered
/// there; `SceneTypes.recognizer(_:id:parameters:)` makes one in code.
///
///     let pan = try SceneTypes().recognizer("pan", id: "drag", parameters: ["maxTouches": 2])
///     pan.type.name                      // "pan"
///     pan.type.parameters["maxTouches"]  // 2
public struct RecognizerType: Sendable, Hashable, CustomStringConvertible {
    /// The type's name (`type: circle`).
    public let name: String
    /// The node's keys beyond the shared recognizer keys, as written.
    public let parameters: [String: SceneValue]
    /// The transform component `bind` drives (nil: the type cannot be bound).
    public let binds: BoundProperty?
    private let maker: SceneTypes.MakeRecognizer

    init(name: String, parameters: [String: SceneValue], binds: BoundProperty?, maker: @escaping SceneTypes.MakeRecognizer) {
        self.name = name; self.parameters = parameters; self.binds = binds; self.maker = maker
    }

    /// A new recognizer with this id (what `SceneBuilder` calls).
    public func make(id: String) -> GestureRecognizer { maker(id) }

    /// Equal when the names, parameters and `binds` are: the maker is made from them.
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.parameters == b.parameters && a.binds == b.binds
    }
    /// Hashes the name, the parameters and `binds`.
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(parameters); h.combine(binds) }
    /// The type's name (`circle`).
    public var description: String { name }
}
