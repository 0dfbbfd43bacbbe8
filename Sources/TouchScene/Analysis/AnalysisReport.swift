// AnalysisReport: a device's figures and verdicts as text a person reads and as JSON.
import TouchCore

extension DeviceAnalysis {
    /// The figures and verdicts, for a person.
    public var text: String {
        var out: [String] = []
        out.append("device: \(name) (\(format), \(TraceFormat.fixed(duration, 2)) s)")
        if let a = axes {
            let res = resolution.map { "resolution \($0.x) × \($0.y) units/mm" } ?? "no resolution stated (figures in \(unit))"
            out.append("  axes: x \(a.x.min)…\(a.x.max), y \(a.y.min)…\(a.y.max); \(res)")
        } else {
            out.append("  positions in scene points (a TouchScope recording); figures in \(unit)")
        }
        out.append("  contacts: \(contactsMax) at once, \(contactsTotal) in all" + (declaredSlots.map { "; \($0) slots declared" } ?? "")
                   + (unplacedContacts > 0 ? "; \(unplacedContacts) whose position the recording never states (figures of positions skip it)" : ""))
        let frames = frameRate.map { "; the device's frame rate (all contacts) \(TraceFormat.fixed($0.p50, 1)) Hz" } ?? ""
        if let r = reportRate {
            out.append("  report rate per contact: median \(TraceFormat.fixed(r.p50, 1)) Hz, 5th percentile \(TraceFormat.fixed(r.p5, 1)) Hz, minimum \(TraceFormat.fixed(r.min, 1)) Hz "
                       + "(\(r.stretches) stretch(es) of \(TouchAnalysis.minStretchReports)+ reports no more than \(TraceFormat.fixed(TouchAnalysis.stretchGapSeconds * 1000, 0)) ms apart)" + frames)
            for f in fingerRates.prefix(10) {
                out.append("    slot \(f.slot) id \(f.trackingID): \(TraceFormat.fixed(f.rate.p50, 1)) / \(TraceFormat.fixed(f.rate.p5, 1)) / \(TraceFormat.fixed(f.rate.min, 1)) Hz")
            }
            if fingerRates.count > 10 { out.append("    … \(fingerRates.count - 10) more contacts") }
        } else {
            out.append("  report rate per contact: not measured: \(longestStretchReports) reports in the longest stretch, at least \(TouchAnalysis.minStretchReports) needed" + frames)
        }
        out.append("  stationary jitter: " + (stationaryJitter.map { "\(TraceFormat.fixed($0, 2)) \(unit) (\(stationaryStretches) stretch(es) held ≥ 0.3 s)" } ?? "no finger held still for 0.3 s"))
        out.append("  moving jitter: " + (movingJitter.map { "\(TraceFormat.fixed($0, 2)) \(unit); linearity \(TraceFormat.fixed(linearity ?? 0, 2)) \(unit) (\(straightStretches) straight stroke(s) ≥ 10 mm)" } ?? "no straight stroke of 10 mm"))
        if let s = fingerSeparation { out.append("  closest two contacts told apart: \(TraceFormat.fixed(s, 1)) \(unit)") }
        if let p = pressure { out.append("  pressure: \(p.lowerBound)…\(p.upperBound)") }
        if let m = touchMajor { out.append("  touch size (major): \(m.lowerBound)…\(m.upperBound)") }
        out.append("  checks:")
        for c in checks {
            let whole = c.digits == 0
            var line = "    \(c.verdict.padding(12)) \(c.name.padding(18)) \(c.shownValue.padding(14)) limit \(c.relation) \(TraceFormat.fixed(c.limit, whole ? 0 : 1)) \(c.unit)"
            if let m = c.margin {
                let amount = "\(TraceFormat.fixed(abs(m), c.digits)) \(c.unit)"
                line += m >= 0 ? "  (\(amount) to spare)" : "  (\(amount) \(c.atLeast ? "short" : "over"))"
            }
            if !c.note.isEmpty { line += "  \(c.note)" }
            out.append(line)
        }
        if anomalies.isEmpty { out.append("  anomalies: none") } else {
            out.append("  anomalies: \(anomalies.count)")
            for a in anomalies.prefix(50) {
                out.append("    \(TraceFormat.fixed(a.at, 3)) s  \(a.kind.padding(18)) slot \(a.slot) id \(a.trackingID): \(a.detail)")
            }
            if anomalies.count > 50 { out.append("    … \(anomalies.count - 50) more (see --json)") }
        }
        return out.joined(separator: "\n")
    }

