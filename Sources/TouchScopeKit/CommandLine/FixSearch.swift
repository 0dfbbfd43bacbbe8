// FixSearch: `why --fix`: for each recognizer that lost a touch sequence, the smallest single
// change of the scene that makes it win that sequence, checked by a replay (never inferred),
// with its side effects: the other sequences (and, with `--suite`, the other recordings) whose
// winners change. The losses are grouped by the way they went and searched once a group (and
// again for a loss the fix leaves); the replays stream (`FixRuns`), so a long recording costs
// a few bytes a sequence.
//
//   doubleTap failed (tapInterval, measured 0.42 s, limit 0.35 s)
//     first guess: the limit moved past the measure, in the editor's steps: 0.35 → 0.45
//     replay with doubleTap.maximumInterval=0.45: doubleTap wins sequence 1   ✓ verified
//     0.40 (one step less) does not                                           → the least change
//
// The rule that decided says what to change: a number (the what-if editor's key and step for
// it, `WhatIfEditor.numbers`), a failure requirement (dropped), a loss by exclusivity (the
// winner made to require the loser to fail, else the two made simultaneous), or nothing a
// single setting changes (a delegate, a control's default action, an interruption).
import Foundation
import TouchCore
import TouchDraw
import TouchScene

/// One sequence of another run whose winners a fix changes.
struct FixChange: Sendable, Hashable {
    var recording: String
    /// The sequence's place in its recording, from 1.
    var sequence: Int
    var start: Double
    var winnersBefore: [String]
    var winnersAfter: [String]
}

/// The fix proposed for one loser of one sequence.
struct ProposedFix: Sendable {
    /// The sequence (from 1) and the recognizer that lost it.
    var sequence: Int
    var recognizer: String
    /// How it lost: rule, measured value and limit, in words.
    var lost: String
    /// `ID.KEY=VALUE` (nil: no single setting found).
    var set: String?
    /// The value before and after, as JSON (a number, or a list of ids).
    var from: String = "null"
    var to: String = "null"
    /// Whether a replay with the setting made the recognizer win the sequence.
    var verified = false
    /// Why there is no single setting (nil when there is one).
    var none: String?
    /// The other sequences (and recordings) whose winners change.
    var changes: [FixChange] = []
    /// With `--suite`: the recordings of the suite whose winners change, and how many were replayed.
    var suite: (changed: Int, of: Int)?
    /// How many sequences the recognizer lost the same way (outcome, rule and what it lost to).
    var lostSameWay = 1
    /// How many of those the fix makes it win (by the whole replay with it; 0 without a fix).
    var fixedSameWay = 0
    /// How many of those no search reached (`FixSearch.maxSearches`), on the group's last fix.
    var unsearched = 0
    /// While searching: per loss of the group, whether the fix makes it win.
    var fixedMembers: [Bool]?
}

/// Searches fixes on one scene file and recording, in replays streamed as they run
/// (`FixRuns`): the losses are grouped by recognizer, outcome, rule and what they lost to,
/// and each group searched from its first loss; the fix found is replayed whole, which says
/// which other losses of the group it fixes too. A loss it does not fix is searched in turn,
/// up to `maxSearches` a group; the rest are counted, not searched.
struct FixSearch {
    let scenePath: String
    /// The recording's path (or, for the window's input, what names it in changes).
    let recording: String
    /// Opens the input afresh for each replay: the recording's file, or the window's input.
    let open: () throws(InputFileError) -> RecordingReader
    let types: SceneTypes
    /// The most replays one numeric search makes.
    static let maxSteps = 40
    /// The most searches one group of losses gets.
    static let maxSearches = 4

    /// The scene as its file says.
    let scene: SceneDescription
    /// The run as the scene file says, kept small.
    let base: FixBase
    /// The scene built once, for the recognizers' current settings.
    let built: BuiltScene

