// AnomalyRules: each anomaly rule stated once, called report by report both by the batch
// analysis (`TouchAnalysis.analyze`, `touchscope analyze`) and by the live draw page of
// `touchscope touchtest` (`LiveAnomalies`), so the two find the same anomalies at the same times.
//
//   a report (t, x, y) of a contact ─▶ jump        (from its previous report: faster than 5 m/s)
//                                   ─▶ report-gap  (the silence before its previous report:
//                                      > 3 median intervals, moved across it, moving on both sides)
//                                   ─▶ stuck-touch (still within 1 mm of its landing > 20 s after it)
//   a lift                          ─▶ stuck-touch (as a report), ghost-touch
//
// Silence is not a gap: the kernel passes on only values that changed, so a contact held
// still sends nothing. A silence is a `report-gap` only when the contact moved across it (at
// least `CheckLimits.reportGapMoveMM`, 1 mm; 4 × the axis fuzz in device units when the
// device states no size in mm) and was moving just before and just after it (the speed from
// the report before to the one that opens the silence, and from the one that closes it to
// the next, each at least `CheckLimits.reportGapSpeedMMPerSecond`, 10 mm/s). A silence
// before a lift is never a gap: a lift states no position.
//
// Distances are in the analysis's unit (mm, or pixels when the size in mm is unknown: then
// the 5 m/s and 1 mm are taken at 96 dpi, `TouchAnalysis.Units.perMM`).
// `stuckSeconds` (20 s): longer than any page of the test asks a finger to stay (the hold page
// 1 s, five fingers put down one by one a few seconds), far shorter than a contact the panel
// never lifts (the "held unmoving for the whole recording", which only the recording's
// end can tell: that rule and "never lifted" stay with the batch analysis).
import TouchCore

/// The anomaly rules, one function each.
public enum AnomalyRules {
    /// `jump`: faster than this between two reports (mm/s: 5 m/s).
    public static let jumpMMPerSecond = 5000.0
    /// `ghost-touch`: lifted within this of landing (s) ...
    public static let ghostSeconds = 0.030
    /// ... never this far from where it landed (mm); also `stuck-touch`'s "unmoving".
    public static let unmovedMM = 1.0
    /// `stuck-touch` live: held within `unmovedMM` of its landing for longer than this (s).
    public static let stuckSeconds = 20.0
    /// `report-gap`: an interval longer than this many median intervals.
    public static let gapIntervals = 3.0

    /// A `jump` from report `a` to report `b` of one contact (positions in the unit, `perMM`
    /// unit-lengths per mm); nil when not faster than 5 m/s.
    public static func jump(from a: (t: Double, x: Double, y: Double), to b: (t: Double, x: Double, y: Double),
                            perMM: Double, unit: String, slot: Int, trackingID: Int) -> DeviceAnomaly? {
        guard b.t > a.t else { return nil }
        let d = Point(x: b.x - a.x, y: b.y - a.y).length
        let speed = d / (b.t - a.t)
        guard speed > jumpMMPerSecond * perMM else { return nil }
        let perSecond = unit == "mm" ? "\(TraceFormat.fixed(speed / 1000, 1)) m/s, more than \(TraceFormat.fixed(jumpMMPerSecond / 1000, 0)) m/s"
                                     : "\(TraceFormat.fixed(speed, 0)) px/s, more than \(TraceFormat.fixed(jumpMMPerSecond * perMM, 0)) px/s (5 m/s at 96 dpi)"
        return DeviceAnomaly(kind: "jump", at: b.t, slot: slot, trackingID: trackingID,
                             detail: "moved \(TraceFormat.fixed(d, 1)) \(unit) in \(TraceFormat.fixed((b.t - a.t) * 1000, 1)) ms (\(perSecond))")
    }

    /// Whether a silence from `a` to `b` is long enough to be judged: longer than 3 `median` intervals.
    public static func isSilence(from a: Double, to b: Double, median: Double) -> Bool {
        median > 0 && b - a > gapIntervals * median
    }

