// SceneCommands: run, replay, why and check for scene files — `touchscope`'s, and those of a
// program whose own recognizer and view types its scene files use (`TouchScopeApp.main(name:types:)`).
import ArgumentParser
import Foundation
import TouchScene
import TouchSDL

/// The types scene files may name, for the scene commands of this process: the built-in ones
/// for `touchscope`, a program's own as well for a program built with
/// `TouchScopeApp.main(name:types:)`. Set once, before the command line is parsed.
package enum SceneCommands {
    nonisolated(unsafe) package static var types = SceneTypes()
    /// The name messages start with ("touchscope check: 2 error(s) ...").
    nonisolated(unsafe) package static var programName = "touchscope"
    /// A program's version (`--version`); empty: none (touchscope's root command has its own).
    nonisolated(unsafe) package static var programVersion = ""
    /// The scene `run` opens without a scene argument (a path, or a name looked up as `touchscope --paths` lists):
    /// touchscope's `welcome`; a program's own, or none (then `run` asks for one).
    nonisolated(unsafe) package static var defaultScene: String? = "welcome"

    /// The program's own types (not those TouchScope ships, such as `checkmark`), readably:
    /// "recognizers circle and wave; view knob".
    package static var typesDescription: String {
        let shipped = SceneTypes()
        func list(_ kind: String, _ names: [String]) -> String? {
            guard !names.isEmpty else { return nil }
            let joined = names.count == 1 ? names[0]
                : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return (names.count == 1 ? kind : kind + "s") + " " + joined
        }
        let recognizers = types.registeredRecognizerNames.filter { !shipped.registeredRecognizerNames.contains($0) }
        let views = types.registeredViewNames.filter { !shipped.registeredViewNames.contains($0) }
        let parts = [list("recognizer", recognizers), list("view", views)].compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: "; ")
    }
}

/// Finds a scene by path, or by name (`DataPaths`: the current folder, the user's scenes, the
/// installed ones, the checkout's).
package func resolveScene(_ name: String) -> String {
    DataPaths().scene(name)
}

/// Finds a recording by path, or by name, as `resolveScene` finds a scene.
package func resolveRecording(_ name: String) -> String {
    DataPaths().recording(name)
}

/// Loads a scene with this process's types (`SceneCommands.types`) and `settings` (`--set`,
/// `ID.KEY=VALUE`) applied, or throws the diagnostics as a bad-input error.
package func loadScene(_ path: String, settings: [String] = []) throws -> SceneDescription {
    do {
        var parsed: [SceneSetting] = []
        for (k, argument) in settings.enumerated() {
            do { parsed.append(try SceneSetting(parsing: argument)) } catch {
                var e = error
                e.index = k + 1
                throw e
            }
        }
        return try SceneLoader.load(path: path, settings: parsed, types: SceneCommands.types)
    } catch let error as SceneLoadError {
        throw CLIError.badInput(error.diagnostics.map(\.description).joined(separator: "\n"))
    } catch let error as SceneSettingError {
        throw CLIError.badInput(error.description)
    }
}

/// The scene file `arg` names (`resolveScene`; without one, the program's default scene),
/// loaded with this process's types, as what the window and replay drive. A program without
/// a default scene asks for one (exit 2).
func sceneSource(_ arg: String?, settings: [String] = []) throws -> AppSource {
    guard let name = arg ?? SceneCommands.defaultScene else {
        throw CLIError.badInput("\(SceneCommands.programName): give the scene file to open: \(SceneCommands.programName) run SCENE.yaml "
            + "(its scene files may use \(SceneCommands.typesDescription))")
    }
    let path = resolveScene(name)
    return try AppSource.sceneFile(path: path, loadScene(path, settings: settings), types: SceneCommands.types)
}

/// `run [SCENE]`: a scene in a window.
package struct RunCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: "Open a scene in a window"
                + (SceneCommands.defaultScene.map { " (default: \($0 == "welcome" ? "scenes/welcome.yaml" : $0))" } ?? "") + ".",
            usage: helpUsage("\(SceneCommands.programName) run [<scene>] [--fullscreen] [--display <n>] [--record <file>] "
                             + "[--trace <file>] [--perfetto <file>] [--no-overlays] [--no-coalesce] [--window <WxH>] "
                             + "[--device <auto|path|name>] [--device-replay <file>] [--calibration <\"a b c d e f\">] [--map-to-output <n>] [--dev-root <dir>]"))
    }

    @Argument(help: "The scene: a path, or a name (photo), looked up where --paths says.")
    var scene: String?
    @OptionGroup var options: RunOptions

    package init() {}

    package func run() throws {
        // The window's SIGINT and SIGTERM handlers are in place before any file is opened,
        // the scene file included.
        // SDL wants the main thread; a command runs on it.
        try MainActor.assumeIsolated {
            SDLHost.catchSignals()
            try sceneSource(scene).runWindow(options)
        }
    }
}

