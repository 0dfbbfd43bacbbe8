// The part of a view that sticks out of its parent (I out of B on scenes/hit-test.yaml, less
// what C and H drawn above it hide) is hatched whole, at every window size: at 1280×800 it was
// hatched only as a strip.
import Testing
@testable import TouchDraw
import TouchScene

@MainActor
@Suite("Untouchable areas are hatched whole")
struct HatchTests {
    @Test("every untouchable piece is crossed by hatch lines 8 units apart over its whole width, at 1280×800, 800×1280 and 2560×1600",
          arguments: [(1280.0, 800.0, 1.0), (800.0, 1280.0, 1.0), (2560.0, 1600.0, 2.0), (1280.0, 800.0, 2.0)])
    func wholeHatch(size: (Double, Double, Double)) throws {
        let root = String("\(#filePath)".dropLast("Tests/TouchDrawTests/Overlays/HatchTests.swift".count))
        let session = SceneSession(scene: try SceneLoader.load(path: root + "scenes/hit-test.yaml"))
        let p = Panels(canvas: Size(width: size.0, height: size.1), sceneSize: session.app.window.bounds.size)
        let pieces = HitTestOverlay.untouchableAreas(window: session.app.window, sceneTransform: p.sceneTransform)
        #expect(!pieces.isEmpty)
        let spacing = 8 * size.2
        for (view, poly) in pieces {
            let sums = poly.map { $0.x + $0.y }
            let span = (sums.max() ?? 0) - (sums.min() ?? 0)
            let lines = Geometry2D.hatch(poly, spacing: spacing)
            // Lines x + y = c every `spacing`: about span / spacing of them cross a convex piece.
            let expected = Int((span / spacing).rounded(.down))
            #expect(lines.count >= expected - 1, "\(view): \(lines.count) hatch lines across a piece \(span) wide (x + y), \(expected) expected: \(poly)")
            // Each line lies in the piece.
            for (a, b) in lines {
                let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                #expect(Geometry2D.isInside([mid, mid, mid], poly) || Geometry2D.area(poly) < 1, "\(view): a hatch line outside its piece")
            }
        }
    }
}

@MainActor
@Suite("Untouchable areas are hatched whole, as drawn")
struct HatchDrawnTests {
    @Test("drawn by the hit-test overlay: every untouchable piece gets its hatch lines", arguments: [1.0, 2.0])
    func drawn(scale: Double) throws {
        let root = String("\(#filePath)".dropLast("Tests/TouchDrawTests/Overlays/HatchTests.swift".count))
        let session = SceneSession(scene: try SceneLoader.load(path: root + "scenes/hit-test.yaml"))
        let log = TraceLog()
        session.app.tracer.sink = log
        session.app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: 305, y: 305)), at: 0.5)
        let p = Panels(canvas: Size(width: 1280 * scale, height: 800 * scale), sceneSize: session.app.window.bounds.size)
        let style = OverlayStyle().scaled(by: scale)
        var state = OverlayState()
        state.panels = [.hitTest, .touches]
        var list = DisplayList(size: p.canvas)
        DebugOverlay.draw(app: session.app, log: log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                          sidePanel: nil, bottomPanel: nil, measurer: EstimatedTextMeasurer(), into: &list,
                          extras: DebugOverlayExtras(now: 0.55, style: style))
        let hatch = Color(r: 255, g: 90, b: 80, a: 170)
        let mids = list.commands.compactMap { c -> Point? in
            guard case let .polyline(pts, _, color, _) = c, color == hatch, pts.count == 2 else { return nil }
            return Point(x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2)
        }
        let pieces = HitTestOverlay.untouchableAreas(window: session.app.window, sceneTransform: p.sceneTransform)
        for (view, poly) in pieces where Geometry2D.area(poly) > 100 * scale * scale {
            let inside = mids.filter { Geometry2D.isInside([$0, $0, $0], poly) }.count
            #expect(inside >= 2, "\(view): \(inside) hatch lines drawn in a piece of \(Geometry2D.area(poly)) px²: \(poly)")
        }
    }
}
