// The touchscope binary, run as a user runs it: exit statuses, messages, output files.
import Foundation
import Testing
import TestSupport
import TouchCore
import TouchScene

/// One run of the built `touchscope` binary (built with the tests, next to the test bundle).
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var stderrLines: [Substring] { stderr.split(separator: "\n") }

    /// The binary in this test bundle's scratch path (`.build/debug`, or `.build-asan/debug`
    /// under `make test-sanitize`), else `<repo>/.build/debug/touchscope`.
    static let binary = BuiltBinary.touchscope(repositoryRoot: Paths.root)

    /// The binary as a process not yet started, in the repository root: `environment` edits
    /// this process's environment (nil removes a variable); `fileSizeLimitKiB` runs it under
    /// `ulimit -f` with SIGXFSZ ignored.
    static func process(_ arguments: [String], environment: [String: String?], fileSizeLimitKiB: Int?) -> Process {
        let p = Process()
        if let limit = fileSizeLimitKiB {
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            p.arguments = ["-c", "trap '' XFSZ; ulimit -f \(limit); exec \"$0\" \"$@\"", binary] + arguments
        } else {
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = arguments
        }
        p.currentDirectoryURL = URL(fileURLWithPath: Paths.root)
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        return p
    }

    /// Runs the binary in the repository root with `arguments`; `environment` edits are
    /// applied to this process's environment (nil removes a variable). Killed after
    /// `timeout` seconds (120 by default), which fails the test. `fileSizeLimitKiB`: the
    /// largest file the program may write (`ulimit -f`, with SIGXFSZ ignored, so a write past
    /// it fails with EFBIG as on a full disk).
    static func run(_ arguments: [String], environment: [String: String?] = [:], timeout: Double = 120,
                    fileSizeLimitKiB: Int? = nil) throws -> CLIRun {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no binary at \(binary): run swift build first")
        let p = process(arguments, environment: environment, fileSizeLimitKiB: fileSizeLimitKiB)
        let id = UUID().uuidString
        let outPath = Paths.temporary("\(id).out"), errPath = Paths.temporary("\(id).err")
        try #require(FileManager.default.createFile(atPath: outPath, contents: nil), "cannot create \(outPath)")
        try #require(FileManager.default.createFile(atPath: errPath, contents: nil), "cannot create \(errPath)")
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // SIGTERM first; SIGKILL when it is caught and the program still hangs (SDL catches it).
        let watchdog = DispatchWorkItem {
            guard p.isRunning else { return }
            p.terminate()
            Thread.sleep(forTimeInterval: 5)
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        p.waitUntilExit()
        watchdog.cancel()
        try out.close(); try err.close()
        #expect(p.terminationReason == .exit, "touchscope \(arguments) did not exit normally (crash or hang)")
        return CLIRun(status: p.terminationStatus,
                      stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

/// `FILE:LINE:COLUMN: ` or `FILE:LINE: ` at the start of a line, for `file`.
private func locates(_ line: Substring, file: String, line lineNumber: Int) -> Bool {
    line.hasPrefix("\(file):\(lineNumber):")
}

@Suite("Command line", .serialized)
struct CommandLineTests {
    @Test("touchscope --version prints the version and exits 0")
    func version() throws {
        let r = try CLIRun.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == TouchScopeVersion.current)
    }

    @Test("--help, for the tool and every subcommand, prints usage and exits 0")
    func help() throws {
        for args in [["--help"], ["run", "--help"], ["replay", "--help"], ["check", "--help"], ["bench", "--help"]] {
            let r = try CLIRun.run(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.stdout.contains("USAGE: touchscope"), "\(args): \(r.stdout)")
        }
    }

    @Test("touchscope check accepts every demo scene (exit 0)")
    func checkDemoScenes() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Paths.scenes)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "scenes/" + $0 }
        #expect(scenes.count >= 16)   // the folder was read: sixteen demo scenes
        let r = try CLIRun.run(["check"] + scenes)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(scenes.count) scene(s) valid"))
    }

    @Test("a bad scene exits 2 with FILE:LINE:COLUMN: and the reason")
    func badScene() throws {
        let path = Paths.temporary("bad-scene.yaml")
        try "scene: bad\nwindow: [800, 600]\nviews:\n  - id: a\n    frame: [0, 0, 10, 10]\n    colour: red\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLIRun.run(["check", path])
        #expect(r.status == 2)
        let line = try #require(r.stderrLines.first)
        #expect(line.hasPrefix("\(path):6:5: "), "\(r.stderr)")
        #expect(line.contains("colour"))
        #expect(r.stdout.isEmpty)
        // The same scene given to replay is bad input too.
        let replay = try CLIRun.run(["replay", path, Paths.recording("hit-test"), "--headless"])
        #expect(replay.status == 2)
        #expect(replay.stderrLines.first?.hasPrefix("\(path):6:5: ") == true, "\(replay.stderr)")
    }

    @Test("a bad recording exits 2 with FILE:LINE: naming the bad line")
    func badRecording() throws {
        let path = Paths.temporary("bad-recording.jsonl")
        try """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":100,"y":100}
            {"t":0.2,"type":"finger-upp","finger":1,"x":100,"y":100}

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let trace = Paths.temporary("bad-recording.trace.jsonl")
        let r = try CLIRun.run(["replay", "scenes/hit-test.yaml", path, "--headless", "--trace", trace])
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        let line = try #require(r.stderrLines.first)
        #expect(locates(line, file: path, line: 3), "\(r.stderr)")
        #expect(line.contains("finger-upp"))
        // A missing recording is bad input too, named by its path.
        let missing = try CLIRun.run(["replay", "scenes/hit-test.yaml", Paths.temporary("nope.jsonl"), "--headless"])
        #expect(missing.status == 2)
        #expect(missing.stderrLines.first?.hasPrefix(Paths.temporary("nope.jsonl") + ":1:") == true, "\(missing.stderr)")
    }

    @Test("bad arguments exit 2 with one line", arguments: [
        ["replay", "scenes/photo.yaml", "x.jsonl", "--headless", "--frobnicate"],
        ["replay", "scenes/photo.yaml", "x.jsonl", "--headless", "--at", "1"],
        ["replay", "scenes/photo.yaml", "x.jsonl", "--headless", "--until", "soon"],
        ["replay", "scenes/photo.yaml", "x.jsonl", "--headless", "--screenshot", "shot.bmp"],
        ["replay", "scenes/photo.yaml", "x.jsonl", "--headless", "--window", "800"],
        ["replay", "scenes/photo.yaml", "x.jsonl", "--headless", "--pixel-scale", "8"],
        ["replay", "scenes/photo.yaml", "x.jsonl", "--pixel-scale", "2"],
        ["run", "scenes/photo.yaml", "--window", "0x600"],
        ["check"],
        ["frobnicate", "--now"],
    ])
    func badArguments(arguments: [String]) throws {
        let r = try CLIRun.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(arguments): \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("--at without --screenshot names the problem")
    func atNeedsScreenshot() throws {
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless", "--at", "0.5"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--at needs --screenshot"), "\(r.stderr)")
    }

    @Test("check and replay refuse a view id over 128 characters with FILE:LINE:COLUMN: and exit 2")
    func longID() throws {
        let path = Paths.temporary("long-id.yaml")
        let id = String(repeating: "x", count: 1 << 20)
        try "scene: t\nwindow: [800, 600]\nviews:\n  - {id: \(id), frame: [0, 0, 800, 600]}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        for arguments in [["check", path], ["replay", path, Paths.recording("photo-pinch"), "--headless"]] {
            let r = try CLIRun.run(arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr.prefix(300))")
            #expect(r.stderrLines.first?.hasPrefix("\(path):4:10: an id (`id`) is 1048576 characters long") == true,
                    "\(arguments): \(r.stderr.prefix(300))")
            #expect(r.stderr.count < 1000)
        }
    }

    @Test("a negative --at or --until is refused as negative (not as a missing value), exit 2", arguments: [
        (["--at", "-1", "--screenshot", "shot.png"], "--at must not be negative (got -1)"),
        (["--at=-0.5", "--screenshot", "shot.png"], "--at must not be negative (got -0.5)"),
        (["--until", "-2"], "--until must not be negative (got -2)"),
    ])
    func negativeTimes(options: [String], message: String) throws {
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless"] + options)
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test("replay --headless writes the library's trace, a tree dump with the photo's transform and a PNG")
    func replayHeadless() throws {
        let trace = Paths.temporary("pinch.trace.jsonl"), tree = Paths.temporary("pinch.tree.json")
        let shot = Paths.temporary("pinch.png")
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless",
                                "--trace", trace, "--dump-tree", tree, "--screenshot", shot],
                               environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")

        let written = try String(contentsOfFile: trace, encoding: .utf8)
        let library = try Replay(scene: "photo", recording: "photo-pinch")
        #expect(written == library.traceText)

        let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tree)))
        let nodes = try #require(dump as? [[String: Any]])
        let m = try #require(Replay.find("photo", in: nodes))
        #expect(close(m["a"], 2) && close(m["d"], 2) && close(m["b"], 0) && close(m["c"], 0), "\(m)")
        #expect(try library.transform(of: "photo") == m)

        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: shot)))
        try #require(png.count > 33)
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1280 && height == 800, "\(width)×\(height)")
    }

    @Test("replay --screenshot --no-overlays draws just the scene window, at the scene's size")
    func screenshotSceneOnly() throws {
        let shot = Paths.temporary("scene-only.png")
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pan"), "--headless",
                                "--no-overlays", "--screenshot", shot, "--at", "0.3"],
                               environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: shot)))
        try #require(png.count > 33)
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 800 && height == 600, "\(width)×\(height)")
    }

    @Test("replay --screenshot --window WxH --pixel-scale N draws a tablet's canvas: the window times the scale", arguments: [
        (["--window", "800x1280"], 800, 1280),
        (["--window", "1280x800", "--pixel-scale", "2"], 2560, 1600),
        (["--window", "400x640", "--pixel-scale", "2"], 800, 1280),
    ])
    func screenshotWindow(options: [String], width: Int, height: Int) throws {
        let shot = Paths.temporary("tablet-\(width)x\(height)-\(options.count).png")
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless",
                                "--screenshot", shot, "--at", "0.4"] + options,
                               environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: shot)))
        try #require(png.count > 33)
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w == width && h == height, "\(w)×\(h)")
    }

    @Test("replay --until stops the clock early: a trace cut at 0.3 s is a prefix of the full one")
    func until() throws {
        let trace = Paths.temporary("until.trace.jsonl")
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless",
                                "--trace", trace, "--until", "0.25"])
        #expect(r.status == 0, "\(r.stderr)")
        let cut = try String(contentsOfFile: trace, encoding: .utf8)
        let full = try Replay(scene: "double-tap", recording: "double-tap").traceText
        #expect(!cut.isEmpty)
        #expect(full.hasPrefix(cut))
        #expect(cut.count < full.count)
    }

    @Test("touchscope run without a display prints one line pointing to replay ... --headless and exits 1")
    func runWithoutDisplay() throws {
        let r = try CLIRun.run(["run", "scenes/photo.yaml"],
                               environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil])
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("no display"))
        #expect(r.stderr.contains("touchscope replay SCENE RECORDING --headless"), "\(r.stderr)")
    }
}

@Suite("Command line: recordings a killed program left", .serialized)
struct CutOffRecordingCommandTests {
    @Test("a recording whose last line is cut off replays every whole line, warns with FILE:LINE:COLUMN and exits 0")
    func cutOffReplays() throws {
        let path = Paths.temporary("cut-off.jsonl")
        let whole = """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":100,"y":100}
            {"t":0.2,"type":"finger-up","finger":1,"x":100,"y":100}

            """
        try (whole + #"{"t":0.3,"type":"finger-do"#).write(toFile: path, atomically: true, encoding: .utf8)
        let trace = Paths.temporary("cut-off.trace.jsonl"), full = Paths.temporary("whole.trace.jsonl")
        let r = try CLIRun.run(["replay", "scenes/hit-test.yaml", path, "--headless", "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        let line = try #require(r.stderrLines.first)
        #expect(line.hasPrefix(path + ":4:") && line.contains("warning:") && line.contains("cut off"), "\(r.stderr)")
        // Every whole line was replayed: the same trace as the recording without the cut line.
        let wholePath = Paths.temporary("whole.jsonl")
        try whole.write(toFile: wholePath, atomically: true, encoding: .utf8)
        #expect(try CLIRun.run(["replay", "scenes/hit-test.yaml", wholePath, "--headless", "--trace", full]).status == 0)
        let a = try String(contentsOfFile: trace, encoding: .utf8), b = try String(contentsOfFile: full, encoding: .utf8)
        #expect(!a.isEmpty && a == b)
        // The same bad line with its newline is an error.
        try (whole + #"{"t":0.3,"type":"finger-do"# + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try CLIRun.run(["replay", "scenes/hit-test.yaml", path, "--headless"])
        #expect(bad.status == 2 && bad.stderrLines.first?.hasPrefix(path + ":4:") == true, "\(bad.stderr)")
    }
}
