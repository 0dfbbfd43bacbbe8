// Files that are not plain files, outputs that cannot be written or that collide, and a
// recording's reload that would move the asset root (issue 25, items 5-8 and 10): the
// built binary, run as a user runs it, each case as the issue names it.
import Foundation
import Testing
import TouchScene

/// A fresh folder for one test, with a FIFO-making helper.
private struct Folder {
    let path: String
    init(_ name: String) {
        path = Paths.temporary("faults-\(name)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func at(_ name: String) -> String { path + "/" + name }
    @discardableResult
    func fifo(_ name: String) -> String {
        let p = at(name)
        #expect(mkfifo(p, 0o644) == 0, "mkfifo \(p)")
        return p
    }
    func write(_ name: String, _ text: String) -> String {
        let p = at(name)
        #expect(FileManager.default.createFile(atPath: p, contents: Data(text.utf8)), "cannot create \(p)")
        return p
    }
    func link(_ name: String, to target: String) -> String {
        let p = at(name)
        #expect(symlink(target, p) == 0, "symlink \(p)")
        return p
    }
}

private func fileType(_ path: String) -> mode_t? {
    var st = stat()
    return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : nil
}

private let doubleTapScene = Paths.scene("double-tap")
private let doubleTapRecording = Paths.recording("double-tap")
/// A recording long enough that its trace and timeline pass 1 KiB.
private let pinchScene = Paths.scene("photo")
private let pinchRecording = Paths.recording("photo-pinch")

/// A scene whose one view shows `image` (and, when given, whose player plays `sound`).
private func sceneText(image: String, sound: String? = nil) -> String {
    var s = "scene: faults\nwindow: [400, 300]\nviews:\n  - id: picture\n    frame: [0, 0, 100, 100]\n    image: \(image)\n"
    if let sound { s += "player:\n  title: t\n  sound: \(sound)\n" }
    return s
}

/// The first line of standard error starts with `file:1:1: ` and says `words`.
private func expectLocated(_ run: CLIRun, _ file: String, _ words: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(run.status == 2, "exit \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderrLines.count == 1, "one line wanted: \(run.stderr)", sourceLocation: sourceLocation)
    let first = run.stderrLines.first.map(String.init) ?? ""
    #expect(first.hasPrefix("\(file):1:1: "), "not located at \(file):1:1: \(first)", sourceLocation: sourceLocation)
    #expect(first.contains(words), "\(first) does not say \(words)", sourceLocation: sourceLocation)
    #expect(!run.stderr.contains("NSCocoaErrorDomain"), sourceLocation: sourceLocation)
}


/// Whether the tests run under a sanitizer (`make test-sanitize` sets TOUCHSCOPE_SANITIZER):
/// the sanitized binary's runtime faults (SIGBUS) when run under a file-size limit, so the
/// tests that fill a file by `ulimit -f` run in `make test` only.
let underSanitizer = ProcessInfo.processInfo.environment["TOUCHSCOPE_SANITIZER"] != nil

@Suite("Files that are not plain files (issue 25)", .serialized)
struct FileFaultTests {
    // MARK: 5. FIFOs where a regular file is expected

    @Test("check: a scene whose image asset is a FIFO is invalid, at the image's line")
    func checkFIFOImage() throws {
        let dir = Folder("check-fifo")
        dir.fifo("pic.png")
        let scene = dir.write("scene.yaml", sceneText(image: "pic.png"))
        let run = try CLIRun.run(["check", scene], timeout: 20)
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderrLines.first?.hasPrefix("\(scene):6:12: `image` file `pic.png` is a FIFO, not a regular file") == true, "\(run.stderr)")
    }

    @Test("check: a scene whose sound asset is a FIFO is invalid, at the sound's line")
    func checkFIFOSound() throws {
        let dir = Folder("check-fifo-sound")
        _ = dir.write("pic.png", "not really a png")
        dir.fifo("song.wav")
        let scene = dir.write("scene.yaml", sceneText(image: "pic.png", sound: "song.wav"))
        let run = try CLIRun.run(["check", scene], timeout: 20)
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderrLines.first?.hasPrefix("\(scene):9:10: `sound` file `song.wav` is a FIFO, not a regular file") == true, "\(run.stderr)")
    }

    @Test("replay --screenshot of a scene whose image is a FIFO ends with the located message, never blocks")
    func screenshotFIFOImage() throws {
        let dir = Folder("shot-fifo")
        dir.fifo("pic.png")
        let scene = dir.write("scene.yaml", sceneText(image: "pic.png"))
        let recording = dir.write("r.jsonl", "{\"recording\":1,\"window\":[400,300]}\n{\"t\":0.1,\"type\":\"finger-down\",\"finger\":1,\"x\":10,\"y\":10}\n")
        let run = try CLIRun.run(["replay", scene, recording, "--headless", "--screenshot", dir.at("shot.png")], timeout: 20)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(scene):6:12: `image` file `pic.png` is a FIFO"), "\(run.stderr)")
        #expect(fileType(dir.at("shot.png")) == nil, "a screenshot was written")
        // The live window refuses it the same way, before it opens.
        let live = try CLIRun.run(["run", scene], environment: Self.dummyVideo, timeout: 20)
        #expect(live.status == 2)
        #expect(live.stderr.hasPrefix("\(scene):6:12: `image` file `pic.png` is a FIFO"), "\(live.stderr)")
    }

    @Test("a recording that is a FIFO is refused at once: FILE:1:1, never a blocked read")
    func fifoRecording() throws {
        let dir = Folder("fifo-recording")
        let recording = dir.fifo("r.jsonl")
        let run = try CLIRun.run(["replay", doubleTapScene, recording, "--headless"], timeout: 20)
        expectLocated(run, recording, "is a FIFO, not a regular file; refused")
    }

    @Test("every output that names a FIFO is refused at once, the FIFO left as it was",
          arguments: ["--trace", "--perfetto", "--dump-tree", "--screenshot"])
    func fifoOutputs(option: String) throws {
        let dir = Folder("fifo-out")
        let out = dir.fifo(option == "--screenshot" ? "out.png" : "out.json")
        let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", option, out], timeout: 20)
        expectLocated(run, out, "is a FIFO, not a regular file; refused")
        #expect(fileType(out) == S_IFIFO, "the FIFO was replaced")
    }

    @Test("import --output naming a FIFO is refused at once")
    func importFIFO() throws {
        let dir = Folder("fifo-import")
        let out = dir.fifo("out.jsonl")
        let run = try CLIRun.run(["import", Self.evemuFile, "--output", out], timeout: 20)
        expectLocated(run, out, "is a FIFO, not a regular file; refused")
        #expect(run.stdout.isEmpty, "import reported: \(run.stdout)")
    }

    @Test("the live window: --record and --trace naming a FIFO are refused before the window opens")
    func liveFIFOOutputs() throws {
        let dir = Folder("fifo-live")
        let out = dir.fifo("rec.jsonl")
        for option in ["--record", "--trace"] {
            let run = try CLIRun.run(["run", doubleTapScene, option, out], environment: Self.dummyVideo, timeout: 20)
            expectLocated(run, out, "is a FIFO, not a regular file; refused")
        }
    }

    @Test("the live window with FIFOs for IIO channel and name files opens, and ends on SIGTERM")
    func liveFIFOIIO() throws {
        let dir = Folder("fifo-iio")
        let device = dir.at("iio:device0")
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        for name in ["name", "in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw", "in_accel_scale"] { dir.fifo("iio:device0/" + name) }
        let trace = dir.at("trace.jsonl")
        let live = try LiveProgram(["run", doubleTapScene, "--no-overlays", "--window", "400x300", "--trace", trace],
                                   environment: Self.dummyVideo.merging(["TOUCHSCOPE_IIO_ROOT": dir.path]) { $1 })
        Thread.sleep(forTimeInterval: 2)
        let result = live.stop(signal: SIGTERM, within: 10)
        #expect(result.exitedNormally, "the window did not end on SIGTERM (frozen, or killed by it): \(live.stderr)")
        #expect(result.status == 0, "exit \(result.status): \(live.stderr)")
        // The trace is complete: the program ended through its `quit` ("program ending").
        #expect(FileManager.default.fileExists(atPath: trace))
    }

    // MARK: 6. Write errors

    @Test("an output on /dev/full or /proc/version is FILE:1:1: cannot write ..., exit 2",
          arguments: [("--trace", "/dev/full", "cannot write the trace: "), ("--perfetto", "/dev/full", "cannot write the Perfetto trace: "),
                      ("--trace", "/proc/version", "cannot write the trace: ")])
    func unwritableOutputs(option: String, path: String, message: String) throws {
        let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", option, path], timeout: 60)
        expectLocated(run, path, message)
    }

    @Test("import --output /dev/full is FILE:1:1: cannot write the recording, and reports no count")
    func importDevFull() throws {
        let run = try CLIRun.run(["import", Self.evemuFile, "--output", "/dev/full"], timeout: 60)
        expectLocated(run, "/dev/full", "cannot write the recording: ")
        #expect(run.stdout.isEmpty, "import reported: \(run.stdout)")
    }

    @Test("live --record /dev/full is FILE:1:1: cannot write the recording, exit 2")
    func liveRecordDevFull() throws {
        let run = try CLIRun.run(["run", doubleTapScene, "--record", "/dev/full"], environment: Self.dummyVideo, timeout: 20)
        expectLocated(run, "/dev/full", "cannot write the recording: ")
    }

    @Test("a regular file that fills up (EFBIG) is FILE:1:1: cannot write ...: File too large, exit 2",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"),
          arguments: [("--trace", "cannot write the trace: "), ("--perfetto", "cannot write the Perfetto trace: "),
                      ("--dump-tree", "cannot write the tree dump: ")])
    func fullFile(option: String, message: String) throws {
        let dir = Folder("full")
        let out = dir.at("out.json")
        // 1 KiB (the message on standard error still fits): the welcome scene's trace,
        // timeline and view tree are all longer.
        let run = try CLIRun.run(["replay", Paths.scene("welcome"), Paths.recording("scroll"), "--headless", option, out],
                                 timeout: 60, fileSizeLimitKiB: 1)
        expectLocated(run, out, message + String(cString: strerror(EFBIG)))
    }

    @Test("--screenshot into a file that fills up is FILE:1:1: cannot write the screenshot, headless and in the window; no half PNG is left",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"))
    func screenshotFullFile() throws {
        let dir = Folder("full-shot")
        for headless in [true, false] {
            let out = dir.at("shot-\(headless).png")
            let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--screenshot", out] + (headless ? ["--headless"] : []),
                                     environment: Self.dummyVideo, timeout: 60, fileSizeLimitKiB: 1)
            expectLocated(run, out, "cannot write the screenshot: " + String(cString: strerror(EFBIG)))
            let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? -1
            #expect(size == 0, "\(size) bytes of a PNG were left")
        }
    }

    @Test("import into a file that fills up is FILE:1:1: cannot write the recording, exit 2",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"))
    func importFullFile() throws {
        let dir = Folder("full-import")
        let out = dir.at("out.jsonl")
        let input = dir.write("drag.evemu", Self.evemuDrag(moves: 100))
        let run = try CLIRun.run(["import", input, "--output", out], timeout: 60, fileSizeLimitKiB: 1)
        expectLocated(run, out, "cannot write the recording: " + String(cString: strerror(EFBIG)))
        #expect(run.stdout.isEmpty, "import reported: \(run.stdout)")
    }

    @Test("a live recording that fills up stops: the window and standard error say so, the file keeps whole lines, exit 2",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"))
    func liveRecordingFills() throws {
        let dir = Folder("live-full")
        let recording = dir.at("rec.jsonl")
        let fingers = dir.write("fingers", "")
        let live = try LiveProgram(["run", doubleTapScene, "--no-overlays", "--window", "800x600", "--record", recording],
                                   environment: Self.dummyVideo.merging(["TOUCHSCOPE_TEST_FINGERS": fingers]) { $1 },
                                   fileSizeLimitKiB: 8)
        // The window is up once it reports its state.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: fingers + ".state") { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.3)
        // About 30 KiB of recording: far past the 8 KiB the file may hold.
        var script = ""
        for k in 0..<10 {
            script += "down 1 100 100\n"
            for i in 0..<50 { script += "move 1 \(100 + i * 5 + k) \(100 + i * 3)\n" }
            script += "up 1 400 250\n"
        }
        // A touch a loop turn or so: the first few are written whole before the file is full.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fingers))
        for touch in script.split(separator: "\n", omittingEmptySubsequences: true).chunked(52) {
            handle.write(Data((touch.joined(separator: "\n") + "\n").utf8))
            Thread.sleep(forTimeInterval: 0.3)
        }
        try handle.close()
        var state = ""
        for _ in 0..<100 where !live.stderr.contains("cannot write the recording") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 0.5)
        state = (try? String(contentsOfFile: fingers + ".state", encoding: .utf8)) ?? ""
        let result = live.stop(signal: SIGTERM, within: 10)
        #expect(result.exitedNormally && result.status == 2, "exit \(result.status): \(live.stderr)")
        #expect(live.stderr.hasPrefix("\(recording):1:1: cannot write the recording: \(String(cString: strerror(EFBIG)))"), "\(live.stderr)")
        #expect(state.contains("\nrecording false\n"), "the toolbar still shows a recording: \(state)")
        #expect(state.contains("\nbanner recording stopped: \(recording):1:1: cannot write the recording"), "no banner: \(state)")
        // The file holds whole lines, and reads back as a recording.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: recording))
        #expect(bytes.last == 0x0a, "the recording ends mid-line")
        let reader = try RecordingReader(path: recording)
        #expect(try reader.readAll().count > 10)
    }

    // MARK: 7. One rule for every output

    @Test("--dump-tree and --trace through a symlink write the file it names; the symlink stays a symlink")
    func symlinkOutputs() throws {
        let dir = Folder("symlink")
        let tree = dir.write("tree.json", "old"), trace = dir.write("trace.jsonl", "old")
        let treeLink = dir.link("tree-link", to: tree), traceLink = dir.link("trace-link", to: trace)
        let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", "--dump-tree", treeLink, "--trace", traceLink],
                                 timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileType(treeLink) == S_IFLNK, "--dump-tree replaced its symlink")
        #expect(fileType(traceLink) == S_IFLNK)
        #expect(try String(contentsOfFile: tree, encoding: .utf8).hasPrefix("[{\"id\":"))
        #expect(try String(contentsOfFile: trace, encoding: .utf8).hasPrefix("{\"t\":"))
    }

    // The device cases go through a symlink in a temporary folder: a build with the old
    // temp-and-rename --dump-tree replaces the symlink, never the system's device node.

    @Test("--trace, --perfetto and --dump-tree may all go to /dev/null, which stays the null device")
    func devNull() throws {
        let dir = Folder("dev-null")
        let link = dir.link("null", to: "/dev/null")
        let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless",
                                  "--trace", "/dev/null", "--perfetto", link, "--dump-tree", link], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileType(link) == S_IFLNK, "--dump-tree replaced its symlink")
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test("--dump-tree onto a device, a directory or a socket is refused with FILE:1:1, the target untouched")
    func dumpTreeOntoOthers() throws {
        let dir = Folder("dump-others")
        try FileManager.default.createDirectory(atPath: dir.at("folder"), withIntermediateDirectories: true)
        let socketPath = dir.at("sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (k, b) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[k] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0, "bind \(socketPath)")
        defer { close(fd) }
        let device = dir.link("full", to: "/dev/full")
        for (path, kind, type) in [(device, "a character device", S_IFLNK), (dir.at("folder"), "a directory", S_IFDIR),
                                   (socketPath, "a socket", S_IFSOCK)] {
            let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", "--dump-tree", path], timeout: 60)
            expectLocated(run, path, "cannot write the tree dump: is \(kind), not a regular file; refused")
            #expect(fileType(path) == type, "\(path) was replaced")
        }
    }

    @Test("an output in a folder that does not exist is FILE:1:1: cannot write ...: the system's reason",
          arguments: ["--dump-tree", "--trace", "--perfetto", "--screenshot"])
    func missingFolder(option: String) throws {
        let out = Folder("missing").at("no/such/folder/out.png")
        let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", option, out], timeout: 60)
        expectLocated(run, out, String(cString: strerror(ENOENT)))
    }

    @Test("--screenshot onto /dev/full is refused with FILE:1:1 (a device is not an output)")
    func screenshotDevice() throws {
        let dir = Folder("shot-device")
        let link = dir.link("shot.png", to: "/dev/full")
        let run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", "--screenshot", link], timeout: 60)
        expectLocated(run, link, "cannot write the screenshot: is a character device, not a regular file; refused")
        #expect(fileType(link) == S_IFLNK)
    }

    // MARK: 8. Outputs that collide

    @Test("two outputs on one file, however spelled, are refused before anything is written",
          arguments: [("--trace", "--perfetto"), ("--trace", "--dump-tree"), ("--perfetto", "--dump-tree")])
    func collidingOutputs(first: String, second: String) throws {
        let dir = Folder("collide")
        try FileManager.default.createDirectory(atPath: dir.at("sub"), withIntermediateDirectories: true)
        // A new file, spelled two ways.
        let newFile = dir.at("x.json"), spelledOtherwise = dir.at("sub/../x.json")
        var run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", first, newFile, second, spelledOtherwise], timeout: 60)
        expectLocated(run, spelledOtherwise, "\(second) names the same file as \(first); refused")
        #expect(fileType(newFile) == nil, "something was written")
        // An existing file and a symlink to it.
        let existing = dir.write("y.json", "kept"), link = dir.link("y-link", to: existing)
        run = try CLIRun.run(["replay", doubleTapScene, doubleTapRecording, "--headless", first, existing, second, link], timeout: 60)
        expectLocated(run, link, "\(second) names the same file as \(first); refused")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "kept")
    }

