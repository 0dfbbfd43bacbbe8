// The benchmark's workloads and measurements keep working at small sizes (no timing assertions).
import Testing
import Foundation
import TouchCore
import TouchScene
import TouchBench
@testable import touchscope

@Suite("touchscope bench at small sizes")
struct BenchTests {
    @Test("the generated scene has fan-out^1 + … + fan-out^depth views and the asked recognizers")
    func generatedSceneShape() {
        let shape = BenchScene.Shape(fanOut: 3, depth: 3, recognizers: 20)
        let scene = BenchScene.make(shape)
        #expect(shape.viewCount == 3 + 9 + 27)
        #expect(scene.allViews.count == shape.viewCount)
        #expect(scene.allRecognizers.count == 20)
        let types = Set(scene.allRecognizers.map(\.recognizer.type.name))
        #expect(types.isSuperset(of: ["tap", "pan", "pinch", "rotation", "longPress"]))
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
    @MainActor
    @Test("the frame bench draws and paints at 1280×800 and at 2560×1600 (scale 2)")
    func frameBenchSmall() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let small = try FrameBench.run(frames: 3, labels: 50, lanes: 10, warmMoves: 200)
        let large = try FrameBench.run(frames: 3, canvas: Size(width: 2560, height: 1600), window: Size(width: 1280, height: 800),
                                       labels: 50, lanes: 10, warmMoves: 200)
        for r in [small, large] {
            #expect(r.frames == 3 && r.lanes == 10)
            #expect(r.commands > 100)
            #expect(r.ms.p50 > 0 && r.ms.p50 <= r.ms.p99)
        }
    }

    /// The JSON object on the last line of `touchscope bench --json ARGS`.
    func benchJSON(_ arguments: [String]) throws -> [String: Any] {
        let r = try CLIRun.run(["bench", "--json", "--no-peer"] + arguments, environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    }

    /// Every figure named is a finite number above zero (a rate, a time or a count of something
    /// that happened); each `…_p50` is at most its `…_p99`; draw-command counts are whole
    /// numbers over 100 (the frame draws every panel).
    func checkFigures(_ object: [String: Any], _ figures: Set<String>) {
        for key in figures.sorted() {
            guard let value = object[key] else { Issue.record("no \(key)"); continue }
            guard let n = value as? NSNumber, !(value is Bool) else { Issue.record("\(key): \(value) is not a number"); continue }
            let d = n.doubleValue
            #expect(d.isFinite && d > 0, "\(key) = \(d)")
            if key.hasSuffix("draw_commands") { #expect(d == d.rounded() && d > 100, "\(key) = \(d)") }
            if key.contains("_p50") {
                let p99 = key.replacingOccurrences(of: "_p50", with: "_p99")
                let high = (object[p99] as? NSNumber)?.doubleValue
                #expect(high.map { d <= $0 } == true, "\(key) = \(d), \(p99) = \(String(describing: high))")
            }
        }
    }

    @Test("bench --json reports every figure, the 2560×1600 frame included")
    func jsonKeys() throws {
        let object = try benchJSON(["--events", "2000", "--hit-tests", "50", "--frames", "2", "--replay-events", "0",
                                    "--no-file-dispatch", "--latency-seconds", "0.5", "--suite-recordings", "12"])
        let keys = Set(object.keys)
        let expected: Set<String> = ["dispatch_events_per_second", "dispatch_one_thread_events_per_second",
                                     "hit_test_ns_p50", "hit_test_ns_p99", "hit_test_untraced_ns_p50", "hit_test_untraced_ns_p99",
                                     "frame_ms_p50", "frame_ms_p99", "frame_ms_p50_2560x1600", "frame_ms_p99_2560x1600",
                                     "frame_draw_commands", "frame_2560x1600_draw_commands", "latency_ms_p50", "latency_ms_p99",
                                     "suite_recordings_per_second_1_core", "suite_recordings_per_second_all_cores", "suite_speedup",
                                     "suite_events_per_second_1_core", "suite_events_per_second_all_cores"]
        #expect(expected.isSubset(of: keys), "missing \(expected.subtracting(keys).sorted())")
        checkFigures(object, expected)
    }

    @Test("bench --json --frames-only reports just the frame figures and the latency")
    func framesOnly() throws {
        let object = try benchJSON(["--frames-only", "--frames", "2", "--latency-seconds", "0.5"])
        let keys = Set(object.keys)
        let figures: Set<String> = ["frame_ms_p50", "frame_ms_p99", "frame_ms_p50_2560x1600", "frame_ms_p99_2560x1600",
                                    "latency_ms_p50", "latency_ms_p99"]
        checkFigures(object, figures)
        #expect(!keys.contains { $0.hasPrefix("dispatch") || $0.hasPrefix("hit_test") || $0.hasPrefix("replay") })
    }
}
