// Long input in bounded memory: `diff` compares two runs kept as numbers (`RunDiff.streamed`)
// and `sweep` resamples as it reads (`ResampleStream`). Each is checked against an
// independent computation: the diff of the two runs kept whole (`RunDiff(a:b:...)`, the
// window's what-if), and resampling as it was written before it streamed (whole strokes
// collected, then sorted), kept here as the reference.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("Long input: diff and sweep streamed")
struct StreamedRunTests {
    /// A run of `recording` in `scene` with `settings` into `sink`.
    static func replay(_ scene: String, _ settings: [String], _ recording: String, into sink: TraceSink) throws {
        let parsed = try settings.map { try SceneSetting(parsing: $0) }
        let session = SceneSession(scene: try SceneLoader.load(path: Paths.scenes + "/\(scene).yaml", settings: parsed))
        session.app.tracer.sink = sink
        try Replayer(session: session, recording: try RecordingReader(path: recording)).run(until: nil)
    }

    static let demo = Paths.root + "/scenes/recordings/"
    static let tests = Paths.root + "/Tests/touchscopeTests/Recordings/"

    @Test("the streamed diff says what the diff of the whole runs says", arguments: [
        ("double-tap", demo + "double-tap-slow.jsonl", ["doubleTap.maximumInterval=0.45"], demo + "double-tap-slow.jsonl"),
        ("double-tap", demo + "double-tap.jsonl", [], demo + "double-tap.jsonl"),
        ("double-tap", demo + "double-tap.jsonl", ["doubleTap.maximumInterval=0.1"], demo + "double-tap.jsonl"),
        ("double-tap", demo + "double-tap.jsonl", [], demo + "double-tap-slow.jsonl"),
        ("double-tap", demo + "double-tap-slow.jsonl", [], demo + "double-tap.jsonl"),
        ("swipe-pan", demo + "swipe-pan.jsonl", ["swipe.minimumSpeed=5000"], demo + "swipe-pan.jsonl"),
        ("long-press", tests + "long-press-flick.jsonl", ["press.allowableMovement=40"], tests + "long-press-flick.jsonl"),
    ])
    func diff(scene: String, recordingA: String, settings: [String], recordingB: String) throws {
        final class Keep: TraceSink {
            var records: [TraceRecord] = []
            var builder = VerdictBuilder()
            func receive(_ record: consuming TraceRecord) { let r = copy record; records.append(r); builder.add(r) }
        }
        let a = Keep(), b = Keep()
        try Self.replay(scene, [], recordingA, into: a)
        try Self.replay(scene, settings, recordingB, into: b)
        let whole = RunDiff(a: a.records, b: b.records, sequencesA: a.builder.sequences, sequencesB: b.builder.sequences)
        let streamed = try RunDiff.streamed { isA, sink in
            try Self.replay(scene, isA ? [] : settings, isA ? recordingA : recordingB, into: sink)
        }
        #expect(streamed.text == whole.text)
        #expect(streamed.json == whole.json)
        #expect(streamed.decisionCounts == (whole.decisionsA.count, whole.decisionsB.count))
    }

    /// Resampling as `Resample.inputs` did before it streamed: each finger's whole stroke
    /// collected, resampled at its lift, everything sorted by time at the end.
    static func reference(_ inputs: [RawInput], rate: Double, jitter: Double, seed: UInt64) -> [RawInput] {
        var out: [(t: Double, order: Int, input: RawInput)] = []
        var order = 0
        func emit(_ i: RawInput) { out.append((i.t, order, i)); order += 1 }
        var strokes: [Int: [RawInput]] = [:]
        var rng = SplitMix64(seed: seed)
        func finish(_ stroke: [RawInput]) {
            guard let down = stroke.first, let up = stroke.last, stroke.count >= 2 else { return }
            emit(down)
            var n = (down.t * rate).rounded(.down) + 1
            var last = down.t, k = 0
            var reported = (x: down.fingerPlace!.x, y: down.fingerPlace!.y)
            while n / rate < up.t {
                var t = n / rate
                if jitter > 0 { t += (rng.unit() * 2 - 1) * jitter }
                t = max(t, last)
                if t >= up.t { break }
                if t > down.t {
                    while k + 1 < stroke.count - 1, stroke[k + 1].t <= t { k += 1 }
                    let a = stroke[k], b = stroke[k + 1]
                    let f = b.t > a.t ? max(0, min(1, (t - a.t) / (b.t - a.t))) : 1
                    let p = a.fingerPlace!, q = b.fingerPlace!
                    if p.x == q.x, p.y == q.y, a.fingerPressure == b.fingerPressure, reported.x == p.x, reported.y == p.y {
                        n = max(n + 1, (b.t * rate).rounded(.up))
                        continue
                    }
                    let x = p.x + (q.x - p.x) * f, y = p.y + (q.y - p.y) * f
                    emit(RawInput(t: t, .fingerMove(finger: p.finger, x: x, y: y, pressure: b.fingerPressure ?? a.fingerPressure, device: p.device)))
                    last = t
                    reported = (x, y)
                }
                n += 1
            }
            emit(up)
        }
        for input in inputs {
            switch input.kind {
            case let .fingerDown(f, _, _, _, _):
                if let open = strokes[f] { finish(open) }
                strokes[f] = [input]
            case let .fingerMove(f, _, _, _, _):
                if strokes[f] != nil { strokes[f]?.append(input) } else { emit(input) }
            case let .fingerUp(f, _, _, _, _):
                if var s = strokes[f] { s.append(input); finish(s); strokes[f] = nil } else { emit(input) }
            default: emit(input)
            }
        }
        for s in strokes.values { for i in s { emit(i) } }   // fingers still down at the end: as recorded
        return out.sorted { ($0.t, $0.order) < ($1.t, $1.order) }.map(\.input)
    }