    @Test("--trace on the input recording or the scene is refused; the input is kept")
    func outputOnInput() throws {
        let dir = Folder("on-input")
        let recording = dir.write("r.jsonl", try String(contentsOfFile: doubleTapRecording, encoding: .utf8))
        let scene = dir.write("s.yaml", try String(contentsOfFile: doubleTapScene, encoding: .utf8))
        let recordingLink = dir.link("r-link", to: recording)
        var run = try CLIRun.run(["replay", scene, recording, "--headless", "--trace", recordingLink], timeout: 60)
        expectLocated(run, recordingLink, "--trace names the recording")
        #expect(try String(contentsOfFile: recording, encoding: .utf8) == String(contentsOfFile: doubleTapRecording, encoding: .utf8))
        run = try CLIRun.run(["replay", scene, recording, "--headless", "--perfetto", dir.path + "/./s.yaml"], timeout: 60)
        expectLocated(run, dir.path + "/./s.yaml", "--perfetto names the scene")
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == String(contentsOfFile: doubleTapScene, encoding: .utf8))
    }

    @Test("live --record Z --trace Z is refused before the window opens")
    func liveRecordTraceCollide() throws {
        let dir = Folder("live-collide")
        let z = dir.at("z.jsonl")
        let run = try CLIRun.run(["run", doubleTapScene, "--record", z, "--trace", z], environment: Self.dummyVideo, timeout: 20)
        expectLocated(run, z, "names the same file as --trace; refused")
        #expect(fileType(z) == nil, "something was written")
    }

    @Test("import --output onto its own input is refused; the input is kept")
    func importOntoInput() throws {
        let dir = Folder("import-self")
        let input = dir.write("in.evemu", try String(contentsOfFile: Self.evemuFile, encoding: .utf8))
        let run = try CLIRun.run(["import", input, "--output", input], timeout: 60)
        expectLocated(run, input, "--output names the input file")
        #expect(try String(contentsOfFile: input, encoding: .utf8) == String(contentsOfFile: Self.evemuFile, encoding: .utf8))
    }

    // MARK: 10. A recording's reload does not move the asset root

    /// A recording whose `reload` line names `path` and brings a scene showing `image`.
    private static func reloadRecording(in dir: Folder, path: String, image: String) -> String {
        let scene = sceneText(image: image).replacingOccurrences(of: "\n", with: "\\n")
        return dir.write("reload.jsonl", "{\"recording\":1,\"window\":[400,300]}\n"
            + "{\"t\":0.1,\"type\":\"reload\",\"path\":\"\(path)\",\"scene\":\"\(scene)\"}\n"
            + "{\"t\":0.2,\"type\":\"finger-down\",\"finger\":1,\"x\":10,\"y\":10}\n"
            + "{\"t\":0.3,\"type\":\"finger-up\",\"finger\":1,\"x\":10,\"y\":10}\n")
    }

    @Test("a reload line naming /etc/x.yaml cannot make `image: passwd` read /etc/passwd")
    func reloadCannotReachOutside() throws {
        let dir = Folder("reload-etc")
        let scene = dir.write("scene.yaml", "scene: start\nwindow: [400, 300]\n")
        let recording = Self.reloadRecording(in: dir, path: "/etc/x.yaml", image: "passwd")
        let run = try CLIRun.run(["replay", scene, recording, "--headless", "--screenshot", dir.at("shot.png")], timeout: 60)
        #expect(run.status == 2, "the reload loaded (it resolved `passwd` in /etc): \(run.stderr)")
        #expect(run.stderr.hasPrefix("\(recording):2:1: the reloaded scene does not load: /etc/x.yaml:6:12: `image` file `passwd` not found (looked in \(dir.path)"),
                "\(run.stderr)")
    }

    @Test("a reloaded scene finds its assets where the command line's scene does, whatever path the reload names")
    func reloadUsesCommandLineRoot() throws {
        let dir = Folder("reload-root")
        let scene = dir.write("scene.yaml", "scene: start\nwindow: [400, 300]\n")
        _ = dir.write("only-here.png", "an image that exists only next to the command line's scene")
        let recording = Self.reloadRecording(in: dir, path: "/etc/x.yaml", image: "only-here.png")
        let run = try CLIRun.run(["replay", scene, recording, "--headless", "--dump-tree", dir.at("tree.json")], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: dir.at("tree.json"), encoding: .utf8).contains("\"id\":\"picture\""))
    }

    // MARK: Support

    /// An evemu recording of one finger dragged in `moves` steps (protocol B).
    static func evemuDrag(moves: Int) -> String {
        var s = "# EVEMU 1.3\nN: Test Touchscreen\nI: 0018 1234 5678 0100\nP: 02 00 00 00 00 00 00 00\n"
            + "B: 00 0b 00 00 00 00 00 00 00\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\nA: 2f 0 9 0 0 0\n"
            + "A: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\nA: 39 0 65535 0 0 0\n"
        func event(_ k: Int, _ type: String, _ code: String, _ value: String) {
            s += "E: 1700000000.\(String(format: "%06d", 500_000 + k * 4_000)) \(type) \(code) \(value)\n"
        }
        event(0, "0003", "0039", "0100"); event(0, "0003", "0035", "0100"); event(0, "0003", "0036", "0100")
        event(0, "0001", "014a", "0001"); event(0, "0000", "0000", "0000")
        for k in 1...moves {
            event(k, "0003", "0035", String(format: "%04d", 100 + k * 5)); event(k, "0000", "0000", "0000")
        }
        event(moves + 1, "0003", "0039", "-001"); event(moves + 1, "0001", "014a", "0000"); event(moves + 1, "0000", "0000", "0000")
        return s
    }

    static let dummyVideo: [String: String?] = ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"]

    /// An evemu recording shipped with the tests.
    static let evemuFile: String = {
        let dir = Paths.root + "/Tests/TouchSceneTests/Fixtures/import"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return dir + "/" + (names.sorted().first { $0.hasSuffix(".evemu") } ?? "missing.evemu")
    }()
}

private extension Array {
    /// The elements in runs of `n` (the last may be shorter).
    func chunked(_ n: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: n).map { self[$0..<Swift.min($0 + n, count)] }
    }
}

/// The binary running in the background (the live window with the dummy video driver).
private final class LiveProgram {
    let process: Process
    let errPath: String

    init(_ arguments: [String], environment: [String: String?], fileSizeLimitKiB: Int? = nil) throws {
        process = CLIRun.process(arguments, environment: environment, fileSizeLimitKiB: fileSizeLimitKiB)
        errPath = Paths.temporary("live-\(UUID().uuidString).err")
        try #require(FileManager.default.createFile(atPath: errPath, contents: nil))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stderr: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

    /// Sends `signal`; waits up to `seconds` for the program to end, then kills it.
    func stop(signal: Int32, within seconds: Double) -> (exitedNormally: Bool, status: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return (false, -1)
        }
        process.waitUntilExit()
        return (process.terminationReason == .exit, process.terminationStatus)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
