// TraceReading: a trace line read back into the record that wrote it (DESIGN.md "Trace").
// Every kind the writer writes reads back: each shipped kind into its case, a failure wait
// (written as a `gesture` note) into `.failureWait`, and any other kind into a custom record
// of the entry `TraceKindRegistry` has for it, or of an entry made for it when the program
// has none. Written again, a record read back gives the line's bytes.
//
//     TraceRecord(line: #"{"t":3,"kind":"control","control":"button","event":"touchUpInside"}"#)
//     // TraceRecord(t: 3, .control(control: "button", event: "touchUpInside"))
//
// Only text is read here: files are TouchScene's (`TraceReader.read(path:)`).

extension TraceRecord {
    /// The record of one trace line's JSON object (keys in file order), as the writer wrote
    /// it; nil when it is no trace line: no `t` or `kind`, a shipped kind's field missing or
    /// of the wrong type, a custom kind's field of a type trace files do not write.
    public init?(json v: JSONValue) {
        let fields = TraceFields(v)
        guard let t = v["t"]?.number, let kind = v["kind"]?.string, let body = TraceRecord.Body(kind: kind, fields: fields) else { return nil }
        self.init(t: t, body, decision: fields.decision)
    }

    /// The record of one trace line's text (the line without its newline); nil when it is
    /// not JSON or no trace line. TouchScene's `TraceReader` reads whole files, with the line
    /// and column of what is wrong.
    public init?(line: String) {
        var text = line
        // `try?` flattens: nil for a blank line and for one that is not a trace line alike.
        guard let object = try? text.withUTF8({ (b) throws(JSONError) -> JSONValue? in try TraceRecord.lineObject(b) }) else {
            return nil
        }
        self.init(json: object)
    }

    /// The JSON object of one trace line's bytes: nil for a blank line; throws, with the byte
    /// offset, for bad JSON or a value that is not an object with a number `t` and a string
    /// `kind`.
    package static func lineObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue? {
        var s = JSONScanner(bytes)
        guard s.peek() != nil else { return nil }
        let v = try s.value()
        s.skipSpace()
        if !s.atEnd { throw s.fail("bad JSON: unexpected text after the object") }
        guard case .object = v, v["t"]?.number != nil, v["kind"]?.string != nil else {
            throw JSONError(offset: 0, message: "a trace line must be an object with `t` and `kind`")
        }
        return v
    }
}

/// The fields of one trace line, read as the writer writes them.
struct TraceFields {
    let v: JSONValue
    init(_ v: JSONValue) { self.v = v }

    func string(_ k: String) -> String? { v[k]?.string }
    func name(_ k: String) -> TraceName? { v[k]?.string.map { TraceName($0) } }
    func number(_ k: String) -> Double? { v[k]?.number }
    /// An integer field (a touch id, a count): nil for a fraction or a number out of range.
    func int(_ k: String) -> Int? { v[k]?.number.flatMap { Int(exactly: $0) } }
    func point(_ k: String) -> Point? {
        guard let a = v[k]?.array, a.count == 2, let x = a[0].number, let y = a[1].number else { return nil }
        return Point(x: x, y: y)
    }
    /// A list of `[x, y, t]` samples (force 1: trace files do not keep it); nil when it is not one.
    func samples(_ k: String) -> [TouchSample]? {
        guard let a = v[k]?.array else { return nil }
        var out: [TouchSample] = []
        for item in a {
            guard let xyt = item.array, xyt.count == 3, let x = xyt[0].number, let y = xyt[1].number, let t = xyt[2].number else { return nil }
            out.append(TouchSample(location: Point(x: x, y: y), pressure: 1, timestamp: t))
        }
        return out
    }
    /// A list of names; nil when it is not a list of strings.
    func names(_ k: String) -> [TraceName]? {
        guard let a = v[k]?.array else { return nil }
        var out: [TraceName] = []
        for item in a { guard let s = item.string else { return nil }; out.append(TraceName(s)) }
        return out
    }

