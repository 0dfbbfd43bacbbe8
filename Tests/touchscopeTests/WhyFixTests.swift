// why --fix: the smallest single change that makes a losing recognizer win its sequence,
// verified by a replay, with the other sequences whose winners change. The fixes expected
// here are worked out by hand from the recordings, the scenes, SPEC.md and the what-if
// editor's steps (0.05 s for times, 50 pt/s for a swipe's speed), then checked independently
// with `replay --set`.
import Foundation
import Testing
import TouchCore

/// `why --fix --json`'s fixes, parsed.
private func fixes(_ args: [String]) throws -> [[String: Any]] {
    let run = try CLIRun.run(["why"] + args + ["--fix", "--json"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    #expect(Array(object.keys) == ["fixes"])
    return try #require(object["fixes"] as? [[String: Any]])
}

/// The gesture transitions of a headless replay with `settings`, as `RECOGNIZER FROM>TO` lines.
private func transitions(_ scene: String, _ recording: String, _ settings: [String]) throws -> [String] {
    let trace = Paths.temporary("fix-\(UUID().uuidString).jsonl")
    defer { unlink(trace) }
    let run = try CLIRun.run(["replay", scene, recording, "--headless", "--trace", trace] + settings.flatMap { ["--set", $0] })
    #expect(run.status == 0, "\(run.stderr)")
    return try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").compactMap { line in
        guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], o["kind"] as? String == "gesture" else { return nil }
        return "\(o["recognizer"] ?? "") \(o["from"] ?? "")>\(o["to"] ?? "")"
    }
}