    init(scenePath: String, recording: String, types: SceneTypes) throws {
        try self.init(scenePath: scenePath, scene: loadScene(scenePath), recording: recording, types: types) {
            () throws(InputFileError) in try RecordingReader(path: recording)
        }
    }

    /// A search on input opened by `open` (the window's: `WhatIf.recordingText`), named
    /// `recording`; `pick`: the start of the sequence the verdict card asks about.
    init(scenePath: String, scene: SceneDescription, recording: String, types: SceneTypes, pick: Double? = nil,
         open: @escaping () throws(InputFileError) -> RecordingReader) throws {
        self.scenePath = scenePath; self.recording = recording; self.types = types; self.open = open
        self.scene = scene
        built = SceneBuilder.build(scene)
        base = try FixBase(scene, open, types, pick: pick)
    }

    /// The scene with `setting` applied (nil: the scene does not take it).
    func scene(with setting: String) -> SceneDescription? {
        guard let s = try? SceneSetting(parsing: setting) else { return nil }
        return try? SceneLoader.load(path: scenePath, settings: [s], types: types)
    }

    /// Whether `id` wins sequence `k` with `setting` (a replay that stops once it knows).
    func wins(_ id: String, _ k: Int, with setting: String) -> Bool {
        guard let s = scene(with: setting) else { return false }
        return FixRuns.wins(id, k, s, base: base, open, types)
    }

    /// `id`'s verdict in sequence `k` of the base run, and its place there (a replay up to it).
    func loss(_ id: String, _ k: Int) -> (place: Int, verdict: RecognizerVerdict)? {
        var found: (Int, RecognizerVerdict)?
        let sink = FinalSequenceSink { i, s in
            let rows = FixBase.lossRows(s)
            if i == k, let p = rows.firstIndex(where: { $0.id.string == id && FixBase.isLoss($0) }) { found = (p, rows[p]) }
        }
        guard (try? FixRuns.replay(scene, open, types, until: k + 2 < base.count ? base.starts[k + 2] : nil, into: sink)) != nil else { return nil }
        if found == nil && k + 2 >= base.count { sink.finish() }
        return found
    }

    /// Every way a recognizer lost, and its fixes: per group, searched from its first loss,
    /// then from the first loss no fix found so far makes it win; in sequence order.
    func fixes() -> [ProposedFix] {
        var out: [(place: Int, fix: ProposedFix)] = []
        for g in base.groups {
            var covered = Array(repeating: false, count: g.members.count)
            var searches = 0
            var last: Int?
            while let m = covered.firstIndex(of: false) {
                if searches == Self.maxSearches { break }
                let k = Int(g.members[m])
                guard let (place, r) = m == 0 ? (g.first.place, g.first.verdict) : loss(g.key.recognizer, k) else { covered[m] = true; continue }
                searches += 1
                var f = fix(r, sequence: k, members: g.members)
                f.lostSameWay = g.members.count
                covered[m] = true
                if let fixed = f.fixedMembers {
                    for i in fixed.indices where fixed[i] { covered[i] = true }
                }
                f.fixedMembers = nil
                last = out.count
                out.append((place, f))
            }
            if let last { out[last].fix.unsearched = covered.filter { !$0 }.count }
        }
        return out.sorted { ($0.fix.sequence, $0.place) < ($1.fix.sequence, $1.place) }.map(\.fix)
    }

    /// The fix of `id`'s loss of the sequence that starts at `start` (the verdict card's Fix
    /// row, the search made with `pick: start`); nil when no sequence starts then or `id` did not lose it.
    func fix(recognizer id: String, start: Double) -> ProposedFix? {
        guard let (k, s) = base.picked, abs(s.start - start) < 1e-6,
              let r = FixBase.lossRows(s).first(where: { $0.id.string == id && FixBase.isLoss($0) }) else { return nil }
        return fix(r, sequence: k, members: [Int32(k)])
    }

