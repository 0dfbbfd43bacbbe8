// TouchAnalysis: a touch device measured against the thresholds that matter, from one capture.
//
//   ContactCapture ─▶ units (mm from the device's resolution or --size-mm; else screen pixels)
//                  ─▶ report rate, stationary and moving jitter, linearity, contacts, ranges
//                  ─▶ anomalies (with time, slot and tracking id) ─▶ checks (value, limit, pass)
//
// The definitions, stated once:
// - a *report* of a contact is every SYN_REPORT of its device while it is down: the kernel
//   passes on only values that changed, so a frame that does not mention a contact is one in
//   which it held still (a device that sends no frame at all while nothing changes shows gaps);
// - report rate: per contact, 1 / the interval between its reports; p50 is 1 / the median
//   interval, p5 1 / the 95th percentile interval, min 1 / the longest; the device's pools
//   every contact's intervals; a `report-gap` is an interval longer than 3 median intervals;
// - a *stationary stretch* is a run of a contact's reports all within `stillRadius` (5 mm) of
//   its first that lasts at least 0.3 s; its jitter is the largest distance of a report from
//   the stretch's mean; the device's stationary jitter is the largest over all stretches;
// - a *straight stretch* is a run of reports all within `straightTolerance` (4 mm) of the chord
//   from its first to its last, the chord at least 10 mm long; its linearity is the largest
//   distance of a report from the line fitted to it (total least squares); moving jitter is
//   the same over every 10 mm window of the stretch (local wobble, not a slow bow);
// - `jump`: faster than 5 m/s between two reports (5 m/s at 96 dpi in pixels); `ghost-touch`:
//   lifted within 30 ms of landing, never more than 1 mm from where it landed; `stuck-touch`:
//   never lifted, down from the capture's start to its end without moving 1 mm, or held
//   within 1 mm of its landing for more than 20 s. The per-report rules are `AnomalyRules`'s,
//   which the live draw page of `touchtest` applies too (`LiveAnomalies`).
import TouchCore

/// What the analysis is told besides the capture.
public struct AnalysisOptions: Sendable {
    /// The screen the device maps onto, in pixels (figures in pixels without a resolution).
    public var screen: Size?
    /// The touch area's size in millimetres, for a device that states no resolution.
    public var sizeMM: Size?
    /// The checks' thresholds.
    public var limits = CheckLimits()
    /// Options with the given screen, touch-area size and limits.
    public init(screen: Size? = nil, sizeMM: Size? = nil, limits: CheckLimits = CheckLimits()) {
        self.screen = screen; self.sizeMM = sizeMM; self.limits = limits
    }
}

/// The thresholds of the checks. Defaults: the Windows touchscreen requirements (the one
/// public specification of a touchscreen's quality; Microsoft's display-touch guidelines).
public struct CheckLimits: Sendable, Equatable {
    /// Accuracy, mm (±), away from the edges; and within 3.5 mm of an edge.
    public var accuracyMM = 1.0
    /// Accuracy within 3.5 mm of an edge, mm (±).
    public var edgeAccuracyMM = 2.0
    /// A held finger's largest distance from its mean, mm.
    public var stationaryJitterMM = 0.5
    /// A straight stroke's largest distance from its fitted line over 10 mm, mm.
    public var movingJitterMM = 1.0
    /// The display's refresh rate: reports must come at least this often (Hz).
    public var reportRateHz = 60.0
    /// Contacts the device must track at once.
    public var contacts = 5
    /// Two fingers this far apart (centre to centre, mm) must be told apart.
    public var fingerSeparationMM = 8.0
    /// Ghost touches allowed.
    public var ghostTouches = 0
    /// The Windows touchscreen requirements' limits.
    public init() {}
}

/// A check's verdict. `pass` nil: the input cannot decide it (not measured, never passed).
public struct DeviceCheck: Sendable, Equatable {
    /// The check's name (`stationary-jitter`, …).
    public var name: String
    /// What was measured; nil when not measured.
    public var value: Double?
    /// The threshold.
    public var limit: Double
    /// The unit of `value`, `limit` and `margin`: mm, Hz, contacts or count.
    public var unit: String
    /// Whether it passed; nil when the input cannot decide.
    public var pass: Bool?
    /// Why it was not measured, or what the value is.
    public var note: String
    /// How far from the other verdict, in `unit` (positive: room to spare).
    public var margin: Double?
}

