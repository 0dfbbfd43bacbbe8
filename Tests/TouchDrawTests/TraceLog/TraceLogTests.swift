import Testing
@testable import TouchDraw

@Suite("Trace log")
struct TraceLogTests {
    func note(_ t: Double, _ s: String) -> TraceRecord { TraceRecord(t: t, .note(topic: "x", text: TraceText(s))) }

    @Test("the ring keeps the newest records and finds them by time")
    func ring() {
        let log = TraceLog(capacity: 5)
        for i in 0..<12 { log.append(note(Double(i), "n\(i)")) }
        #expect(log.count == 5)
        #expect(log.firstSeq == 7 && log.endSeq == 12)
        #expect(log.record(6) == nil)
        #expect(log.record(7)?.t == 7)
        #expect(log.records(since: 9.5).map(\.t) == [10, 11])
        #expect(log.allRecords.map(\.t) == [7, 8, 9, 10, 11])
        #expect(log.count(of: [.note]) == 5)
        #expect(log.seqs(of: [.note], limit: 2, skippingNewest: 1) == [9, 10])
    }

    @Test("per-kind queries merge kinds newest last")
    func kinds() {
        let log = TraceLog()
        log.append(note(0, "a"))
        log.append(TraceRecord(t: 1, .control(control: "b", event: "touchDown")))
        log.append(note(2, "c"))
        log.append(TraceRecord(t: 3, .remote(command: "play", handledBy: nil, reason: nil)))
        #expect(log.seqs(of: [.note, .remote], limit: 10) == [0, 2, 3])
        #expect(log.seqs(of: [.control], limit: 10) == [1])
        #expect(log.lastRemote?.label == "play")
        #expect(log.controlEvents.map(\.label) == ["touchDown"])
    }

    @Test("per-kind counts and pages match a plain filter of the kept records, ring full or not",
          arguments: [7, 50, 1_000])
    func kindPages(capacity: Int) {
        let log = TraceLog(capacity: capacity)
        var x: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<400 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            let t = Double(i)
            switch x % 4 {
            case 0: log.append(note(t, "n"))
            case 1: log.append(TraceRecord(t: t, .control(control: "c", event: "touchDown")))
            case 2: log.append(TraceRecord(t: t, .remote(command: "play", handledBy: nil, reason: nil)))
            default: log.append(TraceRecord(t: t, .touches(phase: .moved, view: "v", touches: [1], reason: nil)))
            }
        }
        let kept = Array(log.firstSeq..<log.endSeq)
        for kinds: Set<TraceKind> in [[.note], [.control, .remote], [.touches, .note, .control], [.gesture], []] {
            let matching = kept.filter { kinds.contains(log.record($0)!.traceKind) }
            #expect(log.count(of: kinds) == matching.count)
            for (limit, skip) in [(1, 0), (5, 0), (5, 3), (40, 10), (10_000, 0), (3, 10_000)] {
                let want = Array(matching.dropLast(skip).suffix(limit))
                #expect(log.seqs(of: kinds, limit: limit, skippingNewest: skip) == want)
            }
        }
    }

    @Test("recognizer transitions, states over time and failure waits come from the trace")
    func transitions() {
        let rig = OverlayRig()
        let pad = rig.view("pad", 0, 0, 800, 600)
        pad.handlesTouches = true
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        pad.addGestureRecognizer(dt); pad.addGestureRecognizer(st)
        rig.tap(100, 100, at: 0)
        rig.advance(1)
        #expect(rig.log.recognizerOrder == ["doubleTap", "singleTap"])
        #expect(rig.log.transitions(of: "singleTap").map(\.to) == [.recognized, .possible])
        #expect(rig.log.waits == [FailureWaitEvent(t: 0.05, recognizer: "singleTap", waitingFor: ["doubleTap"])])
        #expect(rig.log.state(of: "singleTap", at: 0.2) == nil)
        #expect(rig.log.state(of: "doubleTap", at: 0.9) == .possible)
        #expect(rig.log.recognizerView["singleTap"] == "pad")
    }

    @Test("failure waits come from failureWait records; a note that reads like one is only a note")
    func waitsAreRecords() {
        let log = TraceLog()
        log.append(TraceRecord(t: 0.1, .note(topic: "gesture", text: "pan blocked until swipe fails")))
        #expect(log.waits.isEmpty)
        log.append(TraceRecord(t: 0.2, .failureWait(recognizer: "pan", waitingFor: ["swipe", "edge"])))
        #expect(log.waits == [FailureWaitEvent(t: 0.2, recognizer: "pan", waitingFor: ["swipe", "edge"])])
    }

    @Test("touch input keyed by finger takes the trace's touch ids, with trails and velocity")
    func trails() throws {
        let rig = OverlayRig()
        rig.view("v", 0, 0, 800, 600)
        rig.down(1, 100, 100, at: 0)
        rig.down(2, 300, 300, at: 0.01)
        for i in 1...10 { rig.move(1, 100 + Double(i), 100, at: 0.01 * Double(i) + 0.01) }
        let one = try #require(rig.log.trail(1))
        #expect(one.samples.count == 11)
        #expect(abs(one.velocity().x - 100) < 0.5 && abs(one.velocity().y) < 1e-9)
        #expect(rig.log.trail(2)?.start == Point(x: 300, y: 300))
        #expect(rig.log.maxPointers == 2)
        rig.up(2, 300, 300, at: 0.2)
        #expect(rig.log.activeTrails.map(\.id) == [1])
        #expect(rig.log.trails(at: 0.3).map(\.id) == [1, 2])
        #expect(rig.log.trails(at: 1.0).map(\.id) == [1])
    }

    @Test("trace lines read as one sentence per record")
    func lines() {
        let r = TraceRecord(t: 0.412, .gesture(recognizer: "doubleTap", view: "", from: .possible, to: .recognized,
                                               reason: "recognized: 2 taps of 1 finger", outputs: GestureOutputs()))
        #expect(TraceFormat.line(r) == "0.412 gesture doubleTap possible→recognized  recognized: 2 taps of 1 finger")
        #expect(TraceFormat.fixed(-0.0004) == "0.000")
        #expect(TraceFormat.fixed(2.5, 2) == "2.50")
        #expect(TraceFormat.short(3.10, 2) == "3.1")
    }
}