/// `replay SCENE RECORDING`: a recording played into a scene, headless or in a window.
package struct ReplayCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "replay",
            abstract: "Play a recording into a scene; --headless: no display, deterministic.",
            usage: helpUsage("\(SceneCommands.programName) replay <scene> <recording> [--headless] [--trace <file>] "
                             + "[--perfetto <file>] [--no-overlays] [--no-coalesce] [--window <WxH>] [--dump-tree <file>] "
                             + "[--screenshot <file.png>] [--at <seconds>] [--until <seconds>] [--pixel-scale <scale>] "
                             + "[--exit-at-end] [--set <ID.KEY=VALUE> ...] [--expect <trace>]"),
            discussion: """
                Time runs until --until, by default one second after the last input, so
                pending timers (double-tap interval, long press) resolve. Headless replay
                runs on a virtual clock stepped every 1/120 s: the same recording always
                gives the same trace. In a window, the replay then stays open, paused at
                its end with the whole timeline shown, until the window is closed
                (--exit-at-end closes it; so does a window nobody can see, SDL's dummy or
                offscreen driver). --set changes the scene the replay starts with, as
                if its file said so: the same touches, another setting. --expect
                compares the decisions with an earlier run's trace: exit 1 when they
                differ, naming the first, so a recording can be a regression test.
                """)
    }

    @Argument(help: "The scene: a path, or a name (photo), looked up where --paths says.")
    var scene: String
    @OptionGroup var options: ReplayOptions

    package init() {}

    package func run() throws {
        // In a window, the SIGINT and SIGTERM handlers are in place before any file is opened.
        // SDL wants the main thread; a command runs on it.
        try MainActor.assumeIsolated {
            if !options.headless { SDLHost.catchSignals() }
            var options = options
            options.recording = resolveRecording(options.recording)
            try sceneSource(scene, settings: options.settings).replay(options)
        }
    }
}

/// `check SCENE...`: every error of every scene file; an unknown type lists the known ones.
package struct CheckCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files: every error as FILE:LINE:COLUMN: message, exit 2 if any; --lint adds warnings.")

    @Argument(help: "Scene files (YAML): paths, or names (welcome) looked up where --paths says.")
    var scenes: [String]
    @Flag(help: "Also warn of settings that keep a gesture from ever firing (see docs/gestures.md, \"Lint\"): FILE:LINE:COLUMN: warning: ...")
    var lint = false
    @Flag(help: "With --lint: exit status 1 when there is a warning.")
    var strict = false

    package init() {}

    package func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file") }
        if strict && !lint { throw ValidationError("--strict is for --lint") }
    }

    package func run() throws {
        let scenes = self.scenes.map(resolveScene)
        let result = SceneChecker.check(paths: scenes, lint: lint, types: SceneCommands.types)
        for d in result.diagnostics { FileHandle.standardError.write(Data("\(d)\n".utf8)) }
        for w in result.warnings { FileHandle.standardError.write(Data("\(w)\n".utf8)) }
        if !result.diagnostics.isEmpty {
            throw CLIError.badInput("\(SceneCommands.programName) check: \(result.diagnostics.count) error(s); \(result.okCount) of \(scenes.count) scene(s) valid")
        }
        print("\(result.okCount) scene(s) valid" + (lint ? ", \(result.warnings.count) warning(s)" : ""))
        if strict && !result.warnings.isEmpty { throw CLIError(message: "", status: 1) }
    }
}

/// The root command of a program whose scene files use its own types: run (by default),
/// replay, why and check, as `touchscope` has them.
struct SceneProgramCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: SceneCommands.programName,
            abstract: "\(SceneCommands.programName), with TouchScope around it: scene files that use its own recognizer and view types, in a window with every debugging panel, recorded, replayed and checked.",
            discussion: """
                Its own types: \(SceneCommands.typesDescription).

                Exit status: 0 success, 2 bad input (scene, recording, arguments), 1 any other failure.
                """,
            version: SceneCommands.programVersion,
            subcommands: [RunCommand.self, ReplayCommand.self, WhyCommand.self, DiffCommand.self, SweepCommand.self, HitMapCommand.self, EditCommand.self, CheckCommand.self,
                          TestCommand.self],
            defaultSubcommand: RunCommand.self)
    }

    @Flag(help: "Print where scene and recording names are looked up, where the window saves its files and which fonts it uses, then exit.")
    var paths = false

    /// `--paths` prints and ends here, before the default subcommand (run) would take over.
    func validate() throws {
        if paths { throw CleanExit.message(DataPaths().description) }
    }
}
