// Perfetto export: the trace stream as a Chrome Trace Event JSON file (`--perfetto FILE`)
// that ui.perfetto.dev and chrome://tracing open. A view of the TraceRecord stream, like the
// JSON Lines writer: it reads the records' fields, never their text.

/// Writes trace records as a timeline in the Chrome Trace Event format (a JSON object with a
/// `traceEvents` array), which Perfetto (ui.perfetto.dev) and chrome://tracing open.
///
///     let perfetto = try PerfettoWriter(path: "double-tap.json", scene: "double-tap")
///     app.tracer.sink = TraceTee([traceWriter, perfetto])
///     ...
///     perfetto.close()
///
/// All events belong to one process (`pid` 1, named "touchscope: <scene>"); each track is a
/// thread with a `thread_name` and a `thread_sort_index`, in this order:
/// - **one track per recognizer** (by id, in the order they first change state): every state
///   after `possible` is a complete slice (`ph` "X") named after the state (`began`, `changed`,
///   `ended`, `recognized`, `cancelled`, `failed`) from the transition into it to the next
///   transition. Its `args` hold the view, the state it came `from`, the `reason`, the
///   recognizer's outputs at that moment (`scale`, `rotation`, `translation`, `velocity`,
///   `location`, `numberOfTouches`) and `exit` (the next state and its reason). A state left
///   at the instant it was entered (recognized, then reset) is a slice with `dur` 0, which
///   Perfetto draws as a small marker. A recognizer held in `possible` by a failure
///   requirement gets an instant ("blocked until doubleTap fails").
/// - **controls**, **actions**, **motion**, **remote**, **responders** (first responder and
///   orientation) and **notes**: one instant event (`ph` "i", scope "t") per record, on the
///   track, with the name and category its kind's table entry gives (`TraceKindEntry.perfetto`;
///   a custom kind's too), its `args` the record's trace-file fields.
/// - **input**: one slice of duration 0 per touch sample, named after the touch and its phase
///   (`touch 3 moved`), with the point in `args`: where the flow arrows start.
/// - **frames** (live and windowed runs, which call ``frame(at:)``): a slice of duration 0
///   `frame` for each frame drawn that shows touch samples, with their number in `args`.
/// - **one track per touch** ("touch 3"): a slice `touch 3` from its hit test (or its first
///   sample) to its `ended` or `cancelled` sample, with the device, finger, first and last
///   point, the number of moves and (a touch that is not a plain finger or mouse touch) its
///   `type`, `force`, `maximumPossibleForce`, `majorRadius`, `majorRadiusTolerance` as last
///   reported in `args`; on the same track, instants for the hit test (the visiting path with
///   verdicts, and those details, in `args`), each `moved` sample (point, pressure, details), and
///   each touch message a responder received (`touchesBegan: pad`, with the reason when
///   there is one), which may come after the finger lifted (held back, cancelled later).
///   A stream without touch samples (rebuilt from a trace file) ends the slice at the
///   touch's first `ended` or `cancelled` message instead.
///
/// **Flows** (arrows in Perfetto) join each touch sample's slice on the input track to the
/// decisions it caused: the records that follow the sample at the same trace time, before the
/// next sample (its dispatch, and the settling after it). Each decision gets one flow, a
/// flow start (`ph` "s", on the input track) and a flow end (`ph` "f", `bp` "e", on the
/// decision's track), both named and categorized `input`, with an integer `id` counted from 1:
/// the recognizer state it entered (after `possible`), a recognizer blocked by a failure
/// requirement, each touch message (on each touch's track), each control event and action,
/// and a change of first responder. The flow end comes right after the slice it ends on (and
/// the other flow ends on that slice).
/// Once a frame has been recorded, each sample also gets a flow to the first frame drawn
/// after it (samples at one time: one flow, from the latest of them).
///
/// Timestamps (`ts`, `dur`) are integer microseconds of trace time (virtual in headless
/// replay). Events are written as soon as they are complete (a slice when its state is
/// left), so memory holds only the open slices and one entry per recognizer (none per touch
/// or per event; once frames are recorded, also the sample times since the last frame), and the same records always give the same bytes. `close()` ends the open slices at the last time seen
/// and completes the file; a program that ends mid-gesture still leaves a valid file.
/// Buffered; flushed past 64 KiB, after each second of trace time, on `flush()` and `close()`.
public final class PerfettoWriter: TraceSink {
    private let out: OutputFile
    private var timeline: PerfettoTimeline
    private var lastFlush = 0.0
    private var closed = false

