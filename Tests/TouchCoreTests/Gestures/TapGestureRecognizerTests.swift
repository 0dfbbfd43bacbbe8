import Testing
import TouchCore

// The tap's location: the centroid of its touches (SPEC.md section 5's table; UIKit's
// `location(in:)`), whichever finger lifts last.
@Suite("Tap recognizer location")
struct TapGestureRecognizerTests {
    @Test("a two-finger tap is located at the centroid of its fingers, not at the last finger to lift",
          arguments: [(first: 1, second: 2), (first: 2, second: 1)])
    func twoFingerTapCentroid(order: (first: Int, second: Int)) throws {
        let rig = GestureRig()
        let tap = TapGestureRecognizer(id: "twoFingerTap")
        tap.numberOfTouchesRequired = 2
        var located: [Point] = []
        tap.addTarget { r in located.append(r.location(in: nil)) }
        rig.add(tap)
        let x = [1: 301.0, 2: 401.0]
        rig.down(1, 301, 300, at: 0)
        rig.down(2, 401, 300, at: 0.01)
        rig.up(order.first, x[order.first]!, 300, at: 0.08)
        rig.up(order.second, x[order.second]!, 300, at: 0.1)
        let recognized = try #require(rig.transitions("twoFingerTap").first)
        #expect(recognized.to == .recognized)
        #expect(recognized.outputs.location == Point(351, 300))
        #expect(located == [Point(351, 300)])
    }

    @Test("a double tap of two fingers is located at the centroid of the second tap's fingers")
    func twoFingerDoubleTapCentroid() throws {
        let rig = GestureRig()
        let tap = TapGestureRecognizer(id: "twoFingerDoubleTap")
        tap.numberOfTouchesRequired = 2
        tap.numberOfTapsRequired = 2
        rig.add(tap)
        rig.down(1, 300, 300, at: 0); rig.down(2, 400, 300, at: 0)
        rig.up(1, 300, 300, at: 0.05); rig.up(2, 400, 300, at: 0.06)
        rig.down(1, 306, 310, at: 0.2); rig.down(2, 406, 310, at: 0.2)
        rig.up(2, 406, 310, at: 0.25); rig.up(1, 306, 310, at: 0.26)
        let recognized = try #require(rig.transitions("twoFingerDoubleTap").first)
        #expect(recognized.to == .recognized)
        #expect(recognized.outputs.location == Point(356, 310))
    }
}
