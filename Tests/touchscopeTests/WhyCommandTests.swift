// touchscope why: every demo recording's verdicts against what SPEC.md and the scene files say
// must happen in it; the text a person reads; --at; a program built with the host library;
// bad input. The expected sequences are written by hand from each recording's input, the
// scene file, SPEC.md and Defaults.swift (the reasoning is in Expectations/NAME.expect), never
// copied from a run. The rule names are those Decision.swift documents.
import Foundation
import Testing
@testable import TouchScene
@testable import TouchScopeKit

/// What one recognizer of a sequence must come to.
private struct R {
    var id: String
    var outcome: String
    /// The rule that must have decided (nil: not checked: the recording shows no decisive one).
    var rule: String? = nil
    var at: Double? = nil
    var measured: Double?? = nil
    var limit: Double? = nil
    var unit: String? = nil
    var waitedFor: [String]? = nil
}

/// What one touch sequence must come to: its span, touches and the views hit, and every
/// recognizer that analysed its touches (the winners are those that recognized or began).
private struct S {
    var start: Double
    var end: Double
    var touches: [(Int, String)]
    var recognizers: [R] = []
    var winners: [String] { recognizers.filter { $0.outcome == "recognized" || $0.outcome == "began" }.map(\.id) }
}

/// A tap of 0.08 s (the recordings' taps) on `view`, with no recognizer.
private func tap(_ t: Double, _ id: Int, _ view: String, lift: Double = 0.08) -> S {
    S(start: t, end: t + lift, touches: [(id, view)])
}