    /// A touch's details (`type`, `force`, `maximumPossibleForce`, `majorRadius`,
    /// `majorRadiusTolerance`), read as reported (``TouchTraits/isReported``); nil when the
    /// line has none (an SDL finger or the mouse, or a line written before they were), or
    /// names a type this program does not know.
    var touchDetails: TouchDetails? {
        guard let type = string("type").flatMap(TouchType.init(rawValue:)) else { return nil }
        var traits = TouchTraits(type: type, maximumPossibleForce: number("maximumPossibleForce") ?? 0,
                                 majorRadius: number("majorRadius") ?? 0, majorRadiusTolerance: number("majorRadiusTolerance") ?? 0)
        // A line that carries them: as far as a reader knows, the input reported them.
        traits.isReported = true
        return TouchDetails(traits: traits, force: number("force") ?? 0)
    }

    /// The decision fields of a gesture line (`rule`, `measured`, `limit`, `unit`, `by`,
    /// `neverBegan`); nil when it names no rule. `margin` is derived, so it is not read.
    var decision: GestureDecision? {
        guard let rule = string("rule") else { return nil }
        var neverBegan = false
        if case .bool(true)? = v["neverBegan"] { neverBegan = true }
        return GestureDecision(GestureRule(rule), measured: number("measured"), limit: number("limit"),
                               unit: string("unit").flatMap(DecisionUnit.init(rawValue:)), by: names("by") ?? [],
                               neverBegan: neverBegan)
    }

    /// The fields but `t` and `kind`, in file order, as a custom record's values; nil when
    /// one is of a type trace files do not write for one (a boolean, an object, a mixed list).
    var customFields: [(key: String, value: TraceValue)]? {
        guard case let .object(pairs) = v else { return nil }
        var out: [(key: String, value: TraceValue)] = []
        for (key, value) in pairs where key != "t" && key != "kind" {
            switch value {
            case .null: out.append((key, .string(nil)))
            case let .string(s): out.append((key, .string(s)))
            case let .number(n): out.append((key, .number(n)))
            case let .array(items):
                // Two numbers are a point; strings (or none) a list of strings.
                if items.count == 2, let x = items[0].number, let y = items[1].number {
                    out.append((key, .point(Point(x: x, y: y))))
                    continue
                }
                var list: [String] = []
                for item in items { guard let s = item.string else { return nil }; list.append(s) }
                out.append((key, .strings(list)))
            case .bool, .object: return nil
            }
        }
        return out
    }
}

