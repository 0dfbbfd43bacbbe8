// WhyReport: the verdicts of touch sequences as `touchscope why` prints them: text a person
// reads, or one JSON object.
//
//   Sequence 1: 0.1 s to 0.18 s, touch 1 on pad
//     winner: doubleTap
//     doubleTap on pad: recognized at 0.38 s, rule tapCount (measured 2, limit 2)
//       recognized: 2 taps of 1 finger
//     singleTap on pad: failed at 0.38 s, rule failureRequirement (by doubleTap)
//       failed: requires doubleTap to fail, which recognized
//       waited 0.20 s for doubleTap
//
//   {"sequences":[{"start":0.1,"end":0.18,"touches":[{"id":1,"view":"pad"}],"winners":["doubleTap"],
//     "recognizers":[{"id":"doubleTap","view":"pad","outcome":"recognized","at":0.38,"rule":"tapCount", ...}]}]}

/// The verdicts of touch sequences (TouchCore's `VerdictBuilder`) as `touchscope why` prints them.
public enum WhyReport {
    /// The sequences as text, one block each, blocks separated by a blank line: the time
    /// span, the touches and the views they hit, the winners, then each recognizer with its
    /// outcome, rule, numbers, margin in words, reason and waits. `numbers` counts the
    /// sequences from 1 by default (`why --at` passes the sequence's place in the recording).
    ///
    ///     print(WhyReport.text(builder.sequences), terminator: "")
    public static func text(_ sequences: [SequenceVerdict], numbers: [Int]? = nil) -> String {
        var out = ""
        for (k, s) in sequences.enumerated() {
            if k > 0 { out += "\n" }
            out += block(s, number: numbers?[k] ?? k + 1)
        }
        return out
    }

