import Testing
@testable import TouchCore

// The recognizers' running sum of their fingers down (GestureMath.PointSum): exact, so for
// one or two fingers it gives the very bits of adding the coordinates up directly (the
// golden traces depend on those bits), and taking a finger out leaves nothing behind.
@Suite("Exact sums of finger positions")
struct PointSumTests {
    @Test("one or two points sum to the bits of adding them directly, and taking one out leaves the other exactly")
    func sameBitsAsAdding() {
        var rng = SplitMix(seed: 25)
        for i in 0..<20_000 {
            let scale = [1.0, 800, 2560, 1e5, 3e9][i % 5]
            let a = Point(x: rng.next(scale), y: rng.next(scale)), b = Point(x: rng.next(scale), y: (rng.next(scale) * 10).rounded() / 10)
            var sum = GestureMath.PointSum()
            sum.add(a)
            #expect(sum.value == a)
            sum.add(b)
            #expect(sum.value == Point(x: a.x + b.x, y: a.y + b.y), "\(a) + \(b)")
            #expect(sum.mean(of: 2) == GestureMath.centroid([a, b].map(touch)), "\(a), \(b)")
            sum.remove(a)
            #expect(sum.value == b)
            sum.remove(b)
            #expect(sum.value == .zero)
        }
    }

    @Test("thousands of points added, moved and taken out again in another order leave exactly nothing")
    func nothingLeftBehind() {
        var rng = SplitMix(seed: 7)
        let points = (0..<5_000).map { _ in Point(x: rng.next(800), y: rng.next(600)) }
        var sum = GestureMath.PointSum()
        for p in points { sum.add(p) }
        for p in points.reversed() { sum.remove(p); sum.add(Point(x: p.x + 0.1, y: p.y)) }
        for p in points.shuffled(using: &rng) { sum.remove(Point(x: p.x + 0.1, y: p.y)) }
        #expect(sum.value == .zero)
        #expect(sum.mean(of: 0) == nil)
    }

    @Test("a move shifts the sum by one delta to the very bits of taking the old point out and adding the new one")
    func moveByDelta() {
        var rng = SplitMix(seed: 11)
        var moved = GestureMath.PointSum(), stepwise = GestureMath.PointSum()
        var fingers = (0..<5).map { _ in Point(x: rng.next(1280), y: rng.next(800)) }
        for p in fingers { moved.add(p); stepwise.add(p) }
        for i in 0..<20_000 {
            let k = i % fingers.count
            let scale = [1.0, 800, 2560, 1e5, 3e9][i % 5]
            let to = Point(x: rng.next(scale), y: rng.next(scale))
            moved.shift(by: GestureMath.PointSum.delta(from: fingers[k], to: to))
            stepwise.remove(fingers[k])
            stepwise.add(to)
            fingers[k] = to
            #expect(moved.value == stepwise.value, "move \(i)")
        }
        for p in fingers { moved.remove(p) }
        #expect(moved.value == .zero)
    }

    private func touch(_ p: Point) -> Touch { Touch(id: 1, location: p, time: 0) }
}

/// A small deterministic generator (SplitMix64), so the cases are the same every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in -scale...scale.
    mutating func next(_ scale: Double) -> Double { Double.random(in: -scale...scale, using: &self) }
}
