/// How a view takes part in hit testing (SPEC.md section 2, custom hit rules).
public enum HitRule: String, Sendable, Hashable, CaseIterable {
    /// UIKit's default: the deepest subview containing the point, else the view itself.
    case normal
    /// Never returns itself, only its subviews (a transparent container).
    case passThrough
    /// Returns itself instead of any subview (restricts delivery to the container).
    case selfOnly
}

/// A rectangular area that draws and receives touches, as `UIView`.
///
/// Geometry follows UIKit: `center` in the superview's bounds space, `bounds` (origin and
/// size) in the view's own space, and `transform` applied about the centre.
///
///     let v = View(id: "card", frame: Rect(x: 10, y: 10, width: 100, height: 60))
///     root.addSubview(v)
open class View: Responder {
    /// What hit testing reads of this view and keeps about its subviews (HitBoxes.swift).
    /// Read for every view a hit test visits: its exclusivity is not checked at run time
    /// (docs/performance.md).
    @exclusivity(unchecked) final var hit: ViewHitState
    /// The view's centre in its superview's bounds space (`UIView.center`), in points. The
    /// transform turns and scales the view about it.
    public var center: Point {
        get { hit.center }
        set { hit.center = newValue; hitBoxChanged() }
    }
    /// The view's own coordinate space (`UIView.bounds`): its size, and the origin its top-left
    /// corner has; subviews are placed in it. A scroll view scrolls by moving the origin.
    public var bounds: Rect {
        get { hit.bounds }
        set { hit.bounds = newValue; hitBoxChanged() }
    }
    /// Applied about the centre.
    public var transform: AffineTransform {
        get { hit.transform }
        set { hit.setTransform(newValue); hitBoxChanged() }
    }
    /// The view this one is a subview of (nil: none). It reads nil once the view leaves its
    /// superview or the superview goes away.
    public var superview: View? { hit.superview }
    /// The subviews, back to front (the last is drawn on top and hit-tested first).
    public var subviews: [View] { hit.subviews }
    /// The view controller whose root view this is, if any. It reads nil once the view
    /// controller goes away.
    public var viewController: ViewController? { hit.viewController }

    /// The fill colour (`UIView.backgroundColor`); clear by default. Drawing only.
    public var backgroundColor: Color = .clear
    /// The border's colour (`CALayer.borderColor`). Drawing only.
    public var borderColor: Color = .clear
    /// The border's width in points (`CALayer.borderWidth`), drawn inside the bounds. 0: none.
    public var borderWidth: Double = 0
    /// The corners' radius in points (`CALayer.cornerRadius`). Drawing only: hit testing
    /// uses the full rectangle.
    public var cornerRadius: Double = 0
    /// The opacity, 0…1 (`UIView.alpha`). Below 0.01 the view and its subtree are skipped by
    /// hit testing (verdict `transparent`).
    public var alpha: Double {
        get { hit.alpha }
        set { hit.alpha = newValue; hitBoxChanged() }
    }
    /// Whether the view is hidden (`UIView.isHidden`): not drawn, and skipped with its subtree
    /// by hit testing (verdict `hidden`).
    public var isHidden: Bool {
        get { hit.isHidden }
        set { hit.isHidden = newValue; hitBoxChanged() }
    }
    /// Whether subviews are drawn only inside the bounds (`UIView.clipsToBounds`). Drawing
    /// only: as in UIKit, a subview outside its superview's bounds cannot be touched either way,
    /// since hit testing never descends into a view that misses the point.
    public var clipsToBounds = false
    /// Whether the view takes part in touch handling (`UIView.isUserInteractionEnabled`,
    /// default true). When false, it and its subtree are skipped by hit testing (verdict
    /// `disabled`).
    public var isUserInteractionEnabled: Bool {
        get { hit.isUserInteractionEnabled }
        set { hit.isUserInteractionEnabled = newValue; hitBoxChanged() }
    }
    /// Whether the view receives more than one touch at a time
    /// (`UIView.isMultipleTouchEnabled`, default false). When false, a second finger landing
    /// while it tracks one is not delivered to it (a trace note says so).
    public var isMultipleTouchEnabled = false
    /// Whether the view takes touches only alone (`UIView.isExclusiveTouch`): while it tracks a
    /// touch, touches landing elsewhere are dropped, and a touch landing in it while others are
    /// down elsewhere is dropped (a trace note says so).
    public var isExclusiveTouch = false
    /// How the view takes part in hit testing: normal, passing through to its subviews, or
    /// keeping every touch to itself (scene: `hitRule`).
    public var hitRule: HitRule {
        get { hit.rule }
        set { hit.rule = newValue }
    }
    /// Points added on each side of the bounds for `point(inside:)` (an enlarged touch area).
    public var touchOutset: Size {
        get { hit.touchOutset }
        set { hit.touchOutset = newValue; hitBoxChanged() }
    }
    /// Whether the view handles touch messages itself (true) or passes them on (false, the
    /// default for a plain view, as UIView does).
    public var handlesTouches: Bool {
        get { hit.handlesTouches }
        set { hit.handlesTouches = newValue }
    }
    /// Called for each touch message the view handles itself (`handlesTouches`).
    public var onTouches: ((TouchPhase, [Touch], Event) -> Void)?
    /// Text shown in the view (labels, buttons, text fields); drawing only.
    public var text: String?
    /// The colour of ``text``.
    public var textColor: Color = .white
    /// The size of ``text``, in points.
    public var fontSize: Double = 16
    /// The face ``text`` is drawn with.
    public var font: FontFace = .sans
    /// How ``text`` lines up in the bounds: left, centred or right.
    public var textAlignment: TextAlignment = .center
    /// An image asset path; drawing only.
    public var imagePath: String?

