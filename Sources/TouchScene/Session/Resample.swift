// Resample: a recording's finger motion as a touchscreen reporting at another rate would
// have given it (`touchscope sweep`): whether a gesture wins can depend on the device's
// report rate (how many samples fall where).
//
//     let at60 = Resample.inputs(recorded, rate: 60)
//     let jittered = Resample.inputs(recorded, rate: 120, jitter: 0.002, seed: 1)

/// Resamples finger input at a report rate.
public enum Resample {
    /// `inputs` with every finger's motion reported at `rate` Hz: each finger's landing and
    /// lift stay at their times and places; between them, one `finger-move` at every tick of
    /// a clock of `rate` Hz (times `n / rate`, all fingers in the same tick, as a panel scans
    /// all contacts in one frame), at the place the recorded path had then (interpolated
    /// along it, linearly between the recorded samples, with their pressure). `jitter`
    /// (seconds) moves each tick's time by a uniform amount in ±jitter, from a SplitMix64
    /// generator seeded with `seed` (the same seed, the same run), kept inside the stroke and
    /// in order. Every other input (mouse, keys, pads, …) is kept as it is. Sorted by time
    /// (stable: inputs at one time keep their order). Where the finger rests (two recorded
    /// samples at one place and pressure), no tick reports it: a touchscreen reports changes.
    public static func inputs(_ inputs: [RawInput], rate: Double, jitter: Double = 0, seed: UInt64 = 1) -> [RawInput] {
        guard rate > 0, rate.isFinite else { return inputs }
        var out: [(t: Double, order: Int, input: RawInput)] = []
        var order = 0
        func emit(_ i: RawInput) { out.append((i.t, order, i)); order += 1 }
        // Each finger's stroke: its samples from landing to lift.
        struct Key: Hashable { var device: Int; var finger: Int }
        var strokes: [Key: [RawInput]] = [:]
        var rng = SplitMix64(seed: seed)
        func finish(_ stroke: [RawInput]) {
            guard let down = stroke.first, let up = stroke.last, stroke.count >= 2 else { return }
            emit(down)
            var n = (down.t * rate).rounded(.down) + 1
            var last = down.t
            var k = 0   // the recorded segment the tick is in
            // The place last reported (the landing's, then each move's).
            var reported = (x: down.fingerPlace?.x ?? .nan, y: down.fingerPlace?.y ?? .nan)
            while n / rate < up.t {
                var t = n / rate
                if jitter > 0 { t += (rng.unit() * 2 - 1) * jitter }
                t = max(t, last)
                if t >= up.t { break }
                if t > down.t {
                    while k + 1 < stroke.count - 1, stroke[k + 1].t <= t { k += 1 }
                    let a = stroke[k], b = stroke[k + 1]
                    let f = b.t > a.t ? max(0, min(1, (t - a.t) / (b.t - a.t))) : 1
                    if let p = a.fingerPlace, let q = b.fingerPlace, p.x == q.x, p.y == q.y,
                       a.fingerPressure == b.fingerPressure, reported.x == p.x, reported.y == p.y {
                        // The finger rests, until `b`, where it was last reported: a touchscreen
                        // reports no change (the kernel drops an axis value equal to the last),
                        // so no tick does: the clock jumps to the first tick at or after `b` (an
                        // hour's hold costs nothing, whatever the rate).
                        n = max(n + 1, (b.t * rate).rounded(.up))
                        continue
                    }
                    if let p = a.fingerPlace, let q = b.fingerPlace {
                        let x = p.x + (q.x - p.x) * f, y = p.y + (q.y - p.y) * f
                        let pressure = b.fingerPressure ?? a.fingerPressure
                        emit(RawInput(t: t, .fingerMove(finger: p.finger, x: x, y: y, pressure: pressure, device: p.device)))
                        last = t
                        reported = (x, y)
                    }
                }
                n += 1
            }
            emit(up)
        }
        for input in inputs {
            switch input.kind {
            case let .fingerDown(finger, _, _, _, device):
                let key = Key(device: device ?? 0, finger: finger)
                if let open = strokes[key] { finish(open) }   // a landing without a lift: the old stroke ends
                strokes[key] = [input]
            case let .fingerMove(finger, _, _, _, device):
                let key = Key(device: device ?? 0, finger: finger)
                if strokes[key] != nil { strokes[key]?.append(input) } else { emit(input) }
            case let .fingerUp(finger, _, _, _, device):
                let key = Key(device: device ?? 0, finger: finger)
                if var stroke = strokes[key] {
                    stroke.append(input)
                    finish(stroke)
                    strokes[key] = nil
                } else {
                    emit(input)
                }
            default:
                emit(input)
            }
        }
        // Fingers still down at the end: their samples as recorded.
        for stroke in strokes.values { for i in stroke { emit(i) } }
        return out.sorted { ($0.t, $0.order) < ($1.t, $1.order) }.map(\.input)
    }
}

extension RawInput {
    /// A finger input's finger, device and place (nil for other inputs).
    var fingerPlace: (finger: Int, device: Int?, x: Double, y: Double)? {
        switch kind {
        case let .fingerDown(f, x, y, _, d), let .fingerMove(f, x, y, _, d), let .fingerUp(f, x, y, _, d): (f, d, x, y)
        default: nil
        }
    }
    var fingerPressure: Double? {
        switch kind {
        case let .fingerDown(_, _, _, p, _), let .fingerMove(_, _, _, p, _), let .fingerUp(_, _, _, p, _): p
        default: nil
        }
    }
}

/// SplitMix64: a small seeded generator (the same seed gives the same numbers everywhere).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
