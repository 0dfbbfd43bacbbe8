import Testing
import TouchCore

@Suite("VelocityTracker")
struct VelocityTrackerTests {
    @Test("a steady scalar gives its rate of change")
    func steadyScalar() {
        var v = VelocityTracker(window: 0.1)
        for i in 0...10 { v.add(3.0 + 2.0 * Double(i) * 0.01, at: Double(i) * 0.01) }
        #expect(near(v.scalarVelocity(at: 0.1), 2.0, 1e-9))
    }

    @Test("jitter does not swing the fit the way the last two samples would")
    func jitterIsAveraged() {
        var v = VelocityTracker(window: 0.1)
        let dt = 1.0 / 60.0
        var last2 = (Point.zero, Point.zero)
        for i in 0...30 {
            let jitter = i % 2 == 0 ? 3.0 : -3.0
            let p = Point(x: 500 * Double(i) * dt + jitter, y: 100)
            v.add(p, at: Double(i) * dt)
            last2 = (last2.1, p)
        }
        let fit = v.velocity(at: 30 * dt)
        let naive = (last2.1.x - last2.0.x) / dt
        #expect(abs(fit.x - 500) < 25)
        #expect(abs(fit.y) < 1e-6)
        #expect(abs(naive - 500) > 300)  // what the last two samples would have said
    }

    @Test("only the recent window counts")
    func onlyTheWindowCounts() {
        var v = VelocityTracker(window: 0.1)
        // Slow for a second, then fast for the last 0.1 s.
        for i in 0...100 { v.add(Double(i) * 0.01 * 10, at: Double(i) * 0.01) }
        for i in 1...10 { v.add(10 + Double(i) * 0.01 * 1000, at: 1 + Double(i) * 0.01) }
        #expect(near(v.scalarVelocity(at: 1.1), 1000, 1e-6))
    }

    @Test("a value at rest before the query is too old and gives zero")
    func restGivesZero() {
        var v = VelocityTracker(window: 0.1)
        for i in 0...10 { v.add(Point(x: Double(i) * 5, y: 0), at: Double(i) * 0.01) }
        #expect(v.velocity(at: 0.5) == .zero)
        // The lift at the same place, after the rest: two equal values, still zero.
        v.add(Point(x: 50, y: 0), at: 0.5)
        #expect(v.velocity(at: 0.5) == .zero)
    }

    @Test("one sample in the window pairs with the sample before it")
    func sparseSamples() {
        var v = VelocityTracker(window: 0.1)
        v.add(0, at: 0)
        v.add(40, at: 0.2)
        #expect(near(v.scalarVelocity(at: 0.2), 200))
    }

    @Test("a single sample or none gives zero")
    func tooFewSamples() {
        var v = VelocityTracker(window: 0.1)
        #expect(v.scalarVelocity(at: 0) == 0)
        v.add(5, at: 0)
        #expect(v.scalarVelocity(at: 0) == 0)
    }

    /// The two-pass least-squares slope, written out plainly: any faster fit (running sums,
    /// SIMD) must give exactly these bits, since traces record velocities to 1e-9 and stay
    /// byte-identical across builds.
    private static func referenceFit(_ used: [VelocityTracker.Sample]) -> Point {
        guard used.count >= 2 else { return .zero }
        let t0 = used[used.count - 1].t
        let n = Double(used.count)
        var st = 0.0, sx = 0.0, sy = 0.0
        for s in used { st += s.t - t0; sx += s.value.x; sy += s.value.y }
        let mt = st / n, mx = sx / n, my = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in used {
            let dt = s.t - t0 - mt
            stt += dt * dt
            stx += dt * (s.value.x - mx)
            sty += dt * (s.value.y - my)
        }
        guard stt > 1e-12 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }

    @Test("the fit has the same bits as the scalar two-pass fit", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func sameBitsAsScalarFit(seed: UInt64) {
        var rng = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(rng >> 11) / Double(1 << 53)
        }
        var v = VelocityTracker(window: 0.1)
        var t = 0.0
        for _ in 0..<400 {
            t += 0.001 + next() * 0.012
            v.add(Point(x: next() * 1280 - 200, y: next() * 800 + 1e-3 * next()), at: t)
            let inWindow = v.samples.filter { $0.t >= t - 0.1 && $0.t <= t }
            guard inWindow.count >= 2 else { continue }
            let got = v.velocity(at: t), want = Self.referenceFit(inWindow)
            #expect(got.x.bitPattern == want.x.bitPattern && got.y.bitPattern == want.y.bitPattern)
        }
    }
}
