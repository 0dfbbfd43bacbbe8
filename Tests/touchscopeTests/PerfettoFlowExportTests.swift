// Flows in a recording's timeline: the double tap's path from each touch sample to the
// decisions it caused, worked out by hand from the recording and its golden trace.
import Foundation
import Testing
import TestSupport
import TouchCore
import TouchScene

@Suite("Perfetto export of the recordings: flows")
struct PerfettoFlowExportTests {
    @Test("the double tap's flows: each touch sample to the messages, waits and recognizer states it caused; the timer's decisions have none")
    func doubleTapFlows() throws {
        let description = try SceneLoader.load(path: Paths.scene("double-tap"))
        let session = SceneSession(scene: description)
        let path = Paths.temporary("double-tap.flows.perfetto.json")
        let writer = try PerfettoWriter(path: path, scene: description.name)
        session.app.tracer.sink = writer
        let replayer = Replayer(session: session, recording: try RecordingReader(path: Paths.recording("double-tap")))
        try replayer.run(until: nil)
        writer.close(at: replayer.endTime)
        let trace = try ChromeTrace(path: path)
        #expect(trace.problems.isEmpty, "\(trace.problems.prefix(5))")
        // Six samples: three taps, each a began and an ended, no moves.
        let input = trace.events(on: "input", ph: "X")
        #expect(input.map { $0["name"] as? String } == ["touch 1 began", "touch 1 ended", "touch 2 began", "touch 2 ended",
                                                        "touch 3 began", "touch 3 ended"])
        #expect(input.map { ChromeTrace.integer($0["ts"]) } == [100_000, 180_000, 300_000, 380_000, 2_000_000, 2_080_000])
        // Each flow end, in file order, with the event it follows: (id, start, track, name).
        let names = trace.trackNames
        var starts: [Int: Int] = [:]
        var ends: [String] = []
        for (k, e) in trace.events.enumerated() {
            guard let ph = e["ph"] as? String, ph == "s" || ph == "f", let id = ChromeTrace.integer(e["id"]),
                  let ts = ChromeTrace.integer(e["ts"]) else { continue }
            if ph == "s" {
                #expect(ChromeTrace.integer(e["tid"]).flatMap { names[$0] } == "input")
                starts[id] = ts
                continue
            }
            let target = trace.events[k - 1]
            #expect(ChromeTrace.integer(target["ts"]) == ts && target["tid"] as? NSNumber == e["tid"] as? NSNumber)
            ends.append("\(id) @\(starts[id] ?? -1) \(ChromeTrace.integer(target["tid"]).flatMap { names[$0] } ?? "?"): \(target["name"] as? String ?? "?")")
        }
        #expect(ends == [
            "1 @100000 touch 1: touchesBegan: pad",
            // touch 1 lifts: singleTap must wait for doubleTap (its touchesEnded is held back: no message).
            "2 @180000 singleTap: blocked until doubleTap fails",
            "3 @300000 touch 2: touchesBegan: pad",
            // touch 2 lifts: doubleTap recognizes, cancels both touches in the view, singleTap fails;
            // the state slices are written (with their flow ends) when the resets leave them.
            "5 @380000 touch 1: touchesCancelled: pad",
            "6 @380000 touch 2: touchesCancelled: pad",
            "4 @380000 doubleTap: recognized",
            "7 @380000 singleTap: failed",
            "8 @2000000 touch 3: touchesBegan: pad",
            "9 @2080000 singleTap: blocked until doubleTap fails",
            // At 2.43 s doubleTap's timer fails it: no sample, no flow.
        ])
    }

    @Test("replay in a window (SDL's dummy video driver): each touch sample also flows to a frame drawn at or after it, and every frame written shows samples")
    func windowedFrames() throws {
        let path = Paths.temporary("cli.windowed.flows.perfetto.json")
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--perfetto", path],
                               environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let trace = try ChromeTrace(path: path)
        #expect(trace.problems.isEmpty, "\(trace.problems.prefix(5))")
        let names = trace.trackNames
        let input = trace.events(on: "input", ph: "X").compactMap { ChromeTrace.integer($0["ts"]) }
        #expect(input.count == 6)
        let frames = trace.events(on: "frames", ph: "X")
        // Flows into frames: from each sample's time (six distinct times), each to a later frame.
        var starts: [Int: Int] = [:]
        var toFrames: [(start: Int, frame: Int)] = []
        for e in trace.events {
            guard let ph = e["ph"] as? String, ph == "s" || ph == "f", let id = ChromeTrace.integer(e["id"]),
                  let ts = ChromeTrace.integer(e["ts"]) else { continue }
            if ph == "s" { starts[id] = ts } else if ChromeTrace.integer(e["tid"]).flatMap({ names[$0] }) == "frames" {
                toFrames.append((starts[id] ?? -1, ts))
            }
        }
        #expect(toFrames.map(\.start).sorted() == input)
        for f in toFrames { #expect(f.frame >= f.start) }
        #expect(frames.map { ChromeTrace.integer(($0["args"] as? [String: Any])?["samples"]) ?? 0 }.reduce(0, +) == 6)
        #expect(Set(toFrames.map(\.frame)) == Set(frames.compactMap { ChromeTrace.integer($0["ts"]) }))
    }
}
