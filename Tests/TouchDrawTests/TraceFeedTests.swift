import Testing
import TouchCore
@testable import TouchDraw
import TouchScene

/// The trace feed (issue 7): the log a worker thread builds must be the log a direct
/// `append` builds, record for record and index for index.
@Suite("Trace feed")
struct TraceFeedTests {
    /// Everything the panels read from a log, as comparable values.
    struct Snapshot {
        var records: [TraceRecord]
        var firstSeq: Int, endSeq: Int
        var lanes: [String: [GestureTransition]]
        var recognizerView: [String: String]
        var spans: [TouchSpan]
        var receivers: [Int: [String]]
        var trails: [TouchTrail]
        var latestHitTest: HitTestInfo?
        var kindCounts: [Int]
        var maxPointers: Int

        init(_ log: TraceLog) {
            records = log.allRecords
            firstSeq = log.firstSeq; endSeq = log.endSeq
            lanes = Dictionary(uniqueKeysWithValues: log.recognizerOrder.map { ($0, log.transitions(of: $0)) })
            recognizerView = log.recognizerView
            spans = log.touchSpans
            receivers = Dictionary(uniqueKeysWithValues: log.touchOrder.map { id in
                (id, log.receivers(ofTouch: id).map { "\($0.view) \($0.phases.map(\.rawValue))" })
            })
            trails = log.trails(at: log.latestTime ?? 0, fade: 1e9)
            latestHitTest = log.latestHitTest
            kindCounts = TraceKind.allCases.map { log.count(of: [$0]) }
            maxPointers = log.maxPointers
        }

        /// The first part that differs from `other` (nil: none), so that a failure names it
        /// instead of printing two whole logs.
        func mismatch(_ other: Snapshot) -> String? {
            if records != other.records {
                let n = min(records.count, other.records.count)
                let i = (0..<n).first { records[$0] != other.records[$0] } ?? n
                return "records differ at \(i) of \(records.count)/\(other.records.count)"
            }
            let parts: [(String, Bool)] = [
                ("seqs", firstSeq == other.firstSeq && endSeq == other.endSeq), ("lanes", lanes == other.lanes),
                ("recognizer views", recognizerView == other.recognizerView), ("spans", spans == other.spans),
                ("receivers", receivers == other.receivers), ("trails", trails == other.trails),
                ("latest hit test", latestHitTest == other.latestHitTest), ("kind counts", kindCounts == other.kindCounts),
                ("max pointers", maxPointers == other.maxPointers),
            ]
            return parts.first { !$0.1 }?.0
        }
    }

    /// Pushes a generated finger stream through a generated scene, feeding a direct log and
    /// a feed side by side; `check` runs every `every` events with both.
    func run(events: Int, threaded: Bool, ringCapacity: Int, queueCapacity: Int,
             every: Int = .max, check: (TraceLog, TraceFeed) -> Void = { _, _ in }) -> (TraceLog, TraceFeed) {
        let direct = TraceLog(capacity: ringCapacity, laneCapacity: 64)
        let feed = TraceFeed(log: TraceLog(capacity: ringCapacity, laneCapacity: 64), threaded: threaded, capacity: queueCapacity)
        let scene = BenchScene.make(.init(fanOut: 4, depth: 3, recognizers: 40))
        let session = SceneSession(scene: scene)
        session.app.tracer.sink = { r in
            direct.append(r)
            feed.append(r)
        }
        session.onInputEvent = { e, t in
            direct.noteInput(e, at: t)
            feed.noteInput(e, at: t)
        }
        var stream = FingerStream(window: scene.window, seed: 7)
        var nextFrame = 1.0 / 60
        for i in 1...events {
            let input = stream.next()
            if input.t >= nextFrame { session.advance(to: nextFrame); nextFrame += 1.0 / 60 }
            session.handle(input)
            if i % every == 0 { check(direct, feed) }
        }
        return (direct, feed)
    }

    @Test("a worker thread builds the same log as direct appends, through a full ring and a full queue")
    func threadedMatchesDirect() {
        var checks = 0
        let (direct, feed) = run(events: 6000, threaded: true, ringCapacity: 700, queueCapacity: 64, every: 997) { d, f in
            #expect(Snapshot(f.log).mismatch(Snapshot(d)) == nil)
            checks += 1
        }
        #expect(feed.isThreaded)
        #expect(checks == 6)
        let s = Snapshot(feed.log)
        #expect(s.mismatch(Snapshot(direct)) == nil)
        // The run did drop records (the ring is small) and keep lanes and trails.
        #expect(s.firstSeq > 0 && s.records.count == 700)
        #expect(!s.lanes.isEmpty && !s.spans.isEmpty)
    }

    @Test("without a worker, records are applied at once")
    func inlineMatchesDirect() {
        let (direct, feed) = run(events: 1500, threaded: false, ringCapacity: 300, queueCapacity: 64)
        #expect(!feed.isThreaded)
        #expect(Snapshot(feed.log).mismatch(Snapshot(direct)) == nil)
    }

    @Test("a closed feed has applied everything and applies later records at once")
    func closeDrainsAndStaysUsable() {
        let feed = TraceFeed(log: TraceLog(capacity: 50), threaded: true, capacity: 64)
        for i in 0..<500 {
            feed.append(TraceRecord(t: Double(i), .note(topic: "t", text: "\(i)")))
        }
        feed.close()
        feed.close()
        #expect(!feed.isThreaded)
        #expect(feed.log.endSeq == 500 && feed.log.count == 50)
        feed.append(TraceRecord(t: 500, .note(topic: "t", text: "500")))
        #expect(feed.log.endSeq == 501)
        #expect(feed.log.last == TraceRecord(t: 500, .note(topic: "t", text: "500")))
    }
}
