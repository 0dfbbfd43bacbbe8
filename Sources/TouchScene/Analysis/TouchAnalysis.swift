// TouchAnalysis: a touch device measured against the thresholds that matter, from one capture.
//
//   ContactCapture ─▶ units (mm from the device's resolution or --size-mm; else screen pixels)
//                  ─▶ report rate, stationary and moving jitter, linearity, contacts, ranges
//                  ─▶ anomalies (with time, slot and tracking id) ─▶ checks (value, limit, pass)
//
// The definitions, stated once (docs/bring-up.md has them as a table):
// - a *report* of a contact is a frame (SYN_REPORT) that carries a value of it: the kernel
//   passes on only values that changed, so a contact held still sends nothing, and silence
//   is stillness, not a fault;
// - *report rate* (per contact, while it moves): a contact's reports split into stretches no
//   more than `stretchGapSeconds` (50 ms) apart; a stretch of at least `minStretchReports`
//   (10) reports gives (reports − 1) / its duration; p50 is the median over every contact's
//   stretches, p5 the 5th percentile, min the lowest. The device's frame rate (its frames
//   while a contact is down, by the same stretches) is shown beside it, named as such;
// - a *stationary stretch* is a run of a contact's reports all within `stillRadius` (5 mm) of
//   its first, held (until the next report or the lift: silence is stillness) at least 0.3 s;
//   its jitter is the largest distance of a report from the stretch's mean;
// - a *straight stretch* is a run of reports all within `straightTolerance` (4 mm) of the chord
//   (the segment) from its first to its last, the chord at least 10 mm long; its linearity
//   is the largest distance of a report from the line fitted to it (total least squares);
//   moving jitter the same over 10 mm windows starting every 1 mm along it;
// - anomalies: `AnomalyRules` (jump, report-gap, ghost-touch, held stuck-touch), which the live
//   draw page of `touchtest` applies too (`LiveAnomalies`); here also `stuck-touch` never
//   lifted or down the whole capture, and the capture's own `syn-dropped`,
//   `tracking-id-reuse` and `time-backwards`.
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
    /// A silence is a `report-gap` only when the contact moved at least this far across it
    /// (mm; without a size in mm, 4 × the axis fuzz in device units, at least the mm at 96 dpi) ...
    public var reportGapMoveMM = 1.0
    /// ... and moved at least this fast just before and just after it (mm/s; without a size
    /// in mm, taken at 96 dpi).
    public var reportGapSpeedMMPerSecond = 10.0
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
    /// Its kind: `stuck-touch`, `tracking-id-reuse`, `jump`, `ghost-touch`, `syn-dropped`, `report-gap` or `time-backwards`.
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

/// Report rate, Hz: over stretches of reports no more than 50 ms apart, each of at least 10
/// reports giving (reports − 1) / its duration.
public struct RateFigures: Sendable, Equatable {
    /// The median, 5th percentile and lowest of the stretches' rates.
    public var p50: Double, p5: Double, min: Double
    /// How many stretches they are taken over.
    public var stretches: Int = 0
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
    /// The report rate per contact, over every contact's stretches; nil when no stretch has
    /// `TouchAnalysis.minStretchReports` reports.
    public var reportRate: RateFigures?
    /// Per contact with such a stretch: slot, tracking id, rate.
    public var fingerRates: [(slot: Int, trackingID: Int, rate: RateFigures)]
    /// The most reports of one contact in one stretch (what the report rate needs 10 of).
    public var longestStretchReports = 0
    /// The device's frames per second while a contact was down (not a contact's report rate).
    public var frameRate: RateFigures?
    /// Contacts whose position the recording never states (figures of positions skip them).
    public var unplacedContacts = 0
    /// The longest a contact was held within 5 mm (s): what stationary jitter needs 0.3 s of.
    public var longestHold = 0.0
    /// The longest straight chord (in `unit`): what moving jitter needs 10 mm of.
    public var longestChord = 0.0
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
    /// Moving jitter's 10 mm windows start this far apart along a straight stretch (mm).
    static let windowStepMM = 1.0
    static let unmovedMM = AnomalyRules.unmovedMM
    /// Reports of a contact further apart than this (s) are in different stretches.
    public static let stretchGapSeconds = 0.050
    /// A stretch needs this many reports to give a report rate.
    public static let minStretchReports = 10

