// PredictionAccuracy: how far the touch predictor misses, for each horizon, on recorded fingers.
import TouchCore

/// What prediction hides and what it costs, measured on recorded fingers: for each horizon
/// (the time prediction hides), the distance between where `TouchPredictor` put the finger
/// that far ahead and where the recording has it then (linearly between its two samples
/// around that instant), in points, at every sample of every finger that has one at least
/// the horizon later.
///
///     var a = PredictionAccuracy(horizons: [0.008, 0.016])
///     try a.add(RecordingReader.open(path: "drag.evemu", window: Size(width: 1280, height: 800)))
///     a.errors[0.016]   // every miss at 16 ms, in points
public struct PredictionAccuracy {
    /// The horizons measured, in seconds.
    public let horizons: [Double]
    /// The misses at each horizon, in points (unsorted).
    public private(set) var errors: [Double: [Double]] = [:]
    /// The same without prediction: how far the finger got in the horizon (the lag the
    /// prediction would hide), in points.
    public private(set) var unpredicted: [Double: [Double]] = [:]
    /// The fingers measured (a finger's life from down to up).
    public private(set) var fingers = 0
    /// The samples the predictions were made at.
    public private(set) var samples = 0

    /// A measure of `horizons` (seconds).
    public init(horizons: [Double]) {
        self.horizons = horizons
        for h in horizons { errors[h] = [] }
    }

    /// Measures the fingers of a recording (any input `RecordingReader` reads: a TouchScope
    /// recording, a libinput or evemu file), each finger's samples by its (device, finger).
    /// Throws the recording's first error.
    public mutating func add(_ reader: RecordingReader) throws(InputFileError) {
        var open: [TouchKey: [TouchSample]] = [:]
        while let entry = try reader.nextEntry() {
            guard case let .input(i) = entry else { continue }
            switch i.kind {
            case let .fingerDown(f, x, y, _, d):
                let k = TouchKey(device: d ?? 0, finger: f)
                if let done = open[k] { add(finger: done) }
                open[k] = [TouchSample(location: Point(x: x, y: y), pressure: 1, timestamp: i.t)]
            case let .fingerMove(f, x, y, _, d):
                open[TouchKey(device: d ?? 0, finger: f), default: []].append(TouchSample(location: Point(x: x, y: y), pressure: 1, timestamp: i.t))
            case let .fingerUp(f, x, y, _, d):
                let k = TouchKey(device: d ?? 0, finger: f)
                if var s = open.removeValue(forKey: k) {
                    s.append(TouchSample(location: Point(x: x, y: y), pressure: 1, timestamp: i.t))
                    add(finger: s)
                }
            default: break
            }
        }
        for k in open.keys.sorted() { if let s = open[k] { add(finger: s) } }
    }

    /// Measures one finger's samples (oldest first): at each sample, the prediction from the
    /// samples up to it against where the finger is `horizon` later.
    public mutating func add(finger samples: [TouchSample]) {
        guard samples.count >= 2 else { return }
        fingers += 1
        var history: [TouchSample] = []
        for (i, s) in samples.enumerated() {
            history.append(s)
            if history.count > 16 { history.removeFirst() }
            var counted = false
            for h in horizons {
                guard let actual = Self.location(in: samples, from: i, at: s.timestamp + h),
                      let predicted = TouchPredictor(horizon: h).predict(history).last?.location ?? (history.count >= 2 ? s.location : nil)
                else { continue }
                errors[h, default: []].append(predicted.distance(to: actual))
                unpredicted[h, default: []].append(s.location.distance(to: actual))
                counted = true
            }
            if counted { self.samples += 1 }
        }
    }

    /// Where the finger is at `t`, linearly between its samples around it (nil: after its last).
    static func location(in samples: [TouchSample], from i: Int, at t: Double) -> Point? {
        var j = i
        while j + 1 < samples.count && samples[j + 1].timestamp < t { j += 1 }
        guard j + 1 < samples.count else { return nil }
        let a = samples[j], b = samples[j + 1]
        let span = b.timestamp - a.timestamp
        let f = span > 0 ? (t - a.timestamp) / span : 1
        return a.location + (b.location - a.location) * f
    }

    /// The `q` quantile (0…1) of the misses at `horizon`, by the nearest rank (nil: none).
    /// `predicted: false`: of the misses without prediction.
    public func quantile(_ q: Double, at horizon: Double, predicted: Bool = true) -> Double? {
        guard let e = (predicted ? errors : unpredicted)[horizon], !e.isEmpty else { return nil }
        let sorted = e.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
