// Arena: the state that decides arbitration, and its rules, as one value.
//
// The contract in one line: a recognizer leaves `possible` only when it may begin, every
// recognizer it must wait for has failed, and no recognizer it cannot run beside is active.
//
//   request(began | recognized) from possible:
//     the delegate or the view says no ─────────────────────────▶ commit failed      (delegate)
//     a control's default action owns the motion ───────────────▶ commit failed      (control)
//     a recognizer it requires to fail began or recognized ─────▶ commit failed      (failureRequirement)
//     one it requires to fail is still possible ────────────────▶ hold               (failureRequirement; FailureWait.swift)
//     an active recognizer it may not run beside ───────────────▶ commit failed      (exclusivity)
//     otherwise ─▶ commit, cancel the view's touches, send actions, then
//                  those waiting for it to fail ────────────────▶ commit failed      (failureRequirement)
//                  the others on its touches, possible ─────────▶ commit failed      (exclusivity)
//                                                 active ───────▶ commit cancelled   (exclusivity)
//   request while holding ──▶ merged into the held transitions, or commit failed
//   a dependency fails ──▶ released: the held transitions are committed in order, once the
//                          recognizers have read the current touch sample (`readyAfterWait`)
//   interrupt ──▶ holding ones, then timed ones ─────────────────▶ commit failed      (interrupted)
//   settle ──▶ fail (the unmet condition, never began) / reset / leave (Settling.swift)
//
// SPEC.md section 5. Each input is a `mutating` method that puts the actions it decides on a
// stack and returns where they start; the application takes them with `nextAction(above:)`
// and performs each in one exhaustive `switch` (GestureArbitration.swift). A rule whose
// outcome depends on what an earlier action did (the default-exclusivity pass after a
// recognizer's handlers ran) is a step on the same stack, evaluated when it is reached, so
// the actions come out in the order of the rules, depth first, with no recursion.

/// One thing the application does for the arena. Each carries the decision that caused it
/// (nil where the recognizer's own request named none).
enum ArenaAction<Member: AnyObject> {
    /// Moves the member to `to`, traced with `reason` and `decision` (an illegal edge is
    /// refused, and the refusal traced).
    case commit(Member, to: GestureState, reason: TraceText, decision: GestureDecision?)
    /// The member stays in `possible`, its transition held until `waitingFor` fail: traced.
    case hold(Member, waitingFor: [Member], decision: GestureDecision)
    /// The member's targets and handlers hear of its new state.
    case sendActions(Member, decision: GestureDecision?)
    /// The view gets `touchesCancelled` for the member's touches (`cancelsTouchesInView`).
    case cancelTouchesInView(Member, decision: GestureDecision?)
    /// Touch messages held back for the member's touches go out, unless another recognizer
    /// still delays them.
    case flushHeldTouches(Member, decision: GestureDecision?)
    /// The member's gesture is over: back to `possible`, its touches and timer dropped.
    /// Nothing decided it but time: its decision is the one its last transition carried.
    case reset(Member)
}

/// The arbitration of the recognizers under way. `Member` is the recognizer type (generic,
/// so the rules are tested with fakes).
struct Arena<Member: ArenaMember> where Member.Peer == Member {
    typealias Action = ArenaAction<Member>
    /// Where the actions of one input start on the stack.
    typealias Mark = Int

    /// The recognizers under way: tracking touches, waiting, or not in `possible`, in the
    /// order they joined.
    private(set) var members: [Member] = []
    // What the arena knows of its members is its own, keyed by member (a member carries
    // none of it): its busy mark (`joined`), its timer (`timers`), its failure wait (`waits`).
    /// The busy marks: each member's place in the order the members joined. While few are
    /// under way, a member is found by comparing references (a gesture moving on asks on
    /// every move, and hashing costs more); beyond `fewMembers`, here.
    private var joined: [ObjectIdentifier: Int] = [:]
    private static var fewMembers: Int { 8 }
    /// How many members have joined so far (the next one's place).
    private var joins = 0
    /// The members' timers (multi-tap interval, long press), in the order the members
    /// joined (the first listed wins among equal deadlines).
    private var timers: [Timer] = []
    private struct Timer {
        let member: Member
        /// Its member's place in `joined`.
        let place: Int
        var deadline: Double
    }
    /// The members holding transitions back, with their waits (none idle).
    private var waits: [(member: Member, wait: FailureWait<Member>)] = []
    /// How many touch samples the recognizers are reading (more than one: an action sent
    /// input). While above 0, a member whose failure requirements all failed waits in
    /// `readyAfterWait` until every recognizer has read the sample.
    private var readingSample = 0
    /// Members whose held transitions may go ahead once the sample is read, with the member
    /// whose failure released them.
    private var readyAfterWait: [(member: Member, released: String)] = []
    /// Whether anything settling looks at may have changed since its last pass (a member
    /// joined or changed state, a touch left, a timer fired). A finger that only moves
    /// leaves it alone, and the pass is skipped.
    private(set) var needsSettling = false
    /// Actions to perform and rules still to evaluate; the top is the end.
    private var work: [Work] = []
    /// What the rule being evaluated decided, in order: moved onto `work` (first on top)
    /// when it is done.
    private var batch: [Work] = []

