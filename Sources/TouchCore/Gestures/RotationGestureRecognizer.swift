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
public final class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    /// How far the fingers must turn before the rotation begins (default `Defaults.rotationThreshold`).
    @FromDefaults({ $0.rotationThreshold }) public var rotationThreshold: Double

    /// The rotation since the gesture started (cumulative), or since it was last set.
    public var rotation: Double {
        get { raw + offset }
        set { offset = newValue - raw }
    }
    // `velocity` (TwoFingerGestureRecognizer): how fast the fingers turn, in radians per
    // second (positive: clockwise). `raw` is their turn since the gesture started, unwrapped.

    private var offset = 0.0
    /// The angle of the pair at the previous event (nil: fewer than two fingers).
    private var lastAngle: Double?

    /// A rotation recognizer named `id`, with the defaults' threshold.
    public init(id: String) { super.init(id: id, rest: 0, measureName: "angle") }

    /// The centroid, ``rotation`` (radians), velocity (radians per second) and the number of
    /// touches down.
    public override var outputs: GestureOutputs {
        let s = activeSummary()
        return GestureOutputs(location: location(in: nil, summary: s), rotation: rotation, velocity: velocity, numberOfTouches: s.count)
    }

    /// Adds the pair's shortest turn since the previous event.
    override func followMeasure(_ touches: [Touch]) {
        if let a = GestureMath.angle(touches) {
            if let last = lastAngle { raw += GestureMath.wrap(a - last) }
            lastAngle = a
        }
    }
    /// The fingers changed: measure from the new pair's angle.
    override func rebaseMeasure(_ touches: [Touch], before moved: Touch?) {
        lastAngle = GestureMath.angle(touches, before: moved)
    }
    override func beginReason() -> TraceText? {
        guard abs(raw) > rotationThreshold else { return nil }
        // Degrees, as its decision and every answer say it (the output `rotation` stays in
        // radians), with the decimals that keep the two apart (once, when it begins).
        let d = slopProgress
        return TraceText("began: fingers turned \(d.shown(raw * 180 / .pi))° (threshold \(d.shown(rotationThreshold * 180 / .pi))°)")
    }
    override var slopProgress: GestureDecision {
        GestureDecision(.slop, measured: abs(raw) * 180 / .pi, limit: rotationThreshold * 180 / .pi, unit: .deg)
    }
    override var failReason: TraceText { "failed: touches lifted before turning \(show: rotationThreshold * 180 / .pi)°" }
    override func resetMeasure() {
        offset = 0; lastAngle = nil
    }
}
