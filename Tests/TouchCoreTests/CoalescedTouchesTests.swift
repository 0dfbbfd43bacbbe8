import Testing
@testable import TouchCore

/// Coalesced and predicted touches. Apple's documentation, quoted where a test checks it:
///
/// `UIEvent.coalescedTouches(for:)`: "An array of UITouch objects representing all of the
/// touches that were reported for the specified touch since the last time the event was
/// delivered. The order of the objects in the array matches the order in which the touches
/// were reported to the system, with the last touch being a copy of the same touch you
/// specified in the touch parameter. The return value is nil if the object in the touch
/// parameter is not associated with the current event."
///
/// `UIEvent.predictedTouches(for:)`: "An array of UITouch objects representing the set of
/// touches that the system predicts will occur next. The order of the objects in the array
/// matches the order in which the touches are expected to be delivered to your app. This
/// array does not include the original touch you specified in the touch parameter. The
/// return value is nil if the object in the touch parameter is not associated with the
/// current event."
@Suite("Coalesced and predicted touches")
struct CoalescedTouchesTests {
    /// A view that keeps every message, with the coalesced and predicted touches of its touch.
    final class Keeper: View {
        var messages: [(phase: TouchPhase, t: Double, coalesced: [Touch], predicted: [Touch])] = []
        var lastEvent: Event?
        func keep(_ phase: TouchPhase, _ touches: [Touch], _ e: Event) {
            lastEvent = e
            let t = touches[0]
            messages.append((phase, application?.time ?? -1, e.coalescedTouches(for: t) ?? [], e.predictedTouches(for: t) ?? []))
        }
        override func touchesBegan(_ t: [Touch], with e: Event) { keep(.began, t, e) }
        override func touchesMoved(_ t: [Touch], with e: Event) { keep(.moved, t, e) }
        override func touchesEnded(_ t: [Touch], with e: Event) { keep(.ended, t, e) }
    }