    private enum Work {
        case perform(Action)
        case step(Step)
    }
    /// A rule evaluated when the stack reaches it: it reads what the actions before it did.
    // A step that walks the members holds those it has still to look at (`rest`; nil: the
    // members as they are when the step is reached).
    private enum Step {
        /// Those waiting for `of` learn that it succeeded or failed.
        case dependents(of: Member, succeeded: Bool, rest: ArraySlice<Member>?)
        /// Default exclusivity after `winner` reached `to`.
        case exclusivity(winner: Member, to: GestureState, rest: ArraySlice<Member>?)
        /// Held touch messages go out unless the winner cancels its view's touches.
        case flushUnlessCancelling(Member, decision: GestureDecision?)
        /// The held transitions after the first, made while the member is still active.
        case heldRest(Member, rest: ArraySlice<GestureState>, released: String)
        /// The members in `readyAfterWait` make their held transitions.
        case releaseReady
        /// Waiting members fail: first those holding a transition, then those with a timer.
        case interrupt(reason: String, holding: Bool, rest: ArraySlice<Member>?)
        /// Settling the members in `rest` (nil: a new pass over every member, if anything changed).
        case settle(rest: ArraySlice<Member>?)
        /// The member's wait and timer are dropped and it resets.
        case reset(Member)
        /// The member leaves the list.
        case leave(Member)
    }

    // MARK: Reading

    /// Whether `m` holds a transition back (waiting, or released and not yet made).
    func isHolding(_ m: Member) -> Bool { waitIndex(of: m) != nil }
    /// Whether `m` is under way: the arena's busy mark.
    func isBusy(_ m: Member) -> Bool {
        members.count <= Self.fewMembers ? members.containsIdentical(m) : joined[ObjectIdentifier(m)] != nil
    }
    /// `m`'s timer (nil: none).
    func deadline(of m: Member) -> Double? { timerIndex(of: m).map { timers[$0].deadline } }
    /// Whether the recognizers are reading a touch sample.
    var isReadingSample: Bool { readingSample > 0 }
    // (The application reads these in place, `Application.withArena`: an arena read as a
    // value is a copy, a retain and a release of each of its lists.)

    /// The member with the earliest deadline before `t` (or at `t` when `includingT`; the
    /// first one listed among equals), and the earliest deadline of any member (nil: none
    /// has one), in one walk. A deadline at `t` itself is due unless the member takes input
    /// at its deadline as still in time.
    func earliestDeadline(upTo t: Double, includingT: Bool) -> (due: (Member, Double)?, next: Double?) {
        if timers.isEmpty { return (nil, nil) }
        var best: (Member, Double)?
        var next: Double?
        for timer in timers {
            let d = timer.deadline
            if next.map({ d < $0 }) ?? true { next = d }
            guard d < t || (includingT && d == t && !timer.member.inputAtDeadlineIsInTime) else { continue }
            if let b = best, !(d < b.1) { continue }
            best = (timer.member, d)
        }
        return (best, next)
    }

    /// The earliest deadline of any member.
    var nextDeadline: Double? { timers.lazy.map(\.deadline).min() }

    // MARK: Inputs

    /// `m` analyses a touch, or asks for a transition: it is under way (once).
    mutating func join(_ m: Member) {
        if isBusy(m) { return }
        joined[ObjectIdentifier(m)] = joins
        joins += 1
        members.append(m)
        needsSettling = true
    }

    /// A touch a member analyses ended, was cancelled or was ignored.
    mutating func touchLeft() { needsSettling = true }

