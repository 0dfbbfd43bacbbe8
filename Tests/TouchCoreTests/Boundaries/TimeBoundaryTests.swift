import Testing
@testable import TouchCore

// Defaults.scrollDelay ("how long content touches are delayed (delaysContentTouches).
// 0.15 s": delivered once that time has passed without scrolling) and
// Defaults.shakeMaxDuration ("a shake held longer than this is cancelled (motionCancelled).
// 3 s"). The finger lands and the shake begins at time 0, so the deadlines are the
// thresholds themselves, and 2^-10 s steps are exact.

@Suite("Boundary: scroll delay and shake length")
struct TimeBoundaryTests {
    @Test("a content touch held still reaches the content exactly 0.15 s after it landed, not before")
    func scrollDelay() {
        let (app, rec) = makeApp()
        let list = ScrollView(id: "list", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        list.contentSize = Size(width: 300, height: 2000)
        let row = View(id: "row", frame: Rect(x: 0, y: 150, width: 300, height: 100))
        row.handlesTouches = true
        list.addSubview(row)
        app.window.addSubview(list)
        app.down(100, 200, at: 0)
        app.advance(to: 0.15 - tick)
        #expect(rec.touchMessages(to: "row").isEmpty)
        #expect(rec.notes("delivery") == ["touchesBegan for touch 1 held back from row: list.pan delays touches began"])
        app.advance(to: 0.15)
        #expect(rec.touchMessages(to: "row") == ["began"])
        let notes = rec.records.compactMap { r -> String? in
            if case let .note("delivery", text) = r.body { return "\(fmt(r.t)) \(text.string)" }
            return nil
        }
        #expect(notes == ["0 touchesBegan for touch 1 held back from row: list.pan delays touches began",
                          "0.15 list.pan: scrollDelay 0.15 s passed without scrolling; content touches are delivered"])
    }

    func shake(endingAt end: Double?, advancingTo t: Double) -> [String] {
        let f = MotionFixture()
        f.panel.handlesMotion = true
        f.app.send(.shakeBegan, at: 0)
        f.app.advance(to: t)
        if let end { f.app.send(.shakeEnded, at: end) }
        return f.records.compactMap { r in
            if case let .motion(phase, _, view, reason) = r.body { return "\(fmt(r.t)) \(phase.rawValue) \(view ?? "nil"): \(reason ?? "nil")" }
            return nil
        }
    }

    @Test("a shake that lasts exactly 3 s ends normally; one 2^-10 s longer is cancelled")
    func shakeMaxDuration() {
        let began = "0 began panel: first responder is player"
        #expect(shake(endingAt: nil, advancingTo: 3) == [began])
        #expect(shake(endingAt: 3, advancingTo: 3) == [began, "3 ended panel: first responder is player"])
        #expect(shake(endingAt: nil, advancingTo: 3 + tick) == [began, "3.0009765625 cancelled panel: shake lasted longer than 3 s"])
    }
}
