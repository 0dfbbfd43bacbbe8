// Calibration: the affine map from a device's taps to the targets they were aimed at, as
// libinput's calibration matrix, with the error left at each target.
//
//   taps (contacts that land and lift without moving 5 mm; their mean position), in order
//   ─▶ paired with the targets, in order ─▶ least squares ─▶ [a b c; d e f]
//
// libinput's convention: the matrix is applied to the device's normalized coordinates
// (0…1 across each axis's range) and gives the screen's normalized coordinates:
//   x' = a·x + b·y + c,  y' = d·x + e·y + f.
// The udev property LIBINPUT_CALIBRATION_MATRIX="a b c d e f" applies it.
import TouchCore

/// What a calibration found.
public struct CalibrationResult: Sendable {
    /// libinput's calibration matrix: a, b, c, d, e, f.
    public var matrix: [Double]
    /// The udev rule that sets it for the device.
    public var udevRule: String
    /// The error left at one target.
    public struct Residual: Sendable {
        /// The target, screen pixels.
        public var target: Point
        /// Where the calibrated tap lands, screen pixels.
        public var calibrated: Point
        /// Where the tap landed before calibration (the device's range stretched onto the screen).
        public var raw: Point
        /// Calibrated tap to target, screen pixels.
        public var px: Double
        /// The same in mm (nil without a resolution).
        public var mm: Double?
        /// The error before calibration, mm (nil without a resolution).
        public var rawMM: Double?
    }
    /// One per target, in order.
    public var residuals: [Residual]
    /// The largest residual, pixels.
    public var maxResidualPx: Double { residuals.map(\.px).max() ?? 0 }
    /// `accuracy` and `edge-accuracy` of the taps as the device reported them (before this
    /// calibration): the largest error at targets 3.5 mm or more from every edge, and at
    /// targets nearer an edge. Not measured without a resolution or without such targets.
    public var checks: [DeviceCheck]
}

/// Fits libinput's calibration matrix from taps on targets (`calibrate`).
public enum Calibration {
    /// Pairs the capture's taps with `targets` (screen pixels of a `screen`-sized screen)
    /// and fits the matrix. Errors say what is wrong with the targets or the taps.
    public static func fit(_ c: ContactCapture, targets: [Point], screen: Size,
                           limits: CheckLimits = CheckLimits()) throws(CalibrationError) -> CalibrationResult {
        try fit(c, targets: targets, screen: screen, limits: limits, tapsFrom: nil)
    }

    /// The fit for the targets the capture carries (a `touchtest` recording's: its header's
    /// `targets`, paired with the first taps from `targetsAt` on, on its window); nil when
    /// it carries none.
    public static func fitRecorded(_ c: ContactCapture, limits: CheckLimits = CheckLimits()) throws(CalibrationError) -> CalibrationResult? {
        guard let targets = c.targets, let window = c.window else { return nil }
        return try fit(c, targets: targets, screen: window, limits: limits, tapsFrom: c.targetsAt ?? 0)
    }