/// Every demo recording (`recordingScenes`), and its sequences.
private let expected: [String: [S]] = [
    // Only A handles touches; no recognizer anywhere.
    "hit-test": [tap(0.1, 1, "E"), tap(1, 2, "B"), tap(2, 3, "A")],
    // The button's tap is the control's default action (SPEC 5): panelTap does not analyse it.
    "controls": [tap(0.1, 1, "button"),
                 S(start: 1, end: 1.08, touches: [(2, "panel")], recognizers: [R(id: "panelTap", outcome: "recognized", at: 1.08)])],
    "media": [tap(1, 1, "playButton")],
    // Two fingers spread 100 pt to 200 pt: the pinch (8 pt threshold) begins at 0.15; the
    // angle and centroid never change, so rotate and pan never reach their slop.
    "photo-pinch": [S(start: 0.1, end: 0.7, touches: [(1, "photo"), (2, "photo")], recognizers: [
        R(id: "pinch", outcome: "began", rule: "slop", at: 0.15),
        R(id: "rotate", outcome: "neverBegan", rule: "slop", at: 0.7),
        R(id: "pan", outcome: "neverBegan", rule: "slop", at: 0.7)])],
    "photo-rotate": [S(start: 0.1, end: 0.7, touches: [(1, "photo"), (2, "photo")], recognizers: [
        R(id: "pinch", outcome: "neverBegan", rule: "slop", at: 0.7),
        R(id: "rotate", outcome: "began", rule: "slop", at: 0.15),
        R(id: "pan", outcome: "neverBegan", rule: "slop", at: 0.7)])],
    // One finger: the pan begins past its 10 pt slop; pinch and rotate (two touches) never begin.
    "photo-pan": [S(start: 0.1, end: 0.62, touches: [(1, "photo")], recognizers: [
        R(id: "pinch", outcome: "neverBegan", at: 0.62),
        R(id: "rotate", outcome: "neverBegan", at: 0.62),
        R(id: "pan", outcome: "began", rule: "slop", at: 0.15)])],
    // The Alt-drag's mirrored second finger is touch 2.
    "photo-alt-drag": [S(start: 0.1, end: 0.7, touches: [(1, "photo"), (2, "photo")], recognizers: [
        R(id: "pinch", outcome: "began", rule: "slop", at: 0.15),
        R(id: "rotate", outcome: "neverBegan", rule: "slop", at: 0.7),
        R(id: "pan", outcome: "neverBegan", rule: "slop", at: 0.7)])],
    // One double-tap attempt spans both taps' sequences (issue 27: an attempt belongs to every
    // sequence whose touches it analysed).
    // A decision a move causes happens at the frame that delivers the move: the headless
    // replay's, the first multiple of 1/120 s at or after the sample (3.08 s: 370/120).
    "delivery": [
        S(start: 0.1, end: 0.18, touches: [(1, "delayed")], recognizers: [R(id: "delayedDoubleTap", outcome: "recognized", rule: "tapCount", at: 0.38)]),
        S(start: 0.3, end: 0.38, touches: [(2, "delayed")], recognizers: [R(id: "delayedDoubleTap", outcome: "recognized", at: 0.38)]),
        S(start: 1.5, end: 1.58, touches: [(3, "immediate")], recognizers: [R(id: "immediateDoubleTap", outcome: "recognized", at: 1.78)]),
        S(start: 1.7, end: 1.78, touches: [(4, "immediate")], recognizers: [R(id: "immediateDoubleTap", outcome: "recognized", at: 1.78)]),
        S(start: 3, end: 3.42, touches: [(5, "panCancels")], recognizers: [R(id: "cancellingPan", outcome: "began", rule: "slop", at: 370.0 / 120)]),
        S(start: 4.5, end: 4.92, touches: [(6, "panKeeps")], recognizers: [R(id: "keepingPan", outcome: "began", rule: "slop", at: 550.0 / 120)]),
    ],
    // Two fingers down at once make one sequence; the second is blocked or dropped, but it landed.
    "exclusive": [
        S(start: 0.1, end: 0.4, touches: [(1, "exclusive"), (2, "multi")]),
        S(start: 1, end: 1.3, touches: [(3, "multi"), (4, "exclusive")]),
        S(start: 2, end: 2.3, touches: [(5, "single"), (6, "single")]),
        S(start: 3, end: 3.3, touches: [(7, "multi"), (8, "multi")]),
    ],
    "responder-chain": [tap(0.1, 1, "saveButton"), tap(1.1, 2, "shareButton"), tap(2.1, 3, "settingsButton"),
                        tap(3.1, 4, "aboutButton"), tap(4.1, 5, "lostButton"), tap(5.1, 6, "directButton")],
    // Stroke 1 at 2000 pt/s: the swipe recognizes after 80 pt, and the pan, which requires it to
    // fail, fails. Stroke 2 at 100 pt/s (5 pt every 50 ms) is under the 200 pt/s a swipe needs
    // when it reaches its 50 pt: the swipe fails by its speed and the waiting pan begins.
    "swipe-pan": [
        S(start: 0.1, end: 0.22, touches: [(1, "board")], recognizers: [
            R(id: "swipe", outcome: "recognized", at: 17.0 / 120),
            R(id: "pan", outcome: "failed", rule: "failureRequirement", at: 17.0 / 120, waitedFor: ["swipe"])]),
        S(start: 1, end: 2.02, touches: [(2, "board")], recognizers: [
            R(id: "swipe", outcome: "failed", rule: "swipeSpeed", at: 1.5, measured: 100, limit: 200, unit: "pt/s"),
            R(id: "pan", outcome: "began", at: 1.5, waitedFor: ["swipe"])]),
    ],
    // Held 0.5 s: the press begins at 0.6; the simultaneous pan begins when it passes 10 pt.
    "long-press": [S(start: 0.1, end: 1.4, touches: [(1, "tile")], recognizers: [
        R(id: "press", outcome: "began", rule: "pressDuration", at: 0.6),
        R(id: "drag", outcome: "began", rule: "slop", at: 0.9)])],
    // Tap: lifted before moving, the scroll view's pan never began. Press: row2 keeps its touch
    // (touchesShouldCancel is false for a control): the pan fails, the view said no. Drag at once:
    // the pan begins past its 10 pt slop.
    "scroll": [
        S(start: 0.1, end: 0.15, touches: [(1, "row1")], recognizers: [R(id: "scroller.pan", outcome: "neverBegan", rule: "slop", at: 0.15)]),
        S(start: 1, end: 1.65, touches: [(2, "row2")], recognizers: [R(id: "scroller.pan", outcome: "failed", rule: "delegate", at: 160.0 / 120)]),
        S(start: 2.5, end: 2.72, touches: [(3, "row2")], recognizers: [R(id: "scroller.pan", outcome: "began", rule: "slop", at: 303.0 / 120)]),
    ],
    "text-field": [tap(0.1, 1, "nameField"), tap(1, 2, "noteField")],
    // A check mark, then a straight line: no down-right stroke (the check mark's own rule).
    "checkmark": [
        S(start: 0.1, end: 0.58, touches: [(1, "pad")], recognizers: [R(id: "check", outcome: "recognized", at: 0.58)]),
        S(start: 1.5, end: 1.82, touches: [(2, "pad")], recognizers: [R(id: "check", outcome: "failed", rule: "strokeLength", at: 1.82)]),
    ],
    "momentum-fling": [S(start: 0.1, end: 0.22, touches: [(1, "photo")], recognizers: [
        R(id: "pinch", outcome: "neverBegan", at: 0.22),
        R(id: "pan", outcome: "began", rule: "slop", at: 15.0 / 120)])],
    "momentum-pinch": [S(start: 0.1, end: 0.7, touches: [(1, "photo"), (2, "photo")], recognizers: [
        R(id: "pinch", outcome: "began", rule: "slop", at: 0.125),
        R(id: "pan", outcome: "neverBegan", rule: "slop", at: 0.7)])],
    // Accelerometer samples only: no touch, no sequence.
    "tablet-accel": [],
    // double-tap.yaml: taps 0.12 s apart (under Defaults.tapInterval, 0.35 s): the double tap
    // wins and the single tap, which waited for it from the first lift, fails. A tap alone:
    // the interval runs out at 2.08 + 0.35 with no second tap, so nothing measures how late it was.
    "double-tap": [
        S(start: 0.1, end: 0.18, touches: [(1, "pad")], recognizers: [
            R(id: "doubleTap", outcome: "recognized", rule: "tapCount", at: 0.38),
            R(id: "singleTap", outcome: "failed", rule: "failureRequirement", at: 0.38, waitedFor: ["doubleTap"])]),
        S(start: 0.3, end: 0.38, touches: [(2, "pad")], recognizers: [R(id: "doubleTap", outcome: "recognized", at: 0.38)]),
        S(start: 2, end: 2.08, touches: [(3, "pad")], recognizers: [
            R(id: "doubleTap", outcome: "failed", rule: "tapInterval", at: 2.43, measured: .some(nil), limit: 0.35, unit: "s"),
            R(id: "singleTap", outcome: "recognized", at: 2.43, waitedFor: ["doubleTap"])]),
    ],
    // Held 0.3 s of the 0.5 s a press needs (scenes/long-press.yaml), without moving.
    "long-press-early": [S(start: 0.1, end: 0.4, touches: [(1, "tile")], recognizers: [
        R(id: "press", outcome: "neverBegan", rule: "pressDuration", at: 0.4, measured: 0.3, limit: 0.5, unit: "s"),
        R(id: "drag", outcome: "neverBegan", rule: "slop", at: 0.4)])],
]

