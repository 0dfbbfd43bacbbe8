// touchscope: the command line (run, replay, check, import, bench). The window, the panels,
// recording and replay are the host library's (TouchScopeKit). Exit status: 0 success,
// 2 bad input (scene, recording, arguments), 1 any other failure.
import ArgumentParser
import Foundation
import TouchScene
import TouchScopeKit

/// The version `touchscope --version` prints.
let touchScopeVersion = "0.1.0"

@main
struct TouchScope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchscope",
        abstract: "See and debug touch handling: the UIKit event model on Linux, made visible.",
        discussion: """
            With no arguments, opens the default scene (scenes/welcome.yaml) in a window.
            Exit status: 0 success, 2 bad input (scene, recording, arguments), 1 any other failure.
            """,
        version: touchScopeVersion,
        subcommands: [RunCommand.self, ReplayCommand.self, CheckCommand.self, ImportCommand.self, BenchCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs; maps every error to one line and the documented exit status.
    static func main() {
        Foundation.exit(CommandLineRunner.run(TouchScope.self, name: "touchscope") { try $0.run() })
    }
}

/// Finds a scene by path, or by name in scenes/ (next to the current directory or the binary).
func resolveScene(_ arg: String?) -> String {
    let name = arg ?? "welcome"
    let fm = FileManager.default
    if fm.fileExists(atPath: name) { return name }
    var candidates = ["scenes/\(name)", "scenes/\(name).yaml"]
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
        candidates.append(dir.appendingPathComponent("scenes/\(name).yaml").path)
        candidates.append(dir.appendingPathComponent("scenes/\(name)").path)
        dir = dir.deletingLastPathComponent()
    }
    return candidates.first { fm.fileExists(atPath: $0) && !isDirectory($0) } ?? name
}

private func isDirectory(_ p: String) -> Bool {
    var d: ObjCBool = false
    return FileManager.default.fileExists(atPath: p, isDirectory: &d) && d.boolValue
}

/// Loads a scene or throws the diagnostics as a bad-input error.
func loadScene(_ path: String) throws -> SceneDescription {
    do {
        return try SceneLoader.load(path: path)
    } catch {
        throw CLIError.badInput(error.diagnostics.map(\.description).joined(separator: "\n"))
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files: every error as FILE:LINE:COLUMN: message, exit 2 if any.")

    @Argument(help: "Scene files (YAML).")
    var scenes: [String]

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
    }

    func run() throws {
        let result = SceneChecker.check(paths: scenes)
        for d in result.diagnostics { FileHandle.standardError.write(Data("\(d)\n".utf8)) }
        if !result.diagnostics.isEmpty {
            throw CLIError.badInput("touchscope check: \(result.diagnostics.count) error(s); \(result.okCount) of \(scenes.count) scene(s) valid")
        }
        print("\(result.okCount) scene(s) valid")
    }
}
