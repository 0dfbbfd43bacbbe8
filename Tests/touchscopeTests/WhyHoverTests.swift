// `touchscope why` for hover recognizers: each hover, the rule that ended it, and why one
// never began, with how near the pointer came. Expected values are worked out here from the
// recordings and the scene (a point's distance from a view's rectangle, the kernel's
// event-codes.rst for the pen: BTN_TOOL_PEN in range, BTN_TOUCH touching, ABS_DISTANCE its
// height; UIHoverGestureRecognizer.zOffset: "1 at the maximum distance from the screen and
// approaches 0 as the pointing device gets closer"), never copied from a run.
import Foundation
import Testing

@Suite("touchscope why: hover recognizers", .serialized)
struct WhyHoverTests {
    /// A scene of 800×600: `link` (100, 100, 100×100) with `rollover`, `corner` (700, 500,
    /// 50×50) with `cornerHover`, under them `canvas` filling the window with `pencilHover`.
    static func scene() throws -> String {
        let path = Paths.temporary("why-hover.yaml")
        try """
            scene: why-hover
            window: [800, 600]
            views:
              - id: canvas
                frame: [0, 0, 800, 600]
                recognizers: [{id: pencilHover, type: hover}]
                children:
                  - {id: link, frame: [100, 100, 100, 100], recognizers: [{id: rollover, type: hover}]}
                  - {id: corner, frame: [700, 500, 50, 50], recognizers: [{id: cornerHover, type: hover}]}

            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let pen = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/pen-hover.cintiq-13hd.evemu"

    /// The pen's hover points on the 800×600 window, with their times from the first event:
    /// read from the file's `E:` lines (ABS_X 400…59152, ABS_Y 400…33448 stretched onto the window).
    static func penHovers() throws -> [(t: Double, x: Double, y: Double, z: Double)] {
        let text = try String(contentsOfFile: pen, encoding: .utf8)
        var out: [(t: Double, x: Double, y: Double, z: Double)] = []
        var inRange = false, touching = false, x = 0.0, y = 0.0, d = 0.0, t0: Double?
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let t = Double(f[1]), let type = Int(f[2], radix: 16), let code = Int(f[3], radix: 16), let v = Double(f[4]) else { continue }
            switch (type, code) {
            case (1, 0x140): inRange = v != 0
            case (1, 0x14a): touching = v != 0
            case (3, 0): x = (v - 400) / (59152 - 400) * 800
            case (3, 1): y = (v - 400) / (33448 - 400) * 600
            case (3, 0x19): d = v
            case (0, 0):
                if t0 == nil { t0 = t }
                if inRange && !touching { out.append((t - t0!, x, y, d / 63)) }
            default: break
            }
        }
        return out
    }

    /// A point's distance from a rectangle (0 inside).
    static func distance(_ x: Double, _ y: Double, from r: (x: Double, y: Double, w: Double, h: Double)) -> Double {
        let dx = max(0, r.x - x, x - (r.x + r.w)), dy = max(0, r.y - y, y - (r.y + r.h))
        return (dx * dx + dy * dy).squareRoot()
    }

    func hovers(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["hovers"] as? [[String: Any]])
    }

    @Test("the pen of a real recording: two hovers on the canvas, ended by the pen touching, then by it leaving the range; the corner never hovered, by how near the pen came")
    func penRecording() throws {
        let points = try Self.penHovers()
        let run = try CLIRun.run(["why", try Self.scene(), Self.pen, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let all = try hovers(run.stdout)
        #expect(all.map { $0["id"] as? String } == ["pencilHover", "rollover", "cornerHover"])
        let canvas = try #require(all.first?["hovers"] as? [[String: Any]])
        #expect(canvas.count == 2)
        #expect(canvas.map { $0["rule"] as? String } == ["pointerTouched", "penOutOfRange"])
        #expect(canvas.map { $0["reason"] as? String } == ["ended: the pen touched the screen", "ended: the pen left the range"])
        // Began at the first hover frame, zOffset 31/63; the second after the lift, 20/63.
        #expect((canvas[0]["began"] as? Double) == 0)
        #expect(abs((canvas[0]["zOffset"] as? Double ?? -1) - 31.0 / 63) < 1e-4)
        let afterLift = try #require(points.first { $0.t > 0.03 })
        #expect(abs((canvas[1]["began"] as? Double ?? -1) - afterLift.t) < 1e-6)
        #expect(abs((canvas[1]["zOffset"] as? Double ?? -1) - 20.0 / 63) < 1e-4)
        // The corner: never began; measured the nearest hover point's distance from it.
        let nearest = points.map { Self.distance($0.x, $0.y, from: (700, 500, 50, 50)) }.min()!
        let corner = try #require(all.last?["neverBegan"] as? [String: Any])
        #expect(corner["rule"] as? String == "pointerOver")
        #expect(abs((corner["measured"] as? Double ?? -1) - nearest) < 0.01)
        #expect(corner["limit"] as? Double == 0 && corner["unit"] as? String == "pt")

        let text = try CLIRun.run(["why", try Self.scene(), Self.pen])
        #expect(text.status == 0)
        #expect(text.stdout.contains("\nHovers:\n  pencilHover on canvas: began at 0 s at "), "\(text.stdout)")
        #expect(text.stdout.contains(", rule pointerTouched ("))
        #expect(text.stdout.contains("    ended: the pen touched the screen\n"))
        #expect(text.stdout.contains("  cornerHover on corner: never began, rule pointerOver (measured \(String(format: "%.2f", nearest)) pt, limit 0 pt)\n"),
                "\(text.stdout)")
    }

    @Test("a drag over the link with the button down is a touch, not a hover: never began, the nearest hover and the times over it while touching")
    func buttonWasDown() throws {
        let rec = Paths.temporary("why-hover-drag.jsonl")
        try """
            {"recording":1,"window":[800,600]}
            {"t":0,"type":"mouse-move","x":50,"y":50}
            {"t":0.1,"type":"mouse-down","x":50,"y":50,"button":"left"}
            {"t":0.2,"type":"mouse-move","x":150,"y":150,"button":"left"}
            {"t":0.3,"type":"mouse-move","x":160,"y":150,"button":"left"}
            {"t":0.4,"type":"mouse-up","x":300,"y":300,"button":"left"}

            """.write(toFile: rec, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["why", try Self.scene(), rec])
        #expect(run.status == 0, "\(run.stderr)")
        // (50, 50) is 50 pt left of and 50 pt above link's corner (100, 100): √5000 = 70.71 pt.
        #expect(run.stdout.contains("""
              rollover on link: never began, rule pointerOver (measured 70.71 pt, limit 0 pt)
                no hovering pointer came over link: the nearest was 70.71 pt from it, at 0 s (50, 50); the pointer was over link 2 times while touching (a button down or the pen on the screen): a touch, not a hover

            """), "\(run.stdout)")
        // The canvas under the pointer hovered until the button went down.
        #expect(run.stdout.contains("  pencilHover on canvas: began at 0 s at (50, 50); ended at 0.1 s, rule pointerTouched (0 changes)\n    ended: a button went down\n"),
                "\(run.stdout)")
    }

    @Test("--at: only the hovers under way then (the pen's first hover at 0.01 s, before it touched at 0.027961 s)")
    func atTime() throws {
        let run = try CLIRun.run(["why", try Self.scene(), Self.pen, "--at", "0.01"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("no touch sequence under way at 0.01 s\n\nHovers:\n  pencilHover on canvas: began at 0 s at "), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "pencilHover on canvas").count == 2)
        #expect(!run.stdout.contains("never began"))
    }

    @Test("memory stays bounded: of 300 hovers over the link, the latest 256 are listed and the 44 before counted")
    func manyHovers() throws {
        var text = "{\"recording\":1,\"window\":[800,600]}\n"
        for i in 0..<300 {
            text += "{\"t\":\(Double(i) * 0.02),\"type\":\"mouse-move\",\"x\":150,\"y\":150}\n"
            text += "{\"t\":\(Double(i) * 0.02 + 0.01),\"type\":\"mouse-move\",\"x\":50,\"y\":150}\n"
        }
        let rec = Paths.temporary("why-hover-many.jsonl")
        try text.write(toFile: rec, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["why", try Self.scene(), rec])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  rollover on link: 44 earlier hovers not listed\n"), "\(run.stdout.prefix(600))")
        #expect(run.stdout.components(separatedBy: "  rollover on link: began at").count == 257)
        let json = try CLIRun.run(["why", try Self.scene(), rec, "--json"])
        let link = try #require(try hovers(json.stdout).first { $0["id"] as? String == "rollover" })
        #expect(link["earlierHovers"] as? Int == 44 && (link["hovers"] as? [Any])?.count == 256)
    }

    @Test("a bad pen-hover line stops replay and why with FILE:LINE:COLUMN, exit 2")
    func badLine() throws {
        let rec = Paths.temporary("bad-pen-hover.jsonl")
        try "{\"recording\":1,\"window\":[800,600]}\n{\"t\":0,\"type\":\"pen-hover\",\"x\":10,\"y\":10,\"z\":-0.5}\n"
            .write(toFile: rec, atomically: true, encoding: .utf8)
        // The column is where -0.5 starts, after the 44 characters of `{"t":0,"type":"pen-hover","x":10,"y":10,"z":`.
        let message = "\(rec):2:45: field `z` (the pen's zOffset) must be between 0 and 1, found -0.5"
        for args in [["replay", try Self.scene(), rec, "--headless"], ["why", try Self.scene(), rec]] {
            let run = try CLIRun.run(args)
            #expect(run.status == 2, "\(args[0]): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(args[0]): \(run.stderr)")
        }
    }

    @Test("a scene without hover recognizers: why prints as before, no hover section")
    func noHoverSection() throws {
        let run = try CLIRun.run(["why", Paths.scene("double-tap"), Paths.demoRecordings + "/double-tap.jsonl", "--json"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("hovers"))
    }
}
