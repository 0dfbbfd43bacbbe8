// touchscope: the command line (run, replay, check, import, bench). Exit status: 0 success,
// 2 bad input (scene, recording, arguments), 1 any other failure.
import ArgumentParser
import Foundation
import TouchScene

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
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let e as CLIError {
            FileHandle.standardError.write(Data((e.message.hasSuffix("\n") ? e.message : e.message + "\n").utf8))
            Foundation.exit(e.status)
        } catch let e as ExitCode {
            Foundation.exit(e.rawValue)
        } catch {
            // ArgumentParser's own errors: --help and --version succeed; the rest are bad arguments.
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = TouchScope.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
            FileHandle.standardError.write(Data("touchscope: \(message) (see touchscope --help)\n".utf8))
            Foundation.exit(2)
        }
    }
}

/// The options `run` and `replay` share: where the trace and its timeline go and whether the panels draw.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write the trace as JSON Lines to this file.", valueName: "file"))
    var trace: String?
    @Option(help: ArgumentHelp("Write the timeline for Perfetto and chrome://tracing (Chrome Trace Event JSON) to this file.",
                               valueName: "file"))
    var perfetto: String?
    @Flag(help: "Draw the scene only, without the debugging panels.")
    var noOverlays = false
}

/// An error that reaches the user: its message (already `FILE:LINE:COLUMN: ...` where it
/// applies) and the exit status.
struct CLIError: Error {
    var message: String
    var status: Int32
    static func badInput(_ m: String) -> CLIError { CLIError(message: m, status: 2) }
    static func failure(_ m: String) -> CLIError { CLIError(message: "touchscope: " + m, status: 1) }
}

/// Says on standard error that a recording's cut-off last line was skipped, if it was:
/// `FILE:LINE:COLUMN: warning: ...`.
func warnIfCutOff(_ reader: RecordingReader) {
    guard let d = reader.cutOffLastLine?.diagnostic else { return }
    FileHandle.standardError.write(Data("\(d.file):\(d.line):\(d.column): warning: \(d.message)\n".utf8))
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