    /// A `report-gap`: the silence of a contact from its report `a` to its next report `b`,
    /// with the report `before` a and the one `after` b (nil: none). Nil unless the silence is
    /// longer than 3 `median` intervals, the contact moved `minMove` or more (unit-lengths)
    /// from `a` to `b`, and its speed from `before` to `a` and from `b` to `after` is each at
    /// least `minSpeed` (unit-lengths per second): a contact held still sends nothing, and
    /// that is no gap. Dated at `a`, where the silence began.
    public static func reportGap(from a: (t: Double, x: Double, y: Double), to b: (t: Double, x: Double, y: Double),
                                 before: (t: Double, x: Double, y: Double)?, after: (t: Double, x: Double, y: Double)?,
                                 median: Double, minMove: Double, minSpeed: Double, unit: String,
                                 slot: Int, trackingID: Int) -> DeviceAnomaly? {
        guard isSilence(from: a.t, to: b.t, median: median), let before, let after,
              a.t > before.t, after.t > b.t else { return nil }
        let moved = Point(x: b.x - a.x, y: b.y - a.y).length
        let speedIn = Point(x: a.x - before.x, y: a.y - before.y).length / (a.t - before.t)
        let speedOut = Point(x: after.x - b.x, y: after.y - b.y).length / (after.t - b.t)
        guard moved >= minMove, speedIn >= minSpeed, speedOut >= minSpeed else { return nil }
        return DeviceAnomaly(kind: "report-gap", at: a.t, slot: slot, trackingID: trackingID,
            detail: "no report for \(TraceFormat.fixed(b.t - a.t, 3)) s while moving, more than 3 median intervals (\(TraceFormat.fixed(gapIntervals * median, 3)) s): "
                + "moved \(TraceFormat.fixed(moved, 2)) \(unit) across it (at least \(TraceFormat.fixed(minMove, 2))), "
                + "\(TraceFormat.fixed(speedIn, 1)) \(unit)/s before and \(TraceFormat.fixed(speedOut, 1)) \(unit)/s after (at least \(TraceFormat.fixed(minSpeed, 1)))")
    }

    /// What a short contact's size says: its `value` (the largest of its reports) of `what`
    /// ("touch size" or "pressure"), and the `range` of the device's other contacts' values.
    public struct SizeEvidence: Sendable, Equatable {
        /// "touch size" or "pressure".
        public var what: String
        /// The contact's largest value.
        public var value: Int
        /// The other contacts' smallest to largest value.
        public var range: ClosedRange<Int>
        /// Evidence of `value` against the other contacts' `range`.
        public init(what: String, value: Int, range: ClosedRange<Int>) { self.what = what; self.value = value; self.range = range }
    }

    /// A `ghost-touch`: a contact down from `landed` to `lifted` that went at most `moved`
    /// (unit-lengths) from where it landed; nil when it is no ghost. With `size` (the device
    /// reports touch size or pressure, and has other contacts), a short contact whose size lies
    /// within the other contacts' range is a quick tap, not a ghost; the detail says what it
    /// was judged by.
    public static func ghost(landed: Double, lifted: Double, moved: Double, perMM: Double, slot: Int, trackingID: Int,
                             size: SizeEvidence? = nil) -> DeviceAnomaly? {
        guard lifted - landed < ghostSeconds, moved < unmovedMM * perMM else { return nil }
        if let size, size.range.contains(size.value) { return nil }
        let judged = size.map { "; \($0.what) \($0.value), outside the other contacts' \($0.range.lowerBound)…\($0.range.upperBound)" }
            ?? "; judged by duration and movement only (no touch size or pressure to compare)"
        return DeviceAnomaly(kind: "ghost-touch", at: landed, slot: slot, trackingID: trackingID,
            detail: "down for \(TraceFormat.fixed((lifted - landed) * 1000, 1)) ms without moving (shorter than \(TraceFormat.fixed(ghostSeconds * 1000, 0)) ms)" + judged)
    }

