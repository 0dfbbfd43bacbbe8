// SceneReference: the `"scene"` field of a recording's header: written by `--record` and
// `import --scene`, read by `touchscope test`.
//
//   recording tests/taps/double.jsonl, scene scenes/double-tap.yaml ─▶ "scene": "../../scenes/double-tap.yaml"
//   "scene": "../../scenes/double-tap.yaml" in tests/taps/ ─▶ tests/taps/../../scenes/double-tap.yaml (it exists)
//   "scene": "double-tap" (no such file there)             ─▶ the name, resolved as the command line does

import Foundation

/// How a recording names its scene: a path relative to the recording's folder, else a scene
/// name the command line resolves (`scenes/NAME.yaml`).
public enum SceneReference {
    /// What a recording at `recording` writes in its header for the scene file at `scene`:
    /// the scene's path relative to the recording's folder (`../scenes/photo.yaml`).
    ///
    ///     SceneReference.relative(scene: "scenes/photo.yaml", recording: "runs/a.jsonl")  // "../scenes/photo.yaml"
    public static func relative(scene: String, recording: String) -> String {
        let from = components(of: folder(of: absolute(recording)))
        let to = components(of: absolute(scene))
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...]).joined(separator: "/")
    }

    /// The scene a recording at `recording` names with `reference`: the file it names
    /// relative to the recording's folder when there is one (an absolute path as it is),
    /// else nil: the reference is a scene name, for the command line's resolver.
    public static func file(_ reference: String, recording: String) -> String? {
        let path = reference.hasPrefix("/") ? reference : folder(of: recording) + "/" + reference
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return normalized(path)
    }

    /// The folder of `path` ("." for a bare file name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute (from the current folder) and normalized.
    public static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// `a/./b/../c` as `a/c` (a leading `..` of a relative path stays).
    static func normalized(_ path: String) -> String {
        var out: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = out.last, last != ".." { out.removeLast(); continue }
            if part == "..", path.hasPrefix("/") { continue }
            out.append(String(part))
        }
        let joined = out.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
