// --perfetto end to end: every recording's timeline follows the Chrome Trace Event format and
// shows exactly the recognizer states of its hand-written expectations (Expectations/), with
// the reasons of the replay's own trace; the command line writes it.
import Foundation
import Testing
import TestSupport
import TouchCore
import TouchScene

/// A recognizer state as a slice: what the timeline should hold for one state after `possible`.
private struct StateSlice: Equatable, CustomStringConvertible {
    var state: String
    var ts: Int
    var dur: Int
    var from: String
    var reason: String
    var exitTo: String?
    var exitReason: String
    var description: String { "\(state)@\(ts)+\(dur) from \(from) (\(reason)) -> \(exitTo ?? "end") (\(exitReason))" }
}

private func micros(_ t: Double) -> Int { Int((t * 1_000_000).rounded()) }

/// The state slices a trace's gesture records give each recognizer, the last open one ended at `end`.
private func expectedSlices(_ records: [TraceRecord], end: Double) -> [String: [StateSlice]] {
    var slices: [String: [StateSlice]] = [:]
    var open: [String: StateSlice] = [:]
    for r in records {
        guard case let .gesture(recognizer, _, from, to, reason, _) = r.body else { continue }
        let id = recognizer.string
        if var s = open.removeValue(forKey: id) {
            s.dur = micros(r.t) - s.ts; s.exitTo = to.rawValue; s.exitReason = reason.description
            slices[id, default: []].append(s)
        } else {
            slices[id, default: []] += []
        }
        if to != .possible {
            open[id] = StateSlice(state: to.rawValue, ts: micros(r.t), dur: 0, from: from.rawValue, reason: reason.description,
                                  exitTo: nil, exitReason: "")
        }
    }
    for (id, var s) in open {
        s.dur = micros(end) - s.ts; s.exitReason = "trace ended"
        slices[id, default: []].append(s)
    }
    return slices
}

/// The state slices on each recognizer's track of a timeline.
private func exportedSlices(_ trace: ChromeTrace, recognizers: some Sequence<String>) -> [String: [StateSlice]] {
    var slices: [String: [StateSlice]] = [:]
    for id in recognizers {
        slices[id] = trace.events(on: id, ph: "X").map { e in
            let args = e["args"] as? [String: Any] ?? [:]
            let exit = args["exit"] as? [String: Any] ?? [:]
            return StateSlice(state: e["name"] as? String ?? "?", ts: ChromeTrace.integer(e["ts"]) ?? -1,
                              dur: ChromeTrace.integer(e["dur"]) ?? -1, from: args["from"] as? String ?? "?",
                              reason: args["reason"] as? String ?? "?", exitTo: exit["to"] as? String,
                              exitReason: exit["reason"] as? String ?? "?")
        }
    }
    return slices
}

/// Replays a recording headless into a `PerfettoWriter` (as `replay --headless --perfetto` does)
/// and returns the file's bytes and the time the replay ended.
private func timeline(scene: String, recording: String) throws -> (data: Data, end: Double) {
    let description = try SceneLoader.load(path: Paths.scene(scene))
    let session = SceneSession(scene: description)
    let path = Paths.temporary("\(recording).library.perfetto.json")
    let writer = try PerfettoWriter(path: path, scene: description.name)
    session.app.tracer.sink = writer
    let replayer = Replayer(session: session, recording: try RecordingReader(path: Paths.recording(recording)))
    try replayer.run(until: nil)
    writer.close(at: replayer.endTime)
    return (try Data(contentsOf: URL(fileURLWithPath: path)), replayer.endTime)
}

/// The recognizer slices as the trace records they stand for (the state each entered, from
/// where, at the slice's start), to check against the hand-written expectations.
private func sliceRecords(_ slices: [String: [StateSlice]]) -> [TraceRecord] {
    slices.flatMap { id, list in
        list.compactMap { s -> TraceRecord? in
            guard let from = GestureState(rawValue: s.from), let to = GestureState(rawValue: s.state) else { return nil }
            return TraceRecord(t: Double(s.ts) / 1_000_000,
                               .gesture(recognizer: TraceName(id), view: .none, from: from, to: to, reason: "", outputs: GestureOutputs()))
        }
    }.sorted { $0.t < $1.t }
}

