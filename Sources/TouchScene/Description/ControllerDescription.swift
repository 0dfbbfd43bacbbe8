// ControllerDescription: a view controller as a responder (`controllers`).

/// A view controller as a responder (`controllers`).
public struct ControllerDescription: Sendable, Hashable {
    /// `id`: the controller's id (the trace names it as a responder).
    public var id: String
    /// The id of the view that is its root view.
    public var view: String
    /// `actions`, `handlesMotion`, `handlesRemote`, `canBecomeFirstResponder` of the
    /// controller.
    public var responder = ResponderTraits()
    /// `next`: next-responder override.
    public var next: Reference?
    /// Where the controller is written (or first mentioned).
    public var location: SourceLocation
    /// A controller `id` managing the view `view`.
    public init(id: String, view: String, location: SourceLocation = .start) {
        self.id = id; self.view = view; self.location = location
    }
}
