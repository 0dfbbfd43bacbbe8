// PerfettoWriter's flows: each touch sample is a slice on the input track, and each decision
// that sample caused (what follows it at the same time, before the next sample) is joined to
// it by a flow start on the input track and a flow end right after the decision's event.
import Foundation
import Testing
import TestSupport
@testable import TouchScene

private func flowExport(_ records: [TraceRecord], name: String = #function) throws -> ChromeTrace {
    let path = Paths.temporary("perfetto-flow-\(name.filter(\.isLetter)).json")
    let w = try PerfettoWriter(path: path, scene: "flows")
    for r in records { w.receive(r) }
    w.close()
    return ChromeTrace(data: try Data(contentsOf: URL(fileURLWithPath: path)))
}

private func fingerSample(_ t: Double, _ touch: Int, _ phase: TouchPhase, _ x: Double) -> TraceRecord {
    TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: 1), point: Point(x: x, y: 100),
                                                phase: phase, pressure: 1, isEmulated: false)))
}

private func pan(_ t: Double, _ from: GestureState, _ to: GestureState, _ reason: String) -> TraceRecord {
    TraceRecord(t: t, .gesture(recognizer: TraceName("pan"), view: "photo", from: from, to: to, reason: TraceText(reason),
                               outputs: GestureOutputs()))
}

/// A flow as the file shows it: its id, when it starts (on which track), and the last event
/// before its end that is not a flow (the slice it ends on): that event's track, name and time.
private struct Flow: Equatable, CustomStringConvertible {
    var id: Int
    var start: Int
    var startTrack: String
    var track: String
    var name: String
    var ts: Int
    var description: String { "flow \(id) @\(start) on \(startTrack) -> \(track): \(name) @\(ts)" }
}

private func flows(_ trace: ChromeTrace) -> [Flow] {
    let names = trace.trackNames
    var starts: [Int: (ts: Int, track: String)] = [:]
    var out: [Flow] = []
    for (k, e) in trace.events.enumerated() {
        guard let ph = e["ph"] as? String, ph == "s" || ph == "f", let id = ChromeTrace.integer(e["id"]),
              let ts = ChromeTrace.integer(e["ts"]), let tid = ChromeTrace.integer(e["tid"]) else { continue }
        if ph == "s" { starts[id] = (ts, names[tid] ?? "?"); continue }
        // The last event before the flow end in the file that is not a flow: the slice it ends on.
        let before = trace.events[..<k].last { !["s", "f"].contains($0["ph"] as? String) }
        let target = before ?? [:]
        out.append(Flow(id: id, start: starts[id]?.ts ?? -1, startTrack: starts[id]?.track ?? "?",
                        track: ChromeTrace.integer(target["tid"]).flatMap { names[$0] } ?? "?",
                        name: target["name"] as? String ?? "?", ts: ChromeTrace.integer(target["ts"]) ?? -1))
    }
    return out
}

