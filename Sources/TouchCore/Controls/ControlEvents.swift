// Control events and control states, as `UIControl.Event` and `UIControl.State`.

/// The events a control sends to its targets (SPEC.md section 7), as `UIControl.Event`.
///
///     button.addTarget(action: "save", target: nil, for: .touchUpInside)
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The events as bits, at `UIControl.Event`'s positions.
    public let rawValue: UInt32
    /// The events whose bits are set in `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A touch landed in the control (`touchDown`).
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A repeated touch down (the touch's `tapCount` is greater than 1).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// The tracked touch moved inside the bounds grown by ``Defaults/controlTolerance``.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// The tracked touch moved beyond the tolerance.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// The tracked touch came back within the tolerance (sent with `touchDragInside`).
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// The tracked touch left the tolerance (sent with `touchDragOutside`).
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// The tracked touch lifted within the tolerance: a button's press.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// The tracked touch lifted beyond the tolerance: the press was abandoned.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The tracked touch was cancelled (a recognizer took it, focus was lost, ...).
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed through the user (a switch flipped, a slider moved, a
    /// segment chosen, a stepper stepped).
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's main action happened (a button's tap: sent with `touchUpInside`; a text
    /// field's Return).
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A text field started editing (it became first responder).
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A text field's text changed through typing, cutting, pasting or deleting.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field stopped editing (it resigned first responder).
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// A text field stopped editing because Return was pressed.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    /// Every touch event, `touchDown` through `touchCancel`.
    public static let allTouchEvents: ControlEvents = [.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside,
                                                       .touchDragEnter, .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel]
    /// Every editing event.
    public static let allEditingEvents: ControlEvents = [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]
    /// Every event.
    public static let allEvents: ControlEvents = allTouchEvents.union(allEditingEvents).union([.valueChanged, .primaryActionTriggered])

    /// Every single event with its trace name, in the order a combined mask is sent.
    public static let named: [(event: ControlEvents, name: String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragExit, "touchDragExit"), (.touchDragEnter, "touchDragEnter"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The event with this trace (and scene-file) name, e.g. `"touchUpInside"`.
    public init?(name: String) {
        guard let e = ControlEvents.named.first(where: { $0.name == name }) else { return nil }
        self = e.event
    }

    /// The single events in this mask, in sending order.
    public var singleEvents: [(event: ControlEvents, name: String)] {
        ControlEvents.named.filter { contains($0.event) }
    }
    /// The single events' names joined with `|`: `touchUpInside|primaryActionTriggered`.
    public var description: String { singleEvents.map(\.name).joined(separator: "|") }
}

/// The look-affecting state of a control, as `UIControl.State`. `normal` is the empty set.
public struct ControlState: OptionSet, Hashable, Sendable {
    /// The states as bits.
    public let rawValue: UInt8
    /// The states whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// No state: enabled, not highlighted, not selected.
    public static let normal: ControlState = []
    /// Pressed: the control's touch is down within the tolerance.
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// ``Control/isEnabled`` is false.
    public static let disabled = ControlState(rawValue: 1 << 1)
    /// ``Control/isSelected`` is true.
    public static let selected = ControlState(rawValue: 1 << 2)
}
