// VerdictBuilder: sequences from touch samples, attempts from hit tests, outcomes from the
// first deciding transition, waits from failure waits, and the margin of a too-slow tap.
// Expected values come from the rules of issue 27 (VerdictBuilder.swift's header), SPEC.md
// section 5 and Defaults.swift (tapInterval 0.35 s), never from a run.
import Testing
@testable import TouchCore

/// Records written by hand, as the application traces them.
private struct Feed {
    var builder = VerdictBuilder()

    mutating func hit(_ touch: Int, at t: Double, view: TraceName? = "pad", _ recognizers: [TraceName]) {
        builder.add(TraceRecord(t: t, .hitTest(touch: touch, point: Point(x: 400, y: 300), path: [], view: view,
                                               recognizers: recognizers)))
    }
    mutating func sample(_ touch: Int, _ phase: TouchPhase, at t: Double) {
        builder.add(TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: touch),
                                                                point: Point(x: 400, y: 300), phase: phase,
                                                                pressure: 1, isEmulated: false))))
    }
    /// A landing as the application traces it: the hit test, then the `began` sample.
    mutating func land(_ touch: Int, at t: Double, view: TraceName? = "pad", _ recognizers: [TraceName]) {
        hit(touch, at: t, view: view, recognizers)
        sample(touch, .began, at: t)
    }
    mutating func gesture(_ r: TraceName, _ from: GestureState, _ to: GestureState, at t: Double,
                          _ reason: String = "", view: TraceName = "pad", _ decision: GestureDecision? = nil) {
        builder.add(TraceRecord(t: t, .gesture(recognizer: r, view: view, from: from, to: to, reason: TraceText(reason),
                                               outputs: GestureOutputs()), decision: decision))
    }
    mutating func wait(_ r: TraceName, for others: [TraceName], at t: Double) {
        builder.add(TraceRecord(t: t, .failureWait(recognizer: r, waitingFor: others)))
    }

    var sequences: [SequenceVerdict] { builder.sequences }
}

extension SequenceVerdict {
    func recognizer(_ id: String) -> RecognizerVerdict? { recognizers.first { $0.id == id } }
}

@Suite("Verdict builder")
struct VerdictBuilderTests {
    /// The double-tap scene's recording (scenes/double-tap.yaml, Tests/touchscopeTests/
    /// Recordings/double-tap.jsonl) as the application traces it: two taps 0.12 s apart, then
    /// one tap alone. singleTap requires doubleTap to fail (SPEC.md section 5).
    private func doubleTapFeed() -> Feed {
        var f = Feed()
        f.land(1, at: 0.1, ["doubleTap", "singleTap"])
        f.sample(1, .ended, at: 0.18)
        f.wait("singleTap", for: ["doubleTap"], at: 0.18)
        f.land(2, at: 0.3, ["doubleTap"])
        f.sample(2, .ended, at: 0.38)
        f.gesture("doubleTap", .possible, .recognized, at: 0.38, "recognized: 2 taps of 1 finger",
                  GestureDecision(.tapCount, measured: 2, limit: 2, unit: .touches))
        f.gesture("singleTap", .possible, .failed, at: 0.38, "failed: requires doubleTap to fail, which recognized",
                  GestureDecision(.failureRequirement, by: ["doubleTap"]))
        f.gesture("doubleTap", .recognized, .possible, at: 0.38, "reset: its touches are over")
        f.gesture("singleTap", .failed, .possible, at: 0.38, "reset: its touches are over")
        f.land(3, at: 2, ["doubleTap", "singleTap"])
        f.sample(3, .ended, at: 2.08)
        f.wait("singleTap", for: ["doubleTap"], at: 2.08)
        f.gesture("doubleTap", .possible, .failed, at: 2.43, "failed: waited 0.35 s for tap 2 of 2",
                  GestureDecision(.tapInterval, limit: 0.35, unit: .s))
        f.gesture("singleTap", .possible, .recognized, at: 2.43, "recognized: doubleTap failed")
        f.gesture("doubleTap", .failed, .possible, at: 2.43, "reset: its touches are over")
        f.gesture("singleTap", .recognized, .possible, at: 2.43, "reset: its touches are over")
        return f
    }

