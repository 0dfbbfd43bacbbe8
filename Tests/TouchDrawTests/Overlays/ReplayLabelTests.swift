// In a device recording's replay, the touches overlay writes each touch's slot and tracking id
// beside its ring ("1  slot 0 id 0"); the hit-test path's touch label ("touch 2 → photo") keeps
// off those labels and rings (it was written over touch 1's).
import Testing
@testable import TouchDraw

@Suite("Replay labels do not overlap")
struct ReplayLabelTests {
    @Test("two fingers close together on the photo: \"touch 2 → photo\" covers no touch's ring or id label",
          arguments: [(1280.0, 800.0), (800.0, 1280.0), (2560.0, 1600.0)])
    func touchLabelOffRawLabels(canvas: (Double, Double)) throws {
        let rig = OverlayRig()
        let photo = rig.view("photo", 240, 180, 320, 240)
        _ = photo
        // Finger 2 lands up and to the right of finger 1, as a pinch starts: its label's first
        // place (right of its ring) is where touch 1's id label is.
        rig.down(1, 400, 300, at: 1.0)
        rig.down(2, 440, 275, at: 1.02)
        rig.advance(1.05)
        let p = Panels(canvas: Size(width: canvas.0, height: canvas.1), sceneSize: Size(width: 800, height: 600))
        var extras = DebugOverlayExtras(now: rig.t)
        extras.raw = RawTouches(device: nil, contacts: [1: RawContact(slot: 0, trackingID: 0), 2: RawContact(slot: 1, trackingID: 1)])
        let state = OverlayState()
        let m = EstimatedTextMeasurer()
        var list = DisplayList(size: p.canvas)
        _ = DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                              sidePanel: p.side, bottomPanel: p.bottom, measurer: m, into: &list, extras: extras)
        let boxes = commandBoxes(list, measurer: m).compactMap { b -> (String, Rect)? in
            if case let .text(run) = b.command { return (run.string, b.box) }
            return nil
        }
        let touchLabel = try #require(boxes.first { $0.0 == "touch 2 → photo" }, "\(boxes.map(\.0))")
        let idLabels = boxes.filter { $0.0 == "1  slot 0 id 0" || $0.0 == "2  slot 1 id 1" }
        #expect(idLabels.count == 2, "\(boxes.map(\.0))")
        for (text, box) in idLabels {
            #expect(!touchLabel.1.insetBy(dx: 0.5, dy: 0.5).intersects(box), "\"touch 2 → photo\" \(touchLabel.1) over \"\(text)\" \(box)")
        }
        // Nor over a ring.
        for (id, point) in [(1, Point(x: 400, y: 300)), (2, Point(x: 440, y: 275))] {
            let c = p.sceneTransform.apply(point), r = TouchesOverlay.ringRadius
            let ring = Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            #expect(!touchLabel.1.insetBy(dx: 0.5, dy: 0.5).intersects(ring), "over touch \(id)'s ring")
        }
    }
}
