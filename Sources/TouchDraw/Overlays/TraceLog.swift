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

/// The trace kinds, in the order the event-log filter shows them.
public enum TraceKind: String, CaseIterable, Sendable, Hashable {
    case hitTest = "hit-test", touches, gesture, control, action, motion, remote
    case firstResponder = "first-responder", orientation, note

    init(_ body: TraceRecord.Body) {
        switch body {
        case .hitTest: self = .hitTest
        case .touches: self = .touches
        case .gesture: self = .gesture
        case .control: self = .control
        case .action: self = .action
        case .motion: self = .motion
        case .remote: self = .remote
        case .firstResponder: self = .firstResponder
        case .orientation: self = .orientation
        case .note: self = .note
        }
    }
    /// The position in `allCases` (a switch: `allCases` builds an array on every call).
    var index: Int {
        switch self {
        case .hitTest: 0
        case .touches: 1
        case .gesture: 2
        case .control: 3
        case .action: 4
        case .motion: 5
        case .remote: 6
        case .firstResponder: 7
        case .orientation: 8
        case .note: 9
        }
    }
}

extension TraceRecord {
    public var traceKind: TraceKind { TraceKind(body) }
    /// `traceKind.index`: both switches read only the case tag (no copy of the payload).
    var kindIndex: Int { TraceKind(body).index }
}

/// One hit test from the trace.
public struct HitTestInfo: Sendable, Hashable {
    public var t: Double
    public var seq: Int
    public var touch: Int
    public var point: Point
    public var path: [HitStep]
    public var view: String?
}

/// One recognizer transition from the trace.
public struct GestureTransition: Sendable, Hashable {
    public var t: Double
    public var seq: Int
    public var from: GestureState
    public var to: GestureState
    /// The reason as the recognizer gave it: formatted only when a panel reads `reason`.
    public var reasonText: TraceText
    public var reason: String { reasonText.description }
    public var outputs: GestureOutputs
}

/// A recognizer held in `possible` by a failure requirement (a "blocked until" note).
public struct FailureWait: Sendable, Hashable {
    public var t: Double
    public var recognizer: String
    public var waitingFor: [String]
}

/// A point event for a timeline lane (control events, motion, remote, actions).
public struct LaneEvent: Sendable, Hashable {
    public var t: Double
    public var seq: Int
    /// Who it is about (control id, receiver, handler).
    public var subject: String?
    /// What happened (`touchUpInside`, `began`, `play`...).
    public var label: String
}

/// One touch's life as the trace shows it: began at its hit test, ended at its last message.
public struct TouchSpan: Sendable, Hashable {
    public var touch: Int
    public var began: Double
    public var end: Double?
    /// The last phase any responder received for it.
    public var lastPhase: TouchPhase
    /// The hit-test view.
    public var view: String?
    /// Times of the messages (began, moved, ended...), for ticks. Bounded.
    public var messageTimes: [Double]
}

/// One sample of a finger's position, fed by the host.
public struct TouchSample: Sendable, Hashable {
    public var t: Double
    public var location: Point
    public var pressure: Double
}

/// A finger's recent positions and its state, for markers and trails.
public struct TouchTrail: Sendable, Hashable {
    public var id: Int
    public var phase: TouchPhase
    public var isEmulated: Bool
    public var start: Point
    public var startTime: Double
    /// The farthest the finger has been from `start`.
    public var maxDistance: Double
    /// When it ended or was cancelled.
    public var endTime: Double?
    /// Recent samples, oldest first (at most `TraceLog.trailSamples`).
    public var samples: [TouchSample] {
        storage.count <= TraceLog.trailSamples ? storage : Array(storage.suffix(TraceLog.trailSamples))
    }
    /// The samples as kept: the newest `TraceLog.trailSamples` are `samples`; older ones are
    /// dropped in batches (up to twice as many are kept), so that adding a sample does not
    /// move the whole trail every time.
    var storage: [TouchSample]

    public var location: Point { storage.last?.location ?? start }
    public var pressure: Double { storage.last?.pressure ?? 1 }
    public var isActive: Bool { endTime == nil }

    /// Velocity in points/s: a least-squares line over the samples within `horizon` seconds
    /// of the newest one (not the last two samples).
    public func velocity(horizon: Double = 0.1) -> Point {
        guard let last = samples.last else { return .zero }
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples.reversed() {
            let dt = s.t - last.t
            if dt < -horizon { break }
            n += 1; st += dt; sx += s.location.x; sy += s.location.y
            stt += dt * dt; stx += dt * s.location.x; sty += dt * s.location.y
        }
        let den = n * stt - st * st
        guard n >= 2, den > 1e-12 else { return .zero }
        return Point(x: (n * stx - st * sx) / den, y: (n * sty - st * sy) / den)
    }
}

/// The trace in memory: a bounded ring of records with cheap queries for the overlays.
public final class TraceLog {
    /// How many records the ring keeps (older ones are dropped).
    public let capacity: Int
    /// How many samples each touch trail keeps.
    public static let trailSamples = 90
    /// Per-recognizer and per-lane lists keep at most this many entries.
    public let laneCapacity: Int

