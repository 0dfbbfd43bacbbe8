import Testing
import TouchCore

@Suite("CheckmarkGestureRecognizer")
struct CheckmarkGestureRecognizerTests {
    func draw(_ rig: GestureRig, _ points: [Point]) {
        guard let first = points.first, let last = points.last else { return }
        rig.down(1, first.x, first.y, at: 0)
        var t = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            rig.drag(1, from: a, to: b, at: t, duration: 0.1, steps: 5)
            t += 0.1
        }
        rig.up(1, last.x, last.y, at: t + 0.01)
    }

    @Test("a check mark is recognized when the finger lifts")
    func checkMark() throws {
        let rig = GestureRig()
        let check = CheckmarkGestureRecognizer(id: "check")
        var actions = 0
        check.addTarget { _ in actions += 1 }
        rig.add(check)
        draw(rig, [Point(100, 200), Point(140, 240), Point(220, 140)])
        let tr = rig.transitions("check")
        #expect(tr.map(\.to) == [.recognized, .possible])
        #expect(tr.first?.reason == "recognized: check mark")
        #expect(near(tr.first?.t, 0.21))
        #expect(actions == 1)  // the reset to possible sends no action
    }

    @Test("a slightly wobbly check mark is still one")
    func wobbly() {
        let rig = GestureRig()
        let check = CheckmarkGestureRecognizer(id: "check")
        rig.add(check)
        draw(rig, [Point(100, 200), Point(118, 222), Point(135, 242), Point(175, 190), Point(215, 140)])
        #expect(rig.states("check").first == .recognized)
    }

    @Test("a straight line is not a check mark")
    func straightLine() throws {
        let rig = GestureRig()
        let check = CheckmarkGestureRecognizer(id: "check")
        rig.add(check)
        draw(rig, [Point(100, 200), Point(300, 200)])
        let first = try #require(rig.transitions("check").first)
        #expect(first.to == .failed)
        // Level all the way: its lowest point is where it starts, so the down-right stroke is 0 pt
        // (under the 20 pt minimum stroke).
        #expect(first.reason == "failed: not a check mark: the down-right stroke is 0 pt, shorter than 20")
    }

    @Test("a V (second stroke not longer) and a reversed check fail")
    func otherShapes() {
        let v = GestureRig()
        let c1 = CheckmarkGestureRecognizer(id: "check")
        v.add(c1)
        draw(v, [Point(100, 100), Point(150, 150), Point(200, 100)])
        #expect(v.transitions("check").first?.reason.contains("not 1.2 times the first") == true)

        let reversed = GestureRig()
        let c2 = CheckmarkGestureRecognizer(id: "check")
        reversed.add(c2)
        draw(reversed, [Point(300, 200), Point(260, 240), Point(180, 140)])
        #expect(reversed.states("check").first == .failed)
    }

    @Test("a second finger fails the check mark")
    func twoFingers() {
        let rig = GestureRig()
        let check = CheckmarkGestureRecognizer(id: "check")
        rig.add(check)
        rig.down(1, 100, 100, at: 0)
        rig.down(2, 200, 100, at: 0.01)
        #expect(rig.transitions("check").first?.reason == "failed: a check mark is drawn with one finger")
    }
}
