// Arbitration, the application's side: the rules are the arena's (Arbitration/Arena.swift);
// the application hands it the inputs and performs the actions it returns, in one switch.

extension Application {
    /// `r` analyses a touch: it is under way (arbitration, timers and settling look at it).
    func markBusy(_ r: GestureRecognizer) { hot.arena.join(r) }

    /// `r` leaves this application (removed from its view, or its view left the window):
    /// the arena forgets it (its busy mark, timer and wait), it drops its touches, and a
    /// gesture under way is cancelled and reset, traced (no action is sent: it has no view).
    func recognizerLeft(_ r: GestureRecognizer) {
        hot.arena.remove(r)
        if r.state.isActive { r.commitState(.cancelled, reason: "cancelled: removed from its view") }
        if r.state.isTerminal {
            r.commitState(.possible, reason: "reset: removed from its view")   // its touches dropped
        } else {
            r.performReset()
        }
    }

    /// Whether `a` and `b` may recognize at the same time (either side's delegate says yes).
    public func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.canRecognizeSimultaneously(with: b)
    }

    func requestTransition(_ r: GestureRecognizer, to: GestureState, reason: TraceText, decision: GestureDecision? = nil) {
        if hot.arena.movesOn(r, to: to, decision: decision) {
            // A gesture under way moves on: the arena's two actions (commit, then send the
            // actions) performed here, in their order, with nothing put on its stack.
            let mark = hot.arena.mark
            r.commitState(to, reason: reason)
            performArena(from: mark)
            r.sendActions()
            return
        }
        performArena(from: hot.arena.request(r, to: to, reason: reason, decision: decision))
    }

    /// `body` while the recognizers read a touch sample (a touch began, moved or ended, or a
    /// timer fired at its time): the arena knows they are reading it until `body` returns,
    /// however it returns. Then those released by a failure meanwhile make their held
    /// transitions, unless `releasing` is false (the caller releases them later,
    /// `releaseReadyRecognizers`).
    func readingSample<R>(releasing: Bool = true, _ body: () -> R) -> R {
        hot.arena.beginReadingSample()
        defer {
            let mark = hot.arena.endReadingSample(release: releasing)
            if releasing { performArena(from: mark) }
        }
        return body()
    }

    /// Recognizers released while no sample is being read make their held transitions.
    func releaseReadyRecognizers() { performArena(from: hot.arena.releaseReady()) }

    /// An interruption (cancelAllTouches): recognizers still waiting fail, then settling.
    func interruptWaitingRecognizers(reason: String) { performArena(from: hot.arena.interrupt(reason: reason)) }

    /// Resets recognizers whose gesture is over, and fails those left with nothing to do.
    func settleRecognizers() { performArena(from: hot.arena.settle()) }

    /// `body` with the arena, in place: reading `hot.arena` as a value would copy it, a
    /// retain and a release of each of its lists, on every input.
    func withArena<R>(_ body: (inout Arena<GestureRecognizer>) -> R) -> R { body(&hot.arena) }

    /// Performs the arena's actions from `mark` on, one at a time, until none is left (an
    /// action whose handler asks for a transition performs that one's actions first).
    func performArena(from mark: Arena<GestureRecognizer>.Mark) {
        while let action = hot.arena.nextAction(above: mark) { perform(action) }
    }

    private func perform(_ action: consuming ArenaAction<GestureRecognizer>) {
        switch consume action {
        case let .commit(r, to, reason, decision):
            r.commitState(to, reason: reason, decision: decision)
        case let .hold(r, waitingFor, _):
            tracer.emit(time, .failureWait(recognizer: r.traceName, waitingFor: waitingFor.map(\.traceName)))
        case let .sendActions(r, _):
            r.sendActions()
        case let .cancelTouchesInView(r, _):
            cancelTouchesInView(for: r, event: nil)
        case let .flushHeldTouches(r, _):
            for t in r.trackedTouches { flushHeld(t, event: nil) }
        case let .reset(r):
            r.commitState(.possible, reason: "reset: its touches are over")
        }
    }
}

/// What the arena asks of a recognizer: its own state, and its delegate's and view's answers.
extension GestureRecognizer: ArenaMember {
    typealias Peer = GestureRecognizer

    func allows(_ to: GestureState) -> Bool { machine.allows(to) }
    var tracksTouches: Bool { !trackedTouches.isEmpty }
    var hasCancelledTouch: Bool { trackedTouches.contains { $0.phase == .cancelled } }

    func sharesTouches(with other: GestureRecognizer) -> Bool {
        trackedTouches.contains { t in other.trackedTouches.contains { $0 === t } }
    }

    var delegateAllowsBegin: Bool { delegate?.gestureRecognizerShouldBegin(self) ?? true }

    func viewRefusingToBegin() -> (id: String, name: TraceName)? {
        guard let v = view, !v.gestureRecognizerShouldBegin(self) else { return nil }
        return (v.id, v.traceName)
    }

    /// The view, below this recognizer's own, whose default action the motion of one of its
    /// touches is (a drag along a slider's thumb): it may not take it (SPEC.md section 5).
    func defaultActionOwner() -> (id: String, name: TraceName)? {
        guard declaredDefaultActionKind != nil else { return nil }
        for t in trackedTouches {
            if let v = t.view, v !== view, v.defaultActionWins(over: self, touch: t) { return (v.id, v.traceName) }
        }
        return nil
    }

    func asksToRequireFailure(of other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) ?? false)
            || shouldRequireFailure(of: other)
            || (other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) ?? false)
            || other.shouldBeRequiredToFail(by: self)
    }

    func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        (delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) ?? false)
            || (other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) ?? false)
    }
}
