import Testing
@testable import TouchDraw

@Suite("Timeline")
struct TimelineTests {
    func g(_ t: Double, _ r: String, _ from: GestureState, _ to: GestureState, view: String = "photo") -> TraceRecord {
        TraceRecord(t: t, .gesture(recognizer: TraceName(r), view: TraceName(view), from: from, to: to, reason: "\(to.rawValue) because", outputs: GestureOutputs()))
    }

    /// pinch: began 1, changed 1.5, ended 2, reset 2; tap: failed 1.2, reset 2; one control event.
    func sequence() -> (OverlayRig, OverlayState) {
        let rig = OverlayRig()
        let log = rig.log
        for r in [g(1, "pinch", .possible, .began), g(1.2, "tap", .possible, .failed), g(1.5, "pinch", .began, .changed),
                  g(2, "pinch", .changed, .ended), g(2, "pinch", .ended, .possible), g(2, "tap", .failed, .possible),
                  TraceRecord(t: 2.5, .control(control: "button", event: "touchUpInside"))] {
            log.append(r)
        }
        var state = OverlayState()
        state.lanesOfTouchedViewsOnly = false
        state.timelineSpan = 4
        return (rig, state)
    }

    @Test("a lane per recognizer plus touches and controls, with segments coloured by state")
    func lanesAndSegments() {
        let (rig, state) = sequence()
        let lanes = DebugOverlay.timelineLanes(app: rig.app, log: rig.log, state: state)
        #expect(lanes == [.touches, .recognizer("pinch"), .recognizer("tap"), .controls])
        let pinch = TimelinePanel.segments(of: "pinch", log: rig.log, from: -1, to: 3, now: 3)
        #expect(pinch == [LaneSegment(start: 1, end: 1.5, state: .began), LaneSegment(start: 1.5, end: 2, state: .changed),
                          LaneSegment(start: 2, end: 2, state: .ended), LaneSegment(start: 2, end: 3, state: .possible)])
        // Starting inside a segment: the state before the window is carried in.
        let late = TimelinePanel.segments(of: "pinch", log: rig.log, from: 1.7, to: 3, now: 2.5)
        #expect(late.first == LaneSegment(start: 1.7, end: 2, state: .changed))
        #expect(late.last == LaneSegment(start: 2, end: 2.5, state: .possible))
    }

    @Test("the drawn lanes carry the state colours inside their lane rects")
    func colours() throws {
        let (rig, state) = sequence()
        let rect = Rect(x: 0, y: 430, width: 684, height: 170)
        var list = DisplayList(size: Size(width: 1024, height: 640))
        TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: DebugOverlay.viewsByID(rig.app.window), now: 3,
                           in: rect, style: OverlayStyle(), measurer: EstimatedTextMeasurer(), into: &list)
        let L = TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: [:], now: 3, in: rect, style: OverlayStyle())
        #expect(L.visible.count == 4)
        let pinchRect = try #require(L.visible.first { $0.lane == .recognizer("pinch") }?.rect)
        let tapRect = try #require(L.visible.first { $0.lane == .recognizer("tap") }?.rect)
        let fills = list.commands.compactMap { c -> (Rect, Color)? in
            if case let .polygon(p, col) = c { return (boundingBox(p), col) }; return nil
        }
        func has(_ color: Color, in lane: Rect, from t0: Double, to t1: Double) -> Bool {
            fills.contains { box, c in
                c == color && box.minY >= lane.minY && box.maxY <= lane.maxY
                    && abs(box.minX - L.x(for: t0)) < 0.01 && box.maxX >= L.x(for: t1) - 0.01
            }
        }
        #expect(has(.blue, in: pinchRect, from: 1, to: 1.5))
        #expect(has(.blue, in: pinchRect, from: 1.5, to: 2))
        #expect(has(.green, in: pinchRect, from: 2, to: 2))
        #expect(has(.red, in: tapRect, from: 1.2, to: 2))
        #expect(fills.contains { $0.1 == OverlayStyle.color(of: .possible).fading(0.8) && $0.0.height < pinchRect.height / 2 })
        #expect(texts(list).contains { $0.string.hasPrefix("touchUpInside button") })
        // Axis labels every nice step.
        #expect(texts(list).contains { $0.string == "2s" })
    }

    @Test("a failure wait is outlined in the waiting lane until it resolves")
    func waits() throws {
        let rig = OverlayRig()
        let pad = rig.view("pad", 0, 0, 800, 600)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        pad.addGestureRecognizer(dt); pad.addGestureRecognizer(st)
        rig.tap(100, 100, at: 0)
        rig.advance(1)
        var state = OverlayState()
        state.timelineSpan = 1
        let rect = Rect(x: 0, y: 0, width: 600, height: 170)
        var list = DisplayList(size: Size(width: 600, height: 170))
        TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: DebugOverlay.viewsByID(rig.app.window), now: 1,
                           in: rect, style: OverlayStyle(), measurer: EstimatedTextMeasurer(), into: &list)
        let L = TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: DebugOverlay.viewsByID(rig.app.window),
                                     now: 1, in: rect, style: OverlayStyle())
        #expect(L.lanes == [.touches, .recognizer("doubleTap"), .recognizer("singleTap")])
        let lane = try #require(L.rect(of: .recognizer("singleTap")))
        let resolved = try #require(rig.log.transitions(of: "singleTap").first?.t)
        let outlines = list.commands.compactMap { c -> Rect? in
            if case let .polyline(p, _, col, true) = c, col == OverlayStyle().selection { return boundingBox(p) }; return nil
        }
        #expect(outlines.contains { abs($0.minX - L.x(for: 0.05)) < 0.01 && abs($0.maxX - L.x(for: resolved)) < 0.01
            && $0.minY > lane.minY && $0.maxY < lane.maxY })
        // The header explains the newest transition.
        #expect(texts(list).first?.string.contains("reset") == true || texts(list).first?.string.contains("singleTap") == true)
    }

    @Test("zoom, scroll, pause and transition stepping move the time window")
    func stateChanges() {
        let (rig, _) = sequence()
        var s = OverlayState()
        s.timelineSpan = 4
        s.zoomTimeline(by: 0.5)
        #expect(s.timelineSpan == 2)
        s.zoomTimeline(by: 1e-9)
        #expect(s.timelineSpan == OverlayState.minSpan)
        s.timelineSpan = 2
        s.togglePaused(now: 10)
        #expect(!s.followLive && s.timelineRightEdge(now: 12) == 10)
        s.scrollTimeline(by: 5, now: 12)
        #expect(s.timelineEnd == 12)
        s.pageTimeline(-1, now: 12)
        #expect(s.timelineEnd == 10)
        s.goLive()
        #expect(s.timelineRightEdge(now: 12) == 12)
        s.selectLane(step: 1, in: [.touches, .recognizer("pinch")])
        s.selectLane(step: 1, in: [.touches, .recognizer("pinch")])
        #expect(s.selectedLane == .recognizer("pinch"))
        s.selectTransition(step: -1, in: rig.log, now: 3)
        #expect(s.selectedTime == 2 && !s.followLive)
        s.selectTransition(step: -1, in: rig.log, now: 3)
        #expect(s.selectedTime == 1.5)
        s.selectTransition(step: 1, in: rig.log, now: 3)
        #expect(s.selectedTime == 2)
        let described = TimelinePanel.describedTransition(log: rig.log, state: s)
        #expect(described?.1.to == .ended)
    }

    @Test("a click in a lane maps back to the lane and the time")
    func clickMapping() throws {
        let (rig, state) = sequence()
        let rect = Rect(x: 0, y: 430, width: 684, height: 170)
        let L = TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: [:], now: 3, in: rect, style: OverlayStyle())
        let lane = try #require(L.rect(of: .recognizer("tap")))
        let hit = try #require(DebugOverlay.timelineHit(at: Point(x: L.x(for: 1.25), y: lane.midY), app: rig.app, log: rig.log,
                                                        state: state, bottomPanel: rect, now: 3))
        #expect(hit.lane == .recognizer("tap"))
        #expect(abs(hit.time - 1.25) < 1e-9)
    }

    @Test("recognizers active at the same time are linked between their lanes")
    func simultaneity() throws {
        let rig = OverlayRig()
        for r in [g(1, "pinch", .possible, .began), g(1.1, "rotation", .possible, .began),
                  g(1.5, "pinch", .began, .ended), g(1.5, "rotation", .began, .ended)] { rig.log.append(r) }
        var state = OverlayState()
        state.lanesOfTouchedViewsOnly = false
        let rect = Rect(x: 0, y: 0, width: 600, height: 170)
        var list = DisplayList(size: Size(width: 600, height: 170))
        TimelinePanel.draw(app: rig.app, log: rig.log, state: state, views: [:], now: 2, in: rect, style: OverlayStyle(),
                           measurer: EstimatedTextMeasurer(), into: &list)
        let L = TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: [:], now: 2, in: rect, style: OverlayStyle())
        let pinch = try #require(L.rect(of: .recognizer("pinch"))), rotation = try #require(L.rect(of: .recognizer("rotation")))
        let x = L.x(for: 1.1)
        #expect(list.commands.contains(.polyline(points: [Point(x: x, y: rotation.midY), Point(x: x, y: pinch.midY)],
                                                 width: 1.5, color: Color.cyan.fading(0.9), closed: false)))
        #expect(!list.commands.contains { if case let .polyline(p, _, c, _) = $0 { return c == Color.cyan.fading(0.9) && p.first?.x == L.x(for: 1) }; return false })
    }
}

