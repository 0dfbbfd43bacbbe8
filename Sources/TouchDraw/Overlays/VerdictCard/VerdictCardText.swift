// VerdictCardText: what the verdict card says (VerdictCardPanel.swift places and draws it):
// its paragraphs for a gesture (who won, when, the views hit, who handled the touches when no
// recognizer won, one row per attempt with its rule, numbers and margin in words, the waits),
// what the window's what-if changed, and which touch sequences make one card.

extension VerdictCard {
    // MARK: What it says

    /// The card's paragraphs for a gesture (`gesture`: one touch sequence, or the few that
    /// share recognizers' attempts, oldest first): the title (who won), when and how many
    /// touches, the views hit, one row per recognizer's attempt (winners first, in the order
    /// they analysed the touches; each with its rule, numbers, margin in words and reason),
    /// then the chain of waits.
    public static func paragraphs(for gesture: [SequenceVerdict]) -> [VerdictCardParagraph] {
        guard let v = merged(gesture) else { return [] }
        var out: [VerdictCardParagraph] = []
        let winners = unique(v.winners).map(\.string)
        out.append(.init(winners.isEmpty ? "nothing won" : list(winners) + " won", .title))
        let touches = v.touches.count == 1 ? "1 touch" : "\(v.touches.count) touches"
        let span = v.end.map { " → \(TraceFormat.fixed($0)) s (\(TraceFormat.fixed($0 - v.start)) s)" } ?? ", under way"
        let what = gesture.count == 1 ? "touch sequence" : "\(gesture.count) touch sequences"
        out.append(.init("\(what) \(TraceFormat.fixed(v.start))\(span), \(touches)", .summary))
        out.append(.init("views hit: " + viewsHit(v.touches), .summary))
        // No recognizer won: who handled the touches (a control and its action, or how far
        // up the responder chain they went), as `why` says it.
        for a in v.answer { out.append(.init(a, .summary)) }
        let rows = rowOrder(v)
        if rows.isEmpty { out.append(.init("no recognizer analysed these touches", .detail)) }
        for (i, r) in rows.enumerated() {
            // The taps an attempt made: one per sequence of the card it is in.
            let taps = gesture.filter { $0.recognizers.contains { sameAttempt($0, r) } }.count
            out += row(r, index: i, taps: max(1, taps))
        }
        let waits = rows.flatMap { r in r.waits.map { (r.id, $0) } }
        if !waits.isEmpty {
            out.append(.init("waits", .heading))
            for (id, w) in waits { out.append(.init(waitText(id, w), .wait)) }
        }
        return out
    }

    /// What the window's what-if run changed for the gesture's sequences, in words: a heading
    /// naming the settings, then per sequence its winners before → after ("doubleTap would
    /// win instead of singleTap") or that they stay (nothing while no setting is changed).
    public static func whatIfParagraphs(_ gesture: [SequenceVerdict], _ w: WhatIfShown?) -> [VerdictCardParagraph] {
        guard let w else { return [] }
        var out = fixParagraphs(gesture, w)
        if let sweep = w.sweep {
            let mine = sweep.sequences.filter { s in gesture.contains { abs($0.start - s.start) < 1e-6 } }
            if sweep.running || sweep.failure != nil || !mine.isEmpty {
                out.append(.init("report rates " + sweep.rates.map(String.init).joined(separator: ", ") + " Hz", .heading))
            }
            if sweep.running { out.append(.init("replaying at each rate …", .detail)) }
            if let f = sweep.failure { out.append(.init("could not replay: \(f)", .detail)) }
            for s in mine {
                let at = gesture.count > 1 ? "at \(TraceFormat.fixed(s.start)) s: " : ""
                out.append(.init(at + sweep.words(s), s.stable ? .detail : .margin))
            }
        }
        guard !w.settings.isEmpty else { return out }
        out.append(.init("what if " + w.settings.joined(separator: ", "), .heading))
        switch w.status {
        case .running: out.append(.init("playing the input again …", .detail))
        case .failed(let m): out.append(.init("could not play it again: \(m)", .detail))
        case .ready:
            for s in gesture {
                let at = gesture.count > 1 ? "at \(TraceFormat.fixed(s.start)) s: " : ""
                if let c = w.changes.first(where: { abs($0.start - s.start) < 1e-6 }) {
                    out.append(.init(at + WhatIfShown.winnerWords(c), .margin))
                } else {
                    let winners = unique(s.winners).map(\.string)
                    out.append(.init(at + "the same winners: " + (winners.isEmpty ? "nothing" : list(winners)), .detail))
                }
            }
        }
        return out
    }

