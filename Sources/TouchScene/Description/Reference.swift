// Reference: a reference to another element by id, with where it was written.

/// A reference to another element by id (a view, recognizer, controller, or one of the
/// reserved responders `application`, `appDelegate`, `window`), with where it was written.
public struct Reference: Sendable, Hashable, CustomStringConvertible {
    /// The referenced element's id.
    public var id: String
    /// Where the reference is written, for messages about it.
    public var location: SourceLocation
    /// A reference to `id`, written at `location`.
    public init(_ id: String, at location: SourceLocation = .start) { self.id = id; self.location = location }
    /// The id.
    public var description: String { id }
    /// Responder names that are not declared as views or controllers.
    public static let reservedResponders = ["application", "appDelegate", "window"]
}
