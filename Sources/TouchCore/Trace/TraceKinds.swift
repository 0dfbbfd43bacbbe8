// TraceKinds: the table of trace kinds. Each kind of record has one entry here: its name in
// trace files, the event-log filter group that lists it, its summary line (and the longer
// text of the selection box), and how the Perfetto export shows it. Only the two encoders
// (`TraceRecord.encodeJSON`, the Perfetto timeline) switch over the kinds, exhaustively.
//
//     record.body.entry.name                 // "control"
//     record.body.entry.group                // .control (the event log's filter)
//     record.body.entry.summary(record.body) // "button touchUpInside"
//
// A program or a test that needs a kind of its own makes a `TraceKindEntry` and emits
// `.custom(TraceCustom(entry, fields))` records: no case of its own, the entry is its table
// entry (docs/contributing.md "Add a trace kind").

/// The event log's filter groups, in the order the filter shows them. Each trace kind is
/// listed under one (``TraceKindEntry/group``).
public enum TraceKind: String, CaseIterable, Sendable, Hashable {
    /// Hit tests.
    case hitTest = "hit-test"
    /// Touch messages to responders (and touch samples).
    case touches
    /// Recognizer transitions.
    case gesture
    /// Control events.
    case control
    /// Action messages.
    case action
    /// Motion events (shake).
    case motion
    /// Remote-control commands.
    case remote
    /// First-responder changes.
    case firstResponder = "first-responder"
    /// Device orientation changes.
    case orientation
    /// Notes, failure waits among them.
    case note

    /// The group a record is listed under (a touch sample, never kept by the log, as a
    /// touch message).
    public init(_ body: TraceRecord.Body) { self = body.entry.group }
}

extension TraceRecord {
    /// The event-log filter group this record is listed under.
    public var traceKind: TraceKind { body.entry.group }
}

/// The Perfetto export's tracks that take one kind of record each, in their sort order.
public enum PerfettoTrack: Int, CaseIterable, Sendable {
    /// Control events.
    case controls
    /// Action messages.
    case actions
    /// Motion events.
    case motion
    /// Remote-control commands.
    case remote
    /// First-responder and orientation changes.
    case responders
    /// Notes.
    case notes
    /// Touch samples, where the flows start.
    case input
    /// Frames drawn.
    case frames
    /// The track's name in the timeline.
    public var name: String {
        switch self {
        case .controls: "controls"
        case .actions: "actions"
        case .motion: "motion"
        case .remote: "remote"
        case .responders: "responders"
        case .notes: "notes"
        case .input: "input"
        case .frames: "frames"
        }
    }
}

/// How the Perfetto export shows a kind of record.
public enum PerfettoMapping: Sendable {
    /// The Perfetto writer draws it itself, with state across records (recognizer slices,
    /// touch tracks, the input track and its flows). A custom kind mapped so is left out.
    case own
    /// One instant event per record on `track`, named by `name`, in category `category`,
    /// its `args` the record's fields as the trace file writes them. `flow`: an arrow from
    /// the touch sample that caused it, when one did.
    case instant(track: PerfettoTrack, category: StaticString, name: @Sendable (TraceRecord.Body) -> String, flow: Bool)
}

/// One trace kind's table entry: everything about the kind except how its fields are
/// encoded (the JSON and Perfetto encoders do that). A class: a record's entry is found
/// for every record written, and a reference is all that is copied.
public final class TraceKindEntry: Sendable, Hashable {
    /// The trace file's `kind` (`"control"`), a static string: writers append it without
    /// building a String. An entry made for a kind read from a file that this program has
    /// no entry for (``init(unknown:)``) has no static name: its `name` is `"custom"`, and
    /// ``kind`` is the file's.
    public let name: StaticString
    /// The trace file's `kind` as a String: `name`, or the file's kind for an entry made for
    /// a kind this program does not know.
    public let kind: String
    /// Whether `name` is the kind's name (false: an entry made by ``init(unknown:)``).
    let hasStaticName: Bool
    /// The event-log filter group that lists it.
    public let group: TraceKind
    /// What happened, in one line, without time and kind (the event log's line).
    public let summary: @Sendable (TraceRecord.Body) -> String
    /// The record in full for the selection box, a paragraph each (after the heading); nil:
    /// the summary.
    public let detail: (@Sendable (TraceRecord.Body) -> [String])?
    /// How the Perfetto export shows it.
    public let perfetto: PerfettoMapping