    let app = Application(windowSize: Size(width: 400, height: 400))
    let keeper = Keeper(id: "keeper", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let finger = TouchKey(device: 0, finger: 1)

    init() {
        app.window.addSubview(keeper)
        app.coalescesTouches = true
    }

    @Test("moves wait for the frame, then reach the view once, carrying every sample in the order reported, the last a copy of the touch")
    func oneDeliveryPerFrame() throws {
        app.send(.touchDown(finger, Point(x: 10, y: 10)), at: 0)
        // A 240 Hz panel: three samples within one 60 Hz frame.
        app.send(.touchMove(finger, Point(x: 12, y: 10)), at: 0.004)
        app.send(.touchMove(finger, Point(x: 14, y: 11)), at: 0.008)
        app.send(.touchMove(finger, Point(x: 16, y: 12)), at: 0.012)
        #expect(keeper.messages.map(\.phase) == [.began])
        app.send(.touchFrame, at: 1.0 / 60)
        #expect(keeper.messages.map(\.phase) == [.began, .moved])
        let moved = keeper.messages[1]
        #expect(moved.t == 1.0 / 60)
        #expect(moved.coalesced.map(\.locationInWindow) == [Point(x: 12, y: 10), Point(x: 14, y: 11), Point(x: 16, y: 12)])
        #expect(moved.coalesced.map(\.timestamp) == [0.004, 0.008, 0.012])
        let touch = try #require(app.currentEvent?.allTouches.first)
        let last = try #require(moved.coalesced.last)
        #expect(last !== touch)
        #expect(last.id == touch.id && last.locationInWindow == touch.locationInWindow && last.timestamp == touch.timestamp)
        #expect(last.view === keeper)
        // The touch's own time is its latest sample's; the previous location is where it was delivered last.
        #expect(touch.timestamp == 0.012)
        #expect(touch.previousLocationInWindow == Point(x: 10, y: 10))
        // A frame with nothing waiting delivers nothing.
        app.send(.touchFrame, at: 2.0 / 60)
        #expect(keeper.messages.count == 2)
    }

    @Test("a touch not in the event has no coalesced or predicted touches (nil)")
    func notInEvent() throws {
        app.send(.touchDown(finger, Point(x: 10, y: 10)), at: 0)
        app.send(.touchUp(finger, Point(x: 10, y: 10)), at: 0.05)
        let old = try #require(keeper.lastEvent?.allTouches.first)
        app.send(.touchDown(finger, Point(x: 50, y: 50)), at: 1)
        let event = try #require(app.currentEvent)
        #expect(event.coalescedTouches(for: old) == nil)
        #expect(event.predictedTouches(for: old) == nil)
        let now = try #require(event.allTouches.first)
        #expect(event.coalescedTouches(for: now)?.count == 1)
    }

    @Test("a landing and a lift are delivered at once, after the moves that wait, so the messages keep their order")
    func beganAndEndedAtOnce() {
        app.send(.touchDown(finger, Point(x: 10, y: 10)), at: 0)
        #expect(keeper.messages.map(\.phase) == [.began])
        app.send(.touchMove(finger, Point(x: 20, y: 10)), at: 0.004)
        app.send(.touchMove(finger, Point(x: 30, y: 10)), at: 0.008)
        app.send(.touchUp(finger, Point(x: 30, y: 10)), at: 0.01)
        #expect(keeper.messages.map(\.phase) == [.began, .moved, .ended])
        #expect(keeper.messages.map(\.t) == [0, 0.01, 0.01])
        #expect(keeper.messages[1].coalesced.map(\.locationInWindow) == [Point(x: 20, y: 10), Point(x: 30, y: 10)])
        // The lift carries one touch: itself.
        #expect(keeper.messages[2].coalesced.count == 1)
    }

    @Test("with coalescing off every sample is delivered as it arrives, each carrying only itself")
    func perSample() {
        app.coalescesTouches = false
        app.send(.touchDown(finger, Point(x: 10, y: 10)), at: 0)
        app.send(.touchMove(finger, Point(x: 12, y: 10)), at: 0.004)
        app.send(.touchMove(finger, Point(x: 14, y: 10)), at: 0.008)
        #expect(keeper.messages.map(\.phase) == [.began, .moved, .moved])
        #expect(keeper.messages.map(\.coalesced.count) == [1, 1, 1])
    }

    @Test("predicted touches lie ahead on the finger's line, up to the horizon, never the touch itself")
    func predicted() throws {
        // 5 pt every 1/120 s: 600 pt/s along x. The horizon (0.025 s) in steps of 1/120 s:
        // three samples, 5, 10 and 15 pt ahead.
        app.send(.touchDown(finger, Point(x: 100, y: 50)), at: 0)
        for k in 1...4 { app.send(.touchMove(finger, Point(x: 100 + 5 * Double(k), y: 50)), at: Double(k) / 120) }
        app.send(.touchFrame, at: 4.0 / 120)
        let predicted = try #require(keeper.messages.last?.predicted)
        #expect(predicted.count == 3)
        let xs = predicted.map(\.locationInWindow.x)
        for (x, want) in zip(xs, [125.0, 130, 135]) { #expect(abs(x - want) < 1e-9) }
        #expect(predicted.allSatisfy { $0.locationInWindow.y == 50 })
        for (p, k) in zip(predicted, 1...3) { #expect(abs(p.timestamp - (4 + Double(k)) / 120) < 1e-12) }
        let touch = try #require(app.currentEvent?.allTouches.first)
        #expect(!predicted.contains { $0 === touch || $0.locationInWindow == touch.locationInWindow })
    }

    @Test("a finger that just landed or rests has no prediction")
    func noPrediction() throws {
        app.send(.touchDown(finger, Point(x: 100, y: 50)), at: 0)
        #expect(keeper.messages[0].predicted.isEmpty)
        #expect(TouchPredictor(horizon: 0.025).predict([TouchSample(location: Point(x: 1, y: 1), pressure: 1, timestamp: 0),
                                                        TouchSample(location: Point(x: 1, y: 1), pressure: 1, timestamp: 0.01)]).isEmpty)
    }

