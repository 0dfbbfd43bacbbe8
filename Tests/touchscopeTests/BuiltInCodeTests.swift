// An application built in code (SceneSession(name:window:build:), TouchScopeApp): it replays
// as the same scene from a file does, and its program's command line behaves as touchscope's.
import Foundation
import Testing
@testable import TouchScopeKit

/// scenes/double-tap.yaml, built in code: a pad whose single tap waits for its double tap.
@MainActor
let doubleTapInCode = TouchScopeApp(name: "double-tap-in-code", window: Size(width: 800, height: 600)) { app in
    let pad = View(id: "pad", frame: Rect(x: 100, y: 100, width: 600, height: 400))
    pad.backgroundColor = Color(r: 0x3a, g: 0x4a, b: 0x6a)
    pad.cornerRadius = 12
    pad.handlesTouches = true
    pad.text = "Tap once or twice"
    pad.fontSize = 24
    let doubleTap = TapGestureRecognizer(id: "doubleTap")
    doubleTap.numberOfTapsRequired = 2
    let singleTap = TapGestureRecognizer(id: "singleTap")
    singleTap.require(toFail: doubleTap)
    pad.addGestureRecognizer(doubleTap)
    pad.addGestureRecognizer(singleTap)
    app.window.addSubview(pad)
}

@MainActor
@Suite("An application built in code", .serialized)
struct BuiltInCodeTests {
    /// The trace of `recording` replayed headless into a fresh session of `app`, as files hold it.
    func trace(_ app: TouchScopeApp, _ recording: String) throws -> String {
        let session = app.makeSession()
        var records: [TraceRecord] = []
        session.app.tracer.sink = TraceCallback { records.append($0) }
        try Replayer(session: session, recording: try RecordingReader(path: recording)).run(until: nil)
        return records.filter(\.isWrittenToFiles).map { TraceWriter.line($0) + "\n" }.joined()
    }

    @Test("a program with a version takes --version (exit 0); one without refuses it as an unknown option (exit 2)")
    func version() {
        let versioned = TouchScopeApp(name: "versioned", window: Size(width: 100, height: 100), version: "1.2.3") { _ in }
        #expect(versioned.run(arguments: ["--version"]) == 0)
        let plain = TouchScopeApp(name: "plain", window: Size(width: 100, height: 100)) { _ in }
        #expect(plain.run(arguments: ["--version"]) == 2)
        #expect(TouchScopeApp.run(name: "scenes", types: SceneTypes(), version: "2.0", arguments: ["--version"]) == 0)
        #expect(TouchScopeApp.run(name: "scenes", types: SceneTypes(), arguments: ["--version"]) == 2)
    }

    @Test("built in code, double-tap replays to the golden trace of scenes/double-tap.yaml, byte for byte")
    func sameTraceAsTheSceneFile() throws {
        let golden = try String(contentsOfFile: Paths.golden("double-tap"), encoding: .utf8)
        #expect(try trace(doubleTapInCode, Paths.recording("double-tap")) == golden)
    }

    @Test("every session is built afresh, with its views and recognizers found by id")
    func freshSessions() {
        let a = doubleTapInCode.makeSession(), b = doubleTapInCode.makeSession()
        #expect(a.app !== b.app)
        #expect(a.isBuiltInCode && a.scene.name == "double-tap-in-code" && a.scene.window == Size(width: 800, height: 600))
        #expect(Set(a.built.views.keys) == ["pad"])
        #expect(Set(a.built.recognizers.keys) == ["doubleTap", "singleTap"])
        #expect(a.built.recognizers["singleTap"] !== b.built.recognizers["singleTap"])
    }

    @Test("a reload line in its replay is FILE:LINE:COLUMN: there is no scene to reload")
    func reloadLine() throws {
        let path = Paths.temporary("code-reload.jsonl")
        try """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":200,"y":200}
            {"t":0.2,"type":"reload","path":"x.yaml","scene":"scene: x\\nwindow: [800, 600]\\n"}

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let session = doubleTapInCode.makeSession()
        let error = #expect(throws: InputFileError.self) {
            try Replayer(session: session, recording: try RecordingReader(path: path)).run(until: nil)
        }
        #expect(error?.description.hasPrefix("\(path):3:1: a `reload` line, but double-tap-in-code builds its views in code") == true)
    }

    @Test("its replay --headless writes the trace and the tree dump, exit status 0")
    func replayCommand() throws {
        let trace = Paths.temporary("code-double-tap.trace.jsonl"), tree = Paths.temporary("code-double-tap.tree.json")
        let status = doubleTapInCode.run(arguments: ["replay", Paths.recording("double-tap"), "--headless",
                                                     "--trace", trace, "--dump-tree", tree])
        #expect(status == 0)
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == String(contentsOfFile: Paths.golden("double-tap"), encoding: .utf8))
        #expect(try String(contentsOfFile: tree, encoding: .utf8).hasPrefix(#"[{"id":"pad","frame":[100,100,600,400]"#))
    }

    @Test("bad input to its command line exits 2", arguments: [
        ["replay", "/nonexistent/recording.jsonl", "--headless"],
        ["replay", Paths.recording("double-tap"), "--headless", "--until", "-1"],
        ["replay", Paths.recording("double-tap"), "--headless", "--at", "1"],
        ["replay"],
        ["run", "--display", "-1"],
        ["frobnicate"],
    ])
    func badInput(arguments: [String]) {
        #expect(doubleTapInCode.run(arguments: arguments) == 2)
    }

    @Test("--help names the program and says that hot reload is for scene files")
    func help() {
        AppCommand.programName = doubleTapInCode.name
        let root = AppCommand.helpMessage(columns: 1000), run = AppRunCommand.helpMessage(columns: 1000)
        #expect(root.contains("USAGE: double-tap-in-code <subcommand>"))
        #expect(root.contains("Hot reload applies only to scene files"))
        #expect(run.contains("Hot reload (Ctrl+R) applies only to scene files"))
        #expect(AppReplayCommand.helpMessage(columns: 1000).contains("[--headless] [--trace <file>]"))
    }
}
