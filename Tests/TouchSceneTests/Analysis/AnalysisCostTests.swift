// The analysis's work grows with the number of reports, not its square: one straight stroke
// of 100,000 reports, a finger held still as long, and two fingers side by side for 50,000
// reports each (finger separation) are analysed in seconds even in a debug build. Quadratic
// work (each report against every other of its stroke, or of the other finger) took 17 s for
// the stroke alone in a release build. (The release figures: docs/performance.md.)
import Testing
import TestSupport
import TouchCore
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

@Suite("Analysis cost")
struct AnalysisCostTests {
    static func seconds(_ body: () -> Void) -> Double {
        var a = timespec(), b = timespec()
        clock_gettime(CLOCK_MONOTONIC, &a)
        body()
        clock_gettime(CLOCK_MONOTONIC, &b)
        return Double(b.tv_sec - a.tv_sec) + Double(b.tv_nsec - a.tv_nsec) / 1e9
    }

    /// A capture at 20 units/mm with the given tracks (times in seconds, positions in mm).
    static func capture(_ tracks: [[(t: Double, x: Double, y: Double)]]) -> ContactCapture {
        let axisX = CapturedAxis(min: 0, max: 100_000, resolution: 20), axisY = CapturedAxis(min: 0, max: 100_000, resolution: 20)
        let t = tracks.enumerated().map { i, r in
            ContactTrack(slot: i, trackingID: i, reports: r.map { ContactReport(t: $0.t, x: $0.x * 20, y: $0.y * 20) }, liftedAt: (r.last?.t ?? 0) + 0.001)
        }
        return ContactCapture(deviceName: "Cost", xAxis: axisX, yAxis: axisY, pressureAxis: nil, declaredSlots: 10, tracks: t, events: [],
                              duration: tracks.flatMap { $0 }.map(\.t).max() ?? 0, window: nil, format: "evemu")
    }

    @Test("a straight stroke of 100,000 reports, a hold of 100,000 and two fingers of 50,000 side by side take seconds, not minutes")
    func linear() {
        let n = 100_000
        var wobble = SeededRandom(state: 7)
        typealias R = (t: Double, x: Double, y: Double)
        var stroke: [R] = [], hold: [R] = [], left: [R] = [], right: [R] = []
        for k in 0..<n {
            let f = Double(k)
            stroke.append((f / 1000, 10 + 4000 * f / Double(n), 100 + 0.05 * wobble.unit()))
            hold.append((200 + f / 1000, 300 + 0.05 * wobble.unit(), 300 + 0.05 * wobble.unit()))
            if k < n / 2 {
                let x = 100 + Double(k % 2000) / 100
                left.append((400 + f / 1000, x, 500))
                right.append((400 + f / 1000, x, 507))
            }
        }
        var result: DeviceAnalysis?
        let took = Self.seconds { result = TouchAnalysis.analyze(Self.capture([stroke, hold, left, right])) }
        #expect(took < 20 * testTimeScale, "took \(took) s")
        #expect(result?.straightStretches ?? 0 >= 1)
        #expect(result?.stationaryStretches ?? 0 >= 1)
        #expect(abs((result?.fingerSeparation ?? 0) - 7) < 1e-9)
    }
}