    /// Seeded strokes of one finger at a time (taps, drags, rests, a key between), each lifted.
    static func strokes(seed: UInt64) -> [RawInput] {
        var rng = SplitMix64(seed: seed)
        var t = 0.0, out: [RawInput] = []
        for _ in 0..<40 {
            t += 0.05 + rng.unit() * 0.3
            var x = 100 + rng.unit() * 500, y = 100 + rng.unit() * 300
            out.append(RawInput(t: t, .fingerDown(finger: 1, x: x, y: y)))
            for _ in 0..<Int(rng.unit() * 30) {
                t += 0.001 + rng.unit() * 0.02
                if rng.unit() < 0.8 { x += rng.unit() * 8 - 4; y += rng.unit() * 8 - 4 }   // else it rests
                out.append(RawInput(t: t, .fingerMove(finger: 1, x: x, y: y)))
            }
            // A key inside the stroke, never at the instant of one of its samples (see `ties`).
            if rng.unit() < 0.2 { t += 0.0005; out.append(RawInput(t: t, .keyDown(key: "A"))) }
            t += 0.01
            out.append(RawInput(t: t, .fingerUp(finger: 1, x: x, y: y)))
        }
        return out
    }

    @Test("a stream resamples one finger's strokes as the whole-stroke reference does, with and without jitter",
          arguments: [(60.0, 0.0), (120.0, 0.0), (240.0, 0.002), (1000.0, 0.0005), (37.0, 0.004)])
    func resampleAsBefore(rate: Double, jitter: Double) {
        for seed in UInt64(1)...12 {
            let inputs = Self.strokes(seed: seed)
            var s = ResampleStream(rate: rate, jitter: jitter, seed: seed)
            var streamed: [RawInput] = []
            for i in inputs { streamed += s.push(i) }
            streamed += s.finish()
            let want = Self.reference(inputs, rate: rate, jitter: jitter, seed: seed)
            let k = streamed.indices.first { $0 >= want.count || streamed[$0] != want[$0] } ?? streamed.count
            #expect(streamed == want, "seed \(seed) at \(rate) Hz: \(streamed.count) against \(want.count); first difference at \(k): \(streamed.dropFirst(k).prefix(3).map { "\($0.t) \($0.kind)" }) against \(want.dropFirst(k).prefix(3).map { "\($0.t) \($0.kind)" })")
        }
    }

    // The one difference from the reference, on purpose: an input at the very instant of a
    // landing keeps the order it was recorded in (the reference put the landing after it,
    // because it placed a stroke only at its lift).
    @Test("a landing and a key at one instant keep the recorded order")
    func ties() {
        let down = RawInput(t: 1, .fingerDown(finger: 1, x: 10, y: 10)), key = RawInput(t: 1, .keyDown(key: "A"))
        let up = RawInput(t: 1.01, .fingerUp(finger: 1, x: 10, y: 10))
        #expect(Resample.inputs([down, key, up], rate: 60) == [down, key, up])
        #expect(Self.reference([down, key, up], rate: 60, jitter: 0, seed: 1) == [key, down, up])
    }

    @Test("one finger moving for 300,000 samples (5 minutes at 1 kHz) is resampled holding a handful of inputs, not the stroke")
    func longStrokeBounded() {
        var s = ResampleStream(rate: 240)
        var most = 0, out = 0
        out += s.push(RawInput(t: 0, .fingerDown(finger: 1, x: 0, y: 0))).count
        for k in 1...300_000 {
            let t = Double(k) / 1000
            out += s.push(RawInput(t: t, .fingerMove(finger: 1, x: 100 + 50 * sin(t), y: 100 + 50 * cos(t)))).count
            most = max(most, s.held)
        }
        out += s.push(RawInput(t: 300.001, .fingerUp(finger: 1, x: 0, y: 0))).count
        out += s.finish().count
        #expect(most < 200, "held \(most) inputs at once")
        // The landing, a tick every 1/240 s strictly inside (0, 300.001) s, the lift.
        #expect(out == 2 + Int((300.001 * 240).rounded(.down)))
    }
}
