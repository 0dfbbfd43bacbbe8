// RecognizerLanes: each recognizer's transitions (its lane), interned to a slot on first sight,
// with the view it is attached to.
import TouchCore

/// The recognizers the trace has named, in the order they first appeared, and each one's
/// lane of transitions.
///
/// Recognizers get slots (their index in `order`) on first sight; the lanes and last views
/// are arrays indexed by slot. A record's recognizer is found by its name's number
/// (`slotsByNumber`), a panel's question by the id's text (`slotsByID`).
struct RecognizerLanes {
    private var slotsByID: [String: Int] = [:]
    /// The slot of each recognizer name, by `TraceName.number` (-1: none).
    private var slotsByNumber: [Int32] = []
    /// Each recognizer's transitions, oldest first, by slot.
    private var lanes: [TransitionLane] = []
    /// The last non-empty view of each recognizer, by slot (`.none` until there is one).
    private var views: [TraceName] = []
    /// The sequence number of each lane's second transition (Int.max: fewer than two), by
    /// slot: pruning reads this one small array instead of every lane's storage (a cache
    /// miss per recognizer, a thousand of them in the bench, every 4,096 records).
    private var secondSeqs: [Int] = []
    /// The slot of the newest transition.
    private var latestSlot: Int?
    /// The newest decision (a transition out of `possible` or on to a later state, not a
    /// reset back to `possible`): its slot and sequence number.
    private var latestDecisionEntry: (slot: Int, seq: Int)?
    /// Recognizer ids in the order they first appeared in the trace.
    private(set) var order: [String] = []
    /// The view each recognizer is attached to (from its gesture records).
    private(set) var viewOf: [String: String] = [:]

    /// The newest recognizer transition in the trace, with its recognizer.
    var latest: (recognizer: String, transition: GestureTransition)? {
        guard let slot = latestSlot, let tr = lanes[slot].last else { return nil }
        return (order[slot], tr)
    }

    /// The newest decision in the trace (no reset to `possible`), with its recognizer.
    var latestDecision: (recognizer: String, seq: Int)? {
        latestDecisionEntry.map { (order[$0.slot], $0.seq) }
    }

    /// The lane slot of a recognizer, made on first sight.
    mutating func slot(of recognizer: TraceName) -> Int {
        let n = Int(recognizer.number)
        if n < slotsByNumber.count, slotsByNumber[n] >= 0 { return Int(slotsByNumber[n]) }
        if n >= slotsByNumber.count { slotsByNumber.append(contentsOf: repeatElement(-1, count: n + 1 - slotsByNumber.count)) }
        let slot = order.count
        slotsByID[recognizer.string] = slot
        order.append(recognizer.string)
        lanes.append(TransitionLane())
        views.append(.none)
        secondSeqs.append(.max)
        slotsByNumber[n] = Int32(slot)
        return slot
    }

    /// The recognizer id of a slot.
    func id(ofSlot slot: Int) -> String { order[slot] }

    /// Appends a transition to a lane (the newest in the trace).
    /// A lane over `capacity` drops its oldest transitions.
    mutating func append(_ tr: consuming GestureTransition, slot: Int, capacity: Int) {
        if tr.to != .possible { latestDecisionEntry = (slot, tr.seq) }
        lanes[slot].append(tr, capacity: capacity)
        secondSeqs[slot] = lanes[slot].secondSeq
        latestSlot = slot
    }

    /// A gesture record named the recognizer's view. The dictionary is written only when
    /// the view changes (names compare by number).
    mutating func noteView(_ view: TraceName, slot: Int) {
        guard !view.isEmpty && views[slot] != view else { return }
        views[slot] = view
        viewOf[order[slot]] = view.string
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