/// Something wrong the device did, where and when.
public struct DeviceAnomaly: Sendable, Equatable {
    /// Its kind: `stuck-touch`, `tracking-id-reuse`, `jump`, `ghost-touch`, `syn-dropped` or `report-gap`.
    public var kind: String
    /// When, in seconds since the first event.
    public var at: Double
    /// The contact's slot.
    public var slot: Int
    /// The contact's tracking id.
    public var trackingID: Int
    /// What happened, with the numbers, for a person.
    public var detail: String
}

/// Percentiles of report rate, Hz.
public struct RateFigures: Sendable, Equatable {
    /// 1 / the median interval, 1 / the 95th percentile interval, and 1 / the longest interval.
    public var p50: Double, p5: Double, min: Double
}

/// One device's figures and verdicts.
public struct DeviceAnalysis: Sendable {
    /// The device's name.
    public var name: String
    /// The file's format: `evemu`, `libinput-record` or `recording`.
    public var format: String
    /// The position axes; nil for a TouchScope recording.
    public var axes: (x: CapturedAxis, y: CapturedAxis)?
    /// Units per mm (x, y), when the device states it.
    public var resolution: (x: Int, y: Int)?
    /// The unit distances are given in: "mm", or "px" (no resolution and no --size-mm).
    public var unit: String
    /// Seconds from the first event to the last.
    public var duration: Double
    /// The most contacts down at once.
    public var contactsMax: Int
    /// Contacts in all.
    public var contactsTotal: Int
    /// The slots the device declares (ABS_MT_SLOT's range), when it does.
    public var declaredSlots: Int?
    /// The report rate over every contact's intervals; nil when no contact reported twice.
    public var reportRate: RateFigures?
    /// Per contact: slot, tracking id, rate.
    public var fingerRates: [(slot: Int, trackingID: Int, rate: RateFigures)]
    /// How many stationary stretches (held ≥ 0.3 s) were found.
    public var stationaryStretches: Int
    /// The largest stationary jitter, in `unit`; nil without a stretch.
    public var stationaryJitter: Double?
    /// How many straight stretches (≥ 10 mm) were found.
    public var straightStretches: Int
    /// The largest moving jitter (over 10 mm windows), in `unit`; nil without a straight stretch.
    public var movingJitter: Double?
    /// The largest distance of a report from its stretch's fitted line, in `unit`.
    public var linearity: Double?
    /// The closest two contacts told apart, in `unit`; nil when never two at once.
    public var fingerSeparation: Double?
    /// The range of pressures reported.
    public var pressure: ClosedRange<Int>?
    /// The range of touch sizes (major axis) reported.
    public var touchMajor: ClosedRange<Int>?
    /// Every anomaly, in time order.
    public var anomalies: [DeviceAnomaly]
    /// The eight checks, in a fixed order.
    public var checks: [DeviceCheck]
    /// Reports per cell of a `coverageColumns` × `coverageRows` grid over the touch area.
    public var coverage: [Int] = []
    /// The coverage grid's size.
    public static let coverageColumns = 32, coverageRows = 20
    /// Report intervals in 2 ms bins from 0 to 100 ms (the last bin: 100 ms and more).
    public var intervalHistogram: [Int] = []
    /// Each stationary stretch's jitter, in `unit`.
    public var stretchJitters: [Double] = []
    /// Each straight stretch's linearity, in `unit`.
    public var strokeLinearities: [Double] = []
}

/// Measures a device's contacts and checks them against limits (`analyze`).
public enum TouchAnalysis {
    static let stillRadiusMM = 5.0
    static let stillSeconds = 0.3
    static let straightToleranceMM = 4.0
    static let straightLengthMM = 10.0
    static let unmovedMM = AnomalyRules.unmovedMM

