// touchscope run: a scene in a window.
import ArgumentParser
import Foundation
import TouchScene
import TouchSDL

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a scene in a window (default: scenes/welcome.yaml).")

    @Argument(help: "The scene (a path, or a name in scenes/).")
    var scene: String?
    @Flag(help: "Full screen (for tablets).")
    var fullscreen = false
    @Option(help: ArgumentHelp("The display to open on (0 is the first).", valueName: "n"))
    var display: Int?
    @Option(help: ArgumentHelp("Record the input as JSON Lines to this file.", valueName: "file"))
    var record: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let display, display < 0 { throw ValidationError("--display must be 0 or more") }
    }

    func run() throws {
        // SDL wants the main thread; a command runs on it.
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        let path = resolveScene(scene)
        let description = try loadScene(path)
        if let message = SDLHost.checkDisplay() { throw CLIError(message: message, status: 1) }
        do {
            let live = try LiveApp(scenePath: path, scene: description, options: LiveOptions(
                traceFile: output.trace, recordFile: record, noOverlays: output.noOverlays, fullscreen: fullscreen, display: display,
                perfettoFile: output.perfetto))
            try live.run()
        }
    }
}
