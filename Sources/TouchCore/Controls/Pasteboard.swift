// Pasteboard: the clipboard the host supplies (`UIPasteboard.general`); in memory for tests.

/// The clipboard text fields cut, copy and paste with. The SDL host wraps SDL's clipboard;
/// tests and headless replay use `MemoryPasteboard`. Set `Application.pasteboard`.
///
///     app.pasteboard = MemoryPasteboard(string: "hello")
public protocol Pasteboard: AnyObject {
    /// The text on the pasteboard, if any.
    var string: String? { get set }
}

extension Pasteboard {
    /// Whether there is text to paste (`UIPasteboard.hasStrings`).
    public var hasStrings: Bool { !(string ?? "").isEmpty }
}

/// A pasteboard that lives in memory.
public final class MemoryPasteboard: Pasteboard {
    public var string: String?
    /// A pasteboard holding `string` (empty by default).
    public init(string: String? = nil) { self.string = string }
}
