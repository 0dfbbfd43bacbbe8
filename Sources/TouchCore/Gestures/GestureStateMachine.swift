// The states of a recognizer and the legal edges between them.
//
//   discrete:    possible ──▶ recognized          possible ──▶ failed
//   continuous:  possible ──▶ began ──▶ changed* ──▶ ended | cancelled
//                possible ──▶ failed
//   (every terminal state resets to possible once the recognizer's touches are over)

extension GestureState {
    /// recognized / ended, cancelled, failed.
    public var isTerminal: Bool {
        switch self {
        case .recognized, .ended, .cancelled, .failed: true
        case .possible, .began, .changed: false
        }
    }
    /// began or changed: a continuous gesture under way.
    public var isActive: Bool { self == .began || self == .changed }
}

/// The legal edges of the two state machines. `apply` refuses every other edge.
struct GestureStateMachine {
    let continuous: Bool
    private(set) var state: GestureState = .possible

    /// Moves to `to` if that is a legal edge; returns whether it did.
    mutating func apply(_ to: GestureState) -> Bool {
        let ok = allows(to)
        if ok { state = to }
        return ok
    }

    /// Whether there is an edge from the current state to `to`.
    func allows(_ to: GestureState) -> Bool {
        let ok: Bool
        switch (state, to) {
        case (.possible, .failed): ok = true
        case (.possible, .recognized): ok = !continuous
        case (.possible, .began): ok = continuous
        case (.began, .changed), (.changed, .changed): ok = true
        case (.began, .ended), (.changed, .ended): ok = true
        case (.began, .cancelled), (.changed, .cancelled): ok = true
        case (.recognized, .possible), (.ended, .possible), (.cancelled, .possible), (.failed, .possible): ok = true
        case (.possible, _), (.began, _), (.changed, _), (.recognized, _), (.ended, _), (.cancelled, _), (.failed, _): ok = false
        }
        return ok
    }
}
