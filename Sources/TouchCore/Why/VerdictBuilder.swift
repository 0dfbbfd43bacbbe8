// VerdictBuilder: trace records in, one verdict per touch sequence out.
//
//   hit-test touch 1 [doubleTap, singleTap] ─┐   sequence 0.10–0.18  touch 1 → pad
//   touch-sample 1 ended                     ├─▶   doubleTap  recognized  tapCount
//   note: singleTap blocked until doubleTap  │     singleTap  failed      failureRequirement, waited 0.20 s for doubleTap
//   gesture doubleTap possible → recognized ─┤
//   gesture singleTap possible → failed      │   sequence 0.30–0.38  touch 2 → pad
//   gesture doubleTap recognized → possible ─┘     doubleTap  recognized  tapCount
//
// The rules (issue 27), and what this file decides where they are silent:
//
// - Sequences. Touch phases come from `touchSample` records (every sink gets them; trace
//   files leave them out, so a trace file alone gives sequences that never end). A sequence
//   starts when a finger lands with none down and ends when the last lifts or is cancelled.
//   A touch lands with its `hitTest` record (traced just before its `began` sample, at the
//   same time), or with its `began` sample when no hit test was traced for it.
// - Attempts. A recognizer's attempt opens when a hit test lists it (`recognizers:`) and it
//   has no open attempt, and closes at its reset (a gesture record to `possible`). The
//   attempt belongs to every sequence whose touches listed it while it was open: a double
//   tap's one attempt is in the sequence of each of its taps. Gesture records and failure
//   waits of a recognizer with no open attempt (it analysed no touch) are not about any
//   sequence and are passed over.
// - Outcome: the attempt's first deciding transition out of `possible`: to `recognized` (or
//   `ended` straight from `possible`), `began` (or `changed`), `failed` (`neverBegan` when its
//   decision says so), `cancelled`. Later transitions (a pan's `changed`, `ended` or
//   `cancelled`) do not change it; `finalState` keeps the last one. Until then it is
//   `undecided`, with `at` the time the attempt opened, an empty reason and no decision.
// - A recognizer's `view` is the one its first gesture record names (a hit test names only
//   recognizers); `TraceName.none` until one comes.
// - Waits come from `failureWait` records: who waited for whom, from its time, until the
//   waiting recognizer's next transition (its reset at the latest).
// - Settled: the sequence's fingers are up and every attempt of it has decided. It never
//   becomes unsettled again; `settledAt` says when it settled.
// - The margin of a too-slow multi-tap. A failure with rule `tapInterval`, a `limit` and no
//   `measured` failed then, by its timer: no next tap came within the limit. A later tap is a
//   new attempt. It is joined to the failed one only when it lands within the limit again
//   after the failure, up to twice the limit after the lift the wait began at: then the
//   failure gets `measured` = (the time of that landing, whose hit test lists the recognizer)
//   − (failure time − limit), so the margin says "the second tap came 0.06 s too late"
//   (never more than the limit). The verdict is filled in when that landing comes, in every
//   sequence the attempt belongs to (a settled one too); with no such landing, or one later
//   than that, `measured` and the margin stay nil: "no tap 2 within 0.35 s".
// - Under way at a time (`sequence(at:)`): the sequence whose fingers are down then; between
//   sequences, the newest one that has ended but whose recognizers are still deciding then
//   (a single tap waiting for the double-tap interval to run out).
//
// - Who handled the touches (what the answer says when no recognizer won). A `touches`
//   record of phase `began` adds its responder to the chain of each of its touches, in trace
//   order (the hit-test view, then each responder it was passed to); a touch belongs to the
//   sequence it landed in. A `control` record belongs to the sequence the control's last
//   `touchDown` came in (the one under way then), and an `action` record sent by such a
//   control to the same one. A `note` whose text carries a decision of rule `control` about
//   a recognizer (TouchDelivery: a control's default action kept it from a touch) is about
//   the touch that landed last, in whose landing it is traced.
//
// Records of other kinds are passed over. The builder reads no clock: times are the records'.

/// Builds the verdict of every touch sequence from trace records, in trace order: what
/// `touchscope why` prints and the window's verdict card shows.
///
///     var builder = VerdictBuilder()
///     app.tracer.sink = TraceCallback { builder.add($0) }
///     // … input …
///     for s in builder.sequences { print(s.start, s.winners) }
public struct VerdictBuilder: Sendable {
    /// Every sequence so far, in the order they started.
    public private(set) var sequences: [SequenceVerdict] = []