    /// `tapsFrom` nil: every tap of the capture, one per target; else the first taps landing
    /// at or after `tapsFrom` seconds, one per target (later taps belong to other tests).
    static func fit(_ c: ContactCapture, targets: [Point], screen: Size, limits: CheckLimits,
                    tapsFrom: Double?) throws(CalibrationError) -> CalibrationResult {
        let found = located(c, from: tapsFrom)
        // Every error is placed at the first tap involved (the input's first line without one).
        let firstLine = found.first?.line ?? 1
        guard targets.count >= 3 else { throw CalibrationError("at least three targets are needed, got \(targets.count)", line: firstLine) }
        guard !collinear(targets) else { throw CalibrationError("the targets lie on one line: a calibration needs three not in a line", line: firstLine) }
        var taps = found.map(\.point)
        var lines = found.map(\.line)
        if tapsFrom != nil {
            let kept = pairedIndices(taps, targets: targets, screen: screen).indices
            taps = kept.map { taps[$0] }; lines = kept.map { lines[$0] }
        }
        guard taps.count == targets.count else {
            // Too many: the first tap without a target; too few: the last tap there is.
            let at = taps.count > targets.count ? lines[targets.count] : lines.last ?? nil
            throw CalibrationError("the input has \(taps.count) tap(s) (contacts that lift within 5 mm of where they landed) for \(targets.count) target(s): one tap per target, in order",
                                   line: at ?? firstLine)
        }
        let n = taps.map { normalized($0, c) }
        let tn = targets.map { Point(x: $0.x / screen.width, y: $0.y / screen.height) }
        guard let abc = solve(n, tn.map(\.x)), let def = solve(n, tn.map(\.y)) else {
            throw CalibrationError("the taps lie on one line: no map fits them", line: (lines.first ?? nil) ?? firstLine)
        }
        let matrix = abc + def
        let mmPerPx: (x: Double, y: Double)? = {
            if c.xAxis == nil, let mm = c.sizeMM { return (mm.width / screen.width, mm.height / screen.height) }
            guard let x = c.xAxis, let y = c.yAxis, x.resolution > 0, y.resolution > 0 else { return nil }
            return (Double(x.max - x.min) / Double(x.resolution) / screen.width, Double(y.max - y.min) / Double(y.resolution) / screen.height)
        }()
        var residuals: [CalibrationResult.Residual] = []
        for (p, t) in zip(n, targets) {
            let cal = Point(x: (matrix[0] * p.x + matrix[1] * p.y + matrix[2]) * screen.width,
                            y: (matrix[3] * p.x + matrix[4] * p.y + matrix[5]) * screen.height)
            let raw = Point(x: p.x * screen.width, y: p.y * screen.height)
            func mm(_ a: Point) -> Double? { mmPerPx.map { Point(x: (a.x - t.x) * $0.x, y: (a.y - t.y) * $0.y).length } }
            residuals.append(.init(target: t, calibrated: cal, raw: raw, px: cal.distance(to: t), mm: mm(cal), rawMM: mm(raw)))
        }
        var edge: [Double] = [], inner: [Double] = []
        if let k = mmPerPx {
            for (r, t) in zip(residuals, targets) {
                guard let raw = r.rawMM else { continue }
                let fromEdge = min(t.x * k.x, (screen.width - t.x) * k.x, t.y * k.y, (screen.height - t.y) * k.y)
                if fromEdge < 3.5 { edge.append(raw) } else { inner.append(raw) }
            }
        }
        func check(_ name: String, _ errors: [Double], _ limit: Double, _ missing: String) -> DeviceCheck {
            guard let worst = errors.max() else { return DeviceCheck(name: name, value: nil, limit: limit, unit: "mm", pass: nil, note: missing, margin: nil) }
            return DeviceCheck(name: name, value: worst, limit: limit, unit: "mm", pass: worst <= limit,
                               note: "largest error of \(errors.count) target(s), before calibration", margin: limit - worst)
        }
        let noMM = "the device states no resolution"
        let checks = [check("accuracy", inner, limits.accuracyMM, mmPerPx == nil ? noMM : "no target 3.5 mm or more from the edges"),
                      check("edge-accuracy", edge, limits.edgeAccuracyMM, mmPerPx == nil ? noMM : "no target within 3.5 mm of an edge")]
        let name = String(c.deviceName.map { $0 == "\"" || $0 == "\n" ? "?" : $0 })
        let numbers = matrix.map { TraceFormat.fixed($0, 6) }.joined(separator: " ")
        let rule = "ACTION==\"add|change\", KERNEL==\"event[0-9]*\", ATTRS{name}==\"\(name)\", ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(numbers)\""
        return CalibrationResult(matrix: matrix, udevRule: rule, residuals: residuals, checks: checks)
    }

    /// A tap farther than this share of the screen's smaller side from the target it would
    /// pair with is a stray tap (touchtest's targets page, and a touchtest recording's taps):
    /// it is not paired, and the target waits for the next tap. A quarter of the smaller side
    /// (200 px on a 1280 × 800 screen) tolerates every miscalibration a working panel shows
    /// (offsets, scale errors and skews of a few per cent, even a panel shifted by a tenth
    /// of the screen), while a tap in another part of the screen does not pair.
    public static let strayFraction = 0.25

