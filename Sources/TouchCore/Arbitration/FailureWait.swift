// FailureWait: what a recognizer holds back while the recognizers it must see fail decide.
//
//   idle ──hold(to, until: deps)──▶ waiting(held: [to], on: deps)
//   waiting ──a dependency failed, others undecided──▶ waiting(held, on: the others)
//   waiting ──the last dependency failed──▶ released(held)
//   waiting ──a dependency began or recognized──▶ idle      action: fail
//   released ──takeHeld()──▶ idle                            the held transitions are made, in order
//   waiting | released ──request(changed)──▶ unchanged       (the held `began` carries the latest outputs)
//   waiting | released ──request(ended | recognized)──▶ held + [to]
//   waiting | released ──request(failed | cancelled)──▶ idle  action: fail
//
// SPEC.md section 5, failure requirements: the dependent recognizer stays in `possible`,
// holding back the transition it would make, until the other fails (then it makes its
// transition) or recognizes / begins (then it fails). `released` is the moment between:
// every dependency failed, and the application makes the held transitions once the
// recognizers have read the current touch sample. A value with mutating methods that say
// what to do; the arena does it (Arena.swift).

/// The failure wait of one recognizer. `Dependency` is the recognizer type (generic, so
/// the state machine is tested on its own).
struct FailureWait<Dependency: AnyObject> {
    enum State {
        case idle
        /// Transitions held back, in order (the first leaves `possible`), and the
        /// recognizers that must still fail.
        case waiting(held: [GestureState], on: [Dependency])
        /// Every dependency failed: the held transitions are due.
        case released(held: [GestureState])
    }
    private(set) var state: State = .idle
    /// The decision of the transition that started the wait (the first held one): it is
    /// traced with that transition when it is made.
    private(set) var heldDecision: GestureDecision?

    /// Whether transitions are held back (waiting, or released and not yet made).
    var isHolding: Bool {
        switch state {
        case .idle: false
        case .waiting, .released: true
        }
    }
    /// Whether this wait is for `d` (among others).
    func isWaiting(on d: Dependency) -> Bool {
        if case let .waiting(_, deps) = state { return deps.contains { $0 === d } }
        return false
    }
    /// The recognizers that must still fail (empty unless waiting).
    var dependencies: [Dependency] {
        if case let .waiting(_, deps) = state { return deps }
        return []
    }

    /// Starts waiting: `to` is held until every one of `deps` has failed.
    mutating func hold(_ to: GestureState, until deps: [Dependency], decision: GestureDecision? = nil) {
        state = .waiting(held: [to], on: deps)
        heldDecision = decision
    }

    /// What a transition asked for while holding comes to.
    enum RequestAction: Equatable {
        /// Nothing to do now: merged into the held transitions (or moot).
        case absorbed
        /// The gesture failed (or was cancelled) while held back: it fails now.
        case fail
    }
    /// A transition the recognizer asks for while holding.
    mutating func request(_ to: GestureState) -> RequestAction {
        switch to {
        case .changed, .possible, .began:
            return .absorbed
        case .ended, .recognized:
            switch state {
            case .idle: break
            case let .waiting(held, deps): state = .waiting(held: appending(to, to: held), on: deps)
            case let .released(held): state = .released(held: appending(to, to: held))
            }
            return .absorbed
        case .failed, .cancelled:
            state = .idle
            return .fail
        }
    }
    private func appending(_ to: GestureState, to held: [GestureState]) -> [GestureState] {
        held.last == to ? held : held + [to]
    }

    /// What the outcome of a dependency comes to.
    enum DependencyAction: Equatable {
        /// Nothing changes (other dependencies are undecided, or this wait is not for it).
        case keepWaiting
        /// None is left: the held transitions are due (`takeHeld`).
        case released
        /// The dependency succeeded: fail.
        case fail
    }
    /// `d` failed. `undecided` says whether another dependency may still succeed (those
    /// that already failed are dropped with `d`).
    mutating func dependencyFailed(_ d: Dependency, undecided: (Dependency) -> Bool) -> DependencyAction {
        guard case let .waiting(held, deps) = state, deps.contains(where: { $0 === d }) else { return .keepWaiting }
        let left = deps.filter { $0 !== d && undecided($0) }
        if !left.isEmpty {
            state = .waiting(held: held, on: left)
            return .keepWaiting
        }
        state = .released(held: held)
        return .released
    }
    /// `d` began or recognized: a wait for it ends in failure.
    mutating func dependencySucceeded(_ d: Dependency) -> DependencyAction {
        guard isWaiting(on: d) else { return .keepWaiting }
        state = .idle
        return .fail
    }
    /// The held transitions once released (empty otherwise); the wait is over.
    mutating func takeHeld() -> (held: [GestureState], decision: GestureDecision?) {
        guard case let .released(held) = state else { return ([], nil) }
        state = .idle
        defer { heldDecision = nil }
        return (held, heldDecision)
    }
    /// Drops the wait without a transition (the recognizer failed for another reason, or
    /// is reset).
    mutating func cancel() { state = .idle; heldDecision = nil }
}
