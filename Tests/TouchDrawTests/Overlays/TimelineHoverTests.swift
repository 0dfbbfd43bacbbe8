import Testing
@testable import TouchCore
@testable import TouchDraw

// The timeline draws a hover recognizer's states like any recognizer's: UIHoverGestureRecognizer
// is "a continuous gesture recognizer" (Apple's documentation), so its lane shows began,
// changed and ended, though no touch is involved (a lane appears for a recognizer that acts
// in the visible span, not only for those of the touched views).
@Suite("Timeline: hover recognizers")
struct TimelineHoverTests {
    @Test("a pen hovering over a view, then touching it: the hover's lane shows began, changed, ended, with no touch on its view")
    func hoverLane() {
        let rig = OverlayRig()
        let link = rig.view("link", 100, 100, 200, 200)
        let hover = HoverGestureRecognizer(id: "rollover")
        link.addGestureRecognizer(hover)
        var mapper = InputMapper(sceneSize: Size(width: 800, height: 600), defaults: Defaults())
        func feed(_ t: Double, _ kind: RawInput.Kind) { for e in mapper.map(RawInput(t: t, kind)) { rig.send(e, at: t) } }
        feed(1.0, .penHover(x: 150, y: 150, z: 0.5))
        feed(1.5, .penHover(x: 160, y: 150, z: 0.25))
        feed(2.0, .fingerDown(finger: 1, x: 160, y: 150))   // the pen touches: the hover ends
        feed(2.2, .fingerUp(finger: 1, x: 160, y: 150))
        var state = OverlayState()
        state.timelineSpan = 4
        let lanes = DebugOverlay.timelineLanes(app: rig.app, log: rig.log, state: state, now: 3)
        #expect(lanes.contains(.recognizer("rollover")))
        let segments = TimelinePanel.segments(of: "rollover", log: rig.log, from: 0, to: 3, now: 3)
        #expect(segments == [LaneSegment(start: 1, end: 1.5, state: .began), LaneSegment(start: 1.5, end: 2, state: .changed),
                             LaneSegment(start: 2, end: 2, state: .ended), LaneSegment(start: 2, end: 3, state: .possible)])
    }
}
