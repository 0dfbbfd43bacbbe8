// The benchmark's workloads and measurements keep working at small sizes (no timing assertions).
import Testing
import Foundation
import TouchCore
import TouchScene
import TouchBench

@Suite("touchscope bench at small sizes")
struct BenchTests {
    @Test("the generated scene has fan-out^1 + … + fan-out^depth views and the asked recognizers")
    func generatedSceneShape() {
        let shape = BenchScene.Shape(fanOut: 3, depth: 3, recognizers: 20)
        let scene = BenchScene.make(shape)
        #expect(shape.viewCount == 3 + 9 + 27)
        #expect(scene.allViews.count == shape.viewCount)
        #expect(scene.allRecognizers.count == 20)
        let types = Set(scene.allRecognizers.map(\.recognizer.type))
        #expect(types.isSuperset(of: [.tap, .pan, .pinch, .rotation, .longPress]))
        let ids = scene.allViews.map(\.id) + scene.allRecognizers.map(\.recognizer.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test("the generated scene round-trips through YAML and the loader")
    func generatedSceneLoads() throws {
        let shape = BenchScene.Shape(fanOut: 3, depth: 2, recognizers: 8)
        let path = NSTemporaryDirectory() + "bench-scene-\(getpid()).yaml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try BenchScene.yaml(BenchScene.make(shape)).write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try SceneLoader.load(path: path)
        #expect(loaded.allViews.count == shape.viewCount)
        #expect(loaded.allRecognizers.count == 8)
    }

    @Test("the finger stream lands 2 to 5 fingers, moves them and lifts them all, in time order")
    func fingerStreamIsWellFormed() {
        var s = FingerStream(window: Size(width: 400, height: 300), seed: 7)
        var down = Set<Int>()
        var lastT = -1.0
        var maxDown = 0
        for _ in 0..<5000 {
            let e = s.next()
            #expect(e.t > lastT)
            lastT = e.t
            switch e.kind {
            case let .fingerDown(f, x, y, _, _):
                #expect(!down.contains(f)); down.insert(f)
                #expect(x >= 0 && x < 400 && y >= 0 && y < 300)
            case let .fingerMove(f, _, _, _, _): #expect(down.contains(f))
            case let .fingerUp(f, _, _, _, _): #expect(down.remove(f) != nil)
            default: Issue.record("unexpected input \(e)")
            }
            maxDown = max(maxDown, down.count)
        }
        #expect(maxDown >= 2 && maxDown <= 5)
    }

    @Test("dispatch runs a small stream through the scene with tracing on")
    func dispatchSmall() {
        let shape = BenchScene.Shape(fanOut: 4, depth: 3, recognizers: 30, window: Size(width: 640, height: 400))
        var kinds = Set<String>()
        let r = Bench.dispatch(shape: shape, events: 3000) { _ in TraceCallback { kinds.insert($0.kind) } }
        #expect(r.events == 3000)
        #expect(r.views == shape.viewCount)
        #expect(r.recognizers == 30)
        #expect(r.records > 0)
        #expect(kinds.isSuperset(of: ["hit-test", "touches", "gesture"]))
    }

    @Test("dispatch gives the same trace for the same seed")
    func dispatchIsDeterministic() {
        let shape = BenchScene.Shape(fanOut: 3, depth: 2, recognizers: 6, window: Size(width: 300, height: 200))
        func trace() -> [String] {
            var lines: [String] = []
            _ = Bench.dispatch(shape: shape, events: 800, seed: 42) { _ in TraceCallback { lines.append(TraceWriter.line($0)) } }
            return lines
        }
        #expect(trace() == trace())
    }

    @Test("hit-test timing records paths and reports percentiles")
    func hitTestSmall() {
        let r = Bench.hitTest(shape: BenchScene.Shape(fanOut: 3, depth: 3, recognizers: 5), samples: 500)
        #expect(r.samples == 500)
        #expect(r.meanPathLength >= 1)
        #expect(r.traced.p50 <= r.traced.p99)
    }

    @Test("a generated recording reads back with the events asked for")
    func recordingRoundTrip() throws {
        let path = NSTemporaryDirectory() + "bench-rec-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Bench.writeRecording(path: path, window: Size(width: 320, height: 240), events: 1234)
        let reader = try RecordingReader(path: path)
        #expect(reader.header.window == Size(width: 320, height: 240))
        #expect(try reader.readAll().count == 1234)
    }
}