    /// Creates (or truncates) `path`; `scene` names the process ("touchscope: <scene>").
    public init(path: String, scene: String) throws(InputFileError) {
        do { out = try OutputFile(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the Perfetto trace: \(error.message)")
        }
        timeline = PerfettoTimeline(process: "touchscope: " + scene)
        out.withBuffer { timeline.begin(into: &$0) }
    }

    /// Writes to an open file descriptor (1: standard output), which `close()` leaves open.
    public init(descriptor: Int32, name: String = "<stdout>", scene: String) {
        out = OutputFile(descriptor: descriptor, name: name)
        timeline = PerfettoTimeline(process: "touchscope: " + scene)
        out.withBuffer { timeline.begin(into: &$0) }
    }

    deinit { close() }

    /// Adds one record to the timeline: the events it completes are written.
    public func write(_ record: TraceRecord) {
        guard !closed else { return }
        out.withBuffer { timeline.add(record, into: &$0) }
        if record.t - lastFlush >= 1 { lastFlush = record.t; out.flush() }
    }
    /// Runs `body` on the timeline and the output buffer (nothing once closed).
    func withTimeline(_ body: (inout PerfettoTimeline, inout [UInt8]) -> Void) {
        guard !closed else { return }
        out.withBuffer { body(&timeline, &$0) }
    }
    /// `write`, as the tracer's sink.
    public func receive(_ record: consuming TraceRecord) { write(record) }

    /// Why the file could not be written (`FILE:1:1: cannot write the Perfetto trace:
    /// REASON`): the first failed write or close; nil while everything was written. Read it
    /// after `close(at:)`.
    public var writeError: InputFileError? {
        out.failure.map { InputFileError(file: out.path, line: 1, column: 1, "cannot write the Perfetto trace: \($0)") }
    }

    /// A frame was drawn at trace time `time` (before it is presented): a `frame` slice on the
    /// frames track when samples came since the previous frame, with a flow from each.
    public func frame(at time: Double) {
        guard !closed else { return }
        out.withBuffer { timeline.frame(at: time, into: &$0) }
    }

    /// Writes out what is buffered (the JSON stays open: ``close(at:)`` completes it).
    public func flush() { out.flush() }

    /// Ends every open slice at the last time seen (or at `time`, when later: the end of a
    /// replay), completes the JSON and closes the file; safe to call twice.
    public func close(at time: Double? = nil) {
        guard !closed else { return }
        closed = true
        out.withBuffer { timeline.end(at: time, into: &$0) }
        out.close()
    }
}

/// The timeline's state: which tracks are named, the open slices, and the encoding of each
/// event. Pure: records in, bytes out.
struct PerfettoTimeline {
    /// The one process every event belongs to.
    static let pid = 1
    /// Track ids (`tid`), which are also the tracks' sort indices: recognizers first (in the
    /// order they first appear), then the fixed tracks, then touches by id.
    static let recognizerBase = 100
    static let fixedBase = 1_000_000
    static let touchBase = 2_000_000

    /// A state slice under way: its name, start and `args` fields (without the braces).
    struct OpenSlice {
        var name: String
        var start: Int64
        var args: PerfettoArgs
        /// The flow from the touch sample that caused it, ended when the slice is written.
        var flow: Int? = nil
    }

    struct Recognizer {
        var tid: Int
        var open: OpenSlice?
    }

    /// A touch whose slice is open.
    struct OpenTouch {
        var start: Int64
        var first: Point?
        var last: Point?
        var key: TouchKey?
        var emulated: Bool?
        var moves = 0
        /// Its type, force and size as last reported (nil: a plain finger or mouse touch).
        var details: TouchDetails?
        /// Whether samples came for it (then samples end it, else its messages do).
        var sampled = false
    }