    /// The card's text with what the what-if run changed.
    public static func text(for gesture: [SequenceVerdict], whatIf: WhatIfShown?) -> String {
        (paragraphs(for: gesture) + whatIfParagraphs(gesture, whatIf)).map(\.text).joined(separator: "\n")
    }

    /// The paragraphs for one touch sequence.
    public static func paragraphs(for v: SequenceVerdict) -> [VerdictCardParagraph] { paragraphs(for: [v]) }

    /// The card as text, one paragraph a line (what `TOUCHSCOPE_TEST_FINGERS`'s card log gets).
    public static func text(for gesture: [SequenceVerdict]) -> String {
        paragraphs(for: gesture).map(\.text).joined(separator: "\n")
    }

    /// The card's rows in the order it shows them: the winners' attempts, then the others'.
    public static func rowOrder(_ v: SequenceVerdict) -> [RecognizerVerdict] { v.recognizers.filter(\.won) + v.losers }

    // MARK: One card, one gesture

    /// The touch sequences one card shows, oldest first: the newest settled sequence of
    /// `sequences` (a `VerdictBuilder`'s, in the order they started) and the settled ones
    /// just before it that it is linked to: they share a recognizer's attempt (a double tap's
    /// two taps are two sequences and one attempt), or the later one's landing was a
    /// too-slow multi-tap's late tap (its margin is measured to it). Empty when none settled.
    public static func gesture(in sequences: [SequenceVerdict]) -> [SequenceVerdict] {
        guard var i = sequences.lastIndex(where: \.settled) else { return [] }
        var out = [sequences[i]]
        while i > 0, sequences[i - 1].settled, linked(sequences[i - 1], sequences[i]) {
            i -= 1
            out.insert(sequences[i], at: 0)
        }
        return out
    }

    /// Whether `a` and the next sequence `b` belong to one gesture (see `gesture(in:)`).
    static func linked(_ a: SequenceVerdict, _ b: SequenceVerdict) -> Bool {
        for r in a.recognizers {
            if b.recognizers.contains(where: { sameAttempt($0, r) }) { return true }
            // A too-slow tap's failure measured to a landing of `b` (the wait began at at − limit).
            if let d = r.decision, d.rule == .tapInterval, let m = d.measured, let l = d.limit, m <= 2 * l + 1e-9 {
                let tap = r.at - l + m
                if tap >= b.start - 1e-9, tap <= (b.end ?? .infinity) + 1e-9 { return true }
            }
        }
        return false
    }

    /// Whether two recognizer verdicts are one attempt (the builder copies an attempt's verdict
    /// into every sequence it belongs to).
    static func sameAttempt(_ a: RecognizerVerdict, _ b: RecognizerVerdict) -> Bool {
        a.id == b.id && a.at == b.at && a.outcome == b.outcome
    }

    /// One verdict for a gesture's sequences: from the first start to the last end, every
    /// touch, every attempt once, settled when the last is. Nil for none. The attempts come
    /// newest first: those of the last sequence (in the order they analysed its touches),
    /// then those only in the one before, and so on, so the card's rows (winners first, then
    /// the others, `rowOrder`) show the newest attempt first.
    public static func merged(_ gesture: [SequenceVerdict]) -> SequenceVerdict? {
        guard var v = gesture.first, let last = gesture.last else { return nil }
        v.end = last.end
        v.touches = gesture.flatMap(\.touches)
        v.settled = last.settled
        v.settledAt = last.settledAt
        v.controls = gesture.flatMap(\.controls)
        v.keptOut = gesture.flatMap(\.keptOut)
        v.responders = gesture.flatMap(\.responders)
        v.recognizers = []
        for s in gesture.reversed() {
            for r in s.recognizers where !v.recognizers.contains(where: { sameAttempt($0, r) }) { v.recognizers.append(r) }
        }
        return v
    }