    /// The number setting a rule decides through, and which way makes the loser win.
    static func numeric(_ rule: GestureRule, _ recognizer: GestureRecognizer, measured: Double?, limit: Double?) -> (key: String, up: Bool)? {
        switch (rule, recognizer) {
        case (.tapInterval, is TapGestureRecognizer): return ("maximumInterval", true)
        case (.tapMovement, is TapGestureRecognizer): return ("maximumDistance", true)
        case (.tapCount, is TapGestureRecognizer): return ("taps", false)
        case (.pressDuration, is LongPressGestureRecognizer): return ("duration", false)
        case (.pressMovement, is LongPressGestureRecognizer): return ("allowableMovement", true)
        case (.slop, is PanGestureRecognizer): return ("minimumDistance", false)
        case (.slop, is PinchGestureRecognizer), (.slop, is RotationGestureRecognizer): return ("threshold", false)
        case (.swipeDistance, is SwipeGestureRecognizer): return ("minimumDistance", false)
        case (.swipeSpeed, is SwipeGestureRecognizer): return ("minimumSpeed", false)
        case (.touchCount, is PanGestureRecognizer): return ("minTouches", false)
        case (.touchCount, _):
            guard let m = measured, let l = limit else { return nil }
            return ("touches", m > l)
        default: return nil
        }
    }

    /// The fix of `r`'s loss of sequence `k`; `members`: the sequences lost the same way, to
    /// count those the fix also makes win.
    func fix(_ r: RecognizerVerdict, sequence k: Int, members: [Int32]) -> ProposedFix {
        let id = r.id.string
        var f = ProposedFix(sequence: k + 1, recognizer: id, lost: Self.lostWords(r))
        guard let d = r.decision else {
            f.none = "no single setting: no rule decided its \(r.outcome == .neverBegan ? "attempt" : "loss")"
            return f
        }
        let by = d.by.map(\.string)
        var candidates: [(set: String, from: String, to: String)] = []
        if let recognizer = built.recognizers[id] {
            if let (key, up) = Self.numeric(d.rule, recognizer, measured: d.measured, limit: d.limit),
               let n = WhatIfEditor.numbers(of: recognizer).first(where: { $0.key == key }) {
                if let found = searchNumber(id, key: key, value: n.value, step: n.step, min: n.min, max: n.max, up: up,
                                            measured: d.measured, sequence: k),
                   verify(&f, set: found.set, members: members) {
                    f.from = WhatIfEditor.format(n.value); f.to = WhatIfEditor.format(found.value)
                    return f
                }
                f.none = "no single setting: \(id).\(key) moved \(up ? "up" : "down") in steps of \(WhatIfEditor.format(n.step)) up to \(Self.maxSteps) times does not make it win"
                return f
            }
            switch d.rule {
            case .touchType:
                // The touch's type (`by`) added to allowedTouchTypes when it is not there;
                // else the recognizer followed another type first: requiresExclusiveTouchType off.
                let allowed = recognizer.allowedTouchTypes.map(\.rawValue)
                if let type = by.first, TouchType(rawValue: type) != nil, !allowed.contains(type) {
                    candidates.append(("\(id).allowedTouchTypes=[\((allowed + [type]).joined(separator: ", "))]",
                                       Self.list(allowed), Self.list(allowed + [type])))
                } else if recognizer.requiresExclusiveTouchType {
                    candidates.append(("\(id).requiresExclusiveTouchType=false", "true", "false"))
                }
            case .failureRequirement:
                let now = recognizer.failureRequirements.map(\.id)
                let kept = now.filter { !by.contains($0) }
                candidates.append(("\(id).requireToFail=[\(kept.joined(separator: ", "))]", Self.list(now), Self.list(kept)))
            case .exclusivity:
                for w in by {
                    let now = built.recognizers[w]?.failureRequirements.map(\.id) ?? []
                    candidates.append(("\(w).requireToFail=[\((now + [id]).joined(separator: ", "))]", Self.list(now), Self.list(now + [id])))
                }
                candidates.append(("\(id).simultaneousWith=[\(by.joined(separator: ", "))]", "[]", Self.list(by)))
            default:
                break
            }
        }
        for c in candidates {
            guard wins(id, k, with: c.set), verify(&f, set: c.set, members: members) else { continue }
            f.from = c.from; f.to = c.to
            return f
        }
        switch d.rule {
        case .exclusivity: f.none = "no single setting: it lost to \(by.joined(separator: ", ")) by exclusivity"
        case .failureRequirement: f.none = "no single setting: it waited for \(by.joined(separator: ", ")), and dropping the requirement does not make it win"
        case .delegate: f.none = "no single setting: a delegate (or its view) said no; change that answer in code"
        case .control: f.none = "no single setting: \(by.joined(separator: ", "))'s default action owns the touch"
        case .interrupted: f.none = "no single setting: the touches were interrupted"
        case .touchType: f.none = "no single setting: analysing the \(by.first ?? "other") touch does not make it win"
        default: f.none = "no single setting changes rule \(d.rule)"
        }
        return f
    }

