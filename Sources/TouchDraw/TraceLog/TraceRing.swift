// TraceRing: the trace log's bounded ring of records, with a kind byte and a count per kind.
import TouchCore

/// The ring's storage: records and their kind indices (`TraceKind.index`: the event log
/// walks the kinds back from the newest without reading the records). It grows up to the
/// capacity, then the oldest record (at `head`) is replaced by the newest.
///
/// Positions are storage positions (`0..<count`); the oldest record is at `head`, the
/// newest just before it.
struct TraceRing {
    let capacity: Int
    private var records: [TraceRecord] = []
    private var kinds: [UInt8] = []
    /// The storage position of the oldest record (0 until the ring is full).
    private(set) var head = 0
    /// How many records of each kind the ring holds, by `TraceKind.index`.
    private(set) var kindCounts: [Int] = Array(repeating: 0, count: TraceKind.allCases.count)

    init(capacity: Int) { self.capacity = capacity }
    var count: Int { records.count }
    var isEmpty: Bool { records.isEmpty }
    var isFull: Bool { records.count == capacity }
    /// A record (`i < count`).
    subscript(i: Int) -> TraceRecord { records[i] }
    /// The storage position of the record `offset` records after the oldest.
    func position(ofOffset offset: Int) -> Int { (head + offset) % count }

    /// Adds a record at the end; a full ring drops its oldest.
    mutating func append(_ r: consuming TraceRecord, kind k: Int) {
        kindCounts[k] += 1
        if !isFull {
            records.append(consume r)
            kinds.append(UInt8(k))
            return
        }
        kindCounts[Int(kinds[head])] -= 1
        records[head] = consume r
        kinds[head] = UInt8(k)
        head += 1
        if head == capacity { head = 0 }
    }

    /// Up to `limit` sequence numbers of records whose kind bit is in `wanted`, oldest first,
    /// ending `skip` matching records before the newest one (whose sequence number is
    /// `newestSeq`). Walks the kind bytes back from the newest: O(records walked).
    func seqs(ofKinds wanted: UInt16, newestSeq: Int, limit: Int, skippingNewest skip: Int) -> [Int] {
        var out: [Int] = []
        guard limit > 0, wanted != 0, !isEmpty else { return out }
        out.reserveCapacity(limit)
        var skipped = 0
        var pos = head == 0 ? count - 1 : head - 1   // the newest record's position
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
}

extension TraceKind {
    /// The position in `allCases` (a switch: `allCases` builds an array on every call; here,
    /// beside the ring, so that `append` inlines it).
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