    /// `m` sets its timer to `deadline` (nil: clears it). A member with a timer is under
    /// way: setting one joins it.
    mutating func setDeadline(_ deadline: Double?, for m: Member) {
        if let i = timerIndex(of: m) {
            if let deadline { timers[i].deadline = deadline } else { timers.remove(at: i) }
            return
        }
        guard let deadline else { return }
        join(m)
        let place = joined[ObjectIdentifier(m)] ?? joins
        let at = timers.firstIndex { $0.place > place } ?? timers.count
        timers.insert(Timer(member: m, place: place, deadline: deadline), at: at)
    }

    /// `m`'s deadline passed: its timer is cleared (the recognizer hears of it next).
    mutating func timerFired(_ m: Member) {
        dropTimer(of: m)
        needsSettling = true
    }

    /// `m` asks to move to `to`, and it is a gesture under way moving on (the common case,
    /// a pan's `changed` on every move): nothing is held back, nothing to decide, nothing
    /// decided yet in this batch. Then the caller commits the transition and sends the
    /// actions itself, as the two actions `request` would stack for it (commit, then send
    /// actions); otherwise (false) it calls `request`, which decides.
    mutating func movesOn(_ m: Member, to: GestureState, decision: GestureDecision?) -> Bool {
        guard decision == nil, batch.isEmpty, Self.kind(of: m, to: to) == .movesOn else { return false }
        join(m)
        return waitIndex(of: m) == nil
    }

    /// What a request to move `m` to `to` is, by the edge alone (before the arena's state).
    private enum RequestKind { case moot, leavesPossible, finishes, movesOn }
    private static func kind(of m: Member, to: GestureState) -> RequestKind {
        // A recognizer that has finished (or failed) waits for its reset: late requests are moot.
        if m.state.isTerminal { return .moot }
        if m.state == .possible && (to == .began || to == .recognized) { return .leavesPossible }
        if to == .failed || to == .ended || to == .cancelled { return .finishes }
        return .movesOn
    }

    /// Where the actions put on the stack from now on start (`nextAction(above:)`).
    var mark: Mark { work.count }

    /// `m` asks to move to `to`.
    mutating func request(_ m: Member, to: GestureState, reason: TraceText, decision: GestureDecision?) -> Mark {
        let mark = work.count
        ruleRequest(m, to: to, reason: reason, decision: decision)
        stackBatch()
        return mark
    }

    /// The recognizers start reading a touch sample (only through `Application.readingSample`,
    /// which ends it however its body returns).
    mutating func beginReadingSample() { readingSample += 1 }

    /// The recognizers have read the sample: those released by a failure meanwhile make
    /// their held transitions now (UIKit, too, decides once every recognizer has seen the
    /// touches), unless `release` is false (the caller releases them later).
    mutating func endReadingSample(release: Bool = true) -> Mark {
        readingSample -= 1
        return release ? releaseReady() : work.count
    }

    /// Members released while no sample is being read make their held transitions.
    mutating func releaseReady() -> Mark {
        let mark = work.count
        if readingSample == 0 && !readyAfterWait.isEmpty { evaluate(.releaseReady) }
        stackBatch()
        return mark
    }

    /// An interruption (cancelAllTouches): members still waiting fail, those holding a
    /// transition first (so none recognizes because the one it waits for failed), then
    /// those waiting for a timer (the next tap of a multi-tap); then settling.
    mutating func interrupt(reason: String) -> Mark {
        let mark = work.count
        evaluate(.interrupt(reason: reason, holding: true, rest: nil))
        stackBatch()
        return mark
    }

    /// Resets members whose gesture is over, and fails those left with nothing to do.
    mutating func settle() -> Mark {
        let mark = work.count
        if needsSettling {
            evaluate(.settle(rest: nil))
            stackBatch()
        }
        return mark
    }

    /// The next action to perform of those put on the stack since `mark` (nil: none is
    /// left). Steps met on the way are evaluated.
    mutating func nextAction(above mark: Mark) -> Action? {
        while work.count > mark {
            switch work.removeLast() {
            case let .perform(action):
                return action
            case let .step(step):
                evaluate(step)
                stackBatch()
            }
        }
        return nil
    }

    /// Forgets `m` (it left its view or its application): its busy mark, timer and wait go,
    /// and it is no longer released by a failure. (Actions already on the stack for it
    /// still come; a member waiting for it to fail keeps waiting, as before, until an
    /// interruption.)
    mutating func remove(_ m: Member) {
        dropWait(of: m)
        dropTimer(of: m)
        readyAfterWait.removeAll { $0.member === m }
        leave(m)
    }

