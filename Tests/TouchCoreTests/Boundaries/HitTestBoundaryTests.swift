import Testing
@testable import TouchCore

// SPEC.md section 2: a view with alpha < 0.01 is skipped (so alpha 0.01 itself is hit);
// point(inside:) takes half-open bounds, [minX, maxX) × [minY, maxY) (View.swift,
// HitBoxes.swift), grown by the enlarged touch area (touchOutset) on every side.
// All coordinates are integers or halves: exact, and exact after the frame offset.

/// window ▸ box at (100, 100), 100 × 50.
private func boxApp() -> (Application, View) {
    let app = Application(windowSize: Size(width: 800, height: 600))
    let box = View(id: "box", frame: Rect(x: 100, y: 100, width: 100, height: 50))
    app.window.addSubview(box)
    return (app, box)
}

/// The hit-test view for a window point ("nil": none; the window itself is not part of the
/// scene's hit test), and the box's verdict on the way.
private func hit(_ app: Application, _ x: Double, _ y: Double) -> String {
    var path: [HitStep]? = []
    let v = app.window.hitTestScene(Point(x: x, y: y), path: &path)
    let verdict = path?.first { $0.view == "box" }?.verdict.rawValue ?? "not visited"
    return "\(v?.id ?? "nil") (box \(verdict))"
}

@Suite("Boundary: hit testing")
struct HitTestBoundaryTests {
    @Test("point(inside:) is half-open: minX and minY are inside, maxX and maxY are not")
    func halfOpenEdges() {
        let (app, box) = boxApp()
        let w = "nil"
        #expect(hit(app, 100, 100) == "box (box hit)")         // the top-left corner
        #expect(hit(app, 99.5, 125) == "\(w) (box outside)")
        #expect(hit(app, 150, 99.5) == "\(w) (box outside)")
        #expect(hit(app, 199.5, 149.5) == "box (box hit)")
        #expect(hit(app, 200, 125) == "\(w) (box outside)")     // x = maxX
        #expect(hit(app, 150, 150) == "\(w) (box outside)")     // y = maxY
        // The same edges asked of the view directly, in its own space.
        #expect(box.point(inside: Point(x: 0, y: 0), with: nil))
        #expect(box.point(inside: Point(x: 99.5, y: 49.5), with: nil))
        #expect(!box.point(inside: Point(x: 100, y: 25), with: nil))
        #expect(!box.point(inside: Point(x: 50, y: 50), with: nil))
        #expect(!box.point(inside: Point(x: -0.5, y: 25), with: nil))
        #expect(!box.point(inside: Point(x: 50, y: -0.5), with: nil))
    }

    @Test("an enlarged touch area (outset 15 × 10) moves every edge out and keeps them half-open")
    func outsets() {
        let (app, box) = boxApp()
        box.touchOutset = Size(width: 15, height: 10)
        let w = "nil"
        #expect(hit(app, 85, 125) == "box (box hit)")           // minX - 15
        #expect(hit(app, 84.5, 125) == "\(w) (box outside)")
        #expect(hit(app, 214.5, 125) == "box (box hit)")
        #expect(hit(app, 215, 125) == "\(w) (box outside)")     // maxX + 15
        #expect(hit(app, 150, 90) == "box (box hit)")           // minY - 10
        #expect(hit(app, 150, 89.5) == "\(w) (box outside)")
        #expect(hit(app, 150, 159.5) == "box (box hit)")
        #expect(hit(app, 150, 160) == "\(w) (box outside)")     // maxY + 10
        #expect(box.point(inside: Point(x: -15, y: -10), with: nil))
        #expect(!box.point(inside: Point(x: 115, y: 25), with: nil))
        #expect(!box.point(inside: Point(x: 50, y: 60), with: nil))
    }

    @Test("alpha 0.01 is hit; the next double below 0.01 is transparent, as a subview and as the view asked")
    func alpha() {
        let (app, box) = boxApp()
        box.alpha = 0.01
        #expect(hit(app, 150, 125) == "box (box hit)")
        var path: [HitStep]? = []
        #expect(box.hitTest(Point(x: 50, y: 25), with: nil, path: &path)?.id == "box")
        #expect(path == [HitStep(view: "box", verdict: .hit)])

        box.alpha = 0.01.nextDown
        #expect(hit(app, 150, 125) == "nil (box transparent)")
        path = []
        #expect(box.hitTest(Point(x: 50, y: 25), with: nil, path: &path) == nil)
        #expect(path == [HitStep(view: "box", verdict: .transparent)])
    }
}
