// FixReport: what `why --fix` prints: per way a recognizer lost (outcome, rule, what it lost
// to), the fix of its first loss (or why there is none), checked by a replay, with its side
// effects and how many losses of that way it fixes; a loss it leaves is searched in turn
// (`FixSearch.fixes`); with `--suite`, each fix replayed over a suite.
//
//   Sequence 1: doubleTap failed (tapInterval, measured 0.42 s, limit 0.35 s)
//     Fix: doubleTap.maximumInterval=0.45 (was 0.35), verified by replay
//     Changes: sequence 2 at 0.6 s: singleTap → doubleTap
//     Same way: doubleTap lost 3 sequences so; the fix makes it win 2 of them
//     Suite: fixes sequence 1; changes 0 of 140 other recordings
import Foundation
import TouchCore
import TouchScene

enum FixReport {
    static func run(scenePath: String, recording: String, types: SceneTypes, suite: String?, json: Bool) throws {
        let search = try FixSearch(scenePath: scenePath, recording: recording, types: types)
        var fixes = search.fixes()
        if let suite {
            let plan: SuitePlan
            do { plan = try SuitePlan.find([suite]) } catch { throw CLIError.badInput(error.description) }
            let runner = SuiteRunner(resolveName: { resolveScene($0) }, types: types)
            let target = SceneReference.absolute(scenePath)
            // The suite's recordings that play in this scene, as they are: replayed once.
            var before: [(item: SuiteItem, sequences: InternedSequences)] = []
            for item in plan.items {
                guard let reader = try? RecordingReader(path: item.recording),
                      let file = try? runner.sceneFile(of: item, header: reader.header),
                      SceneReference.absolute(file) == target,
                      let run = try? runner.internedVerdicts(item) else { continue }
                before.append((item, run.sequences))
            }
            let this = SceneReference.absolute(recording)
            let others = plan.items.filter { SceneReference.absolute($0.recording) != this }.count
            for k in fixes.indices {
                guard let set = fixes[k].set else { continue }
                var changed = 0
                for (item, old) in before where SceneReference.absolute(item.recording) != this {
                    guard let new = try? runner.internedVerdicts(item, adding: [set]).sequences else { continue }
                    var any = false
                    for i in 0..<max(old.count, new.count) {
                        let a = i < old.count ? old[i].winners : [], b = i < new.count ? new[i].winners : []
                        guard a != b else { continue }
                        any = true
                        fixes[k].changes.append(FixChange(recording: item.recording, sequence: i + 1, start: .nan, winnersBefore: a, winnersAfter: b))
                    }
                    if any { changed += 1 }
                }
                fixes[k].suite = (changed, others)
            }
        }
        print(json ? self.json(fixes) : text(fixes), terminator: json ? "\n" : "")
    }

    static func text(_ fixes: [ProposedFix]) -> String {
        guard !fixes.isEmpty else { return "no recognizer lost a sequence: nothing to fix\n" }
        var out = ""
        for f in fixes {
            out += "Sequence \(f.sequence): \(f.recognizer) \(f.lost)\n"
            if let set = f.set {
                out += "  Fix: \(set) (was \(f.from.replacingOccurrences(of: "\"", with: ""))), \(f.verified ? "verified by replay" : "not verified")\n"
                if f.changes.isEmpty {
                    out += "  Changes: no other sequence\n"
                } else {
                    for c in f.changes {
                        let at = c.start.isNaN ? "\(c.recording) sequence \(c.sequence)" : "sequence \(c.sequence) at \(WhyReport.seconds(c.start))"
                        out += "  Changes: \(at): \(words(c.winnersBefore)) → \(words(c.winnersAfter))\n"
                    }
                }
                if f.lostSameWay > 1 {
                    out += "  Same way: \(f.recognizer) lost \(f.lostSameWay) sequences so; the fix makes it win \(f.fixedSameWay) of them\n"
                }
                if let s = f.suite {
                    out += "  Suite: fixes sequence \(f.sequence); changes \(s.changed) of \(s.of) other recording\(s.of == 1 ? "" : "s")\n"
                }
            } else {
                out += "  Fix: \(f.none ?? "no single setting")\n"
                if f.lostSameWay > 1 { out += "  Same way: \(f.recognizer) lost \(f.lostSameWay) sequences so\n" }
            }
            if f.unsearched > 0 {
                out += "  Not searched: \(f.unsearched) more of them (at most \(FixSearch.maxSearches) searches for one way of losing)\n"
            }
        }
        return out
    }

    static func words(_ winners: [String]) -> String { winners.isEmpty ? "no winner" : winners.joined(separator: ", ") }

    /// `{"fixes": [{"sequence", "recognizer", "set", "from", "to", "verified", "changes":
    /// [{"recording", "start", "winnersBefore", "winnersAfter"}]}]}` (each change also names its
    /// `sequence`, and another recording's has `"start": null`); a loser with no single
    /// setting has `"set": null` and `none` (why); with `--suite`, `suite`: `{"changed", "of"}`.
    /// Each fix also says how many sequences its recognizer lost the same way (`lostSameWay`:
    /// outcome, rule and what it lost to), how many of them the fix makes it win
    /// (`fixedSameWay`, by the same replay) and, on a way of losing's last fix, how many no
    /// search reached (`unsearched`).
    static func json(_ fixes: [ProposedFix]) -> String {
        "{\"fixes\":[" + fixes.map { f in
            var o = JSONObjectWriter()
            o.int("sequence", f.sequence)
            o.string("recognizer", f.recognizer)
            o.optionalString("set", f.set)
            o.raw("from", f.from)
            o.raw("to", f.to)
            o.raw("verified", f.verified ? "true" : "false")
            o.raw("changes", "[" + f.changes.map { c in
                var x = JSONObjectWriter()
                x.string("recording", c.recording)
                x.int("sequence", c.sequence)
                x.optional("start", c.start.isNaN ? nil : c.start)
                x.raw("winnersBefore", JSONOut.strings(c.winnersBefore))
                x.raw("winnersAfter", JSONOut.strings(c.winnersAfter))
                return x.closed
            }.joined(separator: ",") + "]")
            if let none = f.none { o.string("none", none) }
            o.int("lostSameWay", f.lostSameWay)
            o.int("fixedSameWay", f.fixedSameWay)
            o.int("unsearched", f.unsearched)
            if let s = f.suite { o.raw("suite", "{\"changed\":\(s.changed),\"of\":\(s.of)}") }
            return o.closed
        }.joined(separator: ",") + "]}"
    }
}
