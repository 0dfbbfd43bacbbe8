// TargetAction: a control's target-action pair (`targets`) and the control events it listens to.

/// The control events a target can listen to (`targets[].event`).
public enum ControlEvent: String, Sendable, Hashable, CaseIterable {
    /// `ControlEvents/touchDown`.
    case touchDown
    /// `ControlEvents/touchDownRepeat`.
    case touchDownRepeat
    /// `ControlEvents/touchDragInside`.
    case touchDragInside
    /// `ControlEvents/touchDragOutside`.
    case touchDragOutside
    /// `ControlEvents/touchDragEnter`.
    case touchDragEnter
    /// `ControlEvents/touchDragExit`.
    case touchDragExit
    /// `ControlEvents/touchUpInside`.
    case touchUpInside
    /// `ControlEvents/touchUpOutside`.
    case touchUpOutside
    /// `ControlEvents/touchCancel`.
    case touchCancel
    /// `ControlEvents/valueChanged`.
    case valueChanged
    /// `ControlEvents/primaryActionTriggered`.
    case primaryActionTriggered
    /// `ControlEvents/editingDidBegin`.
    case editingDidBegin
    /// `ControlEvents/editingChanged`.
    case editingChanged
    /// `ControlEvents/editingDidEnd`.
    case editingDidEnd
    /// `ControlEvents/editingDidEndOnExit`.
    case editingDidEndOnExit
}

/// A target-action pair of a control (`targets`).
public struct TargetAction: Sendable, Hashable {
    /// `event`: the control event listened to.
    public var event: ControlEvent
    /// `action`: the action message sent.
    public var action: String
    /// nil: a nil-targeted action that travels the responder chain from the first responder.
    public var target: Reference?
    /// Where the pair is written.
    public var location: SourceLocation
    /// A pair sending `action` to `target` (nil: along the responder chain) on `event`.
    public init(event: ControlEvent, action: String, target: Reference? = nil, location: SourceLocation = .start) {
        self.event = event; self.action = action; self.target = target; self.location = location
    }
}