@Suite("Perfetto export of the recordings")
struct PerfettoExportTests {
    @Test("the double tap's timeline: doubleTap recognized, singleTap failed, then the reverse, with their reasons")
    func doubleTap() throws {
        let (data, _) = try timeline(scene: "double-tap", recording: "double-tap")
        let trace = ChromeTrace(data: data)
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        #expect(trace.processName == "touchscope: double-tap")
        let slices = exportedSlices(trace, recognizers: ["doubleTap", "singleTap"])
        #expect(slices["doubleTap"] == [
            StateSlice(state: "recognized", ts: 380_000, dur: 0, from: "possible", reason: "recognized: 2 taps of 1 finger",
                       exitTo: "possible", exitReason: "reset: its touches are over"),
            StateSlice(state: "failed", ts: 2_430_000, dur: 0, from: "possible", reason: "failed: waited 0.35 s for tap 2 of 2",
                       exitTo: "possible", exitReason: "reset: its touches are over"),
        ])
        #expect(slices["singleTap"] == [
            StateSlice(state: "failed", ts: 380_000, dur: 0, from: "possible", reason: "failed: requires doubleTap to fail, which recognized",
                       exitTo: "possible", exitReason: "reset: its touches are over"),
            StateSlice(state: "recognized", ts: 2_430_000, dur: 0, from: "possible", reason: "recognized: doubleTap failed",
                       exitTo: "possible", exitReason: "reset: its touches are over"),
        ])
        // singleTap waits for doubleTap after each first tap.
        #expect(trace.events(on: "singleTap", ph: "i").map { $0["name"] as? String } == Array(repeating: "blocked until doubleTap fails", count: 2))
        // Three touches, each lifted 80 ms after it landed; the second's message came when doubleTap recognized.
        for (n, start) in [(1, 100_000), (2, 300_000), (3, 2_000_000)] {
            let touch = trace.events(on: "touch \(n)", ph: "X")
            #expect(touch.map { ChromeTrace.integer($0["ts"]) } == [start] && touch.map { ChromeTrace.integer($0["dur"]) } == [80_000])
        }
        #expect(trace.events(on: "touch 2", ph: "i").map { $0["name"] as? String } == ["hit test: pad", "touchesBegan: pad", "touchesCancelled: pad"])
    }

    @Test("every recording's timeline follows the format, its recognizer slices are the hand-written expectations' states, and it holds the replay's touches and instants",
          arguments: recordingScenes.map(\.recording))
    func everyRecording(recording: String) throws {
        let scene = try #require(recordingScenes.first { $0.recording == recording }?.scene)
        let (data, end) = try timeline(scene: scene, recording: recording)
        let trace = ChromeTrace(data: data)
        #expect(trace.problems.isEmpty, "\(recording): \(trace.problems.prefix(5))")
        // The same recording replayed into a trace (not the golden file): the timeline shows
        // exactly its recognizer states, with their reasons, times and durations.
        let records = try Replay(scene: scene, recording: recording).records.filter(\.isWrittenToFiles)
        let expected = expectedSlices(records, end: end)
        let actual = exportedSlices(trace, recognizers: expected.keys)
        for id in expected.keys.sorted() {
            #expect(actual[id] == expected[id], "\(recording): \(id)")
        }
        // Each recognizer's slices are the states its hand-written expectations list, at
        // their times (Expectations/NAME.expect; nothing taken from the code's output).
        var handWritten = try Expectations(recording: recording)
        handWritten.decisions = handWritten.decisions.filter { $0.stream.hasPrefix("gesture ") }
        for k in handWritten.decisions.indices { handWritten.decisions[k].outputs = [:] }
        // The timeline's times are whole microseconds (a move's frame at 17/120 s is 141667 µs).
        for k in handWritten.decisions.indices { handWritten.decisions[k].t = handWritten.decisions[k].t.map { ($0 * 1e6).rounded() / 1e6 } }
        handWritten.streams = ["gesture"]
        for p in handWritten.problems(sliceRecords(actual), ordered: false) { Issue.record("\(recording) timeline: \(p)") }
        // As many slices as the trace has transitions out of `possible` and on.
        let entered = records.filter { if case let .gesture(_, _, _, to, _, _) = $0.body { return to != .possible }; return false }
        #expect(actual.values.map(\.count).reduce(0, +) == entered.count, "\(recording)")
        // One track per touch, its slice starting at its hit test.
        for r in records {
            guard case let .hitTest(touch, _, _, _, _, _) = r.body else { continue }
            let starts = trace.events(on: "touch \(touch)", ph: "X").compactMap { ChromeTrace.integer($0["ts"]) }
            #expect(starts.contains(micros(r.t)), "\(recording): touch \(touch)")
        }
        // One instant per control event, action, motion event and remote command.
        func count(_ kind: String) -> Int { records.filter { $0.kind == kind }.count }
        #expect(trace.events(on: "controls", ph: "i").count == count("control"), "\(recording)")
        #expect(trace.events(on: "actions", ph: "i").count == count("action"), "\(recording)")
        #expect(trace.events(on: "motion", ph: "i").count == count("motion"), "\(recording)")
        #expect(trace.events(on: "remote", ph: "i").count == count("remote"), "\(recording)")
        #expect(trace.events.filter { $0["cat"] as? String == "hit-test" }.count == count("hit-test"), "\(recording)")
    }

    @Test("replaying the same recording twice gives the same timeline, byte for byte")
    func deterministic() throws {
        #expect(try timeline(scene: "photo", recording: "photo-pinch").data == timeline(scene: "photo", recording: "photo-pinch").data)
    }
}