    /// Forgets every member (the application is going away): the list, as it was.
    mutating func removeAll() -> [Member] {
        let all = members
        members = []
        joined = [:]
        timers = []
        waits = []
        readyAfterWait = []
        work = []
        batch = []
        return all
    }

    // MARK: The rules

    // The rules append what they decide to `batch`, in order; `stackBatch` moves it onto the
    // stack last first, so the stack gives the first action first (moved, not copied).
    private mutating func emit(_ a: Action) { batch.append(.perform(a)) }
    private mutating func then(_ s: Step) { batch.append(.step(s)) }
    private mutating func stackBatch() {
        while let w = batch.popLast() { work.append(w) }
    }

    private func waitIndex(of m: Member) -> Int? {
        if waits.isEmpty { return nil }
        return waits.firstIndex { $0.member === m }
    }
    private func isWaiting(_ d: Member, on m: Member) -> Bool {
        guard let w = waitIndex(of: d) else { return false }
        return waits[w].wait.isWaiting(on: m)
    }
    private mutating func dropWait(of m: Member) {
        if let w = waitIndex(of: m) { waits.remove(at: w) }
    }
    private func timerIndex(of m: Member) -> Int? {
        if timers.isEmpty { return nil }
        return timers.firstIndex { $0.member === m }
    }
    private mutating func dropTimer(of m: Member) {
        if let i = timerIndex(of: m) { timers.remove(at: i) }
    }
    /// `m` leaves the list, its busy mark cleared (it has no wait and no timer).
    private mutating func leave(_ m: Member) {
        guard joined.removeValue(forKey: ObjectIdentifier(m)) != nil else { return }
        if let j = members.firstIndex(where: { $0 === m }) { members.remove(at: j) }
    }

    private mutating func ruleRequest(_ m: Member, to: GestureState, reason: TraceText, decision: GestureDecision?) {
        let kind = Self.kind(of: m, to: to)
        if kind == .moot { return }
        join(m)
        // Held back: the request merges into the held transitions.
        if let w = waitIndex(of: m) {
            if waits[w].wait.request(to) == .fail {
                waits.remove(at: w)
                finish(m, .failed, reason: to == .failed ? reason : "failed: \(reason) while waiting", decision: decision)
            }
            return
        }
        switch kind {
        case .moot: return
        case .leavesPossible: attemptToLeavePossible(m, to: to, reason: reason, decision: decision)
        case .finishes: finish(m, to, reason: reason, decision: decision)
        case .movesOn:
            emit(.commit(m, to: to, reason: reason, decision: decision))
            emit(.sendActions(m, decision: decision))
        }
    }

    private mutating func attemptToLeavePossible(_ m: Member, to: GestureState, reason: TraceText, decision: GestureDecision?) {
        if !m.delegateAllowsBegin {
            finish(m, .failed, reason: "failed: delegate's gestureRecognizerShouldBegin returned false",
                   decision: GestureDecision(.delegate)); return
        }
        if let v = m.viewRefusingToBegin() {
            finish(m, .failed, reason: "failed: \(v.id).gestureRecognizerShouldBegin returned false",
                   decision: GestureDecision(.delegate, by: [v.name])); return
        }
        if let owner = m.defaultActionOwner() {
            finish(m, .failed, reason: "failed: \(owner.id)'s default action wins (the motion runs along it)",
                   decision: GestureDecision(.control, by: [owner.name])); return
        }
        let deps = failureDependencies(of: m)
        if let winner = deps.first(where: { $0.state.isActive || $0.state == .recognized || $0.state == .ended }) {
            finish(m, .failed, reason: "failed: requires \(winner.id) to fail, which \(winner.state.rawValue)",
                   decision: GestureDecision(.failureRequirement, by: [winner.traceName])); return
        }
        // A dependency that analyses none of the touches can never fail for them: it does not hold us.
        let waiting = deps.filter { d in
            d.state == .possible && d.isEnabled && d.tracksTouches && !isWaiting(d, on: m)
        }
        if !waiting.isEmpty {
            var wait = FailureWait<Member>()
            wait.hold(to, until: waiting, decision: decision)
            waits.append((m, wait))
            needsSettling = true
            emit(.hold(m, waitingFor: waiting, decision: GestureDecision(.failureRequirement, by: waiting.map(\.traceName))))
            return
        }
        leavePossible(m, to: to, reason: reason, decision: decision)
    }