    /// An entry: `name` in trace files, listed under `group`, read as `summary`, drawn in
    /// Perfetto as `perfetto` (`detail`: the selection box's paragraphs, when more than the
    /// summary).
    public init(name: StaticString, group: TraceKind, perfetto: PerfettoMapping,
                summary: @escaping @Sendable (TraceRecord.Body) -> String,
                detail: (@Sendable (TraceRecord.Body) -> [String])? = nil) {
        self.name = name; self.group = group; self.perfetto = perfetto; self.summary = summary; self.detail = detail
        kind = name.description
        hasStaticName = true
    }

    /// The entry of a kind read from a trace file that this program has no entry for
    /// (``TraceKindRegistry``): its records are ``TraceCustom`` records whose fields are the
    /// file's, written back as they were read. Listed under notes, drawn as an instant on
    /// Perfetto's notes track (category `custom`), summarised as its fields.
    ///
    ///     TraceKindEntry(unknown: "sparkle").summary(body)   // "view photo count 3 at (10.5, 20)"
    public init(unknown kind: String) {
        name = "custom"
        self.kind = kind
        hasStaticName = false
        group = .note
        perfetto = .instant(track: .notes, category: "custom", name: { _ in kind }, flow: false)
        summary = { body in
            guard case let .custom(c) = body else { return "" }
            return c.fields.map { "\($0.key) \($0.value.text)" }.joined(separator: " ")
        }
        detail = nil
    }
    /// Entries are the same kind when their names are.
    public static func == (a: TraceKindEntry, b: TraceKindEntry) -> Bool { a.kind == b.kind }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// A record of a kind that is not a case of ``TraceRecord/Body``: its table entry and its
/// fields, in the order trace files write them.
///
///     static let sparkle = TraceKindEntry(name: "sparkle", group: .note,
///         perfetto: .instant(track: .notes, category: "sparkle", name: { _ in "sparkle" }, flow: false),
///         summary: { _ in "sparkle" })
///     tracer.emit(t, .custom(TraceCustom(.sparkle, ["view": .string("photo")])))
public struct TraceCustom: Sendable, Hashable {
    /// The kind's table entry.
    public let entry: TraceKindEntry
    /// The fields after `t` and `kind`, in the order trace files write them.
    public let fields: [(key: String, value: TraceValue)]

    /// A record of `entry`'s kind with `fields`, written in this order.
    public init(_ entry: TraceKindEntry, _ fields: KeyValuePairs<String, TraceValue>) {
        self.entry = entry
        self.fields = fields.map { ($0.key, $0.value) }
    }
    /// A record of `entry`'s kind with `fields` (a list made at run time, as the trace reader
    /// makes it), written in this order.
    public init(_ entry: TraceKindEntry, fields: [(key: String, value: TraceValue)]) {
        self.entry = entry
        self.fields = fields
    }
    /// The value of field `key`, if there is one.
    public subscript(key: String) -> TraceValue? { fields.first { $0.key == key }?.value }

    /// Records of one kind with the same fields, in the same order.
    public static func == (a: TraceCustom, b: TraceCustom) -> Bool {
        a.entry == b.entry && a.fields.elementsEqual(b.fields) { $0.key == $1.key && $0.value == $1.value }
    }
    /// Hashes the kind and the fields.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entry)
        for f in fields { hasher.combine(f.key); hasher.combine(f.value) }
    }
}

/// One field value of a ``TraceCustom`` record, as trace files write it.
public enum TraceValue: Sendable, Hashable {
    /// A string, or null.
    case string(String?)
    /// A number (written to 1e-9, as outputs are).
    case number(Double)
    /// A point, as `[x, y]`.
    case point(Point)
    /// A list of strings.
    case strings([String])

    /// The value as the event log shows it: the string ("null" for none), the number, the
    /// point "(x, y)", the strings separated by commas.
    public var text: String {
        switch self {
        case let .string(s): s ?? "null"
        case let .number(n): TraceFormat.short(n, 3)
        case let .point(p): TraceFormat.point(p, 3)
        case let .strings(list): list.joined(separator: ",")
        }
    }
}

extension TraceRecord.Body {
    /// The kind's table entry.
    public var entry: TraceKindEntry {
        switch self {
        case .hitTest: .hitTest
        case .touches: .touches
        case .gesture: .gesture
        case .touchSample: .touchSample
        case .coalescedTouches: .coalescedTouches
        case .control: .control
        case .action: .action
        case .motion: .motion
        case .remote: .remote
        case .firstResponder: .firstResponder
        case .orientation: .orientation
        case .failureWait: .failureWait
        case .note: .note
        case let .custom(c): c.entry
        }
    }
}

