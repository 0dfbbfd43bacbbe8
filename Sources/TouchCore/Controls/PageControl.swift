// PageControl: a row of page dots; a tap on the left half goes back a page, on the right half forward.
//
//   touchDown ──▶ up inside, left half ──▶ currentPage - 1 ──▶ valueChanged (if it moved)
//                 up inside, right half ─▶ currentPage + 1 ──▶ valueChanged (if it moved)

/// A page control, as `UIPageControl`.
///
///     let pages = PageControl(id: "pages", frame: Rect(x: 0, y: 0, width: 120, height: 26), numberOfPages: 5)
open class PageControl: Control {
    /// How many pages there are (`UIPageControl.numberOfPages`); ``currentPage`` is clamped
    /// to them.
    public var numberOfPages: Int {
        didSet { currentPage = min(max(currentPage, 0), max(numberOfPages - 1, 0)) }
    }
    /// The page shown, 0…numberOfPages-1. Setting it sends no event.
    public var currentPage: Int
    /// Hidden when there is only one page (drawing only).
    public var hidesForSinglePage = false

    /// A page control named `id` with `numberOfPages` dots, showing `currentPage` (clamped).
    public init(id: String, frame: Rect, numberOfPages: Int = 0, currentPage: Int = 0) {
        self.numberOfPages = numberOfPages
        self.currentPage = min(max(currentPage, 0), max(numberOfPages - 1, 0))
        super.init(id: id, frame: frame)
    }

    /// A touch lifted inside: a page back on the left half, forward on the right half, with
    /// `valueChanged` when the page moved.
    override open func endTracking(_ touch: Touch, with event: Event) {
        guard isTouchInside, numberOfPages > 0 else { return }
        let forward = touch.location(in: self).x >= bounds.midX
        let page = min(max(currentPage + (forward ? 1 : -1), 0), numberOfPages - 1)
        guard page != currentPage else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }

    /// A single-finger single tap belongs to the page control.
    override open func keepsDefaultAction(from kind: DefaultActionKind, touch: Touch?) -> Bool {
        kind.isSingleFingerSingleTap
    }
}