    /// The recognizers `m` must see fail: permanent links plus the per-attempt answers.
    private func failureDependencies(of m: Member) -> [Member] {
        var deps = m.failureRequirements
        for o in members where o !== m && !deps.contains(where: { $0 === o }) && m.sharesTouches(with: o) {
            if m.asksToRequireFailure(of: o) { deps.append(o) }
        }
        return deps
    }

    private mutating func leavePossible(_ m: Member, to: GestureState, reason: TraceText, decision: GestureDecision?) {
        needsSettling = true
        // An active recognizer that may not run beside m prevents it.
        if let blocker = members.first(where: { o in
            o !== m && o.state.isActive && m.sharesTouches(with: o) && !m.canRecognizeSimultaneously(with: o)
                && o.canPrevent(m) && m.canBePrevented(by: o)
        }) {
            finish(m, .failed, reason: blocker.reason(.blocks, blocker.state),
                   decision: GestureDecision(.exclusivity, by: [blocker.traceName]))
            return
        }
        emit(.commit(m, to: to, reason: reason, decision: decision))
        guard m.allows(to) else { return }   // refused (and traced): nothing follows
        // SPEC 6: the view gets touchesCancelled before the first action message.
        if m.cancelsTouchesInView { emit(.cancelTouchesInView(m, decision: decision)) }
        emit(.sendActions(m, decision: decision))
        then(.dependents(of: m, succeeded: true, rest: nil))
        then(.exclusivity(winner: m, to: to, rest: nil))
        then(.flushUnlessCancelling(m, decision: decision))
    }

    /// Moves `m` to a terminal state (failed, ended, cancelled) with its consequences.
    private mutating func finish(_ m: Member, _ to: GestureState, reason: TraceText, decision: GestureDecision?) {
        needsSettling = true
        emit(.commit(m, to: to, reason: reason, decision: decision))
        guard m.allows(to) else { return }
        if to != .failed { emit(.sendActions(m, decision: decision)) }
        if to == .failed { then(.dependents(of: m, succeeded: false, rest: nil)) }
        emit(.flushHeldTouches(m, decision: decision))
    }

    /// The transitions `d` held back while it waited for `released` to fail.
    private mutating func commitHeld(_ d: Member, released: String) {
        guard let w = waitIndex(of: d) else { return }
        let (held, decision) = waits[w].wait.takeHeld()
        if !waits[w].wait.isHolding { waits.remove(at: w) }
        guard let first = held.first else { return }
        leavePossible(d, to: first, reason: "\(first.rawValue): \(released) failed", decision: decision)
        if held.count > 1 { then(.heldRest(d, rest: held.dropFirst(), released: released)) }
    }

