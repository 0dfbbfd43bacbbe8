// The hit map overlay (Shift+F2, issue 30 item 5): over the hit-test scene (SPEC.md section
// 2's figure), each point tinted by the view a touch there is delivered to, the views drawn
// where touches do not reach them outlined with why, each view named with its recognizers.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("Hit map overlay")
struct HitMapOverlayTests {
    @Test("over the hit-test scene: B's points tinted B's colour, I's part outside B tinted A's, G and H marked with why")
    func hitTestScene() throws {
        let session = SceneSession(scene: try SceneLoader.load(path: Paths.scene("hit-test")))
        let frame = FrameState(overlays: true, threadedLog: false)
        frame.follow(session)
        frame.state.panels = [.hitMap]
        // The scene drawn 1:1 at the canvas origin, so scene points are canvas pixels.
        let layout = HostLayout(canvasSize: Size(width: 800, height: 600), sceneSize: session.scene.window,
                                options: LayoutOptions(panelsVisible: false, margin: 0, toolbar: false))
        #expect(layout.sceneRect == Rect(x: 0, y: 0, width: 800, height: 600))
        var list = DisplayList(size: layout.canvasSize)
        frame.draw(session, into: &list, layout: layout, measurer: EstimatedTextMeasurer())
        let colors = HitMap(window: session.app.window, step: 10).colors
        /// The tint of the map's cell run that covers `p`.
        func tint(at p: Point) -> Color? {
            list.commands.reversed().compactMap { c -> Color? in
                guard case let .polygon(pts, color) = c, color.a == 110, pts.count == 4 else { return nil }
                let xs = pts.map(\.x), ys = pts.map(\.y)
                guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
                      p.x >= x0, p.x < x1, p.y >= y0, p.y < y1 else { return nil }
                return color
            }.first
        }
        func tinted(_ id: String) -> Color? { colors[id].map { Color(r: $0.r, g: $0.g, b: $0.b, a: 110) } }
        #expect(tint(at: Point(x: 100, y: 100)) == tinted("B"))
        #expect(tint(at: Point(x: 305, y: 255)) == tinted("I"))     // I inside B
        #expect(tint(at: Point(x: 305, y: 305)) == tinted("A"))     // I outside B: A takes it
        #expect(tint(at: Point(x: 105, y: 405)) == tinted("A"))     // G hidden
        #expect(tint(at: Point(x: 255, y: 405)) == tinted("A"))     // H, interaction off
        #expect(tint(at: Point(x: 505, y: 105)) == tinted("D"))
        #expect(Set(colors.values).count == colors.count, "each view its own colour")
        let texts = list.commands.compactMap { c -> String? in if case let .text(run) = c { run.string } else { nil } }
        for mark in ["I: outside B", "G: hidden", "H: userInteraction off"] {
            #expect(texts.contains(mark), "\(mark): \(texts)")
        }
        #expect(texts.contains("B") && texts.contains("C"), "\(texts)")
        // A screenshot to look at (kept in the test's folder).
        let canvas = try OffscreenCanvas(size: layout.canvasSize)
        canvas.paint(list)
        try canvas.savePNG(Paths.temporary("hitmap-overlay.png"))
    }

    @Test("the recognizers along the way are named: on the double-tap scene, the pad's label lists doubleTap and singleTap")
    func recognizersNamed() throws {
        let session = SceneSession(scene: try SceneLoader.load(path: Paths.scene("double-tap")))
        var list = DisplayList(size: Size(width: 800, height: 600))
        HitMapOverlay.draw(app: session.app, sceneTransform: .identity, sceneRect: Rect(x: 0, y: 0, width: 800, height: 600),
                           style: OverlayStyle(), measurer: EstimatedTextMeasurer(), into: &list)
        let texts = list.commands.compactMap { c -> String? in if case let .text(run) = c { run.string } else { nil } }
        #expect(texts.contains("pad: doubleTap, singleTap"), "\(texts)")
    }
}
