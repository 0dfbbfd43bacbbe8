// Coalesced and predicted touches: moves delivered once per display frame, with every sample.
//
//   touchMove ──▶ pending samples (per touch) ──touchFrame──▶ one touchesMoved per touch
//                                                               ├─ Event.coalescedTouches(for:)
//                                                               └─ Event.predictedTouches(for:)

/// One sample of a finger as the input reported it: where (window space), how hard, when.
/// ``Event/coalescedTouches(for:)`` and ``Event/predictedTouches(for:)`` make touches of them.
public struct TouchSample: Sendable, Hashable {
    /// Where the finger was, in the window's space (scene points).
    public var location: Point
    /// The finger's pressure as the input reported it (0…1, ``Touch/pressure``); a touch made
    /// of the sample reads it in UIKit's unit as ``Touch/force``.
    public var pressure: Double
    /// When the input reported it, in seconds of host time.
    public var timestamp: Double
    /// A sample at `location` with `pressure` at `timestamp`.
    public init(location: Point, pressure: Double, timestamp: Double) {
        self.location = location; self.pressure = pressure; self.timestamp = timestamp
    }
}

/// The predictor behind ``Event/predictedTouches(for:)``: constant velocity. The velocity is
/// the slope of a least-squares line through the finger's samples of the last ``window``
/// seconds (``VelocityTracker``'s rule, so one jittery sample cannot swing it); the predicted
/// samples lie on that line ahead of the latest sample, ``step`` apart, the last exactly
/// ``horizon`` ahead.
///
///     let p = TouchPredictor(horizon: 0.025)
///     p.predict([TouchSample(location: Point(x: 0, y: 0), pressure: 1, timestamp: 0),
///                TouchSample(location: Point(x: 5, y: 0), pressure: 1, timestamp: 0.01)])
///     // (7.08, 0) at 0.0142, (9.17, 0) at 0.0183, (11.25, 0) at 0.035
///
/// Fewer than two samples (a finger that just landed), or a finger at rest: no prediction.
public struct TouchPredictor: Sendable, Hashable {
    /// How far ahead of the latest sample the last predicted sample lies, in seconds
    /// (``Defaults/predictionHorizon``; 0: no prediction).
    public var horizon: Double
    /// The spacing of the predicted samples: 1/120 s, a fast panel's report interval.
    public var step: Double = 1.0 / 120
    /// The span of samples the velocity is fitted over: 0.05 s.
    public var window: Double = 0.05
    /// A predictor reaching `horizon` seconds ahead.
    public init(horizon: Double) { self.horizon = horizon }

    /// The samples predicted after the last of `samples` (oldest first), nearest first.
    public func predict(_ samples: [TouchSample]) -> [TouchSample] {
        guard horizon > 0, samples.count >= 2, let last = samples.last else { return [] }
        var tracker = VelocityTracker(window: window)
        for s in samples { tracker.add(s.location, at: s.timestamp) }
        let v = tracker.velocity(at: last.timestamp)
        guard v != .zero, v.x.isFinite, v.y.isFinite else { return [] }
        let n = max(1, Int((horizon / step - 1e-9).rounded(.up)))
        return (1...n).map { k in
            let dt = horizon * Double(k) / Double(n)
            return TouchSample(location: Point(x: last.location.x + v.x * dt, y: last.location.y + v.y * dt),
                               pressure: last.pressure, timestamp: last.timestamp + dt)
        }
    }
}

/// A touch's samples around frame delivery (``Touch``'s `hot.frame`).
struct TouchFrameSamples {
    /// Moves that arrived since the last delivery, not yet applied to the touch.
    var pending: [TouchSample] = []
    /// The samples of the touch's latest move delivery, oldest first (empty: it was
    /// delivered per sample).
    var delivered: [TouchSample] = []
    /// The samples taken, oldest first: the newest `historyLimit` are `history`; older ones
    /// go in batches (up to twice as many are kept), so that a sample taken does not move the
    /// others every time, and the storage is made once, at the touch's first sample.
    private var kept: [TouchSample] = []
    static let historyLimit = 16
    /// The latest samples taken (up to `historyLimit`), for the predictor.
    var history: [TouchSample] { kept.count <= Self.historyLimit ? kept : Array(kept.suffix(Self.historyLimit)) }

