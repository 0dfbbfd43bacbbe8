// MenuItem: a custom edit-menu item (`menuItems`).

/// A custom edit-menu item (`menuItems`).
public struct MenuItem: Sendable, Hashable {
    /// The title the menu shows.
    public var title: String
    /// The action the item sends, nil-targeted from the first responder.
    public var action: String
    /// Where the item is written.
    public var location: SourceLocation
    /// An item showing `title` that sends `action`.
    public init(title: String, action: String, location: SourceLocation = .start) {
        self.title = title; self.action = action; self.location = location
    }
}