    /// What the ring keeps: a record, or a touch message as the tracer's touch-message sink
    /// gave it (plain numbers: storing and dropping one touches no reference count). Reading
    /// one back turns it into its record.
    ///
    /// A record is boxed so that an entry is 32 bytes, not 64: the ring is written and its
    /// oldest entry destroyed on every message, and half the memory is half the cache lines
    /// (records are the rare kinds: hit tests, notes, controls...).
    private enum Entry {
        case record(RecordBox)
        case touch(TouchMessage)
        /// A gesture message: its transition is kept once, in the recognizer's lane (slot),
        /// at absolute position `pos`; `view` is the message's view symbol.
        case gesture(slot: Int32, view: TraceSymbol, pos: Int)
    }
    @exclusivity(unchecked) private var ring: EntryRing
    /// The ids of the touch messages in the ring (the tracer's table, `use(_:)`).
    @exclusivity(unchecked) public private(set) var symbols: TraceSymbols?
    @exclusivity(unchecked) private var head = 0
    /// Sequence number of the next record (records ever appended).
    @exclusivity(unchecked) public private(set) var endSeq = 0
    /// Sequence number of the oldest record still kept.
    public var firstSeq: Int { endSeq - ring.count }
    public var count: Int { ring.count }
    public var isEmpty: Bool { ring.isEmpty }

    // Indices.
    /// How many records of each kind the ring holds, by `TraceKind.index`. (The event log
    /// finds the records of its kinds by walking `kindRing` back from the newest: per
    /// record, only this count changes, where a list of sequence numbers per kind cost two
    /// uniqueness checks, an append and a regular trim.)
    @exclusivity(unchecked) private var kindCounts: [Int] = Array(repeating: 0, count: TraceKind.allCases.count)
    @exclusivity(unchecked) private var hitTestsByTouch: [Int: HitTestInfo] = [:]
    @exclusivity(unchecked) private var hitTestOrder: [Int] = []
    @exclusivity(unchecked) public private(set) var latestHitTest: HitTestInfo?
    // Recognizers are interned to slots (their index in `recognizerOrder`); the lanes and
    // last views are arrays indexed by slot. An id is found by its string's identity first
    // (`slotCache`), by hashing only when that misses.
    @exclusivity(unchecked) private var recognizerSlots: [String: Int] = [:]
    @exclusivity(unchecked) private var slotCache = SlotCache()
    /// Each recognizer's transitions, oldest first, by slot.
    @exclusivity(unchecked) private var lanes: [Lane] = []
    /// The last non-empty view of each recognizer, by slot ("" until there is one).
    @exclusivity(unchecked) private var laneViews: [String] = []
    /// The view symbol `laneViews` was last set from by a gesture message, by slot (-1: set
    /// from a record, or not yet): an unchanged view costs one comparison of numbers.
    @exclusivity(unchecked) private var laneViewSymbols: [TraceSymbol] = []
    /// The sequence number of each lane's second transition (Int.max: fewer than two), by
    /// slot: pruning reads this one small array instead of every lane's storage (a cache
    /// miss per recognizer, a thousand of them in the bench, every 4,096 records).
    @exclusivity(unchecked) private var laneSecondSeq: [Int] = []
    /// Bumped when the symbol table changes: receivers matched under an older one are
    /// matched by name again.
    @exclusivity(unchecked) private var symbolEpoch = 0
    /// The lane slot of each recognizer symbol of the table in use, by symbol (-1: not yet).
    @exclusivity(unchecked) private var symbolSlots: [Int32] = []
    @exclusivity(unchecked) private var latestSlot: Int?
    /// Recognizer ids in the order they first appeared in the trace.
    @exclusivity(unchecked) public private(set) var recognizerOrder: [String] = []
    /// The view each recognizer is attached to (from its gesture records).
    @exclusivity(unchecked) public private(set) var recognizerView: [String: String] = [:]
    /// The newest recognizer transition in the trace, with its recognizer.
    public var latestTransition: (recognizer: String, transition: GestureTransition)? {
        guard let slot = latestSlot, let tr = lanes[slot].last else { return nil }
        return (recognizerOrder[slot], tr)
    }
    @exclusivity(unchecked) public private(set) var waits: [FailureWait] = []
    @exclusivity(unchecked) public private(set) var controlEvents: [LaneEvent] = []
    @exclusivity(unchecked) public private(set) var motionEvents: [LaneEvent] = []
    @exclusivity(unchecked) public private(set) var remoteEvents: [LaneEvent] = []
    @exclusivity(unchecked) public private(set) var actionEvents: [LaneEvent] = []
    /// Each touch's span and receivers, by touch id (one look-up per touch per record).
    @exclusivity(unchecked) private var touchInfo = IntTable<TouchInfo>()
    /// A responder that received messages for a touch, and the phases it received in the
    /// order it first did; `seen` has a bit per phase, so a repeated phase (every move)
    /// is recognized without reading the list. The list is packed in `order` (a phase's
    /// bit index plus one, three bits each, first phase lowest), not an array: a touch
    /// climbs a chain of a handful of responders, and an array each was an allocation
    /// and a regrowth per responder per touch.
    private struct Receiver {
        var view: String
        /// The symbol of `view` in the table in use when the receiver was last matched by a
        /// touch message (-1: none yet): the next message finds it by number.
        var symbol: TraceSymbol = -1
        var seen: UInt8 = 0
        var order: UInt16 = 0
        var count: UInt8 = 0

