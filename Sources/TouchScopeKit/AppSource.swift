// AppSource: where the host's application comes from: a scene file, or a program's own code.
import TouchCore
import TouchScene

/// What the window and replay drive: a scene file (which hot reload watches), or an
/// application a program builds in code (`TouchScopeApp`), built afresh for every session.
///
///     try AppSource.sceneFile(path: "scenes/photo.yaml", scene, types: types).runWindow(options)
///     try AppSource.code(circleApp).replay(options)
package enum AppSource {
    /// `types`: the recognizer and view types the file (and a reloaded one) may name.
    case sceneFile(path: String, SceneDescription, types: SceneTypes = SceneTypes())
    case code(TouchScopeApp)

    /// A fresh session of the application.
    package func makeSession() -> SceneSession {
        switch self {
        case .sceneFile(_, let scene, _): SceneSession(scene: scene)
        case .code(let app): app.makeSession()
        }
    }

    /// The window's size in scene points (recordings from devices are stretched onto it).
    package var window: Size {
        switch self {
        case .sceneFile(_, let scene, _): scene.window
        case .code(let app): app.window
        }
    }

    /// The scene file hot reload watches; nil when the application is built in code.
    var scenePath: String? {
        switch self {
        case .sceneFile(let path, _, _): path
        case .code: nil
        }
    }

    /// The types scene files may name (a reloaded scene, a `reload` line of a recording).
    var types: SceneTypes {
        switch self {
        case .sceneFile(_, _, let types): types
        case .code: SceneTypes()
        }
    }

    /// The command that replays without a display, for messages that say there is none.
    var headlessHint: String {
        switch self {
        case .sceneFile: "\(programName) replay SCENE RECORDING --headless"
        case .code(let app): "\(app.name) replay RECORDING --headless"
        }
    }

    /// The name messages to the user start with ("touchscope: cannot open a window: ..."),
    /// and F12's screenshots and F10's recordings are named after: `touchscope`, or the
    /// program's own name (`TouchScopeApp.main(name:types:)` for scene files, `TouchScopeApp`
    /// for code).
    package var programName: String {
        switch self {
        case .sceneFile: SceneCommands.programName
        case .code(let app): app.name
        }
    }
}
