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
}