    let process: String
    /// Recognizers by `TraceName.number`; their tids in order of first appearance.
    private var recognizers: [Int32: Recognizer] = [:]
    private var recognizerOrder: [Int32] = []
    var namedFixed: Set<Int> = []
    /// The touch tracks named so far, kept without a set that grows with every touch (touch
    /// ids come in increasing order): every id up to `touchesNamedThrough`, except the ids in
    /// `touchGaps` (skipped when a later id came first; none in the application's streams).
    private var touchesNamedThrough: Int?
    private var touchGaps: [Range<Int>] = []
    private var touches: [Int: OpenTouch] = [:]
    /// The latest time seen, in microseconds.
    private var now: Int64 = 0
    /// When the latest touch sample came, while the records after it are of its dispatch.
    private var input: Int64?
    /// The next flow's id.
    var nextFlow = 1
    /// Whether a frame was recorded (then samples wait for the next frame).
    private var framesSeen = false
    /// The times of the samples since the last frame (one per time).
    private var unshown: [Int64] = []
    private var wroteEvent = false

    init(process: String) { self.process = process }

    /// Seconds of trace time as integer microseconds.
    static func micros(_ t: Double) -> Int64 {
        guard t.isFinite else { return 0 }
        return Int64((t * 1_000_000).rounded())
    }

    // MARK: The file's frame

    mutating func begin(into b: inout [UInt8]) {
        append("{\"traceEvents\":[\n", to: &b)
        var name = PerfettoArgs()
        name.string("name", process)
        event(name: "process_name", cat: nil, ph: "M", ts: 0, tid: Self.pid, args: name, into: &b)
    }

    mutating func end(at time: Double?, into b: inout [UInt8]) {
        if let time { now = max(now, Self.micros(time)) }
        for id in recognizerOrder {
            guard let r = recognizers[id], let open = r.open else { continue }
            var args = open.args
            args.object("exit") { $0.string("to", nil); $0.string("reason", "trace ended") }
            slice(open.name, cat: "gesture", start: open.start, end: now, tid: r.tid, args: args, into: &b)
            flowEnd(open.flow, ts: open.start, tid: r.tid, into: &b)
            recognizers[id]?.open = nil
        }
        for id in touches.keys.sorted() { closeTouch(id, at: now, end: "trace ended", into: &b) }
        append("\n],\"displayTimeUnit\":\"ms\"}\n", to: &b)
    }

    // MARK: Records

