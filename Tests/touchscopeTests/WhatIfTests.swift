// What if (issue 30): a setting changed for a run (`replay --set ID.KEY=VALUE`) and two runs
// compared decision by decision (`diff`). The expected outcomes are worked out by hand from
// the recordings, the scene files, SPEC.md (section 5: failure requirements; tap recognizer)
// and Defaults.swift (tapInterval 0.35 s), never copied from a run.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("What if: --set and diff", .serialized)
struct WhatIfTests {
    /// Replays a demo recording into a demo scene with `settings`: its gesture decisions.
    static func decisions(_ scene: String, _ recording: String, _ settings: [String]) throws -> [TraceRecord] {
        let parsed = try settings.map { try SceneSetting(parsing: $0) }
        let description = try SceneLoader.load(path: Paths.scene(scene), settings: parsed)
        let session = SceneSession(scene: description)
        var records: [TraceRecord] = []
        session.app.tracer.sink = TraceCallback { if RunDiff.isDecision($0) { records.append($0) } }
        try Replayer(session: session, recording: try RecordingReader(path: Paths.demoRecordings + "/\(recording).jsonl")).run(until: nil)
        return records
    }

    /// "recognizer from→to @t rule" for each decision.
    static func summary(_ records: [TraceRecord]) -> [String] {
        records.compactMap { r in
            guard case let .gesture(id, _, from, to, _, _) = r.body else { return nil }
            return "\(id.string) \(from.rawValue)→\(to.rawValue) @\(TraceFormat.short(r.t, 3))" + (r.decision.map { " \($0.rule.rawValue)" } ?? "")
        }
    }

