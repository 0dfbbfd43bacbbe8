// TwoFingerGestureRecognizer: what pinch and rotation share: a measure of the fingers
// (spread, angle) followed move by move, re-based when fingers land or lift, a velocity
// fitted over it, and one life:
//
//   possible ──(the measure changed past its threshold)──▶ began ──▶ changed* ──(fewer than 2 touches)──▶ ended
//   possible ──(every touch lifted first)──▶ failed

/// The base of `PinchGestureRecognizer` and `RotationGestureRecognizer`. Subclasses keep
/// `raw` (the measure since the gesture started, re-based across finger changes) up to date
/// in `followMeasure` and `rebaseMeasure`, and say when the gesture begins (`beginReason`).
/// Not open: the two built-in recognizers are its only subclasses.
public class TwoFingerGestureRecognizer: ContinuousGestureRecognizer {
    /// The horizon of the velocity fit (default `Defaults.velocityWindow`).
    @FromDefaults({ $0.velocityWindow }) public var velocityWindow: Double

    /// How fast the measure changes, per second.
    public var velocity: Double { tracker.scalarVelocity(at: time) }

    /// The measure since the gesture started, re-based across finger changes.
    var raw: Double
    /// `raw` when no fingers have moved (pinch: scale 1, rotation: 0).
    private let rest: Double
    /// What re-bases, for the trace ("spread", "angle").
    private let measureName: String
    private var tracker = VelocityTracker(window: 0.1)
    /// `begin()` was asked for: the gesture is active, or its `began` is held by a failure requirement.
    private var beginRequested = false
    /// Fingers landed or lifted since the last move: the re-based measure is owed, taken
    /// from the fingers down when one of them next moves (`rebaseMeasure`). Landing and
    /// lifting then cost the same with 20,000 fingers down as with 2.
    private var measureOwed = false

    init(id: String, rest: Double, measureName: String) {
        self.rest = rest
        raw = rest
        self.measureName = measureName
        super.init(id: id)
    }

    // MARK: What subclasses supply

    /// Moves `raw` with `touches` (the same fingers as at the latest re-base).
    func followMeasure(_ touches: [Touch]) {}
    /// The fingers changed: measure from `touches` (`raw` is kept), with `moved` where it
    /// was before its latest move (see `GestureMath.centroid(_:before:)`). Called when a
    /// finger moves after fingers landed or lifted, for the fingers as they were then.
    func rebaseMeasure(_ touches: [Touch], before moved: Touch?) {}
    /// The `began` reason once the measure has changed past the threshold; nil before.
    func beginReason() -> TraceText? { nil }
    /// The `failed` reason when every finger lifts before the gesture began.
    var failReason: TraceText { "failed" }
    /// How far the measure has changed of its threshold (rule `slop`): the decision of
    /// `began`, and of the failure when every finger lifts first.
    var slopProgress: GestureDecision { GestureDecision(.slop) }
    /// Still possible when its touches end: a second finger never came (rule `touchCount`,
    /// 1 of 2), or how far the measure got of its threshold.
    public override var unmetCondition: GestureDecision? {
        if trackedTouches.count < 2 {
            return GestureDecision(.touchCount, measured: Double(trackedTouches.count), limit: 2, unit: .touches, neverBegan: true)
        }
        var d = slopProgress
        d.neverBegan = true
        return d
    }
    /// Clears the subclass's own state (`raw` is already back at rest).
    func resetMeasure() {}

    // MARK: Touches

    private var isLive: Bool { state == .possible || state.isActive }

    /// A finger landed: the measure re-bases (it continues from its value, never jumps); a
    /// gesture under way reports `changed`.
    public override final func touchesBegan(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        rebase()
        if state.isActive { change("changed: \(numberOfTouches) touches (\(measureName) re-based)") }
    }

    /// Follows the fingers' measure; begins once it changed past the subclass's threshold,
    /// then each move is `changed`.
    public override final func touchesMoved(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        if measureOwed {
            rebaseMeasure(measuredFingers(), before: touches.first)
            measureOwed = false
        }
        let fingers = measuredFingers()
        // A move delivered once per frame: the measure follows each coalesced sample in turn
        // (the finger put there for the moment), each a velocity sample at its own time, as
        // if every sample had been delivered; then the finger where it is now.
        if let moved = touches.first, case let samples = coalescedSamples(of: moved), samples.count > 1,
           fingers.contains(where: { $0 === moved }) {
            let now = moved.hot.locationInWindow
            for s in samples.dropLast() {
                moved.hot.locationInWindow = s.location
                followMeasure(fingers)
                sample(at: s.timestamp)
            }
            moved.hot.locationInWindow = now
        }
        follow(fingers, at: touches.first?.timestamp)
        if state.isActive {
            change()
        } else if !beginRequested, let reason = beginReason() {
            beginRequested = true
            begin(reason, because: slopProgress)
        }
    }

    /// A finger lifted: the gesture ends when fewer than two fingers remain, and fails when
    /// every finger lifted before it began.
    public override final func touchesEnded(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        // The lifting fingers' last move counts before the measure re-bases without them.
        // (The application lifts one finger per message.)
        if let lifted = touches.first, !measureOwed {
            follow(measuredFingers(and: lifted))
        } else if let lifted = touches.first, lifted.movedWhenLifted {
            // A lift that moved the finger is followed from the measure just before it; one
            // where the finger already was changes nothing (the same fingers in the same
            // places: nothing to follow).
            let fingers = measuredFingers(and: lifted)
            rebaseMeasure(fingers, before: lifted)
            measureOwed = false
            follow(fingers)
        }
        rebase()
        let left = numberOfTouches
        if beginRequested {
            if left < 2 { end(left == 0 ? "ended: touches lifted" : "ended: fewer than 2 touches left") }
            else if state.isActive { change("changed: \(left) touches (\(measureName) re-based)") }
        } else if left == 0 {
            fail(failReason, because: unmetCondition ?? slopProgress)
        }
    }

    /// Puts the measure back at rest (scale 1, rotation 0) and clears the velocity samples.
    public override final func reset() {
        raw = rest
        resetMeasure()
        tracker.reset()
        beginRequested = false
        measureOwed = false
    }

    /// The fingers the measure reads: the first two down, in the order they landed, with
    /// `lifted` (a finger lifting now) in its place among them.
    func measuredFingers(and lifted: Touch? = nil) -> [Touch] { firstTouchesDown(2, and: lifted) }

    private func follow(_ touches: [Touch], at sampleTime: Double? = nil) {
        followMeasure(touches)
        sample(at: sampleTime)
    }
    private func rebase() {
        if !beginRequested {
            // Not under way yet: the measure counts from the current fingers.
            raw = rest
            tracker.reset()
        }
        measureOwed = true
        sample()
    }
    /// Adds `raw` to the velocity fit, taken at `sampleTime` (nil: now).
    private func sample(at sampleTime: Double? = nil) {
        let clock = velocitySampleClock(override: $velocityWindow)
        tracker.window = clock.window
        tracker.add(raw, at: min(sampleTime ?? clock.now, clock.now))
    }
}