@Suite("why --fix")
struct WhyFixTests {
    @Test("a slow double tap: the interval moved past the 0.42 s gap in 0.05 s steps, 0.45; verified; the second tap's sequence changes too")
    func slowDoubleTap() throws {
        // double-tap-slow: lifts at 0.18, lands again at 0.6: a gap of 0.42 s against 0.35 s.
        // 0.40 is still short of it; 0.45 is the least step past it. Then both taps are one
        // double tap: sequence 2's winner goes from singleTap to doubleTap as well.
        let f = try fixes(["scenes/double-tap.yaml", "scenes/recordings/double-tap-slow.jsonl"])
        let first = try #require(f.first { $0["sequence"] as? Int == 1 })
        #expect(first["recognizer"] as? String == "doubleTap")
        #expect(first["set"] as? String == "doubleTap.maximumInterval=0.45")
        #expect(first["from"] as? Double == 0.35 && first["to"] as? Double == 0.45)
        #expect(first["verified"] as? Bool == true)
        let changes = try #require(first["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["recording"] as? String == "scenes/recordings/double-tap-slow.jsonl")
        #expect(changes.first?["start"] as? Double == 0.6)
        #expect(changes.first?["winnersBefore"] as? [String] == ["singleTap"])
        #expect(changes.first?["winnersAfter"] as? [String] == ["doubleTap"])
        // Checked apart from why: 0.45 makes the double tap, 0.40 does not.
        #expect(try transitions("scenes/double-tap.yaml", "scenes/recordings/double-tap-slow.jsonl", ["doubleTap.maximumInterval=0.45"])
            .contains("doubleTap possible>recognized"))
        #expect(try !transitions("scenes/double-tap.yaml", "scenes/recordings/double-tap-slow.jsonl", ["doubleTap.maximumInterval=0.4"])
            .contains("doubleTap possible>recognized"))
    }

    @Test("a finger's tap on a pencil-only recognizer: direct added to allowedTouchTypes, verified; a pen followed first: requiresExclusiveTouchType off")
    func touchTypeFix() throws {
        // UIKit: a recognizer analyses only the touches whose type is in allowedTouchTypes, and
        // with requiresExclusiveTouchType (default YES, UIGestureRecognizer.h) "ignores new
        // touches whose type doesn't match the type of the initial touch". So a finger's tap on
        // penTap ([pencil]) is won once direct is allowed; twoFingers (two taps' worth of
        // touches, a pen first, then a finger) wins once the exclusive type is off.
        let scene = Paths.temporary("fix-types-\(UUID().uuidString).yaml")
        let recording = Paths.temporary("fix-types-\(UUID().uuidString).jsonl")
        defer { unlink(scene); unlink(recording) }
        try """
            scene: types
            window: [800, 600]
            views:
              - id: canvas
                frame: [0, 0, 400, 600]
                recognizers:
                  - id: penTap
                    type: tap
                    allowedTouchTypes: [pencil]
              - id: pad
                frame: [400, 0, 400, 600]
                recognizers:
                  - id: twoFingers
                    type: tap
                    touches: 2

            """.write(toFile: scene, atomically: true, encoding: .utf8)
        try """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":200,"y":300,"raw":{"tool":0}}
            {"t":0.15,"type":"finger-up","finger":1,"x":200,"y":300,"raw":{"tool":0}}
            {"t":2.0,"type":"finger-down","finger":2,"x":500,"y":300,"raw":{"tool":1}}
            {"t":2.01,"type":"finger-down","finger":3,"x":600,"y":300,"raw":{"tool":0}}
            {"t":2.05,"type":"finger-up","finger":2,"x":500,"y":300,"raw":{"tool":1}}
            {"t":2.06,"type":"finger-up","finger":3,"x":600,"y":300,"raw":{"tool":0}}

            """.write(toFile: recording, atomically: true, encoding: .utf8)
        let f = try fixes([scene, recording])
        let pen = try #require(f.first { $0["recognizer"] as? String == "penTap" }, "\(f)")
        #expect(pen["sequence"] as? Int == 1)
        #expect(pen["set"] as? String == "penTap.allowedTouchTypes=[pencil, direct]")
        #expect(pen["from"] as? [String] == ["pencil"] && pen["to"] as? [String] == ["pencil", "direct"])
        #expect(pen["verified"] as? Bool == true)
        let two = try #require(f.first { $0["recognizer"] as? String == "twoFingers" }, "\(f)")
        #expect(two["sequence"] as? Int == 2)
        #expect(two["set"] as? String == "twoFingers.requiresExclusiveTouchType=false")
        #expect(two["verified"] as? Bool == true)
        // Checked apart from why: with each setting the recognizer recognizes, without it not.
        #expect(try !transitions(scene, recording, []).contains("penTap possible>recognized"))
        #expect(try transitions(scene, recording, ["penTap.allowedTouchTypes=[pencil, direct]"]).contains("penTap possible>recognized"))
        #expect(try !transitions(scene, recording, []).contains("twoFingers possible>recognized"))
        #expect(try transitions(scene, recording, ["twoFingers.requiresExclusiveTouchType=false"]).contains("twoFingers possible>recognized"))
    }

    @Test("a too-short long press: held 0.3 s of 0.5; the duration stepped down to the least that begins, 0.3; the pan has no single fix")
    func tooShortLongPress() throws {
        // long-press-early: lands at 0.1, lifts at 0.4 without moving. A duration of 0.3 is due
        // at 0.4, the lift's own time: a timer due at an input's instant fires with it (the
        // replayer's documented rule), so the press begins; 0.35 is later than the lift.
        let f = try fixes(["scenes/long-press.yaml", "scenes/recordings/long-press-early.jsonl"])
        let press = try #require(f.first { $0["recognizer"] as? String == "press" })
        #expect(press["set"] as? String == "press.duration=0.3")
        #expect(press["from"] as? Double == 0.5 && press["to"] as? Double == 0.3)
        #expect(press["verified"] as? Bool == true)
        #expect((press["changes"] as? [Any])?.isEmpty == true)
        #expect(try transitions("scenes/long-press.yaml", "scenes/recordings/long-press-early.jsonl", ["press.duration=0.3"]).contains("press possible>began"))
        #expect(try !transitions("scenes/long-press.yaml", "scenes/recordings/long-press-early.jsonl", ["press.duration=0.35"]).contains("press possible>began"))
        // The pan never moved: no slop, however small, makes it begin.
        let drag = try #require(f.first { $0["recognizer"] as? String == "drag" })
        #expect(drag["set"] is NSNull && drag["verified"] as? Bool == false)
        #expect((drag["none"] as? String)?.hasPrefix("no single setting") == true)
    }

    @Test("a swipe held by a pan: it lost by exclusivity; the fix is the pan requiring the swipe to fail; a slow stroke has no single fix")
    func swipeHeldByPan() throws {
        // swipe-pan.yaml without the pan's requirement: the fast stroke moves 40 pt at 0.12, past
        // the pan's 10 pt slop and short of the swipe's 50 pt, so the pan begins and the swipe
        // fails by exclusivity (SPEC 5). With pan.requireToFail=[swipe] the swipe recognizes at
        // 80 pt (the scene as shipped). The slow stroke is under the swipe's 200 pt/s: no
        // requirement or simultaneity makes it a swipe.
        let scene = Paths.temporary("swipe-no-requirement.yaml")
        let text = try String(contentsOfFile: Paths.scene("swipe-pan"), encoding: .utf8)
        #expect(text.contains("        requireToFail: [swipe]\n"))
        try text.replacingOccurrences(of: "        requireToFail: [swipe]\n", with: "").write(toFile: scene, atomically: true, encoding: .utf8)
        let f = try fixes([scene, "scenes/recordings/swipe-pan.jsonl"])
        let fast = try #require(f.first { $0["sequence"] as? Int == 1 && $0["recognizer"] as? String == "swipe" })
        #expect(fast["set"] as? String == "pan.requireToFail=[swipe]")
        #expect(fast["from"] as? [String] == [] && fast["to"] as? [String] == ["swipe"])
        #expect(fast["verified"] as? Bool == true)
        #expect((fast["changes"] as? [Any])?.isEmpty == true, "the slow stroke goes to the pan either way")
        let slow = try #require(f.first { $0["sequence"] as? Int == 2 && $0["recognizer"] as? String == "swipe" })
        #expect(slow["set"] is NSNull)
        #expect(slow["none"] as? String == "no single setting: it lost to pan by exclusivity")
        let words = try CLIRun.run(["why", scene, "scenes/recordings/swipe-pan.jsonl", "--fix"])
        #expect(words.stdout.contains("  Fix: pan.requireToFail=[swipe] (was []), verified by replay\n"), "\(words.stdout)")
    }

    @Test("--fix --suite: each fix replayed over the suite, counting the other recordings whose winners change")
    func suite() throws {
        let dir = Paths.temporary("fix-suite")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A copy of the slow double tap changes with the fix; the quick one (taps 0.12 s apart,
        // then a tap 1.62 s after) and the swipe (another scene) do not.
        for name in ["double-tap", "double-tap-slow", "swipe-pan"] {
            try FileManager.default.copyItem(atPath: Paths.demoRecordings + "/\(name).jsonl", toPath: dir + "/\(name).jsonl")
        }
        try FileManager.default.copyItem(atPath: Paths.demoRecordings + "/double-tap-slow.jsonl", toPath: dir + "/copy.jsonl")
        let f = try fixes(["scenes/double-tap.yaml", dir + "/double-tap-slow.jsonl", "--suite", dir])
        let first = try #require(f.first { $0["sequence"] as? Int == 1 })
        let suite = try #require(first["suite"] as? [String: Int])
        #expect(suite == ["changed": 1, "of": 3])
        let changes = try #require(first["changes"] as? [[String: Any]])
        #expect(changes.contains { $0["recording"] as? String == dir + "/copy.jsonl" && $0["sequence"] as? Int == 1 && $0["start"] is NSNull })
        let text = try CLIRun.run(["why", "scenes/double-tap.yaml", dir + "/double-tap-slow.jsonl", "--fix", "--suite", dir])
        #expect(text.stdout.contains("  Suite: fixes sequence 1; changes 1 of 3 other recordings\n"), "\(text.stdout)")
        let bad = try CLIRun.run(["why", "scenes/double-tap.yaml", dir + "/double-tap-slow.jsonl", "--suite", dir])
        #expect(bad.status == 2 && bad.stderr.contains("--suite is for --fix"), "\(bad.stderr)")
    }
}

