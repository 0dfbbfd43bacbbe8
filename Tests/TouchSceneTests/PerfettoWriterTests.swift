// PerfettoWriter: trace records in, a Chrome Trace Event file out, checked with Foundation's
// JSON parser against the format's rules (TestSupport's ChromeTrace).
import Foundation
import Testing
import TestSupport
@testable import TouchScene

/// Writes `records` through a `PerfettoWriter` into a fresh file and returns its bytes.
private func export(_ records: [TraceRecord], scene: String = "test", closeAt: Double? = nil, name: String = #function) throws -> Data {
    let path = Paths.temporary("perfetto-\(name.filter(\.isLetter)).json")
    let w = try PerfettoWriter(path: path, scene: scene)
    for r in records { w.receive(r) }
    w.close(at: closeAt)
    return try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The trace parsed and checked: no broken rule.
private func checked(_ data: Data, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ChromeTrace {
    let trace = ChromeTrace(data: data)
    #expect(trace.problems.isEmpty, "\(trace.problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    return trace
}

private func args(_ e: [String: Any]) -> [String: Any] { e["args"] as? [String: Any] ?? [:] }
private func int(_ v: Any?) -> Int? { ChromeTrace.integer(v) }
/// A JSON array of numbers.
private func nums(_ v: Any?) -> [Double]? {
    guard let a = v as? [Any] else { return nil }
    let d = a.compactMap { ($0 as? NSNumber)?.doubleValue }
    return d.count == a.count ? d : nil
}

private func gesture(_ t: Double, _ r: String, _ from: GestureState, _ to: GestureState, _ reason: String,
                     _ outputs: GestureOutputs = GestureOutputs()) -> TraceRecord {
    TraceRecord(t: t, .gesture(recognizer: TraceName(r), view: "photo", from: from, to: to, reason: TraceText(reason), outputs: outputs))
}

private func sample(_ t: Double, _ touch: Int, _ phase: TouchPhase, _ x: Double, _ y: Double = 100) -> TraceRecord {
    TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: 1), point: Point(x: x, y: y),
                                                phase: phase, pressure: 1, isEmulated: false)))
}

@Suite("Perfetto export")
struct PerfettoWriterTests {
    /// A pan from began to ended, with its outputs.
    static let pan: [TraceRecord] = [
        gesture(1.0, "pan", .possible, .began, "began: moved 10 points",
                GestureOutputs(location: Point(x: 110, y: 100), translation: Point(x: 10, y: 0), velocityVector: Point(x: 100, y: 0))),
        gesture(1.1, "pan", .began, .changed, "changed: moved", GestureOutputs(translation: Point(x: 20, y: 0))),
        gesture(1.25, "pan", .changed, .changed, "changed: moved", GestureOutputs(translation: Point(x: 30.5, y: -1))),
        gesture(1.3, "pan", .changed, .ended, "ended: last finger lifted", GestureOutputs(translation: Point(x: 30.5, y: -1))),
        gesture(1.3, "pan", .ended, .possible, "reset: its touches are over"),
    ]

    @Test("a kind read back from a trace file that no entry names: an instant on the notes track, named by its kind, its fields as args")
    func unknownKindReadFromAFile() throws {
        let record = try #require(TraceRecord(line: #"{"t":0.5,"kind":"glimmer","view":"photo","count":2,"at":[1,2]}"#))
        let trace = checked(try export([record]))
        let e = try #require(trace.events(on: "notes", ph: "i").first)
        #expect(e["name"] as? String == "glimmer" && e["cat"] as? String == "custom")
        #expect(args(e)["view"] as? String == "photo" && int(args(e)["count"]) == 2 && nums(args(e)["at"]) == [1, 2])
    }

