// TraceLog: the trace kept in memory for the overlays — a ring of records plus the small
// indices every frame needs (latest hit test, per-recognizer transitions, last handlers,
// touch trails).
//
// The trace is the single source of truth (DESIGN.md): every overlay reads this log, never
// the objects' own state. The log is a `TraceSink`; it reads each record's fields, never
// its text.
//
//     let log = TraceLog()
//     app.tracer.sink = log                      // or TraceTee([writer, log])
//     log.latestHitTest?.path   // [HitStep] in visiting order
//
// The parts, one file each: `TraceRing` (the records), `TouchIndex` and `TouchReceivers`
// (touches), `RecognizerLanes` and `TransitionLane` (recognizers), `EventLanes` (the other
// kinds), `TouchTrails` (the fingers' samples). This file connects them and reads them back.
import TouchCore

/// The trace in memory: a bounded ring of records with cheap queries for the overlays.
/// `touchSample` records feed the touch trails and are not kept in the ring (`count`,
/// `record(_:)` and sequence numbers count the other records).
public final class TraceLog: TraceSink {
    /// How many records the ring keeps (older ones are dropped).
    public let capacity: Int
    /// How many samples each touch trail keeps.
    public static let trailSamples = 90
    /// Per-recognizer and per-lane lists keep at most this many entries.
    public let laneCapacity: Int

    // The stored state `append` changes for every record is `@exclusivity(unchecked)`: the
    // log is used from one thread at a time (the feed's worker, or the dispatching thread),
    // and the dynamic checks cost about 1,500 instructions per input event in the dispatch
    // bench (callgrind), a third of what the log itself costs.
    @exclusivity(unchecked) private var ring: TraceRing
    /// Sequence number of the next record (records ever appended).
    public var endSeq: Int { appended }
    /// `endSeq`'s storage: written for every record, so not checked at run time.
    @exclusivity(unchecked) private var appended = 0
    /// Sequence number of the oldest record still kept.
    public var firstSeq: Int { endSeq - ring.count }
    public var count: Int { ring.count }
    public var isEmpty: Bool { ring.isEmpty }

    // Indices.
    @exclusivity(unchecked) private var touches = TouchIndex()
    @exclusivity(unchecked) private var recognizers = RecognizerLanes()
    @exclusivity(unchecked) private var events: EventLanes
    @exclusivity(unchecked) private var trails = TouchTrails()
    @exclusivity(unchecked) private var devices = TouchDevices()
    /// The latest touch message (kept apart: the ring may have dropped it).
    @exclusivity(unchecked) private var lastTouch: (t: Double, phase: TouchPhase, view: TraceName, touches: [Int])?
    /// Formatted event-log lines (the visible ones only are ever formatted).
    @exclusivity(unchecked) private var lineCache: [Int: String] = [:]
    /// The verdict of every touch sequence (the verdict card's). It reads the records when a
    /// verdict is asked for (`latestGesture`, once a frame while the card shows), not as they
    /// are appended: the input path pays nothing for it but keeping the touch samples it
    /// needs (a finger's landing and lift; the ring does not keep samples).
    @exclusivity(unchecked) private var verdicts = VerdictBuilder()
    /// The records `verdicts` has read: sequence numbers below this one.
    @exclusivity(unchecked) private var verdictsRead = 0
    /// Landing and lift samples the verdicts have not read yet, each with the sequence number
    /// of the record that follows it (bounded like the ring: the oldest go first).
    @exclusivity(unchecked) private var touchEdges: [(before: Int, sample: TraceRecord)] = []
    /// Each finger's latest predicted path (`coalesced-touches` records), by touch id, until
    /// it lifts.
    private var predictions: [Int: [Point]] = [:]

    public init(capacity: Int = 20_000, laneCapacity: Int = 4_096) {
        self.capacity = max(1, capacity)
        self.laneCapacity = max(16, laneCapacity)
        ring = TraceRing(capacity: self.capacity)
        events = EventLanes(capacity: self.laneCapacity)
    }