    /// `taps` (screen units) paired in order with `targets` on a `screen`-sized screen: each
    /// tap within `strayFraction` of the screen's smaller side from the next target pairs
    /// with it; one farther is stray. `taps`: the paired ones; `strayAfter`: whether the
    /// last tap was stray (the page says "tap the target").
    public static func paired(_ taps: [Point], targets: [Point], screen: Size) -> (taps: [Point], strayAfter: Bool) {
        let p = pairedIndices(taps, targets: targets, screen: screen)
        return (p.indices.map { taps[$0] }, p.strayAfter)
    }

    /// `paired`, as the indices of the paired taps in `taps`.
    static func pairedIndices(_ taps: [Point], targets: [Point], screen: Size) -> (indices: [Int], strayAfter: Bool) {
        let radius = strayFraction * min(screen.width, screen.height)
        var out: [Int] = []
        var stray = false
        for (i, tap) in taps.enumerated() where out.count < targets.count {
            stray = tap.distance(to: targets[out.count]) > radius
            if !stray { out.append(i) }
        }
        return (out, stray)
    }

    /// The capture's taps, in order: each lifted contact that stayed within 5 mm (20 px
    /// without a resolution) of where it landed, at the mean of its reports (device units).
    static func taps(_ c: ContactCapture, from: Double? = nil) -> [Point] { located(c, from: from).map(\.point) }

    /// The taps with the line of the file each began at (nil: not read from a file).
    static func located(_ c: ContactCapture, from: Double? = nil) -> [(point: Point, line: Int?)] {
        let radius: (Double, Double) = {
            if let x = c.xAxis, let y = c.yAxis, x.resolution > 0, y.resolution > 0 {
                return (5 * Double(x.resolution), 5 * Double(y.resolution))
            }
            if let x = c.xAxis, let y = c.yAxis { return (Double(x.max - x.min) / 100, Double(y.max - y.min) / 100) }
            if let mm = c.sizeMM, let w = c.window { return (5 * w.width / mm.width, 5 * w.height / mm.height) }
            return (20, 20)
        }()
        return c.tracks.sorted { $0.landedAt < $1.landedAt }.compactMap { t in
            guard t.liftedAt != nil, let first = t.reports.first, t.landedAt >= from ?? -.infinity else { return nil }
            let still = t.reports.allSatisfy { pow2(($0.x - first.x) / radius.0) + pow2(($0.y - first.y) / radius.1) <= 1 }
            guard still else { return nil }
            let n = Double(t.reports.count)
            return (Point(x: t.reports.map(\.x).reduce(0, +) / n, y: t.reports.map(\.y).reduce(0, +) / n), t.line)
        }
    }

    static func pow2(_ v: Double) -> Double { v * v }

    /// A position in the device's normalized coordinates (0…1 over each axis's range; a
    /// recording's window for a TouchScope recording).
    static func normalized(_ p: Point, _ c: ContactCapture) -> Point {
        if let x = c.xAxis, let y = c.yAxis {
            return Point(x: (p.x - Double(x.min)) / Double(max(1, x.max - x.min)), y: (p.y - Double(y.min)) / Double(max(1, y.max - y.min)))
        }
        let w = c.window ?? Size(width: 1, height: 1)
        return Point(x: p.x / w.width, y: p.y / w.height)
    }

    /// Whether the points lie on (about) one line: no two of them make, with the first, a
    /// triangle of more than 1 % of the square of their spread. Measured in units of the
    /// spread, so the size of the numbers never decides (1e200 squared is no infinity here).
    static func collinear(_ p: [Point]) -> Bool {
        guard let a = p.first else { return true }
        // The spread as the largest coordinate difference: no square to overflow or underflow.
        let span = p.map { max(abs($0.x - a.x), abs($0.y - a.y)) }.max() ?? 0
        guard span > 0, span.isFinite else { return true }
        let q = p.map { Point(x: ($0.x - a.x) / span, y: ($0.y - a.y) / span) }
        for i in q.indices { for j in q.indices where j > i {
            if abs(q[i].x * q[j].y - q[i].y * q[j].x) > 0.01 { return false }
        } }
        return true
    }