    @Test("the file is one object with a traceEvents array, every event with name, ph, ts, pid and tid, every track named")
    func formatRules() throws {
        let records: [TraceRecord] = [
            TraceRecord(t: 0.5, .hitTest(touch: 1, point: Point(x: 100, y: 100),
                                         path: [HitStep(view: "window", verdict: .inside), HitStep(view: "photo", verdict: .hit)], view: "photo")),
            sample(0.5, 1, .began, 100),
            TraceRecord(t: 0.5, .touches(phase: .began, view: "photo", touches: [1], reason: nil)),
        ] + Self.pan + [
            TraceRecord(t: 1.4, .control(control: "button", event: "touchUpInside")),
            TraceRecord(t: 1.4, .action(sender: "button", action: "play", target: nil, handledBy: "player")),
            TraceRecord(t: 1.5, .motion(phase: .began, subtype: "shake", view: "player", reason: nil)),
            TraceRecord(t: 1.6, .remote(command: "togglePlayPause", handledBy: nil, reason: "not the Now Playing app")),
            TraceRecord(t: 1.7, .firstResponder(from: nil, to: "field", reason: "tapped")),
            TraceRecord(t: 1.7, .orientation(from: "portrait", to: "landscapeLeft")),
            TraceRecord(t: 1.8, .note(topic: "interaction", text: "touch dropped")),
            TraceRecord(t: 1.8, .failureWait(recognizer: "tap", waitingFor: ["pan"])),
            sample(2, 1, .ended, 130),
        ]
        let trace = checked(try export(records, scene: "photo"))
        #expect(trace.processName == "touchscope: photo")
        #expect(Set(trace.trackNames.values) == ["pan", "tap", "touch 1", "controls", "actions", "motion", "remote", "responders", "notes", "input"])
        // Tracks sort as their tids: recognizers, then the fixed tracks, then touches.
        let order = trace.trackNames.sorted { (a: (key: Int, value: String), b: (key: Int, value: String)) in a.key < b.key }.map { $0.value }
        #expect(order == ["pan", "tap", "controls", "actions", "motion", "remote", "responders", "notes", "input", "touch 1"])
        for e in trace.events where e["ph"] as? String == "i" { #expect(e["s"] as? String == "t") }
        for e in trace.events { #expect(int(e["pid"]) == 1) }
    }

    @Test("each state after possible is a slice named after it, from its transition to the next, with reason, outputs and exit")
    func recognizerSlices() throws {
        let trace = checked(try export(Self.pan))
        let slices = trace.events(on: "pan", ph: "X")
        #expect(slices.map { $0["name"] as? String } == ["began", "changed", "changed", "ended"])
        #expect(slices.map { int($0["ts"]) } == [1_000_000, 1_100_000, 1_250_000, 1_300_000])
        #expect(slices.map { int($0["dur"]) } == [100_000, 150_000, 50_000, 0])
        let began = args(slices[0])
        #expect(began["view"] as? String == "photo")
        #expect(began["from"] as? String == "possible")
        #expect(began["reason"] as? String == "began: moved 10 points")
        #expect(nums(began["translation"]) == [10, 0])
        #expect(nums(began["velocity"]) == [100, 0])
        #expect(nums(began["location"]) == [110, 100])
        #expect(args(slices[0])["exit"] as? [String: String] == ["to": "changed", "reason": "changed: moved"])
        #expect(args(slices[3])["exit"] as? [String: String] == ["to": "possible", "reason": "reset: its touches are over"])
        #expect(nums(args(slices[2])["translation"]) == [30.5, -1])
        // `possible` is no slice, and every slice is a gesture.
        #expect(slices.allSatisfy { $0["cat"] as? String == "gesture" })
    }

    @Test("a state entered and left at the same instant (recognized, then reset) is a slice of duration 0")
    func zeroLengthState() throws {
        let trace = checked(try export([
            gesture(0.38, "doubleTap", .possible, .recognized, "recognized: 2 taps of 1 finger"),
            gesture(0.38, "doubleTap", .recognized, .possible, "reset: its touches are over"),
        ]))
        let slices = trace.events(on: "doubleTap", ph: "X")
        #expect(slices.count == 1)
        let slice = try #require(slices.first)
        #expect(slice["name"] as? String == "recognized")
        #expect(int(slice["ts"]) == 380_000 && int(slice["dur"]) == 0)
    }

    @Test("closing mid-gesture ends the open slices at the last time seen, or at the time given, and the file is whole")
    func closeMidGesture() throws {
        let records = Array(Self.pan.prefix(2)) + [sample(1.1, 7, .began, 100), sample(1.2, 7, .moved, 120)]
        let trace = checked(try export(records))
        let changed = try #require(trace.events(on: "pan", ph: "X").last)
        #expect(changed["name"] as? String == "changed")
        #expect(int(changed["ts"]) == 1_100_000 && int(changed["dur"]) == 100_000)
        let exit = try #require(args(changed)["exit"] as? [String: Any])
        #expect(exit["to"] is NSNull && exit["reason"] as? String == "trace ended")
        let touch = try #require(trace.events(on: "touch 7", ph: "X").first)
        #expect(int(touch["ts"]) == 1_100_000 && int(touch["dur"]) == 100_000)
        #expect(args(touch)["end"] as? String == "trace ended")

        let later = checked(try export(records, closeAt: 3))
        #expect(int(later.events(on: "pan", ph: "X").last?["dur"]) == 1_900_000)
        #expect(int(later.events(on: "touch 7", ph: "X").first?["dur"]) == 1_900_000)
    }

    @Test("a touch's track: a slice from its hit test to its ended sample, instants for the hit test, moves and messages")
    func touchTrack() throws {
        let trace = checked(try export([
            TraceRecord(t: 0.1, .hitTest(touch: 3, point: Point(x: 100, y: 100),
                                         path: [HitStep(view: "window", verdict: .inside), HitStep(view: "pad", verdict: .hit)], view: "pad")),
            sample(0.1, 3, .began, 100),
            TraceRecord(t: 0.1, .touches(phase: .began, view: "pad", touches: [3], reason: nil)),
            sample(0.15, 3, .moved, 110),
            sample(0.2, 3, .moved, 125),
            sample(0.25, 3, .ended, 125),
            // Delivered after the finger lifted (held back, then cancelled): still on the track.
            TraceRecord(t: 0.4, .touches(phase: .cancelled, view: "pad", touches: [3], reason: "cancelled: doubleTap recognized")),
        ]))
        let slices = trace.events(on: "touch 3", ph: "X")
        #expect(slices.count == 1)
        let slice = try #require(slices.first)
        #expect(slice["name"] as? String == "touch 3")
        #expect(int(slice["ts"]) == 100_000 && int(slice["dur"]) == 150_000)
        let a = args(slice)
        #expect(int(a["device"]) == 0 && int(a["finger"]) == 1 && int(a["moves"]) == 2)
        #expect(nums(a["from"]) == [100, 100] && nums(a["to"]) == [125, 100])
        #expect(a["end"] as? String == "ended")
        let instants = trace.events(on: "touch 3", ph: "i")
        #expect(instants.map { $0["name"] as? String } == ["hit test: pad", "touchesBegan: pad", "moved", "moved", "touchesCancelled: pad"])
        #expect(instants.map { int($0["ts"]) } == [100_000, 100_000, 150_000, 200_000, 400_000])
        let path = try #require(args(instants[0])["path"] as? [[String: String]])
        #expect(path == [["view": "window", "verdict": "inside"], ["view": "pad", "verdict": "hit"]])
        #expect(args(instants[4])["reason"] as? String == "cancelled: doubleTap recognized")
    }

    @Test("without touch samples (a stream read from a trace file), a touch's slice ends at its first ended or cancelled message")
    func touchWithoutSamples() throws {
        let trace = checked(try export([
            TraceRecord(t: 0.1, .hitTest(touch: 1, point: Point(x: 1, y: 1), path: [HitStep(view: "pad", verdict: .hit)], view: "pad")),
            TraceRecord(t: 0.1, .touches(phase: .began, view: "pad", touches: [1], reason: nil)),
            TraceRecord(t: 0.38, .touches(phase: .cancelled, view: "pad", touches: [1], reason: "cancelled")),
        ]))
        let slice = try #require(trace.events(on: "touch 1", ph: "X").first)
        #expect(int(slice["ts"]) == 100_000 && int(slice["dur"]) == 280_000)
        #expect(args(slice)["end"] as? String == "cancelled")
    }

    @Test("a message to several touches is an instant on each touch's track")
    func messageToSeveralTouches() throws {
        let trace = checked(try export([
            sample(0, 1, .began, 10), sample(0, 2, .began, 20),
            TraceRecord(t: 0, .touches(phase: .began, view: "pad", touches: [1, 2], reason: nil)),
        ]))
        for track in ["touch 1", "touch 2"] {
            let i = trace.events(on: track, ph: "i")
            #expect(i.map { $0["name"] as? String } == ["touchesBegan: pad"])
            #expect(nums(args(i[0])["touches"]) == [1, 2])
        }
    }

    @Test("every touch track is named once, whatever order the touches come in (a scene reload starts again at 1)")
    func touchTracksNamedOnce() throws {
        let ids = [5, 3, 9, 4, 1, 5, 2, 10, 8, 1, 6, 7]
        let trace = checked(try export(ids.enumerated().map { k, id in
            TraceRecord(t: Double(k), .touches(phase: .moved, view: "pad", touches: [id], reason: nil))
        }))
        let names = trace.events.filter { $0["name"] as? String == "thread_name" }.compactMap { args($0)["name"] as? String }
        #expect(names == ["touch 5", "touch 3", "touch 9", "touch 4", "touch 1", "touch 2", "touch 10", "touch 8", "touch 6", "touch 7"])
    }

    @Test("controls, actions, motion, remote commands, responders and notes are instants on their own tracks")
    func instants() throws {
        let trace = checked(try export([
            TraceRecord(t: 1, .control(control: "button", event: "touchUpInside")),
            TraceRecord(t: 1, .action(sender: "button", action: "play", target: nil, handledBy: "player")),
            TraceRecord(t: 2, .motion(phase: .ended, subtype: "shake", view: "player", reason: nil)),
            TraceRecord(t: 3, .remote(command: "nextTrack", handledBy: "player", reason: nil)),
            TraceRecord(t: 4, .firstResponder(from: "a", to: nil, reason: "resigned")),
            TraceRecord(t: 5, .note(topic: "delivery", text: "touchesEnded for touch 1 held back")),
            TraceRecord(t: 6, .failureWait(recognizer: "pan", waitingFor: ["swipe", "tap"])),
        ]))
        func one(_ track: String) -> (name: String?, ts: Int?, args: [String: Any]) {
            let e = trace.events(on: track, ph: "i").first ?? [:]
            return (e["name"] as? String, int(e["ts"]), args(e))
        }
        #expect(one("controls").name == "button: touchUpInside" && one("controls").args["control"] as? String == "button")
        #expect(one("actions").name == "play → player" && one("actions").args["target"] is NSNull)
        #expect(one("motion").name == "shake ended" && one("motion").ts == 2_000_000)
        #expect(one("remote").name == "nextTrack → player")
        #expect(one("responders").name == "first responder: none" && one("responders").args["reason"] as? String == "resigned")
        #expect(one("notes").name == "touchesEnded for touch 1 held back" && one("notes").args["topic"] as? String == "delivery")
        #expect(one("pan").name == "blocked until swipe, tap fail" && one("pan").args["waitingFor"] as? [String] == ["swipe", "tap"])
    }

    @Test("names, reasons and ids are escaped: quotes, backslashes, control characters and non-ASCII read back unchanged")
    func escaping() throws {
        let odd = "say \"hi\" \\ back\nslash\ttab \u{01} é ✓"
        let trace = checked(try export([
            gesture(0, "tap \"1\"", .possible, .failed, odd),
            TraceRecord(t: 0, .note(topic: "x", text: TraceText(odd))),
        ], scene: "odd \"scene\""))
        #expect(trace.processName == "touchscope: odd \"scene\"")
        let failed = try #require(trace.events(on: "tap \"1\"", ph: "X").first)
        #expect(args(failed)["reason"] as? String == odd)
        let note = try #require(trace.events(on: "notes").first)
        #expect(note["name"] as? String == odd)
    }

    @Test("the same records give the same bytes")
    func deterministic() throws {
        let records = Self.pan + [sample(2, 1, .began, 1), sample(2.5, 1, .cancelled, 2)]
        #expect(try export(records, name: "a") == export(records, name: "b"))
    }

    @Test("events are written as they complete: after a flush the file holds the finished slice, not yet the end")
    func streams() throws {
        let path = Paths.temporary("perfetto-streams.json")
        let w = try PerfettoWriter(path: path, scene: "s")
        for r in Self.pan.prefix(2) { w.receive(r) }
        w.flush()
        let partial = try String(contentsOfFile: path, encoding: .utf8)
        #expect(partial.hasPrefix("{\"traceEvents\":[\n"))
        #expect(partial.contains("\"name\":\"began\""))
        #expect(!partial.contains("\"name\":\"changed\""))
        #expect(!partial.contains("displayTimeUnit"))
        w.close()
        w.close()
        w.receive(Self.pan[2])
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(checked(whole).events(on: "pan", ph: "X").map { $0["name"] as? String } == ["began", "changed"])
    }

    @Test("a path that cannot be written is an error naming the file")
    func badPath() {
        #expect {
            _ = try PerfettoWriter(path: "/nonexistent-dir/timeline.json", scene: "s")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("/nonexistent-dir/timeline.json:1:1: ") && message.contains("cannot write the Perfetto trace")
        }
    }
}

@Suite("Chrome Trace checker (the tests' reading of the format)")
struct ChromeTraceCheckTests {
    private func problems(_ json: String) -> [String] { ChromeTrace(data: Data(json.utf8)).problems }