// The table: one entry per kind. A summary or name closure is only ever given a record of
// its own kind (`body.entry`); the `guard case` is how it reads the fields.
extension TraceKindEntry {
    /// The entry of a hit test.
    public static let hitTest = TraceKindEntry(name: "hit-test", group: .hitTest, perfetto: .own, summary: { b in
        guard case let .hitTest(touch, p, path, view, _, _) = b else { return "" }
        let steps = path.map { "\($0.view):\($0.verdict.rawValue)" }.joined(separator: " ")
        return "touch \(touch) at \(TraceFormat.point(p)) → \(view?.string ?? "window")  [\(steps)]"
    }, detail: { b in
        guard case let .hitTest(touch, p, path, view, _, details) = b else { return [] }
        let steps = path.enumerated().map { (i: Int, step: HitStep) in "\(i + 1). \(step.view) \(step.verdict.rawValue)" }
        return ["touch \(touch) at \(TraceFormat.point(p)) → \(view?.string ?? "no view (the window)")",
                "path: " + steps.joined(separator: "  ")] + (details.map { ["touch \(touch): " + $0.text] } ?? [])
    })

    /// The entry of a touch message.
    public static let touches = TraceKindEntry(name: "touches", group: .touches, perfetto: .own, summary: { b in
        guard case let .touches(phase, view, touches, reason) = b else { return "" }
        let ids = touches.map(String.init).joined(separator: ",")
        return "\(phase.rawValue) [\(ids)] → \(view)" + (reason.map { "  \($0)" } ?? "")
    }, detail: { b in
        guard case let .touches(phase, view, touches, reason) = b else { return [] }
        let ids = touches.map { String($0) }.joined(separator: ", ")
        return ["touches \(phase.rawValue) [\(ids)] → \(view)"] + TraceFormat.reason(reason)
    })

    /// The entry of a recognizer transition.
    public static let gesture = TraceKindEntry(name: "gesture", group: .gesture, perfetto: .own, summary: { b in
        guard case let .gesture(recognizer, view, from, to, reason, outputs) = b else { return "" }
        let out = TraceFormat.outputs(outputs)
        return "\(recognizer) \(from.rawValue)→\(to.rawValue)  \(reason)" + (out.isEmpty ? "" : "  {\(out)}")
            + (view.isEmpty ? "" : "  on \(view)")
    }, detail: { b in
        guard case let .gesture(recognizer, view, from, to, reason, outputs) = b else { return [] }
        return ["\(recognizer)" + (view.isEmpty ? "" : " on \(view)") + ": \(from.rawValue) → \(to.rawValue)"]
            + TraceFormat.reason(reason.description) + TraceFormat.outputLines(outputs, .full)
    })

    /// The entry of a touch sample (not in trace files).
    public static let touchSample = TraceKindEntry(name: "touch-sample", group: .touches, perfetto: .own, summary: { b in
        guard case let .touchSample(s) = b else { return "" }
        return "touch \(s.touch) \(s.phase.rawValue) at \(TraceFormat.point(s.point)) (device \(s.key.device) finger \(s.key.finger), "
            + "pressure \(TraceFormat.short(s.pressure, 2))\(s.isEmulated ? ", mouse" : ""))"
            + (s.traits.isPlain ? "" : "  " + TouchDetails(traits: s.traits, force: s.force).text)
    })

    /// The entry of a move delivered once per frame with its coalesced and predicted samples.
    public static let coalescedTouches = TraceKindEntry(name: "coalesced-touches", group: .touches, perfetto: .own, summary: { b in
        guard case let .coalescedTouches(touch, samples, predicted, details) = b else { return "" }
        let to = samples.last.map { " to \(TraceFormat.point($0.location))" } ?? ""
        return "touch \(touch): \(samples.count) sample\(samples.count == 1 ? "" : "s") in one delivery\(to)"
            + (predicted.last.map { ", predicted \(TraceFormat.point($0.location)) \(TraceFormat.short(($0.timestamp - (samples.last?.timestamp ?? $0.timestamp)) * 1000, 1)) ms ahead" } ?? "")
            + (details.map { "  " + $0.text } ?? "")
    })