        init(view: String, symbol: TraceSymbol = -1, first phase: TouchPhase) {
            self.view = view; self.symbol = symbol
            add(phase)
        }
        /// The phases in the order first received.
        var phases: [TouchPhase] {
            (0..<Int(count)).map { i in Self.phase(code: Int(order >> (3 * i)) & 7) }
        }
        /// Lists `phase` unless it is listed already; false when it was.
        @inline(__always) mutating func add(_ phase: TouchPhase) {
            let bit = Self.bit(phase)
            if seen & bit != 0 { return }
            seen |= bit
            order |= UInt16(bit.trailingZeroBitCount + 1) << (3 * UInt16(count))
            count += 1
        }
        private static func phase(code: Int) -> TouchPhase {
            switch code {
            case 1: .began
            case 2: .moved
            case 3: .stationary
            case 4: .ended
            default: .cancelled
            }
        }
        static func bit(_ p: TouchPhase) -> UInt8 {
            switch p {
            case .began: 1
            case .moved: 2
            case .stationary: 4
            case .ended: 8
            case .cancelled: 16
            }
        }
    }
    private struct TouchInfo {
        var span: TouchSpan
        var receivers: [Receiver] = []
        /// Where the next receiver is likely listed: a message travels the chain in the
        /// same order every time (the leaf, its superview, ... the application).
        var cursor = 0
        /// The `symbolEpoch` the receivers' symbols belong to.
        var symbolEpoch = 0
    }
    /// Touch ids in the order they began (bounded).
    @exclusivity(unchecked) public private(set) var touchOrder: [Int] = []
    /// The sequence number of the latest touch message (read back from the ring).
    @exclusivity(unchecked) private var lastTouchSeq = -1
    /// The latest touch message, kept here only once its record has left the ring.
    @exclusivity(unchecked) private var droppedLastTouchMessage: (t: Double, phase: TouchPhase, view: String, touches: [Int])?
    /// The latest touch message: its touch ids and phase.
    public var lastTouchMessage: (t: Double, phase: TouchPhase, view: String, touches: [Int])? {
        if let r = record(lastTouchSeq), case let .touches(phase, view, touches, _) = r.body { return (r.t, phase, view, touches) }
        return droppedLastTouchMessage
    }
    @exclusivity(unchecked) public private(set) var lastMotion: LaneEvent?
    @exclusivity(unchecked) public private(set) var lastRemote: LaneEvent?
    @exclusivity(unchecked) public private(set) var lastAction: (t: Double, sender: String, action: String, handledBy: String?)?
    @exclusivity(unchecked) public private(set) var lastFirstResponder: (t: Double, to: String?)?

    // Touch trails (host-fed).
    @exclusivity(unchecked) private var trailsByID = IntTable<TouchTrail>()
    /// The trace's touch id of each finger down, and the finger of each id (dictionaries:
    /// with thousands of fingers down, a list scanned for every input grew with their square).
    @exclusivity(unchecked) private var idByKey: [TouchKey: Int] = [:]
    @exclusivity(unchecked) private var keyByID: [Int: TouchKey] = [:]
    /// The fingers down whose id is still provisional (negative: noted before their hit
    /// test), by id: the few `adoptProvisionalTrail` looks through.
    @exclusivity(unchecked) private var provisionalKeys: [Int: TouchKey] = [:]
    @exclusivity(unchecked) private var nextProvisional = -1
    /// The most fingers down at once in the current (or last) multitouch sequence.
    @exclusivity(unchecked) public private(set) var maxPointers = 0

    // Formatted event-log lines (the visible ones only are ever formatted).
    @exclusivity(unchecked) private var lineCache: [Int: String] = [:]

    public init(capacity: Int = 20_000, laneCapacity: Int = 4_096) {
        self.capacity = max(1, capacity)
        self.laneCapacity = max(16, laneCapacity)
        ring = EntryRing(capacity: self.capacity)
    }
    deinit { ring.free() }

    /// The ring's storage: entries and their kind bytes (the kind index of each entry, so
    /// the entry a full ring drops is not read back to learn its kind), in memory the log
    /// owns. It grows by doubling up to the capacity, then is written in place. Not Swift
    /// arrays: every record wrote both, and each write paid a uniqueness check.
    private struct EntryRing {
        let capacity: Int
        private(set) var count = 0
        private var allocated: Int
        private var entries: UnsafeMutablePointer<Entry>
        private var kinds: UnsafeMutablePointer<UInt8>

        init(capacity: Int) {
            self.capacity = capacity
            allocated = min(capacity, 4096)
            entries = .allocate(capacity: allocated)
            kinds = .allocate(capacity: allocated)
        }
        var isEmpty: Bool { count == 0 }
        /// An entry (`i < count`); setting it destroys the one it replaces.
        subscript(i: Int) -> Entry {
            get { assert(i >= 0 && i < count); return entries[i] }
            nonmutating set { assert(i >= 0 && i < count); entries[i] = newValue }
        }
        func kind(_ i: Int) -> Int { assert(i >= 0 && i < count); return Int(kinds[i]) }
        func setKind(_ i: Int, _ k: Int) { assert(i >= 0 && i < count); kinds[i] = UInt8(k) }
        /// Adds an entry at the end (`count < capacity`).
        mutating func append(_ e: consuming Entry, kind k: Int) {
            precondition(count < capacity)
            if count == allocated { grow() }
            (entries + count).initialize(to: e)
            kinds[count] = UInt8(k)
            count += 1
        }
        private mutating func grow() {
            let n = min(capacity, allocated * 2)
            let e = UnsafeMutablePointer<Entry>.allocate(capacity: n)
            e.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = e
            let k = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
            k.initialize(from: kinds, count: count)
            kinds.deallocate()
            kinds = k
            allocated = n
        }
        func free() {
            entries.deinitialize(count: count)
            entries.deallocate()
            kinds.deallocate()
        }
    }

    // MARK: Records

