// TouchDevices: what the trace's touch samples say about each touch device — fingers down, the
// most at once, how often fingers report and how regularly, the pressure range, and where
// touches landed.
import TouchCore

/// One touch device as its touch samples show it (`TraceLog.touchDevices`).
public struct TouchDeviceStats: Sendable, Hashable {
    /// The device id (`TouchKey.device`; the mouse's emulated fingers are -1).
    public var device: Int
    /// Fingers down now.
    public var fingersDown: Int
    /// The most fingers down at once since the log began.
    public var mostFingers: Int
    /// Samples seen.
    public var samples: Int
    /// How often one contact reports while it moves (Hz), as `analyze` measures it: a
    /// contact's samples split into stretches no more than `TouchDevices.stretchGap` (50 ms)
    /// apart (the kernel sends nothing for a contact held still, so a silence ends a
    /// stretch, it is not a slow report); a stretch of at least `TouchDevices.minStretch`
    /// (10) samples gives (samples − 1) / its duration; the median over the newest 64
    /// stretches and the ones under way. Nil before such a stretch (`longestStretch` says
    /// how far it got).
    public var reportRate: Double?
    /// How many stretches `reportRate` is the median of.
    public var stretches = 0
    /// The most samples of one contact in one stretch (what `reportRate` needs 10 of).
    public var longestStretch = 0
    /// The device's frame rate (Hz): its frames (sample times, every contact together) while
    /// a contact is down, over stretches of frames as `reportRate`'s. Staggered contacts
    /// make it higher than the per-contact rate; it is shown beside it, named as such.
    public var frameRate: Double?
    /// The spread of the intervals between two samples of one contact within a stretch
    /// (standard deviation, milliseconds; the newest 256).
    public var jitterMs: Double?
    /// The lowest and highest pressure seen.
    public var pressureRange: ClosedRange<Double>?
    /// Where touches landed: samples per cell of `TouchDevices.cell` points, by cell (column,
    /// row) from the window's origin. Bounded: cells beyond 200 × 200 are not counted.
    public var coverage: [Cell: Int]

    public struct Cell: Sendable, Hashable {
        public var column: Int
        public var row: Int
        public init(column: Int, row: Int) { self.column = column; self.row = row }
    }
}

/// The per-device statistics the log keeps, fed one touch sample at a time (every input:
/// no dictionary is hashed per sample). The public form, `TouchDeviceStats`, is made when
/// read; its coverage map is kept between reads and brought up to date from the cells
/// counted since the last one (a frame's worth, not the whole map).
struct TouchDevices {
    /// The size of a coverage cell, in scene points.
    static let cell = 25.0
    /// Samples of one contact no more than this far apart (s) are one stretch (`analyze`'s
    /// `TouchAnalysis.stretchGapSeconds`).
    static let stretchGap = 0.050
    /// The fewest samples of a stretch that give a rate (`TouchAnalysis.minStretchReports`).
    static let minStretch = 10
    private static let intervalsKept = 256
    private static let stretchesKept = 64
    /// Coverage cells per side (cells beyond are not counted).
    private static let cellsPerSide = 200

    /// A run of samples no more than `stretchGap` apart: its first and latest time, its count.
    struct Run {
        var first: Double
        var last: Double
        var count = 1
        init(at t: Double) { first = t; last = t }
        /// Adds a sample at `t`; false (and nothing changed) when it comes after a silence
        /// longer than `stretchGap`: the run is over.
        mutating func extend(to t: Double) -> Bool {
            guard t - last <= TouchDevices.stretchGap else { return false }
            if t > last { last = t }
            count += 1
            return true
        }
        /// (count − 1) / duration, for a run of at least `minStretch`.
        var rate: Double? { count >= TouchDevices.minStretch && last > first ? Double(count - 1) / (last - first) : nil }
    }

    /// A bounded ring of the newest values.
    struct Ring {
        let capacity: Int
        var values: [Double] = []
        var next = 0
        init(capacity: Int) { self.capacity = capacity }
        mutating func add(_ v: Double) {
            if values.count < capacity { values.append(v) } else { values[next] = v }
            next = (next + 1) % capacity
        }
    }

