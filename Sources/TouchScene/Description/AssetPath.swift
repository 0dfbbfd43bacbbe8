// AssetPath: a file the scene uses (an image or a sound).

/// A file the scene uses (an image or a sound).
public struct AssetPath: Sendable, Hashable {
    /// The path as written in the scene.
    public var written: String
    /// The absolute path of the file (symlinks resolved).
    public var resolved: String
    /// Where the path is written.
    public var location: SourceLocation
    /// An asset written as `written` in the scene, found at `resolved`.
    public init(written: String, resolved: String, location: SourceLocation = .start) {
        self.written = written; self.resolved = resolved; self.location = location
    }
}
