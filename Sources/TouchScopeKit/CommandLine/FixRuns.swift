// FixRuns: the replays `why --fix` makes, each streamed so a long recording costs a few bytes
// a sequence, not its events. The base run keeps per sequence its start and a number for its
// winners (`RunTable`), and groups the losses by recognizer, outcome, rule and what it lost to
// (`LossGroup`: the first loss's verdict, then four bytes a loss). A replay with a setting
// either answers one question and stops (does the recognizer win sequence k? replayed up to
// the start of sequence k + 2, and on only if k is not final by then), or runs whole and
// compares each sequence's winners with the base run's as it becomes final (`FixCheck`).
//
//     base:   seq 1 [singleTap]   seq 2 [singleTap]   …   losses: doubleTap/failed/tapInterval → [0, 1, 7, …]
//     check:  seq 1 [doubleTap] ≠ → fixed (in the group)   seq 2 [doubleTap] ≠ → a change
import Foundation
import TouchCore
import TouchScene

/// Hands on each sequence of a run once final (`FinalVerdicts`), in order: a run holds the
/// sequences under way.
final class FinalSequenceSink: TraceSink {
    private var verdicts = FinalVerdicts(.final)
    private let take: (Int, SequenceVerdict) -> Void
    /// The most sequences the builder held at once.
    var mostHeld: Int { verdicts.mostHeld }
    /// How many sequences were handed on.
    var taken: Int { verdicts.taken }

    /// `take(k, verdict)` gets sequence `k` (from 0) once final.
    init(_ take: @escaping (Int, SequenceVerdict) -> Void) { self.take = take }

    func receive(_ record: consuming TraceRecord) {
        verdicts.add(record, take: take)
    }

    /// The end of a whole run: the sequences still held are handed on as they are.
    func finish() {
        verdicts.finish(take: take)
    }
}

/// The losses of one recognizer that went the same way: outcome, rule and what it lost to.
struct LossKey: Hashable {
    var recognizer: String
    var outcome: String
    var rule: String?
    var by: [String]
}

/// One way a recognizer lost: its first loss's verdict and every sequence it lost so.
struct LossGroup {
    var key: LossKey
    /// The first loss: its sequence, its place among the sequence's recognizers, its verdict.
    var first: (sequence: Int, place: Int, verdict: RecognizerVerdict)
    /// Every sequence lost this way, in order (from 0).
    var members: [Int32] = []
}

/// The run as the scene file says, kept small: per sequence its start and winners' number,
/// and the losses grouped (`LossGroup`).
struct FixBase {
    private(set) var table = RunTable()
    private(set) var starts: [Double] = []
    private(set) var winners: [Int32] = []
    private(set) var groups: [LossGroup] = []
    private var groupIndex: [LossKey: Int] = [:]
    /// With `pick`: the sequence starting then and its verdicts (the verdict card's question).
    private(set) var picked: (sequence: Int, verdict: SequenceVerdict)?
    /// The most sequences the base run's verdict builder held at once.
    private(set) var mostHeld = 0

    var count: Int { starts.count }

    static func isLoss(_ r: RecognizerVerdict) -> Bool {
        r.outcome == .failed || r.outcome == .neverBegan || r.outcome == .cancelled
    }

    /// The rows of `s` a fix is searched for: its recognizers, where one that left a touch
    /// out for its type (rule `touchType`) and did not win is a loss that never began, decided
    /// by that rule (its own row, a failure for want of that touch, gives way to it): a setting
    /// (`allowedTouchTypes`, `requiresExclusiveTouchType`) can make it analyse the touch.
    static func lossRows(_ s: SequenceVerdict) -> [RecognizerVerdict] {
        var typed: [RecognizerVerdict] = []
        for k in s.keptOut where k.rule == .touchType && !typed.contains(where: { $0.id == k.recognizer })
            && !s.recognizers.contains(where: { $0.id == k.recognizer && $0.won }) {
            typed.append(RecognizerVerdict(id: k.recognizer, view: "", outcome: .neverBegan, at: s.start, reason: k.reason ?? "",
                                           decision: GestureDecision(.touchType, about: k.recognizer, by: [k.control])))
        }
        guard !typed.isEmpty else { return s.recognizers }
        return s.recognizers.filter { r in !typed.contains { $0.id == r.id } } + typed
    }

    /// Replays `scene` on `open`'s input, whole. `pick`: a sequence's start to keep the verdict of.
    init(_ scene: SceneDescription, _ open: () throws(InputFileError) -> RecordingReader, _ types: SceneTypes,
         pick: Double? = nil) throws {
        var base = self
        let sink = FinalSequenceSink { k, s in base.add(k, s, pick: pick) }
        try FixRuns.replay(scene, open, types, until: nil, into: sink)
        sink.finish()
        base.mostHeld = sink.mostHeld
        self = base
    }