    /// Where an attempt's verdict is kept: sequence `sequence`, recognizer `index` of it.
    private struct Place: Sendable, Hashable {
        var sequence: Int
        var index: Int
    }

    /// A recognizer's attempt between its first hit test and its reset.
    private struct Attempt: Sendable {
        /// Tells attempts apart (the order they opened in).
        var serial: Int
        /// The verdict as it stands (copied to every place).
        var verdict: RecognizerVerdict
        /// The sequences it belongs to, and where in each.
        var places: [Place]
    }

    /// A too-slow multi-tap's failure, waiting for the late tap that gives its margin.
    private struct LateTap: Sendable {
        /// The failed attempt's serial.
        var serial: Int
        var places: [Place]
        /// When the tap interval began (failure time − limit).
        var waitBegan: Double
        /// The tap interval: a tap later than `waitBegan` + 2 × `limit` is not joined.
        var limit: Double
    }

    /// The number of attempts opened so far.
    private var attemptCount = 0
    /// The open attempts, by recognizer.
    private var attempts: [TraceName: Attempt] = [:]
    /// Failures whose late tap is still to come, by recognizer.
    private var lateTaps: [TraceName: LateTap] = [:]
    /// The touches down now. A touch lands once (its hit test, then its `began` sample), and
    /// an id may come again after it lifted: a reloaded scene's new application counts from 1.
    private var down: Set<Int> = []
    /// The sequence under way (fingers down), if any.
    private var current: Int?
    /// The newest sequence that settled.
    private var latestSettledIndex: Int?
    /// The sequence each touch id landed in last, and the touch that landed last.
    private var touchSequence: [Int: Int] = [:]
    private var lastLanded: Int?
    /// The sequence each control's last `touchDown` came in.
    private var controlSequence: [TraceName: Int] = [:]

    /// An empty builder.
    public init() {}

    /// The newest sequence whose fingers are up and whose recognizers have all decided: what
    /// the verdict card shows. A later landing may still fill in a too-slow tap's margin.
    public var latestSettled: SequenceVerdict? { latestSettledIndex.map { sequences[$0] } }

    /// The sequence under way at `time`: the newest whose fingers were down then (from its
    /// first landing to its last lift, both included); if none, the newest that had ended by
    /// then but had recognizers still deciding. Nil when nothing was going on.
    public func sequence(at time: Double) -> SequenceVerdict? {
        sequenceIndex(at: time).map { sequences[$0] }
    }

    /// The position in ``sequences`` of the sequence under way at `time` (see ``sequence(at:)``).
    public func sequenceIndex(at time: Double) -> Int? {
        var deciding: Int?
        for k in sequences.indices.reversed() where sequences[k].start <= time {
            let s = sequences[k]
            guard let end = s.end else { return k }
            if time <= end { return k }
            if deciding == nil, s.settledAt.map({ time < $0 }) ?? true { deciding = k }
        }
        return deciding
    }

    /// Whether sequence `index` of ``sequences`` is final: settled, and nothing that comes
    /// later can change its verdicts (no attempt of it is still open, which a later transition
    /// or wait would update; no too-slow tap of it still waits for the late tap that gives its
    /// margin). A reader that streams the verdicts (`why` on a long recording) writes a
    /// sequence once it is final and then lets ``keepAtMost(_:)`` forget it.
    public func isFinal(_ index: Int) -> Bool {
        guard index < sequences.count, sequences[index].settled else { return false }
        for a in attempts.values where a.places.contains(where: { $0.sequence == index }) { return false }
        for l in lateTaps.values where l.places.contains(where: { $0.sequence == index }) { return false }
        return true
    }