    mutating func remember(_ s: TouchSample) {
        if kept.isEmpty {
            kept.reserveCapacity(2 * Self.historyLimit)
        } else if kept.count == 2 * Self.historyLimit {
            kept.removeFirst(Self.historyLimit)
        }
        kept.append(s)
    }
}

/// The application's coalescing state (``Application``'s `hot.coalescing`).
struct CoalescingState {
    var isOn = false
    /// The touches with pending samples, in the order their first pending sample arrived.
    var waiting: [Touch] = []
    /// The time of the earliest pending sample (nil: none pending).
    var firstPending: Double?
}

extension Touch {
    /// A copy of this touch as it was at `sample` (`coalescedTouches`, `predictedTouches`):
    /// the same id, view, window, key and tap count; the sample's location, pressure and time.
    func copy(at sample: TouchSample, previous: Point, phase: TouchPhase) -> Touch {
        let c = Touch(id: id, location: sample.location, time: sample.timestamp,
                      start: startLocationInWindow, startTime: startTimestamp)
        c.hot = hot
        c.hot.sequenceMoves = nil
        c.hot.ownPhase = phase
        c.hot.locationInWindow = sample.location
        c.hot.previousLocationInWindow = previous
        c.hot.timestamp = sample.timestamp
        c.hot.force = sample.pressure
        c.hot.trackedBy = []
        c.hot.held = []
        c.hot.frame = TouchFrameSamples()
        return c
    }
    /// The touch's state now, as a sample.
    var currentSample: TouchSample { TouchSample(location: locationInWindow, pressure: hot.force, timestamp: timestamp) }
}

extension GestureRecognizer {
    /// The samples of `touch`'s latest move delivered once per frame, oldest first, the last
    /// where it is now (empty: delivered per sample, or it did not move last).
    func coalescedSamples(of touch: Touch) -> [TouchSample] {
        touch.hot.ownPhase == .moved && touch.phase == .moved ? touch.hot.frame.delivered : []
    }
}

extension Event {
    /// Whether `touch` is one of this event's touches.
    func holds(_ touch: Touch) -> Bool {
        let i = touch.hot.indexInEvent
        return i < hot.allTouches.count && hot.allTouches[i] === touch
    }

    /// Every sample of `touch` since the event was last delivered for it, as touches, oldest
    /// first, the last a copy of `touch` itself (`UIEvent.coalescedTouches(for:)`); nil when
    /// `touch` is not one of this event's touches.
    ///
    /// A move delivered once per frame (``Application/coalescesTouches``) carries every
    /// sample that arrived since the last delivery; a landing, a lift, a cancellation, a
    /// finger that did not move in the latest delivery (`stationary`) and a move delivered
    /// per sample carry one: the copy of the touch.
    ///
    ///     override func touchesMoved(_ touches: [Touch], with event: Event) {
    ///         for t in touches { for c in event.coalescedTouches(for: t) ?? [] { stroke.add(c.location(in: self)) } }
    ///     }
    public func coalescedTouches(for touch: Touch) -> [Touch]? {
        guard holds(touch) else { return nil }
        let samples = touch.hot.ownPhase == .moved && touch.phase == .moved ? touch.hot.frame.delivered : []
        var out: [Touch] = []
        out.reserveCapacity(max(samples.count, 1))
        // Each sample's previous location is the one before it (the first's: where the
        // touch was at its previous delivery); the last is the touch's own copy.
        var previous = touch.previousLocationInWindow
        for s in samples.dropLast() {
            out.append(touch.copy(at: s, previous: previous, phase: .moved))
            previous = s.location
        }
        out.append(touch.copy(at: touch.currentSample, previous: touch.previousLocationInWindow, phase: touch.phase))
        return out
    }