    private struct Device {
        var id: Int
        var samples = 0
        var mostFingers = 0
        var pressureLow = Double.infinity, pressureHigh = -Double.infinity
        /// The current stretch of each finger down, by touch id.
        var runs = IntTable<Run>()
        /// The rates of the newest finished stretches of every contact.
        var rates = Ring(capacity: stretchesKept)
        /// The most samples of one contact in one stretch.
        var longest = 0
        /// The newest intervals between two samples of one contact within a stretch.
        var intervals = Ring(capacity: intervalsKept)
        /// The frames' current stretch (frames while a contact is down), and the rates of the
        /// newest finished ones.
        var frames: Run?
        var frameRates = Ring(capacity: stretchesKept)
        /// Samples per coverage cell, by `row * cellsPerSide + column` (made at the first
        /// sample inside the grid).
        var cells: [Int32] = []
        /// The cells counted since the coverage map was last brought up to date, once each
        /// (`pending` marks them).
        var changed: [Int32] = []
        var pending: [Bool] = []
        /// The coverage map as last read.
        var coverage: [TouchDeviceStats.Cell: Int] = [:]

        init(id: Int) { self.id = id }

        /// Ends a finger's stretch: its rate joins the ring when it has one.
        mutating func close(_ run: Run) {
            if let r = run.rate { rates.add(r) }
        }
    }
    /// The devices, in the order they were first seen (few: usually one or two).
    private var devices: [Device] = []

    mutating func note(_ s: FingerSample, at t: Double) {
        let id = s.key.device
        var k = 0
        while k < devices.count && devices[k].id != id { k += 1 }
        if k == devices.count { devices.append(Device(id: id)) }
        // In place: a copy of the device out of the list and back would copy its tables.
        Self.note(s, at: t, to: &devices[k])
    }

    private static func note(_ s: FingerSample, at t: Double, to d: inout Device) {
        d.samples += 1
        // A frame: a sample time later than the last while a contact is down (every
        // contact's samples of one frame share its time).
        if d.runs.count > 0 || s.phase == .began {
            if var f = d.frames {
                if t > f.last {
                    if f.extend(to: t) { d.frames = f } else { if let r = f.rate { d.frameRates.add(r) }; d.frames = Run(at: t) }
                }
            } else {
                d.frames = Run(at: t)
            }
        }
        switch s.phase {
        case .began:
            if let old = d.runs.insert(Run(at: t), forKey: s.touch).old { d.close(old) }
        case .moved, .stationary:
            if let slot = d.runs.slot(of: s.touch) {
                var run = d.runs[slot: slot]
                let last = run.last
                if run.extend(to: t) {
                    if t > last { d.intervals.add(t - last) }
                } else {
                    d.close(run)
                    run = Run(at: t)
                }
                d.longest = max(d.longest, run.count)
                d.runs[slot: slot] = run
            } else {
                d.runs.insert(Run(at: t), forKey: s.touch)
            }
        case .ended, .cancelled:
            // The lift is not a report (as `analyze` counts them): the stretch ends at the
            // contact's last sample.
            if let run = d.runs.removeValue(forKey: s.touch) { d.close(run) }
            if d.runs.count == 0, let f = d.frames {
                if let r = f.rate { d.frameRates.add(r) }
                d.frames = nil
            }
        }
        d.longest = max(d.longest, 1)
        d.mostFingers = max(d.mostFingers, d.runs.count)
        let p = s.pressure
        d.pressureLow = min(d.pressureLow, p)
        d.pressureHigh = max(d.pressureHigh, p)
        // The cell as a Double first: a point far outside the window (a recording may hold
        // any finite number) must not trap when made an Int.
        let side = Double(cellsPerSide)
        let column = (s.point.x / cell).rounded(.down), row = (s.point.y / cell).rounded(.down)
        if column >= 0 && column < side && row >= 0 && row < side {
            if d.cells.isEmpty {
                d.cells = Array(repeating: 0, count: cellsPerSide * cellsPerSide)
                d.pending = Array(repeating: false, count: cellsPerSide * cellsPerSide)
            }
            let i = Int(row) * cellsPerSide + Int(column)
            d.cells[i] += 1
            if !d.pending[i] { d.pending[i] = true; d.changed.append(Int32(i)) }
        }
    }

