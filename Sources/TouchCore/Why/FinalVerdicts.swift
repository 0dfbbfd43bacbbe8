// FinalVerdicts: a run's verdicts handed on one sequence at a time, as each is ready, and then
// forgotten, so a reader of a long trace (`why`, `why --at`, `why --fix`, `diff`, `test`)
// holds the sequences under way, not the run's.
//
//     record ─▶ builder.add ─▶ sequence k ready? ─▶ take(k, verdict) ─▶ (past the limit) forgotten

/// A ``VerdictBuilder`` that hands on each sequence once it is ready, in order, and then lets
/// the builder forget it.
///
///     var verdicts = FinalVerdicts()
///     // for each record of the run:
///     verdicts.add(record) { k, verdict in print(k + 1, verdict.winners) }
///     // at the end of the run:
///     verdicts.finish { k, verdict in print(k + 1, verdict.winners) }
public struct FinalVerdicts {
    /// When a sequence is ready to hand on.
    public enum Readiness: Sendable {
        /// Final (``VerdictBuilder/isFinal(_:)``) and a later sequence has begun: nothing
        /// traced later changes its verdict, its margins included (what `why` prints).
        case final
        /// Settled: its winners are known (what comparing runs needs).
        case settled
    }

    /// The builder (it holds the sequences not yet forgotten).
    public private(set) var builder = VerdictBuilder()
    /// How many sequences were handed on.
    public private(set) var taken = 0
    /// The most sequences the builder held at once.
    public private(set) var mostHeld = 0
    private var dropped = 0
    private let readiness: Readiness
    private let minimumKept: Int
    private var limit: Int

    /// Hands on sequences when `readiness` says; the builder forgets those handed on once it
    /// holds more than `minimumKept` (and then twice what it still holds).
    public init(_ readiness: Readiness = .final, keeping minimumKept: Int = 64) {
        self.readiness = readiness
        self.minimumKept = minimumKept
        limit = minimumKept
    }

    /// Takes the run's next record; `take(k, verdict)` gets each sequence `k` (from 0) that is
    /// now ready.
    public mutating func add(_ record: TraceRecord, take: (Int, SequenceVerdict) -> Void) {
        builder.add(record)
        mostHeld = max(mostHeld, builder.sequences.count)
        while let s = nextReady() {
            take(taken, s)
            taken += 1
        }
        if builder.sequences.count > limit {
            let before = builder.sequences.count
            builder.keepAtMost(before - (taken - dropped))
            dropped += before - builder.sequences.count
            limit = max(minimumKept, builder.sequences.count * 2)
        }
    }

    /// The end of the run: the sequences not handed on yet are, as they are.
    public mutating func finish(take: (Int, SequenceVerdict) -> Void) {
        for s in builder.sequences[(taken - dropped)...] {
            take(taken, s)
            taken += 1
        }
    }

    private func nextReady() -> SequenceVerdict? {
        let i = taken - dropped
        switch readiness {
        case .final:
            return i < builder.sequences.count - 1 && builder.isFinal(i) ? builder.sequences[i] : nil
        case .settled:
            return i < builder.sequences.count && builder.sequences[i].settled ? builder.sequences[i] : nil
        }
    }
}
