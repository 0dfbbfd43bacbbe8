// IntTable: a hash table keyed by touch ids, for the trace log's per-touch state.
//
// Touch ids are small sequential integers. A multiply
// (Fibonacci hashing) spreads them over the slots: a look-up is a multiply, a shift, a
// compare and a load, where a `Dictionary<Int, _>` runs SipHash on every look-up (it was
// most of the cost of indexing a `touches` record). The key itself, masked, would put
// sequential ids in one long run, and removing the oldest would walk all of it. Open
// addressing with linear probing; removal shifts the following entries back (no
// tombstones), so a probe never walks over dead slots.

/// A hash map from `Int` to `Value` tuned for sequential keys. Slots are stable until the
/// next insertion or removal, so a caller may look a key up once and then read and write
/// its value in place through `subscript(slot:)`.
///
///     var t = IntTable<String>()
///     t[7] = "seven"
///     if let s = t.slot(of: 7) { t[slot: s] += "!" }
struct IntTable<Value> {
    private var keys: [Int]
    private var values: [Value?]
    private var mask: Int
    private var shift: UInt64
    /// The number of keys stored.
    private(set) var count = 0
    private static var empty: Int { Int.min }

    init(minimumCapacity: Int = 64) {
        var n = 16
        while n < minimumCapacity * 2 { n *= 2 }
        keys = Array(repeating: Self.empty, count: n)
        values = Array(repeating: nil, count: n)
        mask = n - 1
        shift = UInt64(64 - n.trailingZeroBitCount)
    }

    // Always inlined, as the log's other per-record lookups here: the dispatch bench's
    // instructions per event name the cost (docs/performance.md, the idiom table).
    @inline(__always)
    private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `key`, or nil.
    @inline(__always)
    func slot(of key: Int) -> Int? {
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return i }
            if k == Self.empty { return nil }
            i = (i + 1) & mask
        }
    }

    /// The value in a slot returned by `slot(of:)` or `insert` (valid until the next
    /// insertion or removal).
    subscript(slot i: Int) -> Value {
        get { values[i]! }
        _modify { yield &values[i]! }
    }

    subscript(key: Int) -> Value? {
        get { slot(of: key).map { values[$0]! } }
        set {
            if let v = newValue { insert(v, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// Stores `value` for `key` (replacing any) and returns its slot and the old value.
    @discardableResult
    mutating func insert(_ value: Value, forKey key: Int) -> (slot: Int, old: Value?) {
        precondition(key != Self.empty, "IntTable cannot store Int.min")
        if let i = slot(of: key) {
            let old = values[i]
            values[i] = value
            return (i, old)
        }
        if (count + 1) * 2 > keys.count { grow() }
        var i = home(key)
        while keys[i] != Self.empty { i = (i + 1) & mask }
        keys[i] = key
        values[i] = value
        count += 1
        return (i, nil)
    }

    /// Removes `key`; returns its value, if it was there.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        guard var hole = slot(of: key) else { return nil }
        let old = values[hole]
        keys[hole] = Self.empty
        values[hole] = nil
        count -= 1
        // Backward-shift deletion: move up every following entry of the run whose home
        // slot does not lie (cyclically) between the hole and its current slot.
        var j = hole
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == Self.empty { break }
            let h = home(k)
            let stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if stays { continue }
            keys[hole] = k
            values[hole] = values[j]
            keys[j] = Self.empty
            values[j] = nil
            hole = j
        }
        return old
    }

    mutating func removeAll() {
        for i in keys.indices where keys[i] != Self.empty { keys[i] = Self.empty; values[i] = nil }
        count = 0
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let n = keys.count * 2
        keys = Array(repeating: Self.empty, count: n)
        values = Array(repeating: nil, count: n)
        mask = n - 1
        shift = UInt64(64 - n.trailingZeroBitCount)
        count = 0
        for i in oldKeys.indices where oldKeys[i] != Self.empty {
            var j = home(oldKeys[i])
            while keys[j] != Self.empty { j = (j + 1) & mask }
            keys[j] = oldKeys[i]
            values[j] = oldValues[i]
            count += 1
        }
    }

    /// Calls `body` with every value, in slot order, without copying the table's arrays.
    func forEachValue(_ body: (Value) -> Void) {
        for i in keys.indices where keys[i] != Self.empty { body(values[i]!) }
    }

    /// Removes every entry `shouldRemove` picks.
    mutating func removeAll(where shouldRemove: (Value) -> Bool) {
        var doomed: [Int] = []
        for i in keys.indices where keys[i] != Self.empty && shouldRemove(values[i]!) { doomed.append(keys[i]) }
        for k in doomed { removeValue(forKey: k) }
    }

    /// Every (key, value), in slot order (not insertion order: sort when order matters).
    var entries: [(key: Int, value: Value)] {
        var out: [(key: Int, value: Value)] = []
        out.reserveCapacity(count)
        for i in keys.indices where keys[i] != Self.empty { out.append((keys[i], values[i]!)) }
        return out
    }
    /// Every value, in slot order.
    var allValues: [Value] { entries.map(\.value) }
}