@Suite("Timeline lanes that follow the action")
struct TimelineFollowTests {
    /// A photo being panned by one finger, and a button elsewhere with a tap: the second
    /// finger lands on the button while the pan runs.
    func rig() -> (OverlayRig, PanGestureRecognizer) {
        let rig = OverlayRig()
        let photo = rig.view("photo", 0, 0, 400, 600)
        let pan = PanGestureRecognizer(id: "pan")
        photo.addGestureRecognizer(pan)
        let button = rig.view("button", 500, 100, 200, 100)
        button.addGestureRecognizer(TapGestureRecognizer(id: "buttonTap"))
        let idle = rig.view("idle", 500, 400, 200, 100)
        idle.addGestureRecognizer(TapGestureRecognizer(id: "idleTap"))
        rig.down(1, 100, 100, at: 0)
        for i in 1...10 { rig.move(1, 100 + Double(i) * 10, 100, at: Double(i) * 0.02) }
        rig.down(2, 600, 150, at: 0.25)
        rig.move(1, 220, 100, at: 0.3)
        return (rig, pan)
    }

    @Test("a recognizer moving another view keeps its lane when a finger lands elsewhere; idle ones get none")
    func panKeepsItsLane() {
        let (rig, pan) = rig()
        #expect(pan.state == .changed)
        var state = OverlayState()
        state.timelineSpan = 2
        let lanes = DebugOverlay.timelineLanes(app: rig.app, log: rig.log, state: state, now: 0.3)
        // The latest touch is on the button: its recognizer first, then the pan, which acts.
        #expect(lanes.contains(.recognizer("buttonTap")))
        #expect(lanes.contains(.recognizer("pan")))
        #expect(!lanes.contains(.recognizer("idleTap")))
        // Showing all lists the idle one too.
        state.lanesOfTouchedViewsOnly = false
        #expect(DebugOverlay.timelineLanes(app: rig.app, log: rig.log, state: state, now: 0.3).contains(.recognizer("idleTap")))
    }

    @Test("a recognizer whose action ended before the visible range loses its lane")
    func oldActionScrollsOut() {
        let (rig, _) = rig()
        rig.up(1, 220, 100, at: 0.35)
        rig.up(2, 600, 150, at: 0.4)
        rig.down(3, 600, 450, at: 5)     // on the idle view, long after
        rig.up(3, 600, 450, at: 5.05)
        var state = OverlayState()
        state.timelineSpan = 2
        let lanes = DebugOverlay.timelineLanes(app: rig.app, log: rig.log, state: state, now: 5.1)
        #expect(lanes.contains(.recognizer("idleTap")))
        #expect(!lanes.contains(.recognizer("pan")))
        // Scrolled back to the pan's time, it is in view again.
        state.togglePaused(now: 5.1)
        state.scrollTimeline(by: -4.8, now: 5.1)
        #expect(DebugOverlay.timelineLanes(app: rig.app, log: rig.log, state: state, now: 5.1).contains(.recognizer("pan")))
    }
}
