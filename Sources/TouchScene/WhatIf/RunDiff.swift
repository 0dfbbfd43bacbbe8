// RunDiff: two runs compared decision by decision (`touchscope diff`): the first decision
// that differs, with both versions, and each touch sequence whose winners changed.
//
//     let d = RunDiff(a: recordsA, b: recordsB, sequencesA: verdictsA, sequencesB: verdictsB)
//     print(d.same ? "the same decisions" : d.text)

import TouchCore

/// Two runs' decisions side by side.
///
/// A *decision* is a recognizer's transition out of or between its states (a reset to
/// `possible` is not one: it follows from the touches ending), identified by the recognizer,
/// its view, the two states and the rule that decided (`GestureDecision.rule`); its time is
/// not part of it, so a run where the same thing happens a little later decides the same.
/// Two runs decide the same when their decisions are equal in order.
public struct RunDiff: Sendable {
    /// Run A's gesture transitions other than resets, in order.
    public var decisionsA: [TraceRecord]
    /// Run B's, the same way.
    public var decisionsB: [TraceRecord]
    /// The first place the two lists differ: the time (the earlier of the two records') and
    /// each run's record there (nil: that run has no more decisions).
    public var first: (at: Double, a: TraceRecord?, b: TraceRecord?)?
    /// The touch sequences whose winners differ, paired in order (the first sequence of one
    /// run with the first of the other): the start (run A's, else run B's) and both lists.
    public var sequences: [(start: Double, winnersA: [String], winnersB: [String])]

    /// How many decisions each run made.
    public var decisionCounts: (a: Int, b: Int)

    /// Whether the two runs made the same decisions.
    public var same: Bool { first == nil }

    /// Two runs compared elsewhere (`streamed`): where they first differ, the sequences whose
    /// winners differ and how many decisions each made; `decisionsA` and `decisionsB` empty.
    public init(first: (at: Double, a: TraceRecord?, b: TraceRecord?)?,
                sequences: [(start: Double, winnersA: [String], winnersB: [String])], decisionCounts: (a: Int, b: Int)) {
        decisionsA = []; decisionsB = []
        self.first = first; self.sequences = sequences; self.decisionCounts = decisionCounts
    }

    /// Compares the records of two runs (every record, or just their decisions) and their
    /// touch sequences' verdicts (`VerdictBuilder.sequences`).
    public init(a: [TraceRecord], b: [TraceRecord], sequencesA: [SequenceVerdict], sequencesB: [SequenceVerdict]) {
        decisionsA = a.filter(Self.isDecision)
        decisionsB = b.filter(Self.isDecision)
        decisionCounts = (decisionsA.count, decisionsB.count)
        first = nil
        let n = max(decisionsA.count, decisionsB.count)
        for i in 0..<n {
            let x = i < decisionsA.count ? decisionsA[i] : nil
            let y = i < decisionsB.count ? decisionsB[i] : nil
            if let x, let y, Self.key(x) == Self.key(y) { continue }
            first = (min(x?.t ?? .infinity, y?.t ?? .infinity), x, y)
            break
        }
        sequences = []
        for i in 0..<max(sequencesA.count, sequencesB.count) {
            let wa = i < sequencesA.count ? sequencesA[i].winners.map(\.string) : []
            let wb = i < sequencesB.count ? sequencesB[i].winners.map(\.string) : []
            guard wa != wb else { continue }
            sequences.append((i < sequencesA.count ? sequencesA[i].start : sequencesB[i].start, wa, wb))
        }
    }

    /// Whether `r` is a decision: a gesture transition that is not a reset to `possible`.
    public static func isDecision(_ r: TraceRecord) -> Bool {
        guard case let .gesture(_, _, from, to, _, _) = r.body else { return false }
        return !(to == .possible && from != .possible)
    }

    /// What identifies a decision: recognizer, view, from, to and rule.
    package struct Key: Hashable {
        var recognizer: String, view: String, from: GestureState, to: GestureState, rule: GestureRule?
    }

    package static func key(_ r: TraceRecord) -> Key? {
        guard case let .gesture(recognizer, view, from, to, _, _) = r.body else { return nil }
        return Key(recognizer: recognizer.string, view: view.string, from: from, to: to, rule: r.decision?.rule)
    }

    /// One JSON object on one line: `{"same": bool, "first": {"at": s, "a": record|null,
    /// "b": record|null} | null, "sequences": [{"start": s, "winnersA": [...], "winnersB": [...]}]}`;
    /// a record as a trace file's line writes it.
    public var json: String {
        var o = JSONObjectWriter()
        o.raw("same", same ? "true" : "false")
        if let first {
            var f = JSONObjectWriter()
            f.number("at", first.at)
            f.raw("a", first.a.map { TraceWriter.line($0) } ?? "null")
            f.raw("b", first.b.map { TraceWriter.line($0) } ?? "null")
            o.raw("first", f.closed)
        } else {
            o.raw("first", "null")
        }
        o.raw("sequences", "[" + sequences.map { s in
            var x = JSONObjectWriter()
            x.number("start", s.start)
            x.raw("winnersA", JSONOut.strings(s.winnersA))
            x.raw("winnersB", JSONOut.strings(s.winnersB))
            return x.closed
        }.joined(separator: ",") + "]")
        return o.closed
    }

    /// In words: whether they decide the same, the first difference with both versions, and
    /// the sequences whose winners changed.
    public var text: String {
        guard let first else {
            return "The same decisions: \(decisionCounts.a) in each run.\n"
        }
        var out = "The decisions differ. First difference at \(WhyReport.seconds(first.at)):\n"
        out += "  A: " + (first.a.map(Self.words) ?? "no more decisions") + "\n"
        out += "  B: " + (first.b.map(Self.words) ?? "no more decisions") + "\n"
        if sequences.isEmpty {
            out += "Every touch sequence has the same winners.\n"
        } else {
            out += "Touch sequences whose winners changed:\n"
            for s in sequences {
                func list(_ w: [String]) -> String { w.isEmpty ? "none" : w.joined(separator: ", ") }
                out += "  at \(WhyReport.seconds(s.start)): A \(list(s.winnersA)); B \(list(s.winnersB))\n"
            }
        }
        return out
    }

    /// A decision in words: "0.38 s doubleTap on pad: possible → recognized (tapCount 2/2): recognized: 2 taps of 1 finger".
    public static func words(_ r: TraceRecord) -> String {
        guard case let .gesture(recognizer, view, from, to, reason, _) = r.body else { return r.description }
        var s = "\(WhyReport.seconds(r.t)) \(recognizer.string)"
        if !view.isEmpty { s += " on \(view.string)" }
        s += ": \(from.rawValue) → \(to.rawValue)"
        if let d = r.decision {
            var rule = d.rule.rawValue
            if let m = d.measured, let l = d.limit {
                rule += " \(TraceFormat.short(m, max(3, d.decimals)))/\(TraceFormat.short(l, max(3, d.decimals)))\(d.unit.map { " \($0.rawValue)" } ?? "")"
            }
            s += " (\(rule))"
        }
        return s + ": \(reason)"
    }
}
