import Testing
import TouchCore
@testable import TouchScene

@Suite("Prediction accuracy on recorded fingers")
struct PredictionAccuracyTests {
    @Test("a finger at constant velocity is predicted exactly; without prediction it lags by speed × horizon")
    func constantVelocity() throws {
        // 600 pt/s along x, sampled at 120 Hz for half a second.
        let samples = (0...60).map { k in TouchSample(location: Point(x: 5 * Double(k), y: 20), pressure: 1, timestamp: Double(k) / 120) }
        var a = PredictionAccuracy(horizons: [1.0 / 60])
        a.add(finger: samples)
        #expect(a.fingers == 1)
        // Predictions from the second sample on, while a sample lies 1/60 s later: 2…58.
        #expect(a.samples == 58)
        #expect(try #require(a.quantile(0.99, at: 1.0 / 60)) < 1e-9)
        // 600 pt/s × 1/60 s = 10 pt.
        #expect(abs(try #require(a.quantile(0.5, at: 1.0 / 60, predicted: false)) - 10) < 1e-9)
    }

    @Test("where the finger was between two samples is read on the line between them")
    func interpolated() throws {
        let s = [TouchSample(location: Point(x: 0, y: 0), pressure: 1, timestamp: 0),
                 TouchSample(location: Point(x: 10, y: 20), pressure: 1, timestamp: 0.02)]
        #expect(PredictionAccuracy.location(in: s, from: 0, at: 0.005) == Point(x: 2.5, y: 5))
        #expect(PredictionAccuracy.location(in: s, from: 0, at: 0.03) == nil)
    }

    @Test("a recording's fingers are measured each from its down to its up")
    func recording() throws {
        let text = #"{"recording":1,"window":[800,600]}"# + "\n" + (0...10).map { k in
            let type = k == 0 ? "finger-down" : k == 10 ? "finger-up" : "finger-move"
            return #"{"t":\#(Double(k) / 100),"type":"\#(type)","finger":1,"x":\#(Double(k) * 3),"y":0}"#
        }.joined(separator: "\n") + "\n"
        var a = PredictionAccuracy(horizons: [0.01])
        try a.add(RecordingReader(text: text))
        #expect(a.fingers == 1)
        // 300 pt/s: 3 pt in 0.01 s without prediction; exact with it.
        #expect(abs(try #require(a.quantile(0.5, at: 0.01, predicted: false)) - 3) < 1e-9)
        #expect(try #require(a.quantile(0.99, at: 0.01)) < 1e-9)
    }
}
