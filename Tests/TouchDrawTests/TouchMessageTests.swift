import Testing
@_spi(TouchScopeInternals) @testable import TouchDraw
@_spi(TouchScopeInternals) import TouchCore
import TouchScene
import TouchBench

/// Touch and gesture messages as plain numbers (issue 7): a log fed through the tracer's
/// message sinks must read exactly as a log fed every record.
@Suite("Touch and gesture messages in the trace log")
struct TouchMessageTests {
    /// Counts the messages on their way to the log's sink.
    private final class CountingSink: TraceMessageSink {
        let inner: TraceMessageSink
        var touches = 0, gestures = 0
        init(_ inner: TraceMessageSink) { self.inner = inner }
        override func take(_ m: TouchMessage) { touches += 1; inner.take(m) }
        override func take(_ m: borrowing GestureMessage) { gestures += 1; inner.take(m) }
    }
    /// A small generated scene and the bench's finger stream, driven into a session.
    private static func drive(_ session: SceneSession, log: TraceLog, inputs: Int, seed: UInt64) {
        session.onInputEvent = { e, t in log.noteInput(e, at: t) }
        var stream = FingerStream(window: BenchScene.Shape(fanOut: 4, depth: 3, recognizers: 40).window, seed: seed)
        for _ in 0..<inputs { session.handle(stream.next()) }
        session.advance(to: stream.t + 5)
    }
    private static let shape = BenchScene.Shape(fanOut: 4, depth: 3, recognizers: 40)

    /// Ring sizes (full and not full) and lane sizes (a lane of 16 drops transitions the
    /// ring still refers to, which must then be kept as records).
    @Test("follow(tracer) reads as the record-only sink: records, last message, spans, receivers, lanes",
          arguments: [(200, 4_096), (20_000, 4_096), (20_000, 16), (200, 16)])
    func fastPathMatchesRecords(capacity: Int, laneCapacity: Int) {
        let fast = TraceLog(capacity: capacity, laneCapacity: laneCapacity)
        let slow = TraceLog(capacity: capacity, laneCapacity: laneCapacity)
        let a = SceneSession(scene: BenchScene.make(Self.shape))
        let b = SceneSession(scene: BenchScene.make(Self.shape))
        fast.follow(a.app.tracer)
        let counter = CountingSink(a.app.tracer.messageSink!)
        a.app.tracer.messageSink = counter
        var slowGestures = 0
        b.app.tracer.sink = { r in
            if r.traceKind == .gesture { slowGestures += 1 }
            slow.append(r)
        }
        Self.drive(a, log: fast, inputs: 6_000, seed: 11)
        Self.drive(b, log: slow, inputs: 6_000, seed: 11)

        // The fast paths were taken, and for most of the trace.
        #expect(counter.touches > fast.endSeq / 3)
        #expect(counter.gestures > fast.endSeq / 20)
        #expect(counter.gestures == slowGestures)
        // Every recognizer's lane, its view and the latest transition read the same.
        #expect(fast.recognizerOrder == slow.recognizerOrder)
        #expect(fast.recognizerView == slow.recognizerView)
        for id in slow.recognizerOrder { #expect(fast.transitions(of: id) == slow.transitions(of: id)) }
        #expect(fast.latestTransition?.recognizer == slow.latestTransition?.recognizer)
        #expect(fast.latestTransition?.transition == slow.latestTransition?.transition)
        #expect(fast.endSeq == slow.endSeq)
        #expect(fast.allRecords == slow.allRecords)
        #expect(fast.count(of: [.touches]) == slow.count(of: [.touches]))
        #expect(fast.seqs(of: [.touches, .gesture], limit: 100) == slow.seqs(of: [.touches, .gesture], limit: 100))
        let lf = fast.lastTouchMessage, ls = slow.lastTouchMessage
        #expect(lf != nil && lf?.t == ls?.t && lf?.phase == ls?.phase && lf?.view == ls?.view && lf?.touches == ls?.touches)
        #expect(fast.touchSpans == slow.touchSpans)
        for span in slow.touchSpans {
            let rf = fast.receivers(ofTouch: span.touch), rs = slow.receivers(ofTouch: span.touch)
            #expect(rf.map(\.view) == rs.map(\.view))
            #expect(rf.map(\.phases) == rs.map(\.phases))
        }
        // Forwarded messages name their forwarder, as the record path writes them.
        #expect(fast.allRecords.contains { r in
            if case let .touches(_, _, _, reason?) = r.body { return reason.hasPrefix("forwarded by ") }
            return false
        })
        // Gesture records read back with their recognizer and view ids.
        #expect(fast.allRecords.contains { r in
            if case let .gesture(recognizer, view, _, _, _, _) = r.body { return !recognizer.isEmpty && !view.isEmpty }
            return false
        })
        for seq in max(fast.firstSeq, fast.endSeq - 50)..<fast.endSeq { #expect(fast.line(seq) == slow.line(seq)) }
    }

    @Test("a log that follows a new tracer keeps the earlier messages readable by their old ids")
    func switchingTracers() {
        let log = TraceLog()
        let first = SceneSession(scene: BenchScene.make(Self.shape))
        log.follow(first.app.tracer)
        Self.drive(first, log: log, inputs: 800, seed: 3)
        let before = log.allRecords
        #expect(before.contains { $0.traceKind == .touches })
        #expect(before.contains { $0.traceKind == .gesture })

        // A second scene whose tracer numbers its responders from 0 again.
        let second = SceneSession(scene: BenchScene.make(BenchScene.Shape(fanOut: 3, depth: 2, recognizers: 5), name: "other"))
        log.follow(second.app.tracer)
        #expect(log.symbols === second.app.tracer.symbols)
        #expect(Array(log.allRecords.prefix(before.count)) == before)
        Self.drive(second, log: log, inputs: 300, seed: 4)
        #expect(Array(log.allRecords.prefix(before.count)) == before)
        // The second table's symbols do not pick up the first scene's lanes.
        #expect(log.allRecords.dropFirst(before.count).contains { $0.traceKind == .gesture })
        for r in log.allRecords.dropFirst(before.count) {
            if case let .gesture(recognizer, _, _, _, _, _) = r.body { #expect(second.built.recognizers[recognizer] != nil) }
        }
        #expect(log.endSeq > before.count)
    }

    @Test("a trace writer behind follow(also:) gets every record, touch messages made into records")
    func alsoGetsEveryRecord() {
        let log = TraceLog()
        let s = SceneSession(scene: BenchScene.make(Self.shape))
        var written: [TraceRecord] = []
        log.follow(s.app.tracer) { written.append($0) }
        Self.drive(s, log: log, inputs: 1_000, seed: 5)
        #expect(!written.isEmpty)
        #expect(written == log.allRecords)
    }
}
