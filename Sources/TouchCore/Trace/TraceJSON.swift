// The trace's JSON Lines form (DESIGN.md "Trace"): one object per record, fields in a fixed
// order, byte-identical for identical records. Trace files (`TraceWriter` in TouchScene)
// and `description` both use it.

extension TraceRecord: CustomStringConvertible {
    /// One trace line (without the newline).
    ///
    ///     {"t":0.1,"kind":"control","control":"button","event":"touchUpInside"}
    public var description: String {
        var b: [UInt8] = []
        encodeJSON(into: &b)
        b.removeLast()
        return String(decoding: b, as: UTF8.self)
    }

    /// Appends one line with its newline. Field order:
    /// - hit-test: touch, point, path [{view, verdict}], view, recognizers (omitted when none),
    ///   then the touch's details (below) unless it is a plain finger or mouse touch
    /// - touches: phase, view, touches, reason (omitted when nil)
    /// - gesture: recognizer, view, from, to, reason, then scale, rotation, translation,
    ///   velocity (number, or [x, y] for vector velocity), location, numberOfTouches as present,
    ///   then the decision's rule, measured, limit, unit, margin, by, neverBegan as present
    /// - control: control, event
    /// - action: sender, action, target, handledBy (null when nil)
    /// - motion: phase, subtype, view (null when nil), reason (omitted when nil)
    /// - remote: command, handledBy (null when nil), reason (omitted when nil)
    /// - first-responder: from, to (null when nil), reason
    /// - orientation: from, to
    /// - note: topic, text (a failure wait: topic `gesture`, its `waitNote`)
    /// - a custom kind: its fields, in order
    /// - touch-sample (never in trace files): touch, device, finger, point, phase, pressure,
    ///   emulated, then the details as for hit-test
    /// - coalesced-touches: touch, samples, predicted, then the details as for hit-test
    /// - the details (``TouchDetails``): type, force, maximumPossibleForce, then majorRadius
    ///   and majorRadiusTolerance when the input gave a size (majorRadius above 0)
    public func encodeJSON(into b: inout [UInt8]) {
        func lit(_ k: StaticString) {
            b.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        }
        lit("{\"t\":")
        JSONOut.time(t, into: &b)
        let entry = body.entry
        if entry.hasStaticName {
            lit(",\"kind\":\"")
            lit(entry.name)
            b.append(0x22)
        } else {
            lit(",\"kind\":")
            JSONOut.string(entry.kind, into: &b)
        }
        body.encodeFields(into: &b)
        b.append(0x7d); b.append(0x0a)
    }
}