    /// Measures the capture's device.
    public static func analyze(_ capture: ContactCapture, options: AnalysisOptions = AnalysisOptions()) -> DeviceAnalysis {
        var c = capture
        // A recording's size in mm given by the caller counts as the recording's own (the
        // calibration's checks read it there).
        if c.xAxis == nil, let mm = options.sizeMM { c.sizeMM = mm }
        let scale = Units(c, options)
        let u = scale.perMM   // unit-lengths per mm (1 when in mm)
        let unit = scale.inMM ? "mm" : "px"
        var anomalies = c.events.map { DeviceAnomaly(kind: $0.kind.rawValue, at: $0.at, slot: $0.slot, trackingID: $0.trackingID, detail: $0.detail) }
        let tracks = c.tracks.map { t in (track: t, points: t.reports.map { scale.point($0) }) }

        // Report rate: per contact, over its stretches; the device's frames beside it.
        var pooled: [Double] = []
        var allRates: [Double] = []
        var fingerRates: [(slot: Int, trackingID: Int, rate: RateFigures)] = []
        var longest = 0
        for (t, p) in tracks {
            let times = p.map(\.t)
            for (a, b) in zip(times, times.dropFirst()) where b > a { pooled.append(b - a) }
            let s = stretchRates(times)
            longest = max(longest, s.longest)
            allRates += s.rates
            if let r = rateFigures(s.rates) { fingerRates.append((t.slot, t.trackingID, r)) }
        }
        let frames = stretchRates(c.frameTimes)

        // Report gaps: silences the contact moved across, moving on both sides.
        let gapMove = scale.gapMove(c, options.limits), gapSpeed = options.limits.reportGapSpeedMMPerSecond * u
        if let median = percentile(pooled, 0.5), median > 0 {
            for (t, p) in tracks where p.count >= 2 {
                for k in 1..<p.count where AnomalyRules.isSilence(from: p[k - 1].t, to: p[k].t, median: median) {
                    let before = k >= 2 ? p[k - 2].tuple : nil, after = k + 1 < p.count ? p[k + 1].tuple : nil
                    if let gap = AnomalyRules.reportGap(from: p[k - 1].tuple, to: p[k].tuple, before: before, after: after, median: median,
                                                        minMove: gapMove, minSpeed: gapSpeed, unit: unit, slot: t.slot, trackingID: t.trackingID) {
                        anomalies.append(gap)
                    }
                }
            }
        }

        let still = stationaryStretches(tracks, perMM: u)
        let straight = straightStretches(tracks.map(\.points), perMM: u)

        // Contacts at once (every contact with a tracking id, placed or not), separation, ranges.
        var changes: [(Double, Int)] = []
        for (t, _) in tracks {
            changes.append((t.landedAt, 1))
            changes.append((t.liftedAt ?? .infinity, -1))
        }
        changes.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }   // a lift before a landing at the same time
        var down = 0, most = 0
        for (_, d) in changes { down += d; most = max(most, down) }
        let separation = closestApart(tracks)
        let pressures = c.tracks.flatMap { $0.reports.compactMap(\.pressure) }
        let majors = c.tracks.flatMap { $0.reports.compactMap(\.touchMajor) }
        anomalies += contactAnomalies(tracks, capture: c, scale: scale)
        anomalies.sort { $0.at != $1.at ? $0.at < $1.at : $0.slot < $1.slot }