    /// Measures the capture's device.
    public static func analyze(_ capture: ContactCapture, options: AnalysisOptions = AnalysisOptions()) -> DeviceAnalysis {
        var c = capture
        // A recording's size in mm given by the caller counts as the recording's own (the
        // calibration's checks read it there).
        if c.xAxis == nil, let mm = options.sizeMM { c.sizeMM = mm }
        let scale = Units(c, options)
        let u = scale.perMM   // unit-lengths per mm (1 when in mm)
        var anomalies = c.events.map { DeviceAnomaly(kind: $0.kind.rawValue, at: $0.at, slot: $0.slot, trackingID: $0.trackingID, detail: $0.detail) }
        let tracks = c.tracks.map { t in (track: t, points: t.reports.map { scale.point($0) }) }

        // Report rate.
        var pooled: [Double] = []
        var fingerRates: [(Int, Int, RateFigures)] = []
        for (t, _) in tracks {
            let dts = zip(t.reports.dropFirst(), t.reports).map { $0.t - $1.t }.filter { $0 > 0 }
            pooled += dts
            if let r = rates(dts) { fingerRates.append((t.slot, t.trackingID, r)) }
        }
        let rate = rates(pooled)
        if let median = percentile(pooled, 0.5), median > 0 {
            for (t, _) in tracks {
                // Down the whole time: from report to report, and from the last to the lift.
                let times = t.reports.map(\.t) + (t.liftedAt.map { [$0] } ?? [])
                for (a, b) in zip(times, times.dropFirst()) {
                    if let gap = AnomalyRules.reportGap(from: a, to: b, median: median, slot: t.slot, trackingID: t.trackingID) { anomalies.append(gap) }
                }
            }
        }

        // Stationary stretches.
        var stillCount = 0
        var stillJitter: Double?
        var stretchJitters: [Double] = [], strokeLinearities: [Double] = []
        for (_, p) in tracks {
            var i = 0
            while i < p.count {
                var j = i
                while j + 1 < p.count, dist(p[j + 1], p[i]) <= stillRadiusMM * u { j += 1 }
                if p[j].t - p[i].t >= stillSeconds {
                    stillCount += 1
                    let run = p[i...j]
                    let mx = run.map(\.x).reduce(0, +) / Double(run.count), my = run.map(\.y).reduce(0, +) / Double(run.count)
                    let jitter = run.map { Point(x: $0.x - mx, y: $0.y - my).length }.max() ?? 0
                    stillJitter = max(stillJitter ?? 0, jitter)
                    stretchJitters.append(jitter / u)
                    i = j + 1
                } else { i += 1 }
            }
        }

        // Straight stretches.
        var straightCount = 0
        var linearity: Double?, movingJitter: Double?
        for (_, p) in tracks {
            var s = 0
            while s + 2 < p.count {
                var k = s + 1
                while k + 1 < p.count, withinChord(p, s, k + 1, straightToleranceMM * u) { k += 1 }
                if dist(p[s], p[k]) >= straightLengthMM * u {
                    straightCount += 1
                    let run = Array(p[s...k])
                    linearity = max(linearity ?? 0, maxDeviation(run))
                    strokeLinearities.append(maxDeviation(run) / u)
                    for a in run.indices {
                        guard let b = run[a...].firstIndex(where: { dist($0, run[a]) >= straightLengthMM * u }) else { break }
                        movingJitter = max(movingJitter ?? 0, maxDeviation(Array(run[a...b])))
                    }
                    s = k
                } else { s += 1 }
            }
        }

        // Contacts at once, separation, ranges, per-contact anomalies.
        var changes: [(Double, Int)] = []
        for (t, _) in tracks {
            changes.append((t.landedAt, 1))
            changes.append((t.liftedAt ?? .infinity, -1))
        }
        changes.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }   // a lift before a landing at the same time
        var down = 0, most = 0
        for (_, d) in changes { down += d; most = max(most, down) }
        var separation: Double?
        for (a, pa) in tracks.enumerated() {
            for q in pa.points {
                for (b, pb) in tracks.enumerated() where b != a {
                    guard pb.track.landedAt <= q.t, q.t < (pb.track.liftedAt ?? .infinity),
                          let other = pb.points.last(where: { $0.t <= q.t }) else { continue }
                    separation = min(separation ?? .infinity, dist(q, other))
                }
            }
        }
        let pressures = c.tracks.flatMap { $0.reports.compactMap(\.pressure) }
        let majors = c.tracks.flatMap { $0.reports.compactMap(\.touchMajor) }
        for (t, p) in tracks {
            guard let first = p.first else { continue }
            let moved = p.map { dist($0, first) }.max() ?? 0
            if t.liftedAt == nil {
                anomalies.append(DeviceAnomaly(kind: "stuck-touch", at: t.landedAt, slot: t.slot, trackingID: t.trackingID,
                    detail: "landed at \(TraceFormat.fixed(t.landedAt, 3)) s and never lifted"))
            } else if let up = t.liftedAt, t.landedAt <= 0.05, up >= c.duration - 0.05, c.duration > 1, moved < unmovedMM * u {
                anomalies.append(DeviceAnomaly(kind: "stuck-touch", at: t.landedAt, slot: t.slot, trackingID: t.trackingID,
                    detail: "down for the whole recording (\(TraceFormat.fixed(c.duration, 1)) s) without moving \(TraceFormat.fixed(unmovedMM, 0)) mm"))
            } else if let up = t.liftedAt {
                // Held unmoving: until its first report 1 mm away from the landing, or its lift.
                let heldUntil = p.first { dist($0, first) >= unmovedMM * u }?.t ?? up
                if let stuck = AnomalyRules.held(landed: t.landedAt, now: heldUntil, slot: t.slot, trackingID: t.trackingID) { anomalies.append(stuck) }
            }
            if let up = t.liftedAt,
               let ghost = AnomalyRules.ghost(landed: t.landedAt, lifted: up, moved: moved, perMM: u, slot: t.slot, trackingID: t.trackingID) {
                anomalies.append(ghost)
            }
            for (a, b) in zip(p, p.dropFirst()) {
                if let jump = AnomalyRules.jump(from: (a.t, a.x, a.y), to: (b.t, b.x, b.y), perMM: u, unit: scale.inMM ? "mm" : "px",
                                                slot: t.slot, trackingID: t.trackingID) { anomalies.append(jump) }
            }
        }
        anomalies.sort { $0.at != $1.at ? $0.at < $1.at : $0.slot < $1.slot }

