// A program whose scene files use its own recognizer types (TouchScopeApp.main(name:types:)):
// check, replay and run as touchscope has them, with the program's types.
import Foundation
import Testing
@testable import TouchScopeKit

/// A program's own recognizer: a one-finger stroke of at least `length` points to the right.
final class RightStroke: DiscreteGestureRecognizer {
    let length: Double
    private var start: Point?
    init(id: String, length: Double) { self.length = length; super.init(id: id) }
    override func touchesBegan(_ touches: [Touch], with event: Event) { start = touches.first?.locationInWindow }
    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible, let s = start, let t = touches.first else { return }
        let d = t.locationInWindow.x - s.x
        if d >= length { recognize("recognized: stroked \(fmt(d)) pt right") } else { fail("failed: stroked \(fmt(d)) pt, needs \(fmt(length))") }
    }
    override func reset() { start = nil }
}

@MainActor
@Suite("A program whose scene files use its own types", .serialized)
struct SceneProgramTests {
    static var types: SceneTypes {
        var t = SceneTypes()
        t.register(recognizer: "rightStroke") { p in
            let length = p.number("length", default: 100, min: 1)
            return { id in RightStroke(id: id, length: length) }
        }
        return t
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = Paths.temporary(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let scene = """
        scene: strokes
        window: [400, 300]
        views:
          - id: pad
            frame: [0, 0, 400, 300]
            recognizers:
              - id: stroke
                type: rightStroke
                length: 150
        """

    @Test("check accepts the program's types and rejects an unknown one (exit 2); touchscope's own check knows only the built-in ones")
    func check() throws {
        let good = try write("program-good.yaml", Self.scene)
        #expect(TouchScopeApp.run(name: "stroke-scenes", types: Self.types, arguments: ["check", good]) == 0)
        let bad = try write("program-bad.yaml", Self.scene.replacingOccurrences(of: "rightStroke", with: "leftStroke"))
        #expect(TouchScopeApp.run(name: "stroke-scenes", types: Self.types, arguments: ["check", bad]) == 2)
        // The registered name is what the unknown-type message lists (the loader's message).
        do {
            _ = try SceneLoader.load(path: bad, types: Self.types)
            Issue.record("an unknown type loaded")
        } catch {
            #expect(error.diagnostics.first?.message.contains("rightStroke") == true, "\(error.diagnostics)")
        }
        // touchscope's own command line has only the built-in types.
        let r = try CLIRun.run(["check", good])
        #expect(r.status == 2 && r.stderr.contains("unknown recognizer type"), "\(r.stderr)")
    }

    @Test("replay --headless plays a recording into a scene that uses the program's type")
    func replay() throws {
        let scene = try write("program-scene.yaml", Self.scene)
        let recording = try write("program-rec.jsonl", """
            {"recording":1,"window":[400,300]}
            {"t":0,"type":"finger-down","finger":1,"x":50,"y":100}
            {"t":0.05,"type":"finger-move","finger":1,"x":150,"y":100}
            {"t":0.1,"type":"finger-up","finger":1,"x":250,"y":100}
            """ + "\n")
        let trace = Paths.temporary("program-trace.jsonl")
        let status = TouchScopeApp.run(name: "stroke-scenes", types: Self.types,
                                       arguments: ["replay", scene, recording, "--headless", "--trace", trace])
        #expect(status == 0)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains(#""recognizer":"stroke","view":"pad","from":"possible","to":"recognized","reason":"recognized: stroked 200 pt right""#))
    }
}

/// A scene program is itself: its name on its files and messages, its types listed readably,
/// and its own default scene (or a request for one) when `run` gets none. (In the serialized
/// suite above: these set the process's `SceneCommands` too.)
extension SceneProgramTests {
    @Test("scene files opened by the program carry its name (F12's NAME-N.png, F10's NAME-recording-N.jsonl, messages)")
    func programName() throws {
        defer { SceneCommands.programName = "touchscope"; SceneCommands.defaultScene = "welcome" }
        let scene = Paths.temporary("identity.yaml")
        try SceneProgramTests.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        SceneCommands.programName = "stroke-scenes"
        let source = try sceneSource(scene)
        #expect(source.programName == "stroke-scenes")
        #expect(source.headlessHint == "stroke-scenes replay SCENE RECORDING --headless")
        SceneCommands.programName = "touchscope"
        #expect(try sceneSource(scene).programName == "touchscope")
    }

    @Test("--help lists the program's types in words, not a Swift array")
    func helpListsTypes() {
        defer { SceneCommands.types = SceneTypes(); SceneCommands.programName = "touchscope" }
        var types = SceneProgramTests.types
        types.register(recognizer: "leftStroke") { _ in { id in RightStroke(id: id, length: 1) } }
        SceneCommands.types = types
        SceneCommands.programName = "stroke-scenes"
        #expect(SceneCommands.typesDescription == "recognizers leftStroke and rightStroke")
        let help = SceneProgramCommand.helpMessage(columns: 200)
        #expect(help.contains("Its own types: recognizers leftStroke and rightStroke."), "\(help)")
        #expect(!help.contains("[\""), "\(help)")
        SceneCommands.types = SceneTypes()
        #expect(SceneCommands.typesDescription == "none")
    }

    @Test("run without a scene: the program's declared default scene, else a request for one (exit 2), never touchscope's welcome")
    func defaultScene() throws {
        defer { SceneCommands.programName = "touchscope"; SceneCommands.defaultScene = "welcome"; SceneCommands.types = SceneTypes() }
        let status = TouchScopeApp.run(name: "stroke-scenes", types: SceneProgramTests.types, arguments: ["run"])
        #expect(status == 2)
        #expect(SceneCommands.defaultScene == nil)
        do {
            _ = try sceneSource(nil)
            Issue.record("a program without a default scene opened one")
        } catch let error as CLIError {
            #expect(error.message == "stroke-scenes: give the scene file to open: stroke-scenes run SCENE.yaml "
                    + "(its scene files may use recognizer rightStroke)")
            #expect(error.status == 2)
        }
        let scene = Paths.temporary("identity-default.yaml")
        try SceneProgramTests.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        SceneCommands.defaultScene = scene
        guard case let .sceneFile(path, description, _) = try sceneSource(nil) else {
            Issue.record("not a scene file"); return
        }
        #expect(path == scene && description.name == "strokes")
        // touchscope itself keeps its welcome scene.
        SceneCommands.defaultScene = "welcome"
        #expect(RunCommand.configuration.abstract == "Open a scene in a window (default: scenes/welcome.yaml).")
    }
}
