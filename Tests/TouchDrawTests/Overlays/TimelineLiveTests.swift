import Testing
@testable import TouchDraw

/// Issue 29, items 2–4 and the timeline's lesser points: the live axis, stepping, the one
/// selection the header and the detail share, a stale selection.
@Suite("Timeline: live axis, stepping, selection")
struct TimelineLiveTests {
    let rect = Rect(x: 0, y: 430, width: 684, height: 170)

    /// A long press held 0.8 s, dragged, released (SPEC: it begins after its minimum press
    /// duration, 0.5 s by default, changes as the finger moves, ends when it lifts).
    func longPressDrag() -> (OverlayRig, View) {
        let rig = OverlayRig()
        let pad = rig.view("pad", 100, 100, 600, 400)
        pad.addGestureRecognizer(LongPressGestureRecognizer(id: "press"))
        rig.down(1, 300, 300, at: 10)
        rig.advance(10.8)
        for (i, t) in [10.9, 11.0, 11.1].enumerated() { rig.move(1, 300 + Double(i + 1) * 20, 300, at: t) }
        rig.up(1, 360, 300, at: 11.2)
        rig.advance(11.2)
        return (rig, pad)
    }

    func layout(_ rig: OverlayRig, _ state: OverlayState, now: Double) -> TimelineLayout {
        TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: DebugOverlay.viewsByID(rig.app.window), now: now,
                             in: rect, style: OverlayStyle())
    }

    @Test("following live, the end of a long press (held 0.8 s, dragged, released) is on screen, and a redraw 2 s or 20 s later shows the same picture")
    func endOfGestureShown() throws {
        let (rig, _) = longPressDrag()
        let trs = rig.log.transitions(of: "press")
        let ended = try #require(trs.first { $0.to == .ended })
        #expect(trs.contains { $0.to == .began } && trs.contains { $0.to == .changed })
        let state = OverlayState()
        let later = layout(rig, state, now: ended.t + 2)
        let muchLater = layout(rig, state, now: ended.t + 20)
        // The ended transition is inside the plot, not off its right edge.
        #expect(later.x(for: ended.t) >= later.plotRect.minX && later.x(for: ended.t) < later.plotRect.maxX)
        // The picture does not jump: the same time window 2 s and 20 s after.
        #expect(later.t1 == muchLater.t1 && later.t0 == muchLater.t0)
        // The drawn lanes are the same commands.
        var a = DisplayList(size: Size(width: 1024, height: 640)), b = DisplayList(size: Size(width: 1024, height: 640))
        let views = DebugOverlay.viewsByID(rig.app.window)
        TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: views, now: ended.t + 2, in: rect, style: OverlayStyle(),
                           measurer: EstimatedTextMeasurer(), into: &a)
        TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: views, now: ended.t + 20, in: rect, style: OverlayStyle(),
                           measurer: EstimatedTextMeasurer(), into: &b)
        #expect(a.commands == b.commands)
    }

    @Test("while a finger is down the live axis keeps up with the clock, and the window is woken to redraw it; once the gesture is shown, no more")
    func liveAxisKeepsUp() throws {
        let rig = OverlayRig()
        let pad = rig.view("pad", 100, 100, 600, 400)
        pad.addGestureRecognizer(LongPressGestureRecognizer(id: "press"))
        rig.down(1, 300, 300, at: 10)
        let state = OverlayState()
        // A finger held with no new record: the right edge is the clock.
        rig.advance(10.3)
        #expect(layout(rig, state, now: 10.3).t1 == 10.3)
        #expect(layout(rig, state, now: 10.45).t1 == 10.45)
        // Once a pixel column's time has passed (4 s over 100 px: 0.04 s), but never more
        // often than the display's rate (4 s over 1000 px is 0.004 s: a frame, 1/60 s).
        let wake = try #require(TimelinePanel.nextRedraw(log: rig.log, state: state, now: 10.45, plotWidth: 100))
        #expect(abs(wake - (10.45 + 0.04)) < 1e-9)
        let fast = try #require(TimelinePanel.nextRedraw(log: rig.log, state: state, now: 10.45, plotWidth: 1000))
        #expect(abs(fast - (10.45 + 1.0 / 60)) < 1e-9)
        // Lifted: the axis goes on until the newest record is a quarter of the span back, then stops.
        rig.up(1, 300, 300, at: 10.6)
        let last = try #require(rig.log.latestTime)
        #expect(layout(rig, state, now: last + 0.5).t1 == last + 0.5)
        #expect(TimelinePanel.nextRedraw(log: rig.log, state: state, now: last + 0.5, plotWidth: 600) != nil)
        #expect(layout(rig, state, now: last + 5).t1 == last + 0.25 * state.timelineSpan)
        #expect(TimelinePanel.nextRedraw(log: rig.log, state: state, now: last + 5, plotWidth: 600) == nil)
        // Paused: nothing to redraw.
        var paused = state
        paused.togglePaused(now: last)
        #expect(TimelinePanel.nextRedraw(log: rig.log, state: paused, now: last + 0.1, plotWidth: 600) == nil)
    }

    @Test("pausing after an idle spell freezes the picture shown, not the empty stretch after it")
    func pauseAfterIdle() throws {
        let (rig, _) = longPressDrag()
        var state = OverlayState()
        let shown = layout(rig, state, now: 40)
        state.togglePaused(now: TimelinePanel.liveNow(log: rig.log, state: state, now: 40))
        let paused = layout(rig, state, now: 40)
        #expect(paused.t1 == shown.t1 && !state.followLive)
        // The long press's end is in the paused picture.
        let ended = try #require(rig.log.transitions(of: "press").first { $0.to == .ended })
        #expect(ended.t >= paused.t0 && ended.t <= paused.t1)
    }

    // MARK: Item 3

    /// doubleTap and singleTap (requires doubleTap to fail) on one pad, double-tapped: SPEC's
    /// failure requirement — doubleTap recognizes, then singleTap fails, then both reset.
    func doubleTap() -> OverlayRig {
        let rig = OverlayRig()
        rig.doubleTapPad()
        rig.tap(400, 300, at: 1)
        rig.tap(400, 300, at: 1.2)
        rig.advance(2)
        return rig
    }

    func detailHeading(_ rig: OverlayRig, _ state: OverlayState) throws -> String {
        let seq = try #require(state.selectedRecord)
        let lines = try #require(SelectionDetail.lines(seq: seq, log: rig.log, width: 2000, style: OverlayStyle(),
                                                      measurer: EstimatedTextMeasurer()))
        return lines.joined(separator: " ")
    }

    @Test("double-tap, ◀ Prev once: the header and the detail name the same record, singleTap's failure, not its reset")
    func prevOnceAfterDoubleTap() throws {
        let rig = doubleTap()
        var state = OverlayState()
        state.selectTransition(step: -1, in: rig.log, now: 2)
        let seq = try #require(state.selectedRecord)
        let header = try #require(TimelinePanel.describedRecord(log: rig.log, state: state))
        #expect(header.hasPrefix("#\(seq) singleTap possible→failed @"))
        #expect(header.contains("requires doubleTap to fail"))
        let detail = try detailHeading(rig, state)
        #expect(detail.hasPrefix("#\(seq) "))
        #expect(detail.contains("singleTap on pad: possible → failed"))
        // The header's line, as drawn, says the same.
        var list = DisplayList(size: Size(width: 1024, height: 640))
        TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: DebugOverlay.viewsByID(rig.app.window), now: 2,
                           in: Rect(x: 0, y: 0, width: 2000, height: 170), style: OverlayStyle(), measurer: EstimatedTextMeasurer(),
                           into: &list)
        #expect(texts(list).contains { $0.string.contains("#\(seq) singleTap possible→failed") })
    }

    @Test("Prev / Next step over resets and collapse a run of changed→changed; the switch shows every record")
    func stepsSkipResets() throws {
        let rig = OverlayRig()
        func g(_ t: Double, _ from: GestureState, _ to: GestureState) {
            rig.log.append(TraceRecord(t: t, .gesture(recognizer: "pan", view: "v", from: from, to: to, reason: "r", outputs: GestureOutputs())))
        }
        g(1, .possible, .began); g(1.1, .began, .changed); g(1.2, .changed, .changed); g(1.3, .changed, .changed)
        g(1.4, .changed, .ended); g(1.4, .ended, .possible); g(2, .possible, .failed); g(2, .failed, .possible)
        var state = OverlayState()
        var visited: [Int] = []
        state.selectTransition(step: -1, in: rig.log, now: 3)
        while let s = state.selectedRecord, !visited.contains(s) {
            visited.append(s)
            state.selectTransition(step: -1, in: rig.log, now: 3)
        }
        // Newest first: failed (6), ended (4), the first changed→changed (2), began→changed (1), began (0).
        #expect(visited == [6, 4, 2, 1, 0])
        state.stepEveryRecord = true
        state.selectTransition(step: 1, in: rig.log, now: 3)
        #expect(state.selectedRecord == 1)
        state.selectTransition(step: 1, in: rig.log, now: 3)
        state.selectTransition(step: 1, in: rig.log, now: 3)
        #expect(state.selectedRecord == 3)
    }

    @Test("moving between lanes keeps the place in time: Down then Right goes to the record after the other lane's")
    func laneChangeKeepsPlace() throws {
        // swipe-pan: the pan waits for the swipe to fail. pan: began before (an earlier
        // gesture), then after the swipe's failure: began, changed, ended.
        let rig = OverlayRig()
        func g(_ t: Double, _ r: String, _ from: GestureState, _ to: GestureState) {
            rig.log.append(TraceRecord(t: t, .gesture(recognizer: TraceName(r), view: "v", from: from, to: to, reason: "r",
                                                      outputs: GestureOutputs())))
        }
        g(1, "pan", .possible, .began)      // 0
        g(1.5, "pan", .began, .ended)       // 1
        g(1.5, "pan", .ended, .possible)    // 2
        g(3, "swipe", .possible, .failed)   // 3: the swipe's failure
        g(3, "pan", .possible, .began)      // 4: the record after it
        g(3.2, "pan", .began, .changed)     // 5
        g(3.4, "pan", .changed, .ended)     // 6: the pan's last
        g(3.5, "swipe", .failed, .possible) // 7
        g(3.5, "pan", .ended, .possible)    // 8
        var state = OverlayState()
        state.selectedLane = .recognizer("swipe")
        state.selectTransition(step: -1, in: rig.log, now: 4)
        #expect(state.selectedRecord == 3)
        state.selectLane(step: 1, in: [.touches, .recognizer("swipe"), .recognizer("pan")])
        #expect(state.selectedLane == .recognizer("pan") && state.selectedRecord == 3)
        state.selectTransition(step: 1, in: rig.log, now: 4)
        #expect(state.selectedRecord == 4)
        // And back: Left from the swipe's failure in the pan's lane is the pan before it.
        state.selectedLane = .recognizer("swipe")
        state.selectTransition(step: -1, in: rig.log, now: 4)
        state.selectTransition(step: 1, in: rig.log, now: 4)
        #expect(state.selectedRecord == 3)
        state.selectLane(step: 1, in: [.touches, .recognizer("swipe"), .recognizer("pan")])
        state.selectTransition(step: -1, in: rig.log, now: 4)
        #expect(state.selectedRecord == 1)
    }

    // MARK: Item 4

    @Test("a selection says when it is from: its time, and \"earlier\" once a newer decision is in the log")
    func selectionSaysEarlier() throws {
        let rig = doubleTap()
        var state = OverlayState()
        state.selectTransition(step: -1, in: rig.log, now: 2)   // singleTap's failure, the newest decision
        let seq = try #require(state.selectedRecord)
        let t = try #require(rig.log.record(seq)?.t)
        var detail = try detailHeading(rig, state)
        #expect(detail.hasPrefix("#\(seq) \(TraceFormat.fixed(t)) s"))
        #expect(!detail.contains("earlier"))
        #expect(TimelinePanel.describedRecord(log: rig.log, state: state)?.contains("earlier") == false)
        // Another double-tap (the timeline stays paused): newer decisions.
        rig.tap(400, 300, at: 3)
        rig.tap(400, 300, at: 3.2)
        rig.advance(4)
        detail = try detailHeading(rig, state)
        #expect(detail.hasPrefix("#\(seq) \(TraceFormat.fixed(t)) s") && detail.contains("earlier"))
        #expect(TimelinePanel.describedRecord(log: rig.log, state: state)?.contains("earlier") == true)
        #expect(state.selectedRecord == seq)
    }

    @Test("following live, a selected log line is dropped once a newer decision comes (select doubleTap possible→failed, then double-tap)")
    func liveDropsStaleSelection() throws {
        let rig = OverlayRig()
        rig.doubleTapPad()
        rig.tap(400, 300, at: 1)
        rig.advance(2)   // one tap: doubleTap fails after the interval, singleTap recognizes
        let failed = try #require(rig.log.transitions(of: "doubleTap").first { $0.to == .failed })
        var state = OverlayState()
        state.selectRecord(failed.seq, in: rig.log)   // the log line, tapped while live
        state.dropStaleSelection(latestDecision: rig.log.latestDecision?.seq)
        #expect(state.selectedRecord == failed.seq && state.followLive)
        state.dropStaleSelection(latestDecision: rig.log.latestDecision?.seq)
        #expect(state.selectedRecord == failed.seq)
        rig.tap(400, 300, at: 3)
        rig.tap(400, 300, at: 3.2)
        rig.advance(4)
        #expect(rig.log.transitions(of: "doubleTap").contains { $0.to == .recognized && $0.t > 3 })
        state.dropStaleSelection(latestDecision: rig.log.latestDecision?.seq)
        #expect(state.selectedRecord == nil)
        // Paused, a selection stays (and says "earlier").
        state.togglePaused(now: 4)
        state.selectRecord(failed.seq, in: rig.log)
        state.dropStaleSelection(latestDecision: rig.log.latestDecision?.seq)
        rig.tap(400, 300, at: 5)
        rig.tap(400, 300, at: 5.2)
        rig.advance(6)
        state.dropStaleSelection(latestDecision: rig.log.latestDecision?.seq)
        #expect(state.selectedRecord == failed.seq)
    }

    // MARK: Lesser points

    @Test("= zooms about the selection: the selected time stays on screen, at the same place")
    func zoomAboutSelection() throws {
        let rig = doubleTap()
        var state = OverlayState()
        state.timelineSpan = 8
        state.selectTransition(step: -1, in: rig.log, now: 2)
        state.timelineEnd = 6   // the selection (t ≈ 1.2) near the left edge of [-2, 6]
        let t = try #require(state.selectedTime)
        let before = layout(rig, state, now: 6)
        state.zoomTimelineKey(by: 0.5, now: 6)
        state.zoomTimelineKey(by: 0.5, now: 6)
        let after = layout(rig, state, now: 6)
        #expect(after.t1 - after.t0 == 2)
        #expect(t >= after.t0 && t <= after.t1)
        #expect(abs(after.x(for: t) - before.x(for: t)) < 1e-6)
    }

    @Test("every axis label lies inside the timeline, the last one too", arguments: [1.0, 2.0])
    func axisLabelsInside(scale: Double) {
        let rig = doubleTap()
        let style = OverlayStyle().scaled(by: scale)
        let m = EstimatedTextMeasurer()
        let r = Rect(x: 0, y: 0, width: 684 * scale, height: 170 * scale)
        for span in [0.37, 1.0, 4.0, 7.3, 60.0] {
            var state = OverlayState()
            state.timelineSpan = span
            var list = DisplayList(size: Size(width: r.width, height: r.height))
            TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: [:], now: 2.0, in: r, style: style, measurer: m, into: &list)
            let labels = texts(list).filter { $0.string.hasSuffix("s") && Double($0.string.dropLast()) != nil }
            #expect(!labels.isEmpty)
            for label in labels {
                let w = m.measure(label.string, size: label.size, font: label.font).width
                let x0 = label.alignment == .right ? label.position.x - w : label.position.x
                #expect(x0 >= r.minX && x0 + w <= r.maxX, "span \(span): \(label.string) at \(x0)…\(x0 + w), the panel ends at \(r.maxX)")
            }
        }
    }

    @Test("the event log shows every kind by default, touches too, and its filter line says which are hidden in words")
    func logFilterDefault() {
        let state = OverlayState()
        #expect(state.logKinds.contains(.touches))
        #expect(!EventLogPanel.filterLine(state.logKinds).contains("·"))
        var hidden = state
        hidden.toggleLogKind(.touches)
        let line = EventLogPanel.filterLine(hidden.logKinds)
        #expect(line.contains("hidden: touches"))
        #expect(!line.contains("·"))
    }
}
