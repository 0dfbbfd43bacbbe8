// Touch delivery: hit testing, recognizers first, then the view, subject to delivery options.

/// The touches down now, by finger: the touches in a list, and where each finger is in it
/// (`TouchKeyIndex`). Nothing that depends on order reads it without sorting by touch id first.
struct ActiveTouches {
    private var index = TouchKeyIndex()
    /// The touches, at the positions of their keys in `index`.
    private(set) var values: [Touch] = []

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    func index(of key: TouchKey) -> Int? { index.position(of: key) }

    subscript(key: TouchKey) -> Touch? {
        get {
            guard let i = index(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = index(of: key) {
                if let newValue { values[i] = newValue } else { remove(at: i) }
            } else if let newValue {
                index.append(key)
                values.append(newValue)
            }
        }
    }

    /// The touch at `i`, not retained (the caller keeps it alive by other means).
    func unmanagedValue(at i: Int) -> Unmanaged<Touch> {
        values.withUnsafeBufferPointer { Unmanaged.passUnretained($0[i]) }
    }

    @discardableResult
    mutating func removeValue(forKey key: TouchKey) -> Touch? {
        guard let i = index(of: key) else { return nil }
        let touch = values[i]
        remove(at: i)
        return touch
    }

    /// Removes the touch at `i`, moving the last one into its place (as the index does).
    private mutating func remove(at i: Int) {
        index.swapRemove(at: i)
        values.swapAt(i, values.count - 1)
        values.removeLast()
    }

    mutating func removeAll() {
        index.removeAll()
        values.removeAll()
    }
}

extension Application {
    // MARK: Phases

    func touchDown(_ key: TouchKey, _ p: Point, pressure: Double, emulated: Bool) {
        if let old = hot.activeTouches[key] {
            // SDL patches a repeated down by sending the missing up first; so do we.
            touchUp(key, old.locationInWindow, pressure: old.hot.force)
        }
        if isIgnoringInteractionEvents {
            tracer.emit(time, .note(topic: "interaction", text: "touch at \(p) dropped: application is ignoring interaction events"))
            return
        }
        let event: Event
        if let e = hot.currentEvent { event = e } else {
            event = Event(type: .touches, timestamp: time)
            hot.currentEvent = event
        }
        event.hot.timestamp = time
        let touch = Touch(id: hot.nextTouchID, location: p, time: time)
        hot.nextTouchID += 1
        touch.hot.frame.remember(touch.currentSample)
        touch.hot.force = pressure
        touch.hot.isEmulated = emulated
        touch.hot.traits = traits(for: key, emulated: emulated)
        touch.hot.key = key
        touch.hot.window = window
        touch.hot.tapCount = tapCount(at: p)

        var path: [HitStep]? = tracer.isOn ? [] : nil
        let hit = window.hitTestScene(p, path: &path)
        touch.hot.view = hit ?? window
        hot.activeTouches[key] = touch
        event.add(touch)
        touch.joinSequence(event.moves)

        if let blocker = exclusiveBlocker(for: touch) {
            if let path { tracer.emit(time, .hitTest(touch: touch.id, point: p, path: path, view: hit?.traceName, details: touch.traceDetails)) }
            traceSample(touch, .began)
            tracer.emit(time, .note(topic: "delivery", text: TraceText(blocker)))
            touch.hot.finishedForView = true
            return
        }
        // The hit-test record names the recognizers that analyse the touch (what `why`
        // groups a sequence's recognizers by), so the notes made while choosing them are
        // traced after it.
        var notes: [TraceText]? = tracer.isOn ? [] : nil
        touch.hot.receiver = receiver(for: touch, notes: &notes)
        if let v = touch.receiver {
            if v.isExclusiveTouch { hot.exclusiveTouchReceived = true }
            if !v.isMultipleTouchEnabled { hot.soleTouches[ObjectIdentifier(v)] = touch }
        }
        let receiverNotes = notes?.count ?? 0
        touch.hot.gestureRecognizers = recognizers(for: touch, event: event, notes: &notes)
        if let path {
            tracer.emit(time, .hitTest(touch: touch.id, point: p, path: path, view: hit?.traceName,
                                       recognizers: touch.gestureRecognizers.map(\.traceName), details: touch.traceDetails))
        }
        traceSample(touch, .began)
        if tracer.isOn, !touch.hot.traits.isPlain { traceTraits(touch) }
        for (k, text) in (notes ?? []).enumerated() {
            tracer.emit(time, .note(topic: k < receiverNotes ? "delivery" : "gesture", text: text))
        }
        let one = event.oneTouchList(touch)
        readingSample { for r in touch.gestureRecognizers { r.beginTracking(touch, event: event, one: one) } }
        deliverToView(touch, .began, event, one: one)
    }

