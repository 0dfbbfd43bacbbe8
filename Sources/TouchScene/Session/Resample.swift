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
    /// generator seeded with `seed` (the same seed, the same run; drawn tick by tick as the
    /// ticks are placed), kept inside the stroke and in order. Every other input (mouse, keys,
    /// pads, …) is kept as it is. Sorted by time (inputs at one time in the order they came:
    /// a landing and a lift when they were read, a tick when it was placed). Where the finger
    /// rests (two recorded samples at one place and pressure), no tick reports it: a
    /// touchscreen reports changes. A finger still down at the end is resampled to its last
    /// sample, which is kept as it is (as when it lands again without a lift). The same as
    /// `ResampleStream` gives, all at once.
    public static func inputs(_ inputs: [RawInput], rate: Double, jitter: Double = 0, seed: UInt64 = 1) -> [RawInput] {
        guard rate > 0, rate.isFinite else { return inputs }
        var stream = ResampleStream(rate: rate, jitter: jitter, seed: seed)
        var out: [RawInput] = []
        for i in inputs { out += stream.push(i) }
        return out + stream.finish()
    }
}

/// `Resample.inputs` one input at a time, in memory that does not grow with the recording:
/// each finger's stroke keeps the recorded samples since its last tick, and an input is
/// handed back as soon as nothing still to come can be earlier.
///
///     var s = ResampleStream(rate: 60)
///     while let i = try reader.next() { for r in s.push(i) { replay(r) } }
///     for r in s.finish() { replay(r) }
public struct ResampleStream {
    /// The report rate, in Hz.
    public let rate: Double
    /// The timing noise, in seconds (±).
    public let jitter: Double
    private var rng: SplitMix64
    /// The order of the next input handed out among those at one time.
    private var order = 0
    /// Inputs placed but not yet handed back: a min-heap by time, then order.
    private var heap: [(t: Double, order: Int, input: RawInput)] = []
    private struct Key: Hashable { var device: Int; var finger: Int }
    /// One finger's stroke under way.
    private struct Stroke {
        var down: RawInput
        /// Its order, taken when it was read.
        var downOrder: Int
        /// Whether the landing is placed (with the stroke's second sample).
        var downPlaced = false
        /// The recorded samples from the segment the next tick is in to the last one read.
        var samples: [RawInput]
        /// Samples before `head` are behind the ticks.
        var head = 0
        var n: Double
        var last: Double
        var reported: (x: Double, y: Double)
        /// The next tick's time, drawn but not yet placed (it lies past the last sample read).
        var pending: Double?
        /// The earliest time the stroke may still place an input at.
        var earliest: Double { downPlaced ? last : down.t.nextDown }
    }
    private var strokes: [Key: Stroke] = [:]
    /// The time of the last input read.
    private var now = -Double.infinity

    /// The inputs held now: placed and not handed back, and recorded samples the ticks still
    /// need (what bounds the stream's memory).
    var held: Int { heap.count + strokes.values.reduce(0) { $0 + $1.samples.count } }

    /// A stream resampling at `rate` Hz (> 0), with `jitter` seconds of noise seeded by `seed`.
    public init(rate: Double, jitter: Double = 0, seed: UInt64 = 1) {
        self.rate = rate; self.jitter = jitter; rng = SplitMix64(seed: seed)
    }

    /// Takes the next recorded input (in time order); returns the inputs that can no longer
    /// be preceded by one still to come, in order.
    public mutating func push(_ input: RawInput) -> [RawInput] {
        now = max(now, input.t)
        switch input.kind {
        case let .fingerDown(finger, x, y, _, device):
            let key = Key(device: device ?? 0, finger: finger)
            if strokes[key] != nil { end(key, lift: nil) }   // a landing without a lift: the old stroke ends
            strokes[key] = Stroke(down: input, downOrder: take(), samples: [input], n: (input.t * rate).rounded(.down) + 1,
                                  last: input.t, reported: (x, y))
        case let .fingerMove(finger, _, _, _, device):
            let key = Key(device: device ?? 0, finger: finger)
            if var s = strokes[key] {
                strokes[key] = nil
                add(input, to: &s)
                tick(&s, final: false)
                strokes[key] = s
            } else {
                place(input, take())
            }
        case let .fingerUp(finger, _, _, _, device):
            let key = Key(device: device ?? 0, finger: finger)
            if strokes[key] != nil { end(key, lift: input) } else { place(input, take()) }
        default:
            place(input, take())
        }
        return release()
    }

