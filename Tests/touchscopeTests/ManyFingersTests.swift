// Thousands of fingers down at once: replay time grows with the number of fingers, not
// with its square.
import Foundation
import Testing
import TouchCore
import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this thread spends in `body`: the replay's own work, which other tests
/// running on the same cores at the same time (a full `swift test` runs suites in parallel)
/// do not lengthen as they lengthen the wall-clock time.
private func threadCPUTime(_ body: () throws -> Void) rethrows -> Duration {
    func now() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }
    let start = now()
    try body()
    return now() - start
}

/// A recording with `fingers` fingers landing at 0.1 s, spread over an 800×600 window,
/// then lifting at 0.5 s where they landed (as `bench/many-fingers.py` writes it).
func manyFingersRecording(_ fingers: Int) -> String {
    func position(_ i: Int) -> (Double, Double) {
        let x = ((Double(i) * 0.6180339887).truncatingRemainder(dividingBy: 1) * 799 * 10).rounded() / 10
        let y = (Double(i) / Double(fingers) * 599 * 10).rounded() / 10
        return (x, y)
    }
    var lines = [#"{"recording":1,"window":[800,600]}"#]
    for (t, type) in [("0.1", "finger-down"), ("0.5", "finger-up")] {
        for i in 0..<fingers {
            let (x, y) = position(i)
            lines.append(#"{"t":\#(t),"type":"\#(type)","finger":\#(i + 1),"x":\#(x),"y":\#(y)}"#)
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// A recording with `fingers` fingers landing at 0.1 s (placed as in `manyFingersRecording`),
/// then, finger by finger, each moving three times (1 pt right at 0.2, 0.3 and 0.4 s), and at
/// 0.5 s lifting 3 pt below its last place: every move and every lift moves a finger while
/// all the others rest.
func movingFingersRecording(_ fingers: Int) -> String {
    func position(_ i: Int) -> (Double, Double) {
        let x = ((Double(i) * 0.6180339887).truncatingRemainder(dividingBy: 1) * 795 * 10).rounded() / 10
        let y = (Double(i) / Double(fingers) * 595 * 10).rounded() / 10
        return (x, y)
    }
    var lines = [#"{"recording":1,"window":[800,600]}"#]
    func add(_ t: String, _ type: String, _ i: Int, dx: Double, dy: Double) {
        let (x, y) = position(i)
        lines.append(#"{"t":\#(t),"type":"\#(type)","finger":\#(i + 1),"x":\#(fmt(x + dx)),"y":\#(fmt(y + dy))}"#)
    }
    for i in 0..<fingers { add("0.1", "finger-down", i, dx: 0, dy: 0) }
    for (step, t) in ["0.2", "0.3", "0.4"].enumerated() {
        for i in 0..<fingers { add(t, "finger-move", i, dx: Double(step + 1), dy: 0) }
    }
    for i in 0..<fingers { add("0.5", "finger-up", i, dx: 3, dy: 3) }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("Many fingers", .serialized)
struct ManyFingersTests {
    /// One headless replay of `fingers` fingers into photo.yaml (its photo has pinch,
    /// rotation and pan, its canvas has multiple touch off), traced: how long it took.
    private func replayTime(_ fingers: Int) throws -> Duration {
        let path = Paths.temporary("many-fingers-\(fingers).jsonl")
        if !FileManager.default.fileExists(atPath: path) {
            try manyFingersRecording(fingers).write(toFile: path, atomically: true, encoding: .utf8)
        }
        var replay: Replay?
        let elapsed = try threadCPUTime { replay = try Replay(scene: "photo", recording: path) }
        // Every finger was hit-tested: the replay did the work being timed.
        #expect(replay?.hitTests.count == fingers)
        return elapsed
    }

    // Time (the replaying thread's CPU time), not a count of steps: the quadratic costs were in many places (finding a
    // finger, recognizers measuring every finger at every landing and lift, delivery
    // checks), and a count would only watch the places it counts. The ratio is robust on a
    // busy machine: the two sizes are replayed in turn, five times each (a slow spell
    // slows both), each figure is the best of its five, and the bound sits between linear
    // (8 for eight times the fingers; up to about 13 when the larger run no longer fits the
    // caches and other tests share the cores) and quadratic (64): when the costs were
    // quadratic, four times the fingers took 15.5 times as long in a debug build.
    @Test("eight times the fingers take well under sixty-four times as long to replay (linear, not quadratic)")
    func linearInFingers() throws {
        var small = Duration.seconds(1_000), large = Duration.seconds(1_000)
        for _ in 0..<5 {
            small = min(small, try replayTime(1_000))
            large = min(large, try replayTime(8_000))
        }
        let ratio = large / small
        #expect(ratio < 24, "1,000 fingers: \(small), 8,000 fingers: \(large), ratio \(ratio)")
    }

    /// One headless replay of `movingFingersRecording(fingers)` into photo.yaml, traced: how
    /// long it took.
    private func movingReplayTime(_ fingers: Int) throws -> Duration {
        let path = Paths.temporary("moving-fingers-\(fingers).jsonl")
        if !FileManager.default.fileExists(atPath: path) {
            try movingFingersRecording(fingers).write(toFile: path, atomically: true, encoding: .utf8)
        }
        var replay: Replay?
        let elapsed = try threadCPUTime { replay = try Replay(scene: "photo", recording: path) }
        // Every finger landed and moved: the replay did the work being timed.
        #expect(replay?.hitTests.count == fingers)
        #expect(replay?.records.count ?? 0 > 4 * fingers)
        return elapsed
    }

    // Fingers that move while thousands rest: each move once marked every other finger
    // stationary, and recognizers measured every finger at each move and lift. Twice the
    // fingers must take at most 2.6 times as long (linear: 2; quadratic: 4), the two sizes
    // replayed in turn, three times each, the best of each taken.
    @Test("twice the fingers, each landing, moving three times and lifting away, take at most 2.6 times as long")
    func movingFingersLinear() throws {
        var small = Duration.seconds(1_000), large = Duration.seconds(1_000)
        for _ in 0..<3 {
            small = min(small, try movingReplayTime(10_000))
            large = min(large, try movingReplayTime(20_000))
        }
        let ratio = large / small
        #expect(ratio <= 2.6, "10,000 fingers: \(small), 20,000 fingers: \(large), ratio \(ratio)")
    }

    @Test("moving fingers: every finger is hit-tested once and sends its three moves and its lift to the photo")
    func movingFingersTrace() throws {
        let path = Paths.temporary("many-fingers-300-moving-trace.jsonl")
        try movingFingersRecording(300).write(toFile: path, atomically: true, encoding: .utf8)
        let replay = try Replay(scene: "photo", recording: path)
        #expect(replay.hitTests.count == 300)
        #expect(replay.records.filter { if case .touchSample = $0.body { return true }; return false }.count == 300 * 5)
    }

    // Pan once followed each lift with the lifting finger moved to the end of the list,
    // and the sums in another order left about 1e-12 pt of translation behind.
    @Test("lifting thousands of resting fingers leaves the photo's gestures as they were: each fails once, nothing moved")
    func manyFingersTrace() throws {
        let path = Paths.temporary("many-fingers-2000.jsonl")
        try manyFingersRecording(2_000).write(toFile: path, atomically: true, encoding: .utf8)
        let replay = try Replay(scene: "photo", recording: path)
        var failed: [String] = []
        for r in replay.records {
            guard case let .gesture(recognizer, _, _, to, _, outputs) = r.body, to == .failed else { continue }
            failed.append(recognizer.string)
            #expect(outputs.numberOfTouches == 0)
            if recognizer == "pan" { #expect(outputs.translation == .zero) }
            if recognizer == "pinch" { #expect(outputs.scale == 1) }
            if recognizer == "rotate" { #expect(outputs.rotation == 0) }
        }
        #expect(failed.sorted() == ["pan", "pinch", "rotate"])
    }
}