    /// Takes the next record of the trace.
    public mutating func add(_ record: TraceRecord) {
        let t = record.t
        // A too-slow tap whose late tap can no longer come (twice the limit after its wait
        // began has passed: `fillMargin` would not join a landing now) keeps no margin open.
        if !lateTaps.isEmpty {
            for (r, l) in lateTaps where t - l.waitBegan > 2 * l.limit + 1e-9 { lateTaps[r] = nil }
        }
        switch record.body {
        case let .touchSample(s):
            switch s.phase {
            case .began: land(s.touch, at: t, view: nil, recognizers: [])
            case .ended, .cancelled: lift(s.touch, at: t)
            case .moved, .stationary: break
            }
        case let .hitTest(touch, _, _, view, recognizers, _):
            land(touch, at: t, view: view, recognizers: recognizers)
        case let .gesture(recognizer, view, from, to, reason, _):
            transition(recognizer, view: view, from: from, to: to, at: t, reason: reason, decision: record.decision)
        case let .failureWait(recognizer, waitingFor):
            guard var a = attempts[recognizer] else { return }
            a.verdict.waits.append(VerdictWait(waitedFor: waitingFor, from: t, until: nil))
            store(a, for: recognizer)
        case let .touches(phase, view, touches, _):
            guard phase == .began else { return }
            for touch in touches { reached(touch, view) }
        case let .control(control, event):
            controlEvent(control, event, at: t)
        case let .action(sender, action, target, handledBy):
            guard let seq = controlSequence[sender], let k = sequences[seq].controls.lastIndex(where: { $0.control == sender }) else { return }
            sequences[seq].controls[k].actions.append(VerdictAction(action: action, target: target, handledBy: handledBy))
        case let .note(_, text):
            guard let d = text.decision, d.rule == .control || d.rule == .touchType, let r = d.recognizer, let control = d.by.first,
                  let touch = lastLanded, let seq = touchSequence[touch] else { return }
            var k = VerdictKeptOut(recognizer: r, touch: touch, control: control)
            if d.rule == .touchType { k.rule = .touchType; k.reason = text.description }
            sequences[seq].keptOut.append(k)
        case .motion, .remote, .firstResponder, .orientation, .custom, .coalescedTouches:
            break
        }
    }

    /// `touchesBegan` for `touch` reached `view`.
    private mutating func reached(_ touch: Int, _ view: TraceName) {
        guard let seq = touchSequence[touch] else { return }
        if let k = sequences[seq].responders.firstIndex(where: { $0.touch == touch }) {
            if sequences[seq].responders[k].chain.last != view { sequences[seq].responders[k].chain.append(view) }
        } else {
            sequences[seq].responders.append(VerdictResponders(touch: touch, chain: [view]))
        }
    }

    /// A control event: a `touchDown` ties the control to the sequence under way.
    private mutating func controlEvent(_ control: TraceName, _ event: String, at t: Double) {
        if event == "touchDown", let seq = current ?? lastLanded.flatMap({ touchSequence[$0] }) { controlSequence[control] = seq }
        guard let seq = controlSequence[control] else { return }
        if let k = sequences[seq].controls.lastIndex(where: { $0.control == control }) {
            sequences[seq].controls[k].events.append(event)
        } else {
            sequences[seq].controls.append(VerdictControl(control: control, events: [event]))
        }
    }

    /// Forgets the oldest sequences so that at most `limit` are kept, for a reader that runs
    /// for hours (the window's card): the sequences an open attempt or the sequence under
    /// way still belong to are kept whatever their age; a too-slow tap whose sequences are
    /// forgotten no longer gets its margin. `why` keeps every sequence.
    public mutating func keepAtMost(_ limit: Int) {
        guard sequences.count > max(limit, 0) else { return }
        var drop = sequences.count - max(limit, 0)
        if let current { drop = min(drop, current) }
        for a in attempts.values { for p in a.places { drop = min(drop, p.sequence) } }
        guard drop > 0 else { return }
        sequences.removeFirst(drop)
        func shifted(_ places: [Place]) -> [Place] {
            places.filter { $0.sequence >= drop }.map { Place(sequence: $0.sequence - drop, index: $0.index) }
        }
        for (r, a) in attempts { attempts[r]?.places = shifted(a.places) }
        for (r, l) in lateTaps {
            let kept = shifted(l.places)
            if kept.isEmpty { lateTaps[r] = nil } else { lateTaps[r]?.places = kept }
        }
        current = current.map { $0 - drop }
        latestSettledIndex = latestSettledIndex.flatMap { $0 >= drop ? $0 - drop : nil }
        touchSequence = touchSequence.compactMapValues { $0 >= drop ? $0 - drop : nil }
        controlSequence = controlSequence.compactMapValues { $0 >= drop ? $0 - drop : nil }
    }

    // MARK: Touches

