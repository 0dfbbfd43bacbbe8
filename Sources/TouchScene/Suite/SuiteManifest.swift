// SuiteManifest: a folder's `suite.yaml`, which maps its recordings to scenes, `--set`
// settings and expectation files, instead of (or over) what each recording's header says.
//
//   scene: photo                        # every recording of the folder, unless it says otherwise
//   recordings:
//     double-tap.jsonl:
//       scene: ../scenes/double-tap.yaml   # a path relative to this folder, else a scene name
//       set: [doubleTap.maximumTapInterval=0.45]
//       expect: ../Expectations/double-tap.expect
//     photo-pan.jsonl: photo               # just the scene

import Yams
import TouchFiles

/// What `suite.yaml` says of one recording.
public struct SuiteManifestEntry: Sendable, Hashable {
    /// The scene (a path relative to the folder, else a scene name); nil: the header's.
    public var scene: String?
    /// `--set` settings, `ID.KEY=VALUE`, applied in order.
    public var settings: [String]
    /// The expectation file (relative to the folder); nil: the one beside the recording.
    public var expect: String?
    /// Where the entry is written (`FILE:LINE:COLUMN`), for messages.
    public var location: String
}

/// A folder's `suite.yaml`.
public struct SuiteManifest: Sendable {
    /// The file's path.
    public var path: String
    /// The folder's scene for every recording it does not map otherwise (nil: the headers').
    public var scene: String?
    /// Settings for every recording of the folder, before each entry's own.
    public var settings: [String]
    /// The entries, by recording file name (as written: `double-tap.jsonl`).
    public var recordings: [String: SuiteManifestEntry]

    /// The name of the file in a folder: `suite.yaml`.
    public static let fileName = "suite.yaml"
    /// The largest `suite.yaml` read: 4 MiB.
    public static let maxFileSize = 4 << 20

    /// What the manifest says of the recording named `name` (its file name): its entry, or
    /// the folder's defaults.
    public func entry(for name: String) -> SuiteManifestEntry {
        var e = recordings[name] ?? SuiteManifestEntry(scene: nil, settings: [], expect: nil, location: path)
        e.scene = e.scene ?? scene
        e.settings = settings + e.settings
        return e
    }

    /// Reads `suite.yaml` at `path`. Throws `FILE:LINE:COLUMN: what is wrong`.
    public static func read(path: String) throws(InputFileError) -> SuiteManifest {
        let bytes: [UInt8]
        switch FileAccess.readSmallFile(path, limit: maxFileSize, what: "suite file") {
        case .success(let b): bytes = b
        case .failure(let problem): throw InputFileError(file: path, line: 1, column: 1, problem.message)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputFileError(file: path, line: 1, column: 1, "the suite file is not UTF-8 text")
        }
        return try parse(text: text, file: path)
    }

    /// Parses `suite.yaml` text (`file` names it in messages).
    public static func parse(text: String, file: String) throws(InputFileError) -> SuiteManifest {
        func at(_ n: Node) -> (Int, Int) { n.mark.map { ($0.line, $0.column) } ?? (1, 1) }
        func fail(_ n: Node, _ m: String) -> InputFileError { let (l, c) = at(n); return InputFileError(file: file, line: l, column: c, m) }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let e as YamlError {
            let d = SceneLoader.yamlDiagnostic(e, file: file, text: text)
            throw InputFileError(file: file, line: d.line, column: d.column, d.message)
        } catch {
            throw InputFileError(file: file, line: 1, column: 1, "YAML error: \(error)")
        }
        var manifest = SuiteManifest(path: file, scene: nil, settings: [], recordings: [:])
        guard let root else { return manifest }
        guard case .mapping(let top) = root else { throw fail(root, "a suite file is a mapping: `scene:`, `set:` and `recordings:`") }
        func scalar(_ n: Node, _ what: String) throws(InputFileError) -> String {
            guard case .scalar(let s) = n, !s.string.isEmpty else { throw fail(n, "\(what) must be text") }
            return s.string
        }
        func settings(_ n: Node) throws(InputFileError) -> [String] {
            switch n {
            case .scalar: return [try scalar(n, "`set`")]
            case .sequence(let list):
                var out: [String] = []
                for item in list {
                    let s = try scalar(item, "each of `set`")
                    do throws(SceneSettingError) { _ = try SceneSetting(parsing: s) } catch { throw fail(item, error.message) }
                    out.append(s)
                }
                return out
            case .mapping: throw fail(n, "`set` must be a list of ID.KEY=VALUE settings")
            }
        }
        for (keyNode, value) in top {
            let key = try scalar(keyNode, "a key")
            switch key {
            case "scene": manifest.scene = try scalar(value, "`scene`")
            case "set": manifest.settings = try settings(value)
            case "recordings":
                guard case .mapping(let entries) = value else {
                    throw fail(value, "`recordings` must be a mapping from recording file names to scenes or to {scene, set, expect}")
                }
                for (nameNode, spec) in entries {
                    let name = try scalar(nameNode, "a recording's file name")
                    guard !name.contains("/") else { throw fail(nameNode, "`\(name)`: a suite file maps the recordings of its own folder (a file name, no `/`)") }
                    let (l, c) = at(nameNode)
                    var entry = SuiteManifestEntry(scene: nil, settings: [], expect: nil, location: "\(file):\(l):\(c)")
                    switch spec {
                    case .scalar: entry.scene = try scalar(spec, "`\(name)`'s scene")
                    case .mapping(let fields):
                        for (fk, fv) in fields {
                            switch try scalar(fk, "a key") {
                            case "scene": entry.scene = try scalar(fv, "`scene`")
                            case "set": entry.settings = try settings(fv)
                            case "expect":
                                let e = try scalar(fv, "`expect`")
                                guard e.hasSuffix(".expect") || e.hasSuffix(".verdicts.json") else {
                                    throw fail(fv, "`expect` names a NAME.verdicts.json or NAME.expect file")
                                }
                                entry.expect = e
                            case let other: throw fail(fk, "unknown key `\(other)` (a recording has `scene`, `set` and `expect`)")
                            }
                        }
                    case .sequence: throw fail(spec, "`\(name)` maps to a scene or to {scene, set, expect}")
                    }
                    manifest.recordings[name] = entry
                }
            default: throw fail(keyNode, "unknown key `\(key)` (a suite file has `scene`, `set` and `recordings`)")
            }
        }
        return manifest
    }
}