extension TraceRecord.Body {
    /// The body of a line of kind `kind`, read from its fields: a shipped kind into its case,
    /// any other into a custom record of its registered entry, or of one made for it.
    init?(kind: String, fields f: TraceFields) {
        switch kind {
        case "hit-test":
            guard let touch = f.int("touch"), let point = f.point("point"), let path = f.v["path"]?.array else { return nil }
            var steps: [HitStep] = []
            for step in path {
                guard let view = step["view"]?.string, let verdict = step["verdict"]?.string.flatMap(HitVerdict.init) else { return nil }
                steps.append(HitStep(view: TraceName(view), verdict: verdict))
            }
            guard let recognizers = f.v["recognizers"] == nil ? [] : f.names("recognizers") else { return nil }
            self = .hitTest(touch: touch, point: point, path: steps, view: f.name("view"), recognizers: recognizers,
                            details: f.touchDetails)
        case "touches":
            guard let phase = f.string("phase").flatMap(TouchPhase.init), let view = f.name("view"),
                  let ids = f.v["touches"]?.array else { return nil }
            var touches: [Int] = []
            for id in ids { guard let n = id.number.flatMap({ Int(exactly: $0) }) else { return nil }; touches.append(n) }
            self = .touches(phase: phase, view: view, touches: touches, reason: f.string("reason"))
        case "gesture":
            guard let r = f.name("recognizer"), let view = f.name("view"), let from = f.string("from").flatMap(GestureState.init),
                  let to = f.string("to").flatMap(GestureState.init), let reason = f.string("reason") else { return nil }
            var o = GestureOutputs()
            o.scale = f.number("scale")
            o.rotation = f.number("rotation")
            o.translation = f.point("translation")
            if let vv = f.point("velocity") { o.velocityVector = vv } else { o.velocity = f.number("velocity") }
            o.location = f.point("location")
            o.numberOfTouches = f.int("numberOfTouches")
            self = .gesture(recognizer: r, view: view, from: from, to: to, reason: TraceText(reason), outputs: o)
        case "control":
            guard let c = f.name("control"), let e = f.string("event") else { return nil }
            self = .control(control: c, event: e)
        case "action":
            guard let sender = f.name("sender"), let action = f.string("action") else { return nil }
            self = .action(sender: sender, action: action, target: f.name("target"), handledBy: f.name("handledBy"))
        case "motion":
            guard let phase = f.string("phase").flatMap(MotionPhase.init), let subtype = f.string("subtype") else { return nil }
            self = .motion(phase: phase, subtype: subtype, view: f.name("view"), reason: f.string("reason"))
        case "remote":
            guard let c = f.string("command") else { return nil }
            self = .remote(command: c, handledBy: f.name("handledBy"), reason: f.string("reason"))
        case "first-responder":
            guard let reason = f.string("reason") else { return nil }
            self = .firstResponder(from: f.name("from"), to: f.name("to"), reason: reason)
        case "orientation":
            guard let from = f.string("from"), let to = f.string("to") else { return nil }
            self = .orientation(from: from, to: to)
        case "touch-sample":
            guard let touch = f.int("touch"), let device = f.int("device"), let finger = f.int("finger"),
                  let point = f.point("point"), let phase = f.string("phase").flatMap(TouchPhase.init),
                  let pressure = f.number("pressure"), case let .bool(emulated)? = f.v["emulated"] else { return nil }
            var s = FingerSample(touch: touch, key: TouchKey(device: device, finger: finger),
                                 point: point, phase: phase, pressure: pressure, isEmulated: emulated)
            // Without details, a plain finger's or the mouse's traits.
            s.traits = f.touchDetails?.traits ?? (emulated ? .mouse : .finger)
            self = .touchSample(s)
        case "coalesced-touches":
            guard let touch = f.int("touch"), let samples = f.samples("samples"), let predicted = f.samples("predicted") else { return nil }
            self = .coalescedTouches(touch: touch, samples: samples, predicted: predicted, details: f.touchDetails)
        case "note":
            guard let topic = f.string("topic"), let text = f.string("text") else { return nil }
            self = Self.failureWait(topic: topic, text: text) ?? .note(topic: topic, text: TraceText(text))
        default:
            guard let fields = f.customFields else { return nil }
            self = .custom(TraceCustom(TraceKindRegistry.entry(named: kind) ?? TraceKindEntry(unknown: kind), fields: fields))
        }
    }

    /// The failure wait a `gesture` note writes ("pan blocked until swipe, tap fail"), when
    /// `text` is exactly what ``waitNote(recognizer:waitingFor:)`` makes of some wait.
    static func failureWait(topic: String, text: String) -> Self? {
        guard topic == "gesture", let until = text.firstRange(of: " blocked until ") else { return nil }
        let recognizer = TraceName(String(text[..<until.lowerBound]))
        var rest = text[until.upperBound...]
        if rest.hasSuffix(" fails") { rest = rest.dropLast(6) } else if rest.hasSuffix(" fail") { rest = rest.dropLast(5) } else { return nil }
        let waitingFor = rest.split(separator: ", ", omittingEmptySubsequences: false).map { TraceName(String($0)) }
        let wait = rest.isEmpty ? [] : waitingFor
        guard waitNote(recognizer: recognizer, waitingFor: wait) == text else { return nil }
        return .failureWait(recognizer: recognizer, waitingFor: wait)
    }
}
