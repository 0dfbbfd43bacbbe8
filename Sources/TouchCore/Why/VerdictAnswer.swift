// VerdictAnswer: who handled a touch sequence's touches when no recognizer won, in words:
// the same sentences in `touchscope why` (text and JSON `answer`) and on the verdict card.
//
//   button tracked touch 1 as a control: touchDown, touchUpInside, primaryActionTriggered
//   button sent buttonTapped up the responder chain; controlsVC handled it
//   panelTap did not analyse touch 1: button's default action wins (rule control: a control
//     keeps the touches its default action needs from the recognizers of its ancestors)
//   touch 1 went to E, then up the responder chain to C and A; A kept it
//   touch 2 went to panel, then up the responder chain to controlsVC, window and application: no view or
//     controller kept it

extension SequenceVerdict {
    /// The answer when no recognizer won: the controls that tracked the touches and the actions
    /// they sent, the recognizers a control's default action kept out (with UIKit's rule), and
    /// for each touch no control tracked, how far up the responder chain it went. Empty when a
    /// recognizer won (its row is the answer), but for the recognizers that left a touch out
    /// for its type (rule touchType): they have no row, so their line is always given.
    public var answer: [String] {
        var out: [String] = []
        for k in keptOut where k.rule == .touchType {
            // "penTap did not analyse touch 1: it is direct, and allowedTouchTypes is [pencil] (rule touchType)"
            let why = k.reason.flatMap { r in r.firstRange(of: ": ").map { String(r[$0.upperBound...]) } } ?? "it is \(k.control)"
            out.append("\(k.recognizer) did not analyse touch \(k.touch): \(why) (rule touchType)")
        }
        guard winners.isEmpty else { return out }
        for c in controls {
            let touches = responders.filter { $0.chain.first == c.control }.map(\.touch)
            let which = touches.isEmpty ? "its touch" : Self.touchWords(touches)
            out.append("\(c.control) tracked \(which) as a control: " + (c.events.isEmpty ? "no control event" : c.events.joined(separator: ", ")))
            for a in c.actions {
                let to = a.target.map { "to \($0)" } ?? "up the responder chain"
                out.append("\(c.control) sent \(a.action) \(to); " + (a.handledBy.map { "\($0) handled it" } ?? "no responder handled it"))
            }
        }
        for k in keptOut where k.rule == .control {
            out.append("\(k.recognizer) did not analyse touch \(k.touch): \(k.control)'s default action wins "
                       + "(rule control: a control keeps the touches its default action needs from the recognizers of its ancestors)")
        }
        let tracked = Set(controls.map(\.control))
        for r in responders where !tracked.contains(r.chain.first ?? .none) {
            guard let first = r.chain.first else { continue }
            let up = r.chain.dropFirst().map(\.string)
            guard let last = r.chain.last else { continue }
            var s = "touch \(r.touch) went to \(first)"
            if !up.isEmpty { s += ", then up the responder chain to " + Self.list(up) }
            // Past the application the chain ends (its delegate at most): no view or controller kept it.
            s += r.chain.contains(TraceName(Application.responderID)) ? ": no view or controller kept it" : "; \(last) kept it"
            out.append(s)
        }
        for t in touches where t.view == nil { out.append("touch \(t.id) hit no view") }
        return out
    }

    /// "touch 1", "touches 1 and 2".
    static func touchWords(_ ids: [Int]) -> String {
        ids.count == 1 ? "touch \(ids[0])" : "touches " + list(ids.map(String.init))
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}
