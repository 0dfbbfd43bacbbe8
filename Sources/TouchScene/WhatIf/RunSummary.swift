// RunSummary: a run kept small, for `diff` and `sweep` over long recordings. Per touch
// sequence its start and winners, per decision a number naming it (`RunDiff.key`); the
// winner lists and decision keys are numbered once in a table the runs share, so two runs
// compare number by number and a million events cost a few bytes a decision.
//
//     let table = RunTable()
//     let a = RunSummary(table: table, keepsDecisions: true)   // run A's sink
//     let b = RunSummary(table: table, comparedWith: a.decisions)  // run B's: the first decision that differs
//
// Each sequence is taken as it settles and then forgotten (`FinalVerdicts`, as `touchscope
// test` does), so memory holds the sequences under way, not the events.

import TouchCore

/// The winner lists and decision keys of runs, each numbered once.
public final class RunTable {
    private var winnerLists: [[String]] = []
    private var winnerNumbers: [[String]: Int32] = [:]
    private var keyNumbers: [RunDiff.Key: Int32] = [:]

    /// An empty table.
    public init() {}

    /// The number of `winners` (the same list, the same number).
    public func number(winners: [String]) -> Int32 {
        if let n = winnerNumbers[winners] { return n }
        let n = Int32(winnerLists.count)
        winnerLists.append(winners)
        winnerNumbers[winners] = n
        return n
    }

    /// Every list of winners, by number.
    public var lists: [[String]] { winnerLists }

    /// The winners numbered `n`.
    public func winners(_ n: Int32) -> [String] { winnerLists[Int(n)] }

    /// The number of decision `r`'s key (recognizer, view, states, rule).
    func number(decision r: TraceRecord) -> Int32 {
        let key = RunDiff.key(r)!
        if let n = keyNumbers[key] { return n }
        let n = Int32(keyNumbers.count)
        keyNumbers[key] = n
        return n
    }
}

/// A trace sink that keeps a run small: each sequence's start and winners, its decisions'
/// numbers (`keepsDecisions`), and, compared with another run's decisions, the first that differs.
public final class RunSummary: TraceSink {
    /// The table the numbers are in.
    public let table: RunTable
    /// Each sequence's start, in order.
    public private(set) var starts: [Double] = []
    /// Each sequence's winners (numbers in `table`), in order.
    public private(set) var winners: [Int32] = []
    /// Each decision's number in `table`, in order (kept only with `keepsDecisions`).
    public private(set) var decisions: [Int32] = []
    /// How many decisions the run made.
    public private(set) var decisionCount = 0
    /// The first place the run's decisions differ from `comparedWith`: its index and this
    /// run's decision there (nil: this run had no more).
    public private(set) var firstDifference: (index: Int, record: TraceRecord?)?
    /// The decision at index `pick`, once the run made it.
    public private(set) var picked: TraceRecord?

    private let keepsDecisions: Bool
    private let compared: [Int32]?
    private let pick: Int?
    /// Each sequence kept as it settles, then forgotten.
    private var verdicts = FinalVerdicts(.settled, keeping: 128)

    /// A sink numbering into `table`; keeping the decisions' numbers when `keepsDecisions`,
    /// comparing them with `comparedWith` (another run's `decisions`) and keeping the
    /// decision at index `pick`.
    public init(table: RunTable, keepsDecisions: Bool = false, comparedWith: [Int32]? = nil, pick: Int? = nil) {
        self.table = table; self.keepsDecisions = keepsDecisions; compared = comparedWith; self.pick = pick
    }

    /// Takes the run's next record: a decision is numbered (and compared), and each sequence
    /// kept as it settles.
    public func receive(_ record: consuming TraceRecord) {
        let r = copy record
        if RunDiff.isDecision(r) {
            let i = decisionCount
            decisionCount += 1
            if keepsDecisions || compared != nil {
                let n = table.number(decision: r)
                if keepsDecisions { decisions.append(n) }
                if let c = compared, firstDifference == nil, i >= c.count || c[i] != n { firstDifference = (i, r) }
            }
            if pick == i { picked = r }
        }
        verdicts.add(r) { _, v in keep(v) }
    }

    /// The end of the run: the sequences still under way are kept as they are; a compared
    /// run that made fewer decisions differs where it stopped.
    public func finish() {
        verdicts.finish { _, v in keep(v) }
        if let c = compared, firstDifference == nil, decisionCount < c.count { firstDifference = (decisionCount, nil) }
    }

    private func keep(_ v: SequenceVerdict) {
        starts.append(v.start)
        winners.append(table.number(winners: v.winners.map(\.string)))
    }
}

extension RunDiff {
    /// Two runs compared in a few bytes a decision: run A (`replay` given a sink) kept as
    /// `RunSummary` numbers, run B compared with them as it goes, and, when they differ, run
    /// A once more for its decision where they part. `replay(true, sink)` replays run A into
    /// `sink`, `replay(false, sink)` run B. `decisionsA` and `decisionsB` stay empty;
    /// `decisionCounts` says how many each made.
    public static func streamed(replay: (_ a: Bool, _ sink: RunSummary) throws -> Void) rethrows -> RunDiff {
        let table = RunTable()
        let a = RunSummary(table: table, keepsDecisions: true)
        try replay(true, a)
        a.finish()
        let b = RunSummary(table: table, comparedWith: a.decisions)
        try replay(false, b)
        b.finish()
        var first: (at: Double, a: TraceRecord?, b: TraceRecord?)?
        if let d = b.firstDifference {
            var recordA: TraceRecord?
            if d.index < a.decisionCount {
                let again = RunSummary(table: table, pick: d.index)
                try replay(true, again)
                recordA = again.picked
            }
            first = (min(recordA?.t ?? .infinity, d.record?.t ?? .infinity), recordA, d.record)
        }
        var sequences: [(start: Double, winnersA: [String], winnersB: [String])] = []
        let none = table.number(winners: [])   // a sequence the other run does not have: no winners
        for i in 0..<max(a.winners.count, b.winners.count) {
            let wa = i < a.winners.count ? a.winners[i] : none, wb = i < b.winners.count ? b.winners[i] : none
            guard wa != wb else { continue }
            sequences.append((i < a.starts.count ? a.starts[i] : b.starts[i], table.winners(wa), table.winners(wb)))
        }
        return RunDiff(first: first, sequences: sequences, decisionCounts: (a.decisionCount, b.decisionCount))
    }
}
