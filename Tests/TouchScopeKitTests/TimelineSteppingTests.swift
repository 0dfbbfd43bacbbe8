// Issue 29, item 3, in the live window (no SDL): the recordings of scenes/double-tap.yaml and
// scenes/swipe-pan.yaml played into the window, then the keys the toolbar's ◀ Prev / Next ▶
// and the lane keys press.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("Timeline stepping in the window")
struct TimelineSteppingTests {
    /// Plays the scene's recording (scenes/recordings/NAME.jsonl) into the window, up to
    /// `until` (seconds), timers firing on the way, then lets a second pass.
    func played(_ name: String, until: Double = .infinity) throws -> LiveRig {
        let rig = try LiveRig(scene: name)
        let reader = try RecordingReader(path: Paths.root + "/scenes/recordings/\(name).jsonl")
        let inputs = try reader.readAll().filter { $0.t < until }
        #expect(!inputs.isEmpty)
        for input in inputs {
            _ = rig.live.advance(to: input.t)
            rig.live.handle(input)
        }
        rig.t = (inputs.last?.t ?? 0) + 0.01
        rig.settle(1)
        return rig
    }

    func record(_ rig: LiveRig, _ seq: Int?) throws -> (recognizer: String, from: GestureState, to: GestureState, reason: String) {
        let n = try #require(seq)
        let r = try #require(rig.frame.log.record(n))
        guard case let .gesture(recognizer, _, from, to, reason, _) = r.body else {
            Issue.record("#\(seq ?? -1) is not a gesture record")
            return ("", .possible, .possible, "")
        }
        return (recognizer.string, from, to, reason.description)
    }

    @Test("double-tap (the recording's first two taps), ◀ Prev once: the header and the detail name the same record, singleTap's failure by doubleTap")
    func doubleTapPrevOnce() throws {
        // The recording: a double-tap (0.1 s and 0.3 s), then a single tap at 2 s.
        let rig = try played("double-tap", until: 1.5)
        rig.tap(try rig.button(.stepBack))
        let seq = try #require(rig.state.selectedRecord)
        let r = try record(rig, seq)
        #expect(r.recognizer == "singleTap" && r.from == .possible && r.to == .failed)
        #expect(r.reason == "failed: requires doubleTap to fail, which recognized")
        let header = try #require(TimelinePanel.describedRecord(log: rig.frame.log, state: rig.state))
        #expect(header.hasPrefix("#\(seq) singleTap possible→failed @"))
        let c = rig.context()
        let detail = try #require(DebugOverlay.selectionDetail(c, side: rig.layout.sidePanel, bottom: rig.layout.bottomPanel))
        #expect(detail.lines.first?.hasPrefix("#\(seq) ") == true)
        #expect(detail.lines.joined(separator: " ").contains("singleTap on pad: possible → failed"))
    }

    @Test("swipe-pan (its recording): on the swipe's failure, Down then Right goes to the pan's record after it, not the pan's last")
    func swipePanDownRight() throws {
        let rig = try played("swipe-pan")
        let log = rig.frame.log
        // The swipe's lane, its newest decision: its failure (the slow drag).
        let lanes = DebugOverlay.timelineLanes(app: rig.app, log: log, state: rig.state)
        let swipeIndex = try #require(lanes.firstIndex(of: .recognizer("swipe")))
        #expect(lanes.indices.contains(swipeIndex + 1) && lanes[swipeIndex + 1] == .recognizer("pan"))
        rig.live.frame.state.selectedLane = .recognizer("swipe")
        rig.live.pressHostKey("left")
        let failed = try record(rig, rig.state.selectedRecord)
        #expect(failed.recognizer == "swipe" && failed.to == .failed)
        let failedSeq = try #require(rig.state.selectedRecord)
        rig.live.pressHostKey("down")
        #expect(rig.state.selectedLane == .recognizer("pan"))
        rig.live.pressHostKey("right")
        let next = try record(rig, rig.state.selectedRecord)
        // SPEC: the pan requires the swipe to fail, and begins when it does.
        #expect(next.recognizer == "pan" && next.from == .possible && next.to == .began)
        let nextSeq = try #require(rig.state.selectedRecord)
        #expect(nextSeq > failedSeq)
        let panLast = try #require(log.transitions(of: "pan").last { $0.to != .possible })
        #expect(nextSeq != panLast.seq)
        // Nothing of the pan's lane lies between them: it is the very next.
        #expect(!log.transitions(of: "pan").contains { $0.seq > failedSeq && $0.seq < nextSeq })
    }

    @Test("a log line selected while following live (doubleTap possible→failed), then a double-tap: the window drops the selection rather than contradict it")
    func liveDropsStaleLogSelection() throws {
        // The recording: a double-tap, then a single tap at 2 s (doubleTap fails: no second tap).
        let rig = try played("double-tap")
        let log = rig.frame.log
        let failed = try #require(log.transitions(of: "doubleTap").last { $0.to == .failed })
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .eventLog })
        let L = EventLogPanel.layout(log: log, state: rig.state, in: section.rect, detailTop: side.minY, style: rig.layout.overlayStyle,
                                     measurer: EstimatedTextMeasurer())
        let row = try #require(L.rows.first { $0.seq == failed.seq })
        rig.tap(row.rect)
        #expect(rig.state.selectedRecord == failed.seq && rig.state.followLive)
        rig.settle(1)
        #expect(rig.state.selectedRecord == failed.seq, "no newer decision yet: the selection stays")
        // A double-tap on the pad: doubleTap recognizes.
        let pad = rig.layout.sceneToCanvas(Point(x: 400, y: 300))
        rig.tap(pad)
        rig.tap(pad)
        rig.settle(1)
        #expect(log.transitions(of: "doubleTap").contains { $0.to == .recognized && $0.seq > failed.seq })
        #expect(rig.state.selectedRecord == nil)
    }
}