    private mutating func land(_ touch: Int, at t: Double, view: TraceName?, recognizers: [TraceName]) {
        guard !down.contains(touch) else { return }
        let seq: Int
        if let current {
            seq = current
        } else {
            seq = sequences.count
            sequences.append(SequenceVerdict(start: t))
            current = seq
        }
        down.insert(touch)
        touchSequence[touch] = seq
        lastLanded = touch
        sequences[seq].touches.append(VerdictTouch(id: touch, view: view))
        for r in recognizers {
            if let late = lateTaps.removeValue(forKey: r) { fillMargin(late, of: r, tapAt: t) }
            var a: Attempt
            if let open = attempts[r] {
                a = open
            } else {
                a = Attempt(serial: attemptCount,
                            verdict: RecognizerVerdict(id: r, view: .none, outcome: .undecided, at: t, reason: "", decision: nil),
                            places: [])
                attemptCount += 1
            }
            if !a.places.contains(where: { $0.sequence == seq }) {
                a.places.append(Place(sequence: seq, index: sequences[seq].recognizers.count))
                sequences[seq].recognizers.append(a.verdict)
            }
            store(a, for: r)
        }
    }

    private mutating func lift(_ touch: Int, at t: Double) {
        guard down.remove(touch) != nil, let seq = current else { return }
        if down.isEmpty {
            sequences[seq].end = t
            current = nil
            settle(seq, at: t)
        }
    }

    // MARK: Recognizers

    private mutating func transition(_ r: TraceName, view: TraceName, from: GestureState, to: GestureState,
                                     at t: Double, reason: TraceText, decision: GestureDecision?) {
        guard var a = attempts[r] else { return }
        if a.verdict.view.isEmpty { a.verdict.view = view }
        for k in a.verdict.waits.indices where a.verdict.waits[k].until == nil { a.verdict.waits[k].until = t }
        if to == .possible {
            // The reset: the attempt is over.
            attempts[r] = nil
            write(a)
            return
        }
        a.verdict.finalState = to
        var decided = false
        if a.verdict.outcome == .undecided, from == .possible {
            let outcome: VerdictOutcome
            switch to {
            case .recognized, .ended: outcome = .recognized
            case .began, .changed: outcome = .began
            case .failed: outcome = decision?.neverBegan == true ? .neverBegan : .failed
            case .cancelled: outcome = .cancelled
            case .possible: outcome = .undecided
            }
            a.verdict.outcome = outcome
            a.verdict.at = t
            a.verdict.reason = reason.string   // formatted for the deciding transition only
            a.verdict.decision = decision
            decided = true
            if to == .failed, let d = decision, d.rule == .tapInterval, d.measured == nil, let limit = d.limit {
                lateTaps[r] = LateTap(serial: a.serial, places: a.places, waitBegan: t - limit, limit: limit)
            }
        }
        store(a, for: r)
        if decided {
            for p in a.places { settle(p.sequence, at: t) }
        }
    }

    /// Keeps the open attempt and copies its verdict to every sequence it belongs to.
    private mutating func store(_ a: Attempt, for r: TraceName) {
        attempts[r] = a
        write(a)
    }

    private mutating func write(_ a: Attempt) {
        for p in a.places { sequences[p.sequence].recognizers[p.index] = a.verdict }
    }

    /// The late tap of a too-slow multi-tap came at `tapAt`: its failure gets the measure,
    /// when it came within the limit again after the failure.
    private mutating func fillMargin(_ late: LateTap, of r: TraceName, tapAt: Double) {
        let measured = tapAt - late.waitBegan
        // Later than the limit again after the failure: a new attempt, not a late tap.
        guard measured <= 2 * late.limit + 1e-9 else { return }
        if var a = attempts[r], a.serial == late.serial {
            // Still open (its reset is not traced yet): it joins the late tap's sequence too.
            a.verdict.decision?.measured = measured
            store(a, for: r)
        } else {
            for p in late.places { sequences[p.sequence].recognizers[p.index].decision?.measured = measured }
        }
    }

    // MARK: Settling

    /// Marks sequence `seq` settled when its fingers are up and all its recognizers decided.
    private mutating func settle(_ seq: Int, at t: Double) {
        let s = sequences[seq]
        guard !s.settled, s.end != nil, !s.recognizers.contains(where: { $0.outcome == .undecided }) else { return }
        sequences[seq].settled = true
        sequences[seq].settledAt = t
        if latestSettledIndex.map({ seq > $0 }) ?? true { latestSettledIndex = seq }
    }
}