    private mutating func add(_ k: Int, _ s: SequenceVerdict, pick: Double?) {
        starts.append(s.start)
        winners.append(table.number(winners: s.winners.map(\.string)))
        if let p = pick, picked == nil, abs(s.start - p) < 1e-6 { picked = (k, s) }
        for (place, r) in Self.lossRows(s).enumerated() where Self.isLoss(r) {
            let key = LossKey(recognizer: r.id.string, outcome: r.outcome.rawValue, rule: r.decision?.rule.rawValue,
                              by: r.decision?.by.map(\.string) ?? [])
            if let g = groupIndex[key] {
                if groups[g].members.last != Int32(k) { groups[g].members.append(Int32(k)) }
            } else {
                groupIndex[key] = groups.count
                groups.append(LossGroup(key: key, first: (k, place, r), members: [Int32(k)]))
            }
        }
    }
}

/// A whole replay with a setting compared with the base run as it goes: the sequences other
/// than `sequence` whose winners change, and which of `members` the recognizer now wins.
struct FixCheck {
    var wins = false
    var changes: [FixChange] = []
    /// Per member (in `members`' order): whether the recognizer wins it now.
    var fixed: [Bool]
}

enum FixRuns {
    /// Replays `scene` on `open`'s input into `sink` (headless, on the virtual clock, as
    /// `replay --headless`), up to `until` (nil: the whole input and a second after).
    static func replay(_ scene: SceneDescription, _ open: () throws(InputFileError) -> RecordingReader, _ types: SceneTypes,
                       until: Double?, into sink: FinalSequenceSink) throws {
        do {
            let session = SceneSession(scene: scene)
            session.app.tracer.sink = sink
            try Replayer(session: session, recording: open(), types: types).run(until: until)
        } catch { throw CLIError.badInput(error.description) }
    }

    /// Whether `id` wins sequence `k` replayed with `scene`: replayed up to the start of sequence
    /// `k + 2` of `base`, and whole when `k` is not final by then.
    static func wins(_ id: String, _ k: Int, _ scene: SceneDescription, base: FixBase,
                     _ open: () throws(InputFileError) -> RecordingReader, _ types: SceneTypes) -> Bool {
        var answer: Bool?
        let sink = FinalSequenceSink { i, s in if i == k { answer = s.winners.contains { $0.string == id } } }
        if k + 2 < base.count {
            guard (try? replay(scene, open, types, until: base.starts[k + 2], into: sink)) != nil else { return false }
            if let answer { return answer }
        }
        let whole = FinalSequenceSink { i, s in if i == k { answer = s.winners.contains { $0.string == id } } }
        guard (try? replay(scene, open, types, until: nil, into: whole)) != nil else { return false }
        whole.finish()
        return answer ?? false
    }

    /// Replays `scene` whole and compares it with `base` (`FixCheck`); nil when it does not replay.
    static func check(_ id: String, _ k: Int, members: [Int32], _ scene: SceneDescription, base: FixBase, recording: String,
                      _ open: () throws(InputFileError) -> RecordingReader, _ types: SceneTypes) -> FixCheck? {
        var out = FixCheck(fixed: Array(repeating: false, count: members.count))
        var m = 0
        let none = base.table.number(winners: [])
        let sink = FinalSequenceSink { i, s in
            let names = s.winners.map(\.string)
            let won = names.contains(id)
            if i == k { out.wins = won }
            while m < members.count, Int(members[m]) < i { m += 1 }
            if m < members.count, Int(members[m]) == i { out.fixed[m] = won }
            let before = i < base.count ? base.winners[i] : none
            let after = base.table.number(winners: names)
            if i != k, before != after {
                out.changes.append(FixChange(recording: recording, sequence: i + 1, start: i < base.count ? base.starts[i] : s.start,
                                             winnersBefore: base.table.winners(before), winnersAfter: base.table.winners(after)))
            }
        }
        guard (try? replay(scene, open, types, until: nil, into: sink)) != nil else { return nil }
        sink.finish()
        // Sequences the base run had and this one did not: no winners now.
        for i in sink.taken..<max(sink.taken, base.count) where i != k && base.winners[i] != none {
            out.changes.append(FixChange(recording: recording, sequence: i + 1, start: base.starts[i],
                                         winnersBefore: base.table.winners(base.winners[i]), winnersAfter: []))
        }
        return out
    }
}