@Suite("Command line: --perfetto", .serialized)
struct PerfettoCommandLineTests {
    @Test("replay --headless --perfetto writes the library's timeline, and --trace beside it still writes the golden trace")
    func replayHeadless() throws {
        let path = Paths.temporary("cli.perfetto.json"), trace = Paths.temporary("cli.perfetto.trace.jsonl")
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless",
                                "--perfetto", path, "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written == (try timeline(scene: "double-tap", recording: "double-tap").data))
        #expect(ChromeTrace(data: written).problems.isEmpty)
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == String(contentsOfFile: Paths.golden("double-tap"), encoding: .utf8))
    }

    @Test("replay in a window (SDL's dummy video driver) writes a timeline with the same recognizer states")
    func replayWindowed() throws {
        let path = Paths.temporary("cli.windowed.perfetto.json")
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--perfetto", path],
                               environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let trace = try ChromeTrace(path: path)
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        #expect(trace.events(on: "doubleTap", ph: "X").map { $0["name"] as? String } == ["recognized", "failed"])
        #expect(trace.events(on: "singleTap", ph: "X").map { $0["name"] as? String } == ["failed", "recognized"])
    }

    @Test("a --perfetto path that cannot be written exits 2 with FILE:1:1: and the reason")
    func badPath() throws {
        let path = Paths.temporary("no-such-folder/timeline.json")
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless", "--perfetto", path])
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderrLines.first?.hasPrefix("\(path):1:1: cannot write the Perfetto trace: ") == true, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        // The window's replay and `run` check it before opening a window.
        for args in [["replay", "scenes/double-tap.yaml", Paths.recording("double-tap")], ["run", "scenes/double-tap.yaml"]] {
            let w = try CLIRun.run(args + ["--perfetto", path], environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
            #expect(w.status == 2, "\(args): \(w.stderr)")
            #expect(w.stderr.contains("cannot write the Perfetto trace"), "\(args): \(w.stderr)")
        }
    }

    @Test("a --trace path that cannot be written is bad input too: exit 2 with FILE:1:1:")
    func badTracePath() throws {
        let path = Paths.temporary("no-such-folder/trace.jsonl")
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless", "--trace", path])
        #expect(r.status == 2)
        #expect(r.stderrLines.first?.hasPrefix("\(path):1:1: cannot write the trace: ") == true, "\(r.stderr)")
        let w = try CLIRun.run(["run", "scenes/double-tap.yaml", "--trace", path],
                               environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
        #expect(w.status == 2, "\(w.stderr)")
    }

    @Test("--help of run and replay names --perfetto")
    func help() throws {
        for command in ["run", "replay"] {
            let r = try CLIRun.run([command, "--help"])
            #expect(r.stdout.contains("--perfetto <file>"), "\(command): \(r.stdout)")
        }
    }
}