    @Test("a sequence starts when a finger lands with none down and ends when the last lifts: three taps, three sequences")
    func sequencesOfTaps() throws {
        let s = doubleTapFeed().sequences
        try #require(s.count == 3)
        #expect(s.map(\.start) == [0.1, 0.3, 2])
        #expect(s.map(\.end) == [0.18, 0.38, 2.08])
        #expect(s.map(\.touches) == [[VerdictTouch(id: 1, view: "pad")], [VerdictTouch(id: 2, view: "pad")],
                                     [VerdictTouch(id: 3, view: "pad")]])
    }

    @Test("the double tap's one attempt belongs to both taps' sequences; the single tap only to the first, which listed it")
    func attemptAcrossSequences() throws {
        let s = doubleTapFeed().sequences
        try #require(s.count == 3)
        #expect(s[0].recognizers.map(\.id) == ["doubleTap", "singleTap"])
        #expect(s[1].recognizers.map(\.id) == ["doubleTap"])
        #expect(s[0].recognizer("doubleTap") == s[1].recognizer("doubleTap"))
        #expect(s[0].winners == ["doubleTap"] && s[1].winners == ["doubleTap"])
        let double = try #require(s[0].recognizer("doubleTap"))
        #expect(double.outcome == .recognized && double.at == 0.38 && double.view == "pad")
        #expect(double.reason == "recognized: 2 taps of 1 finger")
        #expect(double.decision?.rule == .tapCount)
    }

    @Test("the loser of the first tap: failed by its failure requirement, after waiting 0.2 s for doubleTap")
    func loserWithWait() throws {
        let single = try #require(doubleTapFeed().sequences.first?.recognizer("singleTap"))
        #expect(single.outcome == .failed)
        #expect(single.at == 0.38)
        #expect(single.reason == "failed: requires doubleTap to fail, which recognized")
        #expect(single.decision == GestureDecision(.failureRequirement, by: ["doubleTap"]))
        #expect(single.waits == [VerdictWait(waitedFor: ["doubleTap"], from: 0.18, until: 0.38)])
        #expect(single.waitedFor == ["doubleTap"])
        #expect(abs((single.waits.first?.duration ?? 0) - 0.2) < 1e-12)
    }

    @Test("a tap alone: doubleTap fails when the interval runs out and the waiting singleTap recognizes")
    func tapAlone() throws {
        let s = try #require(doubleTapFeed().sequences.last)
        #expect(s.winners == ["singleTap"])
        let double = try #require(s.recognizer("doubleTap"))
        #expect(double.outcome == .failed && double.at == 2.43)
        #expect(double.decision?.rule == .tapInterval)
        // No later landing lists doubleTap: nothing says how late a second tap was.
        #expect(double.decision?.measured == nil && double.decision?.margin == nil)
        let single = try #require(s.recognizer("singleTap"))
        #expect(single.waits == [VerdictWait(waitedFor: ["doubleTap"], from: 2.08, until: 2.43)])
    }

    @Test("settled: fingers up and every attempt decided; the first tap settles only when doubleTap decides")
    func settling() throws {
        var f = Feed()
        f.land(1, at: 0.1, ["doubleTap", "singleTap"])
        #expect(f.sequences.first?.settled == false)
        f.sample(1, .ended, at: 0.18)
        f.wait("singleTap", for: ["doubleTap"], at: 0.18)
        // Fingers up, but both recognizers undecided.
        #expect(f.sequences.first?.settled == false)
        #expect(f.builder.latestSettled == nil)
        #expect(f.sequences.first?.recognizer("singleTap")?.outcome == .undecided)
        f.land(2, at: 0.3, ["doubleTap"])
        f.sample(2, .ended, at: 0.38)
        f.gesture("doubleTap", .possible, .recognized, at: 0.38)
        // singleTap (of the first sequence only) is still undecided: the second settled, the first not.
        #expect(f.sequences.map(\.settled) == [false, true])
        #expect(f.builder.latestSettled?.start == 0.3)
        f.gesture("singleTap", .possible, .failed, at: 0.38, "", GestureDecision(.failureRequirement, by: ["doubleTap"]))
        #expect(f.sequences.map(\.settled) == [true, true])
        #expect(f.sequences.map(\.settledAt) == [0.38, 0.38])
        #expect(f.builder.latestSettled?.start == 0.3)
    }

    @Test("a sequence with no recognizer settles when its last finger lifts")
    func noRecognizers() {
        var f = Feed()
        f.land(1, at: 1, view: nil, [])
        #expect(f.builder.latestSettled == nil)
        f.sample(1, .ended, at: 1.5)
        #expect(f.builder.latestSettled == SequenceVerdict(start: 1, end: 1.5, touches: [VerdictTouch(id: 1, view: nil)],
                                                           settled: true, settledAt: 1.5))
    }

    @Test("two fingers make one sequence until the last lifts; a cancelled touch ends it too")
    func twoFingersAndCancel() throws {
        var f = Feed()
        f.land(1, at: 0, ["pinch"])
        f.land(2, at: 0.05, view: "photo", ["pinch"])
        f.sample(1, .ended, at: 0.5)
        #expect(f.sequences.count == 1 && f.sequences[0].end == nil)
        f.sample(2, .cancelled, at: 0.7)
        #expect(f.sequences.count == 1)
        #expect(f.sequences[0].end == 0.7)
        #expect(f.sequences[0].touches.map(\.id) == [1, 2])
        #expect(f.sequences[0].touches.map(\.view) == ["pad", "photo"])
        // One attempt, listed twice in the same sequence, appears once.
        #expect(f.sequences[0].recognizers.map(\.id) == ["pinch"])
        f.land(3, at: 1, ["pinch"])
        #expect(f.sequences.count == 2 && f.sequences[1].start == 1)
    }

    @Test("a touch id that comes again after it lifted (a reloaded scene's new application) lands again")
    func touchIDsAgain() {
        var f = Feed()
        f.land(1, at: 0, ["tap"])
        f.sample(1, .cancelled, at: 0.1)
        f.land(1, at: 0.2, view: "other", ["tap"])
        #expect(f.sequences.map(\.start) == [0, 0.2])
        #expect(f.sequences[1].touches == [VerdictTouch(id: 1, view: "other")])
        f.sample(1, .ended, at: 0.3)
        #expect(f.sequences[1].end == 0.3)
    }

    @Test("a continuous gesture's outcome is its first deciding transition; finalState keeps where it went")
    func continuousOutcome() throws {
        var f = Feed()
        f.land(1, at: 0, ["pan", "swipe"])
        f.gesture("pan", .possible, .began, at: 0.1, "began: moved 12 pt", GestureDecision(.slop, measured: 12, limit: 10, unit: .pt))
        f.gesture("swipe", .possible, .failed, at: 0.1, "failed: pan began", GestureDecision(.exclusivity, by: ["pan"]))
        f.gesture("pan", .began, .changed, at: 0.2, "changed")
        f.gesture("pan", .changed, .cancelled, at: 0.3, "cancelled: touches cancelled", GestureDecision(.interrupted))
        f.sample(1, .cancelled, at: 0.3)
        let pan = try #require(f.sequences.first?.recognizer("pan"))
        #expect(pan.outcome == .began && pan.at == 0.1 && pan.reason == "began: moved 12 pt")
        #expect(pan.decision?.margin == 2)
        #expect(pan.finalState == .cancelled)
        #expect(f.sequences.first?.winners == ["pan"])
        #expect(f.sequences.first?.losers.map(\.id) == ["swipe"])
        #expect(f.sequences.first?.settled == true)
    }

    @Test("a failure whose decision says neverBegan is the outcome neverBegan; a direct cancel is cancelled")
    func neverBeganAndCancelled() throws {
        var f = Feed()
        f.land(1, at: 0, ["press", "other"])
        f.sample(1, .ended, at: 0.3)
        f.gesture("press", .possible, .failed, at: 0.3, "failed: its touches ended before it recognized",
                  GestureDecision(.pressDuration, measured: 0.3, limit: 0.5, unit: .s, neverBegan: true))
        f.gesture("other", .possible, .cancelled, at: 0.3, "cancelled")
        let s = try #require(f.sequences.first)
        #expect(s.recognizer("press")?.outcome == .neverBegan)
        #expect(s.recognizer("press")?.decision?.marginText == "0.2 s too early")
        #expect(s.recognizer("other")?.outcome == .cancelled)
        #expect(s.winners.isEmpty)
    }

    @Test("a too-slow second tap: the interval failure gets measured from the late landing, 0.07 s too late")
    func lateTapMargin() throws {
        var f = Feed()
        f.land(1, at: 0.1, ["doubleTap"])
        f.sample(1, .ended, at: 0.18)
        f.gesture("doubleTap", .possible, .failed, at: 0.53, "failed: waited 0.35 s for tap 2 of 2",
                  GestureDecision(.tapInterval, limit: 0.35, unit: .s))
        f.gesture("doubleTap", .failed, .possible, at: 0.53, "reset: its touches are over")
        #expect(f.sequences[0].settled)
        #expect(f.sequences[0].recognizer("doubleTap")?.decision?.measured == nil)
        // A landing elsewhere that does not list doubleTap is not the late tap.
        f.land(2, at: 0.55, view: nil, [])
        f.sample(2, .ended, at: 0.56)
        #expect(f.sequences[0].recognizer("doubleTap")?.decision?.measured == nil)
        f.land(3, at: 0.6, ["doubleTap"])
        let d = try #require(f.sequences[0].recognizer("doubleTap")?.decision)
        // The interval began at the lift (0.53 − 0.35 = 0.18); the second tap landed at 0.6.
        #expect(abs((d.measured ?? 0) - 0.42) < 1e-9)
        #expect(abs((d.margin ?? 0) - 0.07) < 1e-9)
        #expect(d.marginText == "0.07 s too late")
        // The late tap opened a new attempt of its own, undecided.
        #expect(f.sequences[2].recognizer("doubleTap")?.outcome == .undecided)
        #expect(f.sequences[2].recognizer("doubleTap")?.decision == nil)
        // Only the next landing counts.
        f.sample(3, .ended, at: 0.68)
        f.gesture("doubleTap", .possible, .failed, at: 1.03, "", GestureDecision(.tapInterval, limit: 0.35, unit: .s))
        f.gesture("doubleTap", .failed, .possible, at: 1.03)
        #expect(abs((f.sequences[0].recognizer("doubleTap")?.decision?.measured ?? 0) - 0.42) < 1e-9)
    }

    @Test("an interval failure with a measured value, or without a limit, is left as it is")
    func measuredIntervalKept() throws {
        var f = Feed()
        f.land(1, at: 0, ["a", "b"])
        f.sample(1, .ended, at: 0.1)
        f.gesture("a", .possible, .failed, at: 0.2, "", GestureDecision(.tapInterval, measured: 50, limit: 40, unit: .pt))
        f.gesture("b", .possible, .failed, at: 0.45, "", GestureDecision(.tapInterval))
        f.gesture("a", .failed, .possible, at: 0.45)
        f.gesture("b", .failed, .possible, at: 0.45)
        f.land(2, at: 0.5, ["a", "b"])
        #expect(f.sequences[0].recognizer("a")?.decision?.measured == 50)
        #expect(f.sequences[0].recognizer("b")?.decision?.measured == nil)
    }

    @Test("records of a recognizer with no open attempt, and kinds that say nothing of gestures, are passed over")
    func strayRecords() {
        var f = Feed()
        f.gesture("ghost", .possible, .recognized, at: 0)
        f.wait("ghost", for: ["other"], at: 0)
        f.builder.add(TraceRecord(t: 0, .note(topic: "gesture", text: "hello")))
        #expect(f.sequences.isEmpty)
        f.land(1, at: 1, ["tap"])
        f.gesture("ghost", .possible, .failed, at: 1.05)
        #expect(f.sequences[0].recognizers.map(\.id) == ["tap"])
        // A lift of a touch that never landed changes nothing.
        f.sample(9, .ended, at: 1.06)
        #expect(f.sequences[0].end == nil)
    }

    @Test("the sequence under way at a time: fingers down, else one that ended but is still deciding, else none")
    func underWayAt() {
        let b = doubleTapFeed().builder
        #expect(b.sequence(at: 0.05) == nil)
        #expect(b.sequence(at: 0.1)?.start == 0.1)
        #expect(b.sequence(at: 0.18)?.start == 0.1)
        // Between the taps, singleTap of the first is still waiting for doubleTap.
        #expect(b.sequence(at: 0.25)?.start == 0.1)
        #expect(b.sequence(at: 0.3)?.start == 0.3)
        #expect(b.sequence(at: 1)?.start == nil)
        #expect(b.sequence(at: 2.2)?.start == 2)
        #expect(b.sequence(at: 2.43) == nil)
        #expect(b.sequence(at: 9) == nil)
        #expect(b.sequenceIndex(at: 0.25) == 0 && b.sequenceIndex(at: 2.2) == 2 && b.sequenceIndex(at: 1) == nil)
    }
}

