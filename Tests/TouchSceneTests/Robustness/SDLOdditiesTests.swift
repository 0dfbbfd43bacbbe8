// SDL's odd sequences, handled as SDL patches them (never an error), through the mapper and
// the session: an up for an unknown finger, a repeated down, motion for an unknown finger,
// coordinates outside the window; and replays whose times are huge.
import Testing
@testable import TouchCore
@testable import TouchScene

@Suite("SDL oddities")
struct SDLOdditiesTests {
    /// A session on hit-test.yaml with its trace and the invariant checker attached.
    final class Probe {
        let session: SceneSession
        var records: [TraceRecord] = []
        let checker = InvariantChecker()
        init(_ name: String = "hit-test") throws {
            session = SceneSession(scene: try loadDemoScene(name))
            session.app.tracer.sink = TraceCallback { [unowned self] in self.checker.observe($0); self.records.append($0) }
        }
        func handle(_ t: Double, _ kind: RawInput.Kind) { session.advance(to: t); session.handle(RawInput(t: t, kind)) }
        func touchRecords() -> [(TouchPhase, String, [Int])] {
            records.compactMap { r in
                if case let .touches(phase, view, ids, _) = r.body { return (phase, view.string, ids) }
                return nil
            }
        }
        func settle() {
            session.advance(to: session.app.time + 10)
            checker.checkSettled(session)
        }
    }

    @Test("a finger-up for a finger that is not down is dropped: no touch, no error")
    func upForUnknownFinger() throws {
        let p = try Probe()
        var mapper = p.session.mapper
        #expect(mapper.map(RawInput(t: 0, .fingerUp(finger: 7, x: 100, y: 100))) == [.touchUp(TouchKey(device: 0, finger: 7), Point(x: 100, y: 100))])
        p.handle(0, .fingerUp(finger: 7, x: 100, y: 100))
        #expect(p.records.isEmpty)
        p.settle()
        #expect(p.checker.problems.isEmpty, "\(p.checker.problems)")
    }

    @Test("a repeated finger-down ends the first touch before the second begins, as SDL does")
    func repeatedDown() throws {
        let p = try Probe()
        p.handle(0, .fingerDown(finger: 1, x: 400, y: 300))
        p.handle(0.1, .fingerDown(finger: 1, x: 410, y: 300))
        let phases = p.touchRecords().filter { $0.1 == "A" }.map { "\($0.0.rawValue) \($0.2)" }
        #expect(phases == ["began [1]", "ended [1]", "began [2]"], "\(phases)")
        #expect(p.session.app.hot.activeTouches.count == 1)
        p.handle(0.2, .fingerUp(finger: 1, x: 410, y: 300))
        p.settle()
        #expect(p.checker.problems.isEmpty, "\(p.checker.problems)")
    }

    @Test("motion for a finger that is not down begins a touch there, as SDL does")
    func motionForUnknownFinger() throws {
        let p = try Probe()
        p.handle(0, .fingerMove(finger: 4, x: 400, y: 300))
        #expect(p.records.contains { if case .hitTest(1, _, _, _, _, _) = $0.body { return true }; return false })
        #expect(p.touchRecords().first?.0 == .began)
        p.handle(0.1, .fingerUp(finger: 4, x: 400, y: 300))
        p.settle()
        #expect(p.checker.problems.isEmpty, "\(p.checker.problems)")
    }

    @Test("coordinates outside 0…1 become scene points outside the window: the touch goes to the window",
          arguments: [(-100.0, 300.0), (900.0, 300.0), (400.0, -1e6), (1e12, 1e12), (-0.0, 600.0)])
    func outsideTheWindow(x: Double, y: Double) throws {
        let p = try Probe()
        p.handle(0, .fingerDown(finger: 1, x: x, y: y))
        let hit = p.records.compactMap { r -> TraceName?? in
            if case let .hitTest(_, _, _, view, _, _) = r.body { return view }
            return nil
        }
        #expect(hit.count == 1)
        p.handle(0.05, .fingerMove(finger: 1, x: x * 2, y: y - 50))
        p.handle(0.1, .fingerUp(finger: 1, x: x * 2, y: y - 50))
        p.settle()
        #expect(p.checker.problems.isEmpty, "\(p.checker.problems)")
    }

    @Test("non-finite coordinates from a host never crash the core", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(v: Double) throws {
        let p = try Probe("photo")
        p.handle(0, .fingerDown(finger: 1, x: v, y: 300))
        p.handle(0, .fingerDown(finger: 2, x: 400, y: v))
        p.handle(0.05, .fingerMove(finger: 1, x: 300, y: v))
        p.handle(0.05, .fingerMove(finger: 2, x: v, y: v))
        p.handle(0.1, .fingerUp(finger: 1, x: v, y: 0))
        p.handle(0.1, .fingerUp(finger: 2, x: 0, y: v))
        p.settle()
        #expect(p.checker.problems.isEmpty, "\(p.checker.problems)")
    }

    @Test("a finger cancelled by focus loss stays swallowed until it lifts; the next down is new")
    func cancelledFingerStaysSwallowed() throws {
        let p = try Probe()
        p.handle(0, .fingerDown(finger: 1, x: 400, y: 300))
        p.handle(0.05, .focusLost)
        let n = p.records.count
        p.handle(0.1, .fingerMove(finger: 1, x: 420, y: 300))
        p.handle(0.15, .fingerDown(finger: 1, x: 420, y: 300))   // a repeated down after the cancel
        #expect(p.session.app.hot.activeTouches.count == 1)
        p.handle(0.2, .fingerUp(finger: 1, x: 420, y: 300))
        #expect(p.records.count > n)
        p.settle()
        #expect(p.checker.problems.isEmpty, "\(p.checker.problems)")
    }

    @Test("a replay with huge times and long pauses finishes at once (no frame-by-frame crawl)")
    func hugeTimes() throws {
        let text = """
            {"recording":1,"window":[800,600]}
            {"t":0,"type":"finger-down","finger":1,"x":400,"y":300}
            {"t":100000,"type":"finger-up","finger":1,"x":400,"y":300}
            {"t":900000000,"type":"finger-down","finger":1,"x":400,"y":300}
            {"t":900000000.5,"type":"finger-up","finger":1,"x":400,"y":300}
            """
        let session = SceneSession(scene: try loadDemoScene("long-press"))
        let replayer = Replayer(session: session, recording: try RecordingReader(text: text))
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try replayer.run(until: nil) }
        #expect(elapsed < .seconds(2 * testTimeScale))
        #expect(replayer.endTime == 900000001.5)
        #expect(session.app.hot.activeTouches.isEmpty)
        #expect(throws: InputFileError.self) {
            _ = try RecordingReader(text: "{\"recording\":1,\"window\":[8,6]}\n{\"t\":1e10,\"type\":\"focus-lost\"}").readAll()
        }
    }
}
