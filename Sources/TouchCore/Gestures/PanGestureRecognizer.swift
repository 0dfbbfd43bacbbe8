// PanGestureRecognizer: fingers drag; translation and velocity of their centroid, as UIPanGestureRecognizer.
//
//   possible ──(centroid moved > panSlop with min…max touches)──▶ began ──▶ changed* ──(fewer than min touches)──▶ ended
//   possible ──(touches lifted before the slop / more than max touches)──▶ failed
//   began | changed ──(touches cancelled, disabled, prevented)──▶ cancelled

/// Recognizes a drag of `minimumNumberOfTouches`…`maximumNumberOfTouches` fingers.
///
///     let pan = PanGestureRecognizer(id: "pan")
///     pan.addTarget { r in
///         guard let pan = r as? PanGestureRecognizer else { return }
///         photo.center = start + pan.translation(in: photo.superview)
///     }
///     photo.addGestureRecognizer(pan)
///
/// Rules (UIKit's where it documents them, ours where it does not):
/// - It begins once the centroid of its touches has moved more than `panSlop` (10 pt)
///   while `minimumNumberOfTouches`…`maximumNumberOfTouches` fingers are down.
/// - A finger landing or lifting re-bases the centroid: the translation continues from
///   where it was, it never jumps by the centroid's shift (a `changed` says so).
/// - More than `maximumNumberOfTouches` fingers before it began: it fails. After it began
///   (or while its `began` is held by a failure requirement): the extra finger is ignored.
/// - It ends when fewer than `minimumNumberOfTouches` fingers remain; fingers that all lift
///   before it began make it fail.
/// - `velocity(in:)` is the least-squares slope of the translation over `velocityWindow`
///   (see `VelocityTracker`): 0 when the fingers rested before lifting.
open class PanGestureRecognizer: ContinuousGestureRecognizer {
    /// Fewest fingers that pan (UIKit default 1).
    public var minimumNumberOfTouches = 1
    /// Most fingers that pan (UIKit default: unbounded).
    public var maximumNumberOfTouches = Int.max
    /// How far the centroid must move before the pan begins (default `Defaults.panSlop`).
    @FromDefaults({ $0.panSlop }) public var panSlop: Double
    /// The horizon of the velocity fit (default `Defaults.velocityWindow`).
    @FromDefaults({ $0.velocityWindow }) public var velocityWindow: Double

    /// The centroid's travel since the first touch, re-based across finger changes (window space).
    private var travelled = Point.zero
    /// What `setTranslation` added to the travel.
    private var offset = Point.zero
    /// The centroid of the current fingers at the last event (nil: no fingers).
    private var lastCentroid: Point?
    /// Fingers landed or lifted since the last move: `lastCentroid` is owed, and is the
    /// centroid of the fingers down now, taken when one of them next moves (the base keeps
    /// the sum of the fingers down, so every centroid costs the same with 20,000 fingers
    /// down as with 2).
    private var centroidOwed = false
    private var tracker = VelocityTracker(window: 0.1)
    /// `begin()` was asked for: the pan is active, or its `began` is held by a failure requirement.
    private(set) var beginRequested = false

    /// A one-or-more-finger pan named `id`, with the defaults' slop and velocity horizon.
    public override init(id: String) { super.init(id: id) }

    // MARK: Outputs

    /// The translation of the fingers' centroid in `view`'s coordinate space (nil: the window's).
    public func translation(in view: View?) -> Point { GestureMath.vector(travelled + offset, toView: view) }
    /// Makes the current translation read `translation` in `view`'s space (usually `.zero`
    /// after applying it). Velocity is unaffected.
    public func setTranslation(_ translation: Point, in view: View?) {
        offset = GestureMath.vector(translation, fromView: view) - travelled
    }
    /// The velocity of the translation, in points per second of `view`'s space.
    public func velocity(in view: View?) -> Point {
        GestureMath.vector(tracker.velocity(at: time), toView: view)
    }
    /// The centroid's location, ``translation(in:)`` and ``velocity(in:)`` in window
    /// coordinates, and the number of touches down.
    open override var outputs: GestureOutputs {
        let s = activeSummary()
        return GestureOutputs(location: location(in: nil, summary: s), translation: translation(in: nil),
                              velocityVector: velocity(in: nil), numberOfTouches: s.count)
    }

    // MARK: Hooks for subclasses in this module

    /// A reason to fail instead of beginning with `translation` (window space); nil: begin.
    func refusalToBegin(translation: Point) -> (reason: TraceText, decision: GestureDecision)? { nil }

    // MARK: Touches

    private var isLive: Bool { state == .possible || state.isActive }