    func touchMove(_ key: TouchKey, _ p: Point, pressure: Double) {
        guard let i = hot.activeTouches.index(of: key) else {
            // SDL turns motion for an unknown finger into a down; so do we.
            deliverCoalescedTouches()
            touchDown(key, p, pressure: pressure, emulated: false)
            return
        }
        guard let eventRef = hot.currentEventRef else { return }
        // The touch and its event are borrowed, not retained (a retain and a release each,
        // on every move). Both outlive the move: the event holds every touch of its
        // sequence (`allTouches` only grows), and if the sequence ends during the move
        // (an action cancels every touch), `endSequenceIfDone` parks the event in
        // `endedEvents` until the outermost `send` returns.
        hot.activeTouches.unmanagedValue(at: i)._withUnsafeGuaranteedRef { touch in
            if hot.coalescing.isOn { coalesce(touch, p, pressure: pressure); return }
            eventRef._withUnsafeGuaranteedRef { event in deliverMove(touch, event, p, pressure: pressure, at: time) }
        }
    }

    /// Moves `touch` to `p` and delivers the move: a sample taken at `sampleTime` (now, or
    /// the latest coalesced sample's time), already traced when `traced`; `always`: even
    /// when it ends where the finger was (coalesced samples that went and came back).
    func deliverMove(_ touch: Touch, _ event: Event, _ p: Point, pressure: Double, at sampleTime: Double,
                     traced: Bool = false, always: Bool = false) {
        if !traced && tracer.isOn { traceSample(touch, .moved, at: p, pressure: pressure) }
        if !always && p == touch.locationInWindow && pressure == touch.hot.force { return }
        if !traced { touch.hot.frame.delivered.removeAll(); touch.hot.frame.remember(TouchSample(location: p, pressure: pressure, timestamp: sampleTime)) }
        touch.move(to: p)
        touch.hot.force = pressure
        touch.hot.timestamp = sampleTime
        touch.markMoved()   // the other fingers down now read `stationary`
        event.hot.timestamp = time
        // The loop below reads the list's elements without retaining each one (`recognizers`,
        // a copy of the touch's list, which a recognizer may change, keeps every element alive).
        // The touch's own `[touch]` for every recognizer and the view (not one array per message).
        let one = event.oneTouchList(touch)
        let recognizers = touch.gestureRecognizers
        readingSample {
            recognizers.forEachBorrowed { r in
                if r.isTracking(touch) && !r.state.isTerminal { r.touchesMoved(one, with: event) }
            }
        }
        deliverToView(touch, .moved, event, one: one)
    }

    func touchUp(_ key: TouchKey, _ p: Point, pressure: Double) {
        // A finger-up for an unknown finger is dropped, as SDL does.
        guard let touch = hot.activeTouches.removeValue(forKey: key), let event = hot.currentEvent else { return }
        touch.hot.movedWhenLifted = p != touch.locationInWindow
        if p != touch.locationInWindow { touch.move(to: p) }
        touch.hot.timestamp = time
        traceSample(touch, .ended, pressure: pressure)
        touch.lift(as: .ended)
        hot.arena.touchLeft()
        event.hot.timestamp = time
        hot.lastTap = (time, p, touch.tapCount)
        let one = event.oneTouchList(touch)
        readingSample {
            for r in touch.gestureRecognizers where r.isTracking(touch) && !r.state.isTerminal { r.touchEnded(touch, event: event, one: one) }
        }
        deliverToView(touch, .ended, event, one: one)
        endSequenceIfDone()
    }

    /// Cancels every active touch: recognizers and views get `cancelled` (SPEC.md section 1).
    /// An interruption also ends what waits without a touch down: a recognizer holding its
    /// recognition until another fails, or waiting for its next tap, fails with the reason.
    public func cancelAllTouches(reason: String) {
        // First, so that a failure caused by the cancellation recognizes nothing held back.
        interruptWaitingRecognizers(reason: reason)
        defer { interruptWaitingRecognizers(reason: reason) }
        guard let event = hot.currentEvent else { return }
        let touches = hot.activeTouches.values.sorted { $0.id < $1.id }
        if !touches.isEmpty {
            tracer.emit(time, .note(topic: "cancel", text: "cancelling \(touches.count) touch(es): \(reason)"))
        }
        hot.activeTouches.removeAll()
        for t in touches {
            traceSample(t, .cancelled)
            t.lift(as: .cancelled)
            hot.arena.touchLeft()
            t.hot.timestamp = time
        }
        for t in touches {
            for r in t.gestureRecognizers where r.isTracking(t) && !r.state.isTerminal { r.touchCancelled(t, event: event, reason: reason) }
            deliverToView(t, .cancelled, event, reason: "cancelled: \(reason)")
        }
        hot.lastTap = nil
        endSequenceIfDone()
    }