// The double-tap scene built in code and played with the recording's input through the
// application: what the builder makes of the real trace.
@Suite("Verdict builder on the application's trace")
struct VerdictBuilderReplayTests {
    /// scenes/double-tap.yaml: pad [100, 100, 600, 400], doubleTap (taps 2) and singleTap
    /// (requires doubleTap to fail), fed every record the application traces.
    final class DoubleTapScene {
        let rig = Rig()
        var builder = VerdictBuilder()
        init() {
            let pad = rig.view("pad", 100, 100, 600, 400, handles: true)
            let double = TapGestureRecognizer(id: "doubleTap")
            double.numberOfTapsRequired = 2
            let single = TapGestureRecognizer(id: "singleTap")
            single.require(toFail: double)
            pad.addGestureRecognizer(double)
            pad.addGestureRecognizer(single)
            rig.app.tracer.sink = TraceCallback { [unowned self] in self.builder.add($0) }
        }
    }

    @Test("double-tap.jsonl's input: the double tap beats the single tap, then a lone tap goes to the single tap")
    func doubleTapRecording() throws {
        let scene = DoubleTapScene()
        let rig = scene.rig
        // Tests/touchscopeTests/Recordings/double-tap.jsonl: taps at 0.1, 0.3 and 2.0, each 0.08 s long.
        for start in [0.1, 0.3, 2.0] {
            rig.down(1, 400, 300, at: start)
            rig.up(1, 400, 300, at: start + 0.08)
        }
        rig.advance(3.08)
        let s = scene.builder.sequences
        try #require(s.count == 3)
        #expect(s.map(\.settled) == [true, true, true])
        #expect(s.map(\.touches) == [[VerdictTouch(id: 1, view: "pad")], [VerdictTouch(id: 2, view: "pad")],
                                     [VerdictTouch(id: 3, view: "pad")]])
        // Taps 1 and 2 are 0.12 s apart, under the 0.35 s interval (Defaults.tapInterval).
        #expect(s[0].winners == ["doubleTap"])
        let single = try #require(s[0].recognizer("singleTap"))
        #expect(single.outcome == .failed)
        #expect(single.decision?.rule == .failureRequirement)
        #expect(single.decision?.by == ["doubleTap"])
        #expect(single.waitedFor == ["doubleTap"])
        #expect(abs((single.waits.first?.duration ?? 0) - 0.2) < 1e-9)   // from the lift at 0.18 to 0.38
        #expect(s[1].recognizers.map(\.id) == ["doubleTap"])
        #expect(abs((s[1].recognizer("doubleTap")?.at ?? 0) - 0.38) < 1e-9)
        // Tap 3: no second tap within 0.35 s of its lift at 2.08, so doubleTap fails at 2.43.
        #expect(s[2].winners == ["singleTap"])
        let double = try #require(s[2].recognizer("doubleTap"))
        #expect(double.outcome == .failed)
        #expect(abs(double.at - 2.43) < 1e-9)
        #expect(scene.builder.latestSettled?.start == 2)
    }

    @Test("a too-slow double tap through the application: the second tap, 0.42 s after the first lift, came 0.07 s too late")
    func tooSlowDoubleTap() throws {
        let scene = DoubleTapScene()
        let rig = scene.rig
        // Taps at 0.1 and 0.6, 0.08 s each: the 0.35 s interval (Defaults.tapInterval) runs
        // out at 0.18 + 0.35 = 0.53, before the second tap lands.
        rig.down(1, 400, 300, at: 0.1); rig.up(1, 400, 300, at: 0.18)
        rig.down(1, 400, 300, at: 0.6); rig.up(1, 400, 300, at: 0.68)
        rig.advance(1.68)
        let s = scene.builder.sequences
        try #require(s.count == 2)
        #expect(s[0].winners == ["singleTap"])
        let double = try #require(s[0].recognizer("doubleTap"))
        #expect(double.outcome == .failed)
        #expect(abs(double.at - 0.53) < 1e-9)
        let d = try #require(double.decision)
        #expect(d.rule == .tapInterval)
        #expect(abs((d.measured ?? 0) - 0.42) < 1e-9)
        #expect(abs((d.margin ?? 0) - 0.07) < 1e-9)
        #expect(d.marginText == "0.07 s too late")
        // The second tap's own attempt also runs out, with no tap after it.
        #expect(s[1].recognizer("doubleTap")?.decision?.measured == nil)
        #expect(s[1].winners == ["singleTap"])
    }
}