    /// A `stuck-touch` for a contact that landed at `landed` and was still down, within 1 mm
    /// of where it landed, at `now` (a report, its lift, or the clock): nil until more than
    /// `stuckSeconds` have passed. Dated at its landing, like every stuck-touch.
    public static func held(landed: Double, now: Double, slot: Int, trackingID: Int) -> DeviceAnomaly? {
        guard now - landed > stuckSeconds else { return nil }
        return DeviceAnomaly(kind: "stuck-touch", at: landed, slot: slot, trackingID: trackingID,
            detail: "held without moving \(TraceFormat.fixed(unmovedMM, 0)) mm for more than \(TraceFormat.fixed(stuckSeconds, 0)) s")
    }

    /// A slot given a new contact while its contact was still down (no lift between).
    public static func reuse(at t: Double, slot: Int, trackingID: Int, previous: Int) -> CaptureEvent {
        CaptureEvent(kind: .trackingIDReuse, at: t, slot: slot, trackingID: trackingID,
                     detail: "slot \(slot) got tracking id \(trackingID) while contact \(previous) was still down (no lift)")
    }
}

/// The draw page's anomalies as they happen: `AnomalyRules` applied report by report, in
/// constant work per report (each contact's last report, landing and furthest distance; the
/// report intervals in a histogram for their median so far).
public struct LiveAnomalies: Sendable {
    /// Unit-lengths per scene point (x, y), and per mm.
    let sx: Double, sy: Double, perMM: Double
    /// A report gap's least movement and speed, in unit-lengths (and per second).
    let gapMove: Double, gapSpeed: Double
    /// "mm" or "px".
    let unit: String
    struct Contact: Sendable {
        var id: Int
        var landed: Double
        var first: (x: Double, y: Double)
        var last: (t: Double, x: Double, y: Double)
        /// The report before `last`, and a silence that ended at `last`, judged at the next report.
        var previous: (t: Double, x: Double, y: Double)?
        var silence: (from: (t: Double, x: Double, y: Double), before: (t: Double, x: Double, y: Double)?, median: Double)?
        var moved = 0.0
        var stuck = false
    }
    var contacts: [Int: Contact] = [:]
    /// Report intervals in 0.1 ms bins up to 1 s (the last bin: 1 s and more).
    var bins = [Int](repeating: 0, count: 10_001)
    var intervals = 0
    /// The bin holding the median interval, and how many intervals lie in the bins before it
    /// (kept as intervals come: a step or two per interval, not a count over the bins).
    var medianBin = 0, belowMedian = 0
    /// Every anomaly so far, in the order found (newest last).
    public private(set) var anomalies: [DeviceAnomaly] = []
    /// Ghost touches so far.
    public private(set) var ghosts = 0
    /// Contacts that landed so far (`TouchAnalysis.ghostCheck`'s `contacts`: none, not measured).
    public private(set) var contactsSeen = 0

    /// Anomalies of fingers in a `window` (scene points), `sizeMM` millimetres when known:
    /// the units `TouchAnalysis.analyze` uses for a recording of it.
    public init(window: Size, sizeMM: Size?, limits: CheckLimits = CheckLimits()) {
        let capture = ContactCapture.fromRecording([], header: RecordingHeader(window: window, sizeMM: sizeMM))
        let options = AnalysisOptions(screen: window, sizeMM: sizeMM, limits: limits)
        let units = TouchAnalysis.Units(capture, options)
        sx = units.sx; sy = units.sy; perMM = units.perMM; unit = units.inMM ? "mm" : "px"
        gapMove = units.gapMove(capture, limits); gapSpeed = limits.reportGapSpeedMMPerSecond * units.perMM
    }

    /// The median of the intervals so far (nearest rank, as `analyze`'s; to 0.1 ms: the
    /// bin's middle).
    var median: Double? { intervals > 0 ? (Double(medianBin) + 0.5) / 10_000 : nil }