extension TraceRecord.Body {
    /// Appends the record's fields after `kind`, each as `,"key":value` in the order above
    /// (the Perfetto export's `args` of a kind drawn as instants are these fields).
    package func encodeFields(into b: inout [UInt8]) {
        // Literal pieces are appended from their static UTF-8 (no String traffic per record).
        func lit(_ k: StaticString) {
            b.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        }
        func key(_ k: StaticString) {
            b.append(0x2c); b.append(0x22)
            b.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
            b.append(0x22); b.append(0x3a)
        }
        func str(_ k: StaticString, _ v: String?) { key(k); JSONOut.optionalString(v, into: &b) }
        func name(_ k: StaticString, _ v: TraceName?) { key(k); JSONOut.optionalString(v?.string, into: &b) }
        // Values are written to 1e-9: far below what any threshold or display needs, and it
        // keeps last-bit floating-point noise out of the trace (golden traces stay stable).
        func names(_ k: StaticString, _ v: [TraceName]) {
            key(k); b.append(0x5b)
            for (i, n) in v.enumerated() { if i > 0 { b.append(0x2c) }; JSONOut.string(n.string, into: &b) }
            b.append(0x5d)
        }
        func num(_ k: StaticString, _ v: Double) { key(k); JSONOut.number(JSONOut.tidy(v), into: &b) }
        func point(_ k: StaticString, _ p: Point) {
            key(k); b.append(0x5b); JSONOut.number(JSONOut.tidy(p.x), into: &b); b.append(0x2c)
            JSONOut.number(JSONOut.tidy(p.y), into: &b); b.append(0x5d)
        }
        func details(_ d: TouchDetails?) {
            guard let d else { return }
            str("type", d.type.rawValue)
            num("force", d.force)
            num("maximumPossibleForce", d.maximumPossibleForce)
            if d.majorRadius > 0 {
                num("majorRadius", d.majorRadius)
                num("majorRadiusTolerance", d.majorRadiusTolerance)
            }
        }
        switch self {
        case let .hitTest(touch, p, path, view, recognizers, d):
            num("touch", Double(touch))
            point("point", p)
            key("path")
            b.append(0x5b)
            for (k, step) in path.enumerated() {
                if k > 0 { b.append(0x2c) }
                lit("{\"view\":")
                JSONOut.string(step.view.string, into: &b)
                lit(",\"verdict\":\"")
                lit(step.verdict.staticName)
                lit("\"}")
            }
            b.append(0x5d)
            name("view", view)
            if !recognizers.isEmpty { names("recognizers", recognizers) }
            details(d)
        case let .touches(phase, view, touches, reason):
            str("phase", phase.rawValue)
            str("view", view.string)
            key("touches")
            b.append(0x5b)
            for (k, id) in touches.enumerated() { if k > 0 { b.append(0x2c) }; JSONOut.number(Double(id), into: &b) }
            b.append(0x5d)
            if let reason { str("reason", reason) }
        case let .gesture(recognizer, view, from, to, reason, o):
            str("recognizer", recognizer.string)
            str("view", view.string)
            str("from", from.rawValue)
            str("to", to.rawValue)
            str("reason", reason.description)
            if let v = o.scale { num("scale", v) }
            if let v = o.rotation { num("rotation", v) }
            if let v = o.translation { point("translation", v) }
            if let v = o.velocityVector { point("velocity", v) } else if let v = o.velocity { num("velocity", v) }
            if let v = o.location { point("location", v) }
            if let v = o.numberOfTouches { num("numberOfTouches", Double(v)) }
            if let d = reason.decision {
                str("rule", d.rule.rawValue)
                if let v = d.measured { num("measured", v) }
                if let v = d.limit { num("limit", v) }
                if let u = d.unit { str("unit", u.rawValue) }
                if let v = d.margin { num("margin", v) }
                if !d.by.isEmpty { names("by", d.by) }
                if d.neverBegan { key("neverBegan"); lit("true") }
            }
        case let .control(control, event):
            name("control", control)
            str("event", event)
        case let .action(sender, action, target, handledBy):
            name("sender", sender)
            str("action", action)
            name("target", target)
            name("handledBy", handledBy)
        case let .motion(phase, subtype, view, reason):
            str("phase", phase.rawValue)
            str("subtype", subtype)
            name("view", view)
            if let reason { str("reason", reason) }
        case let .remote(command, handledBy, reason):
            str("command", command)
            name("handledBy", handledBy)
            if let reason { str("reason", reason) }
        case let .firstResponder(from, to, reason):
            name("from", from)
            name("to", to)
            str("reason", reason)
        case let .orientation(from, to):
            str("from", from)
            str("to", to)
        case let .note(topic, text):
            str("topic", topic)
            str("text", text.string)
        case let .failureWait(recognizer, waitingFor):
            str("topic", "gesture")
            str("text", TraceRecord.Body.waitNote(recognizer: recognizer, waitingFor: waitingFor))
        case let .touchSample(s):
            num("touch", Double(s.touch))
            num("device", Double(s.key.device))
            num("finger", Double(s.key.finger))
            point("point", s.point)
            str("phase", s.phase.rawValue)
            num("pressure", s.pressure)
            key("emulated")
            if s.isEmulated { lit("true") } else { lit("false") }
            if !s.traits.isPlain { details(TouchDetails(traits: s.traits, force: s.force)) }
        case let .coalescedTouches(touch, samples, predicted, d):
            num("touch", Double(touch))
            TouchSample.encode("samples", samples, into: &b)
            TouchSample.encode("predicted", predicted, into: &b)
            details(d)
        case let .custom(c):
            for (k, v) in c.fields {
                b.append(0x2c); JSONOut.string(k, into: &b); b.append(0x3a)
                switch v {
                case let .string(s): JSONOut.optionalString(s, into: &b)
                case let .number(n): JSONOut.number(JSONOut.tidy(n), into: &b)
                case let .point(p):
                    b.append(0x5b); JSONOut.number(JSONOut.tidy(p.x), into: &b); b.append(0x2c)
                    JSONOut.number(JSONOut.tidy(p.y), into: &b); b.append(0x5d)
                case let .strings(list):
                    b.append(0x5b)
                    for (n, s) in list.enumerated() { if n > 0 { b.append(0x2c) }; JSONOut.string(s, into: &b) }
                    b.append(0x5d)
                }
            }
        }
    }
}