    /// The JSON object of one device (keys as `touchscope analyze --json` documents them).
    var json: String {
        var w = JSONObjectWriter()
        w.string("name", name)
        w.string("format", format)
        w.raw("resolution", resolution.map { "{\"x\":\($0.x),\"y\":\($0.y)}" } ?? "null")
        w.raw("axes", axes.map { "{\"x\":[\($0.x.min),\($0.x.max)],\"y\":[\($0.y.min),\($0.y.max)]}" } ?? "null")
        w.string("unit", unit)
        w.number("duration", duration)
        w.int("contactsMax", contactsMax)
        w.int("contactsTotal", contactsTotal)
        w.raw("declaredSlots", declaredSlots.map(String.init) ?? "null")
        if let r = reportRate {
            var x = JSONObjectWriter()
            x.number("p50", r.p50); x.number("p5", r.p5); x.number("min", r.min); x.int("stretches", r.stretches)
            w.raw("reportRateHz", x.closed)
        } else { w.raw("reportRateHz", "null") }
        w.int("longestStretchReports", longestStretchReports)
        if let r = frameRate {
            var x = JSONObjectWriter()
            x.number("p50", r.p50); x.number("p5", r.p5); x.number("min", r.min); x.int("stretches", r.stretches)
            w.raw("frameRateHz", x.closed)
        } else { w.raw("frameRateHz", "null") }
        w.int("contactsWithoutPosition", unplacedContacts)
        w.raw("fingers", "[" + fingerRates.map { f in
            var x = JSONObjectWriter(), r = JSONObjectWriter()
            r.number("p50", f.rate.p50); r.number("p5", f.rate.p5); r.number("min", f.rate.min); r.int("stretches", f.rate.stretches)
            x.int("slot", f.slot); x.int("trackingId", f.trackingID); x.raw("reportRateHz", r.closed)
            return x.closed
        }.joined(separator: ",") + "]")
        w.optional("stationaryJitterMm", unit == "mm" ? stationaryJitter : nil)
        w.optional("movingJitterMm", unit == "mm" ? movingJitter : nil)
        w.optional("linearityMm", unit == "mm" ? linearity : nil)
        w.optional("stationaryJitterPx", unit == "px" ? stationaryJitter : nil)
        w.optional("movingJitterPx", unit == "px" ? movingJitter : nil)
        w.optional("fingerSeparation", fingerSeparation)
        w.raw("pressure", pressure.map { "[\($0.lowerBound),\($0.upperBound)]" } ?? "null")
        w.raw("touchMajor", touchMajor.map { "[\($0.lowerBound),\($0.upperBound)]" } ?? "null")
        w.raw("anomalies", "[" + anomalies.map { a in
            var x = JSONObjectWriter()
            x.string("kind", a.kind); x.number("at", a.at); x.int("slot", a.slot); x.int("trackingId", a.trackingID); x.string("detail", a.detail)
            return x.closed
        }.joined(separator: ",") + "]")
        w.raw("checks", DeviceCheck.json(checks))
        return w.closed
    }
}

extension DeviceCheck {
    /// Whether the value must reach the limit (report rate, contacts) rather than stay within it.
    var atLeast: Bool { name == "report-rate" || name == "contacts" }
    /// "≥" or "≤".
    var relation: String { atLeast ? "≥" : "≤" }
    /// "PASS", "FAIL" or "not measured".
    var verdict: String { pass.map { $0 ? "PASS" : "FAIL" } ?? "not measured" }
    /// Decimals shown: none for counts, else 2.
    var digits: Int { unit == "count" || unit == "contacts" ? 0 : 2 }
    /// The value with its unit, or "—" when not measured.
    var shownValue: String { value.map { "\(TraceFormat.fixed($0, digits)) \(unit)" } ?? "—" }

    /// `[{"name", "value", "limit", "unit", "pass", "margin", "note"}, ...]`.
    static func json(_ checks: [DeviceCheck]) -> String {
        "[" + checks.map { c in
            var x = JSONObjectWriter()
            x.string("name", c.name); x.optional("value", c.value); x.number("limit", c.limit); x.string("unit", c.unit)
            x.raw("pass", c.pass.map { $0 ? "true" : "false" } ?? "null")
            x.optional("margin", c.margin); x.string("note", c.note)
            return x.closed
        }.joined(separator: ",") + "]"
    }
}

extension TouchAnalysis {
    /// `{"devices": [...]}` for the analysed devices, one line.
    public static func json(_ devices: [DeviceAnalysis]) -> String {
        "{\"devices\":[" + devices.map(\.json).joined(separator: ",") + "]}"
    }
}

/// Builds one JSON object's members in order.
package struct JSONObjectWriter {
    package init() {}
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private mutating func key(_ k: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        JSONOut.string(k, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
    package mutating func string(_ k: String, _ v: String) { key(k); JSONOut.string(v, into: &bytes) }
    package mutating func number(_ k: String, _ v: Double) { key(k); JSONOut.number(JSONOut.tidy(v), into: &bytes) }
    package mutating func int(_ k: String, _ v: Int) { key(k); bytes += Array(String(v).utf8) }
    package mutating func optional(_ k: String, _ v: Double?) { if let v { number(k, v) } else { raw(k, "null") } }
    package mutating func raw(_ k: String, _ v: String) { key(k); bytes += Array(v.utf8) }
    package mutating func optionalString(_ k: String, _ v: String?) { key(k); JSONOut.optionalString(v, into: &bytes) }
    /// The object, closed.
    package var closed: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }
}

extension String {
    /// Padded with spaces to `n` characters.
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