    /// The least change of `id.key` in steps of `step` that makes `id` win sequence `k`: the
    /// first guess moves the value just past `measured`; a replay checks it, then smaller
    /// changes are tried while they still win, or larger ones until one does.
    func searchNumber(_ id: String, key: String, value: Double, step: Double, min: Double, max: Double?, up: Bool,
                      measured: Double?, sequence k: Int) -> (set: String, value: Double)? {
        func candidate(_ n: Int) -> Double? {
            let v = value + (up ? 1 : -1) * Double(n) * step
            if v < min - 1e-9 { return nil }
            if let max, v > max + 1e-9 { return nil }
            return (v * 1e6).rounded() / 1e6
        }
        func attempt(_ n: Int) -> (set: String, value: Double)? {
            guard let v = candidate(n) else { return nil }
            let set = "\(id).\(key)=\(WhatIfEditor.format(v))"
            guard wins(id, k, with: set) else { return nil }
            return (set, v)
        }
        // The first guess: the fewest steps that carry the limit past the measure.
        var guess = 1
        if let m = measured {
            let distance = up ? m - value : value - m
            guess = Swift.max(1, Int((distance / step).rounded(.down)) + 1)
        }
        if var best = attempt(guess) {
            var n = guess - 1
            while n >= 1, let smaller = attempt(n) { best = smaller; n -= 1 }
            return best
        }
        var n = guess + 1
        while n <= guess + Self.maxSteps, candidate(n) != nil {
            if let found = attempt(n) { return found }
            n += 1
        }
        return nil
    }

    /// Replays the scene with `set` whole, compared with the base run as it goes: when `f`'s
    /// recognizer wins its sequence, `f` takes the setting, verified, the other sequences whose
    /// winners change and which losses of `members` it fixes.
    func verify(_ f: inout ProposedFix, set: String, members: [Int32]) -> Bool {
        let k = f.sequence - 1
        guard let s = scene(with: set),
              let c = FixRuns.check(f.recognizer, k, members: members, s, base: base, recording: recording, open, types),
              c.wins else { return false }
        f.set = set; f.verified = true
        f.changes = c.changes
        f.fixedMembers = c.fixed
        f.fixedSameWay = c.fixed.filter { $0 }.count
        return true
    }

    static func list(_ ids: [String]) -> String { JSONOut.strings(ids) }

    /// "failed (tapInterval, measured 0.42 s, limit 0.35 s)".
    static func lostWords(_ r: RecognizerVerdict) -> String {
        let outcome = r.outcome == .neverBegan ? "never began" : r.outcome.rawValue
        guard let d = r.decision else { return outcome }
        var parts = [d.rule.rawValue]
        if let numbers = WhyReport.numbers(d, margin: false) { parts.append(numbers) }
        if !d.by.isEmpty { parts.append("by " + d.by.map(\.string).joined(separator: ", ")) }
        return "\(outcome) (\(parts.joined(separator: ", ")))"
    }
}
