// SlotCache: recognizer id -> lane slot by the id string's identity, before hashing.

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