@Suite("why on a long recording")
struct WhyLongRecordingTests {
    @Test("300 lone taps 1 s apart: why prints 300 sequences, numbered in order, each won by the single tap (printed as they become final)")
    func manySequences() throws {
        // Each tap is alone: the double tap's 0.35 s interval runs out before the next (SPEC 5),
        // so the single tap, which waited for it, recognizes. More sequences than the verdicts
        // kept at once, so the printed ones are forgotten on the way.
        var text = "{\"recording\":1,\"window\":[800,600]}\n"
        for k in 0..<300 {
            let t = 0.1 + Double(k)
            text += "{\"t\":\(t),\"type\":\"finger-down\",\"finger\":1,\"x\":400,\"y\":300}\n"
            text += "{\"t\":\(t + 0.08),\"type\":\"finger-up\",\"finger\":1,\"x\":400,\"y\":300}\n"
        }
        let path = Paths.temporary("why-300.jsonl")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["why", "scenes/double-tap.yaml", path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sequences = try #require(object["sequences"] as? [[String: Any]])
        #expect(sequences.count == 300)
        #expect(sequences.allSatisfy { $0["winners"] as? [String] == ["singleTap"] })
        #expect(zip(sequences, 0..<300).allSatisfy { abs(($0.0["start"] as? Double ?? -1) - (0.1 + Double($0.1))) < 1e-9 })
        let words = try CLIRun.run(["why", "scenes/double-tap.yaml", path])
        #expect(words.stdout.contains("\nSequence 300: 299.1 s to 299.18 s, touch 300 on pad\n  winner: singleTap\n"), "\(words.stdout.suffix(400))")
    }
}

@Suite("sweep on a long hold")
struct SweepHoldTests {
    @Test("a finger held 20,000 s sweeps at every rate, and at 10,000 Hz, in seconds: the press wins; a resting finger reports nothing")
    func hold() throws {
        // The finger lands at (400, 300) and lifts there 20,000 s later: on long-press.yaml the
        // press begins after its 0.5 s at every rate (the finger never moves), and the pan never
        // reaches its slop. A touchscreen reports no change, so no rate adds a sample.
        let path = Paths.temporary("hold-20000.jsonl")
        try """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}
            {"t":20000.1,"type":"finger-up","finger":1,"x":400,"y":300}

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let start = Date()
        let run = try CLIRun.run(["sweep", "scenes/long-press.yaml", path, "--json"], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sequences = try #require(object["sequences"] as? [[String: Any]])
        #expect(sequences.count == 1)
        #expect(sequences.first?["winners"] as? [String: [String]] == ["60": ["press"], "90": ["press"], "120": ["press"], "240": ["press"]])
        let fast = try CLIRun.run(["sweep", "scenes/long-press.yaml", path, "--rates", "10000"], timeout: 30)
        #expect(fast.status == 0, "\(fast.stderr)")
        #expect(fast.stdout.contains("stable: press at 10000 Hz"), "\(fast.stdout)")
        // 16 s and more than a gigabyte before a resting finger stopped reporting; now well under.
        let scale = ProcessInfo.processInfo.environment["TOUCHSCOPE_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1
        #expect(Date().timeIntervalSince(start) < 10 * scale)
    }
}
