// ControlDescription: the properties of a control (kinds button … textField).

/// The properties of a control (kinds button … textField). Keys that do not apply to the
/// control's kind are refused by the loader.
public struct ControlDescription: Sendable, Hashable {
    /// `enabled` (default true). A disabled control still hit-tests (the `disabled` hit-test
    /// verdict is about `userInteraction`) but does not track touches or send events.
    public var enabled = true
    /// `selected` (default false).
    public var selected = false
    /// `title`: button title (falls back to the view's `text`).
    public var title: String?
    /// `value`: slider and stepper value (clamped into minimum…maximum; default minimum).
    public var value: Double = 0
    /// `minimum` (default 0).
    public var minimum: Double = 0
    /// `maximum` (default 1 for sliders, 100 for steppers).
    public var maximum: Double = 1
    /// `step`: stepper increment (default 1).
    public var step: Double = 1
    /// `on`: switch state (default false).
    public var isOn = false
    /// `segments`: segment titles of a segmented control.
    public var segments: [String] = []
    /// `selectedSegment` (default -1: none).
    public var selectedSegment = -1
    /// `pages`: number of pages of a page control (default 3).
    public var pages = 3
    /// `currentPage` (default 0).
    public var currentPage = 0
    /// `placeholder`: text field placeholder.
    public var placeholder: String?
    /// `continuous`: the slider sends valueChanged while dragging, not only at the end (default true).
    public var continuous = true
    /// `wraps`: stepper wraps around (default false).
    public var wraps = false
    /// `autorepeat`: stepper repeats while held (default true).
    public var autorepeat = true
    /// `targets`: target-action pairs.
    public var targets: [TargetAction] = []
    /// A control with every default: enabled, not selected, value 0 in 0…1, and so on.
    public init() {}
}
