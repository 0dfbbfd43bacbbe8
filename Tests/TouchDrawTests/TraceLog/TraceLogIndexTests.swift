import TouchCore
import Testing
@testable import TouchDraw
import TouchScene
import TouchBench

/// The trace log's own tables (issue 7's fifth pass): they must answer exactly as the
/// dictionaries they replaced.
@Suite("Trace log indices")
struct TraceLogIndexTests {
    /// A seeded generator (the tests must be repeatable): the bench's SplitMix64.
    typealias RNG = BenchRandom

    @Test("IntTable agrees with a Dictionary over random inserts, updates and removals", arguments: [1, 2, 3, 4])
    func intTableMatchesDictionary(seed: UInt64) {
        var rng = RNG(seed: seed)
        var table = IntTable<Int>(minimumCapacity: 4)
        var reference: [Int: Int] = [:]
        var nextID = -50
        for step in 0..<20_000 {
            switch rng.below(10) {
            case 0..<4:
                // Mostly sequential ids, as touch ids are; sometimes a random one.
                let key = rng.below(8) == 0 ? rng.below(4000) - 2000 : nextID
                nextID += 1
                table[key] = step; reference[key] = step
            case 4..<6:
                let key = nextID - rng.below(300)
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            case 6:
                if !reference.isEmpty {
                    let key = reference.keys[reference.keys.index(reference.keys.startIndex, offsetBy: rng.below(reference.count))]
                    let s = table.slot(of: key)!
                    table[slot: s] += 1; reference[key]! += 1
                }
            default:
                let key = nextID - rng.below(400)
                #expect(table[key] == reference[key])
            }
            if step % 500 == 0 {
                #expect(table.count == reference.count)
                #expect(Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) }) == reference)
                // Every key must be found where probing looks for it.
                #expect(reference.allSatisfy { table[$0.key] == $0.value })
            }
        }
        #expect(table.count == reference.count)
        for (k, v) in reference { #expect(table[k] == v) }
        table.removeAll()
        #expect(table.count == 0 && table.entries.isEmpty && table[nextID - 1] == nil)
    }

    @Test("a recognizer id is found by its text, whichever string storage carries it")
    func slotsByText() {
        let log = TraceLog()
        // Two separately built strings with the same long (heap) text, and a short one: the
        // two long ones are one name (one number).
        let a = String(repeating: "longRecognizerName", count: 2)
        let b = ["longRecognizer", "NamelongRecognizerName"].joined()
        func gesture(_ id: String, _ t: Double, _ to: GestureState) -> TraceRecord {
            TraceRecord(t: t, .gesture(recognizer: TraceName(id), view: "v", from: .possible, to: to, reason: "r", outputs: GestureOutputs()))
        }
        log.append(gesture(a, 0, .began))
        log.append(gesture("tap", 1, .recognized))
        log.append(gesture(b, 2, .changed))
        log.append(gesture(a, 3, .ended))
        #expect(log.recognizerOrder == [a, "tap"])
        #expect(log.transitions(of: a).map(\.to) == [.began, .changed, .ended])
        #expect(log.transitions(of: "tap").map(\.to) == [.recognized])
        #expect(log.latestTransition?.recognizer == a)
    }

    @Test("lanes keep what the ring holds plus the transition before it")
    func lanesFollowTheRing() {
        let log = TraceLog(capacity: 100, laneCapacity: 64)
        func gesture(_ id: String, _ t: Double) -> TraceRecord {
            TraceRecord(t: t, .gesture(recognizer: TraceName(id), view: "v", from: .changed, to: .changed, reason: "changed", outputs: GestureOutputs()))
        }
        // "quiet" changes once, then "busy" fills the ring many times over.
        log.append(gesture("quiet", 0))
        for i in 1...10_000 { log.append(gesture("busy", Double(i))) }
        let busy = log.transitions(of: "busy")
        // Bounded by the lane capacity, oldest first, contiguous and ending at the newest.
        #expect(busy.count <= 64 && busy.count >= 48)
        #expect(busy.last?.t == 10_000)
        #expect(zip(busy, busy.dropFirst()).allSatisfy { $1.seq == $0.seq + 1 })
        // The quiet lane keeps its one transition: it is the state where the window starts.
        #expect(log.transitions(of: "quiet").map(\.t) == [0])
        #expect(log.state(of: "quiet", at: 9_999) == .changed)
        // A lane longer than the ring is cut to the ring plus the one before it; the cut
        // runs every 4,096 records (at 4,096 here: the ring then starts at 3,996).
        let log2 = TraceLog(capacity: 100, laneCapacity: 4096)
        for i in 0..<5000 { log2.append(gesture("g", Double(i))) }
        let g = log2.transitions(of: "g")
        #expect(g.first?.seq == 3995)
        #expect(g.count == 1005 && g.last?.seq == 4999)
    }

    @Test("receivers of a touch keep first-seen order and their phases, whatever order messages come in")
    func receiversOrder() {
        let log = TraceLog()
        func msg(_ phase: TouchPhase, _ view: String, _ touches: [Int], _ t: Double) {
            log.append(TraceRecord(t: t, .touches(phase: phase, view: TraceName(view), touches: touches, reason: nil)))
        }
        log.append(TraceRecord(t: 0, .hitTest(touch: 1, point: Point(x: 1, y: 1), path: [], view: "leaf")))
        for v in ["leaf", "mid", "root", "window"] { msg(.began, v, [1], 0) }
        for i in 1...3 { for v in ["leaf", "mid", "root", "window"] { msg(.moved, v, [1], Double(i)) } }
        msg(.moved, "root", [1], 4)          // out of the usual order
        msg(.cancelled, "mid", [1, 2], 5)    // two touches in one message
        let r1 = log.receivers(ofTouch: 1)
        #expect(r1.map(\.view) == ["leaf", "mid", "root", "window"])
        #expect(r1.map(\.phases) == [[.began, .moved], [.began, .moved, .cancelled], [.began, .moved], [.began, .moved]])
        #expect(log.receivers(ofTouch: 2).map(\.view) == ["mid"])
        #expect(log.span(ofTouch: 1)?.lastPhase == .cancelled && log.span(ofTouch: 1)?.end == 5)
        #expect(log.span(ofTouch: 1)?.messageTimes == [0, 1, 2, 3, 4, 5])
        #expect(log.touchSpans.map(\.touch) == [1, 2])
        #expect(log.lastTouchMessage?.view == "mid" && log.lastTouchMessage?.touches == [1, 2])
    }

    @Test("a receiver lists all five phases in the order first received, each once")
    func receiverAllPhases() {
        let log = TraceLog()
        let order: [TouchPhase] = [.stationary, .moved, .stationary, .began, .cancelled, .moved, .ended, .began]
        for (i, p) in order.enumerated() {
            log.append(TraceRecord(t: Double(i), .touches(phase: p, view: "v", touches: [3], reason: nil)))
        }
        #expect(log.receivers(ofTouch: 3).map(\.phases) == [[.stationary, .moved, .began, .cancelled, .ended]])
    }

    @Test("the latest touch message survives its record leaving the ring")
    func lastTouchMessageAfterEviction() {
        let log = TraceLog(capacity: 4)
        log.append(TraceRecord(t: 1, .touches(phase: .moved, view: "pad", touches: [7], reason: nil)))
        for i in 0..<10 { log.append(TraceRecord(t: 2 + Double(i), .note(topic: "x", text: "\(i)"))) }
        #expect(log.record(0) == nil)
        #expect(log.lastTouchMessage?.t == 1 && log.lastTouchMessage?.view == "pad" && log.lastTouchMessage?.touches == [7])
    }

    @Test("a long trail shows its newest samples, and lifted trails are pruned")
    func longTrailsAndPruning() throws {
        let log = TraceLog()
        log.sample(1, 0, 0, .began, at: 0)
        for i in 1...1000 { log.sample(1, Double(i), 0, .moved, at: Double(i) * 0.001) }
        let tr = try #require(log.activeTrails.first)
        #expect(tr.samples.count == TraceLog.trailSamples)
        #expect(tr.samples.first?.location.x == Double(1001 - TraceLog.trailSamples))
        #expect(tr.samples.last?.location.x == 1000 && tr.location.x == 1000)
        #expect(tr.maxDistance == 1000)
        log.sample(1, 1000, 0, .ended, at: 1.001)
        // Forty more fingers come and go; the first trail is gone within 3 s of its lift.
        for f in 2...41 {
            let t = 1.1 + Double(f) * 0.1
            log.sample(f, 5, 5, .began, at: t)
            log.sample(f, 5, 5, .ended, at: t + 0.01)
        }
        #expect(log.trail(1) == nil)
        #expect(log.trails(at: 5.2).count == 7)   // lifted within 0.6 s: fingers 35 to 41
    }
}

extension BenchRandom {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
