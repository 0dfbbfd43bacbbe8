import Testing
@testable import TouchCore

// Defaults.controlTolerance: "extra margin around a control within which a drag still
// counts as inside (touchDragEnter / touchDragExit / touchUpInside). 70 pt". Exactly 70 pt
// out is still inside; 70.5 pt is outside. The button is at (100, 100), 100 × 50, so its
// grown bounds are x 30…270, y 30…220 in the window.

@Suite("Boundary: control tolerance (70 pt)")
struct ControlToleranceBoundaryTests {
    /// Down in the middle, drag to `at` (exactly 70 pt out), to `beyond` (70.5 pt), back to
    /// `at`, lift there: the button's control events.
    func drag(at: Point, beyond: Point) -> [String] {
        let (app, rec) = makeApp()
        app.window.addSubview(Button(id: "ok", frame: Rect(x: 100, y: 100, width: 100, height: 50)))
        app.down(150, 125, at: 0)
        app.move(at.x, at.y, at: 0.125)
        app.move(beyond.x, beyond.y, at: 0.25)
        app.move(at.x, at.y, at: 0.375)
        app.up(at.x, at.y, at: 0.5)
        return rec.events(of: "ok")
    }

    static let expected = ["touchDown", "touchDragInside", "touchDragExit", "touchDragOutside",
                           "touchDragEnter", "touchDragInside", "touchUpInside", "primaryActionTriggered"]

    @Test("70 pt right of the right edge is inside, 70.5 pt is outside")
    func right() { #expect(drag(at: Point(x: 270, y: 125), beyond: Point(x: 270.5, y: 125)) == Self.expected) }

    @Test("70 pt left of the left edge is inside, 70.5 pt is outside")
    func left() { #expect(drag(at: Point(x: 30, y: 125), beyond: Point(x: 29.5, y: 125)) == Self.expected) }

    @Test("70 pt above the top edge is inside, 70.5 pt is outside")
    func top() { #expect(drag(at: Point(x: 150, y: 30), beyond: Point(x: 150, y: 29.5)) == Self.expected) }

    @Test("70 pt below the bottom edge is inside, 70.5 pt is outside")
    func bottom() { #expect(drag(at: Point(x: 150, y: 220), beyond: Point(x: 150, y: 220.5)) == Self.expected) }

    @Test("lifting 70.5 pt out is touchUpOutside, with no primary action")
    func upOutside() {
        let (app, rec) = makeApp()
        app.window.addSubview(Button(id: "ok", frame: Rect(x: 100, y: 100, width: 100, height: 50)))
        app.down(150, 125, at: 0)
        app.up(270.5, 125, at: 0.125)
        #expect(rec.events(of: "ok") == ["touchDown", "touchUpOutside"])
    }
}