    /// The median (upper of two) of some values; nil for none.
    static func median(_ v: [Double]) -> Double? {
        guard !v.isEmpty else { return nil }
        return v.sorted()[v.count / 2]
    }

    /// Every device seen, by id.
    mutating func all() -> [TouchDeviceStats] {
        for k in devices.indices where !devices[k].changed.isEmpty {
            for i in devices[k].changed {
                let i = Int(i)
                devices[k].coverage[TouchDeviceStats.Cell(column: i % Self.cellsPerSide, row: i / Self.cellsPerSide)] = Int(devices[k].cells[i])
                devices[k].pending[i] = false
            }
            devices[k].changed.removeAll(keepingCapacity: true)
        }
        return devices.sorted { $0.id < $1.id }.map { d in
            var s = TouchDeviceStats(device: d.id, fingersDown: d.runs.count, mostFingers: d.mostFingers,
                                     samples: d.samples, coverage: d.coverage)
            if d.samples > 0 { s.pressureRange = d.pressureLow...d.pressureHigh }
            // The finished stretches and the ones under way (a finger moving all along).
            var rates = d.rates.values
            d.runs.forEachValue { if let r = $0.rate { rates.append(r) } }
            s.reportRate = Self.median(rates)
            s.stretches = rates.count
            s.longestStretch = d.longest
            var frameRates = d.frameRates.values
            if let r = d.frames?.rate { frameRates.append(r) }
            s.frameRate = Self.median(frameRates)
            let intervals = d.intervals.values
            if !intervals.isEmpty {
                let mean = intervals.reduce(0, +) / Double(intervals.count)
                let variance = intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)
                s.jitterMs = variance.squareRoot() * 1000
            }
            return s
        }
    }
}

/// Where fingers landed on the whole window, per device: every finger the window got — on
/// the scene, the panels, the toolbar, the letterbox — in window units (SDL window
/// coordinates), for the touch devices panel's coverage sheet (`CoverageSheet`). The host
/// notes each finger sample as it arrives, before anything takes it; the trace never sees
/// the ones the debugger's own UI takes, so this is not read from it.
///
///     var coverage = WindowCoverage()
///     coverage.note(device: 0, at: Point(x: 3, y: 400), window: Size(width: 1280, height: 800))
///     coverage.nearestEdge[.left]   // 3
public struct WindowCoverage: Sendable, Hashable {
    /// The size of a cell, in window units.
    public static let cell = 16.0
    /// Cells are counted up to this many each way (a 6400 × 6400 window).
    static let maxCells = 400

    public enum Edge: String, Sendable, Hashable, CaseIterable {
        case left, top, right, bottom
    }

    /// Samples per cell (column, row from the window's top-left), by device.
    public private(set) var cells: [Int: [TouchDeviceStats.Cell: Int]] = [:]
    /// Samples noted, by device (points outside the window too).
    public private(set) var samples: [Int: Int] = [:]
    /// The smallest distance from each side of the window a finger reported (window units;
    /// 0 or less: on the edge itself). Missing: no finger yet.
    public private(set) var nearestEdge: [Edge: Double] = [:]

    public init() {}

    /// One finger sample of `device` at `p` (window units) in a window of `window` units.
    public mutating func note(device: Int, at p: Point, window: Size) {
        guard p.x.isFinite, p.y.isFinite else { return }
        samples[device, default: 0] += 1
        let inside = p.x >= 0 && p.y >= 0 && p.x <= window.width && p.y <= window.height
        guard inside else { return }
        for (edge, d) in [(Edge.left, p.x), (.top, p.y), (.right, window.width - 1 - p.x), (.bottom, window.height - 1 - p.y)] {
            nearestEdge[edge] = min(nearestEdge[edge] ?? .infinity, max(0, d))
        }
        let column = (p.x / Self.cell).rounded(.down), row = (p.y / Self.cell).rounded(.down)
        guard column < Double(Self.maxCells), row < Double(Self.maxCells) else { return }
        cells[device, default: [:]][TouchDeviceStats.Cell(column: Int(column), row: Int(row)), default: 0] += 1
    }

    /// Forgets every sample (the sheet's Clear).
    public mutating func clear() { self = WindowCoverage() }

    /// Whether no finger was noted.
    public var isEmpty: Bool { samples.isEmpty }
}
