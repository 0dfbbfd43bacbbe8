// Control events and control states, as `UIControl.Event` and `UIControl.State`.

/// The events a control sends to its targets (SPEC.md section 7), as `UIControl.Event`.
///
///     button.addTarget(action: "save", target: nil, for: .touchUpInside)
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A repeated touch down (the touch's `tapCount` is greater than 1).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    public static let allTouchEvents: ControlEvents = [.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside,
                                                       .touchDragEnter, .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel]
    public static let allEditingEvents: ControlEvents = [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]
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
    public var description: String { singleEvents.map(\.name).joined(separator: "|") }
}

/// The look-affecting state of a control, as `UIControl.State`. `normal` is the empty set.
public struct ControlState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1 << 0)
    public static let disabled = ControlState(rawValue: 1 << 1)
    public static let selected = ControlState(rawValue: 1 << 2)
}
