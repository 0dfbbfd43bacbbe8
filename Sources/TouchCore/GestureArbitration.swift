// Arbitration: shouldBegin, failure requirements, default exclusivity and simultaneity.
// The contract in one line: a recognizer leaves `possible` only when it may begin, every
// recognizer it must wait for has failed, and no recognizer it cannot run beside is active.

extension Application {
    /// Puts `r` on the busy list (once): arbitration, timers and settling look at it.
    func markBusy(_ r: GestureRecognizer) {
        if r.isBusy { return }
        r.isBusy = true
        hot.busyRecognizers.append(r)
        hot.needsSettling = true
    }

    /// Whether `a` and `b` may recognize at the same time (either side's delegate says yes).
    public func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.trackedTouches.contains { t in b.trackedTouches.contains { $0 === t } }
    }

    /// The recognizers `r` must see fail: permanent links plus the delegates' per-attempt answers.
    private func failureDependencies(of r: GestureRecognizer) -> [GestureRecognizer] {
        var deps = r.failureRequirements
        for o in hot.busyRecognizers where o !== r && !deps.contains(where: { $0 === o }) && sharesTouches(r, o) {
            let asked = (r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: o) ?? false)
                || r.shouldRequireFailure(of: o)
                || (o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: r) ?? false)
                || o.shouldBeRequiredToFail(by: r)
            if asked { deps.append(o) }
        }
        return deps
    }

    func requestTransition(_ r: GestureRecognizer, to: GestureState, reason: TraceText, decision: GestureDecision? = nil) {
        // A recognizer that has finished (or failed) waits for its reset: late requests are moot.
        if r.state.isTerminal { return }
        markBusy(r)
        // Held back: the request merges into the held transitions.
        if r.failureWait.isHolding {
            if r.failureWait.request(to) == .fail {
                finish(r, .failed, reason: to == .failed ? reason : "failed: \(reason) while waiting", decision: decision)
            }
            return
        }
        if r.state == .possible && (to == .began || to == .recognized) {
            attemptToLeavePossible(r, to: to, reason: reason, decision: decision)
        } else if to == .failed || to == .ended || to == .cancelled {
            finish(r, to, reason: reason, decision: decision)
        } else {
            r.commitState(to, reason: reason, decision: decision)
            if to != .failed { r.sendActions() }
        }
    }

    private func attemptToLeavePossible(_ r: GestureRecognizer, to: GestureState, reason: TraceText, decision: GestureDecision?) {
        if let d = r.delegate, !d.gestureRecognizerShouldBegin(r) {
            finish(r, .failed, reason: "failed: delegate's gestureRecognizerShouldBegin returned false",
                   decision: GestureDecision(.delegate)); return
        }
        if let v = r.view, !v.gestureRecognizerShouldBegin(r) {
            finish(r, .failed, reason: "failed: \(v.id).gestureRecognizerShouldBegin returned false",
                   decision: GestureDecision(.delegate, by: [v.traceName])); return
        }
        if let owner = defaultActionOwner(against: r) {
            finish(r, .failed, reason: "failed: \(owner.id)'s default action wins (the motion runs along it)",
                   decision: GestureDecision(.control, by: [owner.traceName])); return
        }
        let deps = failureDependencies(of: r)
        if let winner = deps.first(where: { $0.state.isActive || $0.state == .recognized || $0.state == .ended }) {
            finish(r, .failed, reason: "failed: requires \(winner.id) to fail, which \(winner.state.rawValue)",
                   decision: GestureDecision(.failureRequirement, by: [winner.traceName])); return
        }
        // A dependency that analyses none of the touches can never fail for them: it does not hold us.
        let waiting = deps.filter { d in
            d.state == .possible && d.isEnabled && !d.trackedTouches.isEmpty && !d.failureWait.isWaiting(on: r)
        }
        if !waiting.isEmpty {
            r.failureWait.hold(to, until: waiting, decision: decision)
            hot.needsSettling = true
            tracer.emit(time, .failureWait(recognizer: r.traceName, waitingFor: waiting.map(\.traceName)))
            return
        }
        commitLeavingPossible(r, to: to, reason: reason, decision: decision)
    }

    /// The view, below `r`'s own, whose default action the motion of one of `r`'s touches
    /// is (a drag along a slider's thumb): `r` may not take it (SPEC.md section 5).
    private func defaultActionOwner(against r: GestureRecognizer) -> View? {
        guard r.declaredDefaultActionKind != nil else { return nil }
        for t in r.trackedTouches {
            if let v = t.view, v !== r.view, v.defaultActionWins(over: r, touch: t) { return v }
        }
        return nil
    }

    private func commitLeavingPossible(_ r: GestureRecognizer, to: GestureState, reason: TraceText, decision: GestureDecision?) {
        hot.needsSettling = true
        // An active recognizer that may not run beside r prevents it.
        if let blocker = hot.busyRecognizers.first(where: { o in
            o !== r && o.state.isActive && sharesTouches(r, o) && !canRecognizeSimultaneously(r, o)
                && o.canPrevent(r) && r.canBePrevented(by: o)
        }) {
            finish(r, .failed, reason: blocker.reason(.blocks, blocker.state),
                   decision: GestureDecision(.exclusivity, by: [blocker.traceName]))
            return
        }
        guard r.commitState(to, reason: reason, decision: decision) else { return }
        // SPEC 6: the view gets touchesCancelled before the first action message.
        if r.cancelsTouchesInView { cancelTouchesInView(for: r, event: nil) }
        r.sendActions()
        dependentsSee(r, succeed: true)
        // Default exclusivity: the others analysing the same touches fail (or are cancelled).
        for o in hot.busyRecognizers where o !== r && sharesTouches(r, o) && !canRecognizeSimultaneously(r, o)
            && r.canPrevent(o) && o.canBePrevented(by: r) {
            if o.state == .possible {
                o.failureWait.cancel()
                finish(o, .failed, reason: r.reason(.preventedFirst, to), decision: GestureDecision(.exclusivity, by: [r.traceName]))
            } else if o.state.isActive {
                finish(o, .cancelled, reason: r.reason(.cancelledFirst, to), decision: GestureDecision(.exclusivity, by: [r.traceName]))
            }
        }
        if !r.cancelsTouchesInView { for t in r.trackedTouches { flushHeld(t, event: nil) } }
    }

    /// Moves `r` to a terminal state (failed, ended, cancelled) with its side effects.
    private func finish(_ r: GestureRecognizer, _ to: GestureState, reason: TraceText, decision: GestureDecision? = nil) {
        hot.needsSettling = true
        guard r.commitState(to, reason: reason, decision: decision) else { return }
        if to != .failed { r.sendActions() }
        if to == .failed { dependentsSee(r, succeed: false) }
        for t in r.trackedTouches { flushHeld(t, event: nil) }
    }

    /// Recognizers waiting for `r` to fail learn whether it failed or succeeded.
    private func dependentsSee(_ r: GestureRecognizer, succeed: Bool) {
        for d in hot.busyRecognizers where d.failureWait.isWaiting(on: r) {
            if succeed {
                _ = d.failureWait.dependencySucceeded(r)
                finish(d, .failed, reason: "failed: requires \(r.id) to fail, which \(r.state.rawValue)",
                       decision: GestureDecision(.failureRequirement, by: [r.traceName]))
                continue
            }
            guard d.failureWait.dependencyFailed(r, undecided: { $0.state != .failed }) == .released else { continue }
            // Its touches were cancelled (and so `r` failed): nothing to begin any more.
            if d.trackedTouches.contains(where: { $0.phase == .cancelled }) {
                d.failureWait.cancel()
                finish(d, .failed, reason: "failed: its touches were cancelled while it waited for \(r.id) to fail",
                       decision: GestureDecision(.interrupted, by: [r.traceName]))
                continue
            }
            if hot.readingSample > 0 {
                // `r` failed on a touch sample that `d` may not have read yet: `d` goes ahead
                // once every recognizer has read it, so its first transition carries it.
                hot.readyAfterWait.append((d, r.id))
                continue
            }
            commitHeld(d, released: r.id)
        }
    }

    /// Makes the transitions `d` held back while it waited for `released` to fail.
    private func commitHeld(_ d: GestureRecognizer, released: String) {
        let (held, decision) = d.failureWait.takeHeld()
        guard let first = held.first else { return }
        commitLeavingPossible(d, to: first, reason: "\(first.rawValue): \(released) failed", decision: decision)
        for next in held.dropFirst() where d.state.isActive {
            finish(d, next, reason: "\(next.rawValue) (held while waiting for \(released))")
        }
    }

    /// The recognizers start reading a touch sample (a touch began, moved or ended).
    func beginReadingSample() { hot.readingSample += 1 }

    /// The recognizers have read the sample: those released by a failure while they read it
    /// make their held transitions now (UIKit, too, decides once every recognizer has seen
    /// the touches).
    func endReadingSample() {
        hot.readingSample -= 1
        if hot.readingSample == 0 { releaseReadyAfterWait() }
    }

    /// The recognizers in `readyAfterWait` make their held transitions.
    func releaseReadyAfterWait() {
        while !hot.readyAfterWait.isEmpty {
            let (d, released) = hot.readyAfterWait.removeFirst()
            // Still released (it may have failed meanwhile).
            guard d.state == .possible, case .released = d.failureWait.state else { continue }
            commitHeld(d, released: released)
        }
    }

    /// An interruption (cancelAllTouches): recognizers still waiting fail, those holding a
    /// transition back first (so none recognizes because the one it waits for failed),
    /// then those waiting for a timer (the next tap of a multi-tap).
    func interruptWaitingRecognizers(reason: String) {
        for r in hot.busyRecognizers where r.state == .possible && r.failureWait.isHolding {
            r.deadline = nil
            requestTransition(r, to: .failed, reason: "failed: interrupted (\(reason)) while waiting",
                              decision: GestureDecision(.interrupted))
        }
        for r in hot.busyRecognizers where r.state == .possible && r.deadline != nil {
            r.deadline = nil
            requestTransition(r, to: .failed, reason: "failed: interrupted (\(reason))", decision: GestureDecision(.interrupted))
        }
        settleRecognizers()
    }

    /// Resets recognizers whose gesture is over, and fails those left with nothing to do.
    func settleRecognizers() {
        // Nothing it looks at changed since the last pass (a finger moved, no transition).
        guard hot.needsSettling else { return }
        hot.needsSettling = false
        var i = 0
        while i < hot.busyRecognizers.count {
            // Fast paths (no side effects skipped), read without retaining the recognizer:
            // a gesture under way (began, changed) is neither failed, reset nor removed
            // here; nor is a possible one whose touches are still down.
            let skip = hot.busyRecognizers.borrowing(i) { r in
                r.state.isActive || (!r.state.isTerminal && r.numberOfTouchesDown > 0)
            }
            if skip { i += 1; continue }
            let r = hot.busyRecognizers[i]
            let facts = SettleFacts(state: r.state, touchesDown: r.numberOfTouchesDown, tracksTouches: !r.trackedTouches.isEmpty,
                                    holding: r.failureWait.isHolding, hasTimer: r.deadline != nil)
            var leaves = false
            for step in facts.plan {
                switch step {
                case .fail:
                    var unmet = r.unmetCondition ?? GestureDecision(.custom)
                    unmet.neverBegan = true
                    finish(r, .failed, reason: "failed: its touches ended before it recognized", decision: unmet)
                case .reset:
                    let from = r.state
                    _ = r.machine.apply(.possible)
                    r.traceTransition(self, from: from, to: .possible, reason: "reset: its touches are over", outputs: GestureOutputs())
                    r.performReset()
                case .leaveBusyList:
                    leaves = true
                }
            }
            if leaves {
                hot.busyRecognizers.remove(at: i)
                r.isBusy = false
            } else {
                i += 1
            }
        }
    }
}