    /// One sequence as text (see ``text(_:numbers:)``).
    package static func block(_ s: SequenceVerdict, number: Int) -> String {
        let span = s.end.map { "\(seconds(s.start)) to \(seconds($0))" }
            ?? "from \(seconds(s.start)), fingers still down when the replay ended"
        let touches = s.touches.map { "\($0.id) on \($0.view?.string ?? "no view")" }
        var lines = ["Sequence \(number): \(span), touch\(touches.count == 1 ? "" : "es") \(touches.joined(separator: ", "))"]
        let winners = s.winners.map(\.string)
        if s.recognizers.isEmpty {
            lines.append("  no recognizer analysed its touches")
        } else {
            lines.append(winners.isEmpty ? "  no winner"
                         : "  winner\(winners.count == 1 ? "" : "s"): \(winners.joined(separator: ", "))")
        }
        // No recognizer won: who handled the touches (a control and its action, or the responders).
        for a in s.answer { lines.append("  " + a) }
        for r in s.recognizers {
            lines.append("  " + headline(r))
            if !r.reason.isEmpty { lines.append("    " + r.reason) }
            for w in r.waits {
                let whom = w.waitedFor.map(\.string).joined(separator: ", ")
                if let d = w.duration {
                    lines.append("    waited \(TraceFormat.fixed(d, 2)) s for \(whom)")
                } else {
                    lines.append("    waiting for \(whom) since \(seconds(w.from)) when the replay ended")
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// "singleTap on pad: failed at 0.38 s, rule failureRequirement (by doubleTap)".
    static func headline(_ r: RecognizerVerdict) -> String {
        let on = r.view.isEmpty ? "" : " on \(r.view)"
        guard r.outcome != .undecided else { return "\(r.id)\(on): undecided when the replay ended" }
        var s = "\(r.id)\(on): \(r.outcome == .neverBegan ? "never began" : r.outcome.rawValue) at \(seconds(r.at))"
        if r.outcome == .began, let last = r.finalState, last == .ended || last == .cancelled {
            s += " (then \(last.rawValue))"
        }
        if let d = r.decision {
            s += ", rule \(d.rule)"
            var detail: [String] = []
            // The margin in words is said of a loss: how close it came to the other outcome.
            if let numbers = numbers(d, margin: !r.won) { detail.append(numbers) }
            if !d.by.isEmpty { detail.append("by " + d.by.map(\.string).joined(separator: ", ")) }
            if !detail.isEmpty { s += " (" + detail.joined(separator: "; ") + ")" }
        }
        return s
    }

    /// "measured 0.42 s, limit 0.35 s: 0.07 s too late", "limit 0.35 s", "measured 12 pt".
    package static func numbers(_ d: GestureDecision, margin: Bool) -> String? {
        switch (d.measured, d.limit) {
        case let (m?, l?):
            let words = margin ? d.marginText.map { ": \($0)" } ?? "" : ""
            return "measured \(quantity(m, d.unit, d.decimals)), limit \(quantity(l, d.unit, d.decimals))" + words
        case let (nil, l?):
            return "limit \(quantity(l, d.unit, d.decimals))"
        case let (m?, nil):
            return "measured \(quantity(m, d.unit, d.decimals))"
        case (nil, nil):
            return nil
        }
    }

    /// A value with its unit: "0.35 s", "12.1 pt", "181°", "2 touches" (`decimals` at most).
    static func quantity(_ v: Double, _ unit: DecisionUnit?, _ decimals: Int = 2) -> String {
        let n = TraceFormat.short(v, decimals)
        switch unit {
        case .deg: return "\(n)°"
        case .touches: return "\(n) \(n == "1" ? "touch" : "touches")"
        case let u?: return "\(n) \(u.rawValue)"
        case nil: return n
        }
    }

    /// A time in seconds: "0.38 s".
    package static func seconds(_ t: Double) -> String { "\(TraceFormat.short(t, 3)) s" }

    /// The sequences as one JSON object on one line (no newline):
    /// `{"sequences": [{"start", "end", "touches": [{"id", "view"}], "winners", "recognizers":
    /// [{"id", "view", "outcome", "at", "rule", "reason", "measured", "limit", "unit", "margin",
    /// "waitedFor"}]}]}`. A sequence under way has `"end": null`; a touch that hit no view,
    /// `"view": null`; an undecided recognizer has `"outcome": "undecided"`, `at` the time it
    /// first analysed a touch, an empty reason and null rule and numbers (and `"view": null`
    /// when no gesture record named its view yet). After `recognizers`: `answer` (who handled
    /// the touches, in words, when no recognizer won: `SequenceVerdict.answer`; else only the recognizers left out for a touch's type),
    /// `controls` (`[{"control", "events", "actions": [{"action", "target", "handledBy"}]}]`),
    /// `keptOut` (`[{"recognizer", "touch", "by", "rule": "control"}]`: kept from a touch by a
    /// control's default action) and `responders` (`[{"touch", "chain"}]`: the responders each
    /// touch's `touchesBegan` reached, in order).
    public static func json(_ sequences: [SequenceVerdict]) -> String {
        "{\"sequences\":[" + sequences.map(json).joined(separator: ",") + "]}"
    }

    package static func json(_ s: SequenceVerdict) -> String {
        var o = JSONObjectWriter()
        o.number("start", s.start)
        o.optional("end", s.end)
        o.raw("touches", "[" + s.touches.map { t in
            var x = JSONObjectWriter()
            x.int("id", t.id)
            x.optionalString("view", t.view?.string)
            return x.closed
        }.joined(separator: ",") + "]")
        o.raw("winners", JSONOut.strings(s.winners.map(\.string)))
        o.raw("recognizers", "[" + s.recognizers.map { r in
            var x = JSONObjectWriter()
            x.string("id", r.id.string)
            x.optionalString("view", r.view.isEmpty ? nil : r.view.string)
            x.string("outcome", r.outcome.rawValue)
            x.number("at", r.at)
            x.optionalString("rule", r.decision?.rule.rawValue)
            x.string("reason", r.reason)
            x.optional("measured", r.decision?.measured)
            x.optional("limit", r.decision?.limit)
            x.optionalString("unit", r.decision?.unit?.rawValue)
            x.optional("margin", r.decision?.margin)
            x.raw("waitedFor", JSONOut.strings(r.waitedFor.map(\.string)))
            return x.closed
        }.joined(separator: ",") + "]")
        o.raw("answer", JSONOut.strings(s.answer))
        o.raw("controls", "[" + s.controls.map { c in
            var x = JSONObjectWriter()
            x.string("control", c.control.string)
            x.raw("events", JSONOut.strings(c.events))
            x.raw("actions", "[" + c.actions.map { a in
                var y = JSONObjectWriter()
                y.string("action", a.action)
                y.optionalString("target", a.target?.string)
                y.optionalString("handledBy", a.handledBy?.string)
                return y.closed
            }.joined(separator: ",") + "]")
            return x.closed
        }.joined(separator: ",") + "]")
        o.raw("keptOut", "[" + s.keptOut.map { k in
            var x = JSONObjectWriter()
            x.string("recognizer", k.recognizer.string)
            x.int("touch", k.touch)
            x.string("by", k.control.string)
            x.string("rule", k.rule.rawValue)
            return x.closed
        }.joined(separator: ",") + "]")
        o.raw("responders", "[" + s.responders.map { r in
            var x = JSONObjectWriter()
            x.int("touch", r.touch)
            x.raw("chain", JSONOut.strings(r.chain.map(\.string)))
            return x.closed
        }.joined(separator: ",") + "]")
        return o.closed
    }
}
