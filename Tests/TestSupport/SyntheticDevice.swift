// A touch device of known defects, written as an evemu recording: protocol B, a given report
// rate, noise and axis map, so the analysis's verdicts can be checked against what was built in.

/// SplitMix64: the same numbers on every machine.
public struct SeededRandom {
    public init(state: UInt64) { self.state = state }
    public var state: UInt64
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in -1…1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) * 2 - 1 }
}

public struct SyntheticDevice {
    public init() {}
    public var name = "Synthetic Panel"
    /// Axis ranges (device units) and resolution (units per mm).
    public var maxX = 4799, maxY = 2699, resolution = 20   // 240 × 135 mm
    public var slots = 10
    /// Reports per second of each contact.
    public var rate = 120.0
    /// Uniform noise added to each position, ± mm.
    public var noiseMM = 0.05
    public var random = SeededRandom(state: 31)
    /// The pressure of the contacts added while it is set (nil: 40 to 59, changing as they go).
    public var pressure: Int?

    private var events: [(t: Double, type: Int, code: Int, value: Int)] = []
    private var nextID = 100

    public var widthMM: Double { Double(maxX) / Double(resolution) }
    public var heightMM: Double { Double(maxY) / Double(resolution) }

    /// One contact: `path(s)` gives its position in mm `s` seconds after it lands; it reports
    /// at `rate` for `duration`, then lifts (unless `lift` is false).
    public mutating func contact(slot: Int, at start: Double, duration: Double, lift: Bool = true, trackingID: Int? = nil,
                          path: (Double) -> (x: Double, y: Double)) {
        let id = trackingID ?? nextID
        nextID += 1
        events.append((start, 3, 0x2f, slot))
        events.append((start, 3, 0x39, id))
        var s = 0.0
        while s <= duration + 1e-9 {
            let p = path(s)
            events.append((start + s, 3, 0x2f, slot))
            events.append((start + s, 3, 0x35, units(p.x + noiseMM * random.unit())))
            events.append((start + s, 3, 0x36, units(p.y + noiseMM * random.unit())))
            events.append((start + s, 3, 0x3a, pressure ?? 40 + Int(s * 10) % 20))
            events.append((start + s, 0, 0, 0))
            s += 1 / rate
        }
        if lift {
            let end = start + s
            events.append((end, 3, 0x2f, slot))
            events.append((end, 3, 0x39, -1))
            events.append((end, 0, 0, 0))
        }
    }

    public mutating func synDropped(at t: Double) { events.append((t, 0, 3, 0)) }

    public func units(_ mm: Double) -> Int { Int((mm * Double(resolution)).rounded()) }

    /// The evemu file: header, then the events in time order (stable for equal times).
    public var evemu: String {
        var out = "# EVEMU 1.3\nN: \(name)\nI: 0018 056a 5256 0100\n"
        out += "A: 2f 0 \(slots - 1) 0 0 0\n"
        out += "A: 35 0 \(maxX) 0 0 \(resolution)\n"
        out += "A: 36 0 \(maxY) 0 0 \(resolution)\n"
        out += "A: 39 0 65535 0 0 0\n"
        out += "A: 3a 0 255 0 0 0\n"
        let sorted = events.enumerated().sorted { $0.element.t != $1.element.t ? $0.element.t < $1.element.t : $0.offset < $1.offset }
        for (_, e) in sorted {
            let us = Int64((e.t * 1e6).rounded()) + 1_000_000
            let frac = String(us % 1_000_000)
            out += "E: \(us / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac) \(hex4(e.type)) \(hex4(e.code)) \(e.value)\n"
        }
        return out
    }

    private func hex4(_ v: Int) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}