    /// Where `touch` is predicted to be next, as touches in the order they would arrive, not
    /// including `touch` itself (`UIEvent.predictedTouches(for:)`); nil when `touch` is not
    /// one of this event's touches. The application's ``Application/predictor`` makes them
    /// from the touch's latest samples (every coalesced one); a touch that is over, has one
    /// sample, or rests gets none.
    public func predictedTouches(for touch: Touch) -> [Touch]? {
        guard holds(touch) else { return nil }
        guard touch.isActive, let app = touch.window?.application else { return [] }
        var previous = touch.locationInWindow
        return app.predictor.predict(touch.hot.frame.history).map { s in
            defer { previous = s.location }
            return touch.copy(at: s, previous: previous, phase: .moved)
        }
    }
}

extension Application {
    /// Whether moves are delivered once per display frame (TouchScope's rule, as UIKit
    /// delivers them): a move waits until the host sends ``InputEvent/touchFrame`` (or calls
    /// ``deliverCoalescedTouches()``), and then each touch that moved gets one `touchesMoved`
    /// carrying every sample since its last delivery (``Event/coalescedTouches(for:)``). A
    /// landing, a lift or a cancellation is delivered at once, after the moves still waiting.
    /// False (the default for an application made in code): every sample is delivered as it
    /// arrives. The host's window and replay turn it on (`--no-coalesce` leaves it off).
    public var coalescesTouches: Bool {
        get { hot.coalescing.isOn }
        set {
            if !newValue { deliverCoalescedTouches() }
            hot.coalescing.isOn = newValue
        }
    }
    /// The time of the earliest move waiting for the next frame's delivery (nil: none waits).
    public var earliestPendingTouchSample: Double? { hot.coalescing.firstPending }
    /// The predictor of ``Event/predictedTouches(for:)``, reaching
    /// ``Defaults/predictionHorizon`` ahead.
    public var predictor: TouchPredictor { TouchPredictor(horizon: defaults.predictionHorizon) }

    /// Delivers the moves waiting for this frame: each touch that moved gets one
    /// `touchesMoved` (recognizers, then its view) at the application's time, carrying every
    /// sample since its last delivery, in the order the touches first moved.
    public func deliverCoalescedTouches() {
        guard !hot.coalescing.waiting.isEmpty else { return }
        let touches = hot.coalescing.waiting
        hot.coalescing.waiting.removeAll(keepingCapacity: true)
        hot.coalescing.firstPending = nil
        for touch in touches {
            let samples = touch.hot.frame.pending
            touch.hot.frame.pending.removeAll(keepingCapacity: true)
            guard let last = samples.last, touch.isActive, let event = hot.currentEvent, event.holds(touch) else { continue }
            touch.hot.frame.delivered = samples
            for s in samples { touch.hot.frame.remember(s) }
            if tracer.isOn {
                tracer.emit(time, .coalescedTouches(touch: touch.id, samples: samples, predicted: predictor.predict(touch.hot.frame.history),
                                                    details: touch.traceDetails))
            }
            deliverMove(touch, event, last.location, pressure: last.pressure, at: last.timestamp, traced: true, always: samples.count > 1)
        }
    }

    /// A move of `touch` while coalescing: kept for the next frame's delivery (a sample
    /// where the finger already is, as far as this frame knows, changes nothing).
    func coalesce(_ touch: Touch, _ p: Point, pressure: Double) {
        if tracer.isOn { traceSample(touch, .moved, at: p, pressure: pressure) }
        let latest = touch.hot.frame.pending.last.map { ($0.location, $0.pressure) } ?? (touch.locationInWindow, touch.hot.force)
        if latest == (p, pressure) { return }
        if touch.hot.frame.pending.isEmpty {
            hot.coalescing.waiting.append(touch)
            if hot.coalescing.firstPending == nil { hot.coalescing.firstPending = time }
        }
        touch.hot.frame.pending.append(TouchSample(location: p, pressure: pressure, timestamp: time))
    }
}
