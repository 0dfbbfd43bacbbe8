// TraceLog: the trace kept in memory for the overlays — a ring of records plus the small
// indices every frame needs (latest hit test, per-recognizer transitions, last handlers).
//
// The trace is the single source of truth (DESIGN.md): every overlay reads this log, never
// the objects' own state, except for touch trails, which the host feeds with `noteTouch`
// or `noteInput` because positions between hit tests are not trace records.
//
//     let log = TraceLog()
//     log.follow(app.tracer)        // or: app.tracer.sink = { log.append($0) }
//     log.latestHitTest?.path   // [HitStep] in visiting order
//
// The parts, one file each: `TraceRing` (the records), `TouchIndex` and `TouchReceivers`
// (touches), `RecognizerLanes` and `TransitionLane` (recognizers), `EventLanes` (the other
// kinds), `TouchTrails` (host-fed positions). This file connects them and reads them back.
@_spi(TouchScopeInternals) import TouchCore

/// The trace in memory: a bounded ring of records with cheap queries for the overlays.
public final class TraceLog {
    /// How many records the ring keeps (older ones are dropped).
    public let capacity: Int
    /// How many samples each touch trail keeps.
    public static let trailSamples = 90
    /// Per-recognizer and per-lane lists keep at most this many entries.
    public let laneCapacity: Int

    @exclusivity(unchecked) private var ring: TraceRing
    /// The ids of the touch messages in the ring (the tracer's table, `use(_:)`).
    @_spi(TouchScopeInternals) @exclusivity(unchecked) public private(set) var symbols: TraceSymbols?
    /// Bumped when the symbol table changes: receivers matched under an older one are
    /// matched by name again.
    @exclusivity(unchecked) private var symbolEpoch = 0
    /// Sequence number of the next record (records ever appended).
    @exclusivity(unchecked) public private(set) var endSeq = 0
    /// Sequence number of the oldest record still kept.
    public var firstSeq: Int { endSeq - ring.count }
    public var count: Int { ring.count }
    public var isEmpty: Bool { ring.isEmpty }

    // Indices.
    @exclusivity(unchecked) private var touches = TouchIndex()
    @exclusivity(unchecked) private var recognizers = RecognizerLanes()
    @exclusivity(unchecked) private var events: EventLanes
    @exclusivity(unchecked) private var trails = TouchTrails()
    /// The sequence number of the latest touch message (read back from the ring).
    @exclusivity(unchecked) private var lastTouchSeq = -1
    /// The latest touch message, kept here only once its record has left the ring.
    @exclusivity(unchecked) private var droppedLastTouchMessage: (t: Double, phase: TouchPhase, view: String, touches: [Int])?
    /// Formatted event-log lines (the visible ones only are ever formatted).
    @exclusivity(unchecked) private var lineCache: [Int: String] = [:]

    public init(capacity: Int = 20_000, laneCapacity: Int = 4_096) {
        self.capacity = max(1, capacity)
        self.laneCapacity = max(16, laneCapacity)
        ring = TraceRing(capacity: self.capacity)
        events = EventLanes(capacity: self.laneCapacity)
    }
    deinit { ring.free() }

    // MARK: Connecting

    /// Connects the log to a tracer's symbol table: the touch messages it will be given
    /// (`append(_: TouchMessage)`) name their responders there. Touch messages kept from an
    /// earlier table (a replaced scene) are turned into records first.
    @_spi(TouchScopeInternals) public func use(_ table: TraceSymbols) {
        if let old = symbols, old !== table {
            for i in 0..<ring.count {
                switch ring[i] {
                case .record: break
                case .touch, .gesture: ring[i] = .record(RecordBox(entryRecord(ring[i])))
                }
            }
        }
        if symbols !== table { recognizers.forgetSymbols(); symbolEpoch &+= 1 }
        symbols = table
    }
    /// Connects the log to an application's tracer: every record, and every touch message
    /// through the tracer's touch-message sink. `also` gets every record as well (a trace
    /// writer), touch messages made into records for it.
    public func follow(_ tracer: Tracer, also: ((TraceRecord) -> Void)? = nil) {
        use(tracer.symbols)
        // The closure and the message sink hold the log strongly (the log holds nothing of
        // the tracer's but its symbol table, so there is no cycle): an `unowned` capture
        // costs an atomic strong-retain check on every record.
        let log = self
        if let also {
            tracer.sink = { r in
                also(r)
                log.append(r)   // last: the log takes the record over
            }
        } else {
            tracer.sink = { r in log.append(r) }
        }
        tracer.messageSink = MessageSink(log: self, table: tracer.symbols, also: also)
    }

