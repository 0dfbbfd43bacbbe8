// RotationGestureRecognizer: two fingers turn; cumulative rotation in radians, as UIRotationGestureRecognizer.
//
//   possible ──(the fingers turned > rotationThreshold)──▶ began ──▶ changed* ──(fewer than 2 touches)──▶ ended
//   possible ──(every touch lifted first)──▶ failed
//   began | changed ──(touches cancelled, disabled, prevented)──▶ cancelled

/// Recognizes two fingers turning. `rotation` is in radians, cumulative since the gesture
/// started, positive clockwise on screen (the window's y axis points down), as UIKit's;
/// `velocity` is in radians per second.
///
///     let rotate = RotationGestureRecognizer(id: "rotate")
///     rotate.addTarget { r in
///         guard let g = r as? RotationGestureRecognizer else { return }
///         photo.transform = photo.transform.rotated(by: g.rotation)
///         g.rotation = 0
///     }
///
/// Rules:
/// - The angle is that of the line from the first to the second finger still down (in
///   the order they landed); a third finger is counted but does not turn anything.
/// - Each move adds the shortest turn from the previous angle, so the rotation unwraps
///   across ±π and can exceed a full turn.
/// - It begins once the fingers have turned more than `rotationThreshold` (0.1 rad) since
///   the current fingers were down.
/// - A finger landing or lifting re-bases the angle (the pair may change): `rotation`
///   continues, it never jumps. It ends when fewer than two fingers remain; every finger
///   lifting before it began makes it fail.
/// - Setting `rotation` (to 0, usually) offsets it; `velocity` follows the fingers.
public final class RotationGestureRecognizer: ContinuousGestureRecognizer {
    /// How far the fingers must turn before the rotation begins (default `Defaults.rotationThreshold`).
    public var rotationThreshold: Double {
        get { rotationThresholdOverride ?? defaults.rotationThreshold }
        set { rotationThresholdOverride = newValue }
    }
    /// The horizon of the velocity fit (default `Defaults.velocityWindow`).
    public var velocityWindow: Double {
        get { velocityWindowOverride ?? defaults.velocityWindow }
        set { velocityWindowOverride = newValue }
    }
    @exclusivity(unchecked) private var rotationThresholdOverride: Double?
    @exclusivity(unchecked) private var velocityWindowOverride: Double?

    /// The rotation since the gesture started (cumulative), or since it was last set.
    public var rotation: Double {
        get { raw + offset }
        set { offset = newValue - raw }
    }
    /// How fast the fingers turn, in radians per second (positive: clockwise).
    public var velocity: Double { tracker.scalarVelocity(at: time) }

    /// The fingers' turn since the gesture started, unwrapped and re-based.
    @exclusivity(unchecked) private var raw = 0.0
    @exclusivity(unchecked) private var offset = 0.0
    /// The angle of the pair at the previous event (nil: fewer than two fingers).
    @exclusivity(unchecked) private var lastAngle: Double?
    @exclusivity(unchecked) private var tracker = VelocityTracker(window: 0.1)
    @exclusivity(unchecked) private var beginRequested = false

    public override init(id: String) { super.init(id: id) }

    public override var outputs: GestureOutputs {
        GestureOutputs(location: location(in: nil), rotation: rotation, velocity: velocity, numberOfTouches: numberOfTouches)
    }

    private var isLive: Bool { state == .possible || state.isActive }

    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        rebase()
        if state.isActive { change("changed: \(numberOfTouches) touches (angle re-based)") }
    }

    public override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        follow(activeTouches)
        if state.isActive {
            change()
        } else if !beginRequested, abs(raw) > rotationThreshold {
            beginRequested = true
            begin("began: fingers turned \(GestureMath.show(raw)) rad (threshold \(fmt(rotationThreshold)))")
        }
    }

    public override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard isLive else { return }
        // The lifting finger's last move counts before the pair re-bases without it.
        follow(trackedTouches.filter { t in t.isActive || touches.contains { $0 === t } })
        rebase()
        let left = numberOfTouches
        if beginRequested {
            if left < 2 { end(left == 0 ? "ended: touches lifted" : "ended: fewer than 2 touches left") }
            else if state.isActive { change("changed: \(left) touches (angle re-based)") }
        } else if left == 0 {
            fail("failed: touches lifted before turning \(fmt(rotationThreshold)) rad")
        }
    }

    public override func reset() {
        raw = 0; offset = 0; lastAngle = nil
        tracker.reset()
        beginRequested = false
    }

    /// Adds the pair's shortest turn since the previous event.
    private func follow(_ touches: [Touch]) {
        if let a = GestureMath.angle(touches) {
            if let last = lastAngle { raw += GestureMath.wrap(a - last) }
            lastAngle = a
        }
        sample()
    }
    /// The fingers changed: measure from the new pair's angle.
    private func rebase() {
        if !beginRequested {
            // Not rotating yet: the rotation counts from the current fingers.
            raw = 0
            tracker.reset()
        }
        lastAngle = GestureMath.angle(activeTouches)
        sample()
    }
    private func sample() {
        // `velocityWindow` and `time`, reading the application once.
        let app = application
        tracker.window = velocityWindowOverride ?? (app?.defaults.velocityWindow ?? Defaults().velocityWindow)
        tracker.add(raw, at: app?.time ?? 0)
    }
}
