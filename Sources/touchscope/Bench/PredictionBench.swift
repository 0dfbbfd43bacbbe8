// The prediction figure: what touch prediction hides against how far it misses, on real device recordings.
import Foundation
import TouchScopeKit
import TouchCore
import TouchScene

/// The horizons the prediction figure measures, in seconds: one to four 120 Hz frames.
let predictionHorizons = [1.0 / 120, 2.0 / 120, 3.0 / 120, 4.0 / 120]

/// Measures ``TouchPredictor`` on every device recording (`*.evemu`, `*.yml`) in `folder`,
/// each mapped onto a 1280×800 window: for each horizon, the miss in points at p50 and p99,
/// beside how far the fingers got in that time (the lag prediction hides). Nil when the
/// folder holds none.
func predictionAccuracy(folder: String) throws -> PredictionAccuracy? {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".yml") }.sorted()
    guard !names.isEmpty else { return nil }
    var a = PredictionAccuracy(horizons: predictionHorizons)
    for name in names {
        do throws(InputFileError) {
            try a.add(RecordingReader.open(path: folder + "/" + name, window: Size(width: 1280, height: 800)))
        } catch { throw CLIError.badInput(error.description) }
    }
    return a
}

extension BenchCommand {
    /// `prediction_err_pt_p50/p99_at_N_ms` and `prediction_lag_pt_p50/p99_at_N_ms`.
    func measurePrediction(into report: inout BenchReport) throws {
        guard let a = try predictionAccuracy(folder: predictionRecordings) else {
            report.note("prediction: no device recordings in \(predictionRecordings) (--prediction-recordings)")
            return
        }
        for h in predictionHorizons {
            let ms = Int((h * 1000).rounded())
            let q = { (p: Double, predicted: Bool) in a.quantile(p, at: h, predicted: predicted) ?? .nan }
            report.add("prediction_err_pt_p50_at_\(ms)_ms", (q(0.5, true) * 100).rounded() / 100, "pt",
                       h == predictionHorizons[0] ? "constant-velocity prediction \(ms) ms ahead against where the finger was then, \(a.samples) samples of \(a.fingers) fingers in the device recordings of \(predictionRecordings) (1280×800 window)" : "\(ms) ms ahead")
            report.add("prediction_err_pt_p99_at_\(ms)_ms", (q(0.99, true) * 100).rounded() / 100, "pt", "")
            report.add("prediction_lag_pt_p50_at_\(ms)_ms", (q(0.5, false) * 100).rounded() / 100, "pt",
                       "without prediction: how far the finger got in \(ms) ms (what prediction hides)")
            report.add("prediction_lag_pt_p99_at_\(ms)_ms", (q(0.99, false) * 100).rounded() / 100, "pt", "")
        }
    }
}