    /// The entry of a control event.
    public static let control = TraceKindEntry(name: "control", group: .control, perfetto: .instant(
        track: .controls, category: "control", name: { b in
            guard case let .control(control, event) = b else { return "" }
            return "\(control): \(event)"
        }, flow: true), summary: { b in
            guard case let .control(control, event) = b else { return "" }
            return "\(control) \(event)"
        })

    /// The entry of an action message.
    public static let action = TraceKindEntry(name: "action", group: .action, perfetto: .instant(
        track: .actions, category: "action", name: { b in
            guard case let .action(_, action, _, handledBy) = b else { return "" }
            return "\(action) → \(handledBy?.string ?? "nobody")"
        }, flow: true), summary: { b in
            guard case let .action(sender, action, target, handledBy) = b else { return "" }
            return "\(action) from \(sender) to \(target?.string ?? "nil (chain)") → handled by \(handledBy?.string ?? "nobody")"
        })

    /// The entry of a motion event.
    public static let motion = TraceKindEntry(name: "motion", group: .motion, perfetto: .instant(
        track: .motion, category: "motion", name: { b in
            guard case let .motion(phase, subtype, _, _) = b else { return "" }
            return "\(subtype) \(phase.rawValue)"
        }, flow: false), summary: { b in
            guard case let .motion(phase, subtype, view, reason) = b else { return "" }
            return "\(subtype) \(phase.rawValue) → \(view?.string ?? "nobody")" + (reason.map { "  \($0)" } ?? "")
        }, detail: { b in
            guard case let .motion(phase, subtype, view, reason) = b else { return [] }
            return ["\(subtype) \(phase.rawValue) → \(view?.string ?? "nobody")"] + TraceFormat.reason(reason)
        })

    /// The entry of a remote-control command.
    public static let remote = TraceKindEntry(name: "remote", group: .remote, perfetto: .instant(
        track: .remote, category: "remote", name: { b in
            guard case let .remote(command, handledBy, _) = b else { return "" }
            return "\(command) → \(handledBy?.string ?? "nobody")"
        }, flow: false), summary: { b in
            guard case let .remote(command, handledBy, reason) = b else { return "" }
            return "\(command) → \(handledBy?.string ?? "nobody")" + (reason.map { "  \($0)" } ?? "")
        }, detail: { b in
            guard case let .remote(command, handledBy, reason) = b else { return [] }
            return ["\(command) → handled by \(handledBy?.string ?? "nobody")"] + TraceFormat.reason(reason)
        })

    /// The entry of a first-responder change.
    public static let firstResponder = TraceKindEntry(name: "first-responder", group: .firstResponder, perfetto: .instant(
        track: .responders, category: "responder", name: { b in
            guard case let .firstResponder(_, to, _) = b else { return "" }
            return "first responder: \(to?.string ?? "none")"
        }, flow: true), summary: { b in
            guard case let .firstResponder(from, to, reason) = b else { return "" }
            return "\(from?.string ?? "none") → \(to?.string ?? "none")  \(reason)"
        }, detail: { b in
            guard case let .firstResponder(from, to, reason) = b else { return [] }
            return ["first responder \(from?.string ?? "none") → \(to?.string ?? "none")"] + TraceFormat.reason(reason)
        })

    /// The entry of an orientation change.
    public static let orientation = TraceKindEntry(name: "orientation", group: .orientation, perfetto: .instant(
        track: .responders, category: "orientation", name: { b in
            guard case let .orientation(_, to) = b else { return "" }
            return "orientation: \(to)"
        }, flow: false), summary: { b in
            guard case let .orientation(from, to) = b else { return "" }
            return "\(from) → \(to)"
        })

    /// The entry of a failure wait, written to trace files as a `note` (topic `gesture`).
    public static let failureWait = TraceKindEntry(name: "note", group: .note, perfetto: .own, summary: { b in
        guard case let .failureWait(recognizer, waitingFor) = b else { return "" }
        return "[gesture] " + TraceRecord.Body.waitNote(recognizer: recognizer, waitingFor: waitingFor)
    })

    /// The entry of a note.
    public static let note = TraceKindEntry(name: "note", group: .note, perfetto: .instant(
        track: .notes, category: "note", name: { b in
            guard case let .note(_, text) = b else { return "" }
            return text.string
        }, flow: false), summary: { b in
            guard case let .note(topic, text) = b else { return "" }
            return "[\(topic)] \(text)"
        })
}
