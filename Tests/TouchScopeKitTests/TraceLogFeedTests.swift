import Testing
@testable import TouchScopeKit
import TouchDraw
import TouchCore
import TouchScene
import TouchBench

/// The trace log filled on a worker thread: after `sync()` it must read exactly as a log
/// that is the tracer's sink itself, on the dispatching thread.
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
        a.app.tracer.sink = inline
        // A ring of 64 items wraps around hundreds of times and makes the feeder wait for room.
        let feed = TraceLogFeed(capacity: capacity)
        let b = SceneSession(scene: BenchScene.make(Self.shape))
        b.app.tracer.sink = feed
        // Both sessions get the same inputs in the same chunks; after each chunk (a frame reads
        // the log this way) the feed's log, synced, reads as the inline one.
        var done = 0, lastSeq = 0
        for end in [1_000, 2_999, 4_500, 6_000] {
            Self.drive(a, inputs: end - done, seed: 21, from: done)
            Self.drive(b, inputs: end - done, seed: 21, from: done)
            feed.sync()
            #expect(feed.log.endSeq > lastSeq, "the log did not grow by check \(end)")
            lastSeq = feed.log.endSeq
            Self.expectSame(feed.log, inline)
            done = end
        }
        // Every kind went through the ring: transitions, touch messages, touch samples (trails).
        #expect(feed.log.count(of: [.gesture]) > 100)
        #expect(feed.log.count(of: [.touches]) > 1_000)
        #expect(!feed.log.trails(at: feed.log.latestTime ?? 0, fade: 10).isEmpty)
    }

    @Test("a sink beside the feed (TraceTee) gets every record on the dispatching thread, in order")
    func teeGetsEveryRecord() {
        let feed = TraceLogFeed()
        let s = SceneSession(scene: BenchScene.make(Self.shape))
        var written: [TraceRecord] = []
        s.app.tracer.sink = TraceTee([TraceCallback { written.append($0) }, feed])
        Self.drive(s, inputs: 1_500, seed: 5)
        #expect(written.count > 1_000)
        // The log keeps every record but the touch samples, which only feed its trails.
        let kept = written.filter { if case .touchSample = $0.body { return false }; return true }
        #expect(kept.count < written.count)
        #expect(kept == feed.log.allRecords)
    }

    @Test("following a new tracer (a reloaded scene) keeps the earlier records and files the new ones by their own names")
    func switchingTracers() {
        let inline = TraceLog()
        let feed = TraceLogFeed(capacity: 256)
        let other = BenchScene.Shape(fanOut: 3, depth: 2, recognizers: 5)
        for (log, useFeed) in [(inline, false), (feed.log, true)] {
            let first = SceneSession(scene: BenchScene.make(Self.shape))
            let second = SceneSession(scene: BenchScene.make(other, name: "other"))
            for (session, inputs, seed) in [(first, 800, UInt64(3)), (second, 300, UInt64(4))] {
                session.app.tracer.sink = useFeed ? feed : log
                Self.drive(session, inputs: inputs, seed: seed)
            }
            // The second scene's records name its own recognizers.
            let records = useFeed ? feed.log.allRecords : log.allRecords
            #expect(records.contains { r in
                if case let .gesture(recognizer, _, _, _, _, _) = r.body { return second.built.recognizers[recognizer.string] != nil }
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
            func sample(_ y: Double, _ phase: TouchPhase, at t: Double) {
                feed.receive(TraceRecord(t: t, .touchSample(FingerSample(touch: k, key: key, point: Point(x: Double(k), y: y),
                                                                         phase: phase, pressure: 1, isEmulated: false))))
            }
            sample(1, .began, at: 0)
            for i in 1...200 { sample(Double(i), .moved, at: Double(i) / 100) }
            let trails = feed.log.activeTrails
            #expect(trails.count == 1)
            #expect(trails.first?.location == Point(x: Double(k), y: 200))
        }
    }
}
