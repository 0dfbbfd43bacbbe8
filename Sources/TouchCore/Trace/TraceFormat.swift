// TraceFormat: one readable line per trace record (and the full text of one), for the event
// log and the panels; each kind's text is its table entry's (`TraceKinds.swift`).
//
//     TraceFormat.line(record)
//     // "0.412 gesture doubleTap possible→recognized  recognized: 2 taps of 1 finger"
/// Trace records as text a person reads: the event log's line, the selection box's paragraphs,
/// and the number formats both use.
public enum TraceFormat {
    /// `v` with exactly `digits` decimals ("0.412", "-3.10"); no Foundation needed.
    public static func fixed(_ v: Double, _ digits: Int = 3) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let n = (abs(v) * scale).rounded()
        let whole = Int(n / scale)
        var frac = String(Int(n - Double(whole) * scale))
        while frac.count < digits { frac = "0" + frac }
        let sign = v < 0 && n != 0 ? "-" : ""
        return digits > 0 ? "\(sign)\(whole).\(frac)" : "\(sign)\(whole)"
    }

    /// A short number: at most `digits` decimals, trailing zeros dropped ("1.5", "12", "0.07").
    public static func short(_ v: Double, _ digits: Int = 1) -> String {
        var s = fixed(v, digits)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// A point as "(x, y)", each `short` to `digits` decimals.
    public static func point(_ p: Point, _ digits: Int = 1) -> String { "(\(short(p.x, digits)), \(short(p.y, digits)))" }

    /// The record as one line: time, kind, then what happened and why.
    public static func line(_ r: TraceRecord) -> String {
        "\(fixed(r.t)) \(r.kind) \(summary(r.body))"
    }

    /// What happened, without time and kind: the kind's summary (`TraceKinds.swift`).
    public static func summary(_ body: TraceRecord.Body) -> String { body.entry.summary(body) }

    /// The record in full for the selection box, after its heading: the kind's detail, or
    /// its summary.
    public static func detail(_ body: TraceRecord.Body) -> [String] {
        let entry = body.entry
        return entry.detail?(body) ?? [entry.summary(body)]
    }

    /// `reason: <text>` as a paragraph, or none when there is no reason.
    public static func reason(_ s: String?) -> [String] {
        guard let s, !s.isEmpty else { return [] }
        return ["reason: " + s]
    }

    /// How outputs are spelled: compactly on one line (the event log) or in full, one per
    /// line (the selection box).
    public enum OutputStyle: Sendable {
        /// Short labels, fewer decimals ("loc", "rot", "tr", "vel", "n").
        case compact
        /// Whole words, more decimals, rotation also in radians.
        case full
    }

    /// The outputs that apply, one string each, in `style`:
    /// compact "loc (10, 20)", "scale 1.25", "rot 12.5°"; full "location (10, 20)",
    /// "scale 1.25", "rotation 12.5° (0.2182 rad)".
    public static func outputLines(_ o: GestureOutputs, _ style: OutputStyle) -> [String] {
        let full = style == .full
        var parts: [String] = []
        if let l = o.location { parts.append("\(full ? "location" : "loc") \(point(l, full ? 2 : 1))") }
        if let s = o.scale { parts.append("scale \(short(s, full ? 4 : 3))") }
        if let r = o.rotation {
            let degrees = short(r * 180 / Double.pi, full ? 2 : 1)
            parts.append(full ? "rotation \(degrees)° (\(short(r, 4)) rad)" : "rot \(degrees)°")
        }
        if let t = o.translation { parts.append("\(full ? "translation" : "tr") \(point(t, full ? 2 : 1))") }
        if let v = o.velocity { parts.append("\(full ? "velocity" : "vel") \(short(v, full ? 3 : 2))") }
        if let v = o.velocityVector { parts.append(full ? "velocity \(point(v, 1)) pt/s" : "vel \(point(v, 0))") }
        if let n = o.numberOfTouches { parts.append("\(full ? "touches" : "n") \(n)") }
        return parts
    }

    /// The outputs that apply, compactly ("loc (10, 20) scale 1.25 rot 12.5°").
    public static func outputs(_ o: GestureOutputs) -> String {
        outputLines(o, .compact).joined(separator: " ")
    }
}
