// TouchKeyIndex: where each finger is in a list kept beside it, found fast with 2 fingers down or 20,000.

/// The positions of touch keys in a list the owner keeps in step (values at the same
/// positions). A lookup compares the key with each key while a few are held, and hashes it
/// beyond `linearLimit`: hashing a `TouchKey` on every finger move cost more than comparing
/// it with the 2–5 keys usually down (the dispatch figure of `touchscope bench`), and the
/// hash index keeps thousands of fingers linear in time (`bench/many-fingers.py`).
/// Removing a key moves the last key into its place: the order is not the order of adding.
struct TouchKeyIndex: Sendable {
    /// Up to this many keys, a lookup scans them.
    static let linearLimit = 8
    /// The keys, in position order.
    private(set) var keys: [TouchKey] = []
    /// Each key's position, once more than `linearLimit` keys were held.
    private var hashed: [TouchKey: Int]?

    init() {}

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// Where `key` is, or nil.
    func position(of key: TouchKey) -> Int? {
        if let hashed { return hashed[key] }
        var i = 0
        while i < keys.count {
            if keys[i] == key { return i }
            i += 1
        }
        return nil
    }
    func contains(_ key: TouchKey) -> Bool { position(of: key) != nil }

    /// Adds `key` (not held yet) at position `count`.
    mutating func append(_ key: TouchKey) {
        keys.append(key)
        if hashed != nil {
            hashed?[key] = keys.count - 1
        } else if keys.count > Self.linearLimit {
            var h: [TouchKey: Int] = [:]
            h.reserveCapacity(keys.count * 2)
            for (i, k) in keys.enumerated() { h[k] = i }
            hashed = h
        }
    }

    /// Removes the key at `i`, moving the last key into its place (the owner does the same
    /// with its values).
    mutating func swapRemove(at i: Int) {
        hashed?[keys[i]] = nil
        let last = keys.count - 1
        if i != last {
            keys.swapAt(i, last)
            hashed?[keys[i]] = i
        }
        keys.removeLast()
    }

    mutating func removeAll() {
        keys.removeAll()
        hashed = nil
    }
}