@Suite("Perfetto export: flows from input to decisions")
struct PerfettoFlowTests {
    @Test("each decision a touch sample caused gets a flow from the sample's input slice; a timer's decision and a sample that caused nothing get none")
    func flowsFromSamples() throws {
        let records: [TraceRecord] = [
            TraceRecord(t: 0.5, .hitTest(touch: 1, point: Point(x: 100, y: 100), path: [HitStep(view: "photo", verdict: .hit)], view: "photo")),
            fingerSample(0.5, 1, .began, 100),
            TraceRecord(t: 0.5, .touches(phase: .began, view: "photo", touches: [1], reason: nil)),
            pan(0.5, .possible, .began, "began: moved 10 points"),
            TraceRecord(t: 0.5, .control(control: "button", event: "touchDown")),
            TraceRecord(t: 0.5, .action(sender: "button", action: "play", target: nil, handledBy: "player")),
            // Later, without a sample: not caused by input (a timer).
            pan(0.6, .began, .changed, "changed: moved"),
            TraceRecord(t: 0.6, .failureWait(recognizer: "tap", waitingFor: ["pan"])),
            // A sample that causes nothing.
            fingerSample(0.7, 1, .moved, 110),
            fingerSample(1.0, 1, .ended, 120),
            TraceRecord(t: 1.0, .touches(phase: .ended, view: "photo", touches: [1], reason: nil)),
            pan(1.0, .changed, .ended, "ended: last finger lifted"),
            pan(1.0, .ended, .possible, "reset: its touches are over"),
            TraceRecord(t: 1.0, .failureWait(recognizer: "tap", waitingFor: ["pan"])),
            TraceRecord(t: 1.0, .firstResponder(from: nil, to: "field", reason: "tapped")),
            TraceRecord(t: 1.0, .note(topic: "interaction", text: "a note is not a decision")),
        ]
        let trace = try flowExport(records)
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        // One input slice (duration 0) per sample.
        let input = trace.events(on: "input", ph: "X")
        #expect(input.map { $0["name"] as? String } == ["touch 1 began", "touch 1 moved", "touch 1 ended"])
        #expect(input.map { ChromeTrace.integer($0["ts"]) } == [500_000, 700_000, 1_000_000])
        #expect(input.map { ChromeTrace.integer($0["dur"]) } == [0, 0, 0])
        #expect(input.map { ($0["args"] as? [String: Any])?["phase"] as? String } == ["began", "moved", "ended"])
        // Ids in the order the decisions came; pan's state slices end their flow when written.
        let expected = [
            Flow(id: 1, start: 500_000, startTrack: "input", track: "touch 1", name: "touchesBegan: photo", ts: 500_000),
            Flow(id: 3, start: 500_000, startTrack: "input", track: "controls", name: "button: touchDown", ts: 500_000),
            Flow(id: 4, start: 500_000, startTrack: "input", track: "actions", name: "play → player", ts: 500_000),
            Flow(id: 2, start: 500_000, startTrack: "input", track: "pan", name: "began", ts: 500_000),
            Flow(id: 5, start: 1_000_000, startTrack: "input", track: "touch 1", name: "touchesEnded: photo", ts: 1_000_000),
            Flow(id: 6, start: 1_000_000, startTrack: "input", track: "pan", name: "ended", ts: 1_000_000),
            Flow(id: 7, start: 1_000_000, startTrack: "input", track: "tap", name: "blocked until pan fails", ts: 1_000_000),
            Flow(id: 8, start: 1_000_000, startTrack: "input", track: "responders", name: "first responder: field", ts: 1_000_000),
        ]
        #expect(flows(trace) == expected)
        // Every flow event is named and categorized `input`; every end binds to its enclosing slice.
        for e in trace.events where ["s", "f"].contains(e["ph"] as? String) {
            #expect(e["name"] as? String == "input" && e["cat"] as? String == "input")
            if e["ph"] as? String == "f" { #expect(e["bp"] as? String == "e") }
        }
    }

    @Test("two samples at the same time: each one's decisions flow from its own input slice")
    func samplesAtOneTime() throws {
        let records: [TraceRecord] = [
            fingerSample(0.5, 1, .began, 100),
            TraceRecord(t: 0.5, .touches(phase: .began, view: "photo", touches: [1], reason: nil)),
            fingerSample(0.5, 2, .began, 200),
            TraceRecord(t: 0.5, .touches(phase: .began, view: "photo", touches: [2], reason: nil)),
        ]
        let trace = try flowExport(records)
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        // In the file: touch 1's slice, its flow start, ..., touch 2's slice, its flow start.
        let kinds = trace.events.filter { $0["ph"] as? String == "s" || ($0["cat"] as? String == "input" && $0["ph"] as? String == "X") }
            .map { e in e["ph"] as? String == "s" ? "s \(ChromeTrace.integer(e["id"]) ?? -1)" : e["name"] as? String ?? "?" }
        #expect(kinds == ["touch 1 began", "s 1", "touch 2 began", "s 2"])
        #expect(flows(trace).map(\.track) == ["touch 1", "touch 2"])
    }

    @Test("a state slice still open at the end ends its flow when close() writes it")
    func openAtEnd() throws {
        let trace = try flowExport([fingerSample(0.5, 1, .began, 100), pan(0.5, .possible, .began, "began: moved 10 points")])
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        #expect(flows(trace) == [Flow(id: 1, start: 500_000, startTrack: "input", track: "pan", name: "began", ts: 500_000)])
    }

    @Test("once a frame is recorded, each sample's time gets one flow to the next frame drawn; a frame that shows no sample is not written")
    func frames() throws {
        let path = Paths.temporary("perfetto-flow-frames.json")
        let w = try PerfettoWriter(path: path, scene: "flows")
        w.receive(fingerSample(0.1, 1, .began, 100))     // before any frame: no frame flow
        w.frame(at: 0.12)                                 // the first frame: starts the bookkeeping
        w.frame(at: 0.13)                                 // shows nothing: not written
        w.receive(fingerSample(0.2, 1, .moved, 110))
        w.receive(fingerSample(0.2, 2, .began, 300))      // same time: one flow, from this one
        w.receive(TraceRecord(t: 0.2, .touches(phase: .began, view: "photo", touches: [2], reason: nil)))
        w.receive(fingerSample(0.25, 1, .moved, 120))
        w.frame(at: 0.26)
        w.receive(fingerSample(0.3, 1, .ended, 130))
        w.frame(at: 0.31)
        w.close()
        let trace = try ChromeTrace(path: path)
        #expect(trace.problems.isEmpty, "\(trace.problems)")
        let frames = trace.events(on: "frames", ph: "X")
        #expect(frames.map { ChromeTrace.integer($0["ts"]) } == [260_000, 310_000])
        #expect(frames.map { ChromeTrace.integer(($0["args"] as? [String: Any])?["samples"]) } == [2, 1])
        // The touches message's flow (1), then the frames': their starts come in sample order.
        #expect(flows(trace) == [
            Flow(id: 1, start: 200_000, startTrack: "input", track: "touch 2", name: "touchesBegan: photo", ts: 200_000),
            Flow(id: 2, start: 200_000, startTrack: "input", track: "frames", name: "frame", ts: 260_000),
            Flow(id: 3, start: 250_000, startTrack: "input", track: "frames", name: "frame", ts: 260_000),
            Flow(id: 4, start: 300_000, startTrack: "input", track: "frames", name: "frame", ts: 310_000),
        ])
    }

    @Test("the checker rejects a flow without an id, an end without bp e, an end with no start, and a start never ended")
    func checkerRules() {
        func problems(_ events: String) -> [String] {
            ChromeTrace(data: Data(("{\"traceEvents\":[{\"name\":\"process_name\",\"ph\":\"M\",\"ts\":0,\"pid\":1,\"tid\":1,\"args\":{\"name\":\"p\"}},"
                + "{\"name\":\"thread_name\",\"ph\":\"M\",\"ts\":0,\"pid\":1,\"tid\":2,\"args\":{\"name\":\"t\"}}," + events + "]}").utf8)).problems
        }
        #expect(problems("{\"name\":\"a\",\"ph\":\"s\",\"id\":1,\"ts\":5,\"pid\":1,\"tid\":2},{\"name\":\"a\",\"ph\":\"f\",\"bp\":\"e\",\"id\":1,\"ts\":5,\"pid\":1,\"tid\":2}").isEmpty)
        #expect(problems("{\"name\":\"a\",\"ph\":\"s\",\"ts\":5,\"pid\":1,\"tid\":2}").contains { $0.contains("without an integer id") })
        #expect(problems("{\"name\":\"a\",\"ph\":\"s\",\"id\":1,\"ts\":5,\"pid\":1,\"tid\":2},{\"name\":\"a\",\"ph\":\"f\",\"id\":1,\"ts\":5,\"pid\":1,\"tid\":2}")
            .contains { $0.contains("without bp") })
        #expect(problems("{\"name\":\"a\",\"ph\":\"f\",\"bp\":\"e\",\"id\":1,\"ts\":5,\"pid\":1,\"tid\":2}").contains { $0.contains("before any start") })
        #expect(problems("{\"name\":\"a\",\"ph\":\"s\",\"id\":1,\"ts\":5,\"pid\":1,\"tid\":2}") == ["flow 1 never ends"])
    }
}
