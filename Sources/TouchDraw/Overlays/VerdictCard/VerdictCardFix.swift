// VerdictCardFix: the card's "Fix" row: for the loser the card has selected (else its first),
// the smallest single setting that makes it win its sequence, as `touchscope why --fix`
// finds it (every proposal checked by a replay). The host searches on a thread of its own
// (`WhatIfShown.Fix`, filled in by the window's what-if); the card says "checking …" until
// the answer comes, and a tap on a found fix tries it in the what-if editor.
//
//   │ ✗ doubleTap failed at 0.530 s, on pad                       │
//   │   tapInterval: 0.42 s, limit 0.35 s · 0.07 s too late       │
//   │ Fix: doubleTap.maximumInterval=0.45 (verified; changes 1    │  a tap target at least 44
//   │   other sequence) · tap to try it                           │  units high

extension WhatIfShown {
    /// Which loser of which sequence a fix is for.
    public struct FixTarget: Sendable, Hashable {
        /// The start of the touch sequence the recognizer lost.
        public var start: Double
        /// The recognizer's id.
        public var recognizer: String
        /// The loss of `recognizer` in the sequence starting at `start`.
        public init(start: Double, recognizer: String) { self.start = start; self.recognizer = recognizer }
    }

    /// The fix of the card's loser, as the host's search found it.
    public struct Fix: Sendable, Hashable {
        /// How far the search is.
        public enum Status: Sendable, Hashable {
            /// The replays run.
            case checking
            /// A setting that makes it win, checked by a replay: `ID.KEY=VALUE`, the value
            /// before, and how many other sequences' winners it changes.
            case found(set: String, from: String, changes: Int)
            /// No single setting: why (`"no single setting: it lost to pan by exclusivity"`).
            case none(String)
            /// The search could not run (the message says why).
            case failed(String)
        }
        /// The loss it is for.
        public var target: FixTarget
        /// How far the search is, or what it found.
        public var status: Status
        /// `status` for `target`.
        public init(target: FixTarget, status: Status) { self.target = target; self.status = status }

        /// The setting split for the editor: id, key, value and the value before (nil: no fix found).
        public var edit: (id: String, key: String, value: String, original: String)? {
            guard case let .found(set, from, _) = status, let dot = set.firstIndex(of: "."),
                  let eq = set[dot...].firstIndex(of: "=") else { return nil }
            return (String(set[..<dot]), String(set[set.index(after: dot)..<eq]), String(set[set.index(after: eq)...]), from)
        }

        /// The row in words: "Fix: doubleTap.maximumInterval=0.45 (verified; changes 1 other
        /// sequence)", "Fix: checking doubleTap …", "Fix for swipe: no single setting: …".
        /// `applied`: the what-if editor has the setting.
        public func words(applied: Bool = false) -> String {
            switch status {
            case .checking: return "Fix: checking \(target.recognizer) …"
            case let .found(set, _, changes):
                let other = changes == 1 ? "1 other sequence" : "\(changes) other sequences"
                return "Fix: \(set) (verified; changes \(other))" + (applied ? " · in the what-if editor" : " · tap to try it")
            case .none(let why): return "Fix for \(target.recognizer): \(why)"
            case .failed(let m): return "Fix for \(target.recognizer): could not check: \(m)"
            }
        }
    }
}

extension VerdictCard {
    /// The loser the card's Fix row is for: the selected row's recognizer when it lost
    /// (failed, never began, was cancelled), else the first such row; with the start of the
    /// card's first sequence that has that attempt. Nil: no card, or every row won or is
    /// undecided.
    public static func fixTarget(log: TraceLog, state: OverlayState) -> WhatIfShown.FixTarget? {
        guard let g = shown(log: log, state: state), let v = merged(g) else { return nil }
        let rows = rowOrder(v)
        let lost: Set<VerdictOutcome> = [.failed, .neverBegan, .cancelled]
        let losers = rows.filter { lost.contains($0.outcome) }
        guard let first = losers.first else { return nil }
        let selected = selectedRow(rows, log: log, state: state).map { rows[$0] }
        let r = selected.flatMap { s in losers.first { sameAttempt($0, s) } } ?? first
        guard let s = g.first(where: { $0.recognizers.contains { sameAttempt($0, r) } }) else { return nil }
        return WhatIfShown.FixTarget(start: s.start, recognizer: r.id.string)
    }

    /// The Fix row's paragraph for `gesture` (none when the fix is for another card).
    static func fixParagraphs(_ gesture: [SequenceVerdict], _ w: WhatIfShown?) -> [VerdictCardParagraph] {
        guard let f = w?.fix, gesture.contains(where: { abs($0.start - f.target.start) < 1e-6 }) else { return [] }
        if case let .found(set, _, _) = f.status {
            return [.init(f.words(applied: w?.settings.contains(set) == true), .fix)]
        }
        return [.init(f.words(), .detail)]
    }
}