    @Test("a well-formed file has no problems")
    func wellFormed() {
        #expect(problems(#"""
            {"traceEvents":[{"name":"process_name","ph":"M","ts":0,"pid":1,"tid":1,"args":{"name":"p"}},
            {"name":"thread_name","ph":"M","ts":0,"pid":1,"tid":5,"args":{"name":"t"}},
            {"name":"a","ph":"X","ts":10,"dur":5,"pid":1,"tid":5},{"name":"b","ph":"X","ts":15,"dur":0,"pid":1,"tid":5},
            {"name":"c","ph":"i","ts":15,"pid":1,"tid":5,"s":"t"}]}
            """#).isEmpty)
    }

    @Test("it names what breaks the rules: no traceEvents, a missing field, a negative dur, no scope, an unnamed track, overlapping slices")
    func broken() {
        #expect(problems("[]") == ["the top level is not an object"])
        #expect(problems(#"{"events":[]}"#) == ["no traceEvents array"])
        #expect(problems("{\"traceEvents\":[") .first?.hasPrefix("not JSON") == true)
        let named = #"{"name":"process_name","ph":"M","ts":0,"pid":1,"tid":1,"args":{"name":"p"}},{"name":"thread_name","ph":"M","ts":0,"pid":1,"tid":5,"args":{"name":"t"}}"#
        #expect(problems(#"{"traceEvents":[\#(named),{"name":"a","ph":"X","ts":1,"pid":1,"tid":5}]}"#).count == 1)
        #expect(problems(#"{"traceEvents":[\#(named),{"name":"a","ph":"X","ts":1,"dur":-1,"pid":1,"tid":5}]}"#).count == 1)
        #expect(problems(#"{"traceEvents":[\#(named),{"name":"a","ph":"X","ts":1.5,"dur":1,"pid":1,"tid":5}]}"#).count == 1)
        #expect(problems(#"{"traceEvents":[\#(named),{"ph":"i","ts":1,"pid":1,"tid":5,"s":"t"}]}"#).count == 1)
        #expect(problems(#"{"traceEvents":[\#(named),{"name":"a","ph":"i","ts":1,"pid":1,"tid":5}]}"#).count == 1)
        #expect(problems(#"{"traceEvents":[\#(named),{"name":"a","ph":"i","ts":1,"pid":1,"tid":6,"s":"t"}]}"#)
                == ["track pid 1 tid 6 has no thread_name"])
        #expect(problems(#"{"traceEvents":[\#(named),{"name":"a","ph":"X","ts":1,"dur":5,"pid":1,"tid":5},{"name":"b","ph":"X","ts":3,"dur":5,"pid":1,"tid":5}]}"#).count == 1)
        #expect(problems(#"{"traceEvents":[{"name":"a","ph":"i","ts":1,"pid":2,"tid":5,"s":"t"}]}"#).count == 2)
    }
}