    // MARK: Appending

    /// `append`, as the tracer's sink.
    public func receive(_ record: consuming TraceRecord) { append(consume record) }

    /// Appends one record. O(1) amortized. The indices read the fields they need from the
    /// record borrowed (`index`), then the record moves into the ring.
    public func append(_ r: consuming TraceRecord) {
        // A switch over the fields of the `consuming` record itself copied the whole record
        // first, and destroyed the copy after (docs/performance.md); a borrowed one does not.
        guard let kind = index(r.body, at: r.t) else { return }
        let seq = endSeq
        appended += 1
        if ring.isFull, !lineCache.isEmpty { lineCache[seq - capacity] = nil }
        ring.append(consume r, kind: kind.index)
        if endSeq % 4096 == 0 && endSeq > capacity { recognizers.prune(fromSeq: firstSeq) }
    }

    /// Files what the indices need of a record of `body` at time `t`, the record about to
    /// get sequence number `endSeq`, and returns the kind it is listed under; nil for a touch
    /// sample, which the ring does not keep.
    private func index(_ body: TraceRecord.Body, at t: Double) -> TraceKind? {
        let seq = endSeq
        switch body {
        case let .touchSample(s):
            trails.note(s, at: t)
            devices.note(s, at: t)
            if s.phase == .ended || s.phase == .cancelled, !predictions.isEmpty { predictions[s.touch] = nil }
            // The verdicts read a finger's landing and lift (not its moves), later.
            if s.phase != .moved && s.phase != .stationary {
                if touchEdges.count >= capacity { touchEdges.removeFirst(touchEdges.count / 2) }
                touchEdges.append((seq, TraceRecord(t: t, body)))
            }
            return nil
        case let .hitTest(touch, point, path, view, _, _):
            touches.note(HitTestInfo(t: t, seq: seq, touch: touch, point: point, path: path, view: view))
            return .hitTest
        case let .touches(phase, view, ids, _):
            lastTouch = (t, phase, view, ids)
            for id in ids { touches.noteMessage(phase, view: view, touch: id, t: t) }
            return .touches
        case let .gesture(recognizer, view, from, to, reason, outputs):
            let slot = recognizers.slot(of: recognizer)
            recognizers.append(GestureTransition(t: t, seq: seq, from: from, to: to, reasonText: reason, outputs: outputs),
                               slot: slot, capacity: laneCapacity)
            recognizers.noteView(view, slot: slot)
            return .gesture
        case let .coalescedTouches(touch, _, predicted, _):
            predictions[touch] = predicted.map(\.location)
            events.note(TraceRecord(t: t, body), seq: seq)
            return TraceKind(body)
        default:
            // Every other kind: the lanes of point events file what they show.
            events.note(TraceRecord(t: t, body), seq: seq)
            return TraceKind(body)
        }
    }

    // MARK: Records

    /// The record with sequence number `seq`, or nil when it was dropped or never was.
    public func record(_ seq: Int) -> TraceRecord? {
        guard seq >= firstSeq, seq < endSeq else { return nil }
        return ring[ring.position(ofOffset: seq - firstSeq)]
    }

    /// The newest record.
    public var last: TraceRecord? { record(endSeq - 1) }

