// Trace files: TraceRecord as JSON Lines (DESIGN.md "Trace"), byte-identical for identical records.

/// Writes trace records, one JSON object per line, fields in a fixed order: `t` (rounded to
/// microseconds), `kind`, then the kind's fields (see `TraceWriter.encode`). Buffered; flushed
/// past 64 KiB, after each second of trace time, on `flush()` and on `close()`.
///
///     let w = try TraceWriter(path: "trace.jsonl")
///     tracer.sink = { w.write($0) }
///     ...
///     w.close()
public final class TraceWriter {
    private let out: OutputFile

    public init(path: String) throws(InputFileError) {
        do { out = try OutputFile(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the trace: \(error.message)")
        }
    }

    /// Writes to an open file descriptor (1: standard output), which `close()` leaves open.
    public init(descriptor: Int32, name: String = "<stdout>") {
        out = OutputFile(descriptor: descriptor, name: name)
    }

    private var lastFlush = 0.0

    /// Appends one record; flushes past 64 KiB or when a second of trace time has passed.
    public func write(_ record: TraceRecord) {
        out.withBuffer { TraceWriter.encode(record, into: &$0) }
        if record.t - lastFlush >= 1 { lastFlush = record.t; out.flush() }
    }

    public func flush() { out.flush() }
    /// Flushes and closes; safe to call twice.
    public func close() { out.close() }

    /// One trace line (without the newline).
    ///
    ///     {"t":0.1,"kind":"control","control":"button","event":"touchUpInside"}
    public static func line(_ record: TraceRecord) -> String {
        var b: [UInt8] = []
        encode(record, into: &b)
        b.removeLast()
        return String(decoding: b, as: UTF8.self)
    }

    /// Appends one line with its newline. Field order:
    /// - hit-test: touch, point, path [{view, verdict}], view
    /// - touches: phase, view, touches, reason (omitted when nil)
    /// - gesture: recognizer, view, from, to, reason, then scale, rotation, translation,
    ///   velocity (number, or [x, y] for vector velocity), location, numberOfTouches as present
    /// - control: control, event
    /// - action: sender, action, target, handledBy (null when nil)
    /// - motion: phase, subtype, view (null when nil), reason (omitted when nil)
    /// - remote: command, handledBy (null when nil), reason (omitted when nil)
    /// - first-responder: from, to (null when nil), reason
    /// - orientation: from, to
    /// - note: topic, text
    public static func encode(_ record: TraceRecord, into b: inout [UInt8]) {
        // Literal pieces are appended from their static UTF-8 (no String traffic per record).
        func lit(_ k: StaticString) {
            b.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        }
        lit("{\"t\":")
        JSONOut.time(record.t, into: &b)
        lit(",\"kind\":\"")
        lit(record.kindName)
        b.append(0x22)
        func key(_ k: StaticString) {
            b.append(0x2c); b.append(0x22)
            b.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
            b.append(0x22); b.append(0x3a)
        }
        func str(_ k: StaticString, _ v: String?) { key(k); JSONOut.optionalString(v, into: &b) }
        // Values are written to 1e-9: far below what any threshold or display needs, and it
        // keeps last-bit floating-point noise out of the trace (golden traces stay stable).
        func num(_ k: StaticString, _ v: Double) { key(k); JSONOut.number(JSONOut.tidy(v), into: &b) }
        func point(_ k: StaticString, _ p: Point) {
            key(k); b.append(0x5b); JSONOut.number(JSONOut.tidy(p.x), into: &b); b.append(0x2c)
            JSONOut.number(JSONOut.tidy(p.y), into: &b); b.append(0x5d)
        }
        switch record.body {
        case let .hitTest(touch, p, path, view):
            num("touch", Double(touch))
            point("point", p)
            key("path")
            b.append(0x5b)
            for (k, step) in path.enumerated() {
                if k > 0 { b.append(0x2c) }
                lit("{\"view\":")
                JSONOut.string(step.view, into: &b)
                lit(",\"verdict\":\"")
                lit(step.verdict.staticName)
                lit("\"}")
            }
            b.append(0x5d)
            str("view", view)
        case let .touches(phase, view, touches, reason):
            str("phase", phase.rawValue)
            str("view", view)
            key("touches")
            b.append(0x5b)
            for (k, id) in touches.enumerated() { if k > 0 { b.append(0x2c) }; JSONOut.number(Double(id), into: &b) }
            b.append(0x5d)
            if let reason { str("reason", reason) }
        case let .gesture(recognizer, view, from, to, reason, o):
            str("recognizer", recognizer)
            str("view", view)
            str("from", from.rawValue)
            str("to", to.rawValue)
            str("reason", reason)
            if let v = o.scale { num("scale", v) }
            if let v = o.rotation { num("rotation", v) }
            if let v = o.translation { point("translation", v) }
            if let v = o.velocityVector { point("velocity", v) } else if let v = o.velocity { num("velocity", v) }
            if let v = o.location { point("location", v) }
            if let v = o.numberOfTouches { num("numberOfTouches", Double(v)) }
        case let .control(control, event):
            str("control", control)
            str("event", event)
        case let .action(sender, action, target, handledBy):
            str("sender", sender)
            str("action", action)
            str("target", target)
            str("handledBy", handledBy)
        case let .motion(phase, subtype, view, reason):
            str("phase", phase.rawValue)
            str("subtype", subtype)
            str("view", view)
            if let reason { str("reason", reason) }
        case let .remote(command, handledBy, reason):
            str("command", command)
            str("handledBy", handledBy)
            if let reason { str("reason", reason) }
        case let .firstResponder(from, to, reason):
            str("from", from)
            str("to", to)
            str("reason", reason)
        case let .orientation(from, to):
            str("from", from)
            str("to", to)
        case let .note(topic, text):
            str("topic", topic)
            str("text", text)
        case let .failureWait(recognizer, waitingFor):
            str("topic", "gesture")
            str("text", TraceRecord.Body.waitNote(recognizer: recognizer, waitingFor: waitingFor))
        }
        b.append(0x7d); b.append(0x0a)
    }
}

/// Reads a trace file back, one `JSONValue` object (keys in file order) per line, and can
/// rebuild `TraceRecord`s from them. For tests and golden comparisons.
///
///     let lines = try TraceReader.read(path: "trace.jsonl")
///     lines[0]["kind"]?.string  // "hit-test"
public enum TraceReader {
    /// Every line of a trace file as a JSON object. Blank lines are skipped.
    public static func read(path: String) throws(InputFileError) -> [JSONValue] {
        let source: LineSource
        do { source = try LineSource(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot read the trace: \(error.message)")
        }
        return try read(source, file: path)
    }

    /// Every line of trace text as a JSON object.
    public static func read(text: String, file: String = "<trace>") throws(InputFileError) -> [JSONValue] {
        try read(LineSource(bytes: Array(text.utf8)), file: file)
    }

    private static func read(_ source: LineSource, file: String) throws(InputFileError) -> [JSONValue] {
        var out: [JSONValue] = []
        while true {
            let more: Bool
            do { more = try source.advance() } catch {
                throw InputFileError(file: file, line: source.lineNumber, column: 1, error.message)
            }
            guard more else { return out }
            let value = try source.withCurrent { (b) throws(InputFileError) -> JSONValue? in
                var s = JSONScanner(b)
                do throws(JSONError) {
                    guard s.peek() != nil else { return nil }
                    let v = try s.value()
                    s.skipSpace()
                    if !s.atEnd { throw s.fail("bad JSON: unexpected text after the object") }
                    guard case .object = v, v["t"]?.number != nil, v["kind"]?.string != nil else {
                        throw JSONError(offset: 0, message: "a trace line must be an object with `t` and `kind`")
                    }
                    return v
                } catch {
                    throw InputFileError(file: file, line: source.lineNumber, column: error.offset + 1, error.message)
                }
            }
            if let value { out.append(value) }
        }
    }

    /// Rebuilds a record from one trace line; nil when a field is missing or unknown.
    public static func record(from v: JSONValue) -> TraceRecord? {
        guard let t = v["t"]?.number, let kind = v["kind"]?.string else { return nil }
        func s(_ k: String) -> String? { v[k]?.string }
        func p(_ k: String) -> Point? {
            guard let a = v[k]?.array, a.count == 2, let x = a[0].number, let y = a[1].number else { return nil }
            return Point(x: x, y: y)
        }
        let body: TraceRecord.Body
        switch kind {
        case "hit-test":
            guard let touch = v["touch"]?.number, let point = p("point"), let path = v["path"]?.array else { return nil }
            var steps: [HitStep] = []
            for step in path {
                guard let view = step["view"]?.string, let verdict = step["verdict"]?.string.flatMap(HitVerdict.init) else { return nil }
                steps.append(HitStep(view: view, verdict: verdict))
            }
            body = .hitTest(touch: Int(touch), point: point, path: steps, view: s("view"))
        case "touches":
            guard let phase = s("phase").flatMap(TouchPhase.init), let view = s("view"), let ids = v["touches"]?.array else { return nil }
            body = .touches(phase: phase, view: view, touches: ids.compactMap { $0.number.map { Int($0) } }, reason: s("reason"))
        case "gesture":
            guard let r = s("recognizer"), let view = s("view"), let from = s("from").flatMap(GestureState.init),
                  let to = s("to").flatMap(GestureState.init), let reason = s("reason") else { return nil }
            var o = GestureOutputs()
            o.scale = v["scale"]?.number
            o.rotation = v["rotation"]?.number
            o.translation = p("translation")
            if let vv = p("velocity") { o.velocityVector = vv } else { o.velocity = v["velocity"]?.number }
            o.location = p("location")
            o.numberOfTouches = v["numberOfTouches"]?.number.map { Int($0) }
            body = .gesture(recognizer: r, view: view, from: from, to: to, reason: reason, outputs: o)
        case "control":
            guard let c = s("control"), let e = s("event") else { return nil }
            body = .control(control: c, event: e)
        case "action":
            guard let sender = s("sender"), let action = s("action") else { return nil }
            body = .action(sender: sender, action: action, target: s("target"), handledBy: s("handledBy"))
        case "motion":
            guard let phase = s("phase").flatMap(MotionPhase.init), let subtype = s("subtype") else { return nil }
            body = .motion(phase: phase, subtype: subtype, view: s("view"), reason: s("reason"))
        case "remote":
            guard let c = s("command") else { return nil }
            body = .remote(command: c, handledBy: s("handledBy"), reason: s("reason"))
        case "first-responder":
            guard let reason = s("reason") else { return nil }
            body = .firstResponder(from: s("from"), to: s("to"), reason: reason)
        case "orientation":
            guard let from = s("from"), let to = s("to") else { return nil }
            body = .orientation(from: from, to: to)
        case "note":
            guard let topic = s("topic"), let text = s("text") else { return nil }
            body = .note(topic: topic, text: text)
        default:
            return nil
        }
        return TraceRecord(t: t, body)
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
