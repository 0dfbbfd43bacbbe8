// ViewDescription: one view of the tree (`views`, `children`).

/// The font family of a view's text (`font`): TouchCore's `FontFace`.
public typealias FontFamily = FontFace

/// One view of the tree (`views`, `children`).
public struct ViewDescription: Sendable, Hashable {
    /// `id` (required), unique among views, recognizers and controllers.
    public var id: String
    /// Where the view's mapping starts.
    public var location: SourceLocation
    /// `kind` (default `view`).
    public var kind: ViewKind = .view
    /// `frame` [x, y, w, h] in the superview (required).
    public var frame: Rect
    /// `bounds` [x, y]: the bounds origin (default [0, 0]).
    public var boundsOrigin: Point = .zero
    /// `transform` (default identity).
    public var transform: TransformDescription = .identity
    /// `color`: fill (default clear).
    public var color: Color = .clear
    /// `borderColor` (default white), `borderWidth` (default 0), `cornerRadius` (default 0).
    public var borderColor: Color = .white
    /// `borderWidth` in points (default 0: no border).
    public var borderWidth: Double = 0
    /// `cornerRadius` in points (default 0); drawing only.
    public var cornerRadius: Double = 0
    /// `alpha` 0…1 (default 1). Below 0.01 the view is skipped by hit testing.
    public var alpha: Double = 1
    /// `hidden` (default false).
    public var hidden = false
    /// `clipsToBounds` (default false).
    public var clipsToBounds = false
    /// `userInteraction`: `isUserInteractionEnabled` (default true; false for labels and images).
    public var userInteraction = true
    /// `multipleTouch`: `isMultipleTouchEnabled` (default false).
    public var multipleTouch = false
    /// `exclusiveTouch`: `isExclusiveTouch` (default false).
    public var exclusiveTouch = false
    /// `handlesTouches`: the view handles touch messages itself (default false: it forwards
    /// them to its next responder). Controls always handle their touches.
    public var handlesTouches = false
    /// `hitRule` (default normal).
    public var hitRule: HitRule = .normal
    /// `touchOutset`: points added on each side of the touch area, (dx, dy) (default 0).
    public var touchOutset: Size = .zero
    /// `controller`: this view is the root view of a view controller with this id.
    public var controller: Reference?
    /// `next`: next-responder override (a view, controller, `window`, `application` or `appDelegate`).
    public var next: Reference?
    /// `actions`, `handlesMotion`, `handlesRemote`, `canBecomeFirstResponder`.
    /// Text fields can become first responder by default.
    public var responder = ResponderTraits()
    /// `menuItems`: custom edit-menu items.
    public var menuItems: [MenuItem] = []
    /// `text`, `textColor` (default white), `fontSize` (default 16), `font` (default sans),
    /// `align` (default left; center for buttons).
    public var text: String?
    /// `textColor` (default white).
    public var textColor: Color = .white
    /// `fontSize` in points (default 16).
    public var fontSize: Double = 16
    /// `font`: `sans` or `mono` (default sans).
    public var font: FontFamily = .sans
    /// `align`: `left`, `center` or `right` (default left; center for buttons).
    public var align: TextAlignment = .left
    /// `image`: an asset, resolved and checked to stay inside the scene's folder or assets/.
    public var image: AssetPath?
    /// Control properties; non-nil exactly when `kind.isControl`.
    public var control: ControlDescription?
    /// Scroll-view properties; non-nil exactly when `kind == .scrollView`.
    public var scroll: ScrollDescription?
    /// `recognizers`: gesture recognizers attached to this view, in order.
    public var recognizers: [RecognizerDescription] = []
    /// `children`: subviews, back to front.
    public var children: [ViewDescription] = []
    /// The keys the scene file wrote for this view. A registered view kind gets only these
    /// applied, so what its maker set (say `isMultipleTouchEnabled`, a corner radius) stays
    /// unless the file names the key; a built-in kind gets every key's value or default.
    public var writtenKeys: Set<String> = []

    /// A plain view `id` at `frame` in its superview, with every other key at its default.
    public init(id: String, frame: Rect, kind: ViewKind = .view, location: SourceLocation = .start) {
        self.id = id; self.frame = frame; self.kind = kind; self.location = location
    }
}
