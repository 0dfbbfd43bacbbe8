// SuiteBench: `touchscope test`'s throughput on a generated suite: the same recordings run on
// one thread and on every core (`SuiteRunner.run(_:jobs:)`, the path `touchscope test` runs),
// in recordings and input events per second.
import Foundation
import TouchScene
import TouchScopeKit

enum SuiteBench {
    struct Result {
        var recordings: Int
        var events: Int
        var oneCore: Double
        var allCores: Double
        var cores: Int
    }

    /// The scene every generated recording plays in: scenes/double-tap.yaml's pad with a pan
    /// and a long press beside it (a double tap, a single tap waiting for it, a pan and a press).
    static let scene = """
        scene: bench-suite
        window: [800, 600]
        views:
          - id: pad
            frame: [100, 100, 600, 400]
            recognizers:
              - {id: doubleTap, type: tap, taps: 2}
              - {id: singleTap, type: tap, taps: 1, requireToFail: [doubleTap]}
              - {id: press, type: longPress, duration: 0.5, simultaneousWith: [drag]}
              - {id: drag, type: pan, simultaneousWith: [press]}

        """

    /// Writes `count` seeded recordings of `events` finger events each (taps, presses and
    /// drags of one finger) into `folder`, with their verdicts (written by a first run, not timed).
    static func prepare(folder: String, count: Int, events: Int) throws -> SuitePlan {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try scene.write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for k in 0..<count {
            var text = "{\"recording\":1,\"window\":[800,600],\"scene\":\"scene.yaml\"}\n"
            var t = 0.0, n = 0
            while n < events {
                var x = 150 + random() * 500, y = 150 + random() * 300
                t += 0.05 + random() * 0.6
                text += "{\"t\":\(fmt(t)),\"type\":\"finger-down\",\"finger\":1,\"x\":\(fmt(x)),\"y\":\(fmt(y))}\n"; n += 1
                let moves = Int(random() * 12)
                for _ in 0..<moves where n < events - 1 {
                    t += 0.008 + (random() < 0.1 ? 0.2 : 0)
                    x += random() * 8 - 4; y += random() * 8 - 4
                    text += "{\"t\":\(fmt(t)),\"type\":\"finger-move\",\"finger\":1,\"x\":\(fmt(x)),\"y\":\(fmt(y))}\n"; n += 1
                }
                t += 0.02
                text += "{\"t\":\(fmt(t)),\"type\":\"finger-up\",\"finger\":1,\"x\":\(fmt(x)),\"y\":\(fmt(y))}\n"; n += 1
            }
            try text.write(toFile: folder + String(format: "/r%05d.jsonl", k), atomically: true, encoding: .utf8)
        }
        let plan: SuitePlan
        do { plan = try SuitePlan.find([folder]) } catch { throw CLIError.failure(error.description) }
        _ = SuiteRunner(resolveName: { resolveScene($0) }, update: true).run(plan.items, jobs: ProcessInfo.processInfo.activeProcessorCount)
        return try SuitePlan.find([folder])
    }

    static func fmt(_ v: Double) -> String { String(format: "%.4f", v) }

    /// Runs the suite on one thread, then on every core; each run's results must all pass.
    static func run(_ plan: SuitePlan) throws -> Result {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let runner = SuiteRunner(resolveName: { resolveScene($0) })
        func timed(_ jobs: Int) throws -> (Double, Int) {
            let start = DispatchTime.now().uptimeNanoseconds
            let results = runner.run(plan.items, jobs: jobs)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard results.allSatisfy({ $0.status == .passed }) else {
                throw CLIError.failure("bench: a generated suite recording did not pass: \(results.first { $0.status != .passed }?.problems.first ?? "")")
            }
            return (seconds, results.reduce(0) { $0 + $1.events })
        }
        let (one, events) = try timed(1)
        let (all, _) = try timed(cores)
        return Result(recordings: plan.items.count, events: events, oneCore: one, allCores: all, cores: cores)
    }
}
