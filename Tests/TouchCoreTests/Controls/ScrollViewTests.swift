import Foundation
import Testing
@testable import TouchCore

/// A scroll view that lets drags starting on controls scroll (UIKit's usual override).
final class CancellingScrollView: ScrollView {
    override func touchesShouldCancel(in view: View) -> Bool { true }
}

@Suite("Scroll view")
struct ScrollViewTests {
    /// window ▸ list (300×300 at the origin, content 300×2000) ▸ ok button (50,50,100,50) and a row view (0,150,300,100).
    func listApp(_ list: ScrollView? = nil) -> (Application, Recorder, ScrollView, Button, View) {
        let (app, rec) = makeApp()
        let sv = list ?? ScrollView(id: "list", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        sv.contentSize = Size(width: 300, height: 2000)
        let b = Button(id: "ok", frame: Rect(x: 50, y: 50, width: 100, height: 50))
        let row = View(id: "row", frame: Rect(x: 0, y: 150, width: 300, height: 100))
        row.handlesTouches = true
        sv.addSubview(b)
        sv.addSubview(row)
        app.window.addSubview(sv)
        return (app, rec, sv, b, row)
    }

    /// A 200 pt flick upwards at 2000 pt/s starting at (x, y0), 40 pt every 20 ms.
    func flick(_ app: Application, x: Double = 200, from y0: Double = 280, start t0: Double = 0) {
        app.down(x, y0, at: t0)
        for i in 1...5 { app.move(x, y0 - 40 * Double(i), at: t0 + 0.02 * Double(i)) }
        app.up(x, y0 - 200, at: t0 + 0.1)
    }

    @Test("a drag scrolls the content by the finger's travel beyond the slop")
    func dragScrolls() {
        let (app, rec, sv, _, _) = listApp()
        app.down(200, 280, at: 0)
        app.move(200, 240, at: 0.02)
        #expect(sv.contentOffset == Point(x: 0, y: 30))   // 40 pt moved, 10 pt of slop
        #expect(sv.isDragging)
        app.move(200, 200, at: 0.5)
        #expect(sv.contentOffset == Point(x: 0, y: 70))
        app.up(200, 200, at: 1.0)                           // held still: released without speed
        #expect(!sv.isDragging && !sv.isDecelerating)
        #expect(rec.gestureTransitions(of: "list.pan") == ["began", "changed", "ended", "possible"])
    }

    @Test("hit testing follows the content offset")
    func hitTestFollowsOffset() {
        let (app, _, sv, _, _) = listApp()
        sv.contentOffset = Point(x: 0, y: 100)
        var path: [HitStep]? = nil
        #expect(app.window.hitTestScene(Point(x: 100, y: 75), path: &path)?.id == "row")  // content y 175
        #expect(app.window.hitTestScene(Point(x: 100, y: 25), path: &path)?.id == "list")
    }

    @Test("after a flick the scroll view decelerates by 0.998 per millisecond and stops")
    func decelerates() {
        let (app, rec, sv, _, _) = listApp()
        flick(app)
        #expect(sv.contentOffset.y == 190)
        #expect(sv.isDecelerating)
        let k = 1000 * log(0.998)
        app.advance(to: 0.6)
        let expected = 190 + 2000 * (pow(0.998, 500) - 1) / k
        #expect(abs(sv.contentOffset.y - expected) < 1e-6)
        app.advance(to: 5)
        #expect(!sv.isDecelerating)
        // It stops where the speed reaches 10 pt/s: (10 - 2000) / (1000 ln 0.998), about 994 pt on.
        #expect(abs(sv.contentOffset.y - (190 + (10 - 2000) / k)) < 1e-3)
        #expect(rec.notes("scroll").count == 2)
    }

    @Test("deceleration depends only on the host time, not on the frame rate")
    func deterministic() {
        let (a1, _, s1, _, _) = listApp()
        let (a2, _, s2, _, _) = listApp()
        flick(a1); flick(a2)
        a1.advance(to: 1.0)
        var t = 0.1
        while t < 1.0 { t += 1.0 / 60; a2.advance(to: min(t, 1.0)) }
        #expect(abs(s1.contentOffset.y - s2.contentOffset.y) < 1e-9)
    }

    @Test("deceleration stops at the edge of the content")
    func stopsAtEdge() {
        let (app, _, sv, _, _) = listApp()
        sv.contentOffset = Point(x: 0, y: 1400)
        flick(app)
        app.advance(to: 3)
        #expect(sv.contentOffset.y == 1700)
        #expect(!sv.isDecelerating)
    }

    @Test("dragged past the top it rubber-bands, then bounces back after release")
    func bounce() {
        let (app, _, sv, _, _) = listApp()
        app.down(200, 100, at: 0)
        app.move(200, 210, at: 0.1)
        app.move(200, 410, at: 1.0)    // 300 pt past the top edge
        let c = 0.55, over = 300.0
        #expect(abs(sv.contentOffset.y - -(1 - 1 / (over * c / 300 + 1)) * 300) < 1e-9)
        app.up(200, 410, at: 1.5)
        app.advance(to: 1.6)
        #expect(sv.contentOffset.y < 0 && sv.contentOffset.y > -100)
        app.advance(to: 3)
        #expect(sv.contentOffset.y == 0)
    }

    @Test("without bounces a drag past the top is clamped")
    func noBounce() {
        let (app, _, sv, _, _) = listApp()
        sv.bounces = false
        app.down(200, 100, at: 0)
        app.move(200, 250, at: 0.1)
        #expect(sv.contentOffset.y == 0)
        app.up(200, 250, at: 0.2)
    }

    @Test("delaysContentTouches holds a button's touch, delivers it after the delay, and scrolling cancels it")
    func delayThenCancel() {
        let (app, rec, sv, _, _) = listApp(CancellingScrollView(id: "list", frame: Rect(x: 0, y: 0, width: 300, height: 300)))
        app.down(100, 75, at: 0)
        #expect(rec.touchMessages(to: "ok").isEmpty)
        #expect(rec.events(of: "ok").isEmpty)
        app.advance(to: 0.1)
        #expect(rec.events(of: "ok").isEmpty)
        app.advance(to: 0.2)                                   // scrollDelay (0.15 s) has passed
        #expect(rec.touchMessages(to: "ok") == ["began"])
        #expect(rec.events(of: "ok") == ["touchDown"])
        app.move(100, 35, at: 0.3)                             // 40 pt up: scrolling starts
        #expect(rec.touchMessages(to: "ok") == ["began", "cancelled"])
        #expect(rec.events(of: "ok") == ["touchDown", "touchCancel"])
        #expect(sv.contentOffset.y == 30)
        app.up(100, 35, at: 0.4)
        #expect(rec.events(of: "ok") == ["touchDown", "touchCancel"])
    }

    @Test("a drag that starts within the delay scrolls and the button never sees the touch")
    func quickDrag() {
        let (app, rec, sv, _, _) = listApp()
        app.down(100, 75, at: 0)
        app.move(100, 35, at: 0.05)
        app.up(100, 35, at: 0.1)
        #expect(rec.touchMessages(to: "ok").isEmpty)
        #expect(rec.events(of: "ok").isEmpty)
        // 40 pt up, less the 10 pt slop; the lift at the same point adds nothing.
        #expect(sv.contentOffset == Point(x: 0, y: 30))
    }

    @Test("a quick tap on a button in a scroll view still works: the held touch arrives when it ends")
    func quickTap() {
        let (app, rec, _, _, _) = listApp()
        app.tap(100, 75, at: 0)
        #expect(rec.touchMessages(to: "ok") == ["began", "ended"])
        #expect(rec.events(of: "ok") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(rec.gestureTransitions(of: "list.pan") == ["failed", "possible"])
    }

    @Test("by default a button that already has the touch keeps it: the scroll view does not scroll")
    func controlKeepsTouch() {
        let (app, rec, sv, _, _) = listApp()
        app.down(100, 75, at: 0)
        app.advance(to: 0.2)
        app.move(100, 35, at: 0.3)
        app.up(100, 35, at: 0.4)
        #expect(sv.contentOffset.y == 0)
        #expect(rec.events(of: "ok") == ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
        #expect(rec.records.contains { r in
            if case let .gesture(g, _, _, .failed, reason, _) = r.body { return g == "list.pan" && reason.string.contains("touchesShouldCancel(in: ok)") }
            return false
        })
    }

    @Test("scrolling cancels a plain content view's touches after the delay")
    func plainContentCancelled() {
        let (app, rec, sv, _, _) = listApp()
        app.down(100, 200, at: 0)
        app.advance(to: 0.2)
        app.move(100, 150, at: 0.3)
        app.up(100, 150, at: 0.4)
        #expect(rec.touchMessages(to: "row") == ["began", "cancelled"])
        #expect(sv.contentOffset.y == 40)
    }

    @Test("with canCancelContentTouches false, content that has the touch stops the scroll")
    func cannotCancel() {
        let (app, rec, sv, _, _) = listApp()
        sv.canCancelContentTouches = false
        app.down(100, 200, at: 0)
        app.advance(to: 0.2)
        app.move(100, 150, at: 0.3)
        app.up(100, 150, at: 0.4)
        #expect(rec.touchMessages(to: "row") == ["began", "moved", "ended"])
        #expect(sv.contentOffset.y == 0)
    }

    @Test("with delaysContentTouches false the button gets touchDown at once")
    func noDelay() {
        let (app, rec, sv, _, _) = listApp()
        sv.delaysContentTouches = false
        app.down(100, 75, at: 0)
        #expect(rec.events(of: "ok") == ["touchDown"])
        app.up(100, 75, at: 0.05)
    }

    @Test("a touch on a decelerating scroll view stops it and the content gets nothing")
    func touchStopsDeceleration() {
        let (app, rec, sv, _, _) = listApp()
        flick(app)
        app.advance(to: 0.3)
        let y = sv.contentOffset.y
        rec.clear()
        app.tap(100, 200, at: 0.3)
        #expect(!sv.isDecelerating)
        app.advance(to: 1)
        #expect(sv.contentOffset.y == y)
        #expect(rec.touchMessages(to: "row").isEmpty)
        #expect(rec.gestureTransitions(of: "list.pan").first == "began")
    }
}