extension HitVerdict {
    /// The raw value as a static string.
    var staticName: StaticString {
        switch self {
        case .inside: "inside"
        case .outside: "outside"
        case .hidden: "hidden"
        case .transparent: "transparent"
        case .disabled: "disabled"
        case .hit: "hit"
        }
    }
}

/// Deterministic JSON output: compact, fixed number format, correct string escaping.
package enum JSONOut {
    /// Integers without ".0"; others in Swift's shortest round-trip form (`0.1`, `1e-07`);
    /// -0 as 0; non-finite numbers (which never belong in these files) as null.
    package static func number(_ v: Double, into out: inout [UInt8]) {
        guard v.isFinite else { out.append(contentsOf: "null".utf8); return }
        if v == v.rounded(), abs(v) < 1e15 {
            let n = Int64(v)
            if n == 0 { out.append(0x30); return }
            var x = n < 0 ? -n : n
            var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &tmp) { buf in
                while x > 0 { buf[count] = UInt8(x % 10) + 0x30; x /= 10; count += 1 }
                if n < 0 { out.append(0x2d) }
                for k in stride(from: count - 1, through: 0, by: -1) { out.append(buf[k]) }
            }
            return
        }
        out.append(contentsOf: v.description.utf8)
    }

    /// A value rounded to 1e-9 (and -0 to 0), for trace outputs.
    package static func tidy(_ v: Double) -> Double {
        guard v.isFinite, abs(v) < 1e9 else { return v }
        let r = (v * 1e9).rounded() / 1e9
        return r == 0 ? 0 : r
    }

    /// Seconds rounded to microseconds.
    package static func time(_ t: Double, into out: inout [UInt8]) {
        number((t * 1_000_000).rounded() / 1_000_000, into: &out)
    }

    /// A JSON array of strings, as text: `["a","b"]`.
    package static func strings(_ list: [String]) -> String {
        var b: [UInt8] = [0x5b]
        for (k, s) in list.enumerated() {
            if k > 0 { b.append(0x2c) }
            string(s, into: &b)
        }
        b.append(0x5d)
        return String(decoding: b, as: UTF8.self)
    }

    package static func string(_ s: String, into out: inout [UInt8]) {
        // Fast path: nothing to escape (ids, most reasons): one bulk copy of the UTF-8.
        var s = s
        let done = s.withUTF8 { u -> Bool in
            for c in u where c < 0x20 || c == 0x22 || c == 0x5c { return false }
            out.append(0x22)
            out.append(contentsOf: u)
            out.append(0x22)
            return true
        }
        if done { return }
        out.append(0x22)
        for c in s.utf8 {
            switch c {
            case 0x22: out.append(0x5c); out.append(0x22)
            case 0x5c: out.append(0x5c); out.append(0x5c)
            case 0x0a: out.append(0x5c); out.append(0x6e)
            case 0x0d: out.append(0x5c); out.append(0x72)
            case 0x09: out.append(0x5c); out.append(0x74)
            case 0x08: out.append(0x5c); out.append(0x62)
            case 0x0c: out.append(0x5c); out.append(0x66)
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5c, 0x75, 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 15)]])
            default: out.append(c)
            }
        }
        out.append(0x22)
    }

    package static func optionalString(_ s: String?, into out: inout [UInt8]) {
        if let s { string(s, into: &out) } else { out.append(contentsOf: "null".utf8) }
    }

}

extension TouchSample {
    /// `,"key":[[x,y,t],...]`: samples as trace files write them (location and time; the
    /// force is the touch's, in its `touch-sample` records).
    static func encode(_ key: StaticString, _ samples: [TouchSample], into b: inout [UInt8]) {
        b.append(0x2c); b.append(0x22)
        key.withUTF8Buffer { b.append(contentsOf: $0) }
        b.append(0x22); b.append(0x3a); b.append(0x5b)
        for (i, s) in samples.enumerated() {
            if i > 0 { b.append(0x2c) }
            b.append(0x5b); JSONOut.number(JSONOut.tidy(s.location.x), into: &b); b.append(0x2c)
            JSONOut.number(JSONOut.tidy(s.location.y), into: &b); b.append(0x2c)
            JSONOut.number(JSONOut.tidy(s.timestamp), into: &b); b.append(0x5d)
        }
        b.append(0x5d)
    }
}
