// TransitionLane: one recognizer's transitions, oldest first, with cheap dropping of the oldest.

/// One recognizer's transitions, oldest first. Dropping old ones moves a start index;
/// the storage is compacted when more than half of it is dropped (a lane holds thousands
/// of transitions, and dropping a few each time moved all the others).
struct TransitionLane {
    private var items: [GestureTransition] = []
    private var start = 0
    var count: Int { items.count - start }
    /// The sequence number of the second transition kept (Int.max: fewer than two).
    var secondSeq: Int { count > 1 ? items[start + 1].seq : .max }
    var last: GestureTransition? { start < items.count ? items[items.count - 1] : nil }
    subscript(i: Int) -> GestureTransition { items[start + i] }
    /// The kept transitions, oldest first (a copy unless `compact()` ran since the last drop).
    var all: [GestureTransition] { start == 0 ? items : Array(items[start...]) }
    /// Removes the dropped transitions from storage, so that `all` shares it.
    mutating func compact() {
        if start > 0 { items.removeFirst(start); start = 0 }
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
        if start * 2 > items.count { items.removeFirst(start); start = 0 }
    }
}