@Suite("Verdicts: a bounded history")
struct VerdictHistoryTests {
    /// A tap on `pad` by recognizer `tap` from `t` (landing, lift, recognized, reset).
    static func tap(_ b: inout VerdictBuilder, touch: Int, at t: Double) {
        b.add(TraceRecord(t: t, .hitTest(touch: touch, point: Point(x: 1, y: 1), path: [], view: "pad", recognizers: ["tap"])))
        b.add(TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: 1), point: Point(x: 1, y: 1),
                                                          phase: .began, pressure: 1, isEmulated: false))))
        b.add(TraceRecord(t: t + 0.05, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: 1), point: Point(x: 1, y: 1),
                                                                 phase: .ended, pressure: 1, isEmulated: false))))
        b.add(TraceRecord(t: t + 0.05, .gesture(recognizer: "tap", view: "pad", from: .possible, to: .recognized,
                                                reason: "recognized", outputs: GestureOutputs()),
                          decision: GestureDecision(.tapCount, measured: 1, limit: 1)))
        b.add(TraceRecord(t: t + 0.05, .gesture(recognizer: "tap", view: "pad", from: .recognized, to: .possible,
                                                reason: "reset", outputs: GestureOutputs())))
    }

    @Test("keepAtMost keeps the newest sequences and the latest settled one, and the builder goes on after it")
    func bounded() {
        var b = VerdictBuilder()
        for k in 0..<100 { Self.tap(&b, touch: k + 1, at: Double(k)) }
        #expect(b.sequences.count == 100)
        b.keepAtMost(10)
        #expect(b.sequences.count == 10)
        #expect(b.sequences.first?.start == 90 && b.latestSettled?.start == 99)
        Self.tap(&b, touch: 101, at: 100)
        #expect(b.sequences.count == 11 && b.latestSettled?.start == 100 && b.latestSettled?.winners == ["tap"])
    }

    @Test("keepAtMost keeps a sequence an open attempt still belongs to")
    func keepsOpen() {
        var b = VerdictBuilder()
        for k in 0..<5 { Self.tap(&b, touch: k + 1, at: Double(k)) }
        // A double tap's first tap: its attempt stays open after the lift.
        b.add(TraceRecord(t: 10, .hitTest(touch: 9, point: Point(x: 1, y: 1), path: [], view: "pad", recognizers: ["doubleTap"])))
        b.add(TraceRecord(t: 10.05, .touchSample(FingerSample(touch: 9, key: TouchKey(device: 0, finger: 1), point: Point(x: 1, y: 1),
                                                              phase: .ended, pressure: 1, isEmulated: false))))
        Self.tap(&b, touch: 10, at: 11)
        b.keepAtMost(1)
        #expect(b.sequences.map(\.start) == [10, 11])
        b.add(TraceRecord(t: 12, .gesture(recognizer: "doubleTap", view: "pad", from: .possible, to: .failed,
                                          reason: "failed: waited 0.35 s for tap 2 of 2", outputs: GestureOutputs()),
                          decision: GestureDecision(.tapInterval, limit: 0.35, unit: .s)))
        #expect(b.sequences.first?.recognizers.first?.outcome == .failed && b.sequences.first?.settled == true)
    }
}
