import Testing
import TouchCore

@Suite("ScreenEdgePanGestureRecognizer")
struct ScreenEdgePanGestureRecognizerTests {
    @Test("a pan from the left edge moving right begins and reports its translation")
    func fromLeftEdge() throws {
        let rig = GestureRig()
        let edge = ScreenEdgePanGestureRecognizer(id: "edge")
        edge.edges = .left
        rig.add(edge)
        rig.down(1, 5, 300, at: 0)
        rig.drag(1, from: Point(5, 300), to: Point(105, 310), at: 0, duration: 0.2, steps: 10)
        #expect(edge.state == .changed)
        #expect(near(edge.translation(in: nil), Point(100, 10)))
        rig.up(1, 105, 310, at: 0.25)
        #expect(rig.states("edge").first == .began)
        #expect(rig.states("edge").suffix(2) == [.ended, .possible])
    }

    @Test("a touch that lands away from the edge fails at once")
    func awayFromEdge() {
        let rig = GestureRig()
        let edge = ScreenEdgePanGestureRecognizer(id: "edge")
        edge.edges = .left
        rig.add(edge)
        rig.down(1, 21, 300, at: 0)
        #expect(rig.transitions("edge").first?.reason == "failed: touch began more than 20 pt from the left edge of the window")
    }

    @Test("moving along the edge does not begin the edge pan")
    func alongTheEdge() {
        let rig = GestureRig()
        let edge = ScreenEdgePanGestureRecognizer(id: "edge")
        edge.edges = [.left, .right]
        rig.add(edge)
        rig.down(1, 790, 300, at: 0)
        rig.drag(1, from: Point(790, 300), to: Point(785, 350), at: 0, duration: 0.1, steps: 5)
        #expect(rig.transitions("edge").first?.reason == "failed: moved along or toward the right edge, not away from it")
    }
}
