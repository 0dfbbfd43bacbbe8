// PinchGestureRecognizer: two or more fingers move apart or together; cumulative scale, as UIPinchGestureRecognizer.
//
//   possible ──(finger distance changed > pinchThreshold)──▶ began ──▶ changed* ──(fewer than 2 touches)──▶ ended
//   possible ──(every touch lifted first)──▶ failed
//   began | changed ──(touches cancelled, disabled, prevented)──▶ cancelled

/// Recognizes a pinch. `scale` is the ratio of the fingers' spread now to their spread
/// when the gesture started (2: twice as far apart), `velocity` its rate in scale/s.
///
///     let pinch = PinchGestureRecognizer(id: "pinch")
///     pinch.addTarget { r in
///         guard let p = r as? PinchGestureRecognizer else { return }
///         photo.transform = photo.transform.scaledBy(x: p.scale, y: p.scale)
///         p.scale = 1
///     }
///
/// Rules:
/// - The spread is the mean distance of the fingers from their centroid: half the finger
///   distance for two fingers, and for three or more every finger counts (our choice: it
///   is symmetric, it needs no "first two" and a third finger does not change the meaning).
/// - It begins when twice the spread (the finger distance, for two fingers) has changed by
///   more than `pinchThreshold` (8 pt) since the current fingers were down.
/// - A finger landing or lifting re-bases the spread: `scale` continues, it never jumps.
///   Before the pinch begins the scale counts from the latest finger change.
/// - It ends when fewer than two fingers remain. One finger alone keeps it `possible` (a
///   second may land); every finger lifting before it began makes it fail.
/// - Setting `scale` (to 1, usually) re-bases too; `velocity` follows the fingers, not the
///   value set.
public final class PinchGestureRecognizer: ContinuousGestureRecognizer {
    /// How much the finger distance must change before the pinch begins (default `Defaults.pinchThreshold`).
    public var pinchThreshold: Double {
        get { pinchThresholdOverride ?? defaults.pinchThreshold }
        set { pinchThresholdOverride = newValue }
    }
    /// The horizon of the velocity fit (default `Defaults.velocityWindow`).
    public var velocityWindow: Double {
        get { velocityWindowOverride ?? defaults.velocityWindow }
        set { velocityWindowOverride = newValue }
    }
    @exclusivity(unchecked) private var pinchThresholdOverride: Double?
    @exclusivity(unchecked) private var velocityWindowOverride: Double?

    /// The scale since the gesture started (cumulative), or since it was last set.
    public var scale: Double {
        get { raw * factor }
        set { factor = raw != 0 ? newValue / raw : 1 }
    }
    /// How fast the fingers' scale changes, in scale factor per second.
    public var velocity: Double { tracker.scalarVelocity(at: time) }

    /// The fingers' scale since the gesture started, re-based across finger changes.
    @exclusivity(unchecked) private var raw = 1.0
    /// What setting `scale` multiplied in.
    @exclusivity(unchecked) private var factor = 1.0
    /// `raw` and the spread at the latest finger change.
    @exclusivity(unchecked) private var baseRaw = 1.0
    @exclusivity(unchecked) private var baseSpread: Double?
    @exclusivity(unchecked) private var tracker = VelocityTracker(window: 0.1)
    @exclusivity(unchecked) private var beginRequested = false

    public override init(id: String) { super.init(id: id) }

    public override var outputs: GestureOutputs {
        GestureOutputs(location: location(in: nil), scale: scale, velocity: velocity, numberOfTouches: numberOfTouches)
    }

    private var isLive: Bool { state == .possible || state.isActive }

    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        rebase()
        if state.isActive { change("changed: \(numberOfTouches) touches (spread re-based)") }
    }

    public override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        follow(activeTouches)
        if state.isActive {
            change()
        } else if !beginRequested, let base = baseSpread, let s = GestureMath.spread(activeTouches),
                  abs(2 * (s - base)) > pinchThreshold {
            beginRequested = true
            begin("began: finger distance changed \(GestureMath.show(2 * (s - base))) pt (threshold \(fmt(pinchThreshold)))")
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        // The lifting fingers' last move counts before the spread re-bases without them.
        follow(trackedTouches.filter { t in t.isActive || touches.contains { $0 === t } })
        rebase()
        let left = numberOfTouches
        if beginRequested {
            if left < 2 { end(left == 0 ? "ended: touches lifted" : "ended: fewer than 2 touches left") }
            else if state.isActive { change("changed: \(left) touches (spread re-based)") }
        } else if left == 0 {
            fail("failed: touches lifted before the finger distance changed \(fmt(pinchThreshold)) pt")
        }
    }

    public override func reset() {
        raw = 1; factor = 1; baseRaw = 1; baseSpread = nil
        tracker.reset()
        beginRequested = false
    }

    /// The scale of the same fingers since the latest re-base.
    private func follow(_ touches: [Touch]) {
        if let base = baseSpread, base > 0, let s = GestureMath.spread(touches) { raw = baseRaw * s / base }
        sample()
    }
    /// The fingers changed: measure from their spread now.
    private func rebase() {
        if !beginRequested {
            // Not pinching yet: the scale counts from the current fingers.
            raw = 1
            tracker.reset()
        }
        baseRaw = raw
        baseSpread = GestureMath.spread(activeTouches)
        sample()
    }
    private func sample() {
        // `velocityWindow` and `time`, reading the application once.
        let app = application
        tracker.window = velocityWindowOverride ?? (app?.defaults.velocityWindow ?? Defaults().velocityWindow)
        tracker.add(raw, at: app?.time ?? 0)
    }
}