    /// The tracer's message sink for a log: each message to the writer (as a record) and
    /// into the log.
    private final class MessageSink: TraceMessageSink {
        let log: TraceLog
        let table: TraceSymbols
        let also: ((TraceRecord) -> Void)?
        init(log: TraceLog, table: TraceSymbols, also: ((TraceRecord) -> Void)?) {
            self.log = log; self.table = table; self.also = also
        }
        override func take(_ m: TouchMessage) {
            if let also { also(m.record(table)) }
            log.append(m)
        }
        override func take(_ m: borrowing GestureMessage) {
            if let also { also(m.record(table)) }
            log.append(m)
        }
    }

    // MARK: Appending

    /// Appends one record (the tracer's sink). O(1) amortized.
    public func append(_ r: consuming TraceRecord) {
        let seq = endSeq
        let k = r.kindIndex
        index(r, seq: seq)
        store(.record(RecordBox(r)), kind: k, seq: seq)
    }

    /// Appends one touch message (the tracer's touch-message sink, after `use(_:)` with its
    /// table). The log then reads as if it had been given `m.record(symbols)`.
    @_spi(TouchScopeInternals) public func append(_ m: TouchMessage) {
        precondition(symbols != nil, "TraceLog.append(TouchMessage) before use(_:) gave it the tracer's symbols")
        let seq = endSeq
        lastTouchSeq = seq
        touches.noteMessage(m.phase, symbol: m.view, in: symbols!, epoch: symbolEpoch, touch: m.touch, t: m.t)
        store(.touch(m), kind: TraceKind.touches.index, seq: seq)
    }

    /// Appends one recognizer transition (the tracer's gesture-message sink, after `use(_:)`
    /// with its table). The log then reads as if it had been given `m.record(symbols)`; the
    /// transition is stored once, in its lane, and the ring refers to it there.
    @_spi(TouchScopeInternals) public func append(_ m: borrowing GestureMessage) {
        precondition(symbols != nil, "TraceLog.append(GestureMessage) before use(_:) gave it the tracer's symbols")
        let seq = endSeq
        let slot = recognizers.slot(ofSymbol: m.recognizer, in: symbols!)
        let pos = laneAppend(GestureTransition(t: m.t, seq: seq, from: m.from, to: m.to, reasonText: m.reasonText, outputs: m.outputs),
                             slot: slot)
        recognizers.noteView(symbol: m.view, slot: slot, in: symbols!)
        store(.gesture(slot: Int32(slot), view: m.view, pos: pos), kind: TraceKind.gesture.index, seq: seq)
    }

    /// Files a record of sequence number `seq` in the indices.
    private func index(_ r: borrowing TraceRecord, seq: Int) {
        switch r.body {
        case let .hitTest(touch, point, path, view):
            touches.note(HitTestInfo(t: r.t, seq: seq, touch: touch, point: point, path: path, view: view))
            trails.adoptProvisional(touch: touch, point: point)
        case let .touches(phase, view, ids, _):
            lastTouchSeq = seq
            for id in ids { touches.noteMessage(phase, view: view, touch: id, t: r.t) }
        case let .gesture(recognizer, view, from, to, reason, outputs):
            let tr = GestureTransition(t: r.t, seq: seq, from: from, to: to, reasonText: TraceText(reason), outputs: outputs)
            let slot = recognizers.slot(of: recognizer)
            _ = laneAppend(tr, slot: slot)
            recognizers.noteView(view, slot: slot)
        case .control, .action, .motion, .remote, .firstResponder, .orientation, .note, .failureWait:
            events.note(r, seq: seq)
        }
    }

    /// Appends a transition to a lane and returns its absolute position there. A lane over
    /// `laneCapacity` drops its oldest transitions; the ring's entries that still refer to
    /// one of them are turned into records first.
    private func laneAppend(_ tr: consuming GestureTransition, slot: Int) -> Int {
        if !ring.isEmpty {
            let first = firstSeq
            for seq in recognizers.seqsDropped(appendingTo: slot, capacity: laneCapacity) where seq >= first {
                let at = ring.position(ofOffset: seq - first)
                if case .gesture = ring[at] { ring[at] = .record(RecordBox(entryRecord(ring[at]))) }
            }
        }
        return recognizers.append(tr, slot: slot, capacity: laneCapacity)
    }

