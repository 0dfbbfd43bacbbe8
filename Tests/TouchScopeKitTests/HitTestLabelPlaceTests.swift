// A hit-test label names its view from beside it: never on another view of the path that does
// not hold it (at 760×1177 one sat inside another view, and read as that view's).
import Foundation
import Testing
@testable import TouchScopeKit
@testable import TouchDraw
import TouchCore
import TouchScene
import TouchSDL

@MainActor
@Suite("Hit-test labels stay off the other views", .serialized)
struct HitTestLabelPlaceTests {
    @Test("on the hit-test scene, a finger on each view: each label beside its own view, off every other view of the path but its ancestors",
          arguments: [(1280.0, 800.0, 1.0), (800.0, 1280.0, 1.0), (2560.0, 1600.0, 2.0), (760.0, 1177.0, 1.0)])
    func offOtherViews(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        // Points on B, I inside B, I outside B, G, H, D, E, C's margin and A (scene points).
        let points = [(100.0, 100.0), (300.0, 250.0), (360.0, 300.0), (100.0, 400.0), (250.0, 400.0),
                      (500.0, 100.0), (500.0, 400.0), (390.0, 300.0), (20.0, 580.0)]
        for (x, y) in points {
            let rig = try LiveRig(scene: "hit-test", canvas: Size(width: w, height: h), pixelScale: scale)
            rig.tap(rig.layout.sceneToCanvas(Point(x: x, y: y)))
            rig.settle(0.1)
            let hit = try #require(rig.frame.log.hitTest(forTouch: nil), "no hit test at (\(x), \(y))")
            let m = rig.layout.sceneTransform, style = rig.layout.overlayStyle, measurer = EstimatedTextMeasurer()
            let views = DebugOverlay.viewsByID(rig.app.window)
            let L = HitTestOverlay.layout(for: hit, views: views, sceneTransform: m, style: style, measurer: measurer,
                                          sceneRect: rig.layout.sceneRect,
                                          needed: SceneContent.neededRects(window: rig.app.window, sceneTransform: m, measurer: measurer))
            let boxes = L.marks.map { $0.quad.count == 4 ? SceneContent.boundingBox($0.quad) : nil }
            for (i, mk) in L.marks.enumerated() where !mk.gathered {
                guard boxes[i] != nil else { continue }
                var ancestors = Set<String>()
                var up = views[mk.view]?.superview
                while let a = up { ancestors.insert(a.id); up = a.superview }
                let label = HitTestLayout.box(mk.label, at: mk.labelPosition, style: style, measurer: measurer).insetBy(dx: 0.5, dy: 0.5)
                for (j, other) in boxes.enumerated() where j != i {
                    guard let other, !ancestors.contains(L.marks[j].view) else { continue }
                    #expect(!other.intersects(label), "\(w)×\(h), finger at (\(x), \(y)): \"\(mk.label)\" \(label) on \(L.marks[j].view) \(other)")
                }
            }
        }
    }
}
