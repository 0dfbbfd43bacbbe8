import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// The error message of reading `text` as a recording (nil if it reads).
func recordingError(_ text: String) -> SceneDiagnostic? {
    do throws(InputFileError) {
        let r = try RecordingReader(text: text, file: "r.jsonl")
        _ = try r.readAll()
        return nil
    } catch {
        return error.diagnostic
    }
}

let header = "{\"recording\": 1, \"window\": [800, 600]}\n"

@Suite("Recordings")
struct RecordingTests {
    static let inputs: [RawInput] = [
        RawInput(t: 0, .fingerDown(finger: 1, x: 100, y: 200.5)),
        RawInput(t: 0.016, .fingerMove(finger: 1, x: 101.25, y: 199, pressure: 0.5, device: 3)),
        RawInput(t: 0.032, .fingerUp(finger: 1, x: 101.25, y: 199)),
        RawInput(t: 0.1, .mouseDown(x: 10, y: 20, button: .left, mods: [.alt, .shift])),
        RawInput(t: 0.1, .mouseMove(x: 11, y: 21, button: nil)),
        RawInput(t: 0.2, .mouseMove(x: 12, y: 22, button: .left, mods: [.ctrl])),
        RawInput(t: 0.3, .mouseUp(x: 12, y: 22, button: .right)),
        RawInput(t: 0.4, .keyDown(key: "Z", mods: [.ctrl])),
        RawInput(t: 0.5, .keyUp(key: "Audio \"Play\"\\")),
        RawInput(t: 0.6, .padDown(button: "a")),
        RawInput(t: 0.7, .padUp(button: "leftshoulder")),
        RawInput(t: 0.8, .padAccel(x: 0.1, y: -9.81, z: 1e-7)),
        RawInput(t: 0.9, .focusLost),
        RawInput(t: 1.0, .focusGained),
        RawInput(t: 1.1, .touchDeviceRemoved),
        RawInput(t: 1.2, .padAdded),
        RawInput(t: 1.3, .padRemoved),
        RawInput(t: 12345.678901, .resize(width: 1024, height: 768)),
        RawInput(t: 12346, .quit),
    ]

    @Test("a recording written to disk reads back identical")
    func roundTrip() throws {
        let path = Paths.temporary("round-trip.jsonl")
        let w = try RecordingWriter(path: path, window: Size(width: 800, height: 600))
        for x in Self.inputs { w.write(x) }
        w.close()
        w.close() // twice is fine
        let r = try RecordingReader(path: path)
        #expect(r.header == RecordingHeader(version: 1, window: Size(width: 800, height: 600)))
        let back = try r.readAll()
        #expect(back == Self.inputs)
        unlink(path)
    }

    @Test("recording lines have a fixed field order and number format")
    func lines() {
        #expect(RecordingWriter.headerLine(Size(width: 800, height: 600)) == "{\"recording\":1,\"window\":[800,600]}\n")
        #expect(RecordingWriter.line(Self.inputs[0]) == #"{"t":0,"type":"finger-down","finger":1,"x":100,"y":200.5}"#)
        #expect(RecordingWriter.line(Self.inputs[1]) == #"{"t":0.016,"type":"finger-move","finger":1,"x":101.25,"y":199,"pressure":0.5,"device":3}"#)
        #expect(RecordingWriter.line(Self.inputs[3]) == #"{"t":0.1,"type":"mouse-down","x":10,"y":20,"button":"left","mods":["alt","shift"]}"#)
        #expect(RecordingWriter.line(Self.inputs[4]) == #"{"t":0.1,"type":"mouse-move","x":11,"y":21}"#)
        #expect(RecordingWriter.line(Self.inputs[8]) == #"{"t":0.5,"type":"key-up","key":"Audio \"Play\"\\"}"#)
        #expect(RecordingWriter.line(Self.inputs[11]) == #"{"t":0.8,"type":"pad-accel","x":0.1,"y":-9.81,"z":1e-07}"#)
        #expect(RecordingWriter.line(Self.inputs[12]) == #"{"t":0.9,"type":"focus-lost"}"#)
        #expect(RecordingWriter.line(RawInput(t: 1.0000004, .focusLost)) == #"{"t":1,"type":"focus-lost"}"#)
    }