    mutating func add(_ record: TraceRecord, into b: inout [UInt8]) {
        let ts = max(now, Self.micros(record.t))
        now = ts
        if input != ts { input = nil }
        switch record.body {
        case let .gesture(recognizer, view, from, to, reason, outputs):
            let tid = recognizerTrack(recognizer.number, name: recognizer.string, into: &b)
            if let open = recognizers[recognizer.number]?.open {
                var args = open.args
                args.object("exit") { $0.string("to", to.rawValue); $0.string("reason", reason.description) }
                slice(open.name, cat: "gesture", start: open.start, end: ts, tid: tid, args: args, into: &b)
                flowEnd(open.flow, ts: open.start, tid: tid, into: &b)
            }
            var next: OpenSlice?
            if to != .possible {
                var args = PerfettoArgs()
                args.string("view", view.string)
                args.string("from", from.rawValue)
                args.string("reason", reason.description)
                args.outputs(outputs)
                next = OpenSlice(name: to.rawValue, start: ts, args: args, flow: flowStart(ts, into: &b))
            }
            recognizers[recognizer.number]?.open = next
        case let .failureWait(recognizer, waitingFor):
            let tid = recognizerTrack(recognizer.number, name: recognizer.string, into: &b)
            var args = PerfettoArgs()
            args.strings("waitingFor", waitingFor.map(\.string))
            let s = waitingFor.count == 1 ? "s" : ""
            let flow = flowStart(ts, into: &b)
            instant("blocked until \(waitingFor.map(\.string).joined(separator: ", ")) fail\(s)", cat: "gesture", ts: ts, tid: tid, args: args, into: &b)
            flowEnd(flow, ts: ts, tid: tid, into: &b)
        case let .hitTest(touch, point, path, view, _, details):
            if touches[touch] != nil { closeTouch(touch, at: ts, end: "superseded", into: &b) }
            let tid = touchTrack(touch, into: &b)
            touches[touch] = OpenTouch(start: ts, first: point, last: point, details: details)
            var args = PerfettoArgs()
            args.point("point", point)
            args.string("view", view?.string)
            args.array("path", path) { f, step in f.string("view", step.view.string); f.string("verdict", step.verdict.rawValue) }
            args.details(details)
            instant("hit test: \(view?.string ?? "none")", cat: "hit-test", ts: ts, tid: tid, args: args, into: &b)
        case let .coalescedTouches(touch, samples, predicted, details):
            var args = PerfettoArgs()
            args.number("touch", Double(touch))
            args.array("samples", samples) { f, s in f.point("point", s.location); f.number("t", s.timestamp) }
            args.array("predicted", predicted) { f, s in f.point("point", s.location); f.number("t", s.timestamp) }
            args.details(details)
            instant("\(samples.count) coalesced, \(predicted.count) predicted", cat: "touch", ts: ts, tid: touchTrack(touch, into: &b),
                    args: args, into: &b)
        case let .touchSample(s):
            var sample = PerfettoArgs()
            sample.number("touch", Double(s.touch))
            sample.string("phase", s.phase.rawValue)
            sample.point("point", s.point)
            slice("touch \(s.touch) \(s.phase.rawValue)", cat: "input", start: ts, end: ts, tid: fixedTrack(.input, into: &b),
                  args: sample, into: &b)
            input = ts
            if framesSeen && unshown.last != ts { unshown.append(ts) }
            let tid = touchTrack(s.touch, into: &b)
            let details = s.traits.isPlain ? nil : TouchDetails(traits: s.traits, force: s.force)
            switch s.phase {
            case .began:
                if let open = touches[s.touch], open.sampled { closeTouch(s.touch, at: ts, end: "superseded", into: &b) }
                var t = touches[s.touch] ?? OpenTouch(start: ts, first: s.point)
                t.sampled = true
                t.key = s.key
                t.emulated = s.isEmulated
                t.last = s.point
                t.details = details
                touches[s.touch] = t
            case .moved, .stationary:
                var t = touches[s.touch] ?? OpenTouch(start: ts, first: s.point, key: s.key, emulated: s.isEmulated)
                t.sampled = true
                t.moves += 1
                t.last = s.point
                t.details = details
                touches[s.touch] = t
                var args = PerfettoArgs()
                args.point("point", s.point)
                args.number("pressure", s.pressure)
                args.details(details)
                instant(s.phase.rawValue, cat: "touch", ts: ts, tid: tid, args: args, into: &b)
            case .ended, .cancelled:
                touches[s.touch]?.sampled = true
                touches[s.touch]?.last = s.point
                if touches[s.touch] != nil {
                    closeTouch(s.touch, at: ts, end: s.phase.rawValue, into: &b)
                } else {
                    var args = PerfettoArgs()
                    args.point("point", s.point)
                    instant(s.phase.rawValue, cat: "touch", ts: ts, tid: tid, args: args, into: &b)
                }
            }
        case let .touches(phase, view, ids, reason):
            var args = PerfettoArgs()
            args.string("view", view.string)
            args.numbers("touches", ids)
            if let reason { args.string("reason", reason) }
            let name = "touches\(phase.messageSuffix): \(view.string)"
            for id in ids {
                let tid = touchTrack(id, into: &b)
                let flow = flowStart(ts, into: &b)
                instant(name, cat: "touch", ts: ts, tid: tid, args: args, into: &b)
                flowEnd(flow, ts: ts, tid: tid, into: &b)
                if phase == .ended || phase == .cancelled, let open = touches[id], !open.sampled {
                    closeTouch(id, at: ts, end: phase.rawValue, into: &b)
                }
            }
        case .control, .action, .motion, .remote, .firstResponder, .orientation, .note, .custom:
            // One instant per record, as the kind's table entry says.
            guard case let .instant(track, category, name, flow) = record.body.entry.perfetto else { return }
            let tid = fixedTrack(track, into: &b)
            let flowID = flow ? flowStart(ts, into: &b) : nil
            instant(name(record.body), cat: category, ts: ts, tid: tid, args: PerfettoArgs(fieldsOf: record.body), into: &b)
            flowEnd(flowID, ts: ts, tid: tid, into: &b)
        }
    }

