// touchscope run: a scene in a window.
import ArgumentParser
import TouchScopeKit

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a scene in a window (default: scenes/welcome.yaml).")

    @Argument(help: "The scene (a path, or a name in scenes/).")
    var scene: String?
    @OptionGroup var options: RunOptions

    func run() throws {
        // SDL wants the main thread; a command runs on it.
        try MainActor.assumeIsolated {
            let path = resolveScene(scene)
            try AppSource.sceneFile(path: path, loadScene(path)).runWindow(options)
        }
    }
}