    /// Files the entry of sequence number `seq` (indexed already) under its kind and moves it
    /// into the ring (the sink owns it, so it is not copied).
    @inline(__always)
    private func store(_ e: consuming TraceEntry, kind k: Int, seq: Int) {
        endSeq += 1
        if !ring.isFull {
            ring.append(e, kind: k)
        } else {
            if !lineCache.isEmpty { lineCache[seq - capacity] = nil }
            if seq - capacity == lastTouchSeq {
                let dropped = entryRecord(ring[ring.head])
                if case let .touches(phase, view, touches, _) = dropped.body { droppedLastTouchMessage = (dropped.t, phase, view, touches) }
            }
            ring.replaceOldest(with: e, kind: k)
        }
        if endSeq % 4096 == 0 && endSeq > capacity { recognizers.prune(fromSeq: firstSeq) }
    }

    /// The record an entry stands for.
    private func entryRecord(_ e: TraceEntry) -> TraceRecord {
        switch e {
        case let .record(box): return box.record
        case let .touch(m): return m.record(symbols!)
        case let .gesture(slot, view, pos):
            let tr = recognizers.transition(slot: Int(slot), atPosition: pos)
            return TraceRecord(t: tr.t, .gesture(recognizer: recognizers.id(ofSlot: Int(slot)), view: view < 0 ? "" : symbols!.name(view),
                                                 from: tr.from, to: tr.to, reason: tr.reason, outputs: tr.outputs))
        }
    }

    // MARK: Records

    /// The record with sequence number `seq`, or nil when it was dropped or never was.
    public func record(_ seq: Int) -> TraceRecord? {
        guard seq >= firstSeq, seq < endSeq else { return nil }
        return entryRecord(ring[ring.position(ofOffset: seq - firstSeq)])
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
        if let r = record(lastTouchSeq), case let .touches(phase, view, touches, _) = r.body { return (r.t, phase, view, touches) }
        return droppedLastTouchMessage
    }

    // MARK: Recognizers

    /// Recognizer ids in the order they first appeared in the trace.
    public var recognizerOrder: [String] { recognizers.order }
    /// The view each recognizer is attached to (from its gesture records).
    public var recognizerView: [String: String] { recognizers.viewOf }
    /// The newest recognizer transition in the trace, with its recognizer.
    public var latestTransition: (recognizer: String, transition: GestureTransition)? { recognizers.latest }
    /// A recognizer's transitions, oldest first (bounded by `laneCapacity`).
    public func transitions(of recognizer: String) -> [GestureTransition] { recognizers.transitions(of: recognizer) }
    /// The recognizer's state at time `t` according to the trace (nil: no record yet).
    public func state(of recognizer: String, at t: Double) -> GestureState? {
        let list = transitions(of: recognizer)
        let i = Self.upperBound(list, t) { $0.t }
        if i == 0 { return nil }
        return list[i - 1].to
    }

    // MARK: Other kinds

    public var waits: [FailureWait] { events.waits }
    public var controlEvents: [LaneEvent] { events.controls }
    public var motionEvents: [LaneEvent] { events.motion }
    public var remoteEvents: [LaneEvent] { events.remote }
    public var actionEvents: [LaneEvent] { events.actions }
    public var lastMotion: LaneEvent? { events.lastMotion }
    public var lastRemote: LaneEvent? { events.lastRemote }
    public var lastAction: (t: Double, sender: String, action: String, handledBy: String?)? { events.lastAction }
    public var lastFirstResponder: (t: Double, to: String?)? { events.lastFirstResponder }

    // MARK: Touch trails (host-fed)

    /// Records a finger's position (the host calls this for every touch input).
    /// `id` is the trace's touch id when known; `noteInput` finds it for you.
    public func noteTouch(id: Int, location: Point, time: Double, phase: TouchPhase,
                          emulated: Bool = false, pressure: Double = 1) {
        trails.note(id: id, location: location, time: time, phase: phase, emulated: emulated, pressure: pressure)
    }
    /// Records a touch input as the application received it, keyed by (device, finger);
    /// call it right after `Application.send` so the trace's touch id is known.
    public func noteInput(_ input: InputEvent, at t: Double) {
        trails.note(input, at: t, latestHit: touches.latestHit)
    }
    /// The most fingers down at once in the current (or last) multitouch sequence.
    public var maxPointers: Int { trails.maxPointers }
    /// Fingers still down, by id.
    public var activeTrails: [TouchTrail] { trails.active }
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