        var result = DeviceAnalysis(
            name: c.deviceName, format: c.format,
            axes: c.xAxis.flatMap { x in c.yAxis.map { (x, $0) } },
            resolution: c.xAxis.flatMap { x in c.yAxis.flatMap { y in x.resolution > 0 && y.resolution > 0 ? (x.resolution, y.resolution) : nil } },
            unit: scale.inMM ? "mm" : "px", duration: c.duration,
            contactsMax: most, contactsTotal: c.tracks.count, declaredSlots: c.declaredSlots,
            reportRate: rate, fingerRates: fingerRates.map { (slot: $0.0, trackingID: $0.1, rate: $0.2) },
            stationaryStretches: stillCount, stationaryJitter: stillJitter.map { $0 / u },
            straightStretches: straightCount, movingJitter: movingJitter.map { $0 / u }, linearity: linearity.map { $0 / u },
            fingerSeparation: separation.map { $0 / u },
            pressure: pressures.min().flatMap { lo in pressures.max().map { lo...$0 } },
            touchMajor: majors.min().flatMap { lo in majors.max().map { lo...$0 } },
            anomalies: anomalies, checks: [])
        result.checks = checks(result, limits: options.limits)
        if c.targets != nil {
            // The targets the recording carries (touchtest's): the same checks as `calibrate`'s.
            do throws(CalibrationError) {
                if let fit = try Calibration.fitRecorded(c, limits: options.limits) {
                    for k in fit.checks { if let i = result.checks.firstIndex(where: { $0.name == k.name }) { result.checks[i] = k } }
                }
            } catch {
                for i in result.checks.indices where ["accuracy", "edge-accuracy"].contains(result.checks[i].name) {
                    result.checks[i].note = "the recording's targets: " + error.description
                }
            }
        }
        result.stretchJitters = stretchJitters
        result.strokeLinearities = strokeLinearities
        result.intervalHistogram = [Int](repeating: 0, count: 51)
        for dt in pooled { result.intervalHistogram[min(50, Int(dt * 1000 / 2))] += 1 }
        result.coverage = [Int](repeating: 0, count: DeviceAnalysis.coverageColumns * DeviceAnalysis.coverageRows)
        for t in c.tracks {
            for r in t.reports {
                let n = Calibration.normalized(Point(x: r.x, y: r.y), c)
                guard n.x.isFinite, n.y.isFinite else { continue }
                let col = min(DeviceAnalysis.coverageColumns - 1, max(0, Int(n.x * Double(DeviceAnalysis.coverageColumns))))
                let row = min(DeviceAnalysis.coverageRows - 1, max(0, Int(n.y * Double(DeviceAnalysis.coverageRows))))
                result.coverage[row * DeviceAnalysis.coverageColumns + col] += 1
            }
        }
        return result
    }

    /// The eight checks, each measured, failed or not measured.
    static func checks(_ d: DeviceAnalysis, limits l: CheckLimits) -> [DeviceCheck] {
        let mm = d.unit == "mm"
        let noMM = "the device states no resolution: give --size-mm"
        func atMost(_ name: String, _ value: Double?, _ limit: Double, _ unit: String, missing: String) -> DeviceCheck {
            guard let value else { return DeviceCheck(name: name, value: nil, limit: limit, unit: unit, pass: nil, note: missing, margin: nil) }
            return DeviceCheck(name: name, value: value, limit: limit, unit: unit, pass: value <= limit, note: "", margin: limit - value)
        }
        var out: [DeviceCheck] = []
        let noTargets = "no targets in the input: run `touchscope calibrate` with --targets, or record touchtest"
        out.append(DeviceCheck(name: "accuracy", value: nil, limit: l.accuracyMM, unit: "mm", pass: nil, note: noTargets, margin: nil))
        out.append(DeviceCheck(name: "edge-accuracy", value: nil, limit: l.edgeAccuracyMM, unit: "mm", pass: nil, note: noTargets, margin: nil))
        out.append(atMost("stationary-jitter", mm ? d.stationaryJitter : nil, l.stationaryJitterMM, "mm",
                          missing: !mm ? noMM : "no finger held still for \(TraceFormat.fixed(stillSeconds, 1)) s"))
        out.append(atMost("moving-jitter", mm ? d.movingJitter : nil, l.movingJitterMM, "mm",
                          missing: !mm ? noMM : "no straight stroke of \(TraceFormat.fixed(straightLengthMM, 0)) mm"))
        if let r = d.reportRate {
            out.append(DeviceCheck(name: "report-rate", value: r.p50, limit: l.reportRateHz, unit: "Hz", pass: r.p50 >= l.reportRateHz,
                                   note: "median; 5th percentile \(TraceFormat.fixed(r.p5, 1)) Hz, minimum \(TraceFormat.fixed(r.min, 1)) Hz", margin: r.p50 - l.reportRateHz))
        } else {
            out.append(DeviceCheck(name: "report-rate", value: nil, limit: l.reportRateHz, unit: "Hz", pass: nil,
                                   note: "no contact reported twice", margin: nil))
        }
        let limit = Double(l.contacts)
        if d.contactsMax >= l.contacts {
            out.append(DeviceCheck(name: "contacts", value: Double(d.contactsMax), limit: limit, unit: "contacts", pass: true,
                                   note: "at once", margin: Double(d.contactsMax - l.contacts)))
        } else if let slots = d.declaredSlots, slots < l.contacts {
            out.append(DeviceCheck(name: "contacts", value: Double(slots), limit: limit, unit: "contacts", pass: false,
                                   note: "the device declares \(slots) slot(s)", margin: Double(slots - l.contacts)))
        } else {
            out.append(DeviceCheck(name: "contacts", value: nil, limit: limit, unit: "contacts", pass: nil,
                                   note: "at most \(d.contactsMax) at once in this input" + (d.declaredSlots.map { "; the device declares \($0) slots" } ?? ""),
                                   margin: nil))
        }
        if mm, let s = d.fingerSeparation, s > l.fingerSeparationMM {
            // Two fingers never came that close: whether the device tells them apart there is
            // not known (a real two-finger hold at 13.9 mm is no failure to separate at 8 mm).
            out.append(DeviceCheck(name: "finger-separation", value: nil, limit: l.fingerSeparationMM, unit: "mm", pass: nil,
                                   note: "the closest two contacts were \(TraceFormat.fixed(s, 1)) mm apart: bring two fingers within \(TraceFormat.fixed(l.fingerSeparationMM, 1)) mm",
                                   margin: nil))
        } else if mm, let s = d.fingerSeparation {
            // Told apart at `s` mm: the device separates fingers at least that close.
            out.append(DeviceCheck(name: "finger-separation", value: s, limit: l.fingerSeparationMM, unit: "mm", pass: s <= l.fingerSeparationMM,
                                   note: "closest two contacts told apart", margin: l.fingerSeparationMM - s))
        } else {
            out.append(DeviceCheck(name: "finger-separation", value: nil, limit: l.fingerSeparationMM, unit: "mm", pass: nil,
                                   note: mm ? "never two contacts at once" : noMM, margin: nil))
        }
        out.append(ghostCheck(d.anomalies.filter { $0.kind == "ghost-touch" }.count, limits: l))
        return out
    }

    /// The ghost-touches check of `ghosts` ghost touches.
    static func ghostCheck(_ ghosts: Int, limits l: CheckLimits) -> DeviceCheck {
        DeviceCheck(name: "ghost-touches", value: Double(ghosts), limit: Double(l.ghostTouches), unit: "count",
                    pass: ghosts <= l.ghostTouches, note: "", margin: Double(l.ghostTouches - ghosts))
    }

    // MARK: Geometry and statistics

    struct P { var t: Double; var x: Double; var y: Double }

    /// Device units to the unit of the figures: mm when known, else screen pixels.
    struct Units {
        var sx: Double, sy: Double   // unit-lengths per device unit
        var inMM: Bool
        /// Unit-lengths per mm: 1 in mm; in pixels, an assumed 96 dpi only for the fixed
        /// radii of the definitions (5 mm still, 4 mm straight, 10 mm long).
        var perMM: Double { inMM ? 1 : 96 / 25.4 }

        init(_ c: ContactCapture, _ o: AnalysisOptions) {
            if let x = c.xAxis, let y = c.yAxis {
                let spanX = Double(max(1, x.max - x.min)), spanY = Double(max(1, y.max - y.min))
                if x.resolution > 0, y.resolution > 0 {
                    sx = 1 / Double(x.resolution); sy = 1 / Double(y.resolution); inMM = true
                } else if let mm = o.sizeMM {
                    sx = mm.width / spanX; sy = mm.height / spanY; inMM = true
                } else {
                    let screen = o.screen ?? Size(width: spanX, height: spanY)
                    sx = screen.width / spanX; sy = screen.height / spanY; inMM = false
                }
            } else {
                let w = c.window ?? o.screen ?? Size(width: 1, height: 1)
                if let mm = o.sizeMM ?? c.sizeMM {
                    sx = mm.width / max(1, w.width); sy = mm.height / max(1, w.height); inMM = true
                } else {
                    sx = 1; sy = 1; inMM = false
                }
            }
        }

        func point(_ r: ContactReport) -> P { P(t: r.t, x: r.x * sx, y: r.y * sy) }
    }

    static func dist(_ a: P, _ b: P) -> Double { Point(x: a.x - b.x, y: a.y - b.y).length }

    /// Whether every point from `s` to `k` lies within `tol` of the chord from `s` to `k`.
    static func withinChord(_ p: [P], _ s: Int, _ k: Int, _ tol: Double) -> Bool {
        let dx = p[k].x - p[s].x, dy = p[k].y - p[s].y, len = Point(x: dx, y: dy).length
        guard len > 0 else { return (s...k).allSatisfy { dist(p[$0], p[s]) <= tol } }
        for i in s...k where abs((p[i].x - p[s].x) * dy - (p[i].y - p[s].y) * dx) / len > tol { return false }
        return true
    }

    /// The largest distance of a point from the total-least-squares line through them: the
    /// line through their mean along the covariance's principal axis.
    static func maxDeviation(_ run: [P]) -> Double {
        let n = Double(run.count)
        guard run.count >= 2 else { return 0 }
        let mx = run.map(\.x).reduce(0, +) / n, my = run.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for q in run { sxx += (q.x - mx) * (q.x - mx); syy += (q.y - my) * (q.y - my); sxy += (q.x - mx) * (q.y - my) }
        // The larger eigenvalue and its eigenvector (the direction of most spread).
        let half = (sxx - syy) / 2
        let lambda = (sxx + syy) / 2 + (half * half + sxy * sxy).squareRoot()
        var (dx, dy) = abs(sxy) > 1e-12 ? (sxy, lambda - sxx) : (sxx >= syy ? (1.0, 0.0) : (0.0, 1.0))
        let len = Point(x: dx, y: dy).length
        guard len > 0 else { return 0 }
        dx /= len; dy /= len
        return run.map { abs(($0.x - mx) * -dy + ($0.y - my) * dx) }.max() ?? 0
    }

    /// The `q` quantile (0…1) by nearest rank; nil for no values.
    static func percentile(_ v: [Double], _ q: Double) -> Double? {
        guard !v.isEmpty else { return nil }
        let s = v.sorted()
        return s[min(s.count - 1, max(0, Int((Double(s.count - 1) * q).rounded())))]
    }

    static func rates(_ intervals: [Double]) -> RateFigures? {
        guard let med = percentile(intervals, 0.5), let p95 = percentile(intervals, 0.95), let longest = intervals.max(), med > 0 else { return nil }
        return RateFigures(p50: 1 / med, p5: 1 / p95, min: 1 / longest)
    }
}