    /// Counts an interval of `dt` seconds, and moves the median's bin to the new rank.
    private mutating func count(_ dt: Double) {
        // Clamped as a Double first: an interval of 1e21 s must not trap on the way to an Int.
        let b = Int(min(Double(bins.count - 1), max(0, dt * 10_000)))
        bins[b] += 1
        intervals += 1
        if b < medianBin { belowMedian += 1 }
        let rank = Int((Double(intervals - 1) * 0.5).rounded())
        while rank < belowMedian { medianBin -= 1; belowMedian -= bins[medianBin] }
        while rank >= belowMedian + bins[medianBin] { belowMedian += bins[medianBin]; medianBin += 1 }
    }

    private mutating func found(_ a: DeviceAnomaly?) {
        guard let a else { return }
        anomalies.append(a)
        if a.kind == "ghost-touch" { ghosts += 1 }
    }

    /// Finger `slot` (tracking id `id`) landed at `t` (s), at `p` (scene points).
    public mutating func land(slot: Int, id: Int, at t: Double, _ p: Point) {
        if let old = contacts[slot] {
            let e = AnomalyRules.reuse(at: t, slot: slot, trackingID: id, previous: old.id)
            found(DeviceAnomaly(kind: e.kind.rawValue, at: e.at, slot: e.slot, trackingID: e.trackingID, detail: e.detail))
            lift(slot: slot, at: t)
        }
        let x = p.x * sx, y = p.y * sy
        contactsSeen += 1
        contacts[slot] = Contact(id: id, landed: t, first: (x, y), last: (t, x, y))
    }

    /// Finger `slot` reported `p` at `t`.
    public mutating func move(slot: Int, at t: Double, _ p: Point) {
        guard var c = contacts[slot] else { return }
        let b = (t: t, x: p.x * sx, y: p.y * sy)
        // A silence that ended at the last report is judged now, with the speed after it.
        if let s = c.silence {
            found(AnomalyRules.reportGap(from: s.from, to: c.last, before: s.before, after: b, median: s.median,
                                         minMove: gapMove, minSpeed: gapSpeed, unit: unit, slot: slot, trackingID: c.id))
            c.silence = nil
        }
        closeInterval(&c, slot: slot, at: t)
        found(AnomalyRules.jump(from: c.last, to: b, perMM: perMM, unit: unit, slot: slot, trackingID: c.id))
        c.moved = max(c.moved, Point(x: b.x - c.first.x, y: b.y - c.first.y).length)
        c.previous = c.last
        c.last = b
        contacts[slot] = c
    }

    /// Finger `slot` lifted at `t`.
    public mutating func lift(slot: Int, at t: Double) {
        guard var c = contacts.removeValue(forKey: slot) else { return }
        // A silence before a lift is no gap (a lift states no position); nor is one whose
        // closing report was the last.
        checkHeld(&c, slot: slot, at: t)
        found(AnomalyRules.ghost(landed: c.landed, lifted: t, moved: c.moved, perMM: perMM, slot: slot, trackingID: c.id))
    }

    /// Time passed to `t` with no report: a contact held still may now be stuck. True when
    /// an anomaly was found.
    public mutating func tick(at t: Double) -> Bool {
        let before = anomalies.count
        for slot in contacts.keys.sorted() {
            guard var c = contacts[slot] else { continue }
            checkHeld(&c, slot: slot, at: t)
            contacts[slot] = c
        }
        return anomalies.count > before
    }

    /// A report at `t`: its interval counts toward the median; a silence longer than 3 median
    /// intervals waits for the next report to be judged; a contact still unmoved is judged as
    /// held until `t`.
    private mutating func closeInterval(_ c: inout Contact, slot: Int, at t: Double) {
        let dt = t - c.last.t
        if dt > 0 { count(dt) }
        if let m = median, AnomalyRules.isSilence(from: c.last.t, to: t, median: m) { c.silence = (c.last, c.previous, m) }
        checkHeld(&c, slot: slot, at: t)
    }

    private mutating func checkHeld(_ c: inout Contact, slot: Int, at t: Double) {
        guard !c.stuck, c.moved < AnomalyRules.unmovedMM * perMM,
              let a = AnomalyRules.held(landed: c.landed, now: t, slot: slot, trackingID: c.id) else { return }
        c.stuck = true
        found(a)
    }
}
