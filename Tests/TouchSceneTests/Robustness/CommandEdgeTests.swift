// The edges of the newer commands, run as a user runs the binary: a `--set` value nested
// 5,000 deep is refused as a scene file's nesting is (no stack overflow), a message repeats at
// most 60 characters of an argument, 10,000 `--set` options take under a second, and
// `hitmap --png` of a scene 16384 or 20000 points square writes a PNG at most 4096 px on its
// longer side within 256 MiB. The limits are SceneLimits.maxYAMLDepth (200) and the README's
// "at most 60 characters of a value".
import Foundation
import Testing
@testable import TouchScene

@Suite("Edges of --set and hitmap", .serialized)
struct CommandEdgeTests {
    static let scene = Paths.root + "/scenes/double-tap.yaml"
    static let recording = Paths.root + "/scenes/recordings/double-tap.jsonl"

    @Test("a --set value nested 5,000 deep is refused at the 201st level, as a scene file's nesting is: exit 2, no signal")
    func deepValue() {
        let value = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let run = ChildRun.run(["replay", Self.scene, Self.recording, "--headless", "--set", "doubleTap.taps=" + value])
        #expect(!run.signalled && run.status == 2, "status \(run.status), signalled \(run.signalled)")
        // The value starts at column 16 of the argument; its 201st `[` is 200 further.
        #expect(run.stderr == "command line:1:216: --set doubleTap.taps=" + String(repeating: "[", count: 45)
                + "…: YAML nested deeper than 200 levels; refused (the limit for --set values)\n", "\(run.stderr.prefix(300))")
        // The same for `edit`, which writes the value into the file: refused, the file untouched.
        let copy = Paths.temporary("edge-deep-\(UUID().uuidString.prefix(6)).yaml")
        try? FileManager.default.removeItem(atPath: copy)
        try? FileManager.default.copyItem(atPath: Self.scene, toPath: copy)
        let edit = ChildRun.run(["edit", copy, "--set", "doubleTap.taps=" + value])
        #expect(!edit.signalled && edit.status == 2 && edit.stderr.hasPrefix("command line:1:216: "), "\(edit.stderr.prefix(300))")
        #expect((try? String(contentsOfFile: copy, encoding: .utf8)) == (try? String(contentsOfFile: Self.scene, encoding: .utf8)))
    }

    @Test("a message about a 120 KB argument repeats at most 60 characters of it")
    func longArgument() {
        let long = String(repeating: "x", count: 120_000)
        // A bad value: the argument cut after 60 characters, the value as a scene file's
        // message cuts a found value (after 40).
        let value = ChildRun.run(["replay", Self.scene, Self.recording, "--headless", "--set", "doubleTap.taps=" + long])
        #expect(value.status == 2)
        #expect(value.stderr == "command line:1:16: --set doubleTap.taps=" + String(repeating: "x", count: 45)
                + "…: expected a whole number for `taps`, found `" + String(repeating: "x", count: 40) + "…`\n",
                "\(value.stderr.prefix(400))")
        // An unknown id, and a value that is not YAML.
        let id = ChildRun.run(["replay", Self.scene, Self.recording, "--headless", "--set", long + ".taps=2"])
        #expect(id.status == 2 && id.stderr.count < 400 && !id.stderr.contains(String(repeating: "x", count: 61)), "\(id.stderr.prefix(400))")
        let yaml = ChildRun.run(["replay", Self.scene, Self.recording, "--headless", "--set", "doubleTap.taps=[" + long])
        #expect(yaml.status == 2 && yaml.stderr.count < 400 && !yaml.stderr.contains(String(repeating: "x", count: 61)), "\(yaml.stderr.prefix(400))")
        // An unknown option of 120 KB: ArgumentParser's message, the option cut.
        let option = ChildRun.run(["replay", Self.scene, Self.recording, "--" + long])
        #expect(option.status == 2 && option.stderr.count < 400 && !option.stderr.contains(String(repeating: "x", count: 61)),
                "\(option.stderr.prefix(400))")
        // At once: no search for a near option name (ArgumentParser's took seconds at 120 KB).
        #expect(option.seconds < 1 * testTimeScale, "\(option.seconds) s")
    }

    @Test("10,000 --set options take under a second, and the one that breaks the scene is still named")
    func manySettings() {
        var args = ["replay", Self.scene, Self.recording, "--headless"]
        for i in 0..<10_000 { args += ["--set", i % 2 == 0 ? "doubleTap.maximumInterval=0.\(30 + i % 20)" : "pad.userInteraction=true"] }
        // CPU time (the child's own, from wait4): the suite runs tests side by side on a
        // shared machine, which stretches wall time but not what the run itself costs.
        var best = Double.infinity, wall = Double.infinity
        for _ in 0..<3 {
            let run = ChildRun.run(args)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            best = min(best, run.cpuSeconds)
            wall = min(wall, run.seconds)
        }
        #expect(best < 1 * testTimeScale, "10,000 --set took \(best) s of CPU (\(wall) s)")
        // The 7,001st sets taps to 0 (taps must be at least 1): named by its place.
        args[4 + 2 * 7000 + 1] = "doubleTap.taps=0"
        let bad = ChildRun.run(args)
        #expect(bad.status == 2 && bad.stderr.hasPrefix("command line:7001:16: --set doubleTap.taps=0: "), "\(bad.stderr.prefix(300))")
        #expect(bad.cpuSeconds < 2 * testTimeScale, "\(bad.cpuSeconds) s of CPU (\(bad.seconds) s)")
    }

    @Test("hitmap --png of a 16384 and a 20000 point square scene: a PNG of 4096 px on its longer side, in under 256 MiB",
          .disabled(if: underSanitizer, "peak RSS under a sanitizer counts its shadow memory and quarantine"),
          arguments: [(16384, 16384), (20000, 6000)])
    func bigHitMap(width: Int, height: Int) throws {
        let scene = Paths.temporary("edge-hitmap-\(width).yaml")
        try """
            scene: big
            window: [\(width), \(height)]
            views:
              - id: a
                frame: [0, 0, \(width), \(height)]
                children:
                  - id: b
                    frame: [100, 100, 5000, 3000]
                    recognizers:
                      - {id: t, type: tap}
                  - id: c
                    frame: [-50, 800, 400, 400]

            """.write(toFile: scene, atomically: true, encoding: .utf8)
        let png = Paths.temporary("edge-hitmap-\(width).png")
        let run = PeakRun.run(["hitmap", scene, "--step", "20", "--png", png], timeout: 30 * testTimeScale)
        #expect(!run.signalled && run.status == 0, "\(run.stderr.prefix(300))")
        #expect(run.peakKiB < 256 * 1024, "peak RSS \(run.peakKiB / 1024) MiB")
        let head = try #require(FileHandle(forReadingAtPath: png)).readData(ofLength: 24)
        let w = head[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        // Scaled by 4096 / the longer side, rounded.
        #expect(w == 4096 && h == Int((Double(height) * 4096 / Double(width)).rounded()), "\(w)×\(h)")
    }
}