    private mutating func evaluate(_ step: Step) {
        switch step {
        case let .dependents(r, succeeded, rest):
            // Nobody waits: nothing in the rest of the pass can start waiting either.
            if waits.isEmpty { return }
            var rest = rest ?? members[...]
            while let d = rest.popFirst() {
                guard let w = waitIndex(of: d), waits[w].wait.isWaiting(on: r) else { continue }
                if succeeded {
                    _ = waits[w].wait.dependencySucceeded(r)
                    waits.remove(at: w)
                    finish(d, .failed, reason: "failed: requires \(r.id) to fail, which \(r.state.rawValue)",
                           decision: GestureDecision(.failureRequirement, by: [r.traceName]))
                } else {
                    guard waits[w].wait.dependencyFailed(r, undecided: { $0.state != .failed }) == .released else { continue }
                    if d.hasCancelledTouch {
                        // Its touches were cancelled (and so `r` failed): nothing to begin any more.
                        waits.remove(at: w)
                        finish(d, .failed, reason: "failed: its touches were cancelled while it waited for \(r.id) to fail",
                               decision: GestureDecision(.interrupted, by: [r.traceName]))
                    } else if readingSample > 0 {
                        // `r` failed on a touch sample that `d` may not have read yet: `d` goes
                        // ahead once every recognizer has read it, so its first transition carries it.
                        readyAfterWait.append((d, r.id))
                        continue
                    } else {
                        commitHeld(d, released: r.id)
                    }
                }
                then(.dependents(of: r, succeeded: succeeded, rest: rest))
                return
            }

        case let .exclusivity(r, to, rest):
            // Default exclusivity: the others analysing the same touches fail (or are cancelled).
            var rest = rest ?? members[...]
            while let o = rest.popFirst() {
                guard o !== r && r.sharesTouches(with: o) && !r.canRecognizeSimultaneously(with: o)
                        && r.canPrevent(o) && o.canBePrevented(by: r) else { continue }
                if o.state == .possible {
                    dropWait(of: o)
                    finish(o, .failed, reason: r.reason(.preventedFirst, to), decision: GestureDecision(.exclusivity, by: [r.traceName]))
                } else if o.state.isActive {
                    finish(o, .cancelled, reason: r.reason(.cancelledFirst, to), decision: GestureDecision(.exclusivity, by: [r.traceName]))
                } else {
                    continue
                }
                then(.exclusivity(winner: r, to: to, rest: rest))
                return
            }

        case let .flushUnlessCancelling(m, decision):
            if !m.cancelsTouchesInView { emit(.flushHeldTouches(m, decision: decision)) }

        case let .heldRest(d, rest, released):
            guard let next = rest.first else { return }
            if d.state.isActive { finish(d, next, reason: "\(next.rawValue) (held while waiting for \(released))", decision: nil) }
            if rest.count > 1 { then(.heldRest(d, rest: rest.dropFirst(), released: released)) }

        case .releaseReady:
            while !readyAfterWait.isEmpty {
                let (d, released) = readyAfterWait.removeFirst()
                // Still released (it may have failed meanwhile).
                guard d.state == .possible, let w = waitIndex(of: d), case .released = waits[w].wait.state else { continue }
                commitHeld(d, released: released)
                then(.releaseReady)
                return
            }

        case let .interrupt(reason, holding, rest):
            var rest = rest ?? members[...]
            while let r = rest.popFirst() {
                if holding {
                    guard r.state == .possible && isHolding(r) else { continue }
                    dropTimer(of: r)
                    ruleRequest(r, to: .failed, reason: "failed: interrupted (\(reason)) while waiting",
                                decision: GestureDecision(.interrupted))
                } else {
                    guard r.state == .possible && timerIndex(of: r) != nil else { continue }
                    dropTimer(of: r)
                    ruleRequest(r, to: .failed, reason: "failed: interrupted (\(reason))", decision: GestureDecision(.interrupted))
                }
                then(.interrupt(reason: reason, holding: holding, rest: rest))
                return
            }
            then(holding ? .interrupt(reason: reason, holding: false, rest: nil) : .settle(rest: nil))

        case let .settle(given):
            var rest: ArraySlice<Member>
            if let given {
                rest = given
            } else {
                // Nothing it looks at changed since the last pass (a finger moved, no transition).
                guard needsSettling else { return }
                needsSettling = false
                rest = members[...]
            }
            while !rest.isEmpty {
                // Fast paths (no side effects skipped), read without retaining the member: a
                // gesture under way (began, changed) is neither failed, reset nor removed here;
                // nor is a possible one whose touches are still down.
                let skip = rest.borrowingFirst { r in
                    r.state.isActive || (!r.state.isTerminal && r.numberOfTouchesDown > 0)
                }
                if skip { rest.dropFirstInPlace(); continue }
                let r = rest.removeFirst()
                // Left meanwhile (a pass run by an action's input settled it).
                guard isBusy(r) else { continue }
                let facts = SettleFacts(state: r.state, touchesDown: r.numberOfTouchesDown, tracksTouches: r.tracksTouches,
                                        holding: isHolding(r), hasTimer: timerIndex(of: r) != nil)
                var acts = false, leaves = false
                for s in facts.plan {
                    switch s {
                    case .fail:
                        var unmet = r.unmetCondition ?? GestureDecision(.custom)
                        unmet.neverBegan = true
                        finish(r, .failed, reason: "failed: its touches ended before it recognized", decision: unmet)
                        acts = true
                    case .reset:
                        then(.reset(r))
                        acts = true
                    case .leaveBusyList:
                        leaves = true
                    }
                }
                if !acts {
                    if leaves { leave(r) }
                    continue
                }
                if leaves { then(.leave(r)) }
                then(.settle(rest: rest))
                return
            }

        case let .reset(m):
            dropWait(of: m)
            dropTimer(of: m)
            emit(.reset(m))

        case let .leave(m):
            leave(m)
        }
    }
}