    /// The recognizers attached to this view, in the order they were added (the order they
    /// see touches in).
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The transform state recognizer bindings share (TransformBinding.swift).
    public internal(set) var manipulation: ManipulatedTransform?

    /// A view named `id` at `frame` in its superview's space: its centre is the frame's centre
    /// and its bounds the frame's size at the origin.
    public init(id: String, frame: Rect) {
        hit = ViewHitState(center: frame.center, bounds: Rect(origin: .zero, size: frame.size))
        super.init(id: id)
    }

    deinit {
        // The back references are not weak (docs/performance.md): clear those pointing here.
        for s in hit.subviews where s.superview === self { s.hit.superview = nil }
        for r in gestureRecognizers where r.view === self { r.hot.view = nil }
    }

    /// The untransformed frame: `center` and `bounds.size` (what the scene file gives).
    public var frame: Rect {
        get { Rect(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width, height: bounds.height) }
        set { center = newValue.center; bounds.size = newValue.size }
    }

    /// A view's next responder is its view controller, when it is one's root view, else its
    /// superview (`UIView.next`).
    override open var naturalNext: Responder? {
        if let vc = viewController { return vc }
        return superview
    }

    /// The window this view is in, if any: the nearest ancestor (or itself) that is a ``Window``.
    public var window: Window? {
        var v: View? = self
        while let cur = v { if let w = cur as? Window { return w }; v = cur.superview }
        return nil
    }

    // MARK: Hierarchy

    /// Adds `v` on top of the subviews (`UIView.addSubview(_:)`), removing it from its current
    /// superview first. It joins this view's application, with its subtree and recognizers.
    public func addSubview(_ v: View) {
        v.removeFromSuperview()
        hit.subviews.append(v)
        subviewsChanged()
        v.hit.superview = self
        v.attach(to: application)
    }
    /// Inserts `v` among the subviews at `index` (clamped to the list), 0 being the back.
    public func insertSubview(_ v: View, at index: Int) {
        v.removeFromSuperview()
        hit.subviews.insert(v, at: min(max(index, 0), hit.subviews.count))
        subviewsChanged()
        v.hit.superview = self
        v.attach(to: application)
    }
    /// Removes the view from its superview; it and its subtree leave the application (their
    /// `application` is nil until they are added to its window again).
    public func removeFromSuperview() {
        guard let s = superview else { return }
        if let i = s.hit.subviews.firstIndex(where: { $0 === self }) { s.hit.subviews.remove(at: i); s.subviewsChanged() }
        hit.superview = nil
        attach(to: nil)
    }
    /// The view and its subtree join `app` (nil: they leave theirs). Their recognizers leave
    /// the application they were in (`Application.recognizerLeft`), unless it is going away
    /// (`teardown`: it forgets them all at once, tracing nothing).
    func attach(to app: Application?, teardown: Bool = false) {
        application = app
        viewController?.application = app
        for r in gestureRecognizers {
            if !teardown, let old = r.application, old !== app { old.recognizerLeft(r) }
            r.application = app
        }
        for s in subviews { s.attach(to: app, teardown: teardown) }
    }
    /// Whether `self` is `v` or one of its descendants.
    public func isDescendant(of v: View) -> Bool {
        var cur: View? = self
        while let c = cur { if c === v { return true }; cur = c.superview }
        return false
    }
    /// Depth-first walk of this view and its descendants, back to front.
    public func forEachInTree(_ body: (View) -> Void) {
        body(self)
        for s in subviews { s.forEachInTree(body) }
    }
    /// Finds a view with the given id in this subtree.
    public func view(withID id: String) -> View? {
        if self.id == id { return self }
        for s in subviews { if let v = s.view(withID: id) { return v } }
        return nil
    }