/// The keys of issue 27's object, in its order, then who handled the touches (added after them).
private let sequenceKeys = ["start", "end", "touches", "winners", "recognizers", "answer", "controls", "keptOut", "responders"]
private let recognizerKeys = ["id", "view", "outcome", "at", "rule", "reason", "measured", "limit", "unit", "margin", "waitedFor"]

/// One line of JSON, parsed with the trace's scanner (object keys kept in order).
private func json(_ line: String) throws -> JSONValue {
    let bytes = Array(line.utf8)
    return try bytes.withUnsafeBufferPointer { b in
        var s = JSONScanner(b)
        let v = try s.value()
        s.skipSpace()
        #expect(s.atEnd, "text after the object: \(line)")
        return v
    }
}

/// `why --json`'s output, parsed (keys in order): one line, one object.
private func parse(_ text: String) throws -> [JSONValue] {
    #expect(text.hasSuffix("}\n") && text.split(separator: "\n").count == 1, "not one line: \(text)")
    let line = try #require(text.split(separator: "\n").first.map(String.init))
    let value = try json(line)
    #expect(value.keys == ["sequences"])
    return try #require(value["sequences"]?.array)
}

private func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

/// Checks parsed sequences against `want`, saying which recording on failure.
private func checkSequences(_ got: [JSONValue], _ want: [S], _ name: String) {
    #expect(got.count == want.count, "\(name): \(got.count) sequences, want \(want.count)")
    for (k, (g, w)) in zip(got, want).enumerated() {
        let here = "\(name) sequence \(k + 1)"
        #expect(g.keys == sequenceKeys, "\(here): keys \(g.keys)")
        #expect(near(g["start"]?.number, w.start), "\(here): start \(String(describing: g["start"]))")
        #expect(near(g["end"]?.number, w.end), "\(here): end \(String(describing: g["end"]))")
        let touches = (g["touches"]?.array ?? []).map { ($0["id"]?.number.map(Int.init) ?? -1, $0["view"]?.string ?? "null") }
        #expect(touches.map(\.0) == w.touches.map(\.0) && touches.map(\.1) == w.touches.map(\.1), "\(here): touches \(touches)")
        #expect((g["winners"]?.array ?? []).compactMap(\.string) == w.winners, "\(here): winners")
        let recognizers = g["recognizers"]?.array ?? []
        #expect(Set(recognizers.compactMap { $0["id"]?.string }) == Set(w.recognizers.map(\.id)),
                "\(here): recognizers \(recognizers.compactMap { $0["id"]?.string })")
        for r in recognizers { #expect(r.keys == recognizerKeys, "\(here): keys \(r.keys)") }
        for want in w.recognizers {
            guard let r = recognizers.first(where: { $0["id"]?.string == want.id }) else { continue }
            let who = "\(here) \(want.id)"
            #expect(r["outcome"]?.string == want.outcome, "\(who): outcome \(String(describing: r["outcome"]))")
            #expect(r["view"]?.string != nil, "\(who): no view")
            if let rule = want.rule { #expect(r["rule"]?.string == rule, "\(who): rule \(String(describing: r["rule"]))") }
            if let at = want.at { #expect(near(r["at"]?.number, at), "\(who): at \(String(describing: r["at"]))") }
            if let measured = want.measured {
                if let m = measured { #expect(near(r["measured"]?.number, m), "\(who): measured") } else {
                    #expect(r["measured"]?.isNull == true && r["margin"]?.isNull == true, "\(who): measured")
                }
            }
            if let limit = want.limit { #expect(near(r["limit"]?.number, limit), "\(who): limit") }
            if let unit = want.unit { #expect(r["unit"]?.string == unit, "\(who): unit") }
            if let m = r["measured"]?.number, let l = r["limit"]?.number {
                #expect(near(r["margin"]?.number, m - l), "\(who): margin is measured - limit")
            }
            if let waited = want.waitedFor {
                #expect((r["waitedFor"]?.array ?? []).compactMap(\.string) == waited, "\(who): waitedFor")
            }
        }
    }
}

@Suite("touchscope why", .serialized)
struct WhyCommandTests {
    static let all = recordingScenes + [(recording: "long-press-early", scene: "long-press")]

    @Test("why --json on every demo recording: the sequences, winners and deciding rules SPEC.md and the scene call for",
          arguments: all.map(\.recording))
    func everyRecording(_ name: String) throws {
        let scene = try #require(Self.all.first { $0.recording == name }?.scene)
        let want = try #require(expected[name], "no expectation written for \(name)")
        let run = try CLIRun.run(["why", Paths.scene(scene), Paths.recording(name), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        checkSequences(try parse(run.stdout), want, name)
    }

    @Test("every recording of recordingScenes has its expectation here")
    func covered() {
        for (recording, _) in recordingScenes { #expect(expected[recording] != nil, "\(recording)") }
    }

    @Test("a too-slow double tap: the double tap fails by its interval, and the late second tap says by how much: 0.07 s")
    func tooSlowDoubleTap() throws {
        // double-tap-slow.jsonl: taps at 0.1 and 0.6, 0.08 s each. The interval (0.35 s) runs
        // out at 0.18 + 0.35 = 0.53; the second tap lands 0.42 s after the first lift: 0.07 s too late.
        let recording = "scenes/recordings/double-tap-slow.jsonl"
        let json = try CLIRun.run(["why", Paths.scene("double-tap"), recording, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        checkSequences(try parse(json.stdout), [
            S(start: 0.1, end: 0.18, touches: [(1, "pad")], recognizers: [
                R(id: "doubleTap", outcome: "failed", rule: "tapInterval", at: 0.53, measured: 0.42, limit: 0.35, unit: "s"),
                R(id: "singleTap", outcome: "recognized", at: 0.53, waitedFor: ["doubleTap"])]),
            S(start: 0.6, end: 0.68, touches: [(2, "pad")], recognizers: [
                R(id: "doubleTap", outcome: "failed", rule: "tapInterval", at: 1.03, measured: .some(nil), limit: 0.35),
                R(id: "singleTap", outcome: "recognized", at: 1.03)]),
        ], "too-slow double tap")
        let text = try CLIRun.run(["why", Paths.scene("double-tap"), recording])
        #expect(text.stdout.contains("  doubleTap on pad: failed at 0.53 s, rule tapInterval (measured 0.42 s, limit 0.35 s: 0.07 s too late)\n"),
                "\(text.stdout)")
    }

    @Test("a recording that ends with a finger down: that sequence has no end, and what had not decided is undecided")
    func undecided() throws {
        // A tap, then a finger that lands 0.1 s after it and stays down: the double tap waits
        // for that second tap to lift, and the single tap waits for the double tap to fail.
        let recording = Paths.temporary("why-held.jsonl")
        try """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}
            {"t":0.2,"type":"finger-up","finger":1,"x":400,"y":300}
            {"t":0.3,"type":"finger-down","finger":1,"x":400,"y":300}

            """.write(toFile: recording, atomically: true, encoding: .utf8)
        let json = try CLIRun.run(["why", Paths.scene("double-tap"), recording, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let sequences = try parse(json.stdout)
        try #require(sequences.count == 2)
        #expect(sequences[1]["end"]?.isNull == true)
        for s in sequences {
            for r in s["recognizers"]?.array ?? [] {
                #expect(r["outcome"]?.string == "undecided", "\(r)")
                #expect(r["rule"]?.isNull == true && r["reason"]?.string == "")
            }
        }
        #expect(sequences[0]["recognizers"]?.array?.compactMap { $0["id"]?.string } == ["doubleTap", "singleTap"])
        #expect(sequences[0]["recognizers"]?.array?.last?["waitedFor"]?.array?.compactMap(\.string) == ["doubleTap"])
        let text = try CLIRun.run(["why", Paths.scene("double-tap"), recording])
        #expect(text.stdout.contains("Sequence 2: from 0.3 s, fingers still down when the replay ended, touch 2 on pad\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  singleTap: undecided when the replay ended\n    waiting for doubleTap since 0.2 s when the replay ended\n"),
                "\(text.stdout)")
    }

    @Test("the text a person reads: span, touches and views, winners, each recognizer's outcome, rule, numbers, margin, reason and waits")
    func text() throws {
        let run = try CLIRun.run(["why", "scenes/double-tap.yaml", "scenes/recordings/double-tap.jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let blocks = run.stdout.components(separatedBy: "\n\n")
        try #require(blocks.count == 3, "\(run.stdout)")
        let first = blocks[0].split(separator: "\n").map(String.init)
        #expect(first.first == "Sequence 1: 0.1 s to 0.18 s, touch 1 on pad")
        #expect(first.contains("  winner: doubleTap"))
        #expect(first.contains("  singleTap on pad: failed at 0.38 s, rule failureRequirement (by doubleTap)"))
        #expect(first.contains("    failed: requires doubleTap to fail, which recognized"))
        #expect(first.contains("    waited 0.20 s for doubleTap"))
        let third = blocks[2].split(separator: "\n").map(String.init)
        #expect(third.first == "Sequence 3: 2 s to 2.08 s, touch 3 on pad")
        #expect(third.contains("  winner: singleTap"))
        #expect(third.contains("  doubleTap on pad: failed at 2.43 s, rule tapInterval (limit 0.35 s)"))
        #expect(third.contains("    waited 0.35 s for doubleTap"))
        // A long press released early: the margin in words.
        let early = try CLIRun.run(["why", "scenes/long-press.yaml", "scenes/recordings/long-press-early.jsonl"])
        #expect(early.stdout.contains("  no winner\n"), "\(early.stdout)")
        #expect(early.stdout.contains("  press on tile: never began at 0.4 s, rule pressDuration (measured 0.3 s, limit 0.5 s: 0.2 s too early)\n"),
                "\(early.stdout)")
        // A recording without touches.
        let none = try CLIRun.run(["why", "scenes/media.yaml", Paths.recording("tablet-accel")])
        #expect(none.status == 0 && none.stdout == "no touch sequence in the recording\n", "\(none.stdout)")
    }

    @Test("--at: the sequence under way then (fingers down, or still deciding), numbered as in the whole list; none between sequences")
    func at() throws {
        let rec = "scenes/recordings/double-tap.jsonl"
        // 0.25: between the first two taps; the first one's singleTap still waits for doubleTap.
        let between = try CLIRun.run(["why", "scenes/double-tap.yaml", rec, "--at", "0.25", "--json"])
        #expect(between.status == 0, "\(between.stderr)")
        checkSequences(try parse(between.stdout), [expected["double-tap"]![0]], "--at 0.25")
        let third = try CLIRun.run(["why", "scenes/double-tap.yaml", rec, "--at", "2.05"])
        #expect(third.stdout.hasPrefix("Sequence 3: 2 s to 2.08 s, touch 3 on pad\n"), "\(third.stdout)")
        #expect(!third.stdout.contains("Sequence 1"))
        // 1 s: every sequence before it settled at 0.38; the next starts at 2.
        let idle = try CLIRun.run(["why", "scenes/double-tap.yaml", rec, "--at", "1", "--json"])
        #expect(idle.status == 0 && idle.stdout == "{\"sequences\":[]}\n", "\(idle.stdout)")
        let idleText = try CLIRun.run(["why", "scenes/double-tap.yaml", rec, "--at", "1"])
        #expect(idleText.stdout == "no touch sequence under way at 1 s\n", "\(idleText.stdout)")
    }

    @Test("every `touchscope why` the guide (docs/gestures.md) and the article quote prints what they say it prints")
    func quotedRuns() throws {
        var quoted = 0
        for doc in ["docs/gestures.md", "Sources/TouchScene/TouchScene.docc/WhyDidntMyGestureFire.md"] {
            let text = try String(contentsOfFile: Paths.root + "/" + doc, encoding: .utf8)
            for block in text.components(separatedBy: "```\n$ touchscope why ").dropFirst() {
                let body = block.components(separatedBy: "```")[0]
                let command = String(body.prefix { $0 != "\n" })
                let output = String(body.dropFirst(command.count + 1))
                let run = try CLIRun.run(["why"] + command.split(separator: " ").map(String.init))
                #expect(run.status == 0, "\(doc): why \(command): \(run.stderr)")
                #expect(run.stdout == output, "\(doc): why \(command) prints:\n\(run.stdout)")
                quoted += 1
            }
        }
        // The guide's text, JSON and a control's answer; the article's three cases, the slow double tap, --at and JSON.
        #expect(quoted == 9)
    }

    @Test("bad input: a scene or recording that does not load is FILE:LINE:COLUMN, --at that is not a time names --at; exit 2")
    func badInput() throws {
        let rec = "scenes/recordings/double-tap.jsonl"
        let missingScene = try CLIRun.run(["why", "no-such-scene.yaml", rec])
        #expect(missingScene.status == 2)
        #expect(missingScene.stderr.hasPrefix("no-such-scene.yaml:1:1: "), "\(missingScene.stderr)")
        let missingRecording = try CLIRun.run(["why", "scenes/double-tap.yaml", "no-such-recording.jsonl"])
        #expect(missingRecording.status == 2)
        #expect(missingRecording.stderr.hasPrefix("no-such-recording.jsonl:1:1: "), "\(missingRecording.stderr)")
        let broken = Paths.temporary("why-broken.jsonl")
        try "{\"recording\":1,\"window\":[800,600]}\n{\"t\":0.1,\"type\":\"finger-down\",\"finger\":1,\"x\":400}\n"
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = try CLIRun.run(["why", "scenes/double-tap.yaml", broken])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("\(broken):2:"), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
        let badScene = Paths.temporary("why-bad-scene.yaml")
        try "scene: x\nwindow: [800, 600]\nviews:\n  - id: a\n    frame: [0, 0]\n".write(toFile: badScene, atomically: true, encoding: .utf8)
        let sceneError = try CLIRun.run(["why", badScene, rec])
        #expect(sceneError.status == 2)
        #expect(sceneError.stderr.hasPrefix("\(badScene):5:"), "\(sceneError.stderr)")
        for (value, words) in [("abc", "--at"), ("-1", "--at must not be negative"), ("nan", "--at")] {
            let r = try CLIRun.run(["why", "scenes/double-tap.yaml", rec, "--at", value])
            #expect(r.status == 2, "--at \(value)")
            #expect(r.stderr.contains(words), "--at \(value): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}

/// What `body` prints on standard output (this process's), and its result.
@MainActor
private func capturingStandardOutput(_ body: () -> Int32) throws -> (status: Int32, output: String) {
    let path = Paths.temporary("stdout-\(UUID().uuidString)")
    try #require(FileManager.default.createFile(atPath: path, contents: nil))
    fflush(nil)
    let file = open(path, O_WRONLY)
    let saved = dup(1)
    dup2(file, 1)
    let status = body()
    fflush(nil)
    dup2(saved, 1)
    close(saved); close(file)
    return (status, try String(contentsOfFile: path, encoding: .utf8))
}

extension SceneProgramTests {
    @Test("a program built with the host library gets why: for its scene files with its own types, and for an application built in code")
    func why() throws {
        defer { SceneCommands.programName = "touchscope"; SceneCommands.types = SceneTypes(); SceneCommands.defaultScene = "welcome" }
        // The program's rightStroke needs 150 pt to the right: the first stroke goes 200, the
        // second 50; RightStroke names no rule, so its decisions are the custom rule's.
        let scene = try write("why-program.yaml", Self.scene)
        let recording = try write("why-program.jsonl", """
            {"recording":1,"window":[400,300]}
            {"t":0,"type":"finger-down","finger":1,"x":50,"y":100}
            {"t":0.1,"type":"finger-up","finger":1,"x":250,"y":100}
            {"t":1,"type":"finger-down","finger":1,"x":50,"y":100}
            {"t":1.1,"type":"finger-up","finger":1,"x":100,"y":100}
            """ + "\n")
        let run = try capturingStandardOutput {
            TouchScopeApp.run(name: "stroke-scenes", types: Self.types, arguments: ["why", scene, recording, "--json"])
        }
        #expect(run.status == 0)
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("{\"sequences\"") }.map(String.init))
        checkSequences(try json(line)["sequences"]?.array ?? [], [
            S(start: 0, end: 0.1, touches: [(1, "pad")], recognizers: [R(id: "stroke", outcome: "recognized", rule: "custom", at: 0.1)]),
            S(start: 1, end: 1.1, touches: [(2, "pad")], recognizers: [R(id: "stroke", outcome: "failed", rule: "custom", at: 1.1)]),
        ], "stroke-scenes why")
        // touchscope's own why knows only the built-in types.
        let builtIn = try CLIRun.run(["why", scene, recording])
        #expect(builtIn.status == 2 && builtIn.stderr.contains("unknown recognizer type"), "\(builtIn.stderr)")

        // The double-tap scene built in code: `why RECORDING`, no scene.
        let code = try capturingStandardOutput {
            doubleTapInCode.run(arguments: ["why", Paths.recording("double-tap"), "--json"])
        }
        #expect(code.status == 0)
        let codeLine = try #require(code.output.split(separator: "\n").first { $0.hasPrefix("{\"sequences\"") }.map(String.init))
        checkSequences(try json(codeLine)["sequences"]?.array ?? [], expected["double-tap"] ?? [], "double-tap-in-code why")
        #expect(doubleTapInCode.run(arguments: ["why", "no-such-recording.jsonl"]) == 2)
    }
}
