// ResponderTraits: what a responder implements (actions, motion, remote, first responder).

/// Whether a responder implements things (used by views, controllers, the application and
/// the app delegate).
public struct ResponderTraits: Sendable, Hashable {
    /// `actions`: action messages this responder implements (`canPerformAction`).
    public var actions: [String] = []
    /// `handlesMotion`: it handles shake motion events itself (else they go up the chain).
    public var handlesMotion = false
    /// `handlesRemote`: it handles remote-control events (the legacy first-responder path).
    public var handlesRemote = false
    /// `canBecomeFirstResponder`.
    public var canBecomeFirstResponder = false
    /// Where the section was written.
    public var location: SourceLocation = .start
    /// A responder that implements nothing (every flag false, no actions).
    public init() {}
}
