// TraceRing: the trace log's bounded ring of entries, in raw memory it owns, with a kind byte
// and a count per kind.
@_spi(TouchScopeInternals) import TouchCore

/// What the ring keeps: a record, or a touch message as the tracer's touch-message sink
/// gave it (plain numbers: storing and dropping one touches no reference count). Reading
/// one back turns it into its record (`TraceLog.entryRecord`).
///
/// A record is boxed so that an entry is 32 bytes, not 64: the ring is written and its
/// oldest entry destroyed on every message, and half the memory is half the cache lines
/// (records are the rare kinds: hit tests, notes, controls...).
enum TraceEntry {
    case record(RecordBox)
    case touch(TouchMessage)
    /// A gesture message: its transition is kept once, in the recognizer's lane (slot),
    /// at absolute position `pos`; `view` is the message's view symbol.
    case gesture(slot: Int32, view: TraceSymbol, pos: Int)
}

/// A trace record kept in the log's ring (see `TraceEntry`).
final class RecordBox {
    let record: TraceRecord
    init(_ record: consuming TraceRecord) { self.record = record }
}

/// The ring's storage: entries and their kind bytes (the kind index of each entry, so
/// the entry a full ring drops is not read back to learn its kind), in memory the log
/// owns. It grows by doubling up to the capacity, then is written in place, the oldest
/// entry (at `head`) replaced by the newest. Not Swift arrays: every record wrote both,
/// and each write paid a uniqueness check.
///
/// Positions are storage positions (`0..<count`); the oldest entry is at `head`, the
/// newest just before it. The owner frees the memory (`free()`) exactly once.
struct TraceRing {
    let capacity: Int
    private(set) var count = 0
    /// The storage position of the oldest entry (0 until the ring is full).
    private(set) var head = 0
    /// How many entries of each kind the ring holds, by `TraceKind.index`. (The event log
    /// finds the records of its kinds by walking the kind bytes back from the newest: per
    /// record, only this count changes, where a list of sequence numbers per kind cost two
    /// uniqueness checks, an append and a regular trim.)
    private(set) var kindCounts: [Int] = Array(repeating: 0, count: TraceKind.allCases.count)
    private var allocated: Int
    private var entries: UnsafeMutablePointer<TraceEntry>
    private var kinds: UnsafeMutablePointer<UInt8>

    init(capacity: Int) {
        self.capacity = capacity
        allocated = min(capacity, 4096)
        entries = .allocate(capacity: allocated)
        kinds = .allocate(capacity: allocated)
    }
    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count == capacity }
    /// An entry (`i < count`); setting it destroys the one it replaces.
    subscript(i: Int) -> TraceEntry {
        get { assert(i >= 0 && i < count); return entries[i] }
        nonmutating set { assert(i >= 0 && i < count); entries[i] = newValue }
    }
    /// The storage position of the entry `offset` entries after the oldest.
    func position(ofOffset offset: Int) -> Int { (head + offset) % count }

    /// Adds an entry at the end (`count < capacity`).
    mutating func append(_ e: consuming TraceEntry, kind k: Int) {
        precondition(count < capacity)
        if count == allocated { grow() }
        (entries + count).initialize(to: e)
        kinds[count] = UInt8(k)
        count += 1
        kindCounts[k] += 1
    }
    /// Replaces the oldest entry (at `head`) of a full ring by the newest.
    mutating func replaceOldest(with e: consuming TraceEntry, kind k: Int) {
        let dropped = Int(kinds[head])
        if dropped != k { kindCounts[dropped] -= 1; kindCounts[k] += 1 }
        kinds[head] = UInt8(k)
        entries[head] = e
        head += 1
        if head == capacity { head = 0 }   // not `%`: a division on every record
    }

    /// Up to `limit` sequence numbers of entries whose kind bit is in `wanted`, oldest first,
    /// ending `skip` matching entries before the newest one (whose sequence number is
    /// `newestSeq`). Walks the kind bytes back from the newest: O(entries walked).
    func seqs(ofKinds wanted: UInt16, newestSeq: Int, limit: Int, skippingNewest skip: Int) -> [Int] {
        var out: [Int] = []
        guard limit > 0, wanted != 0, !isEmpty else { return out }
        out.reserveCapacity(limit)
        var skipped = 0
        var pos = head == 0 ? count - 1 : head - 1   // the newest entry's position
        var seq = newestSeq
        let firstSeq = newestSeq + 1 - count
        while seq >= firstSeq && out.count < limit {
            if wanted & (1 << UInt16(kinds[pos])) != 0 {
                if skipped < skip { skipped += 1 } else { out.append(seq) }
            }
            seq -= 1
            pos = pos == 0 ? count - 1 : pos - 1
        }
        return out.reversed()
    }

    private mutating func grow() {
        let n = min(capacity, allocated * 2)
        let e = UnsafeMutablePointer<TraceEntry>.allocate(capacity: n)
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
