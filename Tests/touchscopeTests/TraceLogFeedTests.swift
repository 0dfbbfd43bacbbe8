import Testing
@testable import touchscope
import TouchDraw
import TouchCore
import TouchScene
import TouchBench

/// The trace log filled on a worker thread (issue 7): after `sync()` it must read exactly as
/// a log filled on the dispatching thread by `TraceLog.follow` and `noteInput`.
@Suite("Trace log filled on a worker thread")
struct TraceLogFeedTests {
    private static let shape = BenchScene.Shape(fanOut: 4, depth: 3, recognizers: 40)

    /// Drives `inputs` events of the bench's finger stream, with the frames' timer advances.
    private static func drive(_ session: SceneSession, inputs: Int, seed: UInt64, from start: Int = 0,
                              each: (Int) -> Void = { _ in }) {
        var stream = FingerStream(window: shape.window, seed: seed)
        for _ in 0..<start { _ = stream.next() }
        var nextFrame = 1.0 / 60
        while nextFrame < stream.t { nextFrame += 1.0 / 60 }
        for i in 0..<inputs {
            let input = stream.next()
            if input.t >= nextFrame { session.advance(to: nextFrame); nextFrame += 1.0 / 60 }
            session.handle(input)
            each(i)
        }
    }

    /// Everything the panels read from a log, compared between two logs.
    private static func expectSame(_ a: TraceLog, _ b: TraceLog, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(a.endSeq == b.endSeq, sourceLocation: sourceLocation)
        #expect(a.allRecords == b.allRecords, sourceLocation: sourceLocation)
        #expect(a.recognizerOrder == b.recognizerOrder, sourceLocation: sourceLocation)
        #expect(a.recognizerView == b.recognizerView, sourceLocation: sourceLocation)
        for id in b.recognizerOrder { #expect(a.transitions(of: id) == b.transitions(of: id), sourceLocation: sourceLocation) }
        #expect(a.touchSpans == b.touchSpans, sourceLocation: sourceLocation)
        for span in b.touchSpans {
            #expect(a.receivers(ofTouch: span.touch).map(\.view) == b.receivers(ofTouch: span.touch).map(\.view), sourceLocation: sourceLocation)
            #expect(a.receivers(ofTouch: span.touch).map(\.phases) == b.receivers(ofTouch: span.touch).map(\.phases), sourceLocation: sourceLocation)
        }
        #expect(a.latestHitTest == b.latestHitTest, sourceLocation: sourceLocation)
        let now = b.latestTime ?? 0
        #expect(a.latestTime == b.latestTime, sourceLocation: sourceLocation)
        #expect(a.trails(at: now) == b.trails(at: now), sourceLocation: sourceLocation)
        #expect(a.maxPointers == b.maxPointers, sourceLocation: sourceLocation)
        #expect(a.count(of: Set(TraceKind.allCases)) == b.count(of: Set(TraceKind.allCases)), sourceLocation: sourceLocation)
    }

    @Test("after sync() the log reads as one filled on the dispatching thread, at every check and at the end",
          arguments: [8_192, 64])
    func matchesInlineLog(capacity: Int) {
        let inline = TraceLog()
        let a = SceneSession(scene: BenchScene.make(Self.shape))
        inline.follow(a.app.tracer)
        a.onInputEvent = { e, t in inline.noteInput(e, at: t) }
        Self.drive(a, inputs: 6_000, seed: 21)

        // A ring of 64 items wraps around hundreds of times and makes the feeder wait for room.
        let feed = TraceLogFeed(capacity: capacity)
        let b = SceneSession(scene: BenchScene.make(Self.shape))
        feed.follow(b.app.tracer)
        b.onInputEvent = { e, t in feed.noteInput(e, at: t) }
        var checked = 0
        Self.drive(b, inputs: 6_000, seed: 21) { i in
            // Mid-way, the log holds what was traced so far (a frame reads it this way).
            if i == 2_999 {
                #expect(feed.log.endSeq > 0)
                checked = feed.log.endSeq
            }
        }
        #expect(checked > 0)
        #expect(feed.log.endSeq > checked)
        Self.expectSame(feed.log, inline)
        // The fast paths were taken: gesture and touch messages went through the ring.
        #expect(feed.log.count(of: [.gesture]) > 100)
        #expect(feed.log.count(of: [.touches]) > 1_000)
    }

    @Test("a trace writer behind follow(also:) gets every record on the dispatching thread, in order")
    func alsoGetsEveryRecord() {
        let feed = TraceLogFeed()
        let s = SceneSession(scene: BenchScene.make(Self.shape))
        var written: [TraceRecord] = []
        feed.follow(s.app.tracer) { written.append($0) }
        s.onInputEvent = { e, t in feed.noteInput(e, at: t) }
        Self.drive(s, inputs: 1_500, seed: 5)
        #expect(written.count > 1_000)
        #expect(written == feed.log.allRecords)
    }

    @Test("following a new tracer (a reloaded scene) keeps the earlier records and names the new ones by the new table")
    func switchingTracers() {
        let inline = TraceLog()
        let feed = TraceLogFeed(capacity: 256)
        let other = BenchScene.Shape(fanOut: 3, depth: 2, recognizers: 5)
        for (log, useFeed) in [(inline, false), (feed.log, true)] {
            let first = SceneSession(scene: BenchScene.make(Self.shape))
            let second = SceneSession(scene: BenchScene.make(other, name: "other"))
            for (session, inputs, seed) in [(first, 800, UInt64(3)), (second, 300, UInt64(4))] {
                if useFeed {
                    feed.follow(session.app.tracer)
                    session.onInputEvent = { e, t in feed.noteInput(e, at: t) }
                } else {
                    log.follow(session.app.tracer)
                    session.onInputEvent = { e, t in log.noteInput(e, at: t) }
                }
                Self.drive(session, inputs: inputs, seed: seed)
            }
            // The second scene's records name its own recognizers (its table numbers from 0 again).
            let records = useFeed ? feed.log.allRecords : log.allRecords
            #expect(records.contains { r in
                if case let .gesture(recognizer, _, _, _, _, _) = r.body { return second.built.recognizers[recognizer] != nil }
                return false
            })
        }
        Self.expectSame(feed.log, inline)
    }

    @Test("feeds come and go: each stops its thread, and what it was fed is in its log")
    func manyFeeds() {
        for k in 0..<40 {
            let feed = TraceLogFeed(capacity: 64)
            let key = TouchKey(device: 1, finger: k)
            feed.noteInput(.touchDown(key, Point(x: Double(k), y: 1), pressure: 1, emulated: false), at: 0)
            for i in 1...200 { feed.noteInput(.touchMove(key, Point(x: Double(k), y: Double(i)), pressure: 1), at: Double(i) / 100) }
            let trails = feed.log.activeTrails
            #expect(trails.count == 1)
            #expect(trails.first?.location == Point(x: Double(k), y: 200))
        }
    }
}
