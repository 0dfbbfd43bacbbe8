// The prediction horizon as a scene setting (`defaults: {predictionHorizon: S}`): 0 turns
// prediction off, so `Event.predictedTouches(for:)` is empty and the window draws no predicted
// path; a value reaches that far ahead in steps of 1/120 s (docs/modern-touches.md). UIKit:
// predictedTouches(for:) returns "an array of UITouch objects that represent predicted touches",
// and "the array does not include the specified touch" (UIEvent.predictedTouches(for:)).
import Testing
import TouchCore
@testable import TouchDraw
@testable import TouchScene

@Suite("The prediction horizon as a scene setting")
struct PredictionSettingTests {
    /// A finger dragged right at 1000 pt/s, a sample every 1/120 s, replayed headless.
    static let drag: String = {
        var lines = ["{\"recording\":1,\"window\":[800,600]}", "{\"t\":0,\"type\":\"finger-down\",\"finger\":1,\"x\":100,\"y\":300}"]
        for i in 1...12 {
            let t = Double(i) / 120
            lines.append("{\"t\":\(t),\"type\":\"finger-move\",\"finger\":1,\"x\":\(100 + 1000 * t),\"y\":300}")
        }
        lines.append("{\"t\":0.11,\"type\":\"finger-up\",\"finger\":1,\"x\":210,\"y\":300}")
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Each delivery's number of predicted touches, and the predicted path the window's log
    /// keeps just before the lift.
    func run(_ defaults: String) throws -> (counts: [Int], path: [Point]) {
        let s = try scene("scene: t\nwindow: [800, 600]\n\(defaults)views:\n  - {id: pad, frame: [0, 0, 800, 600]}\n")
        let session = SceneSession(scene: s)
        let log = TraceLog(capacity: 1000)
        var counts: [Int] = []
        session.app.tracer.sink = TraceCallback { r in
            if case let .coalescedTouches(_, _, predicted, _) = r.body { counts.append(predicted.count) }
            log.receive(r)
        }
        let replayer = Replayer(session: session, recording: try RecordingReader(text: Self.drag))
        try replayer.run(until: 0.105)
        let path = log.activeTrails.first.map { log.predictedPath($0.id) } ?? []
        return (counts, path)
    }

    @Test("the default, 0.025 s: three predicted touches per delivery, drawn ahead of the finger")
    func standard() throws {
        let (counts, path) = try run("")
        #expect(!counts.isEmpty)
        // 0.025 s in steps of 1/120 s: three (none while a finger has a single sample).
        #expect(counts.contains(3) && counts.allSatisfy { $0 == 0 || $0 == 3 })
        #expect(path.count == 3)
    }

    @Test("predictionHorizon 0: no predicted touch, nothing for the window to draw")
    func off() throws {
        let (counts, path) = try run("defaults: {predictionHorizon: 0}\n")
        #expect(!counts.isEmpty && counts.allSatisfy { $0 == 0 })
        #expect(path.isEmpty)
        var list = DisplayList(size: Size(width: 800, height: 600))
        PredictedTouchesOverlay.draw(log: TraceLog(capacity: 10), sceneTransform: AffineTransform.identity,
                                     sceneRect: Rect(x: 0, y: 0, width: 800, height: 600), style: OverlayStyle(), into: &list)
        #expect(list.commands.allSatisfy { if case .polyline = $0 { return false }; return true })
    }

    @Test("0.05 s: six predicted touches (steps of 1/120 s)")
    func longer() throws {
        let (counts, _) = try run("defaults: {predictionHorizon: 0.05}\n")
        #expect(counts.contains(6) && counts.allSatisfy { $0 == 0 || $0 == 6 })
    }

    @Test("a horizon past 0.1 s or below 0 is refused with FILE:LINE:COLUMN")
    func bounds() {
        func problems(_ v: String) -> [String] {
            do throws(SceneLoadError) {
                _ = try SceneLoader.parse(text: "scene: t\nwindow: [800, 600]\ndefaults: {predictionHorizon: \(v)}\nviews: []\n",
                                          file: "t.yaml", folder: "/tmp")
                return []
            } catch { return error.diagnostics.map(\.rendered) }
        }
        #expect(problems("0.5") == ["t.yaml:3:31: `defaults.predictionHorizon` must be at most 0.1, found `0.5`"])
        #expect(problems("-1") == ["t.yaml:3:31: `defaults.predictionHorizon` must be at least 0, found `-1`"])
        #expect(problems("0.1") == [])
    }
}