    // MARK: Tracks

    private mutating func recognizerTrack(_ number: Int32, name: String, into b: inout [UInt8]) -> Int {
        if let r = recognizers[number] { return r.tid }
        let tid = Self.recognizerBase + recognizerOrder.count
        recognizers[number] = Recognizer(tid: tid)
        recognizerOrder.append(number)
        nameTrack(tid, name, into: &b)
        return tid
    }

    private mutating func fixedTrack(_ track: PerfettoTrack, into b: inout [UInt8]) -> Int {
        if namedFixed.insert(track.rawValue).inserted { nameTrack(track.tid, track.name, into: &b) }
        return track.tid
    }

    private mutating func touchTrack(_ id: Int, into b: inout [UInt8]) -> Int {
        let tid = Self.touchBase + id
        if let through = touchesNamedThrough, id <= through {
            // Named already, unless it was skipped.
            guard let k = touchGaps.firstIndex(where: { $0.contains(id) }) else { return tid }
            let gap = touchGaps.remove(at: k)
            if gap.lowerBound < id { touchGaps.append(gap.lowerBound..<id) }
            if id + 1 < gap.upperBound { touchGaps.append((id + 1)..<gap.upperBound) }
        } else {
            let from = touchesNamedThrough.map { $0 + 1 } ?? Int.min
            if from < id { touchGaps.append(from..<id) }
            touchesNamedThrough = id
        }
        nameTrack(tid, "touch \(id)", into: &b)
        return tid
    }

    mutating func nameTrack(_ tid: Int, _ name: String, into b: inout [UInt8]) {
        var args = PerfettoArgs()
        args.string("name", name)
        event(name: "thread_name", cat: nil, ph: "M", ts: 0, tid: tid, args: args, into: &b)
        var sort = PerfettoArgs()
        sort.number("sort_index", Double(tid))
        event(name: "thread_sort_index", cat: nil, ph: "M", ts: 0, tid: tid, args: sort, into: &b)
    }

    private mutating func closeTouch(_ id: Int, at ts: Int64, end: String, into b: inout [UInt8]) {
        guard let t = touches.removeValue(forKey: id) else { return }
        var args = PerfettoArgs()
        args.number("touch", Double(id))
        if let key = t.key {
            args.number("device", Double(key.device))
            args.number("finger", Double(key.finger))
        }
        if let e = t.emulated { args.bool("emulated", e) }
        if let p = t.first { args.point("from", p) }
        if let p = t.last { args.point("to", p) }
        args.number("moves", Double(t.moves))
        args.string("end", end)
        args.details(t.details)
        slice("touch \(id)", cat: "touch", start: t.start, end: ts, tid: Self.touchBase + id, args: args, into: &b)
    }

    // MARK: Frames

    mutating func frame(at time: Double, into b: inout [UInt8]) {
        framesSeen = true
        guard !unshown.isEmpty else { return }
        let ts = max(now, Self.micros(time))
        now = ts
        var ids: [Int] = []
        for start in unshown {
            ids.append(nextFlow)
            flow(end: false, id: nextFlow, ts: start, tid: PerfettoTrack.input.tid, into: &b)
            nextFlow += 1
        }
        var args = PerfettoArgs()
        args.number("samples", Double(unshown.count))
        slice("frame", cat: "frame", start: ts, end: ts, tid: fixedTrack(.frames, into: &b), args: args, into: &b)
        for id in ids { flow(end: true, id: id, ts: ts, tid: PerfettoTrack.frames.tid, into: &b) }
        unshown.removeAll(keepingCapacity: true)
    }

    // MARK: Flows

