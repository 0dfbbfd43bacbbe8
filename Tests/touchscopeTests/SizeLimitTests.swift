// The window and canvas bounds (README "Limits"): each window side at most 8192 window
// units, each canvas side (window × pixel scale) at most 16384 pixels; beyond, exit 2 at once.
import Foundation
import Testing

@Suite("Command line: window and canvas sizes", .serialized)
struct SizeLimitTests {
    static let evemu = Paths.recordings + "/photo-pan.evemu"

    @Test("--window 16384x16384 --pixel-scale 4 --screenshot is refused with one line and exit 2, before any drawing")
    func hugeTabletScreenshot() throws {
        let shot = Paths.temporary("huge-canvas.png")
        let start = Date()
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless",
                                "--window", "16384x16384", "--pixel-scale", "4", "--screenshot", shot],
                               environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("8192"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shot))
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("--window larger than 8192 a side is refused by run, replay and import", arguments: [
        ["run", "scenes/photo.yaml", "--window", "100000x100000"],
        ["run", "scenes/photo.yaml", "--window", "8193x600"],
        ["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless", "--window", "100000x100000"],
        ["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless", "--window", "800x8193"],
        ["import", Paths.recordings + "/photo-pan.evemu", "--output", Paths.temporary("big-window.jsonl"), "--window", "100000x100000"],
    ])
    func windowTooLarge(arguments: [String]) throws {
        let r = try CLIRun.run(arguments, environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains("--window must be at most 8192x8192"), "\(arguments): \(r.stderr)")
    }

    @Test("import takes a window of 8192x8192, the largest")
    func largestWindow() throws {
        let out = Paths.temporary("largest-window.jsonl")
        let r = try CLIRun.run(["import", Self.evemu, "--output", out, "--window", "8192x8192"])
        #expect(r.status == 0, "\(r.stderr)")
        let first = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").first
        #expect(first?.contains(#""window":[8192,8192]"#) == true)
    }

    @Test("a canvas over 16384 pixels a side (--window times --pixel-scale) is refused with exit 2", arguments: [
        (["--window", "8192x8192", "--pixel-scale", "4"], "32768x32768"),
        (["--window", "4097x100", "--pixel-scale", "4"], "16388x400"),
    ])
    func canvasTooLarge(options: [String], canvas: String) throws {
        let shot = Paths.temporary("canvas-\(canvas).png")
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Paths.recording("photo-pinch"), "--headless",
                                "--screenshot", shot] + options, environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the canvas would be \(canvas) pixels"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shot))
    }

    @Test("a screenshot without --window of a scene wider than 16384 points (no panels) is refused with exit 2")
    func sceneWindowTooLarge() throws {
        let scene = Paths.temporary("wide-scene.yaml")
        try "scene: wide\nwindow: [20000, 600]\nviews:\n  - {id: a, frame: [0, 0, 100, 100]}\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let recording = Paths.temporary("wide-scene.jsonl")
        try "{\"recording\":1,\"window\":[20000,600]}\n{\"t\":0,\"type\":\"finger-down\",\"finger\":1,\"x\":10,\"y\":10}\n{\"t\":0.1,\"type\":\"finger-up\",\"finger\":1,\"x\":10,\"y\":10}\n"
            .write(toFile: recording, atomically: true, encoding: .utf8)
        let shot = Paths.temporary("wide-scene.png")
        let r = try CLIRun.run(["replay", scene, recording, "--headless", "--no-overlays", "--screenshot", shot],
                               environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("the canvas would be 20000x600 pixels (the scene's window"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shot))
    }
}
