import Testing
@testable import TouchCore

// A touch's phase as the sequence changes (SPEC.md section 1): `began` when it landed,
// `moved` for the finger that moved, `stationary` for every other finger down since.
@Suite("Touch phases across a multitouch sequence")
struct TouchPhaseTests {
    @Test("the finger that moved reads moved, every other finger down stationary, a new one began")
    func stationaryWhileAnotherMoves() throws {
        let app = Application(windowSize: Size(width: 400, height: 300))
        func key(_ f: Int) -> TouchKey { TouchKey(device: 0, finger: f) }
        func phases() -> [TouchPhase] { app.hot.currentEvent?.allTouches.map(\.phase) ?? [] }

        app.send(.touchDown(key(1), Point(x: 10, y: 10)), at: 0)
        #expect(phases() == [.began])
        app.send(.touchDown(key(2), Point(x: 50, y: 10)), at: 0.1)
        #expect(phases() == [.began, .began])
        app.send(.touchMove(key(1), Point(x: 12, y: 10)), at: 0.2)
        #expect(phases() == [.moved, .stationary])
        app.send(.touchDown(key(3), Point(x: 90, y: 10)), at: 0.3)
        #expect(phases() == [.moved, .stationary, .began])
        app.send(.touchMove(key(2), Point(x: 52, y: 10)), at: 0.4)
        #expect(phases() == [.stationary, .moved, .stationary])
        // A "move" to where the finger already is changes nothing.
        app.send(.touchMove(key(1), Point(x: 12, y: 10)), at: 0.5)
        #expect(phases() == [.stationary, .moved, .stationary])
        app.send(.touchMove(key(3), Point(x: 92, y: 10)), at: 0.6)
        #expect(phases() == [.stationary, .stationary, .moved])
        app.send(.touchUp(key(1), Point(x: 12, y: 10)), at: 0.7)
        #expect(phases() == [.ended, .stationary, .moved])
        app.send(.touchMove(key(2), Point(x: 54, y: 10)), at: 0.8)
        #expect(phases() == [.ended, .moved, .stationary])
        let event = try #require(app.hot.currentEvent)
        app.send(.cancelAllTouches(reason: "test"), at: 0.9)
        #expect(event.allTouches.map(\.phase) == [.ended, .cancelled, .cancelled])
    }
}