    @Test("a pan's velocity uses every coalesced sample: the same as when each sample is delivered")
    func panVelocityFromEverySample() throws {
        func velocity(coalescing: Bool) -> Point {
            let app = Application(windowSize: Size(width: 800, height: 400))
            let v = View(id: "v", frame: Rect(x: 0, y: 0, width: 800, height: 400))
            let pan = PanGestureRecognizer(id: "pan")
            v.addGestureRecognizer(pan)
            app.window.addSubview(v)
            app.coalescesTouches = coalescing
            app.send(.touchDown(finger, Point(x: 100, y: 100)), at: 0)
            // Speeding up faster and faster: k²/2 pt in the k-th 1/240 s, four samples per 1/60
            // s frame (a fit over the frames' last samples alone reads a different speed).
            var x = 100.0
            for k in 1...12 {
                x += Double(k * k) / 2
                app.send(.touchMove(finger, Point(x: x, y: 100)), at: Double(k) / 240)
                if k % 4 == 0 { app.send(.touchFrame, at: Double(k) / 240) }
            }
            return pan.velocity(in: nil)
        }
        let every = velocity(coalescing: false), coalesced = velocity(coalescing: true)
        #expect(abs(every.x - coalesced.x) < 1e-9)
        #expect(every.x > 0)
    }
}

extension CoalescedTouchesTests {
    @Test("a pinch's velocity and scale use every coalesced sample: the same as when each sample is delivered")
    func pinchFromEverySample() {
        func run(coalescing: Bool) -> (scale: Double, velocity: Double) {
            let app = Application(windowSize: Size(width: 800, height: 400))
            let v = View(id: "v", frame: Rect(x: 0, y: 0, width: 800, height: 400))
            v.isMultipleTouchEnabled = true
            let pinch = PinchGestureRecognizer(id: "pinch")
            v.addGestureRecognizer(pinch)
            app.window.addSubview(v)
            app.coalescesTouches = coalescing
            let a = TouchKey(device: 0, finger: 1), b = TouchKey(device: 0, finger: 2)
            app.send(.touchDown(a, Point(x: 300, y: 200)), at: 0)
            app.send(.touchDown(b, Point(x: 500, y: 200)), at: 0)
            // Finger b spreads faster and faster (k²/4 pt in the k-th 1/240 s), four samples per 1/60 s frame.
            var x = 500.0
            for k in 1...12 {
                x += Double(k * k) / 4
                app.send(.touchMove(b, Point(x: x, y: 200)), at: Double(k) / 240)
                if k % 4 == 0 { app.send(.touchFrame, at: Double(k) / 240) }
            }
            return (pinch.scale, pinch.velocity)
        }
        let every = run(coalescing: false), coalesced = run(coalescing: true)
        // The distance between the fingers went from 200 to 200 + (1² + 2² + … + 12²)/4 = 200 + 650/4 pt.
        #expect(abs(every.scale - 362.5 / 200) < 1e-9 && abs(coalesced.scale - 362.5 / 200) < 1e-9)
        #expect(abs(every.velocity - coalesced.velocity) < 1e-9)
        #expect(every.velocity > 0)
    }

    /// The drawing view docs/modern-touches.md shows: every coalesced sample is a point of its
    /// stroke, so a stroke drawn at 240 Hz keeps its 240 points a second at one delivery a frame.
    final class StrokeView: View {
        struct Stroke {
            var points: [Point] = []
            mutating func add(_ p: Point) { points.append(p) }
        }
        var stroke = Stroke()

        override func touchesMoved(_ touches: [Touch], with event: Event) {
            for t in touches {
                for c in event.coalescedTouches(for: t) ?? [] { stroke.add(c.location(in: self)) }
            }
        }
    }

    @Test("the docs' drawing view gets every sample of a frame, in its own space, not only the frame's last")
    func strokeKeepsEverySample() {
        let view = StrokeView(id: "canvas", frame: Rect(x: 100, y: 50, width: 200, height: 200))
        app.window.addSubview(view)
        app.send(.touchDown(finger, Point(x: 110, y: 60)), at: 0)
        app.send(.touchMove(finger, Point(x: 114, y: 60)), at: 0.004)
        app.send(.touchMove(finger, Point(x: 118, y: 62)), at: 0.008)
        app.send(.touchMove(finger, Point(x: 122, y: 64)), at: 0.012)
        app.send(.touchFrame, at: 1.0 / 60)
        // Window points minus the view's origin (100, 50).
        #expect(view.stroke.points == [Point(x: 14, y: 10), Point(x: 18, y: 12), Point(x: 22, y: 14)])
    }
}
