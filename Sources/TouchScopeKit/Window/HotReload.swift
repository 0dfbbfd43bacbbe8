// HotReload: watches the scene file and loads it again when it changes (or on Ctrl+R).
import Foundation
import TouchScene

/// The live window's scene file: whether it changed since it was last loaded, and loading it
/// again. A reload that loads comes with its `reload` recording line, so a replay of the
/// session reloads the same scene at the same moment.
struct HotReload {
    private let scenePath: String
    /// The file's modification date when it was last loaded.
    private var stamp: Date?
    /// When the file was last looked at (scene time).
    private var lastCheck = 0.0

    /// What loading the file again gave.
    enum Outcome {
        /// The new scene, and the line the recording gets.
        case loaded(SceneDescription, SceneReload)
        /// A broken edit: its first error (the old scene stays).
        case failed(String)
    }

    /// The types the scene file may name.
    private let types: SceneTypes

    init(scenePath: String, types: SceneTypes = SceneTypes()) {
        self.scenePath = scenePath
        self.types = types
        stamp = Self.modificationDate(scenePath)
    }

    /// Whether the file changed since it was last loaded; it is looked at every 0.5 s at most.
    mutating func fileChanged(at time: Double) -> Bool {
        guard time - lastCheck > 0.5 else { return false }
        lastCheck = time
        return Self.modificationDate(scenePath) != stamp
    }

    /// Loads the scene file again; `time` is the moment of the reload (when the touches under
    /// way are cancelled).
    mutating func load(at time: Double) -> Outcome {
        stamp = Self.modificationDate(scenePath)
        do {
            let (scene, text) = try SceneLoader.loadKeepingText(path: scenePath, types: types)
            return .loaded(scene, SceneReload(t: time, path: scenePath, scene: text))
        } catch {
            return .failed(error.diagnostics.first?.description ?? "error")
        }
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
