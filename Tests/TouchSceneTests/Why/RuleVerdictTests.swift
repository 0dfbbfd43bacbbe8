// Each rule of the vocabulary (GestureRule) answered by a scene and a recording: the verdict
// of the sequence names the rule, with the numbers SPEC.md and Defaults.swift give.
//
// Each case writes its scene file and its recording to a temporary folder, replays them
// headless as `touchscope why` does, and reads the verdicts. Expected values come from the
// documented thresholds (Defaults.swift: tapInterval 0.35 s, tapSlop 10 pt, longPressDuration
// 0.5 s, allowableMovement 10 pt, swipeMinDistance 50 pt, swipeMinSpeed 200 pt/s,
// swipeMaxDuration 0.5 s, panSlop 10 pt; ScreenEdgePanGestureRecognizer.edgeWidth 20 pt) and
// the input each case makes.
import Foundation
import Testing
import TouchCore
import TouchScene

@Suite("Why: every rule has a verdict with its numbers")
struct RuleVerdictTests {
    /// The verdicts of `input` (recording lines after the header) played into `scene`.
    static func verdicts(scene: String, input: [String]) throws -> [SequenceVerdict] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rule-verdicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenePath = dir.appendingPathComponent("scene.yaml").path
        let recordingPath = dir.appendingPathComponent("input.jsonl").path
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        try ([#"{"recording":1,"window":[800,600]}"#] + input).joined(separator: "\n").appending("\n")
            .write(toFile: recordingPath, atomically: true, encoding: .utf8)
        let session = SceneSession(scene: try SceneLoader.load(path: scenePath))
        var builder = VerdictBuilder()
        session.app.tracer.sink = TraceCallback { builder.add($0) }
        try Replayer(session: session, recording: try RecordingReader(path: recordingPath)).run(until: nil)
        return builder.sequences
    }

    /// The verdict of recognizer `id` in the first sequence where it decided.
    static func verdict(_ id: String, in sequences: [SequenceVerdict]) throws -> RecognizerVerdict {
        let found = sequences.lazy.flatMap(\.recognizers).first { $0.id == id && $0.outcome != .undecided }
        return try #require(found, "no decided verdict for \(id) in \(sequences)")
    }

    static func view(_ recognizers: String, frame: String = "[100, 100, 600, 400]") -> String {
        """
        scene: rules
        window: [800, 600]
        views:
          - id: pad
            frame: \(frame)
            handlesTouches: true
            recognizers:
        \(recognizers)
        """
    }

    static let doubleTapScene = view("""
              - id: doubleTap
                type: tap
                taps: 2
              - id: singleTap
                type: tap
                requireToFail: [doubleTap]
        """)



    @Test("tapCount: a double tap recognizes with 2 taps of the 2 needed")
    func tapCount() throws {
        let v = try Self.verdict("doubleTap", in: Self.verdicts(scene: Self.doubleTapScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#, #"{"t":0.18,"type":"finger-up","finger":1,"x":400,"y":300}"#,
            #"{"t":0.3,"type":"finger-down","finger":1,"x":400,"y":300}"#, #"{"t":0.38,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ]))
        #expect(v.outcome == .recognized)
        #expect(v.decision?.rule == .tapCount && v.decision?.measured == 2 && v.decision?.limit == 2)
        #expect(close(v.at, 0.38))
    }

    @Test("failureRequirement: the single tap fails because the double tap it requires to fail recognized")
    func failureRequirement() throws {
        let seqs = try Self.verdicts(scene: Self.doubleTapScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#, #"{"t":0.18,"type":"finger-up","finger":1,"x":400,"y":300}"#,
            #"{"t":0.3,"type":"finger-down","finger":1,"x":400,"y":300}"#, #"{"t":0.38,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ])
        let v = try Self.verdict("singleTap", in: seqs)
        #expect(v.outcome == .failed)
        #expect(v.decision?.rule == .failureRequirement && v.decision?.by == ["doubleTap"])
        // It waited for doubleTap from its first lift (0.18) until it failed (0.38).
        #expect(v.waitedFor == ["doubleTap"])
        #expect(close(v.waits.first?.from, 0.18) && close(v.waits.first?.until, 0.38))
        #expect(seqs.last?.winners == ["doubleTap"])
    }

    @Test("tapInterval: a second tap 0.42 s after the first lift is 0.07 s too late for the 0.35 s interval")
    func tapInterval() throws {
        let seqs = try Self.verdicts(scene: Self.doubleTapScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#, #"{"t":0.18,"type":"finger-up","finger":1,"x":400,"y":300}"#,
            #"{"t":0.6,"type":"finger-down","finger":1,"x":400,"y":300}"#, #"{"t":0.68,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ])
        let v = try Self.verdict("doubleTap", in: seqs)
        #expect(v.outcome == .failed)
        #expect(close(v.at, 0.18 + 0.35))
        let d = try #require(v.decision)
        #expect(d.rule == .tapInterval && d.limit == 0.35 && d.unit == .s)
        #expect(close(d.measured, 0.42) && close(d.margin, 0.07))
        #expect(d.marginText == "0.07 s too late")
        // The single tap waited the whole interval for it, then recognized.
        let single = try Self.verdict("singleTap", in: seqs)
        #expect(single.outcome == .recognized && close(single.at, 0.53))
        #expect(close(single.waits.first?.duration, 0.35))
    }

    @Test("tapMovement: a finger that moves 15 pt fails the tap, 5 pt past the 10 pt allowable movement")
    func tapMovement() throws {
        let v = try Self.verdict("tap", in: Self.verdicts(scene: Self.view("""
                  - id: tap
                    type: tap
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.15,"type":"finger-move","finger":1,"x":415,"y":300}"#,
            #"{"t":0.2,"type":"finger-up","finger":1,"x":415,"y":300}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        #expect(d.rule == .tapMovement && d.measured == 15 && d.limit == 10 && d.unit == .pt && d.margin == 5)
        #expect(d.marginText == "5 pt past the 10 pt limit")
    }

    @Test("touchCount: two fingers on a one-finger tap fail it, 1 touch more than needed")
    func touchCount() throws {
        let v = try Self.verdict("tap", in: Self.verdicts(scene: Self.view("""
                  - id: tap
                    type: tap
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.12,"type":"finger-down","finger":2,"x":450,"y":300}"#,
            #"{"t":0.2,"type":"finger-up","finger":1,"x":400,"y":300}"#,
            #"{"t":0.2,"type":"finger-up","finger":2,"x":450,"y":300}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        #expect(d.rule == .touchCount && d.measured == 2 && d.limit == 1 && d.unit == .touches && d.margin == 1)
    }

    @Test("touchCount: a pinch touched with one finger never began, 1 of the 2 touches it needs")
    func pinchOneFinger() throws {
        let v = try Self.verdict("pinch", in: Self.verdicts(scene: Self.view("""
                  - id: pinch
                    type: pinch
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":450,"y":300}"#,
            #"{"t":0.3,"type":"finger-up","finger":1,"x":450,"y":300}"#,
        ]))
        #expect(v.outcome == .neverBegan)
        let d = try #require(v.decision)
        #expect(d.rule == .touchCount && d.measured == 1 && d.limit == 2 && d.unit == .touches && d.margin == -1)
    }

    static let pressScene = view("""
              - id: press
                type: longPress
        """)

    @Test("pressDuration: a press released after 0.3 s never began, 0.2 s short of the 0.5 s minimum")
    func pressDuration() throws {
        let v = try Self.verdict("press", in: Self.verdicts(scene: Self.pressScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.4,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ]))
        #expect(v.outcome == .neverBegan)
        let d = try #require(v.decision)
        #expect(d.rule == .pressDuration && d.limit == 0.5 && d.unit == .s)
        #expect(close(d.measured, 0.3) && close(d.margin, -0.2))
        #expect(d.marginText == "0.2 s too early")
    }

    @Test("pressDuration: a press held 0.5 s begins at exactly the minimum")
    func pressBegins() throws {
        let v = try Self.verdict("press", in: Self.verdicts(scene: Self.pressScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":1.0,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ]))
        #expect(v.outcome == .began && close(v.at, 0.6))
        #expect(v.decision?.rule == .pressDuration && close(v.decision?.measured, 0.5) && v.decision?.limit == 0.5)
    }

    @Test("pressMovement: a press that moves 20 pt before 0.5 s fails, 10 pt past the 10 pt allowable movement")
    func pressMovement() throws {
        let v = try Self.verdict("press", in: Self.verdicts(scene: Self.pressScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.3,"type":"finger-move","finger":1,"x":400,"y":320}"#,
            #"{"t":0.4,"type":"finger-up","finger":1,"x":400,"y":320}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        #expect(d.rule == .pressMovement && d.measured == 20 && d.limit == 10 && d.unit == .pt && d.margin == 10)
    }

    @Test("slop: a pan whose fingers move 6 pt and lift never began, 4 pt short of the 10 pt slop")
    func slop() throws {
        let v = try Self.verdict("pan", in: Self.verdicts(scene: Self.view("""
                  - id: pan
                    type: pan
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":406,"y":300}"#,
            #"{"t":0.3,"type":"finger-up","finger":1,"x":406,"y":300}"#,
        ]))
        #expect(v.outcome == .neverBegan)
        let d = try #require(v.decision)
        #expect(d.rule == .slop && d.measured == 6 && d.limit == 10 && d.unit == .pt && d.margin == -4)
        #expect(d.marginText == "4 pt short of the 10 pt slop")
    }

    @Test("slop: a pan begins once the centroid moved 12 pt, 2 pt past its 10 pt slop")
    func slopBegins() throws {
        let v = try Self.verdict("pan", in: Self.verdicts(scene: Self.view("""
                  - id: pan
                    type: pan
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":412,"y":300}"#,
            #"{"t":0.3,"type":"finger-up","finger":1,"x":412,"y":300}"#,
        ]))
        #expect(v.outcome == .began && close(v.at, 0.2))
        #expect(v.decision?.rule == .slop && v.decision?.measured == 12 && v.decision?.margin == 2)
    }

    static let swipeRight = view("""
              - id: swipe
                type: swipe
                direction: right
        """)

    @Test("direction: a stroke to the left fails a swipe that only goes right")
    func direction() throws {
        let v = try Self.verdict("swipe", in: Self.verdicts(scene: Self.swipeRight, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":500,"y":300}"#,
            #"{"t":0.15,"type":"finger-move","finger":1,"x":440,"y":300}"#,
            #"{"t":0.2,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ]))
        #expect(v.outcome == .failed && v.decision?.rule == .direction)
        #expect(v.reason.contains("wrong direction"))
    }

    @Test("swipeDistance: a stroke of 30 pt lifts 20 pt short of the 50 pt a swipe needs")
    func swipeDistance() throws {
        let v = try Self.verdict("swipe", in: Self.verdicts(scene: Self.swipeRight, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.15,"type":"finger-move","finger":1,"x":430,"y":300}"#,
            #"{"t":0.2,"type":"finger-up","finger":1,"x":430,"y":300}"#,
        ]))
        #expect(v.outcome == .neverBegan)
        let d = try #require(v.decision)
        #expect(d.rule == .swipeDistance && d.measured == 30 && d.limit == 50 && d.margin == -20)
        #expect(d.marginText == "20 pt short of the 50 pt needed")
    }

    @Test("swipeDistance: a stroke of 100 pt in 0.1 s recognizes, 50 pt past the 50 pt needed")
    func swipeRecognizes() throws {
        let v = try Self.verdict("swipe", in: Self.verdicts(scene: Self.swipeRight, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":500,"y":300}"#,
            #"{"t":0.25,"type":"finger-up","finger":1,"x":500,"y":300}"#,
        ]))
        #expect(v.outcome == .recognized && v.decision?.rule == .swipeDistance)
        #expect(v.decision?.measured == 100 && v.decision?.limit == 50)
    }

    @Test("swipeDuration: a finger held still fails the swipe once its 0.5 s have passed")
    func swipeDuration() throws {
        let v = try Self.verdict("swipe", in: Self.verdicts(scene: Self.swipeRight, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":1.0,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        // When the 0.5 s from the landing (0.1) ran out, no stroke had completed: the limit
        // decided, with nothing measured against it.
        #expect(d.rule == .swipeDuration && d.limit == 0.5 && d.unit == .s && d.measured == nil)
        #expect(close(v.at, 0.6))
    }

    @Test("swipeSpeed: 60 pt in 0.45 s is 133.33 pt/s, short of the 200 pt/s a swipe needs")
    func swipeSpeed() throws {
        let v = try Self.verdict("swipe", in: Self.verdicts(scene: Self.swipeRight, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.55,"type":"finger-move","finger":1,"x":460,"y":300}"#,
            #"{"t":0.56,"type":"finger-up","finger":1,"x":460,"y":300}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        #expect(d.rule == .swipeSpeed && d.limit == 200 && d.unit == .ptPerS)
        #expect(close(d.measured, 60 / 0.45))
    }

    @Test("edge: a touch 100 pt from the left edge fails a left screen-edge pan, 80 pt past its 20 pt edge")
    func edge() throws {
        let v = try Self.verdict("back", in: Self.verdicts(scene: Self.view("""
                  - id: back
                    type: screenEdgePan
                    edges: [left]
            """, frame: "[0, 0, 800, 600]"), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":100,"y":300}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":200,"y":300}"#,
            #"{"t":0.3,"type":"finger-up","finger":1,"x":200,"y":300}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        #expect(d.rule == .edge && d.measured == 100 && d.limit == 20 && d.unit == .pt && d.margin == 80)
    }

    @Test("exclusivity: a pan still possible fails when the long press on the same touches begins")
    func exclusivity() throws {
        let seqs = try Self.verdicts(scene: Self.view("""
                  - id: press
                    type: longPress
                  - id: pan
                    type: pan
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.9,"type":"finger-up","finger":1,"x":400,"y":300}"#,
        ])
        let pan = try Self.verdict("pan", in: seqs)
        #expect(pan.outcome == .failed && close(pan.at, 0.6))
        #expect(pan.decision?.rule == .exclusivity && pan.decision?.by == ["press"])
        #expect(seqs.first?.winners == ["press"])
    }

    @Test("delegate: a pan whose delegate says it should not begin fails when it would begin")
    func delegate() throws {
        let v = try Self.verdict("pan", in: Self.verdicts(scene: Self.view("""
                  - id: pan
                    type: pan
                    shouldBegin: false
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":440,"y":300}"#,
            #"{"t":0.3,"type":"finger-up","finger":1,"x":440,"y":300}"#,
        ]))
        #expect(v.outcome == .failed && close(v.at, 0.2))
        #expect(v.decision?.rule == .delegate)
    }

    @Test("control: a swipe along a slider's thumb fails: the slider's default action wins")
    func control() throws {
        let v = try Self.verdict("swipe", in: Self.verdicts(scene: """
            scene: rules
            window: [800, 600]
            views:
              - id: panel
                frame: [0, 0, 800, 600]
                recognizers:
                  - id: swipe
                    type: swipe
                    directions: [left, right]
                children:
                  - id: volume
                    kind: slider
                    frame: [100, 280, 400, 40]
                    value: 0.5
            """, input: [
            // The thumb of a 400 pt slider at 0.5 is at its middle: x 300, y 300.
            #"{"t":0.1,"type":"finger-down","finger":1,"x":300,"y":300}"#,
            #"{"t":0.15,"type":"finger-move","finger":1,"x":360,"y":300}"#,
            #"{"t":0.2,"type":"finger-up","finger":1,"x":380,"y":300}"#,
        ]))
        #expect(v.outcome == .failed)
        #expect(v.decision?.rule == .control && v.decision?.by == ["volume"])
    }

    @Test("interrupted: a long press under way is cancelled when the window loses focus")
    func interrupted() throws {
        let v = try Self.verdict("press", in: Self.verdicts(scene: Self.pressScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.8,"type":"focus-lost"}"#,
        ]))
        // It began at 0.6 (a win), and the verdict is its first deciding transition.
        #expect(v.outcome == .began)
        let seqs = try Self.verdicts(scene: Self.pressScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}"#,
            #"{"t":0.3,"type":"focus-lost"}"#,
        ])
        let cut = try Self.verdict("press", in: seqs)
        #expect(cut.outcome == .failed && close(cut.at, 0.3))
        #expect(cut.decision?.rule == .interrupted)
    }

    @Test("custom: a registered recognizer of a program's own that names no rule is answered with rule custom")
    func customFallback() throws {
        // SceneTypesTests' program: `swipeRight` is its own StrokeGestureRecognizer (80 pt),
        // which fails with a reason and no decision; `tap` waits for it to fail.
        let built = SceneBuilder.build(try loadCustom(customScene))
        var builder = VerdictBuilder()
        built.app.tracer.sink = TraceCallback { builder.add($0) }
        built.app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: 220, y: 100)), at: 0)
        built.app.send(.touchUp(TouchKey(device: 0, finger: 1), Point(x: 222, y: 101)), at: 0.05)
        built.app.advance(to: 1)
        let swipe = try Self.verdict("swipeRight", in: builder.sequences)
        #expect(swipe.outcome == .failed && swipe.decision?.rule == .custom && swipe.decision?.measured == nil)
        #expect(swipe.reason == "failed: stroked 2 pt right, needs 80")
        let tap = try Self.verdict("tap", in: builder.sequences)
        #expect(tap.outcome == .recognized && tap.waitedFor == ["swipeRight"])
    }

    @Test("custom: the check mark names its own rule and numbers: a 12 pt first stroke is 8 pt short of 20")
    func customRule() throws {
        let v = try Self.verdict("check", in: Self.verdicts(scene: Self.view("""
                  - id: check
                    type: checkmark
            """), input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":300,"y":300}"#,
            #"{"t":0.15,"type":"finger-move","finger":1,"x":306,"y":306}"#,
            #"{"t":0.2,"type":"finger-move","finger":1,"x":308.48528137,"y":308.48528137}"#,
            #"{"t":0.25,"type":"finger-move","finger":1,"x":360,"y":250}"#,
            #"{"t":0.3,"type":"finger-up","finger":1,"x":360,"y":250}"#,
        ]))
        #expect(v.outcome == .failed)
        let d = try #require(v.decision)
        #expect(d.rule == "strokeLength" && d.limit == 20 && d.unit == .pt)
        #expect(close(d.measured, 12) && close(d.margin, -8))
    }
}

/// Whether `a` is `b` to within a nanosecond's worth of rounding.
private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }
