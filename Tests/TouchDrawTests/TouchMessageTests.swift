import Testing
@testable import TouchDraw
import TouchCore
import TouchScene

/// Touch messages as plain numbers (issue 7): a log fed through the tracer's touch-message
/// sink must read exactly as a log fed every record.
@Suite("Touch messages in the trace log")
struct TouchMessageTests {
    /// A small generated scene and the bench's finger stream, driven into a session.
    private static func drive(_ session: SceneSession, log: TraceLog, inputs: Int, seed: UInt64) {
        session.onInputEvent = { e, t in log.noteInput(e, at: t) }
        var stream = FingerStream(window: BenchScene.Shape(fanOut: 4, depth: 3, recognizers: 40).window, seed: seed)
        for _ in 0..<inputs { session.handle(stream.next()) }
        session.advance(to: stream.t + 5)
    }
    private static let shape = BenchScene.Shape(fanOut: 4, depth: 3, recognizers: 40)

    @Test("follow(tracer) reads as the record-only sink: records, last message, spans, receivers", arguments: [200, 20_000])
    func fastPathMatchesRecords(capacity: Int) {
        let fast = TraceLog(capacity: capacity)
        let slow = TraceLog(capacity: capacity)
        let a = SceneSession(scene: BenchScene.make(Self.shape))
        let b = SceneSession(scene: BenchScene.make(Self.shape))
        fast.follow(a.app.tracer)
        var messages = 0
        let inner = a.app.tracer.touchMessageSink!
        a.app.tracer.touchMessageSink = { m in messages += 1; inner(m) }
        b.app.tracer.sink = { slow.append($0) }
        Self.drive(a, log: fast, inputs: 6_000, seed: 11)
        Self.drive(b, log: slow, inputs: 6_000, seed: 11)

        // The fast path was taken, and for most of the trace.
        #expect(messages > fast.endSeq / 3)
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

        // A second scene whose tracer numbers its responders from 0 again.
        let second = SceneSession(scene: BenchScene.make(BenchScene.Shape(fanOut: 3, depth: 2, recognizers: 5), name: "other"))
        log.follow(second.app.tracer)
        #expect(log.symbols === second.app.tracer.symbols)
        #expect(Array(log.allRecords.prefix(before.count)) == before)
        Self.drive(second, log: log, inputs: 300, seed: 4)
        #expect(Array(log.allRecords.prefix(before.count)) == before)
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