    func endSequenceIfDone() {
        if hot.activeTouches.isEmpty, let event = hot.currentEvent {
            if hot.sendDepth > 0 { hot.endedEvents.append(event) }
            hot.currentEvent = nil
            hot.exclusiveTouchReceived = false
            hot.soleTouches.removeAll(keepingCapacity: true)
        }
    }

    // MARK: Helpers

    /// A `touchSample` record: the input the touch just took (`at`/`pressure`: the input's,
    /// when they differ from what the touch holds yet).
    func traceSample(_ touch: Touch, _ phase: TouchPhase, at p: Point? = nil, pressure: Double? = nil) {
        var s = FingerSample(touch: touch.id, key: touch.key, point: p ?? touch.locationInWindow, phase: phase,
                             pressure: pressure ?? touch.hot.force, isEmulated: touch.isEmulated)
        s.traits = touch.hot.traits
        tracer.emit(time, .touchSample(s))
    }

    private func tapCount(at p: Point) -> Int {
        guard let last = hot.lastTap, hot.activeTouches.isEmpty,
              time - last.time <= defaults.tapInterval,
              p.distance(to: last.location) <= defaults.tapDistance else { return 1 }
        return last.count + 1
    }

    /// Why a new touch may not be delivered because of `isExclusiveTouch` (nil: it may).
    private func exclusiveBlocker(for touch: Touch) -> String? {
        // Only a touch an exclusive-touch view received in this sequence, or a touch that
        // lands in one, can be blocked: otherwise nothing to look for (no walk of every
        // finger down for every finger that lands).
        guard hot.exclusiveTouchReceived || touch.view?.isExclusiveTouch == true else { return nil }
        // The other touch with the lowest id that matches (touch order: the list's order
        // must not show in the trace), found without building a sorted list per touch.
        func lowest(where match: (Touch) -> Bool) -> Touch? {
            var best: Touch?
            hot.activeTouches.values.forEachBorrowed { t in
                guard t !== touch, t.receiver != nil, !t.finishedForView, match(t) else { return }
                if best == nil || t.id < best!.id { best = t }
            }
            return best
        }
        if let ex = lowest(where: { $0.receiver?.isExclusiveTouch == true && $0.receiver !== touch.view }) {
            return "touch \(touch.id) dropped: \(ex.receiver?.id ?? "?") is exclusive-touch and is tracking touch \(ex.id)"
        }
        if let v = touch.view, v.isExclusiveTouch, let other = lowest(where: { $0.receiver !== v }) {
            return "touch \(touch.id) dropped: \(v.id) is exclusive-touch and \(other.receiver?.id ?? "?") is tracking touch \(other.id)"
        }
        return nil
    }

    /// The view that gets the touch's messages, honouring `isMultipleTouchEnabled`.
    private func receiver(for touch: Touch, notes: inout [TraceText]?) -> View? {
        guard let v = touch.view else { return nil }
        // A view with multiple touch off receives one touch at a time, so the touch it
        // received last (`soleTouches`) is the only one that can still be its own.
        if !v.isMultipleTouchEnabled, let other = hot.soleTouches[ObjectIdentifier(v)],
           other !== touch, other.isActive, other.receiver === v, !other.finishedForView {
            notes?.append("touch \(touch.id) not delivered to \(v.id): multipleTouchEnabled is false and it is tracking another touch")
            return nil
        }
        return v
    }

