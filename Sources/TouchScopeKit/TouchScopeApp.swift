// TouchScopeApp: a program's own application (views and recognizers built in code) with the
// whole of touchscope around it: the window, the panels, recording, the trace and replay.
import Foundation

/// An application your program builds in code, and the command line that runs it in
/// touchscope's window or replays a recording into it. `build` fills a fresh `Application`
/// whose window is `window` points; it runs again for every session (each replay starts
/// from a new application).
///
///     import TouchScopeKit
///
///     TouchScopeApp.main(name: "circle-gesture", window: Size(width: 800, height: 600)) { app in
///         let canvas = View(id: "canvas", frame: Rect(x: 0, y: 0, width: 800, height: 600))
///         canvas.addGestureRecognizer(CircleGestureRecognizer(id: "circle"))
///         app.window.addSubview(canvas)
///     }
///
/// The program then takes `run` (the window with every panel; `--record`, `--trace`),
/// `replay RECORDING [--headless] [--trace] [--dump-tree] [--screenshot] [--until]` and
/// `why RECORDING [--at SECONDS] [--json]` (the verdict of every touch sequence), as
/// `touchscope` does for a scene file. Hot reload is for scene files only.
public struct TouchScopeApp {
    /// The program's name: the window's title, and the name its messages and help use.
    public let name: String
    /// The window's size in points: the space of recordings, traces and tree dumps.
    public let window: Size
    /// What `--version` prints; nil: the program has no `--version`.
    public let version: String?
    private let build: (Application) -> Void

    /// The application `build` makes in a window of `window` points, for a program called
    /// `name` (with `version` for `--version`). Nothing runs until `main()` or `run(arguments:)`.
    public init(name: String, window: Size, version: String? = nil, build: @escaping (Application) -> Void) {
        self.name = name
        self.window = window
        self.version = version
        self.build = build
    }

    /// Runs the command line given by the process and exits with its status (0 success,
    /// 2 bad input, 1 any other failure). Call it from the program's main (the main thread).
    @MainActor
    public static func main(name: String, window: Size, version: String? = nil, build: @escaping (Application) -> Void) -> Never {
        TouchScopeApp(name: name, window: window, version: version, build: build).main()
    }

    /// Runs the process's command line and exits with its status.
    @MainActor
    public func main() -> Never {
        exit(run(arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `arguments` (without the program's own name) as the program's command line and
    /// returns the exit status; errors are said on standard error. SDL wants the main thread.
    @MainActor
    public func run(arguments: [String]) -> Int32 {
        AppCommand.programName = name
        AppCommand.programVersion = version ?? ""
        return CommandLineRunner.run(AppCommand.self, name: name, arguments: arguments) { command in
            guard let command = command as? any AppSubcommand else { return try command.run() }
            try command.run(self)
        }
    }

    /// Runs touchscope's command line for scene files whose recognizer and view types
    /// include the program's own (`types`, see `SceneTypes`): `run [SCENE]`, `replay SCENE
    /// RECORDING`, `why SCENE RECORDING` and `check SCENE...`, as `touchscope` has them, hot
    /// reload included. A scene naming a type no one registered fails with the known names listed. Exits with the
    /// command's status.
    ///
    ///     var types = SceneTypes()
    ///     types.register(recognizer: "circle") { p in
    ///         let radius = p.number("radius", default: 40, min: 10)
    ///         return { id in
    ///             let circle = CircleGestureRecognizer(id: id)   // Examples/CircleGesture's
    ///             circle.minimumRadius = radius
    ///             return circle
    ///         }
    ///     }
    ///     TouchScopeApp.main(name: "circle-scenes", types: types, defaultScene: "scenes/circles.yaml")
    ///
    /// The program is itself: its messages, F12's screenshots (`NAME-1.png`) and F10's
    /// recordings (`NAME-recording-1.jsonl`) carry its name. `run` without a scene opens
    /// `defaultScene` (a path, or a name looked up as `touchscope --paths` lists); without one, it asks for a scene.
    @MainActor
    public static func main(name: String, types: SceneTypes, version: String? = nil, defaultScene: String? = nil) -> Never {
        exit(run(name: name, types: types, version: version, defaultScene: defaultScene,
                 arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// `main(name:types:version:defaultScene:)` for `arguments` (without the program's name):
    /// the exit status.
    @MainActor
    public static func run(name: String, types: SceneTypes, version: String? = nil, defaultScene: String? = nil,
                           arguments: [String]) -> Int32 {
        SceneCommands.types = types
        SceneCommands.programName = name
        SceneCommands.programVersion = version ?? ""
        SceneCommands.defaultScene = defaultScene
        return CommandLineRunner.run(SceneProgramCommand.self, name: name, arguments: arguments) { try $0.run() }
    }

    /// A fresh session of the application: what the window and replays drive. Tests of your
    /// own recognizers can drive it headless (`handle`, `advance`, `Replayer`).
    public func makeSession() -> SceneSession {
        SceneSession(name: name, window: window, build: build)
    }
}