    /// The end of the input: the strokes still under way end at their last sample; every
    /// input left, in order.
    public mutating func finish() -> [RawInput] {
        for key in strokes.keys.sorted(by: { ($0.device, $0.finger) < ($1.device, $1.finger) }) {
            if let s = strokes[key], s.samples.count == 1 {
                place(s.down, s.downOrder)   // a finger that landed and did nothing else: its landing
                strokes[key] = nil
            } else {
                end(key, lift: nil)
            }
        }
        now = .infinity
        return release()
    }

    private mutating func take() -> Int { order += 1; return order - 1 }

    private mutating func place(_ input: RawInput, _ order: Int) {
        heap.append((input.t, order, input))
        var c = heap.count - 1
        while c > 0 {
            let p = (c - 1) / 2
            guard (heap[c].t, heap[c].order) < (heap[p].t, heap[p].order) else { break }
            heap.swapAt(c, p)
            c = p
        }
    }

    /// The inputs nothing to come can precede: at or before the last input's time and the
    /// earliest any stroke under way may still place one at (what comes later has a later
    /// order, so an input at that very time goes after them).
    private mutating func release() -> [RawInput] {
        var bound = now
        for s in strokes.values { bound = min(bound, s.earliest) }
        var out: [RawInput] = []
        while let top = heap.first, top.t <= bound {
            out.append(top.input)
            let last = heap.removeLast()
            guard !heap.isEmpty else { break }
            heap[0] = last
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var m = p
                if l < heap.count, (heap[l].t, heap[l].order) < (heap[m].t, heap[m].order) { m = l }
                if r < heap.count, (heap[r].t, heap[r].order) < (heap[m].t, heap[m].order) { m = r }
                if m == p { break }
                heap.swapAt(p, m)
                p = m
            }
        }
        return out
    }

    private mutating func add(_ input: RawInput, to s: inout Stroke) {
        if !s.downPlaced {
            s.downPlaced = true
            place(s.down, s.downOrder)
        }
        s.samples.append(input)
    }

    /// Ends the stroke of `key` at `lift` (nil: at its last sample, kept as it is). A stroke
    /// of a landing alone places nothing.
    private mutating func end(_ key: Key, lift: RawInput?) {
        guard var s = strokes[key] else { return }
        strokes[key] = nil
        if let lift { add(lift, to: &s) }
        guard s.downPlaced else { return }
        tick(&s, final: true)
        place(s.samples[s.samples.count - 1], take())
    }

    /// Places the stroke's ticks that the samples read so far decide (`final`: the last
    /// sample is the lift, and the ticks end before it).
    private mutating func tick(_ s: inout Stroke, final: Bool) {
        guard let end = s.samples.last else { return }
        while true {
            var t: Double
            if let p = s.pending {
                t = p
            } else {
                guard s.n / rate < end.t else { return }
                t = s.n / rate
                if jitter > 0 { t += (rng.unit() * 2 - 1) * jitter }
                t = max(t, s.last)
            }
            if t >= end.t {
                // Past the last sample read: the lift ends the ticks, or the next sample says.
                s.pending = final ? nil : t
                return
            }
            s.pending = nil
            if t > s.down.t {
                while s.samples.count - s.head > 2, s.samples[s.head + 1].t <= t { s.head += 1 }
                if s.head > 64, s.head * 2 > s.samples.count { s.samples.removeFirst(s.head); s.head = 0 }
                let a = s.samples[s.head], b = s.samples[s.head + 1]
                let f = b.t > a.t ? max(0, min(1, (t - a.t) / (b.t - a.t))) : 1
                if let p = a.fingerPlace, let q = b.fingerPlace, p.x == q.x, p.y == q.y,
                   a.fingerPressure == b.fingerPressure, s.reported.x == p.x, s.reported.y == p.y {
                    // The finger rests, until `b`, where it was last reported: a touchscreen
                    // reports no change (the kernel drops an axis value equal to the last),
                    // so no tick does: the clock jumps to the first tick at or after `b` (an
                    // hour's hold costs nothing, whatever the rate).
                    s.n = max(s.n + 1, (b.t * rate).rounded(.up))
                    continue
                }
                if let p = a.fingerPlace, let q = b.fingerPlace {
                    let x = p.x + (q.x - p.x) * f, y = p.y + (q.y - p.y) * f
                    let pressure = b.fingerPressure ?? a.fingerPressure
                    place(RawInput(t: t, .fingerMove(finger: p.finger, x: x, y: y, pressure: pressure, device: p.device)), take())
                    s.last = t
                    s.reported = (x, y)
                }
            }
            s.n += 1
        }
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
