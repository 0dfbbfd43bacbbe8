// Text wrapping, the selection detail (a record in full, never cut) and what taps on the
// panels point at.
import Testing
@testable import TouchDraw

@Suite("Wrapping and the selection detail")
struct SelectionDetailTests {
    let m = EstimatedTextMeasurer()

    @Test("wrapped lines are never wider than the width, and keep every word in order",
          arguments: [40.0, 66, 100, 173, 400])
    func wrapKeepsWords(width: Double) {
        let texts = [
            "failed: requires doubleTap to fail, which recognized",
            "cancelled: pan began (cancelsTouchesInView)  with  two  spaces",
            "path: 1. window inside  2. canvas inside  3. photo hit",
            "a-word-much-longer-than-any-line-of-the-panel-could-hold-in-one-piece and then short ones",
            "line one\nline two\n\nafter an empty line",
            "",
        ]
        for text in texts {
            let lines = m.wrap(text, toWidth: width, size: 11, font: .mono)
            for line in lines { #expect(m.measure(line, size: 11, font: .mono).width <= width, "\"\(line)\" at \(width)") }
            // Every word, in order: the lines' words are the text's words, a long word in pieces.
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined()
            let got = lines.flatMap { $0.split(separator: " ") }.joined()
            #expect(got == words, "\(lines)")
            #expect(lines.count >= text.split(separator: "\n", omittingEmptySubsequences: false).count)
        }
    }

    @Test("a line is as full as it can be: the next word would not have fitted on it")
    func wrapIsGreedy() {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let lines = m.wrap(text, toWidth: 80, size: 11, font: .mono)
        #expect(lines.count > 1)
        for (line, next) in zip(lines, lines.dropFirst()) {
            let first = next.split(separator: " ").first.map(String.init) ?? ""
            #expect(m.measure(line + " " + first, size: 11, font: .mono).width > 80)
        }
        #expect(m.wrap("short", toWidth: 80, size: 11, font: .mono) == ["short"])
    }

    @Test("a transition's detail has what happened, the whole reason and every output, one a line")
    func detailParagraphs() {
        let reason = "failed: requires doubleTap to fail, which recognized after a very long wait of many words"
        var o = GestureOutputs()
        o.scale = 1.25; o.location = Point(x: 10.5, y: 20); o.numberOfTouches = 2
        let r = TraceRecord(t: 1.5, .gesture(recognizer: "singleTap", view: "pad", from: .possible, to: .failed,
                                              reason: TraceText(reason), outputs: o))
        let p = SelectionDetail.paragraphs(for: r, seq: 7)
        #expect(p[0] == "#7  1.500 s  gesture")
        #expect(p[1] == "singleTap on pad: possible → failed")
        #expect(p[2] == "reason: " + reason)
        #expect(p.contains("scale 1.25") && p.contains("location (10.5, 20)") && p.contains("touches 2"))
    }

    @Test("the detail box at the foot of the event log reaches up over the sections above instead of cutting the record")
    func detailGrowsUp() throws {
        let rig = OverlayRig()
        let long = Array(repeating: "because", count: 250).joined(separator: " ")
        rig.log.append(TraceRecord(t: 1, .note(topic: "gesture", text: TraceText(long))))
        var state = OverlayState()
        state.selectedRecord = rig.log.endSeq - 1
        let side = Rect(x: 900, y: 0, width: 340, height: 800)
        let c = DebugOverlay.context(app: rig.app, log: rig.log, state: state, sceneTransform: .identity,
                                     sceneRect: Rect(x: 0, y: 0, width: 800, height: 600), sidePanel: side, measurer: m)
        let log = try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .eventLog })
        let detail = try #require(DebugOverlay.selectionDetail(c, side: side, bottom: nil))
        #expect(detail.rect.maxY == log.rect.maxY && detail.rect.minY < log.rect.minY && detail.rect.minY >= side.minY)
        #expect(detail.rect.height >= SelectionDetail.height(lines: detail.lines.count, style: OverlayStyle()))
        #expect(detail.lines.joined(separator: " ").contains(long))
        // Drawn over the panels, every line.
        var list = DisplayList(size: Size(width: 1240, height: 800))
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: .identity,
                          sceneRect: Rect(x: 0, y: 0, width: 800, height: 600), sidePanel: side, bottomPanel: nil,
                          measurer: m, into: &list)
        let texts = Set(list.commands.compactMap { if case let .text(run) = $0 { run.string } else { nil } })
        for line in detail.lines { #expect(texts.contains(line)) }
        // A tap on it points at it; the event log's lines stop above it.
        #expect(DebugOverlay.hit(at: Point(x: detail.rect.midX, y: detail.rect.midY), context: c, side: side, bottom: nil, tolerance: 22) == .detail)
    }

    @Test("a tap on an event-log line points at its record; the timeline's header and plot at their lane and time")
    func hits() throws {
        let rig = OverlayRig()
        for (t, to) in [(1.0, GestureState.began), (1.5, .ended)] {
            rig.log.append(TraceRecord(t: t, .gesture(recognizer: "pan", view: "v", from: to == .began ? .possible : .began, to: to,
                                                      reason: TraceText("why \(t)"), outputs: GestureOutputs())))
        }
        var state = OverlayState()
        state.lanesOfTouchedViewsOnly = false
        let side = Rect(x: 900, y: 0, width: 340, height: 800), bottom = Rect(x: 0, y: 630, width: 900, height: 170)
        let c = DebugOverlay.context(app: rig.app, log: rig.log, state: state, sceneTransform: .identity,
                                     sceneRect: Rect(x: 0, y: 0, width: 800, height: 600), sidePanel: side, measurer: m,
                                     extras: DebugOverlayExtras(now: 2))
        let log = try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .eventLog })
        let L = EventLogPanel.layout(log: rig.log, state: state, in: log.rect, detailTop: side.minY, style: OverlayStyle(), measurer: m)
        #expect(L.rows.map(\.seq) == [0, 1])
        #expect(DebugOverlay.hit(at: Point(x: L.rows[1].rect.midX, y: L.rows[1].rect.midY), context: c, side: side, bottom: bottom,
                                 tolerance: 22) == .logRecord(1))
        let T = TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: [:], now: 2, in: bottom, style: OverlayStyle())
        let lane = try #require(T.visible.first { $0.lane == .recognizer("pan") })
        // 10 px off the transition at 1.5 s: snapped to it, with its record.
        let hit = DebugOverlay.hit(at: Point(x: T.x(for: 1.5) + 10, y: lane.rect.midY), context: c, side: side, bottom: bottom, tolerance: 22)
        #expect(hit == .timeline(TimelineTap(lane: .recognizer("pan"), time: 1.5, record: 1)))
        // Far from any: the time under the finger, no record.
        if case let .timeline(tap)? = DebugOverlay.hit(at: Point(x: T.x(for: 0.2), y: lane.rect.midY), context: c, side: side,
                                                       bottom: bottom, tolerance: 22) {
            #expect(tap.record == nil && abs(tap.time - 0.2) < 1e-9)
        } else {
            Issue.record("not on the timeline")
        }
        #expect(DebugOverlay.hit(at: Point(x: 100, y: 100), context: c, side: side, bottom: bottom, tolerance: 22) == nil)
        state.select(TimelineTap(lane: .recognizer("pan"), time: 1.5, record: 1), now: 2)
        #expect(state.selectedRecord == 1 && state.selectedTime == 1.5 && !state.followLive)
    }

    @Test("stepping to a transition with no lane selected takes the newest transition's lane, and selects its record")
    func stepWithoutLane() {
        let rig = OverlayRig()
        rig.log.append(TraceRecord(t: 1, .gesture(recognizer: "tap", view: "v", from: .possible, to: .recognized,
                                                  reason: TraceText("2 taps"), outputs: GestureOutputs())))
        var state = OverlayState()
        state.selectTransition(step: -1, in: rig.log, now: 2)
        #expect(state.selectedLane == .recognizer("tap") && state.selectedTime == 1 && state.selectedRecord == 0)
        state.goLive()
        #expect(state.selectedRecord == nil)
    }
}
