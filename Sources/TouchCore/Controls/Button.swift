// Button: a control whose primary action fires on touch up inside.
//
//   touchDown ──▶ (touchDrag…)* ──▶ touchUpInside + primaryActionTriggered | touchUpOutside | touchCancel

/// A push button, as `UIButton`. `title` is the text it shows.
///
///     let ok = Button(id: "ok", frame: Rect(x: 0, y: 0, width: 80, height: 44), title: "OK")
///     ok.addAction(for: .primaryActionTriggered) { _ in print("OK") }
open class Button: Control {
    /// A button named `id` at `frame` showing `title`.
    public init(id: String, frame: Rect, title: String? = nil) {
        super.init(id: id, frame: frame)
        text = title
    }
    /// The button's title (drawn as its text).
    public var title: String? {
        get { text }
        set { text = newValue }
    }
    /// A button's primary action is its touch up inside.
    override open var eventsWithTouchUpInside: ControlEvents { .primaryActionTriggered }
    /// A single-finger single tap belongs to the button.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch?) -> Bool {
        kind.isSingleFingerSingleTap
    }
}