    /// Least squares: (a, b, c) minimising Σ (a·x + b·y + c − v)², by the normal equations.
    static func solve(_ p: [Point], _ v: [Double]) -> [Double]? {
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        for (q, value) in zip(p, v) {
            let row = [q.x, q.y, 1.0]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                m[i][3] += row[i] * value
            }
        }
        // Gaussian elimination with partial pivoting.
        for col in 0..<3 {
            guard let pivot = (col..<3).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot)
            for r in 0..<3 where r != col {
                let f = m[r][col] / m[col][col]
                for k in col..<4 { m[r][k] -= f * m[col][k] }
            }
        }
        return (0..<3).map { m[$0][3] / m[$0][$0] }
    }
}

/// A calibration that cannot be made (too few or badly placed targets, taps that do not pair).
public struct CalibrationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, for a person.
    public var description: String
    /// Where in the input: the line of the first tap involved (1 when none).
    public var line: Int
    /// The column of that line (1: the tap's line as a whole).
    public var column: Int
    init(_ d: String, line: Int = 1, column: Int = 1) { description = d; self.line = line; self.column = column }
    /// `FILE:LINE:COLUMN: what is wrong`.
    public func located(in file: String) -> String { "\(file):\(line):\(column): \(description)" }
}

extension CalibrationResult {
    /// For a person: the matrix, the udev rule, and the error left at each target.
    public var text: String {
        var out = ["libinput calibration matrix: " + matrix.map { TraceFormat.fixed($0, 6) }.joined(separator: " "),
                   "udev rule (e.g. /etc/udev/rules.d/99-touchscreen-calibration.rules):", "  " + udevRule,
                   "error left at each target:"]
        for r in residuals {
            out.append("  target (\(TraceFormat.fixed(r.target.x, 1)), \(TraceFormat.fixed(r.target.y, 1))): \(TraceFormat.fixed(r.px, 2)) px" + (r.mm.map { " = \(TraceFormat.fixed($0, 2)) mm" } ?? "")
                       + "; before calibration \(TraceFormat.fixed(r.raw.distance(to: r.target), 1)) px" + (r.rawMM.map { " = \(TraceFormat.fixed($0, 2)) mm" } ?? ""))
        }
        out.append("largest: \(TraceFormat.fixed(maxResidualPx, 2)) px")
        for c in checks {
            out.append("\(c.verdict) \(c.name): " + (c.value == nil ? c.note : "\(c.shownValue), limit \(c.relation) \(TraceFormat.fixed(c.limit, 1)) mm (\(c.note))"))
        }
        return out.joined(separator: "\n")
    }

    /// `{"matrix": [...], "udev": "...", "residuals": [...], "maxResidualPx": f}`.
    public var json: String {
        var w = JSONObjectWriter()
        w.raw("matrix", "[" + matrix.map { m in var b: [UInt8] = []; JSONOut.number(JSONOut.tidy(m), into: &b); return String(decoding: b, as: UTF8.self) }.joined(separator: ",") + "]")
        w.string("udev", udevRule)
        w.raw("residuals", "[" + residuals.map { r in
            var x = JSONObjectWriter()
            var t: [UInt8] = Array("[".utf8)
            JSONOut.number(JSONOut.tidy(r.target.x), into: &t); t.append(UInt8(ascii: ",")); JSONOut.number(JSONOut.tidy(r.target.y), into: &t); t.append(UInt8(ascii: "]"))
            x.raw("target", String(decoding: t, as: UTF8.self))
            x.number("px", r.px); x.optional("mm", r.mm); x.optional("rawMm", r.rawMM)
            return x.closed
        }.joined(separator: ",") + "]")
        w.number("maxResidualPx", maxResidualPx)
        w.raw("checks", DeviceCheck.json(checks))
        return w.closed
    }
}
