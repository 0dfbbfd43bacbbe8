// touchscope replay: plays a recording into a scene, headless (deterministic) or in a window.
import ArgumentParser
import TouchScopeKit

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recording (JSON Lines) into a scene; with --headless, no display and a deterministic trace.",
        discussion: """
            Time runs until --until, by default one second after the last input, so pending
            timers (double-tap interval, long press) resolve. Headless replay runs on a virtual
            clock stepped every 1/120 s: the same recording always gives the same trace.
            """)

    @Argument(help: "The scene (a path, or a name in scenes/).")
    var scene: String
    @OptionGroup var options: ReplayOptions

    func run() throws {
        // SDL wants the main thread; a command runs on it.
        try MainActor.assumeIsolated {
            let path = resolveScene(scene)
            try AppSource.sceneFile(path: path, loadScene(path)).replay(options)
        }
    }
}