    static func unique(_ names: [TraceName]) -> [TraceName] {
        var out: [TraceName] = []
        for n in names where !out.contains(n) { out.append(n) }
        return out
    }

    static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// "pad (touches 1, 2), nothing (touch 3)": each view once, in landing order.
    static func viewsHit(_ touches: [VerdictTouch]) -> String {
        guard !touches.isEmpty else { return "none" }
        var order: [TraceName?] = []
        var ids: [TraceName?: [Int]] = [:]
        for t in touches {
            if ids[t.view] == nil { order.append(t.view) }
            ids[t.view, default: []].append(t.id)
        }
        return order.map { v in
            let n = ids[v] ?? []
            let name = v.map(\.string) ?? "nothing"
            return "\(name) (touch\(n.count == 1 ? "" : "es") \(n.map(String.init).joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// One recognizer's row (row `index`; `taps`: the taps its attempt made, one per sequence
    /// of the card it is in): what happened and when, then its rule, numbers, margin and reason.
    static func row(_ r: RecognizerVerdict, index: Int, taps: Int = 1) -> [VerdictCardParagraph] {
        let outcome: String = switch r.outcome {
        case .recognized: "recognized"
        case .began: "began"
        case .failed: "failed"
        case .cancelled: "was cancelled"
        case .neverBegan: "never began"
        case .undecided: "undecided"
        }
        let at = r.outcome == .undecided ? "" : " at \(TraceFormat.fixed(r.at)) s"
        let view = r.view.isEmpty ? "" : ", on \(r.view.string)"
        var out = [VerdictCardParagraph("\(r.won ? "✓" : "✗") \(r.id.string) \(outcome)\(at)\(view)", r.won ? .winner : .loser,
                                        row: index)]
        if let d = r.decision {
            var rule = d.rule.rawValue
            if !d.by.isEmpty { rule += ", by " + list(d.by.map(\.string)) }
            if let numbers = numbers(d) { rule += ": " + numbers }
            out.append(.init(rule, .detail, row: index))
            // How close it came to the other outcome: for those that did not win.
            if !r.won, let margin = d.marginText {
                out.append(.init(margin, .margin, row: index))
            } else if r.outcome == .failed, d.rule == .tapInterval, d.measured == nil, let l = d.limit {
                // Failed by its timer: no next tap came in time (a later one is a new attempt).
                out.append(.init("no tap \(taps + 1) within \(d.shown(l)) s", .margin, row: index))
            }
        }
        if !r.reason.isEmpty { out.append(.init("reason: " + r.reason, .detail, row: index)) }
        return out
    }

    /// "0.45 s, limit 0.3 s" / "limit 0.3 s" / "2 touches, limit 1": the numbers that decided,
    /// with as many decimals as keep them on their sides (`GestureDecision.decimals`).
    static func numbers(_ d: GestureDecision) -> String? {
        let unit = d.unit.map { $0 == .deg ? "°" : $0 == .touches ? "" : " " + $0.rawValue } ?? ""
        func q(_ x: Double) -> String { d.shown(x) + unit }
        switch (d.measured, d.limit) {
        case let (m?, l?): return "\(q(m)), limit \(q(l))"
        case let (m?, nil): return "measured \(q(m))"
        case let (nil, l?): return "limit \(q(l))"
        case (nil, nil): return nil
        }
    }

    /// "singleTap waited 0.152 s for doubleTap (1.200 → 1.352 s)".
    static func waitText(_ id: TraceName, _ w: VerdictWait) -> String {
        let whom = list(w.waitedFor.map(\.string))
        guard let until = w.until, let d = w.duration else {
            return "\(id.string) waiting for \(whom) since \(TraceFormat.fixed(w.from)) s"
        }
        return "\(id.string) waited \(TraceFormat.fixed(d)) s for \(whom) (\(TraceFormat.fixed(w.from)) → \(TraceFormat.fixed(until)) s)"
    }

}