    // MARK: Gesture recognizers

    /// Attaches `r` to this view (`UIView.addGestureRecognizer(_:)`), detaching it from another
    /// view first. It sees every touch that lands in this view or its subviews.
    public func addGestureRecognizer(_ r: GestureRecognizer) {
        r.view?.removeGestureRecognizer(r)
        gestureRecognizers.append(r)
        r.hot.view = self
        r.application = application
    }
    /// Detaches `r` from this view; it no longer sees this view's touches.
    public func removeGestureRecognizer(_ r: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === r }
        if r.view === self {
            r.application?.recognizerLeft(r)
            r.hot.view = nil
            r.application = nil
        }
    }
    /// Asked before a recognizer attached to this view leaves `possible`; false makes it fail.
    open func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { true }
    /// Whether a recognizer attached to an ancestor must leave a touch that began in this
    /// view alone, because this view's own default action needs it whatever the touch does
    /// (a control's single tap). Asked when the touch begins.
    open func defaultActionWins(over r: GestureRecognizer) -> Bool { false }
    /// Whether a recognizer attached to an ancestor, about to begin or recognize with
    /// `touch` (which began in this view), must fail because the motion so far is this
    /// view's default action (a drag along a slider's thumb). Asked when the recognizer
    /// tries to leave `possible`, once the direction of the motion is known.
    open func defaultActionWins(over r: GestureRecognizer, touch: Touch) -> Bool { false }

    // MARK: Coordinates

    /// Maps a point from the superview's bounds space to this view's bounds space.
    public func convertFromSuperview(_ p: Point) -> Point {
        let c = hit.center, b = hit.bounds
        var d = Point(x: p.x - c.x, y: p.y - c.y)
        switch hit.inverseKind {
        case .identity: break
        case .invertible: d = hit.inverse.apply(d)
        case .singular: return Point(x: .nan, y: .nan)
        }
        return Point(x: d.x + b.origin.x + b.width / 2, y: d.y + b.origin.y + b.height / 2)
    }
    /// Maps a point from this view's bounds space to the superview's bounds space.
    public func convertToSuperview(_ p: Point) -> Point {
        let c = hit.center, t = hit.transform, b = hit.bounds
        var d = Point(x: p.x - b.origin.x - b.width / 2, y: p.y - b.origin.y - b.height / 2)
        if !t.isIdentity { d = t.apply(d) }
        return Point(x: d.x + c.x, y: d.y + c.y)
    }
    /// This view's bounds space to the root of its tree (the window's space).
    public func convertToRoot(_ p: Point) -> Point {
        var q = p; var v: View? = self
        while let cur = v, cur.superview != nil { q = cur.convertToSuperview(q); v = cur.superview }
        return q
    }
    /// Maps a point from the root of this view's tree (the window's space) to this view's
    /// bounds space; the inverse of ``convertToRoot(_:)``.
    public func convertFromRoot(_ p: Point) -> Point {
        // Root first, down to this view, without collecting the chain in an array.
        guard let s = superview else { return p }
        return convertFromSuperview(s.superview == nil ? p : s.convertFromRoot(p))
    }
    /// Converts a point in this view's space to `view`'s space (nil: the window's space).
    public func convert(_ p: Point, to view: View?) -> Point {
        let root = convertToRoot(p)
        return view?.convertFromRoot(root) ?? root
    }
    /// Converts a point in `view`'s space (nil: the window's) to this view's space.
    public func convert(_ p: Point, from view: View?) -> Point {
        convertFromRoot(view?.convertToRoot(p) ?? p)
    }
    /// Converts a rect to `view`'s space: the bounding box of its four transformed corners.
    public func convert(_ r: Rect, to view: View?) -> Rect {
        let pts = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                   Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)].map { convert($0, to: view) }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
    /// Converts a rect in `view`'s space (nil: the window's) to this view's space: the bounding
    /// box of its four transformed corners.
    public func convert(_ r: Rect, from view: View?) -> Rect {
        guard let view else {
            return (self.window ?? rootView).convert(r, to: self)
        }
        return view.convert(r, to: self)
    }
    var rootView: View { var v = self; while let s = v.superview { v = s }; return v }

    /// The four corners of the bounds in the root's space (for drawing transformed views).
    public func cornersInRoot() -> [Point] {
        let b = bounds
        return [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)].map(convertToRoot)
    }

    // MARK: Hit testing (SPEC.md section 2)

    /// Whether a point in this view's space is inside it (bounds plus `touchOutset`).
    ///
    /// Overriding it is supported. Hit testing calls the override for every point it does
    /// not settle otherwise; only for the classes of this module that keep this
    /// implementation does it reject points with precomputed boxes first (HitBoxes.swift).
    open func point(inside p: Point, with event: Event?) -> Bool {
        defaultPointInside(p)
    }
    /// `View`'s own `point(inside:with:)`: half-open bounds grown by `touchOutset`.
    final func defaultPointInside(_ p: Point) -> Bool {
        let b = hit.bounds, o = hit.touchOutset
        return p.x >= b.minX - o.width && p.x < b.maxX + o.width
            && p.y >= b.minY - o.height && p.y < b.maxY + o.height
    }

    /// The deepest view containing `p` (in this view's space), as `UIView.hitTest`.
    open func hitTest(_ p: Point, with event: Event?) -> View? {
        var path: [HitStep]? = nil
        return hitTest(p, with: event, path: &path)
    }

    /// Hit testing that also records the visiting order and verdicts when `path` is non-nil.
    public final func hitTest(_ p: Point, with event: Event?, path: inout [HitStep]?) -> View? {
        if hit.isHidden { path?.append(HitStep(view: traceName, verdict: .hidden)); return nil }
        if !hit.isUserInteractionEnabled { path?.append(HitStep(view: traceName, verdict: .disabled)); return nil }
        if hit.alpha < 0.01 { path?.append(HitStep(view: traceName, verdict: .transparent)); return nil }
        if !point(inside: p, with: event) { path?.append(HitStep(view: traceName, verdict: .outside)); return nil }
        return hitTestInside(p, with: event, path: &path)
    }

    /// The rest of `hitTest` once the view is known to contain `p`: `inside`, the subviews,
    /// then `hit` unless a subview was chosen or the view passes through.
    final func hitTestInside(_ p: Point, with event: Event?, path: inout [HitStep]?) -> View? {
        let myIndex = path?.count ?? 0
        path?.append(HitStep(view: traceName, verdict: .inside))
        let rule = hit.rule
        if rule != .selfOnly, let hit = hitTestSubviews(p, with: event, path: &path) { return hit }
        if rule == .passThrough { return nil }
        path?[myIndex].verdict = .hit
        return self
    }

    // MARK: Touch handling

    /// With ``View/handlesTouches`` set, calls ``View/onTouches`` with the message; otherwise passes it to
    /// ``Responder/next`` (a plain view does not handle touches, as `UIView` does not).
    override open func touchesBegan(_ touches: [Touch], with event: Event) {
        if handlesTouches { onTouches?(.began, touches, event) } else { forward(.began, touches, event) }
    }
    /// Handled or passed on as ``View/touchesBegan(_:with:)``.
    override open func touchesMoved(_ touches: [Touch], with event: Event) {
        if handlesTouches { onTouches?(.moved, touches, event) } else { forward(.moved, touches, event) }
    }
    /// Handled or passed on as ``View/touchesBegan(_:with:)``.
    override open func touchesEnded(_ touches: [Touch], with event: Event) {
        if handlesTouches { onTouches?(.ended, touches, event) } else { forward(.ended, touches, event) }
    }
    /// Handled or passed on as ``View/touchesBegan(_:with:)``.
    override open func touchesCancelled(_ touches: [Touch], with event: Event) {
        if handlesTouches { onTouches?(.cancelled, touches, event) } else { forward(.cancelled, touches, event) }
    }

    /// Called each frame with the host time, for views that animate (scroll views, bindings).
    /// Returns true while the view is still animating.
    open func advance(to time: Double) -> Bool { false }
}

/// A view controller: manages a root view and sits in the responder chain after it.
open class ViewController: Responder {
    /// The root view this controller manages (`UIViewController.view`): the controller is that
    /// view's next responder.
    public let view: View
    /// A controller named `id` for `view`; it becomes `view`'s next responder.
    /// A controller the view had before leaves the chain: its ``Responder/application``
    /// reads nil from then on.
    public init(id: String, view: View) {
        self.view = view
        super.init(id: id)
        view.viewController?.application = nil
        view.hit.viewController = self
        application = view.application
    }
    deinit { if view.viewController === self { view.hit.viewController = nil } }
    /// A view controller's next responder is its view's superview (the window for the root).
    override open var naturalNext: Responder? { view.superview }
}
