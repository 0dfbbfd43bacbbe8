// Switch: an on/off control that toggles on a tap or follows a drag of its thumb.
//
//   touchDown ──▶ moved less than tapSlop ──▶ up inside: toggles ─────────────▶ valueChanged (if changed)
//             └─▶ moved farther (a drag) ──▶ thumb follows; up anywhere: on if the thumb is past halfway
// valueChanged is sent from endTracking, so before touchUpInside / touchUpOutside.

/// An on/off switch, as `UISwitch`. The thumb is a circle as tall as the switch; it travels
/// `width - height` points.
///
///     let wifi = Switch(id: "wifi", frame: Rect(x: 0, y: 0, width: 51, height: 31), isOn: true)
open class Switch: Control {
    /// Whether the switch is on. Setting it sends no event (as `setOn(_:animated:)`).
    public var isOn: Bool
    /// Where the thumb is, 0 (off) … 1 (on); follows the finger during a drag.
    public private(set) var thumbPosition: Double
    private var startX = 0.0
    private var startPosition = 0.0
    private var dragging = false

    /// A switch named `id` at `frame`, off unless `isOn`.
    public init(id: String, frame: Rect, isOn: Bool = false) {
        self.isOn = isOn
        thumbPosition = isOn ? 1 : 0
        super.init(id: id, frame: frame)
    }

    /// Sets ``isOn`` and puts the thumb at its end, without sending an event.
    public func setOn(_ on: Bool) { isOn = on; thumbPosition = on ? 1 : 0 }

    /// Tracks every touch: notes where it landed for the tap-or-drag decision.
    override open func beginTracking(_ touch: Touch, with event: Event) -> Bool {
        startX = touch.location(in: self).x
        startPosition = isOn ? 1 : 0
        dragging = false
        return true
    }
    /// Past ``Defaults/tapSlop`` the touch is a drag and the thumb follows it.
    override open func continueTracking(_ touch: Touch, with event: Event) -> Bool {
        let dx = touch.location(in: self).x - startX
        if !dragging && abs(dx) > defaults.tapSlop { dragging = true }
        if dragging {
            let travel = max(bounds.width - bounds.height, 1)
            thumbPosition = min(max(startPosition + dx / travel, 0), 1)
        }
        return true
    }
    /// Decides on lift: a tap inside toggles; a drag leaves the switch on when the thumb is
    /// past halfway. Sends `valueChanged` when the state changed (before `touchUpInside`).
    override open func endTracking(_ touch: Touch, with event: Event) {
        let newOn: Bool
        if dragging { newOn = thumbPosition >= 0.5 } else { newOn = isTouchInside ? !isOn : isOn }
        let changed = newOn != isOn
        setOn(newOn)
        if changed { sendActions(for: .valueChanged) }
    }
    /// The thumb goes back to the current state's end.
    override open func cancelTracking(with event: Event?) {
        thumbPosition = isOn ? 1 : 0
    }
    /// Points added around the thumb in which a touch still grabs it. 10 pt (as the slider's).
    public var thumbTouchOutset: Double = 10

    /// The thumb's frame in the switch's space: a square as tall as the switch, `thumbPosition`
    /// of the way along.
    public var thumbFrame: Rect {
        let b = bounds
        return Rect(x: b.minX + thumbPosition * max(b.width - b.height, 0), y: b.minY, width: b.height, height: b.height)
    }
    /// Whether `p` (switch space) grabs the thumb.
    public func isOnThumb(_ p: Point) -> Bool {
        let f = thumbFrame
        return p.x >= f.minX - thumbTouchOutset && p.x <= f.maxX + thumbTouchOutset
            && p.y >= f.minY - thumbTouchOutset && p.y <= f.maxY + thumbTouchOutset
    }

    /// A single-finger single tap belongs to the switch.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch?) -> Bool {
        kind.isSingleFingerSingleTap
    }
    /// A single-finger swipe or pan along the switch that starts on the thumb belongs to the
    /// switch; one across it goes to the ancestor's recognizer.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch, motion: Point) -> Bool {
        (kind.isSingleFingerHorizontalSwipe || kind.isSingleFingerPan) && motion.runsHorizontally
            && began(onThumb: isOnThumb, touch)
    }
}
