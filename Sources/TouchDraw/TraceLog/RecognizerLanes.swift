// RecognizerLanes: each recognizer's transitions (its lane), interned to a slot on first sight,
// with the view it is attached to.
@_spi(TouchScopeInternals) import TouchCore

/// The recognizers the trace has named, in the order they first appeared, and each one's
/// lane of transitions.
///
/// Recognizers are interned to slots (their index in `order`); the lanes and last views are
/// arrays indexed by slot. An id is found by its string's identity first (`SlotCache`), by
/// hashing only when that misses; a gesture message's recognizer symbol by number
/// (`symbolSlots`).
struct RecognizerLanes {
    private var slotsByID: [String: Int] = [:]
    private var slotCache = SlotCache()
    /// Each recognizer's transitions, oldest first, by slot.
    private var lanes: [TransitionLane] = []
    /// The last non-empty view of each recognizer, by slot ("" until there is one).
    private var views: [String] = []
    /// The view symbol `views` was last set from by a gesture message, by slot (-1: set
    /// from a record, or not yet): an unchanged view costs one comparison of numbers.
    private var viewSymbols: [TraceSymbol] = []
    /// The sequence number of each lane's second transition (Int.max: fewer than two), by
    /// slot: pruning reads this one small array instead of every lane's storage (a cache
    /// miss per recognizer, a thousand of them in the bench, every 4,096 records).
    private var secondSeqs: [Int] = []
    /// The lane slot of each recognizer symbol of the table in use, by symbol (-1: not yet).
    private var symbolSlots: [Int32] = []
    /// The slot of the newest transition.
    private var latestSlot: Int?
    /// Recognizer ids in the order they first appeared in the trace.
    private(set) var order: [String] = []
    /// The view each recognizer is attached to (from its gesture records).
    private(set) var viewOf: [String: String] = [:]

    /// The newest recognizer transition in the trace, with its recognizer.
    var latest: (recognizer: String, transition: GestureTransition)? {
        guard let slot = latestSlot, let tr = lanes[slot].last else { return nil }
        return (order[slot], tr)
    }

    /// The symbol table changed: symbols are matched to slots by name again.
    mutating func forgetSymbols() { symbolSlots = [] }

    /// The lane slot of a recognizer id, made on first sight.
    mutating func slot(of recognizer: String) -> Int {
        if let s = slotCache.slot(of: recognizer) { return s }
        let slot: Int
        if let s = slotsByID[recognizer] {
            slot = s
        } else {
            slot = order.count
            slotsByID[recognizer] = slot
            order.append(recognizer)
            lanes.append(TransitionLane())
            views.append("")
            viewSymbols.append(-1)
            secondSeqs.append(.max)
        }
        slotCache.remember(recognizer, slot: slot)
        return slot
    }

    /// The lane slot of a recognizer symbol of `table` (the table in use), made on first sight.
    @inline(__always)
    mutating func slot(ofSymbol sym: TraceSymbol, in table: TraceSymbols) -> Int {
        let i = Int(sym)
        if i < symbolSlots.count, symbolSlots[i] >= 0 { return Int(symbolSlots[i]) }
        if i >= symbolSlots.count { symbolSlots.append(contentsOf: repeatElement(-1, count: i + 1 - symbolSlots.count)) }
        let s = slot(of: table.name(sym))
        symbolSlots[i] = Int32(s)
        return s
    }

    /// The recognizer id of a slot.
    func id(ofSlot slot: Int) -> String { order[slot] }

    /// The sequence numbers of the transitions appending one to `slot` will drop. Mutating
    /// only so that the log's call works on its stored lanes in place: a non-mutating call
    /// copied them (a retain of every array) on every transition.
    mutating func seqsDropped(appendingTo slot: Int, capacity: Int) -> [Int] {
        let n = lanes[slot].dropCount(appendingTo: capacity)
        return n == 0 ? [] : (0..<n).map { lanes[slot][$0].seq }
    }

    /// Appends a transition to a lane (the newest in the trace) and returns its absolute
    /// position there; a lane over `capacity` drops its oldest transitions.
    mutating func append(_ tr: consuming GestureTransition, slot: Int, capacity: Int) -> Int {
        lanes[slot].append(tr, capacity: capacity)
        secondSeqs[slot] = lanes[slot].secondSeq
        latestSlot = slot
        return lanes[slot].endPosition - 1
    }

    /// A gesture record named the recognizer's view. The dictionary is written only when
    /// the view changes (hashing the id again on every record was most of the cost).
    mutating func noteView(_ view: String, slot: Int) {
        guard !view.isEmpty && views[slot] != view else { return }
        views[slot] = view
        viewSymbols[slot] = -1
        viewOf[order[slot]] = view
    }
    /// A gesture message named the recognizer's view by symbol (-1: none).
    mutating func noteView(symbol: TraceSymbol, slot: Int, in table: TraceSymbols) {
        guard symbol >= 0 && viewSymbols[slot] != symbol else { return }
        viewSymbols[slot] = symbol
        let name = table.name(symbol)
        if views[slot] != name {
            views[slot] = name
            viewOf[order[slot]] = name
        }
    }

    /// The kept transition of `slot` at absolute position `pos`.
    func transition(slot: Int, atPosition pos: Int) -> GestureTransition {
        lanes[slot].transition(atPosition: pos)
    }

    /// A recognizer's transitions, oldest first.
    mutating func transitions(of recognizer: String) -> [GestureTransition] {
        guard let slot = slotsByID[recognizer] else { return [] }
        // Panels ask for lanes every frame: hand out the stored array itself (no copy),
        // moving dropped transitions out first if there are any.
        lanes[slot].compact()
        return lanes[slot].all
    }

    /// Keeps each lane to the transitions from sequence number `first` on, plus the one
    /// before it (the lane's state where the ring starts): memory follows the ring, not the
    /// length of the run, however many recognizers there are.
    mutating func prune(fromSeq first: Int) {
        for slot in secondSeqs.indices {
            // Nothing to cut unless the lane's second transition is already out of the ring.
            guard secondSeqs[slot] < first else { continue }
            lanes[slot].keep(fromSeq: first)
            secondSeqs[slot] = lanes[slot].secondSeq
        }
    }
}