    /// When a touch sample caused what comes at `ts`: a new flow, started on the input track
    /// (where the sample's slice is the latest); its id.
    private mutating func flowStart(_ ts: Int64, into b: inout [UInt8]) -> Int? {
        guard input == ts else { return nil }
        let id = nextFlow
        nextFlow += 1
        flow(end: false, id: id, ts: ts, tid: PerfettoTrack.input.tid, into: &b)
        return id
    }

    /// Ends flow `id` on the slice of track `tid` at `ts` (written just before).
    private mutating func flowEnd(_ id: Int?, ts: Int64, tid: Int, into b: inout [UInt8]) {
        guard let id else { return }
        flow(end: true, id: id, ts: ts, tid: tid, into: &b)
    }

    /// A flow start (`ph` "s") or end ("f"): name, cat, ph, id, ts, pid, tid, then `bp` "e" on
    /// an end (it ends on the slice that encloses it, not the next one).
    mutating func flow(end: Bool, id: Int, ts: Int64, tid: Int, name: StaticString = "input", into b: inout [UInt8]) {
        if wroteEvent { append(",\n", to: &b) }
        wroteEvent = true
        append("{\"name\":\"", to: &b); append(name, to: &b); append("\",\"cat\":\"", to: &b); append(name, to: &b)
        append("\",\"ph\":\"", to: &b); append(end ? "f" : "s", to: &b)
        append("\",\"id\":", to: &b); integer(Int64(id), into: &b)
        append(",\"ts\":", to: &b); integer(ts, into: &b)
        append(",\"pid\":", to: &b); integer(Int64(Self.pid), into: &b)
        append(",\"tid\":", to: &b); integer(Int64(tid), into: &b)
        if end { append(",\"bp\":\"e\"", to: &b) }
        append("}", to: &b)
    }

    // MARK: Events

    mutating func slice(_ name: String, cat: StaticString, start: Int64, end: Int64, tid: Int, args: PerfettoArgs,
                                into b: inout [UInt8]) {
        event(name: name, cat: cat, ph: "X", ts: start, dur: max(0, end - start), tid: tid, args: args, into: &b)
    }

    private mutating func instant(_ name: String, cat: StaticString, ts: Int64, tid: Int, args: PerfettoArgs, into b: inout [UInt8]) {
        event(name: name, cat: cat, ph: "i", ts: ts, scope: true, tid: tid, args: args, into: &b)
    }

    /// One event object on its own line; fields in a fixed order:
    /// name, cat, ph, ts, dur, pid, tid, s, args.
    private mutating func event(name: String, cat: StaticString?, ph: StaticString, ts: Int64, dur: Int64? = nil,
                                scope: Bool = false, tid: Int, args: PerfettoArgs, into b: inout [UInt8]) {
        if wroteEvent { append(",\n", to: &b) }
        wroteEvent = true
        append("{\"name\":", to: &b)
        JSONOut.string(name, into: &b)
        if let cat { append(",\"cat\":\"", to: &b); append(cat, to: &b); b.append(0x22) }
        append(",\"ph\":\"", to: &b); append(ph, to: &b)
        append("\",\"ts\":", to: &b); integer(ts, into: &b)
        if let dur { append(",\"dur\":", to: &b); integer(dur, into: &b) }
        append(",\"pid\":", to: &b); integer(Int64(Self.pid), into: &b)
        append(",\"tid\":", to: &b); integer(Int64(tid), into: &b)
        if scope { append(",\"s\":\"t\"", to: &b) }
        append(",\"args\":{", to: &b)
        b.append(contentsOf: args.bytes)
        append("}}", to: &b)
    }

    private func integer(_ v: Int64, into b: inout [UInt8]) { JSONOut.number(Double(v), into: &b) }
}

private func append(_ s: StaticString, to b: inout [UInt8]) {
    b.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
}

/// The fields of one JSON object (an event's `args`), without its braces, in the order they are added.
struct PerfettoArgs {
    private(set) var bytes: [UInt8] = []