    /// A finger landed: fails when more than ``maximumNumberOfTouches`` are down before the
    /// pan began (after, the extra finger is ignored); re-bases the centroid, and a pan under
    /// way reports `changed` ("centroid re-based").
    open override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        if numberOfTouches > maximumNumberOfTouches {
            if beginRequested {
                for t in touches { ignore(t, for: event) }
                return
            }
            fail("failed: \(numberOfTouches) touches, more than maximumNumberOfTouches \(maximumNumberOfTouches)",
                 because: GestureDecision(.touchCount, measured: Double(numberOfTouches),
                                          limit: Double(maximumNumberOfTouches), unit: .touches))
            return
        }
        rebase()
        if state.isActive { change("changed: \(numberOfTouches) touches (centroid re-based)") }
    }

    /// Follows the centroid: begins once it moved more than ``panSlop`` with an allowed number
    /// of fingers down, then each move is `changed`.
    open override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        if centroidOwed {
            // The centroid just before this move (the one finger that moved, where it was).
            if let moved = touches.first { lastCentroid = centroidOfTouchesDown(before: moved) }
            centroidOwed = false
        }
        let active = activeSummary()
        // A move delivered once per frame: its coalesced samples feed the velocity fit too,
        // each as the translation the centroid had then (the other fingers where they are).
        if let moved = touches.first, case let samples = coalescedSamples(of: moved), samples.count > 1, active.count > 0 {
            let n = Double(active.count)
            for s in samples.dropLast() { sample(travelled + (s.location - moved.previousLocationInWindow) / n, at: s.timestamp) }
        }
        follow(centroid: active.centroid, at: touches.first?.timestamp)
        let numberOfTouches = active.count
        if !beginRequested && numberOfTouches < minimumNumberOfTouches {
            // Too few fingers to pan yet: the translation counts from when enough are down.
            travelled = .zero
            tracker.reset()
            sample()
            return
        }
        if state.isActive {
            change()
        } else if !beginRequested, (minimumNumberOfTouches...maximumNumberOfTouches).contains(numberOfTouches),
                  travelled.length > panSlop {
            if let refusal = refusalToBegin(translation: travelled) { fail(refusal.reason, because: refusal.decision); return }
            beginRequested = true
            begin("began: centroid moved \(show: travelled.length) pt (slop \(fmt: panSlop))",
                  because: GestureDecision(.slop, measured: travelled.length, limit: panSlop, unit: .pt))
        }
    }

    /// A finger lifted: the pan ends when fewer than ``minimumNumberOfTouches`` remain, and
    /// fails when every finger lifted before it began.
    open override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        // The lifting fingers' last move counts before the centroid re-bases without them
        // (the fingers in the order they landed, as the centroid was taken: a finger that
        // lifts where it was moves the centroid by exactly nothing).
        // (The application lifts one finger per message.)
        if let lifted = touches.first, !centroidOwed {
            follow(centroid: centroidOfTouchesDown(and: lifted, beforeLift: false))
        } else if let lifted = touches.first, lifted.movedWhenLifted {
            // No finger moved since the last landing or lift, but this lift moved its
            // finger: followed from the centroid just before it. A lift where the finger
            // already was changes nothing.
            lastCentroid = centroidOfTouchesDown(and: lifted, beforeLift: true)
            centroidOwed = false
            follow(centroid: centroidOfTouchesDown(and: lifted, beforeLift: false))
        }
        rebase()
        let left = numberOfTouches
        if beginRequested {
            if left == 0 { end("ended: touches lifted") }
            else if left < minimumNumberOfTouches { end("ended: \(left) touches left, fewer than minimumNumberOfTouches \(minimumNumberOfTouches)") }
            else if state.isActive { change("changed: \(left) touches (centroid re-based)") }
        } else if left == 0 {
            fail("failed: touches lifted before the centroid moved \(fmt: panSlop) pt", because: unmetSlop)
        }
    }

    /// Still possible when its touches end: how far the centroid got of ``panSlop``.
    open override var unmetCondition: GestureDecision? { unmetSlop }
    private var unmetSlop: GestureDecision {
        GestureDecision(.slop, measured: travelled.length, limit: panSlop, unit: .pt, neverBegan: true)
    }

    /// Clears the translation, its offset and the velocity samples.
    open override func reset() {
        travelled = .zero
        offset = .zero
        lastCentroid = nil
        centroidOwed = false
        tracker.reset()
        beginRequested = false
    }

    // MARK: Centroid bookkeeping

    /// Adds the centroid's move since the last event (same fingers) to the travel.
    private func follow(centroid: Point?, at sampleTime: Double? = nil) {
        if let c = centroid {
            if let last = lastCentroid { travelled = travelled + (c - last) }
            lastCentroid = c
        }
        sample(travelled, at: sampleTime)
    }
    /// The fingers changed: the next move is measured from the new fingers' centroid
    /// (taken then: `centroidOwed`).
    private func rebase() {
        centroidOwed = true
        sample()
    }
    private func sample() { sample(travelled, at: nil) }
    /// Adds `value` to the velocity fit, taken at `sampleTime` (nil: now).
    private func sample(_ value: Point, at sampleTime: Double?) {
        let clock = velocitySampleClock(override: $velocityWindow)
        tracker.window = clock.window
        tracker.add(value, at: min(sampleTime ?? clock.now, clock.now))
    }
}