    /// The recognizers that analyse a new touch: the hit-test view's and its ancestors'.
    private func recognizers(for touch: Touch, event: Event, notes: inout [TraceText]?) -> [GestureRecognizer] {
        var out: [GestureRecognizer] = []
        out.reserveCapacity(8)   // the recognizers on a touch's path: a handful, one allocation
        var v: View? = touch.view
        let origin = touch.view
        while let cur = v {
            for r in cur.gestureRecognizers where r.isEnabled && r.analysesTouches {
                if r.state.isTerminal || withArena({ $0.isHolding(r) }) {
                    continue  // finishing its own sequence, or already decided and waiting
                }
                if let o = origin, o !== cur, o.defaultActionWins(over: r) {
                    // The rule as data too (the text is unchanged): `why` and the verdict card say who kept whom out.
                    let note: TraceText = "\(r.id) does not analyse touch \(touch.id): \(o.id)'s default action wins"
                    notes?.append(note.with(decision: GestureDecision(.control, about: r.traceName, by: [o.traceName])))
                    continue
                }
                if let note = r.touchTypeRefusal(touch) {
                    notes?.append(note)
                    continue
                }
                if let d = r.delegate, !d.gestureRecognizer(r, shouldReceive: touch) {
                    notes?.append("\(r.id) does not analyse touch \(touch.id): shouldReceive returned false")
                    continue
                }
                out.append(r)
            }
            v = cur.superview
        }
        return out
    }

    // MARK: View delivery and the delivery options (SPEC.md section 6)

    /// `one`, when given, is `[touch]` already built by the caller.
    func deliverToView(_ touch: Touch, _ phase: TouchPhase, _ event: Event, reason: String? = nil, one: [Touch]? = nil) {
        guard let view = touch.receiver, !touch.finishedForView else { return }
        switch phase {
        case .began:
            if let r = touch.gestureRecognizers.first(where: { $0.delaysTouchesBegan && $0.state == .possible && $0.isTracking(touch) }) {
                touch.hot.held.append(.began)
                tracer.emit(time, .note(topic: "delivery", text: "touchesBegan for touch \(touch.id) held back from \(view.id): \(r.id) delays touches began"))
                return
            }
        case .moved, .stationary:
            if !touch.hot.held.isEmpty {
                if touch.hot.held.last != .moved { touch.hot.held.append(.moved) }
                return
            }
        case .ended:
            if let r = touch.gestureRecognizers.first(where: { $0.delaysTouchesEnded && $0.state == .possible && $0.isTracking(touch) }) {
                touch.hot.held.append(.ended)
                tracer.emit(time, .note(topic: "delivery", text: "touchesEnded for touch \(touch.id) held back from \(view.id): \(r.id) delays touches ended"))
                return
            }
            if !touch.hot.held.isEmpty { touch.hot.held.append(.ended); flushHeld(touch, event: event); return }
        case .cancelled:
            touch.hot.held.removeAll()
            touch.hot.finishedForView = true
            if touch.deliveredBegan { view.receive(.cancelled, [touch], event, reason: reason) }
            return
        }
        send(phase, touch, to: view, event, reason: nil, one: one)
    }

    private func send(_ phase: TouchPhase, _ touch: Touch, to view: View, _ event: Event, reason: String?, one: [Touch]? = nil) {
        if phase == .began { touch.hot.deliveredBegan = true }
        if phase == .ended || phase == .cancelled { touch.hot.finishedForView = true }
        // The caller's list as it is (`one ?? [touch]` would be a copy: a retain and a release).
        if let one { view.receive(phase, one, event, reason: reason) } else { view.receive(phase, [touch], event, reason: reason) }
    }

    /// Delivers held messages once no recognizer in `possible` delays them any more.
    func flushHeld(_ touch: Touch, event: Event?) {
        guard !touch.hot.held.isEmpty, let view = touch.receiver, !touch.finishedForView else { return }
        let delaying = touch.gestureRecognizers.contains { r in
            r.state == .possible && r.isTracking(touch) &&
                ((r.delaysTouchesBegan && touch.hot.held.first == .began) ||
                 (r.delaysTouchesEnded && touch.hot.held.last == .ended))
        }
        if delaying { return }
        let ev = event ?? hot.currentEvent ?? Event(type: .touches, timestamp: time)
        let held = touch.hot.held
        touch.hot.held.removeAll()
        for phase in held {
            if phase == .moved && !touch.deliveredBegan { continue }
            send(phase, touch, to: view, ev, reason: "delivered late: no recognizer delays it any more")
        }
    }

    /// A recognizer with `cancelsTouchesInView` recognized or began: the view gets
    /// `touchesCancelled` for the gesture's touches and no further messages for them.
    func cancelTouchesInView(for r: GestureRecognizer, event: Event?) {
        for touch in r.trackedTouches where touch.receiver != nil && !touch.finishedForView {
            touch.hot.held.removeAll()
            touch.hot.finishedForView = true
            if touch.deliveredBegan, let view = touch.receiver {
                let ev = event ?? hot.currentEvent ?? Event(type: .touches, timestamp: time)
                view.receive(.cancelled, [touch], ev, reason: r.reason(.cancelsTouches, r.state == .began ? .began : .recognized).description)
            }
        }
    }
}
