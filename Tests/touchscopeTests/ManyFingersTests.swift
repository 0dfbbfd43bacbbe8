// Thousands of fingers down at once: replay time grows with the number of fingers, not
// with its square.
import Foundation
import Testing
import TouchCore
import TouchScene

/// A recording with `fingers` fingers landing at 0.1 s, spread over an 800×600 window,
/// then lifting at 0.5 s where they landed (as `bench/many-fingers.py` writes it). With
/// `moving`, each finger also moves 1 pt right at 0.2, 0.3 and 0.4 s and lifts there, 3 pt
/// from where it landed.
func manyFingersRecording(_ fingers: Int, moving: Bool = false) -> String {
    func position(_ i: Int) -> (Double, Double) {
        let x = ((Double(i) * 0.6180339887).truncatingRemainder(dividingBy: 1) * 799 * 10).rounded() / 10
        let y = (Double(i) / Double(fingers) * 599 * 10).rounded() / 10
        return (x, y)
    }
    var lines = [#"{"recording":1,"window":[800,600]}"#]
    let steps: [(String, String, Double)] = moving
        ? [("0.1", "finger-down", 0), ("0.2", "finger-move", 1), ("0.3", "finger-move", 2), ("0.4", "finger-move", 3), ("0.5", "finger-up", 3)]
        : [("0.1", "finger-down", 0), ("0.5", "finger-up", 0)]
    for (t, type, dx) in steps {
        for i in 0..<fingers {
            let (x, y) = position(i)
            lines.append(#"{"t":\#(t),"type":"\#(type)","finger":\#(i + 1),"x":\#(x + dx),"y":\#(y)}"#)
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("Many fingers", .serialized)
struct ManyFingersTests {
    /// One headless replay of `fingers` fingers into photo.yaml (its photo has pinch,
    /// rotation and pan, its canvas has multiple touch off), traced: how long it took.
    private func replayTime(_ fingers: Int, moving: Bool = false) throws -> Duration {
        let path = Paths.temporary("many-fingers-\(fingers)\(moving ? "-moving" : "").jsonl")
        if !FileManager.default.fileExists(atPath: path) {
            try manyFingersRecording(fingers, moving: moving).write(toFile: path, atomically: true, encoding: .utf8)
        }
        var replay: Replay?
        let elapsed = try ContinuousClock().measure { replay = try Replay(scene: "photo", recording: path) }
        // Every finger was hit-tested: the replay did the work being timed.
        #expect(replay?.hitTests.count == fingers)
        return elapsed
    }

    // Time, not a count of steps: the quadratic costs were in many places (finding a
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

    // The fingers move too (three moves each, then a lift 3 pt away): each move is a
    // touch message and a recognizer update with every finger down. Twice the fingers must
    // take at most 2.6 times as long (linear: 2; quadratic: 4), measured in one run: the two
    // sizes replayed in turn, three times each, the best of each compared.
    @Test("with every finger moving three times, twice the fingers take at most 2.6 times as long to replay")
    func linearWithMovingFingers() throws {
        var small = Duration.seconds(1_000), large = Duration.seconds(1_000)
        for _ in 0..<3 {
            small = min(small, try replayTime(400, moving: true))
            large = min(large, try replayTime(800, moving: true))
        }
        let ratio = large / small
        print("many fingers moving: 400 fingers \(small), 800 fingers \(large), ratio \(ratio)")
        #expect(ratio <= 2.6, "400 fingers: \(small), 800 fingers: \(large), ratio \(ratio)")
    }

    @Test("moving fingers: every finger is hit-tested once and sends its three moves and its lift to the photo")
    func movingFingersTrace() throws {
        let path = Paths.temporary("many-fingers-300-moving-trace.jsonl")
        try manyFingersRecording(300, moving: true).write(toFile: path, atomically: true, encoding: .utf8)
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
