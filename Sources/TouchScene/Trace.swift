// Trace files: TraceRecord as JSON Lines (DESIGN.md "Trace"), byte-identical for identical records.

/// Writes trace records, one JSON object per line, fields in a fixed order: `t` (rounded to
/// microseconds), `kind`, then the kind's fields (see `TraceWriter.encode`). Buffered; flushed
/// past 64 KiB, after each second of trace time, on `flush()` and on `close()`.
///
/// `touch-sample` records are not written: the recording holds the input they repeat.
///
///     let w = try TraceWriter(path: "trace.jsonl")
///     app.tracer.sink = w
///     ...
///     w.close()
public final class TraceWriter: TraceSink {
    private let out: OutputFile

    /// A writer to the file at `path`: created, or emptied when it is a regular file
    /// (symlinks followed). Fails (`FILE:1:1: cannot write the trace: ...`) when it cannot
    /// be, or when `path` names anything else (a FIFO, a device, a directory).
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

    /// Appends one record (a `touch-sample` is skipped); flushes past 64 KiB or when a
    /// second of trace time has passed.
    public func write(_ record: TraceRecord) {
        guard record.isWrittenToFiles else { return }
        out.withBuffer { TraceWriter.encode(record, into: &$0) }
        if record.t - lastFlush >= 1 { lastFlush = record.t; out.flush() }
    }
    /// `write`, as the tracer's sink.
    public func receive(_ record: consuming TraceRecord) { write(record) }

    /// Writes out what is buffered.
    public func flush() { out.flush() }
    /// Flushes and closes; safe to call twice.
    public func close() { out.close() }

    /// Why the file could not be written (`FILE:1:1: cannot write the trace: REASON`): the
    /// first failed write or close; nil while everything was written. Writes after a
    /// failure are dropped. Read it after `close()`.
    public var writeError: InputFileError? {
        out.failure.map { InputFileError(file: out.path, line: 1, column: 1, "cannot write the trace: \($0)") }
    }

    /// One trace line (without the newline): `record.description`.
    public static func line(_ record: TraceRecord) -> String { record.description }

    /// Appends one line with its newline (`TraceRecord.encodeJSON(into:)`).
    public static func encode(_ record: TraceRecord, into b: inout [UInt8]) { record.encodeJSON(into: &b) }
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
        func n(_ k: String) -> TraceName? { v[k]?.string.map { TraceName($0) } }
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
                steps.append(HitStep(view: TraceName(view), verdict: verdict))
            }
            let recognizers = (v["recognizers"]?.array ?? []).compactMap { $0.string.map { TraceName($0) } }
            body = .hitTest(touch: Int(touch), point: point, path: steps, view: n("view"), recognizers: recognizers)
        case "touches":
            guard let phase = s("phase").flatMap(TouchPhase.init), let view = s("view"), let ids = v["touches"]?.array else { return nil }
            body = .touches(phase: phase, view: TraceName(view), touches: ids.compactMap { $0.number.map { Int($0) } }, reason: s("reason"))
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
            body = .gesture(recognizer: TraceName(r), view: TraceName(view), from: from, to: to, reason: TraceText(reason), outputs: o)
        case "control":
            guard let c = n("control"), let e = s("event") else { return nil }
            body = .control(control: c, event: e)
        case "action":
            guard let sender = n("sender"), let action = s("action") else { return nil }
            body = .action(sender: sender, action: action, target: n("target"), handledBy: n("handledBy"))
        case "motion":
            guard let phase = s("phase").flatMap(MotionPhase.init), let subtype = s("subtype") else { return nil }
            body = .motion(phase: phase, subtype: subtype, view: n("view"), reason: s("reason"))
        case "remote":
            guard let c = s("command") else { return nil }
            body = .remote(command: c, handledBy: n("handledBy"), reason: s("reason"))
        case "first-responder":
            guard let reason = s("reason") else { return nil }
            body = .firstResponder(from: n("from"), to: n("to"), reason: reason)
        case "orientation":
            guard let from = s("from"), let to = s("to") else { return nil }
            body = .orientation(from: from, to: to)
        case "touch-sample":
            guard let touch = v["touch"]?.number, let device = v["device"]?.number, let finger = v["finger"]?.number,
                  let point = p("point"), let phase = s("phase").flatMap(TouchPhase.init),
                  let pressure = v["pressure"]?.number, case let .bool(emulated)? = v["emulated"] else { return nil }
            body = .touchSample(FingerSample(touch: Int(touch), key: TouchKey(device: Int(device), finger: Int(finger)),
                                             point: point, phase: phase, pressure: pressure, isEmulated: emulated))
        case "note":
            guard let topic = s("topic"), let text = s("text") else { return nil }
            body = .note(topic: topic, text: TraceText(text))
        default:
            return nil
        }
        return TraceRecord(t: t, body, decision: decision(from: v))
    }

    /// The decision fields of a gesture line (`rule`, `measured`, `limit`, `unit`, `by`,
    /// `neverBegan`); nil when it names no rule. `margin` is derived, so it is not read.
    static func decision(from v: JSONValue) -> GestureDecision? {
        guard let rule = v["rule"]?.string else { return nil }
        var by: [TraceName] = []
        for n in v["by"]?.array ?? [] { if let s = n.string { by.append(TraceName(s)) } }
        var neverBegan = false
        if case .bool(true)? = v["neverBegan"] { neverBegan = true }
        return GestureDecision(GestureRule(rule), measured: v["measured"]?.number, limit: v["limit"]?.number,
                               unit: v["unit"]?.string.flatMap(DecisionUnit.init(rawValue:)), by: by, neverBegan: neverBegan)
    }
}