    @Test("the reader accepts spacing, blank lines, CRLF, unknown keys and escapes")
    func lenient() throws {
        let text = header + "\r\n  { \"type\" : \"finger-down\", \"t\": 1.5, \"finger\": 2, \"x\": 1e2, \"y\": -0.5, \"extra\": {\"a\": [1, null]} }\r\n\n" +
            #"{"t":2,"type":"key-down","key":"\u00e9\n"}"# + "\n"
        let r = try RecordingReader(text: text)
        let all = try r.readAll()
        #expect(all == [RawInput(t: 1.5, .fingerDown(finger: 2, x: 100, y: -0.5)), RawInput(t: 2, .keyDown(key: "é\n"))])
    }

    @Test("a missing or bad header is an error at line 1")
    func headerErrors() {
        #expect(recordingError("")?.message.contains("missing header") == true)
        let e = recordingError(#"{"t":0,"type":"focus-lost"}"# + "\n")
        #expect(e?.rendered.hasPrefix("r.jsonl:1:1: missing header") == true, "\(String(describing: e))")
        #expect(recordingError("{\"recording\": 2, \"window\": [8, 6]}\n")?.message.contains("unsupported recording version 2") == true)
        #expect(recordingError("{\"recording\": 1, \"window\": [8]}\n")?.message.contains("`window`") == true)
    }

    @Test("every recording error names its line and column", arguments: [
        (#"{"t":0.1,"type":"finger-down","finger":1,"x":1,"y":2,}"#, 2, 54, "bad JSON: expected a key in double quotes"),
        (#"{"t":0.1,"type":"finger-down","finger":1,"x":1,"y":2"#, 2, 53, "bad JSON: unterminated object"),
        (#"not json"#, 2, 1, "bad JSON: expected `{`"),
        (#"{"t":0.1,"type":"finger-dwn","finger":1,"x":1,"y":2}"#, 2, 17, "unknown type `finger-dwn`; did you mean `finger-down`?"),
        (#"{"t":0.1,"type":"finger-down","finger":1,"y":2}"#, 2, 1, "missing field `x` for `finger-down`"),
        (#"{"type":"focus-lost"}"#, 2, 1, "missing field `t`"),
        (#"{"t":0.1}"#, 2, 1, "missing field `type`"),
        (#"{"t":0.1,"type":"finger-down","finger":1,"x":"12","y":2}"#, 2, 46, "field `x` must be a number"),
        (#"{"t":0.1,"type":"finger-down","finger":1.5,"x":1,"y":2}"#, 2, 40, "field `finger` must be a whole number"),
        (#"{"t":0.1,"type":"finger-down","finger":1,"x":1e999,"y":2}"#, 2, 46, "field `x` is not a finite number"),
        (#"{"t":0.1,"type":"finger-down","finger":1,"x":1,"y":2,"pressure":2}"#, 2, 65, "`pressure` must be between 0 and 1"),
        (#"{"t":0.1,"type":"mouse-down","x":1,"y":2,"button":"lft"}"#, 2, 51, "unknown mouse button `lft`"),
        (#"{"t":0.1,"type":"mouse-down","x":1,"y":2}"#, 2, 1, "missing field `button`"),
        (#"{"t":0.1,"type":"key-down","key":"A","mods":["shift","meta"]}"#, 2, 54, "unknown modifier `meta`"),
        (#"{"t":0.1,"type":"pad-down","button":"aa"}"#, 2, 37, "unknown gamepad button `aa`"),
        (#"{"t":-1,"type":"focus-lost"}"#, 2, 6, "must not be negative"),
    ] as [(String, Int, Int, String)])
    func lineErrors(line: String, expectedLine: Int, column: Int, fragment: String) {
        let e = recordingError(header + line + "\n")
        #expect(e?.line == expectedLine && e?.column == column, "\(String(describing: e))")
        #expect(e?.message.contains(fragment) == true, "\(String(describing: e))")
    }

    @Test("an accel line (the device's own accelerometer) writes x, y, z and reads back")
    func accelLine() throws {
        let input = RawInput(t: 0.25, .accel(x: -0.5, y: -9.80665, z: 1e-7))
        #expect(RecordingWriter.line(input) == #"{"t":0.25,"type":"accel","x":-0.5,"y":-9.80665,"z":1e-07}"#)
        let r = try RecordingReader(text: header + RecordingWriter.line(input) + "\n")
        #expect(try r.readAll() == [input])
        // Not the gamepad's: the two stay apart.
        let pad = try RecordingReader(text: header + #"{"t":0,"type":"pad-accel","x":1,"y":2,"z":3}"# + "\n").readAll()
        #expect(pad == [RawInput(t: 0, .padAccel(x: 1, y: 2, z: 3))])
    }

    @Test("a bad accel line is a located error", arguments: [
        (#"{"t":0.1,"type":"accel","x":1,"y":2}"#, 1, "missing field `z` for `accel`"),
        (#"{"t":0.1,"type":"accel","y":2,"z":3}"#, 1, "missing field `x` for `accel`"),
        (#"{"t":0.1,"type":"accel","x":1,"y":1e999,"z":3}"#, 35, "field `y` is not a finite number"),
        (#"{"t":0.1,"type":"accel","x":NaN,"y":2,"z":3}"#, 29, "field `x` must be a number"),
        (#"{"t":0.1,"type":"accel","x":1,"y":2,"z":null}"#, 41, "field `z` must be a number"),
        (#"{"t":0.1,"type":"accel","x":"1","y":2,"z":3}"#, 29, "field `x` must be a number"),
        (#"{"t":0.1,"type":"acel","x":1,"y":2,"z":3}"#, 17, "unknown type `acel`; did you mean `accel`?"),
    ] as [(String, Int, String)])
    func accelErrors(line: String, column: Int, fragment: String) {
        let e = recordingError(header + line + "\n")
        #expect(e?.line == 2 && e?.column == column, "\(String(describing: e))")
        #expect(e?.message.contains(fragment) == true, "\(String(describing: e))")
        #expect(e?.rendered.hasPrefix("r.jsonl:2:\(column): ") == true, "\(String(describing: e))")
    }

    @Test("time going backwards is an error at the later line")
    func backwards() {
        let e = recordingError(header + #"{"t":1,"type":"focus-lost"}"# + "\n" + #"{"t":0.5,"type":"focus-gained"}"# + "\n")
        #expect(e?.rendered == "r.jsonl:3:6: time goes backwards: 0.5 after 1")
    }

    @Test("reading streams: the binary's peak memory does not grow with the file (20,000 lines against 200,000)")
    func streamingMemory() throws {
        // A finger lands on A (hit-test.yaml handles touches), moves once per line, lifts.
        func write(_ n: Int) throws -> String {
            let path = Paths.temporary("stream-\(n).jsonl")
            let w = try RecordingWriter(path: path, window: Size(width: 800, height: 600))
            w.write(RawInput(t: 0, .fingerDown(finger: 1, x: 400.5, y: 300.5)))
            for k in 1...n { w.write(RawInput(t: Double(k) * 0.001, .fingerMove(finger: 1, x: Double(k % 800) + 0.25, y: 300.5))) }
            w.write(RawInput(t: Double(n + 1) * 0.001, .fingerUp(finger: 1, x: 10.25, y: 300.5)))
            w.close()
            return path
        }
        let small = try write(20_000), large = try write(200_000)
        defer { unlink(small); unlink(large) }
        let a = ChildRun.run(["replay", Paths.scenes + "/hit-test.yaml", small, "--headless"], timeout: 30 * testTimeScale)
        let b = ChildRun.run(["replay", Paths.scenes + "/hit-test.yaml", large, "--headless"], timeout: 30 * testTimeScale)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        // The large file is 180,000 lines (about 12 MB) longer: held in memory, as text or as
        // inputs, it would add more than 10 MiB. Streamed, the peak stays within a few MiB.
        let grown = b.highWaterKiB - a.highWaterKiB
        print("streaming memory: peak RSS \(a.highWaterKiB) KiB for 20,000 lines, \(b.highWaterKiB) KiB for 200,000")
        #expect(a.highWaterKiB > 0 && grown < Int(4 * 1024 * testTimeScale), "peak RSS \(a.highWaterKiB) KiB, then \(b.highWaterKiB) KiB")
    }

    @Test("reading streams: 100,000 lines read back one by one, in order, fast enough")
    func streaming() throws {
        let path = Paths.temporary("long.jsonl")
        let w = try RecordingWriter(path: path, window: Size(width: 800, height: 600))
        let n = 100_000
        for k in 0..<n { w.write(RawInput(t: Double(k) * 0.001, .fingerMove(finger: 1, x: Double(k % 800) + 0.25, y: 300.5))) }
        w.close()
        let r = try RecordingReader(path: path)
        var count = 0
        let clock = ContinuousClock()
        let elapsed = try clock.measure { while try r.next() != nil { count += 1 } }
        #expect(count == n)
        #expect(r.lineNumber == n + 1)
        #expect(elapsed < .seconds(10 * testTimeScale))
        unlink(path)
    }

    @Test("lines longer than the read buffer are read whole; lines over 1 MiB are refused")
    func longLines() throws {
        let path = Paths.temporary("long-line.jsonl")
        let pad = String(repeating: "x", count: 200_000)
        let text = header + "{\"t\":1,\"type\":\"focus-lost\",\"note\":\"\(pad)\"}\n" + #"{"t":2,"type":"focus-gained"}"#
        writeFile(path, Array(text.utf8))
        let r = try RecordingReader(path: path)
        #expect(try r.readAll() == [RawInput(t: 1, .focusLost), RawInput(t: 2, .focusGained)])
        let huge = header + "{\"t\":1,\"type\":\"focus-lost\",\"note\":\"" + String(repeating: "y", count: 1_100_000) + "\"}\n"
        writeFile(path, Array(huge.utf8))
        do throws(InputFileError) {
            _ = try RecordingReader(path: path).readAll()
            Issue.record("accepted a 1 MiB line")
        } catch {
            #expect(error.diagnostic.line == 2 && error.diagnostic.message.contains("line longer than"), "\(error)")
        }
        unlink(path)
    }
}

@Suite("Recordings: numbers that are not finite")
struct NonFiniteRecordingTests {
    @Test("the writer leaves out input with a NaN or infinite number, so the file always reads back")
    func writerSkipsNonFinite() throws {
        let path = Paths.temporary("non-finite.jsonl")
        let w = try RecordingWriter(path: path, window: Size(width: 800, height: 600))
        w.write(RawInput(t: 0, .mouseDown(x: 10, y: 10, button: .left)))
        w.write(RawInput(t: 0.1, .mouseMove(x: .nan, y: .nan, button: .left)))
        w.write(RawInput(t: 0.2, .fingerDown(finger: 1, x: 1, y: 1, pressure: .infinity)))
        w.write(RawInput(t: 0.3, .mouseUp(x: 12, y: 10, button: .left)))
        w.close()
        let back = try RecordingReader(path: path).readAll()
        #expect(back == [RawInput(t: 0, .mouseDown(x: 10, y: 10, button: .left)), RawInput(t: 0.3, .mouseUp(x: 12, y: 10, button: .left))])
        unlink(path)
    }

    @Test("a recorded null coordinate is a located error")
    func nullCoordinate() {
        let d = recordingError(header + #"{"t":0.1,"type":"mouse-move","x":null,"y":null,"button":"left"}"# + "\n")
        #expect(d?.line == 2 && d?.column == 34, "\(String(describing: d))")
    }
}

@Suite("Recordings: what a killed program leaves")
struct KilledRecordingTests {
    @Test("the writer puts input on disk within 0.1 s of input time, without a flush or close")
    func flushesOften() throws {
        let path = Paths.temporary("flush-often.jsonl")
        let w = try RecordingWriter(path: path, window: Size(width: 800, height: 600))
        let inputs = [RawInput(t: 5, .mouseDown(x: 1, y: 1, button: .left)),
                      RawInput(t: 5.05, .mouseMove(x: 2, y: 1, button: .left)),
                      RawInput(t: 5.16, .mouseMove(x: 3, y: 1, button: .left))]
        for i in inputs { w.write(i) }
        // Read while the writer is still open, as after a SIGKILL.
        #expect(try RecordingReader(path: path).readAll() == inputs)
        w.write(RawInput(t: 5.2, .mouseUp(x: 3, y: 1, button: .left)))
        w.flush()   // what the live program does when input stops
        #expect(try RecordingReader(path: path).readAll().count == 4)
        w.close()
        unlink(path)
    }

    @Test("a last line cut off before its newline is skipped with a warning; every whole line is read")
    func cutOffLastLine() throws {
        let whole = header + #"{"t":0,"type":"focus-lost"}"# + "\n" + #"{"t":1,"type":"focus-gained"}"# + "\n"
        let r = try RecordingReader(text: whole + #"{"t":1.5,"type":"mouse-mo"#, file: "r.jsonl")
        #expect(try r.readAll() == [RawInput(t: 0, .focusLost), RawInput(t: 1, .focusGained)])
        let d = try #require(r.cutOffLastLine?.diagnostic)
        #expect(d.file == "r.jsonl" && d.line == 4, "\(d)")
        #expect(d.message.contains("cut off"), "\(d)")
    }

    @Test("a last line without a newline that reads is taken; a bad complete last line is still an error")
    func lastLineRules() throws {
        let r = try RecordingReader(text: header + #"{"t":0,"type":"focus-lost"}"#)
        #expect(try r.readAll() == [RawInput(t: 0, .focusLost)])
        #expect(r.cutOffLastLine == nil)
        let d = recordingError(header + #"{"t":0,"type":"focus-lost"}"# + "\n" + #"{"t":1,"type":"mouse-mo"# + "\n")
        #expect(d?.line == 3, "\(String(describing: d))")
        let middle = recordingError(header + #"{"t":0,"type":"focus-lo"# + "\n" + #"{"t":1,"type":"focus-gained"}"#)
        #expect(middle?.line == 2, "\(String(describing: middle))")
        // A whole JSON object with a wrong value was not cut off: an error even without a newline.
        let whole = recordingError(header + #"{"t":1,"type":"focus-lots"}"#)
        #expect(whole?.line == 2 && whole?.message.contains("unknown type") == true, "\(String(describing: whole))")
    }
}

@Suite("Recordings: the program ending")
struct QuitRecordingTests {
    @Test("quit is a line of its own, and nothing may follow it")
    func quitLine() {
        #expect(RecordingWriter.line(RawInput(t: 2.5, .quit)) == #"{"t":2.5,"type":"quit"}"#)
        let d = recordingError(header + #"{"t":1,"type":"quit"}"# + "\n" + #"{"t":2,"type":"focus-lost"}"# + "\n")
        #expect(d?.line == 3 && d?.message.contains("after `quit`") == true, "\(String(describing: d))")
    }

    @Test("display-lost is a line of its own, reads back, and nothing may follow it")
    func displayLostLine() throws {
        let line = RecordingWriter.line(RawInput(t: 2.5, .displayLost))
        #expect(line == #"{"t":2.5,"type":"display-lost"}"#)
        let d = recordingError(header + line + "\n" + #"{"t":3,"type":"focus-lost"}"# + "\n")
        #expect(d?.line == 3 && d?.message == "input after `display-lost` (line 2): the program had ended",
                "\(String(describing: d))")
    }
}

@Suite("Recordings: hot reloads")
struct ReloadRecordingTests {
    static let sceneText = "scene: reloaded\nwindow: [800, 600]\nviews:\n  - id: card # \"quoted\" \\ and\ttab\n    frame: [0, 0, 100, 100]\n"

    @Test("a reload line keeps the scene's text and path; next() skips it and nextEntry() returns it")
    func reloadRoundTrip() throws {
        let path = Paths.temporary("reload.jsonl")
        let w = try RecordingWriter(path: path, window: Size(width: 800, height: 600))
        w.write(RawInput(t: 0.5, .focusLost))
        w.write(SceneReload(t: 0.75, path: "/tmp/x/scene.yaml", scene: Self.sceneText))
        w.write(RawInput(t: 1, .focusGained))
        w.close()
        #expect(try RecordingReader(path: path).readAllEntries() == [
            .input(RawInput(t: 0.5, .focusLost)),
            .reload(SceneReload(t: 0.75, path: "/tmp/x/scene.yaml", scene: Self.sceneText)),
            .input(RawInput(t: 1, .focusGained)),
        ])
        #expect(try RecordingReader(path: path).readAll() == [RawInput(t: 0.5, .focusLost), RawInput(t: 1, .focusGained)])
        unlink(path)
    }

    @Test("a reload line may be longer than 1 MiB (a large scene); any other line may not")
    func longReload() throws {
        let big = String(repeating: "# padding\n", count: 150_000) + Self.sceneText   // 1.5 MiB
        let line = "{\"t\":1,\"type\":\"reload\",\"path\":\"s.yaml\",\"scene\":" + jsonString(big) + "}\n"
        let r = try RecordingReader(text: header + line)
        #expect(try r.readAllEntries() == [.reload(SceneReload(t: 1, path: "s.yaml", scene: big))])
        let other = "{\"t\":1,\"type\":\"focus-lost\",\"scene\":" + jsonString(big) + "}\n"
        let d = recordingError(header + other)
        #expect(d?.line == 2 && d?.message.contains("line longer than") == true, "\(String(describing: d))")
        #expect(recordingError(header + "{\"t\":1,\"type\":\"reload\",\"path\":\"s.yaml\"}\n")?.message.contains("missing field `scene`") == true)
    }

    @Test("a replayed reload resolves assets as the first scene does: a reload naming /etc/x.yaml cannot reach /etc/passwd")
    func reloadAssetRoot() throws {
        let dir = Paths.temporary("reload-root-\(getpid())")
        mkdir(dir, 0o755)
        writeFile(dir + "/here.png", [1, 2, 3])
        let start = try SceneLoader.parse(text: "scene: start\nwindow: [400, 300]\n", file: dir + "/start.yaml", folder: dir)
        func replay(image: String) throws(InputFileError) -> SceneSession {
            let scene = "scene: reloaded\nwindow: [400, 300]\nviews:\n  - {id: picture, frame: [0, 0, 10, 10], image: \(image)}\n"
            let line = "{\"t\":0.1,\"type\":\"reload\",\"path\":\"/etc/x.yaml\",\"scene\":" + jsonString(scene) + "}\n"
            let replayer = Replayer(session: SceneSession(scene: start), recording: try RecordingReader(text: header + line))
            try replayer.run(until: nil)
            return replayer.session
        }
        // `passwd` is looked for where the first scene's assets are, never in /etc.
        #expect(throws: InputFileError.self) { try replay(image: "passwd") }
        do { _ = try replay(image: "passwd") } catch {
            #expect(error.description.contains("`image` file `passwd` not found (looked in \(dir)"), "\(error.description)")
        }
        // An asset next to the first scene is found, whatever folder the reload line names.
        let session = try replay(image: "here.png")
        #expect(session.scene.views.first?.image?.resolved.hasSuffix("/here.png") == true)
        #expect(session.scene.folder == dir)
    }

    private func jsonString(_ s: String) -> String {
        var b: [UInt8] = []
        JSONOut.string(s, into: &b)
        return String(decoding: b, as: UTF8.self)
    }
}