        var result = DeviceAnalysis(
            name: c.deviceName, format: c.format,
            axes: c.xAxis.flatMap { x in c.yAxis.map { (x, $0) } },
            resolution: c.xAxis.flatMap { x in c.yAxis.flatMap { y in x.resolution > 0 && y.resolution > 0 ? (x.resolution, y.resolution) : nil } },
            unit: unit, duration: c.duration,
            contactsMax: most, contactsTotal: c.tracks.count, declaredSlots: c.declaredSlots,
            reportRate: rateFigures(allRates), fingerRates: fingerRates,
            stationaryStretches: still.count, stationaryJitter: still.jitters.max(),
            straightStretches: straight.linearities.count, movingJitter: straight.movingJitter.map { $0 / u },
            linearity: straight.linearities.max().map { $0 / u },
            fingerSeparation: separation.map { $0 / u },
            pressure: pressures.min().flatMap { lo in pressures.max().map { lo...$0 } },
            touchMajor: majors.min().flatMap { lo in majors.max().map { lo...$0 } },
            anomalies: anomalies, checks: [])
        result.longestStretchReports = longest
        result.frameRate = rateFigures(frames.rates)
        result.unplacedContacts = c.tracks.filter(\.unplaced).count
        result.longestHold = still.longest
        result.longestChord = straight.longestChord / u
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
        result.stretchJitters = still.jitters
        result.strokeLinearities = straight.linearities.map { $0 / u }
        result.intervalHistogram = [Int](repeating: 0, count: 51)
        // Clamped as a Double first: an interval of 1e21 s must not trap on the way to an Int.
        for dt in pooled { result.intervalHistogram[Int(min(50, max(0, dt * 1000 / 2)))] += 1 }
        result.coverage = coverage(c)
        return result
    }

    /// Reports per cell of the coverage grid (positions far outside the axes land in the
    /// edge cells; positions that are not finite numbers in none).
    static func coverage(_ c: ContactCapture) -> [Int] {
        let cols = DeviceAnalysis.coverageColumns, rows = DeviceAnalysis.coverageRows
        var grid = [Int](repeating: 0, count: cols * rows)
        for t in c.tracks {
            for r in t.reports {
                let n = Calibration.normalized(Point(x: r.x, y: r.y), c)
                guard n.x.isFinite, n.y.isFinite else { continue }
                // Clamped as Doubles: x = 1e21 must not trap converting to Int.
                let col = Int(min(Double(cols - 1), max(0, n.x * Double(cols))))
                let row = Int(min(Double(rows - 1), max(0, n.y * Double(rows))))
                grid[row * cols + col] += 1
            }
        }
        return grid
    }

    /// The anomalies of each contact as a whole: stuck (never lifted, down the whole capture,
    /// held unmoving), ghost touches (judged by size or pressure where the device reports
    /// them) and jumps.
    static func contactAnomalies(_ tracks: [(track: ContactTrack, points: [P])], capture c: ContactCapture, scale: Units) -> [DeviceAnomaly] {
        let u = scale.perMM
        var out: [DeviceAnomaly] = []
        let sizes = SizeRanges(c.tracks)
        for (index, (t, p)) in tracks.enumerated() {
            if t.liftedAt == nil {
                out.append(DeviceAnomaly(kind: "stuck-touch", at: t.landedAt, slot: t.slot, trackingID: t.trackingID,
                    detail: "landed at \(TraceFormat.fixed(t.landedAt, 3)) s and never lifted"))
            }
            // The rest needs positions: a contact the recording never places is skipped.
            guard let first = p.first else { continue }
            var moved = 0.0
            for q in p { moved = max(moved, dist(q, first)) }
            if let up = t.liftedAt, t.landedAt <= 0.05, up >= c.duration - 0.05, c.duration > 1, moved < unmovedMM * u {
                out.append(DeviceAnomaly(kind: "stuck-touch", at: t.landedAt, slot: t.slot, trackingID: t.trackingID,
                    detail: "down for the whole recording (\(TraceFormat.fixed(c.duration, 1)) s) without moving \(TraceFormat.fixed(unmovedMM, 0)) mm"))
            } else if let up = t.liftedAt {
                // Held unmoving: until its first report 1 mm away from the landing, or its lift.
                let heldUntil = p.first { dist($0, first) >= unmovedMM * u }?.t ?? up
                if let stuck = AnomalyRules.held(landed: t.landedAt, now: heldUntil, slot: t.slot, trackingID: t.trackingID) { out.append(stuck) }
            }
            if let up = t.liftedAt,
               let ghost = AnomalyRules.ghost(landed: t.landedAt, lifted: up, moved: moved, perMM: u, slot: t.slot, trackingID: t.trackingID,
                                              size: sizes.evidence(for: index)) {
                out.append(ghost)
            }
            for (a, b) in zip(p, p.dropFirst()) {
                if let jump = AnomalyRules.jump(from: (a.t, a.x, a.y), to: (b.t, b.x, b.y), perMM: u, unit: scale.inMM ? "mm" : "px",
                                                slot: t.slot, trackingID: t.trackingID) { out.append(jump) }
            }
        }
        return out
    }
}
