// Stepper: a minus half and a plus half; a touch steps at once and autorepeats while held.
//
//   touchDown on a half ──▶ one step (valueChanged) ──▶ held stepperRepeatDelay (0.5 s) ──▶
//   a step every stepperRepeatInterval (0.1 s) while the finger stays on that half ──▶ up: stops
// Repeats run on the application's time (a TimeListener), so they are deterministic: every
// repeat due by the host time is made when time advances.

/// A stepper, as `UIStepper`: the left half decrements, the right half increments.
///
///     let count = Stepper(id: "count", frame: Rect(x: 0, y: 0, width: 94, height: 32))
///     count.maximumValue = 10
open class Stepper: Control, TimeListener {
    /// The lowest value (`UIStepper.minimumValue`, default 0).
    public var minimumValue: Double = 0
    /// The highest value (`UIStepper.maximumValue`, default 100).
    public var maximumValue: Double = 100
    /// How much one step changes the value (`UIStepper.stepValue`, default 1).
    public var stepValue: Double = 1
    /// The value. Setting it sends no event.
    public var value: Double = 0
    /// Stepping past one end lands on the other end (false: stops at the end).
    public var wraps = false
    /// Whether holding a half keeps stepping.
    public var autorepeat = true
    /// Whether valueChanged is sent at each step (true) or once when the touch ends.
    public var isContinuous = true

    /// Which half is held (-1 minus, +1 plus, nil none).
    public private(set) var heldDirection: Int?
    private var nextRepeat: Double?
    private var changedWhileTracking = false

    /// A stepper named `id` at `frame`, value 0 in 0…100, stepping by 1.
    public override init(id: String, frame: Rect) { super.init(id: id, frame: frame) }

    /// Steps once in `direction` (-1 or +1); returns whether the value changed.
    @discardableResult
    public func step(_ direction: Int) -> Bool {
        var v = value + Double(direction) * stepValue
        if v > maximumValue { v = wraps ? minimumValue : maximumValue }
        if v < minimumValue { v = wraps ? maximumValue : minimumValue }
        guard v != value else { return false }
        value = v
        if isContinuous { sendActions(for: .valueChanged) } else { changedWhileTracking = true }
        return true
    }

    private func direction(at p: Point) -> Int { p.x < bounds.midX ? -1 : 1 }
    private func isOnHeldHalf(_ p: Point) -> Bool {
        guard let d = heldDirection, bounds.contains(p) else { return false }
        return direction(at: p) == d
    }

    /// Steps once toward the touched half at touch-down, then starts the autorepeat after
    /// ``Defaults/stepperRepeatDelay``.
    override open func didBeginTracking(_ touch: Touch, with event: Event) {
        let d = direction(at: touch.location(in: self))
        heldDirection = d
        changedWhileTracking = false
        step(d)
        if autorepeat, let app = application {
            nextRepeat = app.time + defaults.stepperRepeatDelay
            app.addTimeListener(self)
        }
    }
    /// The touch lifted: autorepeat stops (a stepper that is not continuous sends its one
    /// `valueChanged` now).
    override open func endTracking(_ touch: Touch, with event: Event) { stopRepeating() }
    /// The touch was cancelled: autorepeat stops, as on lift.
    override open func cancelTracking(with event: Event?) { stopRepeating() }

    private func stopRepeating() {
        heldDirection = nil
        nextRepeat = nil
        if changedWhileTracking { changedWhileTracking = false; sendActions(for: .valueChanged) }
    }

    /// Makes every repeat step due by `time` (every ``Defaults/stepperRepeatInterval`` while
    /// the finger stays on the held half); asks for more calls while the half is held.
    public func timeDidAdvance(to time: Double) -> Bool {
        guard let d = heldDirection, var due = nextRepeat, let touch = trackingTouch else { return false }
        while due <= time {
            if isOnHeldHalf(touch.location(in: self)) { step(d) }
            due += max(defaults.stepperRepeatInterval, 0.001)
        }
        nextRepeat = due
        return true
    }

    /// A single-finger single tap belongs to the stepper.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch?) -> Bool {
        kind.isSingleFingerSingleTap
    }
}
