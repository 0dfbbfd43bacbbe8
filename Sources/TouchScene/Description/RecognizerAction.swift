// RecognizerAction: the action message a recognizer sends (`action`).

/// An action message sent by a recognizer on every state change except to `failed` (`action`).
public struct RecognizerAction: Sendable, Hashable {
    /// `action`: the action message's name.
    public var action: String
    /// nil: travels the responder chain from the recognizer's view.
    public var target: Reference?
    /// Where the action is written.
    public var location: SourceLocation
    /// An action `action` sent to `target` (nil: along the responder chain).
    public init(action: String, target: Reference? = nil, location: SourceLocation = .start) {
        self.action = action; self.target = target; self.location = location
    }
}