    /// Connects the log to a tracer's symbol table: the touch messages it will be given
    /// (`append(_: TouchMessage)`) name their responders there. Touch messages kept from an
    /// earlier table (a replaced scene) are turned into records first.
    public func use(_ table: TraceSymbols) {
        if let old = symbols, old !== table {
            for i in 0..<ring.count {
                switch ring[i] {
                case .record: break
                case .touch, .gesture: ring[i] = .record(RecordBox(entryRecord(ring[i])))
                }
            }
        }
        if symbols !== table { symbolSlots = []; symbolEpoch &+= 1 }
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

    /// Appends one record (the tracer's sink). O(1) amortized.
    public func append(_ r: consuming TraceRecord) {
        let seq = endSeq
        let k = r.kindIndex
        index(r, seq: seq)
        store(.record(RecordBox(r)), kind: k, seq: seq)
    }

    /// Appends one touch message (the tracer's touch-message sink, after `use(_:)` with its
    /// table). The log then reads as if it had been given `m.record(symbols)`.
    public func append(_ m: TouchMessage) {
        precondition(symbols != nil, "TraceLog.append(TouchMessage) before use(_:) gave it the tracer's symbols")
        let seq = endSeq
        lastTouchSeq = seq
        noteMessage(m.phase, symbol: m.view, touch: m.touch, t: m.t)
        store(.touch(m), kind: TraceKind.touches.index, seq: seq)
    }

    /// Appends one recognizer transition (the tracer's gesture-message sink, after `use(_:)`
    /// with its table). The log then reads as if it had been given `m.record(symbols)`; the
    /// transition is stored once, in its lane, and the ring refers to it there.
    public func append(_ m: borrowing GestureMessage) {
        precondition(symbols != nil, "TraceLog.append(GestureMessage) before use(_:) gave it the tracer's symbols")
        let seq = endSeq
        let slot = slot(ofSymbol: m.recognizer)
        let pos = laneAppend(GestureTransition(t: m.t, seq: seq, from: m.from, to: m.to, reasonText: m.reasonText, outputs: m.outputs),
                             slot: slot)
        if m.view >= 0 && laneViewSymbols[slot] != m.view {
            laneViewSymbols[slot] = m.view
            let name = symbols!.name(m.view)
            if laneViews[slot] != name {
                laneViews[slot] = name
                recognizerView[recognizerOrder[slot]] = name
            }
        }
        latestSlot = slot
        store(.gesture(slot: Int32(slot), view: m.view, pos: pos), kind: TraceKind.gesture.index, seq: seq)
    }

    /// Appends a transition to a lane and returns its absolute position there. A lane over
    /// `laneCapacity` drops its oldest transitions; the ring's entries that still refer to
    /// one of them are turned into records first.
    private func laneAppend(_ tr: consuming GestureTransition, slot: Int) -> Int {
        let drop = lanes[slot].dropCount(appendingTo: laneCapacity)
        if drop > 0 && !ring.isEmpty {
            let first = firstSeq
            for i in 0..<drop {
                let seq = lanes[slot][i].seq
                guard seq >= first else { continue }
                let at = (head + seq - first) % ring.count
                if case .gesture = ring[at] { ring[at] = .record(RecordBox(entryRecord(ring[at]))) }
            }
        }
        lanes[slot].append(tr, capacity: laneCapacity)
        laneSecondSeq[slot] = lanes[slot].secondSeq
        return lanes[slot].endPosition - 1
    }

    /// Files the entry of sequence number `seq` (indexed already) under its kind and moves it
    /// into the ring (the sink owns it, so it is not copied).
    @inline(__always)
    private func store(_ e: consuming Entry, kind k: Int, seq: Int) {
        endSeq += 1
        if ring.count < capacity {
            kindCounts[k] += 1
            ring.append(e, kind: k)
        } else {
            let dropped = ring.kind(head)
            if dropped != k { kindCounts[dropped] -= 1; kindCounts[k] += 1 }
            ring.setKind(head, k)
            if !lineCache.isEmpty { lineCache[seq - capacity] = nil }
            if seq - capacity == lastTouchSeq {
                let dropped = entryRecord(ring[head])
                if case let .touches(phase, view, touches, _) = dropped.body { droppedLastTouchMessage = (dropped.t, phase, view, touches) }
            }
            ring[head] = e
            head += 1
            if head == capacity { head = 0 }   // not `%`: a division on every record
        }
        if endSeq % 4096 == 0 && endSeq > capacity { pruneLanes() }
    }

    /// The record an entry stands for.
    private func entryRecord(_ e: Entry) -> TraceRecord {
        switch e {
        case let .record(box): return box.record
        case let .touch(m): return m.record(symbols!)
        case let .gesture(slot, view, pos):
            let tr = lanes[Int(slot)].transition(atPosition: pos)
            return TraceRecord(t: tr.t, .gesture(recognizer: recognizerOrder[Int(slot)], view: view < 0 ? "" : symbols!.name(view),
                                                 from: tr.from, to: tr.to, reason: tr.reason, outputs: tr.outputs))
        }
    }

    /// Keeps each recognizer's lane to what the ring still holds, plus the one transition
    /// before it (the lane's state where the window starts): memory follows the ring, not
    /// the length of the run, however many recognizers there are.
    private func pruneLanes() {
        let first = firstSeq
        for slot in laneSecondSeq.indices {
            // Nothing to cut unless the lane's second transition is already out of the ring.
            guard laneSecondSeq[slot] < first else { continue }
            lanes[slot].keep(fromSeq: first)
            laneSecondSeq[slot] = lanes[slot].secondSeq
        }
    }

    /// The record with sequence number `seq`, or nil when it was dropped or never was.
    public func record(_ seq: Int) -> TraceRecord? {
        guard seq >= firstSeq, seq < endSeq else { return nil }
        let offset = seq - firstSeq
        return entryRecord(ring[(head + offset) % ring.count])
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
        kinds.reduce(0) { $0 + kindCounts[$1.index] }
    }

    /// Up to `limit` sequence numbers of records of `kinds`, oldest first, ending
    /// `skippingNewest` matching records before the newest one. Walks the kinds of the kept
    /// records back from the newest: O(records walked), at most the ring (a byte each; the
    /// event log asks once a frame for the few dozen lines it shows).
    public func seqs(of kinds: Set<TraceKind>, limit: Int, skippingNewest skip: Int = 0) -> [Int] {
        var wanted: UInt16 = 0
        for k in kinds { wanted |= 1 << UInt16(k.index) }
        var out: [Int] = []
        guard limit > 0, wanted != 0, !ring.isEmpty else { return out }
        out.reserveCapacity(limit)
        var skipped = 0
        var pos = head == 0 ? ring.count - 1 : head - 1   // the newest record's position
        var seq = endSeq - 1
        while seq >= firstSeq && out.count < limit {
            if wanted & (1 << UInt16(ring.kind(pos))) != 0 {
                if skipped < skip { skipped += 1 } else { out.append(seq) }
            }
            seq -= 1
            pos = pos == 0 ? ring.count - 1 : pos - 1
        }
        return out.reversed()
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

    // MARK: Queries

    /// The hit test of a touch (nil: the latest one).
    public func hitTest(forTouch id: Int?) -> HitTestInfo? {
        guard let id else { return latestHitTest }
        return hitTestsByTouch[id]
    }

    /// A recognizer's transitions, oldest first (bounded by `laneCapacity`).
    public func transitions(of recognizer: String) -> [GestureTransition] {
        guard let slot = recognizerSlots[recognizer] else { return [] }
        // Panels ask for lanes every frame: hand out the stored array itself (no copy),
        // moving dropped transitions out first if there are any.
        lanes[slot].compact()
        return lanes[slot].all
    }

    /// The recognizer's state at time `t` according to the trace (nil: no record yet).
    public func state(of recognizer: String, at t: Double) -> GestureState? {
        let list = transitions(of: recognizer)
        let i = Self.upperBound(list, t) { $0.t }
        if i == 0 { return nil }
        return list[i - 1].to
    }

    /// One touch's span as the trace shows it.
    public func span(ofTouch id: Int) -> TouchSpan? { touchInfo[id]?.span }
    /// Every touch span kept, in the order the touches began.
    public var touchSpans: [TouchSpan] { touchOrder.compactMap { touchInfo[$0]?.span } }

    /// The responders that received messages for a touch, in the order they first did, with
    /// the phases each received.
    public func receivers(ofTouch id: Int) -> [(view: String, phases: [TouchPhase])] {
        touchInfo[id]?.receivers.map { ($0.view, $0.phases) } ?? []
    }

    /// The newest time in the log (records or touch samples).
    public var latestTime: Double? {
        let rt = last?.t
        let tt = trailsByID.allValues.compactMap { $0.storage.last?.t }.max()
        switch (rt, tt) {
        case let (a?, b?): return max(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

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

    // MARK: Indexing

    private func bounded<T>(_ a: inout [T]) {
        if a.count > laneCapacity { a.removeFirst(a.count - laneCapacity * 3 / 4) }
    }

    private func index(_ r: borrowing TraceRecord, seq: Int) {
        switch r.body {
        case let .hitTest(touch, point, path, view):
            let info = HitTestInfo(t: r.t, seq: seq, touch: touch, point: point, path: path, view: view)
            latestHitTest = info
            if hitTestsByTouch[touch] == nil { hitTestOrder.append(touch) }
            hitTestsByTouch[touch] = info
            if hitTestOrder.count > 256 {
                for id in hitTestOrder.prefix(64) { hitTestsByTouch[id] = nil; touchInfo.removeValue(forKey: id) }
                hitTestOrder.removeFirst(64)
            }
            var times: [Double] = []
            times.reserveCapacity(32)   // a message per move: no regrowth from 1 for most touches
            times.append(r.t)
            let span = TouchSpan(touch: touch, began: r.t, end: nil, lastPhase: .began, view: view, messageTimes: times)
            if let i = touchInfo.slot(of: touch) {
                touchInfo[slot: i].span = span
            } else {
                touchOrder.append(touch)
                touchInfo.insert(TouchInfo(span: span), forKey: touch)
            }
            if touchOrder.count > 256 { touchOrder.removeFirst(64) }
            adoptProvisionalTrail(touch: touch, point: point)
        case let .touches(phase, view, touches, _):
            lastTouchSeq = seq
            for id in touches { noteMessage(phase, view: view, touch: id, t: r.t) }
        case let .gesture(recognizer, view, from, to, reason, outputs):
            let tr = GestureTransition(t: r.t, seq: seq, from: from, to: to, reasonText: TraceText(reason), outputs: outputs)
            let slot = self.slot(of: recognizer)
            _ = laneAppend(tr, slot: slot)
            // The dictionary is written only when the view changes (hashing the id again on
            // every record was most of the cost).
            if !view.isEmpty && laneViews[slot] != view {
                laneViews[slot] = view
                laneViewSymbols[slot] = -1
                recognizerView[recognizer] = view
            }
            latestSlot = slot
        case let .control(control, event):
            controlEvents.append(LaneEvent(t: r.t, seq: seq, subject: control, label: event)); bounded(&controlEvents)
        case let .action(sender, action, _, handledBy):
            actionEvents.append(LaneEvent(t: r.t, seq: seq, subject: handledBy, label: action)); bounded(&actionEvents)
            lastAction = (r.t, sender, action, handledBy)
        case let .motion(phase, subtype, view, _):
            let e = LaneEvent(t: r.t, seq: seq, subject: view, label: "\(subtype) \(phase.rawValue)")
            motionEvents.append(e); bounded(&motionEvents)
            lastMotion = e
        case let .remote(command, handledBy, _):
            let e = LaneEvent(t: r.t, seq: seq, subject: handledBy, label: command)
            remoteEvents.append(e); bounded(&remoteEvents)
            lastRemote = e
        case let .firstResponder(_, to, _):
            lastFirstResponder = (r.t, to)
        case .orientation:
            break
        case let .note(topic, text):
            if topic == "gesture", let w = Self.parseWait(text, t: r.t) { waits.append(w); bounded(&waits) }
        }
    }

    /// A touch message to `view`: the touch's span and receivers. Updated in place (through
    /// the table's slot): copying a span out and back would copy its message times on every
    /// message. One look-up per touch.
    @inline(__always)
    private func noteMessage(_ phase: TouchPhase, view: String, touch id: Int, t: Double) {
        let i = touchSlot(id, phase: phase, t: t)
        Self.note(phase, at: t, in: &touchInfo[slot: i].span)
        Self.note(phase, for: view, in: &touchInfo[slot: i])
    }
    /// `noteMessage` for a touch message: the receiver is found by its symbol, its name read
    /// only the first time.
    @inline(__always)
    private func noteMessage(_ phase: TouchPhase, symbol: TraceSymbol, touch id: Int, t: Double) {
        let i = touchSlot(id, phase: phase, t: t)
        Self.note(phase, at: t, in: &touchInfo[slot: i].span)
        noteReceiver(phase, symbol: symbol, in: &touchInfo[slot: i])
    }
    /// The `touchInfo` slot of a touch, made on its first message.
    @inline(__always)
    private func touchSlot(_ id: Int, phase: TouchPhase, t: Double) -> Int {
        if let found = touchInfo.slot(of: id) { return found }
        touchOrder.append(id)
        return touchInfo.insert(TouchInfo(span: TouchSpan(touch: id, began: t, end: nil, lastPhase: phase, view: nil,
                                                          messageTimes: [])), forKey: id).slot
    }

    private func noteReceiver(_ phase: TouchPhase, symbol: TraceSymbol, in info: inout TouchInfo) {
        if info.symbolEpoch != symbolEpoch {
            for k in info.receivers.indices { info.receivers[k].symbol = -1 }
            info.symbolEpoch = symbolEpoch
        }
        var found = Self.find(in: info) { $0.symbol == symbol }
        if found < 0 {
            // First seen under this table: by name (a record may have listed it).
            let name = symbols!.name(symbol)
            found = Self.find(in: info) { $0.view == name }
            if found < 0 { return Self.addReceiver(Receiver(view: name, symbol: symbol, first: phase), to: &info) }
            info.receivers[found].symbol = symbol
        }
        Self.mark(phase, receiver: found, in: &info)
    }

    /// The receiver that `matches`, or -1: the one after the last one first (a message
    /// travels the chain in the same order every time), then the first one, then all.
    @inline(__always)
    private static func find(in info: TouchInfo, _ matches: (Receiver) -> Bool) -> Int {
        let n = info.receivers.count
        if info.cursor < n, matches(info.receivers[info.cursor]) { return info.cursor }
        if n > 0, matches(info.receivers[0]) { return 0 }
        for i in 0..<n where matches(info.receivers[i]) { return i }
        return -1
    }
    private static func addReceiver(_ r: Receiver, to info: inout TouchInfo) {
        if info.receivers.isEmpty { info.receivers.reserveCapacity(8) }
        info.receivers.append(r)
        info.cursor = info.receivers.count
    }

    /// The lane slot of a recognizer id, made on first sight.
    private func slot(of recognizer: String) -> Int {
        if let s = slotCache.slot(of: recognizer) { return s }
        let slot: Int
        if let s = recognizerSlots[recognizer] {
            slot = s
        } else {
            slot = recognizerOrder.count
            recognizerSlots[recognizer] = slot
            recognizerOrder.append(recognizer)
            lanes.append(Lane())
            laneViews.append("")
            laneViewSymbols.append(-1)
            laneSecondSeq.append(.max)
        }
        slotCache.remember(recognizer, slot: slot)
        return slot
    }

    /// The lane slot of a recognizer symbol of the table in use, made on first sight.
    @inline(__always)
    private func slot(ofSymbol sym: TraceSymbol) -> Int {
        let i = Int(sym)
        if i < symbolSlots.count, symbolSlots[i] >= 0 { return Int(symbolSlots[i]) }
        if i >= symbolSlots.count { symbolSlots.append(contentsOf: repeatElement(-1, count: i + 1 - symbolSlots.count)) }
        let s = slot(of: symbols!.name(sym))
        symbolSlots[i] = Int32(s)
        return s
    }

    private static func note(_ phase: TouchPhase, at t: Double, in s: inout TouchSpan) {
        s.lastPhase = phase
        if phase == .ended || phase == .cancelled { s.end = max(s.end ?? t, t) }
        if s.messageTimes.last != t { s.messageTimes.append(t) }
        if s.messageTimes.count > 512 { s.messageTimes.removeFirst(256) }
    }

    private static func note(_ phase: TouchPhase, for view: String, in info: inout TouchInfo) {
        let found = find(in: info) { $0.view == view }
        if found < 0 { return addReceiver(Receiver(view: view, first: phase), to: &info) }
        mark(phase, receiver: found, in: &info)
    }
    /// A known receiver got `phase`: listed once per phase, in the order first received.
    @inline(__always)
    private static func mark(_ phase: TouchPhase, receiver found: Int, in info: inout TouchInfo) {
        info.cursor = found + 1
        info.receivers[found].add(phase)
    }

    /// Reads "pan blocked until swipe, edge fail(s)" notes.
    static func parseWait(_ text: String, t: Double) -> FailureWait? {
        guard let range = text.firstRange(of: " blocked until ") else { return nil }
        let who = String(text[..<range.lowerBound])
        var rest = String(text[range.upperBound...])
        if rest.hasSuffix(" fails") { rest.removeLast(6) } else if rest.hasSuffix(" fail") { rest.removeLast(5) }
        let ids = rest.split(separator: ",").map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }
        guard !who.isEmpty, !ids.isEmpty else { return nil }
        return FailureWait(t: t, recognizer: who, waitingFor: ids)
    }

    // MARK: Touch trails

    /// Records a finger's position (the host calls this for every touch input).
    /// `id` is the trace's touch id when known; `noteInput` finds it for you.
    public func noteTouch(id: Int, location: Point, time: Double, phase: TouchPhase,
                          emulated: Bool = false, pressure: Double = 1) {
        var found = trailsByID.slot(of: id)
        if phase == .began || found == nil {
            if activeTrailCount == 0 { maxPointers = 0 }
            var storage: [TouchSample] = []
            storage.reserveCapacity(32)   // most fingers move a few dozen times: no regrowth from 1
            let (slot, old) = trailsByID.insert(TouchTrail(id: id, phase: .began, isEmulated: emulated, start: location, startTime: time,
                                                           maxDistance: 0, endTime: nil, storage: storage), forKey: id)
            if old?.isActive == true { activeTrailCount -= 1 }
            activeTrailCount += 1
            found = slot
        }
        // In place: copying the trail out and back would copy its samples on every input.
        guard let i = found else { return }
        let wasActive = trailsByID[slot: i].isActive
        Self.add(TouchSample(t: time, location: location, pressure: pressure), phase: phase, emulated: emulated,
                 to: &trailsByID[slot: i])
        if wasActive && !trailsByID[slot: i].isActive { activeTrailCount -= 1 }
        if let e = trailsByID[slot: i].endTime, e < pruneAfter { pruneAfter = e }
        maxPointers = max(maxPointers, activeTrailCount)
        pruneTrails(now: time)
    }

    private static func add(_ sample: TouchSample, phase: TouchPhase, emulated: Bool, to tr: inout TouchTrail) {
        tr.phase = phase
        tr.isEmulated = tr.isEmulated || emulated
        tr.storage.append(sample)
        // Batches of old samples go at once (`samples` shows the newest `trailSamples`).
        if tr.storage.count >= 2 * trailSamples { tr.storage.removeFirst(tr.storage.count - trailSamples) }
        tr.maxDistance = max(tr.maxDistance, sample.location.distance(to: tr.start))
        if phase == .ended || phase == .cancelled { tr.endTime = sample.t }
    }

    /// The trace id of a finger down, if it has one.
    private func id(of key: TouchKey) -> Int? { idByKey[key] }
    private func setID(_ id: Int, for key: TouchKey) {
        _ = removeID(for: key)
        idByKey[key] = id
        keyByID[id] = key
        if id < 0 { provisionalKeys[id] = key }
    }
    private func removeID(for key: TouchKey) -> Int? {
        guard let id = idByKey.removeValue(forKey: key) else { return nil }
        keyByID[id] = nil
        provisionalKeys[id] = nil
        return id
    }

    /// Records a touch input as the application received it, keyed by (device, finger);
    /// call it right after `Application.send` so the trace's touch id is known.
    public func noteInput(_ input: InputEvent, at t: Double) {
        switch input {
        case let .touchDown(key, p, pressure, emulated):
            let id: Int
            if let h = latestHitTest?.touch, latestHitTest?.point == p, keyByID[h] == nil {
                id = h
            } else {
                id = nextProvisional; nextProvisional -= 1
            }
            setID(id, for: key)
            noteTouch(id: id, location: p, time: t, phase: .began, emulated: emulated, pressure: pressure)
        case let .touchMove(key, p, pressure):
            guard let id = id(of: key) else { return noteInput(.touchDown(key, p, pressure: pressure), at: t) }
            noteTouch(id: id, location: p, time: t, phase: .moved, pressure: pressure)
        case let .touchUp(key, p, pressure):
            guard let id = removeID(for: key) else { return }
            noteTouch(id: id, location: p, time: t, phase: .ended, pressure: pressure)
        case .cancelAllTouches:
            let all = keyByID.keys.sorted()
            idByKey.removeAll()
            keyByID.removeAll()
            provisionalKeys.removeAll()
            for id in all {
                if let loc = trailsByID[id]?.location { noteTouch(id: id, location: loc, time: t, phase: .cancelled) }
            }
        case .shakeBegan, .shakeEnded, .shakeCancelled, .remote, .orientation, .motionSample:
            break
        }
    }

    /// A provisional trail (noted before its hit test) takes the trace's touch id.
    private func adoptProvisionalTrail(touch: Int, point: Point) {
        // Among several at the same point, the earliest (provisional ids count down).
        guard trailsByID.slot(of: touch) == nil,
              let (old, key) = provisionalKeys.filter({ trailsByID[$0.key]?.start == point }).max(by: { $0.key < $1.key }),
              var tr = trailsByID.removeValue(forKey: old) else { return }
        tr.id = touch
        trailsByID[touch] = tr
        setID(touch, for: key)
    }

    /// Trails still down, kept as trails start and end (counting them on every input cost
    /// a walk over every trail). Adopting and pruning never change it.
    @exclusivity(unchecked) private var activeTrailCount = 0
    /// At most the earliest end time of the lifted trails: no trail can be pruned before
    /// 2 s after it, so inputs skip the walk over every trail until then.
    @exclusivity(unchecked) private var pruneAfter = Double.infinity

    private func pruneTrails(now: Double) {
        // Lifted trails go 2 to 3 s after they end, in one walk per second at most (a walk
        // per lift, as trails end every few milliseconds under load, cost a walk per input).
        guard trailsByID.count > 32, now - pruneAfter > 3 else { return }
        trailsByID.removeAll { !$0.isActive && now - ($0.endTime ?? now) > 2 }
        var earliest = Double.infinity
        trailsByID.forEachValue { if let e = $0.endTime, e < earliest { earliest = e } }
        pruneAfter = earliest
    }

    /// Fingers still down, by id.
    public var activeTrails: [TouchTrail] { trailsByID.allValues.filter(\.isActive).sorted { $0.id < $1.id } }
    /// Fingers down, plus those lifted within `fade` seconds of `time` (for fading trails).
    public func trails(at time: Double, fade: Double = 0.6) -> [TouchTrail] {
        trailsByID.allValues.filter { $0.isActive || time - ($0.endTime ?? time) <= fade }.sorted { $0.id < $1.id }
    }
    public func trail(_ id: Int) -> TouchTrail? { trailsByID[id] }
}

/// Recognizer id → lane slot by the id string's identity: its two raw words. A recognizer
/// emits its one `id` string in every record, so the words repeat and a hit costs a few
/// compares where hashing the characters cost a few hundred instructions. Each entry keeps
/// its string, so the storage those words point at stays alive and cannot be reused by a
/// different string; equal words therefore always mean an equal id. A miss (another copy
/// of the same text, or a collision) falls back to hashing, never to a wrong slot.
struct SlotCache {
    private struct Entry {
        var word0: UInt64 = 0, word1: UInt64 = 0
        var slot = -1
        var id = ""
    }
    private var entries = [Entry](repeating: Entry(), count: 256)

    @inline(__always)
    private static func words(_ s: String) -> (UInt64, UInt64) { unsafeBitCast(s, to: (UInt64, UInt64).self) }
    @inline(__always)
    private static func index(_ w: (UInt64, UInt64)) -> Int {
        Int(truncatingIfNeeded: ((((w.0 &* 0x9E37_79B9_7F4A_7C15) ^ w.1) &* 0xBF58_476D_1CE4_E5B9) >> 56))
    }

    /// The two-word layout of `String` on 64-bit platforms; elsewhere the cache stays off.
    private static var usable: Bool { MemoryLayout<String>.size == 16 }

    func slot(of id: String) -> Int? {
        guard Self.usable else { return nil }
        let w = Self.words(id)
        let e = entries[Self.index(w)]
        return e.slot >= 0 && e.word0 == w.0 && e.word1 == w.1 ? e.slot : nil
    }

    mutating func remember(_ id: String, slot: Int) {
        guard Self.usable else { return }
        let w = Self.words(id)
        entries[Self.index(w)] = Entry(word0: w.0, word1: w.1, slot: slot, id: id)
    }
}

/// A trace record kept in the log's ring (see `TraceLog.Entry`).
private final class RecordBox {
    let record: TraceRecord
    init(_ record: consuming TraceRecord) { self.record = record }
}

/// One recognizer's transitions, oldest first. Dropping old ones moves a start index;
/// the storage is compacted when more than half of it is dropped (a lane holds thousands
/// of transitions, and dropping a few each time moved all the others).
private struct Lane {
    private var items: [GestureTransition] = []
    private var start = 0
    /// The absolute position of `items[0]`: how many transitions storage has shed. A
    /// transition's absolute position does not change while it is kept.
    private var base = 0
    /// The absolute position one past the newest transition.
    var endPosition: Int { base + items.count }
    /// The kept transition at absolute position `pos`.
    func transition(atPosition pos: Int) -> GestureTransition {
        precondition(pos >= base + start && pos < endPosition, "lane position \(pos) is no longer kept")
        return items[pos - base]
    }
    /// How many of the oldest transitions `append(_:capacity:)` will drop.
    func dropCount(appendingTo capacity: Int) -> Int {
        count + 1 > capacity ? count + 1 - capacity * 3 / 4 : 0
    }
    var count: Int { items.count - start }
    /// The sequence number of the second transition kept (Int.max: fewer than two).
    var secondSeq: Int { count > 1 ? items[start + 1].seq : .max }
    var last: GestureTransition? { start < items.count ? items[items.count - 1] : nil }
    subscript(i: Int) -> GestureTransition { items[start + i] }
    /// The kept transitions, oldest first (a copy unless `compact()` ran since the last drop).
    var all: [GestureTransition] { start == 0 ? items : Array(items[start...]) }
    /// Removes the dropped transitions from storage, so that `all` shares it.
    mutating func compact() {
        if start > 0 { items.removeFirst(start); base += start; start = 0 }
    }

    /// Appends, keeping at most `capacity` (dropping down to three quarters when over).
    mutating func append(_ t: consuming GestureTransition, capacity: Int) {
        items.append(t)
        if count > capacity { dropFirst(count - capacity * 3 / 4) }
    }
    /// Keeps the transitions from sequence number `first` on, plus the one before it.
    mutating func keep(fromSeq first: Int) {
        var lo = start, hi = items.count
        while lo < hi { let m = (lo + hi) / 2; if items[m].seq < first { lo = m + 1 } else { hi = m } }
        let cut = lo - 1 - start
        if cut > 0 { dropFirst(cut) }
    }
    private mutating func dropFirst(_ n: Int) {
        start += n
        if start * 2 > items.count { items.removeFirst(start); base += start; start = 0 }
    }
}
