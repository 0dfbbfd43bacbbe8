// Settling: what happens to a busy recognizer once nothing holds it any more.
//
//   possible, no touch down, nothing held, no timer, touches tracked ──▶ fail ("its touches ended before it recognized")
//   recognized | ended | cancelled | failed, no touch down ──▶ reset to possible (its touches are dropped)
//   possible, no touches, nothing held, no timer ──▶ leave the busy list
//
// SPEC.md section 5: after the sequence is over (and after a failure) a recognizer resets to
// `possible`. The plan is a pure function of a few facts, tested on its own; the
// arena carries it out (`settle`, Arena.swift).

/// The facts about one busy recognizer that settling looks at.
struct SettleFacts: Equatable {
    var state: GestureState
    /// Tracked touches still down.
    var touchesDown: Int
    /// Whether it tracks any touch (down or not).
    var tracksTouches: Bool
    /// Whether a failure wait holds a transition back.
    var holding: Bool
    /// Whether a timer (`deadline`) is set.
    var hasTimer: Bool
}

/// One thing settling does to a recognizer.
enum SettleStep: Equatable {
    /// Its touches ended while it was still undecided: it fails.
    case fail
    /// Its gesture is over: back to `possible`, touches and timer dropped.
    case reset
    /// Nothing is going on: it leaves the busy list.
    case leaveBusyList
}

extension SettleFacts {
    /// The steps, in order, that settle a recognizer with these facts (none: leave it alone).
    var plan: [SettleStep] {
        var f = self, steps: [SettleStep] = []
        if f.state == .possible, f.touchesDown == 0, !f.holding, !f.hasTimer, f.tracksTouches {
            steps.append(.fail)
            f.state = .failed
        }
        if f.state.isTerminal, f.touchesDown == 0 {
            steps.append(.reset)
            f = SettleFacts(state: .possible, touchesDown: 0, tracksTouches: false, holding: false, hasTimer: false)
        }
        if f.state == .possible, !f.tracksTouches, !f.holding, !f.hasTimer {
            steps.append(.leaveBusyList)
        }
        return steps
    }
}
