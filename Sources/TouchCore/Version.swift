// Version: the one place TouchScope's version is written (CHANGELOG.md's newest release).

/// TouchScope's version, as `touchscope --version` prints it and the documentation archives
/// name it. Raised with a release: this constant, a new section at the top of `CHANGELOG.md`
/// and the archives' landing pages (a test keeps them equal), and a git tag `vX.Y.Z` that
/// SwiftPM resolves.
public enum TouchScopeVersion {
    /// The released version, in semantic-versioning form (`0.1.0`).
    public static let current = "0.1.0"
}
