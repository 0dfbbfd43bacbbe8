// Each threshold of the analysis tried just below and just above its value, so that a
// change to any of them fails a test (`make mutants` puts such changes in, Tests/mutants):
// the report gap's 3 median intervals, 1 mm and 10 mm/s; the report rate's 50 ms stretches
// of 10 reports; the stationary stretch's 0.3 s; the straight stroke's 10 mm; the ghost's 30 ms.
import Testing
import TouchCore
@testable import TouchScene

@Suite("Analysis thresholds at their boundaries")
struct AnalysisBoundaryTests {
    /// One contact of a device at 1000 units/mm (so that positions are not rounded to the
    /// tenths of a millimetre that matter here), no pressure or size: reports at (t s, x mm,
    /// y mm), lifted `liftAfter` seconds after the last.
    static func capture(_ reports: [(t: Double, x: Double, y: Double)], liftAfter: Double = 0.01) throws -> ContactCapture {
        func time(_ t: Double) -> String {
            let us = 1_000_000 + Int((t * 1e6).rounded())
            let frac = String(us % 1_000_000)
            return "\(us / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
        }
        var out = "N: Boundary Panel\nA: 2f 0 9 0 0 0\nA: 35 0 240000 0 0 1000\nA: 36 0 135000 0 0 1000\nA: 39 0 65535 0 0 0\n"
        out += "E: \(time(reports.first?.t ?? 0)) 0003 0039 5\n"
        for r in reports {
            out += "E: \(time(r.t)) 0003 0035 \(Int((r.x * 1000).rounded()))\nE: \(time(r.t)) 0003 0036 \(Int((r.y * 1000).rounded()))\nE: \(time(r.t)) 0000 0000 0\n"
        }
        let end = time((reports.last?.t ?? 0) + liftAfter)
        out += "E: \(end) 0003 0039 -1\nE: \(end) 0000 0000 0\n"
        return try ContactCapture.read(bytes: Array(out.utf8), file: "boundary.evemu")
    }

    /// A stroke along x at `speed` mm/s, a report every `every` s for `count` reports from `t0`, from `x0` mm.
    static func stroke(from t0: Double, x0: Double, speed: Double, every: Double = 0.01, count: Int = 20) -> [(t: Double, x: Double, y: Double)] {
        (0..<count).map { k in (t0 + Double(k) * every, x0 + speed * Double(k) * every, 50) }
    }

    /// A stroke at `speed` whose reports stop for `silence` s while the finger moves `across` mm.
    static func gapped(speed: Double, silence: Double, across: Double) throws -> [DeviceAnomaly] {
        let before = stroke(from: 0, x0: 20, speed: speed)
        let last = before[before.count - 1]
        let after = stroke(from: last.t + silence, x0: last.x + across, speed: speed)
        return TouchAnalysis.analyze(try capture(before + after)).anomalies.filter { $0.kind == "report-gap" }
    }

    @Test("a report gap is a silence longer than 3 median intervals: 2.8 intervals is none, 3.2 is one")
    func gapIntervals() throws {
        // 50 mm/s, a report every 10 ms: moving 1.4 and 1.6 mm across 28 and 32 ms.
        #expect(try Self.gapped(speed: 50, silence: 0.028, across: 1.4).isEmpty)
        #expect(try Self.gapped(speed: 50, silence: 0.032, across: 1.6).count == 1)
    }

    @Test("a report gap needs the contact to move 1 mm across the silence: 0.9 mm is none, 1.1 mm is one")
    func gapMove() throws {
        #expect(try Self.gapped(speed: 20, silence: 0.1, across: 0.9).isEmpty)
        #expect(try Self.gapped(speed: 20, silence: 0.1, across: 1.1).count == 1)
    }

    @Test("a report gap needs 10 mm/s before and after the silence: 9 mm/s is none, 11 mm/s is one")
    func gapSpeed() throws {
        #expect(try Self.gapped(speed: 9, silence: 0.1, across: 2).isEmpty)
        #expect(try Self.gapped(speed: 11, silence: 0.1, across: 2).count == 1)
    }

    @Test("a report-rate stretch holds reports no more than 50 ms apart: 45 ms apart is one stretch (22.2 Hz), 55 ms apart is none")
    func stretchGap() throws {
        let near = TouchAnalysis.analyze(try Self.capture(Self.stroke(from: 0, x0: 20, speed: 20, every: 0.045, count: 12)))
        #expect(abs((near.reportRate?.p50 ?? 0) - 1 / 0.045) < 1e-6, "\(String(describing: near.reportRate))")
        let far = TouchAnalysis.analyze(try Self.capture(Self.stroke(from: 0, x0: 20, speed: 20, every: 0.055, count: 12)))
        #expect(far.reportRate == nil)
        #expect(far.checks.first { $0.name == "report-rate" }?.pass == nil)
    }

    @Test("a report-rate stretch needs 10 reports: 10 give 100 Hz, 9 are not measured")
    func stretchReports() throws {
        let ten = TouchAnalysis.analyze(try Self.capture(Self.stroke(from: 0, x0: 20, speed: 20, count: 10)))
        #expect(abs((ten.reportRate?.p50 ?? 0) - 100) < 1e-6)
        let nine = TouchAnalysis.analyze(try Self.capture(Self.stroke(from: 0, x0: 20, speed: 20, count: 9)))
        #expect(nine.reportRate == nil)
        #expect(nine.checks.first { $0.name == "report-rate" }?.note == "9 reports in the longest stretch (reports of one contact no more than 50 ms apart), at least 10 needed")
    }

    @Test("a stationary stretch is held 0.3 s (to the lift, silence included): 0.28 s is none, 0.32 s is one")
    func stillSeconds() throws {
        let held = Self.stroke(from: 0, x0: 60, speed: 0, count: 10)   // 0 to 0.09 s, then silence
        let short = TouchAnalysis.analyze(try Self.capture(held, liftAfter: 0.19))
        #expect(short.stationaryStretches == 0)
        #expect(short.checks.first { $0.name == "stationary-jitter" }?.pass == nil)
        let long = TouchAnalysis.analyze(try Self.capture(held, liftAfter: 0.23))
        #expect(long.stationaryStretches == 1)
        #expect(long.checks.first { $0.name == "stationary-jitter" }?.pass == true)
    }

    @Test("a straight stroke is 10 mm: 9 mm is not measured, 11 mm is")
    func straightLength() throws {
        let nine = TouchAnalysis.analyze(try Self.capture(Self.stroke(from: 0, x0: 20, speed: 9 / 0.19)))
        #expect(nine.straightStretches == 0)
        let eleven = TouchAnalysis.analyze(try Self.capture(Self.stroke(from: 0, x0: 20, speed: 11 / 0.19)))
        #expect(eleven.straightStretches == 1)
    }

    @Test("a ghost touch lifts within 30 ms: 25 ms is one, 35 ms is none")
    func ghostSeconds() throws {
        let quick = TouchAnalysis.analyze(try Self.capture([(0, 60, 60)], liftAfter: 0.025))
        #expect(quick.anomalies.filter { $0.kind == "ghost-touch" }.count == 1)
        let slower = TouchAnalysis.analyze(try Self.capture([(0, 60, 60)], liftAfter: 0.035))
        #expect(slower.anomalies.filter { $0.kind == "ghost-touch" }.isEmpty)
    }
}
