// SceneLoader: scene file -> SceneDescription, or every problem found (`FILE:LINE:COLUMN: message`).

import Yams
import TouchFiles

/// Loads and validates scene files. `types` says which recognizer types and view kinds a
/// scene may name: the built-in ones and `checkmark` unless a program passes its own
/// (`SceneTypes`).
///
///     do { let scene = try SceneLoader.load(path: "scenes/photo.yaml") }
///     catch { for d in error.diagnostics { print(d.rendered) } }
public enum SceneLoader {
    /// Reads, parses and validates a scene file. The size is checked before reading.
    /// `assetsFolder` defaults to `assets/` next to the scene's folder (`FOLDER/../assets`).
    public static func load(path: String, assetsFolder: String? = nil, types: SceneTypes = SceneTypes()) throws(SceneLoadError) -> SceneDescription {
        try loadKeepingText(path: path, assetsFolder: assetsFolder, types: types).scene
    }

    /// `load`, also returning the file's text (what a recording keeps of a hot reload).
    public static func loadKeepingText(path: String, assetsFolder: String? = nil, types: SceneTypes = SceneTypes()) throws(SceneLoadError) -> (scene: SceneDescription, text: String) {
        let bytes: [UInt8]
        switch FileAccess.readSmallFile(path, limit: SceneLimits.maxFileSize, what: "scene") {
        case .success(let b): bytes = b
        case .failure(let problem):
            throw SceneLoadError(diagnostics: [SceneDiagnostic(file: path, line: 1, column: 1, message: problem.message)])
        }
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let scene = try parse(bytes: bytes, file: path, folder: folder.isEmpty ? "/" : folder, assetsFolder: assetsFolder, types: types)
        return (scene, String(decoding: bytes, as: UTF8.self))
    }

    /// Parses and validates scene text. `file` names it in messages; `folder` is where
    /// relative asset paths start.
    public static func parse(text: String, file: String = "<scene>", folder: String = ".", assetsFolder: String? = nil,
                             types: SceneTypes = SceneTypes()) throws(SceneLoadError) -> SceneDescription {
        try parse(bytes: Array(text.utf8), file: file, folder: folder, assetsFolder: assetsFolder, types: types)
    }

    /// Parses and validates scene bytes (checked for size, binary content, UTF-8 and depth first).
    public static func parse(bytes: [UInt8], file: String, folder: String, assetsFolder: String? = nil,
                             types: SceneTypes = SceneTypes()) throws(SceneLoadError) -> SceneDescription {
        func fail(_ d: [SceneDiagnostic]) -> SceneLoadError { SceneLoadError(diagnostics: d) }
        let text: String
        switch InputGuard.text(from: bytes, file: file) {
        case .success(let t): text = t
        case .failure(let d): throw fail([d])
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw fail([SceneDiagnostic(file: file, line: 1, column: 1, message: "the file holds no YAML document; a scene needs at least `scene:` and `window:`")])
            }
            root = node
        } catch let e as SceneLoadError {
            throw e
        } catch let e as YamlError {
            var d = yamlDiagnostic(e, file: file, text: text)
            (d.line, d.column) = TextGuard.clamp(line: d.line, column: d.column, in: bytes)
            throw fail([d])
        } catch {
            throw fail([SceneDiagnostic(file: file, line: 1, column: 1, message: "YAML error: \(error)")])
        }
        return try read(root: root, file: file, folder: folder, assetsFolder: assetsFolder, types: types)
    }

    /// Reads and validates a composed scene document (`parse` composes it from the file).
    static func read(root: Node, file: String, folder: String, assetsFolder: String? = nil,
                     types: SceneTypes = SceneTypes()) throws(SceneLoadError) -> SceneDescription {
        func fail(_ d: [SceneDiagnostic]) -> SceneLoadError { SceneLoadError(diagnostics: d) }
        if let problem = checkNodeBudget(root) {
            throw fail([SceneDiagnostic(file: file, line: 1, column: 1, message: problem)])
        }
        let reader = NodeReader(file: file)
        let parser = SceneParser(reader: reader, assets: AssetResolver(folder: folder, assetsFolder: assetsFolder), types: types)
        let scene = parser.scene(root, file: file, folder: folder)
        if let scene { SceneValidator(r: reader, ignored: parser.brokenRecognizers).validate(scene) }
        let diagnostics = reader.diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        if let scene, diagnostics.isEmpty { return scene }
        throw fail(diagnostics.isEmpty ? [SceneDiagnostic(file: file, line: 1, column: 1, message: "not a scene")] : diagnostics)
    }

    static func yamlDiagnostic(_ e: YamlError, file: String, text: String) -> SceneDiagnostic {
        func d(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> SceneDiagnostic {
            var message = "YAML syntax error: \(problem)"
            if let c = context { message += " (\(c.text) at line \(c.mark.line), column \(c.mark.column))" }
            return SceneDiagnostic(file: file, line: mark.line, column: mark.column, message: message)
        }
        switch e {
        case let .scanner(context, problem, mark, _): return d(mark, problem, context)
        case let .parser(context, problem, mark, _): return d(mark, problem, context)
        case let .composer(context, problem, mark, _): return d(mark, problem, context)
        case let .reader(problem, offset, _, _):
            var line = 1, column = 1
            if let offset {
                for ch in text.prefix(offset) { if ch == "\n" { line += 1; column = 1 } else { column += 1 } }
            }
            return SceneDiagnostic(file: file, line: line, column: column, message: "YAML reader error: \(problem)")
        default:
            return SceneDiagnostic(file: file, line: 1, column: 1, message: "YAML error: \(e)")
        }
    }
}

/// `touchscope check`: validates scene files and reports every problem.
public enum SceneChecker {
    /// Loads every path; returns all diagnostics (file order) and how many files were fine.
    /// The command line exits with status 2 when `diagnostics` is not empty.
    public static func check(paths: [String], assetsFolder: String? = nil, types: SceneTypes = SceneTypes()) -> (diagnostics: [SceneDiagnostic], okCount: Int) {
        let r = check(paths: paths, lint: false, assetsFolder: assetsFolder, types: types)
        return (r.diagnostics, r.okCount)
    }

    /// `check(paths:)`, and with `lint` the lint findings of every scene that loads (`SceneLint`).
    public static func check(paths: [String], lint: Bool, assetsFolder: String? = nil,
                             types: SceneTypes = SceneTypes()) -> (diagnostics: [SceneDiagnostic], warnings: [SceneLintWarning], okCount: Int) {
        var all: [SceneDiagnostic] = []
        var warnings: [SceneLintWarning] = []
        var ok = 0
        for path in paths {
            do throws(SceneLoadError) {
                let scene = try SceneLoader.load(path: path, assetsFolder: assetsFolder, types: types)
                ok += 1
                if lint { warnings += SceneLint.check(scene) }
            } catch {
                all += error.diagnostics
            }
        }
        return (all, warnings, ok)
    }
}
