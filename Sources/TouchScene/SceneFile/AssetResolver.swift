// AssetResolver: scene asset paths stay inside the scene's folder or assets/.
import TouchFiles

/// Resolves `image:` and `sound:` paths. A path is relative, has no `..` component, and
/// names an existing regular file whose real path (symlinks resolved) lies inside the scene's folder
/// or the assets folder (by default `assets/` next to the scene's folder, i.e. `../assets`).
struct AssetResolver {
    /// Real paths of the allowed roots, in lookup order.
    let roots: [String]
    let rootsForMessages: [String]

    init(folder: String, assetsFolder: String?) {
        var roots: [String] = [], shown: [String] = []
        for (path, label) in [(folder, folder), (assetsFolder ?? folder + "/../assets", assetsFolder ?? "assets/")] {
            if let real = AssetResolver.realPath(path), !roots.contains(real) { roots.append(real); shown.append(label) }
        }
        self.roots = roots
        rootsForMessages = shown
    }

    static func realPath(_ path: String) -> String? { FileAccess.realPath(path) }

    func resolve(_ written: String, at location: SourceLocation, key: String, reader: NodeReader) -> AssetPath? {
        if written.isEmpty {
            reader.error(location, "`\(key)` must name a file")
            return nil
        }
        if written.hasPrefix("/") || written.hasPrefix("~") {
            reader.error(location, "`\(key)` path `\(written)` is absolute; asset paths are relative to the scene's folder or assets/")
            return nil
        }
        if written.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            reader.error(location, "`\(key)` path `\(written)` contains `..`; asset paths must stay inside the scene's folder or assets/")
            return nil
        }
        for root in roots {
            guard let real = AssetResolver.realPath(root + "/" + written) else { continue }
            guard roots.contains(where: { real.hasPrefix($0 + "/") }) else {
                reader.error(location, "`\(key)` path `\(written)` resolves to \(real), outside the scene's folder and assets/ (a symlink?); refused")
                return nil
            }
            // An asset is read whole when it is drawn or played: it must be a regular file (a
            // FIFO would block the program, a device never ends).
            if let kind = FileAccess.nonRegularKind(real) {
                reader.error(location, "`\(key)` file `\(written)` is \(kind), not a regular file; refused")
                return nil
            }
            return AssetPath(written: written, resolved: real, location: location)
        }
        reader.error(location, "`\(key)` file `\(written)` not found (looked in \(rootsForMessages.joined(separator: " and ")))")
        return nil
    }
}
