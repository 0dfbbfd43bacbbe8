import Testing
@testable import TouchDraw
import TouchCore

// The touches header and the inspector show a touch's type, force (UIKit's unit: 1.0 "the
// force of an average touch", here pressure 0.6 × maximumPossibleForce 2 = 1.20) and radius
// (UITouch.majorRadius and majorRadiusTolerance, in points), for a touch that is not a plain
// finger or mouse touch.
@Suite("Touch traits in the overlays")
struct TouchTraitsDisplayTests {
    @Test("a pen's header line and inspector line give its type, force of the maximum and radius")
    func penShown() throws {
        let rig = OverlayRig()
        rig.view("v", 0, 0, 800, 600)
        let key = TouchKey(device: 0, finger: 1)
        rig.app.send(.touchTraits(key, TouchTraits(type: .pencil, majorRadius: 5.1, majorRadiusTolerance: 0.4)), at: 0)
        rig.app.send(.touchDown(key, Point(x: 100, y: 100), pressure: 0.6), at: 0)
        let tr = try #require(rig.log.trail(1))
        #expect(TouchesOverlay.headerLine(tr, current: 1, max: 1)
                == "P: 1/1  X: 100  Y: 100  dX: 0  dY: 0  Xv: 0  Yv: 0  Prs: 0.60  pencil  F: 1.20/2  R: 5.1±0.4")
        #expect(InspectorPanel.touchLine(tr) == "touch 1: pencil  force 1.20 of 2  radius 5.1 ± 0.4 pt")
    }

    @Test("a plain finger adds nothing to either")
    func fingerUnchanged() throws {
        let rig = OverlayRig()
        rig.view("v", 0, 0, 800, 600)
        rig.down(1, 100, 100, at: 0)
        let tr = try #require(rig.log.trail(1))
        #expect(TouchesOverlay.traitsText(tr) == "")
        #expect(InspectorPanel.touchLine(tr) == nil)
    }
}