    // The double-tap recording: taps at 0.10–0.18 and 0.30–0.38 (0.12 s apart), and one at 2.00–2.08.
    @Test("--set doubleTap.maximumTapInterval=0.05 (a number, named as UIKit names it): the second tap comes too late, singleTap wins both")
    func numberSetting() throws {
        let plain = Self.summary(try Self.decisions("double-tap", "double-tap", []))
        // As the scene file says: the two taps are a double tap (0.12 s < 0.35 s); the lone tap
        // at 2.00 makes doubleTap wait 0.35 s after its lift, then fail, and singleTap recognize.
        #expect(plain == ["doubleTap possible→recognized @0.38 tapCount", "singleTap possible→failed @0.38 failureRequirement",
                          "doubleTap possible→failed @2.43 tapInterval", "singleTap possible→recognized @2.43 tapCount"])
        let changed = Self.summary(try Self.decisions("double-tap", "double-tap", ["doubleTap.maximumTapInterval=0.05"]))
        // 0.05 s after the first lift (0.18) no second tap: doubleTap fails at 0.23, singleTap
        // (which required it to fail) recognizes; the second tap is a new single tap.
        #expect(changed == ["doubleTap possible→failed @0.23 tapInterval", "singleTap possible→recognized @0.23 tapCount",
                            "doubleTap possible→failed @0.43 tapInterval", "singleTap possible→recognized @0.43 tapCount",
                            "doubleTap possible→failed @2.13 tapInterval", "singleTap possible→recognized @2.13 tapCount"])
        // The scene file's own key gives the same run.
        #expect(Self.summary(try Self.decisions("double-tap", "double-tap", ["doubleTap.maximumInterval=0.05"])) == changed)
    }

    @Test("--set of an integer, a boolean, a list of references and the scene's defaults")
    func otherKeyTypes() throws {
        // numberOfTapsRequired=3: two taps are not enough; doubleTap fails 0.35 s after the
        // second lift (0.38 + 0.35), and singleTap, freed, recognizes then.
        #expect(Self.summary(try Self.decisions("double-tap", "double-tap", ["doubleTap.numberOfTapsRequired=3"])).prefix(2)
                == ["doubleTap possible→failed @0.73 tapInterval", "singleTap possible→recognized @0.73 tapCount"])
        // userInteraction=false: the pad takes no touches, so no recognizer sees any (SPEC 2: hit testing skips it).
        #expect(Self.summary(try Self.decisions("double-tap", "double-tap", ["pad.userInteraction=false"])).isEmpty)
        // requireToFail=[]: singleTap no longer waits; it recognizes at the first lift.
        #expect(Self.summary(try Self.decisions("double-tap", "double-tap", ["singleTap.requireToFail=[]"])).first
                == "singleTap possible→recognized @0.18 tapCount")
        // The scene's defaults when no view or recognizer has the id: tapInterval 0.05 for every tap.
        #expect(Self.summary(try Self.decisions("double-tap", "double-tap", ["defaults.tapInterval=0.05"])).first
                == "doubleTap possible→failed @0.23 tapInterval")
    }

    @Test("bad --set: no id, no key, a bad value, an unknown reference: exit 2, `command line:N:COLUMN: --set ...`, the one at fault named")
    func badSettings() throws {
        let base = ["replay", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl", "--headless"]
        let cases: [(String, String, String)] = [
            ("nope.taps=2", "command line:1:1: --set nope.taps=2: ", "`nope`"),
            ("doubleTap.bogus=1", "command line:1:17: --set doubleTap.bogus=1: ", "`bogus`"),
            ("doubleTap.maximumTapInterval=abc", "command line:1:30: --set doubleTap.maximumTapInterval=abc: ", "`abc`"),
            ("singleTap.requireToFail=[ghost]", "command line:1:25: --set singleTap.requireToFail=[ghost]: ", "`ghost`"),
            ("doubleTap=1", "command line:1:1: --set doubleTap=1: ", "ID.KEY=VALUE"),
        ]
        for (setting, start, names) in cases {
            let run = try CLIRun.run(base + ["--set", setting])
            #expect(run.status == 2, "\(setting): exit \(run.status)")
            #expect(run.stderr.hasPrefix(start) && run.stderr.contains(names), "\(setting): \(run.stderr)")
        }
        // The second of two is at fault: it is the one named.
        let second = try CLIRun.run(base + ["--set", "doubleTap.maximumTapInterval=0.05", "--set", "pad.userInteraction=maybe"])
        #expect(second.status == 2)
        #expect(second.stderr.hasPrefix("command line:2:21: --set pad.userInteraction=maybe: "), "\(second.stderr)")
    }

    @Test("diff of a run with itself: the same decisions, exit 0, JSON same true, first null, no sequences")
    func diffSame() throws {
        let run = try CLIRun.run(["diff", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"same":true,"first":null,"sequences":[]}"#)
        let text = try CLIRun.run(["diff", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("The same decisions: 4 in each run."), "\(text.stdout)")
    }

    @Test("diff with one setting changed: exit 1, the first decision that differs with both versions, the sequences whose winners changed")
    func diffOneSetting() throws {
        let run = try CLIRun.run(["diff", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl",
                                  "--set", "doubleTap.maximumTapInterval=0.05", "--json"])
        #expect(run.status == 1, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["same"] as? Bool == false)
        let first = try #require(object["first"] as? [String: Any])
        // A recognizes the double tap at 0.38; B fails it at 0.23: the earlier of the two.
        #expect(first["at"] as? Double == 0.23)
        let a = try #require(first["a"] as? [String: Any]), b = try #require(first["b"] as? [String: Any])
        #expect(a["recognizer"] as? String == "doubleTap" && a["to"] as? String == "recognized" && a["t"] as? Double == 0.38)
        #expect(b["recognizer"] as? String == "doubleTap" && b["to"] as? String == "failed" && b["rule"] as? String == "tapInterval"
                && b["limit"] as? Double == 0.05)
        let sequences = try #require(object["sequences"] as? [[String: Any]])
        // The first two sequences (the two taps) went to doubleTap, now to singleTap; the lone
        // tap at 2.00 went to singleTap either way.
        #expect(sequences.map { $0["start"] as? Double } == [0.1, 0.3])
        #expect(sequences.allSatisfy { $0["winnersA"] as? [String] == ["doubleTap"] && $0["winnersB"] as? [String] == ["singleTap"] })
    }

    @Test("diff of two recordings on one scene: the slow double tap's second tap comes after the 0.35 s interval")
    func diffRecordings() throws {
        let run = try CLIRun.run(["diff", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl",
                                  "scenes/double-tap.yaml", "scenes/recordings/double-tap-slow.jsonl", "--json"])
        #expect(run.status == 1, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let first = try #require(object["first"] as? [String: Any])
        // A: recognized at 0.38. B: the second tap lands at 0.60, after 0.18 + 0.35 = 0.53: failed then.
        #expect(first["at"] as? Double == 0.38)
        let b = try #require(first["b"] as? [String: Any])
        #expect(b["t"] as? Double == 0.53 && b["to"] as? String == "failed" && b["rule"] as? String == "tapInterval")
    }

    @Test("diff with bad input exits 2 with the file and line")
    func diffBadInput() throws {
        let run = try CLIRun.run(["diff", "scenes/double-tap.yaml", "no-such.jsonl"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("no-such.jsonl:1:1: "), "\(run.stderr)")
        let bad = try CLIRun.run(["diff", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl", "--set", "x.y=1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("command line:1:1: --set x.y=1: "), "\(bad.stderr)")
    }

    @Test("replay --expect: every demo recording matches its golden trace (exit 0); another setting makes it differ (exit 1, the first decision named in words)")
    func expectGoldens() throws {
        for (recording, scene) in recordingScenes {
            let run = try CLIRun.run(["replay", "scenes/\(scene).yaml", Paths.recording(recording), "--headless",
                                      "--expect", Paths.golden(recording)])
            #expect(run.status == 0, "\(recording): \(run.stderr)")
            #expect(run.stdout.hasPrefix("the decisions match "), "\(recording): \(run.stdout)")
        }
        let golden = Paths.golden("double-tap")
        let run = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless",
                                  "--expect", golden, "--set", "doubleTap.maximumTapInterval=0.05"])
        #expect(run.status == 1)
        // The golden trace recognizes the double tap at 0.38; with 0.05 s, doubleTap fails at 0.23.
        #expect(run.stderr.hasPrefix("the decisions differ from \(golden) at 0.23 s:"), "\(run.stderr)")
        #expect(run.stderr.contains("expected: 0.38 s doubleTap on pad: possible → recognized"), "\(run.stderr)")
        #expect(run.stderr.contains("this run: 0.23 s doubleTap on pad: possible → failed (tapInterval)"), "\(run.stderr)")
    }

    @Test("replay --expect with a file that is not a trace, or without --headless: exit 2")
    func expectBadInput() throws {
        let bad = Paths.temporary("not-a-trace.jsonl")
        // A gesture line without its fields (a line of a kind this program does not know is a
        // program's own kind, which reads back).
        try Data("{\"t\": 1, \"kind\": \"gesture\", \"recognizer\": \"tap\"}\n".utf8).write(to: URL(fileURLWithPath: bad))
        let run = try CLIRun.run(["replay", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl", "--headless", "--expect", bad])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(bad):1:"), "\(run.stderr)")
        let windowed = try CLIRun.run(["replay", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl", "--expect", bad])
        #expect(windowed.status == 2)
        #expect(windowed.stderr.contains("--expect needs --headless"), "\(windowed.stderr)")
    }

    // long-press-flick: a finger lands at (400, 300) at 0.10 s, flicks 20 pt right and back
    // (0.120: 400, 0.125: 420, 0.130: 400) and lifts at 1.00 s, on the long-press scene
    // (press: 0.5 s, allowableMovement 10; drag: a pan, slop 10 pt, simultaneous with press).
    // Ticks of 60 Hz (0.1167, 0.1333) and 90 Hz (0.1222: 408.9 pt, 0.1333) miss the flick:
    // the finger never moves 10 pt, so press recognizes at 0.60. 120 Hz (0.125) and 240 Hz
    // (0.1208, 0.125) catch it at 420: 20 pt, past both the press's movement and the pan's
    // slop, so press fails and drag begins.
    @Test("sweep on a recording whose winner changes between 60 and 240 Hz: press at 60 and 90, drag at 120 and 240, not stable")
    func sweepChanges() throws {
        let run = try CLIRun.run(["sweep", "scenes/long-press.yaml", Paths.recording("long-press-flick"), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["rates"] as? [Int] == [60, 90, 120, 240])
        let sequences = try #require(object["sequences"] as? [[String: Any]])
        #expect(sequences.count == 1)
        let winners = try #require(sequences.first?["winners"] as? [String: [String]])
        #expect(winners == ["60": ["press"], "90": ["press"], "120": ["drag"], "240": ["drag"]])
        #expect(sequences.first?["stable"] as? Bool == false)
        #expect(sequences.first?["start"] as? Double == 0.1)
    }

    @Test("sweep on a recording whose winners hold: the double tap's sequences have the same winners at every rate")
    func sweepStable() throws {
        let run = try CLIRun.run(["sweep", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl", "--json", "--rates", "30,60,240"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sequences = try #require(object["sequences"] as? [[String: Any]])
        // The fingers never move: a rate changes nothing. Two taps 0.12 s apart (a double tap),
        // then a lone tap at 2.00 (singleTap, once doubleTap's 0.35 s ran out).
        #expect(sequences.map { ($0["winners"] as? [String: [String]])?["60"] ?? [] } == [["doubleTap"], ["doubleTap"], ["singleTap"]])
        #expect(sequences.allSatisfy { $0["stable"] as? Bool == true })
        let text = try CLIRun.run(["sweep", "scenes/long-press.yaml", Paths.recording("long-press-flick")])
        #expect(text.stdout.hasPrefix("Sequence 1 at 0.1 s: depends on the rate:\n  60 Hz: press\n"), "\(text.stdout)")
    }

    @Test("sweep with bad rates or jitter exits 2")
    func sweepBadInput() throws {
        for args in [["--rates", "60,x"], ["--rates", "0"], ["--jitter", "-1"]] {
            let run = try CLIRun.run(["sweep", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl"] + args)
            #expect(run.status == 2, "\(args): \(run.stderr)")
        }
        let missing = try CLIRun.run(["sweep", "scenes/double-tap.yaml", "no-such.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("no-such.jsonl:1:1: "), "\(missing.stderr)")
    }

    @Test("resampling keeps landings and lifts, puts one move on every tick between them at the path's place, and jitters the same way for the same seed")
    func resampling() throws {
        let recorded = [
            RawInput(t: 0.1, .fingerDown(finger: 1, x: 0, y: 0)),
            RawInput(t: 0.3, .keyDown(key: "A")),
            RawInput(t: 0.5, .fingerMove(finger: 1, x: 100, y: 40)),
            RawInput(t: 0.6, .fingerUp(finger: 1, x: 100, y: 40)),
        ]
        let at10 = Resample.inputs(recorded, rate: 10)
        // Ticks of 10 Hz strictly between 0.1 and 0.6: 0.2, 0.3, 0.4, 0.5; on the way from
        // (0, 0) at 0.1 to (100, 40) at 0.5, at 0.2 the finger is a quarter of the way.
        let moves = at10.compactMap { i -> (Double, Double, Double)? in
            if case let .fingerMove(_, x, y, _, _) = i.kind { return (i.t, x, y) } else { return nil }
        }
        #expect(moves.map(\.0) == [0.2, 0.3, 0.4, 0.5])
        #expect(abs(moves[0].1 - 25) < 1e-9 && abs(moves[0].2 - 10) < 1e-9)
        #expect(abs(moves[3].1 - 100) < 1e-9)
        #expect(at10.first == recorded[0] && at10.last == recorded[3])
        #expect(at10.contains(recorded[1]), "a key is kept")
        #expect(zip(at10, at10.dropFirst()).allSatisfy { $0.t <= $1.t })
        let a = Resample.inputs(recorded, rate: 100, jitter: 0.003, seed: 7)
        let b = Resample.inputs(recorded, rate: 100, jitter: 0.003, seed: 7)
        let c = Resample.inputs(recorded, rate: 100, jitter: 0.003, seed: 8)
        #expect(a == b)
        #expect(a != c)
        let plain = Resample.inputs(recorded, rate: 100).filter { if case .fingerMove = $0.kind { true } else { false } }
        let jittered = a.filter { if case .fingerMove = $0.kind { true } else { false } }
        #expect(plain.count >= jittered.count - 1 && plain.count <= jittered.count + 1)
        #expect(zip(plain, jittered).allSatisfy { abs($0.t - $1.t) <= 0.003 + 1e-9 })
        #expect(jittered.allSatisfy { $0.t > 0.1 && $0.t < 0.6 })
    }

    // scenes/hit-test.yaml (SPEC.md section 2's figure), in window points: A fills the window;
    // B (40..340, 40..280) holds I, whose frame (290..440, 240..340) sticks out of B; G
    // (40..180, 320..560) is hidden, H (200..340, 320..560) has interaction off; C (380..760,
    // 40..560) holds D (400..740, 60..280) and E (400..740, 300..540).
    @Test("hitmap of the hit-test scene: each cell's view as SPEC.md's hit test gives it, the marks with why, and the rows' shape")
    func hitMap() throws {
        let run = try CLIRun.run(["hitmap", "scenes/hit-test.yaml", "--json", "--step", "10"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["window"] as? [String: Double]) == ["width": 800, "height": 600])
        #expect(object["step"] as? Double == 10)
        let rows = try #require(object["rows"] as? [[Any]])
        #expect(rows.count == 60 && rows.allSatisfy { $0.count == 80 })
        func at(_ x: Double, _ y: Double) -> String? { rows[Int(y / 10)][Int(x / 10)] as? String }
        #expect(at(100, 100) == "B")
        #expect(at(300, 250) == "I")          // I inside B
        #expect(at(300, 300) == "A")          // I outside B: never hit there
        #expect(at(100, 400) == "A")          // G hidden
        #expect(at(250, 400) == "A")          // H: interaction off
        #expect(at(390, 50) == "C")
        #expect(at(500, 100) == "D")
        #expect(at(500, 400) == "E")
        #expect(at(790, 590) == "A")
        let marks = try #require(object["marks"] as? [[String: Any]])
        #expect(marks.map { "\($0["view"] ?? ""): \($0["why"] ?? "")" } == ["I: outside B", "G: hidden", "H: userInteraction off"])
        #expect(marks.first?["rect"] as? [Double] == [290, 240, 150, 100])
        // A step of 100: the cells' centres (50, 50), (150, 50), … hand-checked against the frames.
        let coarse = try CLIRun.run(["hitmap", "scenes/hit-test.yaml", "--json", "--step", "100"])
        let c = try #require(try JSONSerialization.jsonObject(with: Data(coarse.stdout.utf8)) as? [String: Any])
        #expect(c["rows"] as? [[String]] == [["B", "B", "B", "A", "C", "C", "C", "C"], ["B", "B", "B", "A", "D", "D", "D", "C"],
                                             ["B", "B", "B", "A", "D", "D", "D", "C"], ["A", "A", "A", "A", "E", "E", "E", "C"],
                                             ["A", "A", "A", "A", "E", "E", "E", "C"], ["A", "A", "A", "A", "C", "C", "C", "C"]])
    }

    @Test("hitmap names the recognizers along the way, writes a PNG, and refuses a bad step with exit 2")
    func hitMapRecognizersAndPNG() throws {
        // double-tap.yaml: the pad (100..700, 100..500) carries doubleTap and singleTap; outside it the window.
        let run = try CLIRun.run(["hitmap", "scenes/double-tap.yaml", "--json", "--step", "50", "--png", Paths.temporary("hitmap.png")])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["recognizers"] as? [String: [String]] == ["pad": ["doubleTap", "singleTap"]])
        let rows = try #require(object["rows"] as? [[Any]])
        #expect(rows[0][0] is NSNull)
        #expect(rows[5][7] as? String == "pad")
        let png = try Data(contentsOf: URL(fileURLWithPath: Paths.temporary("hitmap.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        for step in ["0", "-3", "2000"] {
            let bad = try CLIRun.run(["hitmap", "scenes/hit-test.yaml", "--step", step])
            #expect(bad.status == 2, "--step \(step)")
        }
    }
}
