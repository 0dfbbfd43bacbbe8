// TraceFormat: one readable line per trace record, for the event log and the panels.
//
//     TraceFormat.line(record)
//     // "0.412 gesture doubleTap possible→recognized  recognized: 2 taps of 1 finger"

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

    public static func point(_ p: Point, _ digits: Int = 1) -> String { "(\(short(p.x, digits)), \(short(p.y, digits)))" }

    /// The record as one line: time, kind, then what happened and why.
    public static func line(_ r: TraceRecord) -> String {
        "\(fixed(r.t)) \(r.kind) \(summary(r.body))"
    }

    /// What happened, without time and kind.
    public static func summary(_ body: TraceRecord.Body) -> String {
        switch body {
        case let .hitTest(touch, p, path, view):
            let steps = path.map { "\($0.view):\($0.verdict.rawValue)" }.joined(separator: " ")
            return "touch \(touch) at \(point(p)) → \(view ?? "window")  [\(steps)]"
        case let .touches(phase, view, touches, reason):
            let ids = touches.map(String.init).joined(separator: ",")
            return "\(phase.rawValue) [\(ids)] → \(view)" + (reason.map { "  \($0)" } ?? "")
        case let .gesture(recognizer, view, from, to, reason, outputs):
            let out = self.outputs(outputs)
            return "\(recognizer) \(from.rawValue)→\(to.rawValue)  \(reason)" + (out.isEmpty ? "" : "  {\(out)}") + (view.isEmpty ? "" : "  on \(view)")
        case let .control(control, event):
            return "\(control) \(event)"
        case let .action(sender, action, target, handledBy):
            return "\(action) from \(sender) to \(target ?? "nil (chain)") → handled by \(handledBy ?? "nobody")"
        case let .motion(phase, subtype, view, reason):
            return "\(subtype) \(phase.rawValue) → \(view ?? "nobody")" + (reason.map { "  \($0)" } ?? "")
        case let .remote(command, handledBy, reason):
            return "\(command) → \(handledBy ?? "nobody")" + (reason.map { "  \($0)" } ?? "")
        case let .firstResponder(from, to, reason):
            return "\(from ?? "none") → \(to ?? "none")  \(reason)"
        case let .orientation(from, to):
            return "\(from) → \(to)"
        case let .note(topic, text):
            return "[\(topic)] \(text)"
        case let .failureWait(recognizer, waitingFor):
            return "[gesture] " + TraceRecord.Body.waitNote(recognizer: recognizer, waitingFor: waitingFor)
        case let .touchSample(s):
            return "touch \(s.touch) \(s.phase.rawValue) at \(point(s.point)) (device \(s.key.device) finger \(s.key.finger), pressure \(short(s.pressure, 2))\(s.isEmulated ? ", mouse" : ""))"
        }
    }

    /// The outputs that apply, compactly ("loc (10, 20) scale 1.25 rot 12.5°").
    public static func outputs(_ o: GestureOutputs) -> String {
        var parts: [String] = []
        if let l = o.location { parts.append("loc \(point(l))") }
        if let s = o.scale { parts.append("scale \(short(s, 3))") }
        if let r = o.rotation { parts.append("rot \(short(r * 180 / Double.pi, 1))°") }
        if let t = o.translation { parts.append("tr \(point(t))") }
        if let v = o.velocity { parts.append("vel \(short(v, 2))") }
        if let v = o.velocityVector { parts.append("vel \(point(v, 0))") }
        if let n = o.numberOfTouches { parts.append("n \(n)") }
        return parts.joined(separator: " ")
    }
}