    /// The sequence number of the first kept record at or after time `t` (binary search:
    /// trace times do not decrease).
    public func firstSeq(atOrAfter t: Double) -> Int {
        var lo = firstSeq, hi = endSeq
        while lo < hi {
            let mid = (lo + hi) / 2
            if (record(mid)?.t ?? .infinity) < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The records at or after time `t`, oldest first.
    public func records(since t: Double) -> [TraceRecord] {
        (firstSeq(atOrAfter: t)..<endSeq).compactMap(record)
    }

    /// All kept records, oldest first.
    public var allRecords: [TraceRecord] { (firstSeq..<endSeq).compactMap(record) }

    /// How many kept records are of the given kinds. O(kinds).
    public func count(of kinds: Set<TraceKind>) -> Int {
        kinds.reduce(0) { $0 + ring.kindCounts[$1.index] }
    }

    /// Up to `limit` sequence numbers of records of `kinds`, oldest first, ending
    /// `skippingNewest` matching records before the newest one. Walks the kinds of the kept
    /// records back from the newest: O(records walked), at most the ring (a byte each; the
    /// event log asks once a frame for the few dozen lines it shows).
    public func seqs(of kinds: Set<TraceKind>, limit: Int, skippingNewest skip: Int = 0) -> [Int] {
        var wanted: UInt16 = 0
        for k in kinds { wanted |= 1 << UInt16(k.index) }
        return ring.seqs(ofKinds: wanted, newestSeq: endSeq - 1, limit: limit, skippingNewest: skip)
    }

    /// The event-log line of a record, formatted once and cached.
    public func line(_ seq: Int) -> String? {
        if let s = lineCache[seq] { return s }
        guard let r = record(seq) else { return nil }
        let s = TraceFormat.line(r)
        if lineCache.count > 8192 { lineCache.removeAll(keepingCapacity: true) }
        lineCache[seq] = s
        return s
    }

    // MARK: Touches

    public var latestHitTest: HitTestInfo? { touches.latestHitTest }
    /// The hit test of a touch (nil: the latest one).
    public func hitTest(forTouch id: Int?) -> HitTestInfo? {
        guard let id else { return latestHitTest }
        return touches.hitTest(forTouch: id)
    }
    /// Touch ids in the order they began (bounded).
    public var touchOrder: [Int] { touches.touchOrder }
    /// One touch's span as the trace shows it.
    public func span(ofTouch id: Int) -> TouchSpan? { touches.span(ofTouch: id) }
    /// Every touch span kept, in the order the touches began.
    public var touchSpans: [TouchSpan] { touches.spans }
    /// The responders that received messages for a touch, in the order they first did, with
    /// the phases each received.
    public func receivers(ofTouch id: Int) -> [(view: String, phases: [TouchPhase])] { touches.receivers(ofTouch: id) }
    /// The latest touch message: its touch ids and phase.
    public var lastTouchMessage: (t: Double, phase: TouchPhase, view: String, touches: [Int])? {
        lastTouch.map { ($0.t, $0.phase, $0.view.string, $0.touches) }
    }

    // MARK: Recognizers

    /// Recognizer ids in the order they first appeared in the trace.
    public var recognizerOrder: [String] { recognizers.order }
    /// The view each recognizer is attached to (from its gesture records).
    public var recognizerView: [String: String] { recognizers.viewOf }
    /// The newest recognizer transition in the trace, with its recognizer.
    public var latestTransition: (recognizer: String, transition: GestureTransition)? { recognizers.latest }
    /// The newest decision in the trace (a transition that is not a reset to `possible`):
    /// its recognizer and sequence number.
    public var latestDecision: (recognizer: String, seq: Int)? { recognizers.latestDecision }
    /// A recognizer's transitions, oldest first (bounded by `laneCapacity`).
    public func transitions(of recognizer: String) -> [GestureTransition] { recognizers.transitions(of: recognizer) }
    /// The recognizer's state at time `t` according to the trace (nil: no record yet).
    public func state(of recognizer: String, at t: Double) -> GestureState? {
        let list = transitions(of: recognizer)
        let i = Self.upperBound(list, t) { $0.t }
        if i == 0 { return nil }
        return list[i - 1].to
    }

    // MARK: Verdicts

    /// The newest touch sequence whose fingers are up and whose recognizers have all decided,
    /// with the winners, each loser's rule, reason and margin, and the waits.
    public var latestVerdict: SequenceVerdict? {
        readVerdicts()
        return verdicts.latestSettled
    }
    /// What the verdict card shows: the newest settled sequence and the ones just before it
    /// that make one gesture with it (`VerdictCard.gesture(in:)`), oldest first.
    public var latestGesture: [SequenceVerdict] {
        readVerdicts()
        return VerdictCard.gesture(in: verdicts.sequences)
    }

    /// Hands the verdicts every record appended since they last read, in trace order, the
    /// landing and lift samples in their places. Records the ring dropped meanwhile are
    /// missed (the ring holds far more than a frame's); the builder passes over what is
    /// not about a sequence it knows.
    private func readVerdicts() {
        guard verdictsRead < endSeq || !touchEdges.isEmpty else { return }
        var k = 0
        for seq in max(verdictsRead, firstSeq)..<endSeq {
            while k < touchEdges.count, touchEdges[k].before <= seq { verdicts.add(touchEdges[k].sample); k += 1 }
            if let r = record(seq) { verdicts.add(r) }
        }
        while k < touchEdges.count { verdicts.add(touchEdges[k].sample); k += 1 }
        touchEdges.removeAll(keepingCapacity: true)
        verdictsRead = endSeq
        // A window runs for hours: the card needs the newest gesture, not every sequence.
        verdicts.keepAtMost(Self.verdictSequencesKept)
    }
    /// How many touch sequences the card's verdicts keep (the newest; a gesture spans a few).
    static let verdictSequencesKept = 64

    // MARK: Other kinds

    public var waits: [FailureWaitEvent] { events.waits }
    public var controlEvents: [LaneEvent] { events.controls }
    public var motionEvents: [LaneEvent] { events.motion }
    public var remoteEvents: [LaneEvent] { events.remote }
    public var actionEvents: [LaneEvent] { events.actions }
    public var lastMotion: LaneEvent? { events.lastMotion }
    public var lastRemote: LaneEvent? { events.lastRemote }
    public var lastAction: (t: Double, sender: TraceName, action: String, handledBy: TraceName?)? { events.lastAction }
    public var lastFirstResponder: (t: Double, to: TraceName?)? { events.lastFirstResponder }

    // MARK: Touch trails (from `touchSample` records)

    /// Where the finger `touch` is predicted to go next (its latest delivery's predicted
    /// touches, nearest first; empty: none, or it lifted).
    public func predictedPath(_ touch: Int) -> [Point] { predictions[touch] ?? [] }

    /// Every touch device the touch samples came from, with its statistics.
    public var touchDevices: [TouchDeviceStats] { devices.all() }

    /// The most fingers down at once in the current (or last) multitouch sequence.
    public var maxPointers: Int { trails.maxPointers }
    /// Fingers still down, by id.
    public var activeTrails: [TouchTrail] { trails.active }
    /// How many fingers are down now (O(1), unlike `activeTrails`).
    public var fingersDown: Int { trails.activeCount }
    /// Fingers down, plus those lifted within `fade` seconds of `time` (for fading trails).
    public func trails(at time: Double, fade: Double = 0.6) -> [TouchTrail] { trails.trails(at: time, fade: fade) }
    public func trail(_ id: Int) -> TouchTrail? { trails.trail(id) }

    /// The newest time in the log (records or touch samples).
    public var latestTime: Double? {
        let rt = last?.t
        let tt = trails.latestTime
        switch (rt, tt) {
        case let (a?, b?): return max(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    // MARK: Searching sorted lists

    /// Index of the first element whose key is > t (elements sorted by key).
    static func upperBound<T>(_ a: [T], _ t: Double, key: (T) -> Double) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if key(a[m]) <= t { lo = m + 1 } else { hi = m } }
        return lo
    }
    /// Index of the first element whose key is ≥ t.
    static func lowerBound<T>(_ a: [T], _ t: Double, key: (T) -> Double) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if key(a[m]) < t { lo = m + 1 } else { hi = m } }
        return lo
    }
}
