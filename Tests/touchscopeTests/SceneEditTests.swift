// `touchscope edit`: the window's Write to file from the command line, under a full disk
// (simulated by a file-size limit: tests run as root, so a real disk cannot be filled safely).
// The scene must never come out shorter, nor changed at all, when the write fails.
import Foundation
import Testing
import TouchScene

@Suite("touchscope edit: settings written into a scene file in place", .serialized)
struct SceneEditTests {
    static let scene = """
        scene: edit
        window: [800, 600]
        views:
          - id: pad
            frame: [100, 100, 600, 400]
            recognizers:
              - id: doubleTap
                type: tap
                taps: 2
                maximumInterval: 0.35   # seconds

        """

    /// `scene` with a comment line in front that makes it `bytes` long.
    static func padded(to bytes: Int) -> String {
        let fill = bytes - scene.utf8.count - 3
        return "# " + String(repeating: "x", count: fill) + "\n" + scene
    }

    static func folder(_ name: String) -> String {
        let dir = Paths.temporary("edit-\(name)-\(UUID().uuidString.prefix(6))")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("edit writes the value where it stands and adds a missing key on a line of its own; every other byte stays")
    func writes() throws {
        let path = Self.folder("ok") + "/scene.yaml"
        try Self.scene.write(toFile: path, atomically: false, encoding: .utf8)
        let run = try CLIRun.run(["edit", path, "--set", "doubleTap.maximumTapInterval=0.45", "--set", "pad.userInteraction=false"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "written to \(path): doubleTap.maximumTapInterval=0.45, pad.userInteraction=false\n")
        let want = Self.scene.replacingOccurrences(of: "0.35   # seconds", with: "0.45   # seconds")
            .replacingOccurrences(of: "  - id: pad\n", with: "  - id: pad\n    userInteraction: false\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == want)
    }

    @Test("edit with a bad setting is command line:N:COLUMN, exit 2, and the file is untouched")
    func badSetting() throws {
        let path = Self.folder("bad") + "/scene.yaml"
        try Self.scene.write(toFile: path, atomically: false, encoding: .utf8)
        let run = try CLIRun.run(["edit", path, "--set", "doubleTap.taps=2", "--set", "nobody.taps=3"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("command line:2:1: --set nobody.taps=3: "), "\(run.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.scene)
    }

    // 1 KiB may be written: a scene of 1,010 bytes that a new line makes longer than that.
    @Test("a write that would pass a full disk's limit leaves the scene as it was, byte for byte: FILE:1:1, exit 2",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"))
    func fullDiskGrowing() throws {
        let path = Self.folder("full") + "/scene.yaml"
        let text = Self.padded(to: 1010)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let run = try CLIRun.run(["edit", path, "--set", "pad.userInteraction=false"], timeout: 60, fileSizeLimitKiB: 1)
        #expect(run.status == 2)
        #expect(run.stderr == "\(path):1:1: cannot write the scene file: \(String(cString: strerror(EFBIG))); it is as it was\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    // A scene already past the limit (3,000 bytes, 1 KiB may be written) whose new text is
    // shorter: the first KiB is written over, the rest fails; the old bytes go back.
    @Test("a write that fails part way leaves the old text: the bytes already written over are put back",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"))
    func fullDiskPartWay() throws {
        let path = Self.folder("partway") + "/scene.yaml"
        let text = Self.scene + "# " + String(repeating: "y", count: 3000 - Self.scene.utf8.count - 3) + "\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let run = try CLIRun.run(["edit", path, "--set", "doubleTap.maximumInterval=0.4"], timeout: 60, fileSizeLimitKiB: 1)
        #expect(run.status == 2)
        #expect(run.stderr == "\(path):1:1: cannot write the scene file: \(String(cString: strerror(EFBIG))); it is as it was\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