    init() {}
    /// The record's fields as the trace file writes them (after `t` and `kind`).
    init(fieldsOf body: TraceRecord.Body) {
        body.encodeFields(into: &bytes)
        if !bytes.isEmpty { bytes.removeFirst() }
    }

    private mutating func key(_ k: StaticString) {
        if !bytes.isEmpty { bytes.append(0x2c) }
        bytes.append(0x22)
        append(k, to: &bytes)
        bytes.append(0x22); bytes.append(0x3a)
    }
    /// A string, or null.
    mutating func string(_ k: StaticString, _ v: String?) { key(k); JSONOut.optionalString(v, into: &bytes) }
    /// A number written as the trace writes outputs (to 1e-9).
    mutating func number(_ k: StaticString, _ v: Double) { key(k); JSONOut.number(JSONOut.tidy(v), into: &bytes) }
    mutating func bool(_ k: StaticString, _ v: Bool) { key(k); append(v ? "true" : "false", to: &bytes) }
    /// A point as [x, y].
    mutating func point(_ k: StaticString, _ p: Point) {
        key(k)
        bytes.append(0x5b); JSONOut.number(JSONOut.tidy(p.x), into: &bytes); bytes.append(0x2c)
        JSONOut.number(JSONOut.tidy(p.y), into: &bytes); bytes.append(0x5d)
    }
    mutating func strings(_ k: StaticString, _ values: [String]) {
        key(k)
        bytes.append(0x5b)
        for (n, v) in values.enumerated() { if n > 0 { bytes.append(0x2c) }; JSONOut.string(v, into: &bytes) }
        bytes.append(0x5d)
    }
    mutating func numbers(_ k: StaticString, _ values: [Int]) {
        key(k)
        bytes.append(0x5b)
        for (n, v) in values.enumerated() { if n > 0 { bytes.append(0x2c) }; JSONOut.number(Double(v), into: &bytes) }
        bytes.append(0x5d)
    }
    /// A nested object.
    mutating func object(_ k: StaticString, _ fill: (inout PerfettoArgs) -> Void) {
        var inner = PerfettoArgs()
        fill(&inner)
        key(k)
        bytes.append(0x7b); bytes.append(contentsOf: inner.bytes); bytes.append(0x7d)
    }
    /// An array of objects, one per element.
    mutating func array<T>(_ k: StaticString, _ elements: [T], _ fill: (inout PerfettoArgs, T) -> Void) {
        key(k)
        bytes.append(0x5b)
        for (n, e) in elements.enumerated() {
            if n > 0 { bytes.append(0x2c) }
            var inner = PerfettoArgs()
            fill(&inner, e)
            bytes.append(0x7b); bytes.append(contentsOf: inner.bytes); bytes.append(0x7d)
        }
        bytes.append(0x5d)
    }
    /// A touch's type, force and size, as trace files write them (nothing for nil).
    mutating func details(_ d: TouchDetails?) {
        guard let d else { return }
        string("type", d.type.rawValue); number("force", d.force); number("maximumPossibleForce", d.maximumPossibleForce)
        if d.majorRadius > 0 { number("majorRadius", d.majorRadius); number("majorRadiusTolerance", d.majorRadiusTolerance) }
    }
    /// A recognizer's outputs, those that apply, as trace files write them.
    mutating func outputs(_ o: GestureOutputs) {
        if let v = o.scale { number("scale", v) }
        if let v = o.rotation { number("rotation", v) }
        if let v = o.translation { point("translation", v) }
        if let v = o.velocityVector { point("velocity", v) } else if let v = o.velocity { number("velocity", v) }
        if let v = o.location { point("location", v) }
        if let v = o.numberOfTouches { number("numberOfTouches", Double(v)) }
    }
}

extension PerfettoTrack {
    /// The track's id, which is also its sort index.
    var tid: Int { PerfettoTimeline.fixedBase + rawValue }
}

extension TouchPhase {
    /// The phase as the responder method names it: `Began` for touchesBegan.
    var messageSuffix: String {
        switch self {
        case .began: "Began"
        case .moved: "Moved"
        case .stationary: "Stationary"
        case .ended: "Ended"
        case .cancelled: "Cancelled"
        }
    }
}
