// The live touch devices panel's report rate is the per-contact rate `analyze` reports (the
// Windows requirement's definition: reports per second of one contact while it moves), not
// one over the median interval: the kernel sends nothing for a contact held still, and
// contacts of one device may be reported in staggered frames. The device's frame rate is
// shown beside it, named as such.
import Testing
@testable import TouchDraw
import TouchScene

@Suite("Touch devices panel: report rate per contact")
struct DeviceRateTests {
    /// A log fed the samples (touch, x, phase, t) of device 0.
    func log(_ samples: [(Int, Double, TouchPhase, Double)]) -> TraceLog {
        let log = TraceLog()
        for (touch, x, phase, t) in samples {
            log.append(TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: 0, finger: touch),
                                                                   point: Point(x: x, y: 100), phase: phase, pressure: 1, isEmulated: false))))
        }
        return log
    }
    /// One contact's down and moves at the given times, then its lift `liftAfter` later.
    func contact(_ touch: Int, _ times: [Double], liftAfter: Double? = nil) -> [(Int, Double, TouchPhase, Double)] {
        var out = times.enumerated().map { (touch, 10 + Double($0.offset), $0.offset == 0 ? TouchPhase.began : .moved, $0.element) }
        if let l = liftAfter, let last = times.last { out.append((touch, 10 + Double(times.count), .ended, last + l)) }
        return out
    }

    @Test("the thresholds are analyze's")
    func sameRules() {
        #expect(TouchDevices.stretchGap == TouchAnalysis.stretchGapSeconds)
        #expect(TouchDevices.minStretch == TouchAnalysis.minStretchReports)
    }

    @Test("a panel alternating 8 ms and 12 ms reports at 100 Hz (one over the median interval would say 83 Hz)")
    func alternating() throws {
        // 21 reports: 10 pairs of 8 + 12 ms, 0.2 s: 20 / 0.2 = 100 Hz.
        var times = [0.0]
        for i in 0..<20 { times.append(times[i] + (i % 2 == 0 ? 0.008 : 0.012)) }
        let d = try #require(log(contact(1, times, liftAfter: 0.01)).touchDevices.first)
        let rate = try #require(d.reportRate)
        #expect(abs(rate - 100) < 0.01)
        #expect(d.stretches == 1)
        #expect(DevicePanel.rateLine(d).hasPrefix("100 Hz per contact ±") && DevicePanel.rateLine(d).hasSuffix(" (1 stretch)"))
    }

    @Test("two contacts each at 100 Hz in staggered frames: 100 Hz per contact, and the device's frame rate, 200 Hz, named as such")
    func staggered() throws {
        // Contact 1 at 0, 10, … 190 ms; contact 2 at 5, 15, … 195 ms (20 reports each).
        let a = (0..<20).map { Double($0) * 0.010 }, b = (0..<20).map { Double($0) * 0.010 + 0.005 }
        let samples = (contact(1, a) + contact(2, b)).sorted { $0.3 < $1.3 }
        let d = try #require(log(samples).touchDevices.first)
        // Each contact: 19 / 0.19 s = 100 Hz, two stretches under way; the frames: 40 from 0 to
        // 0.195 s, 39 / 0.195 = 200 Hz.
        #expect(abs(try #require(d.reportRate) - 100) < 0.01)
        #expect(d.stretches == 2)
        #expect(abs(try #require(d.frameRate) - 200) < 0.01)
        let lines = DevicePanel.lines(DevicePanel.Row(info: nil, stats: d))
        #expect(lines.contains { $0.hasPrefix("  100 Hz per contact") })
        #expect(lines.contains("  frame rate 200 Hz (all contacts)"))
    }

    @Test("a contact held still sends nothing: the silence ends a stretch and lowers no rate")
    func stillIsSilence() throws {
        // 12 reports 10 ms apart (0 … 0.11 s), held still 0.5 s (nothing sent), then 11 more
        // 10 ms apart (0.61 … 0.71 s): two stretches, 11 / 0.11 and 10 / 0.10, both 100 Hz.
        let first = (0..<12).map { Double($0) * 0.010 }, second = (0..<11).map { 0.61 + Double($0) * 0.010 }
        let d = try #require(log(contact(1, first + second, liftAfter: 0.01)).touchDevices.first)
        #expect(d.stretches == 2)
        #expect(abs(try #require(d.reportRate) - 100) < 0.01)
        // The intervals' spread counts only the ones within a stretch: all 10 ms.
        #expect(try #require(d.jitterMs) < 0.001)
    }

    @Test("too few reports is not measured: a quick tap says how many it had and how many are needed")
    func tooFew() throws {
        let d = try #require(log(contact(1, [0, 0.008, 0.016], liftAfter: 0.008)).touchDevices.first)
        #expect(d.reportRate == nil && d.longestStretch == 3)
        #expect(DevicePanel.rateLine(d) == "rate: not measured (3 of 10 samples)")
    }

    @Test("bounded: a long session keeps the newest 64 stretches")
    func bounded() throws {
        // 100 strokes of 10 reports 10 ms apart (100 Hz) each, then 100 of 10 reports 20 ms
        // apart (50 Hz): the median of the newest 64 stretches is 50 Hz.
        var samples: [(Int, Double, TouchPhase, Double)] = [], t = 0.0
        for k in 0..<200 {
            let step = k < 100 ? 0.010 : 0.020
            samples += contact(k + 1, (0..<10).map { t + Double($0) * step }, liftAfter: step)
            t += 1
        }
        let d = try #require(log(samples).touchDevices.first)
        #expect(d.stretches == 64)
        #expect(abs(try #require(d.reportRate) - 50) < 0.01)
    }
}
