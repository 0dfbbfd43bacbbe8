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
/// - The spread is half the distance between the first two fingers down, in the order they
///   landed (rotation measures the same two): a third finger does not change it, and when
///   one of the two lifts, the next finger down takes its place (a re-base). Measuring two
///   fingers keeps each move as cheap with thousands of fingers down as with two.
/// - It begins when the distance between those fingers (twice the spread) has changed by
///   more than `pinchThreshold` (8 pt) since the current fingers were down.
/// - A finger landing or lifting re-bases the spread: `scale` continues, it never jumps.
///   Before the pinch begins the scale counts from the latest finger change.
/// - It ends when fewer than two fingers remain. One finger alone keeps it `possible` (a
///   second may land); every finger lifting before it began makes it fail.
/// - Setting `scale` (to 1, usually) re-bases too; `velocity` follows the fingers, not the
///   value set.
public final class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    /// How much the finger distance must change before the pinch begins (default `Defaults.pinchThreshold`).
    @FromDefaults({ $0.pinchThreshold }) public var pinchThreshold: Double

    /// The scale since the gesture started (cumulative), or since it was last set.
    public var scale: Double {
        get { raw * factor }
        set { factor = raw != 0 ? newValue / raw : 1 }
    }
    // `velocity` (TwoFingerGestureRecognizer): how fast the fingers' scale changes, in scale
    // factor per second. `raw` is the fingers' scale since the gesture started.

    /// What setting `scale` multiplied in.
    private var factor = 1.0
    /// `raw` and the spread at the latest finger change.
    private var baseRaw = 1.0
    private var baseSpread: Double?

    /// A pinch recognizer named `id`, with the defaults' threshold.
    public init(id: String) { super.init(id: id, rest: 1, measureName: "spread") }

    /// The centroid, ``scale``, velocity (scale per second) and the number of touches down.
    public override var outputs: GestureOutputs {
        let s = activeSummary()
        return GestureOutputs(location: location(in: nil, summary: s), scale: scale, velocity: velocity, numberOfTouches: s.count)
    }

    /// The scale of the same fingers since the latest re-base.
    override func followMeasure(_ touches: [Touch]) {
        if let base = baseSpread, base > 0, let s = GestureMath.spread(touches) { raw = baseRaw * s / base }
    }
    override func rebaseMeasure(_ touches: [Touch], before moved: Touch?) {
        baseRaw = raw
        baseSpread = GestureMath.spread(touches, before: moved)
    }
    override func beginReason() -> TraceText? {
        guard let base = baseSpread, let s = GestureMath.spread(measuredFingers()), abs(2 * (s - base)) > pinchThreshold else { return nil }
        return "began: finger distance changed \(show: 2 * (s - base)) pt (threshold \(fmt: pinchThreshold))"
    }
    override var slopProgress: GestureDecision {
        let changed = baseSpread.flatMap { base in GestureMath.spread(measuredFingers()).map { abs(2 * ($0 - base)) } } ?? 0
        return GestureDecision(.slop, measured: changed, limit: pinchThreshold, unit: .pt)
    }
    override var failReason: TraceText { "failed: touches lifted before the finger distance changed \(fmt: pinchThreshold) pt" }
    override func resetMeasure() {
        factor = 1; baseRaw = 1; baseSpread = nil
    }
}
