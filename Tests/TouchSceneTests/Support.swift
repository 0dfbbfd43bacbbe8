import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// Paths inside the repository, found from this file's location.
enum Paths {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/TouchSceneTests/Support.swift
        return parts.joined(separator: "/")
    }()
    static let scenes = root + "/scenes"
    static let fixtures = root + "/Tests/TouchSceneTests/Fixtures"
    static func temporary(_ name: String) -> String {
        let dir = "/tmp/touchscene-tests-\(getpid())"
        mkdir(dir, 0o755)
        return dir + "/" + name
    }
}

/// Parses scene text and returns the diagnostics (empty when it loads).
func diagnostics(_ yaml: String, folder: String = "/tmp") -> [SceneDiagnostic] {
    do throws(SceneLoadError) {
        _ = try SceneLoader.parse(text: yaml, file: "t.yaml", folder: folder)
        return []
    } catch {
        return error.diagnostics
    }
}

/// Loads scene text that must be valid.
func scene(_ yaml: String) throws -> SceneDescription {
    do throws(SceneLoadError) {
        return try SceneLoader.parse(text: yaml, file: "t.yaml", folder: "/tmp")
    } catch {
        Issue.record("unexpected diagnostics:\n\(error)")
        throw error
    }
}

/// A minimal valid scene with `views` appended.
func minimal(_ views: String) -> String {
    "scene: t\nwindow: [800, 600]\nviews:\n" + views
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let f = fopen(path, "wb")
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}
