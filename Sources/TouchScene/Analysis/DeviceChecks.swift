// DeviceChecks: the eight checks of a device's figures, each PASS, FAIL or not measured.
// Each check states the least data it needs; below it, it is "not measured" (pass nil) and
// says what it had against what it needs ("4 reports in the longest stretch, at least 10
// needed"), never passed.
import TouchCore

extension TouchAnalysis {
    /// The eight checks, each measured, failed or not measured.
    static func checks(_ d: DeviceAnalysis, limits l: CheckLimits) -> [DeviceCheck] {
        let mm = d.unit == "mm"
        let noMM = "the device states no resolution: give --size-mm"
        func notMeasured(_ name: String, _ limit: Double, _ unit: String, _ why: String) -> DeviceCheck {
            DeviceCheck(name: name, value: nil, limit: limit, unit: unit, pass: nil, note: why, margin: nil)
        }
        func atMost(_ name: String, _ value: Double?, _ limit: Double, _ unit: String, missing: String) -> DeviceCheck {
            guard let value else { return notMeasured(name, limit, unit, missing) }
            return DeviceCheck(name: name, value: value, limit: limit, unit: unit, pass: value <= limit, note: "", margin: limit - value)
        }
        var out: [DeviceCheck] = []
        let noTargets = "no targets in the input: run `touchscope calibrate` with --targets, or record touchtest"
        out.append(notMeasured("accuracy", l.accuracyMM, "mm", noTargets))
        out.append(notMeasured("edge-accuracy", l.edgeAccuracyMM, "mm", noTargets))
        out.append(atMost("stationary-jitter", mm ? d.stationaryJitter : nil, l.stationaryJitterMM, "mm",
                          missing: !mm ? noMM : "the longest hold within \(TraceFormat.fixed(stillRadiusMM, 0)) mm lasted \(TraceFormat.fixed(d.longestHold, 2)) s, at least \(TraceFormat.fixed(stillSeconds, 1)) s needed"))
        out.append(atMost("moving-jitter", mm ? d.movingJitter : nil, l.movingJitterMM, "mm",
                          missing: !mm ? noMM : "the longest straight stroke was \(TraceFormat.fixed(d.longestChord, 1)) mm, at least \(TraceFormat.fixed(straightLengthMM, 0)) mm needed"))
        out.append(reportRateCheck(d, limits: l))
        let limit = Double(l.contacts)
        if d.contactsMax >= l.contacts {
            out.append(DeviceCheck(name: "contacts", value: Double(d.contactsMax), limit: limit, unit: "contacts", pass: true,
                                   note: "at once", margin: Double(d.contactsMax - l.contacts)))
        } else if let slots = d.declaredSlots, slots < l.contacts {
            out.append(DeviceCheck(name: "contacts", value: Double(slots), limit: limit, unit: "contacts", pass: false,
                                   note: "the device declares \(slots) slot(s)", margin: Double(slots - l.contacts)))
        } else {
            out.append(notMeasured("contacts", limit, "contacts",
                                   "\(d.contactsMax) at once in this input, at least \(l.contacts) needed" + (d.declaredSlots.map { "; the device declares \($0) slots" } ?? "")))
        }
        if mm, let s = d.fingerSeparation, s > l.fingerSeparationMM {
            // Two fingers never came that close: whether the device tells them apart there is
            // not known (a real two-finger hold at 13.9 mm is no failure to separate at 8 mm).
            out.append(notMeasured("finger-separation", l.fingerSeparationMM, "mm",
                                   "the closest two contacts were \(TraceFormat.fixed(s, 1)) mm apart: bring two fingers within \(TraceFormat.fixed(l.fingerSeparationMM, 1)) mm"))
        } else if mm, let s = d.fingerSeparation {
            // Told apart at `s` mm: the device separates fingers at least that close.
            out.append(DeviceCheck(name: "finger-separation", value: s, limit: l.fingerSeparationMM, unit: "mm", pass: s <= l.fingerSeparationMM,
                                   note: "closest two contacts told apart", margin: l.fingerSeparationMM - s))
        } else {
            out.append(notMeasured("finger-separation", l.fingerSeparationMM, "mm", mm ? "never two placed contacts at once, two needed" : noMM))
        }
        out.append(ghostCheck(d.anomalies.filter { $0.kind == "ghost-touch" }.count, contacts: d.contactsTotal, limits: l))
        return out
    }

    /// report-rate: the per-contact rate (the median over stretches of at least 10 reports
    /// no more than 50 ms apart) against the display's refresh rate.
    static func reportRateCheck(_ d: DeviceAnalysis, limits l: CheckLimits) -> DeviceCheck {
        guard let r = d.reportRate else {
            return DeviceCheck(name: "report-rate", value: nil, limit: l.reportRateHz, unit: "Hz", pass: nil,
                               note: "\(d.longestStretchReports) reports in the longest stretch (reports of one contact no more than \(TraceFormat.fixed(stretchGapSeconds * 1000, 0)) ms apart), at least \(minStretchReports) needed",
                               margin: nil)
        }
        let frames = d.frameRate.map { "; the device's frame rate \(TraceFormat.fixed($0.p50, 1)) Hz (all contacts)" } ?? ""
        return DeviceCheck(name: "report-rate", value: r.p50, limit: l.reportRateHz, unit: "Hz", pass: r.p50 >= l.reportRateHz,
                           note: "per contact, the median of \(r.stretches) stretch(es) of \(minStretchReports)+ reports; 5th percentile \(TraceFormat.fixed(r.p5, 1)) Hz, minimum \(TraceFormat.fixed(r.min, 1)) Hz; the limit is the display's refresh rate (--refresh)" + frames,
                           margin: r.p50 - l.reportRateHz)
    }

    /// The ghost-touches check of `ghosts` ghost touches among `contacts` contacts (nil: not
    /// known, as before any count was kept); not measured when there was no contact at all
    /// (a page nobody touched passes nothing).
    public static func ghostCheck(_ ghosts: Int, contacts: Int? = nil, limits l: CheckLimits) -> DeviceCheck {
        if let contacts, contacts == 0 {
            return DeviceCheck(name: "ghost-touches", value: nil, limit: Double(l.ghostTouches), unit: "count", pass: nil,
                               note: "0 contacts, at least 1 needed", margin: nil)
        }
        return DeviceCheck(name: "ghost-touches", value: Double(ghosts), limit: Double(l.ghostTouches), unit: "count",
                           pass: ghosts <= l.ghostTouches, note: "", margin: Double(l.ghostTouches - ghosts))
    }
}
