// AnomalyRules: each anomaly rule stated once, called report by report both by the batch
// analysis (`TouchAnalysis.analyze`, `touchscope analyze`) and by the live draw page of
// `touchscope touchtest` (`LiveAnomalies`), so the two find the same anomalies at the same times.
//
//   a report (t, x, y) of a contact ─▶ jump        (from its previous report: faster than 5 m/s)
//                                   ─▶ report-gap  (from its previous report: > 3 median intervals)
//                                   ─▶ stuck-touch (still within 1 mm of its landing > 20 s after it)
//   a lift                          ─▶ report-gap, stuck-touch (as a report), ghost-touch
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

    /// A `report-gap` from a report (or nothing) at `a` to the next report or the lift at `b`;
    /// nil when not longer than 3 `median` intervals. It is dated at `a`, where the gap began.
    public static func reportGap(from a: Double, to b: Double, median: Double, slot: Int, trackingID: Int) -> DeviceAnomaly? {
        guard median > 0, b - a > gapIntervals * median else { return nil }
        return DeviceAnomaly(kind: "report-gap", at: a, slot: slot, trackingID: trackingID,
            detail: "no report for \(TraceFormat.fixed(b - a, 3)) s while down, more than 3 median intervals (\(TraceFormat.fixed(gapIntervals * median, 3)) s)")
    }

    /// A `ghost-touch`: a contact down from `landed` to `lifted` that went at most `moved`
    /// (unit-lengths) from where it landed; nil when it is no ghost.
    public static func ghost(landed: Double, lifted: Double, moved: Double, perMM: Double, slot: Int, trackingID: Int) -> DeviceAnomaly? {
        guard lifted - landed < ghostSeconds, moved < unmovedMM * perMM else { return nil }
        return DeviceAnomaly(kind: "ghost-touch", at: landed, slot: slot, trackingID: trackingID,
            detail: "down for \(TraceFormat.fixed((lifted - landed) * 1000, 1)) ms without moving (shorter than \(TraceFormat.fixed(ghostSeconds * 1000, 0)) ms)")
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
    /// "mm" or "px".
    let unit: String
    struct Contact: Sendable {
        var id: Int
        var landed: Double
        var first: (x: Double, y: Double)
        var last: (t: Double, x: Double, y: Double)
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

    /// Anomalies of fingers in a `window` (scene points), `sizeMM` millimetres when known:
    /// the units `TouchAnalysis.analyze` uses for a recording of it.
    public init(window: Size, sizeMM: Size?) {
        let units = TouchAnalysis.Units(ContactCapture.fromRecording([], header: RecordingHeader(window: window, sizeMM: sizeMM)),
                                        AnalysisOptions(screen: window, sizeMM: sizeMM))
        sx = units.sx; sy = units.sy; perMM = units.perMM; unit = units.inMM ? "mm" : "px"
    }

    /// The median of the intervals so far (nearest rank, as `analyze`'s; to 0.1 ms: the
    /// bin's middle).
    var median: Double? { intervals > 0 ? (Double(medianBin) + 0.5) / 10_000 : nil }

    /// Counts an interval of `dt` seconds, and moves the median's bin to the new rank.
    private mutating func count(_ dt: Double) {
        let b = min(bins.count - 1, Int(dt * 10_000))
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
        contacts[slot] = Contact(id: id, landed: t, first: (x, y), last: (t, x, y))
    }

    /// Finger `slot` reported `p` at `t`.
    public mutating func move(slot: Int, at t: Double, _ p: Point) {
        guard var c = contacts[slot] else { return }
        let b = (t: t, x: p.x * sx, y: p.y * sy)
        closeInterval(&c, slot: slot, at: t)
        found(AnomalyRules.jump(from: c.last, to: b, perMM: perMM, unit: unit, slot: slot, trackingID: c.id))
        c.moved = max(c.moved, Point(x: b.x - c.first.x, y: b.y - c.first.y).length)
        c.last = b
        contacts[slot] = c
    }

    /// Finger `slot` lifted at `t`.
    public mutating func lift(slot: Int, at t: Double) {
        guard var c = contacts.removeValue(forKey: slot) else { return }
        if let m = median { found(AnomalyRules.reportGap(from: c.last.t, to: t, median: m, slot: slot, trackingID: c.id)) }
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

    /// A report at `t`: its interval counts toward the median, then is judged against it;
    /// a contact still unmoved is judged as held until `t`.
    private mutating func closeInterval(_ c: inout Contact, slot: Int, at t: Double) {
        let dt = t - c.last.t
        if dt > 0 { count(dt) }
        if let m = median { found(AnomalyRules.reportGap(from: c.last.t, to: t, median: m, slot: slot, trackingID: c.id)) }
        checkHeld(&c, slot: slot, at: t)
    }

    private mutating func checkHeld(_ c: inout Contact, slot: Int, at t: Double) {
        guard !c.stuck, c.moved < AnomalyRules.unmovedMM * perMM,
              let a = AnomalyRules.held(landed: c.landed, now: t, slot: slot, trackingID: c.id) else { return }
        c.stuck = true
        found(a)
    }
}
