// The part of I that sticks out of B (scenes/hit-test.yaml), less what C and H drawn above it
// hide, is hatched whole in the window at 1280×800, 800×1280 and 2560×1600: at 1280×800 the
// software painter's spans dropped the 1-pixel diagonal hatch lines of all but one piece (their
// quads collapsed when their corners were cut to whole pixels), so it showed as a strip.
import Foundation
import Testing
@testable import TouchScopeKit
@testable import TouchDraw
import TouchCore
import TouchScene
import TouchSDL

@MainActor
@Suite("Untouchable areas hatched whole, in pixels", .serialized)
struct HatchPixelTests {
    @Test("every untouchable piece of the hit-test scene shows hatch lines, painted", arguments: WindowOverlapTests.sizes)
    func painted(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        let rig = try LiveRig(scene: "hit-test", canvas: Size(width: w, height: h), pixelScale: scale)
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        let canvas = try OffscreenCanvas(size: rig.layout.canvasSize)
        canvas.paint(list)
        try canvas.savePNG(Paths.temporary("hatch-\(Int(w))x\(Int(h)).png"))
        let pieces = HitTestOverlay.untouchableAreas(window: rig.app.window, sceneTransform: rig.layout.sceneTransform)
        #expect(!pieces.isEmpty)
        // The hatch's colour over I's orange: red well above green. The tint alone keeps green
        // near the view's; a line takes it down by far.
        for (view, poly) in pieces where Geometry2D.area(poly) > 150 * scale * scale {
            let box = SceneContent.boundingBox(poly)
            var hatched = 0, inside = 0
            for y in stride(from: box.minY.rounded(.up), to: box.maxY, by: 1) {
                for x in stride(from: box.minX.rounded(.up), to: box.maxX, by: 1) {
                    let c = Point(x: x + 0.5, y: y + 0.5)
                    guard Geometry2D.isInside([c, c, c], poly) else { continue }
                    inside += 1
                    let p = canvas.pixel(x: Int(x), y: Int(y))
                    if Int(p.r) - Int(p.g) > 110 { hatched += 1 }
                }
            }
            // Lines 8 units apart, about 1.5 units wide: about a fifth of the pixels.
            #expect(Double(hatched) > Double(inside) * 0.08, "\(view) at \(w)×\(h): \(hatched) of \(inside) pixels hatched in \(box)")
        }
    }
}
