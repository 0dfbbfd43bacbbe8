import Testing
import TouchCore
@testable import TouchScene

/// When a replay delivers moves: at a live recording's `touch-frame` lines, or, for a
/// recording without them (an import, an older recording), at the first multiple of 1/120 s
/// at or after the move (the headless replay's frame step).
@Suite("Touch frames in recordings and replays")
struct TouchFrameReplayTests {
    static let sceneText = "scene: t\nwindow: [800, 600]\nviews:\n  - {id: pad, frame: [0, 0, 800, 600]}\n"

    /// The times of the `touches moved` records to `pad` and of the `coalesced-touches`
    /// records' sample counts, replaying `lines` after `header`.
    func replay(_ header: String, _ lines: [String], coalesce: Bool = true) throws -> (moved: [Double], samples: [Int]) {
        let session = SceneSession(scene: try scene(Self.sceneText))
        var moved: [Double] = []
        var samples: [Int] = []
        session.app.tracer.sink = TraceCallback { r in
            if case let .touches(.moved, view, _, _) = r.body, view == "pad" { moved.append(r.t) }
            if case let .coalescedTouches(_, s, _, _) = r.body { samples.append(s.count) }
        }
        let replayer = Replayer(session: session, recording: try RecordingReader(text: header + lines.joined(separator: "\n") + "\n"))
        replayer.coalescesTouches = coalesce
        try replayer.run(until: nil)
        return (moved, samples)
    }

    static let fingers = [
        #"{"t":0,"type":"finger-down","finger":1,"x":100,"y":100}"#,
        #"{"t":0.004,"type":"finger-move","finger":1,"x":104,"y":100}"#,
        #"{"t":0.008,"type":"finger-move","finger":1,"x":108,"y":100}"#,
        #"{"t":0.012,"type":"finger-move","finger":1,"x":112,"y":100}"#,
        #"{"t":0.02,"type":"finger-up","finger":1,"x":112,"y":100}"#,
    ]

    @Test("a recording without delivery instants is delivered on the 1/120 s grid")
    func grid() throws {
        let r = try replay(#"{"recording":1,"window":[800,600]}"# + "\n", Self.fingers)
        // 0.004 and 0.008 wait for 1/120 s (0.00833); 0.012 for 2/120 s (0.01667).
        #expect(r.moved.count == 2)
        #expect(abs(r.moved[0] - 1.0 / 120) < 1e-12 && abs(r.moved[1] - 2.0 / 120) < 1e-12)
        #expect(r.samples == [2, 1])
    }

    @Test("a live recording is delivered at its touch-frame lines")
    func recordedInstants() throws {
        var lines = Self.fingers
        lines.insert(#"{"t":0.0125,"type":"touch-frame"}"#, at: 4)
        let r = try replay(#"{"recording":1,"window":[800,600],"touchFrames":true}"# + "\n", lines)
        #expect(r.moved == [0.0125])
        #expect(r.samples == [3])
    }

    @Test("--no-coalesce: every sample at its own time, touch-frame lines change nothing")
    func perSample() throws {
        var lines = Self.fingers
        lines.insert(#"{"t":0.0125,"type":"touch-frame"}"#, at: 4)
        let r = try replay(#"{"recording":1,"window":[800,600],"touchFrames":true}"# + "\n", lines, coalesce: false)
        #expect(r.moved == [0.004, 0.008, 0.012])
        #expect(r.samples.isEmpty)
    }

    @Test("the header's touchFrames and the touch-frame line read back as written; an older header reads false")
    func format() throws {
        var h = RecordingHeader(window: Size(width: 800, height: 600))
        h.touchFrames = true
        let text = RecordingWriter.headerLine(h) + RecordingWriter.line(RawInput(t: 0.5, .touchFrame)) + "\n"
        #expect(text.contains(#""touchFrames":true"#) && text.contains(#""type":"touch-frame""#))
        let r = try RecordingReader(text: text)
        #expect(r.header.touchFrames)
        #expect(try r.nextEntry() == .input(RawInput(t: 0.5, .touchFrame)))
        #expect(try RecordingReader(text: #"{"recording":1,"window":[800,600]}"# + "\n").header.touchFrames == false)
        #expect(throws: InputFileError.self) { try RecordingReader(text: #"{"recording":1,"window":[800,600],"touchFrames":1}"# + "\n") }
    }
}
