// Slider: a horizontal control whose thumb the finger drags to pick a value.
//
//   touch on the thumb (its rect grown by thumbTouchOutset) ──▶ tracking; elsewhere: ignored (no events)
//   moved ──▶ value follows the thumb; continuous: valueChanged on each change
//   ended ──▶ not continuous: one valueChanged if the value differs from the start

/// A slider, as `UISlider`. The thumb's centre runs from `thumbSize / 2` to
/// `width - thumbSize / 2`; the value maps linearly onto that range.
///
///     let volume = Slider(id: "volume", frame: Rect(x: 0, y: 0, width: 200, height: 31), value: 0.5)
open class Slider: Control {
    /// The value at the left end (`UISlider.minimumValue`, default 0).
    public var minimumValue: Double = 0
    /// The value at the right end (`UISlider.maximumValue`, default 1).
    public var maximumValue: Double = 1
    /// The value, clamped to minimumValue…maximumValue. Setting it sends no event.
    public var value: Double {
        didSet { value = min(max(value, minimumValue), maximumValue) }
    }
    /// Whether valueChanged is sent during the drag (true, UIKit's default) or once at the end.
    public var isContinuous = true
    /// The thumb's diameter. 28 pt (about UIKit's).
    public var thumbSize: Double = 28
    /// Points added around the thumb in which a touch still grabs it. 10 pt.
    public var thumbTouchOutset: Double = 10
    private var grabOffset = 0.0
    private var startValue = 0.0

    /// A slider named `id` at `frame` with `value` (clamped) in `minimumValue`…`maximumValue`.
    public init(id: String, frame: Rect, value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 1) {
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self.value = min(max(value, minimumValue), maximumValue)
        super.init(id: id, frame: frame)
    }

    /// The thumb's centre in the slider's space.
    public var thumbCenter: Point {
        let span = maximumValue - minimumValue
        let f = span > 0 ? (value - minimumValue) / span : 0
        return Point(x: bounds.minX + thumbSize / 2 + f * max(bounds.width - thumbSize, 0), y: bounds.midY)
    }
    /// Whether `p` (slider space) grabs the thumb.
    public func isOnThumb(_ p: Point) -> Bool {
        let c = thumbCenter, r = thumbSize / 2 + thumbTouchOutset
        return abs(p.x - c.x) <= r && abs(p.y - c.y) <= r
    }

    /// Tracks a touch only when it lands on the thumb (its rect grown by ``thumbTouchOutset``);
    /// elsewhere the slider ignores it and sends no events.
    override open func beginTracking(_ touch: Touch, with event: Event) -> Bool {
        let p = touch.location(in: self)
        guard isOnThumb(p) else { return false }
        grabOffset = p.x - thumbCenter.x
        startValue = value
        return true
    }
    /// Moves the value with the thumb under the finger; a continuous slider sends
    /// `valueChanged` on each change.
    override open func continueTracking(_ touch: Touch, with event: Event) -> Bool {
        let x = touch.location(in: self).x - grabOffset
        let travel = max(bounds.width - thumbSize, 1)
        let f = min(max((x - bounds.minX - thumbSize / 2) / travel, 0), 1)
        let old = value
        value = minimumValue + f * (maximumValue - minimumValue)
        if isContinuous && value != old { sendActions(for: .valueChanged) }
        return true
    }
    /// The drag ended: a slider that is not continuous sends one `valueChanged` if the value
    /// moved.
    override open func endTracking(_ touch: Touch, with event: Event) {
        if !isContinuous && value != startValue { sendActions(for: .valueChanged) }
    }
    /// The drag was cancelled: the value stays where the thumb was, and a slider that is not
    /// continuous sends one `valueChanged` if it moved.
    override open func cancelTracking(with event: Event?) {
        if !isContinuous && value != startValue { sendActions(for: .valueChanged) }
    }
    /// A single-finger swipe along the slider that starts on the thumb belongs to the
    /// slider; one across it goes to the ancestor's recognizer.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch, motion: Point) -> Bool {
        kind.isSingleFingerHorizontalSwipe && motion.runsHorizontally && began(onThumb: isOnThumb, touch)
    }
}
