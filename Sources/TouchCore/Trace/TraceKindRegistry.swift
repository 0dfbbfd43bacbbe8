// TraceKindRegistry: the trace kinds a program knows by name, so that a trace file reads back
// through each kind's table entry (`TraceReading.swift`). The shipped kinds are listed here;
// a program registers its own the same way, once, at start:
//
//     TraceKindRegistry.register(.sparkle)
//     TraceRecord(json: line)?.body.entry === .sparkle   // its summary, group, Perfetto mapping
//
// A kind that nobody registered still reads back: as a custom record of an entry made for it
// (`TraceKindEntry(unknown:)`), its fields as the file wrote them, so nothing is lost.
import Synchronization

/// Every trace kind known by name: the shipped kinds, the ones a program registered, and
/// the ones added for the current task (tests). The trace reader finds a line's entry here.
public enum TraceKindRegistry {
    /// The kinds TouchScope ships, in the order of ``TraceRecord/Body``'s cases. A failure
    /// wait has no name of its own (trace files write it as a `note`, which reads it back).
    public static let shipped: [TraceKindEntry] = [
        .hitTest, .touches, .gesture, .touchSample, .coalescedTouches, .control, .action, .motion, .remote,
        .firstResponder, .orientation, .note,
    ]

    /// The kinds registered by the program, in the order they were.
    private static let registered = Mutex<[TraceKindEntry]>([])

    /// Kinds added for the duration of a call, after the others, seen by every read in it:
    ///
    ///     TraceKindRegistry.$added.withValue([.sparkle]) { ... }
    @TaskLocal public static var added: [TraceKindEntry] = []

    /// Registers a program's own kind for the life of the process, so that traces holding it
    /// read back through its entry (``TraceRecord/init(json:)``, `replay --expect`). Call it
    /// once at start. Returns false, and registers nothing, when a different entry already
    /// has its name (a shipped kind's, or one registered before); registering the same entry
    /// twice is harmless.
    @discardableResult
    public static func register(_ entry: TraceKindEntry) -> Bool {
        if let known = self.entry(named: entry.kind) { return known === entry }
        return registered.withLock { list in
            if let known = list.first(where: { $0.kind == entry.kind }) { return known === entry }
            list.append(entry)
            return true
        }
    }

    /// Every kind known now: the shipped ones, the registered ones, then those `added`.
    public static var all: [TraceKindEntry] {
        shipped + registered.withLock { $0 } + added
    }

    /// The entry of the kind named `kind` (a trace line's `kind`): a shipped one, else a
    /// registered one, else one added for the task; nil when none has that name.
    public static func entry(named kind: String) -> TraceKindEntry? {
        if let e = shipped.first(where: { $0.kind == kind }) { return e }
        if let e = registered.withLock({ list in list.first { $0.kind == kind } }) { return e }
        return added.first { $0.kind == kind }
    }
}
