// ScrollView: a view whose bounds origin (contentOffset) follows a pan, then decelerates.
//
// How it works, as UIKit does it conceptually: the scroll view owns a pan recognizer
// (`ScrollViewPanGestureRecognizer`, attached to itself, `panGestureRecognizer`), so every
// touch in the scroll view or its content reaches it through the ordinary delivery path and
// its arbitration, and every decision shows in the trace as `gesture` and `touches` records.
//
//   possible ──moved > panSlop along a scrollable axis──▶ began ──▶ changed* ──▶ ended ──▶ decelerating
//   possible ──touches end──▶ failed (the held content touches are delivered: a tap on a button works)
//   possible ──content already tracks the touch and canCancelContentTouches is false, or
//              touchesShouldCancel(in:) is false (UIKit's default for controls)──▶ failed (no scrolling)
//   a touch while decelerating or bouncing ──▶ began at once (stops the scroll; content gets nothing)
//
// - delaysContentTouches (true): the recognizer's `delaysTouchesBegan` holds the content's
//   touchesBegan for `Defaults.scrollDelay` (0.15 s). If the pan begins within that time the
//   held messages are dropped (cancelsTouchesInView); when the delay passes it stops delaying
//   and the content gets its touchesBegan late; if the touch ends first, the pan fails and the
//   content gets touchesBegan and touchesEnded at once.
// - Once scrolling begins, cancelsTouchesInView gives the content `touchesCancelled`.
// - Dragging: contentOffset = start offset - finger translation, on the axes that can scroll
//   (content larger than the bounds, or alwaysBounce…); past an edge it is rubber-banded
//   (`Defaults.scrollRubberBand`, 0.55) when `bounces`, clamped otherwise.
// - Deceleration: the release velocity (least-squares over `Defaults.velocityWindow`) decays by
//   `decelerationRate` (0.998) per millisecond, in closed form, so the offset depends only on
//   the host time: offset(t) = o₀ + v·(r^(1000t) − 1)/(1000·ln r). It stops when the speed falls
//   below `Defaults.scrollStopSpeed` (10 pt/s) (the offset it has then) or at an edge (no overshoot: a simplification).
//   Released past an edge, the offset returns to it exponentially (`Defaults.scrollBounceTime`).
// Time comes from the application's time listeners; nothing reads a clock.
import RealModule

/// A scrolling container, as `UIScrollView`. Subviews are content; `contentOffset` is
/// `bounds.origin`, so drawing and hit testing follow the scroll automatically.
///
///     let list = ScrollView(id: "list", frame: Rect(x: 0, y: 0, width: 320, height: 480))
///     list.contentSize = Size(width: 320, height: 2000)
open class ScrollView: View, TimeListener {
    /// The size of the scrolled content, in points (`UIScrollView.contentSize`); an axis
    /// scrolls when the content is larger than the bounds along it. Defaults to the frame's size.
    public var contentSize: Size
    /// The point of the content at the scroll view's top-left corner (= bounds.origin).
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }
    /// Hold content touches for `Defaults.scrollDelay` to see whether the user scrolls.
    public var delaysContentTouches = true {
        didSet { if panGestureRecognizer.trackedTouches.isEmpty { panGestureRecognizer.delaysTouchesBegan = delaysContentTouches } }
    }
    /// false: once the content got a touch, that touch never scrolls.
    public var canCancelContentTouches = true
    /// Whether dragging past an edge rubber-bands (and springs back on release) rather than
    /// stopping at the edge (`UIScrollView.bounces`, default true).
    public var bounces = true
    /// Whether the content bounces vertically even when it fits (`alwaysBounceVertical`).
    public var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it fits (`alwaysBounceHorizontal`).
    public var alwaysBounceHorizontal = false
    /// Whether a drag scrolls (`UIScrollView.isScrollEnabled`); off disables
    /// ``panGestureRecognizer``.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Per-millisecond velocity factor after release; nil: `Defaults.decelerationRate` (0.998).
    public var decelerationRate: Double?
    /// Whether a finger is scrolling the content.
    public internal(set) var isDragging = false
    /// Whether the content is still moving after release (`UIScrollView.isDecelerating`).
    public var isDecelerating: Bool { if case .decelerating = animation { return true }; return false }
    /// The recognizer that scrolls (UIKit's `panGestureRecognizer`).
    public private(set) var panGestureRecognizer: ScrollViewPanGestureRecognizer

    enum Animation {
        case none
        case decelerating(start: Double, from: Point, velocity: Point)
        case bouncing(start: Double, from: Point, to: Point)
    }
    var animation: Animation = .none

    /// A scroll view named `id` at `frame`, clipping its content, with its pan recognizer
    /// attached (id `"<id>.pan"`). `contentSize` defaults to the frame's size: nothing to scroll.
    public init(id: String, frame: Rect, contentSize: Size? = nil) {
        self.contentSize = contentSize ?? frame.size
        panGestureRecognizer = ScrollViewPanGestureRecognizer(id: "\(id).pan")
        super.init(id: id, frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    /// Whether scrolling may cancel the touches `view` (content) is tracking. UIKit's
    /// default: true unless `view` is a control. Override to let drags that start on
    /// buttons scroll.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    // MARK: Geometry

    /// The largest offset: how far the content extends past the bounds on each axis (0 when it
    /// fits).
    public var maximumContentOffset: Point {
        Point(x: max(contentSize.width - bounds.width, 0), y: max(contentSize.height - bounds.height, 0))
    }
    /// Whether a drag can scroll sideways: scrolling enabled, and content wider than the
    /// bounds or ``alwaysBounceHorizontal``.
    public var canScrollHorizontally: Bool { isScrollEnabled && (contentSize.width > bounds.width || alwaysBounceHorizontal) }
    /// Whether a drag can scroll up and down: scrolling enabled, and content taller than the
    /// bounds or ``alwaysBounceVertical``.
    public var canScrollVertically: Bool { isScrollEnabled && (contentSize.height > bounds.height || alwaysBounceVertical) }

    /// `p` clamped to 0…maximumContentOffset.
    public func clampedOffset(_ p: Point) -> Point {
        let m = maximumContentOffset
        return Point(x: min(max(p.x, 0), m.x), y: min(max(p.y, 0), m.y))
    }

    /// The offset a drag to `raw` shows: rubber-banded past the edges (bounces) or clamped.
    func draggedOffset(_ raw: Point) -> Point {
        let m = maximumContentOffset
        func axis(_ v: Double, _ hi: Double, _ dim: Double) -> Double {
            if v >= 0 && v <= hi { return v }
            guard bounces else { return min(max(v, 0), hi) }
            let c = application?.defaults.scrollRubberBand ?? 0.55
            let over = v < 0 ? -v : v - hi
            let band = (1 - 1 / (over * c / max(dim, 1) + 1)) * dim
            return v < 0 ? -band : hi + band
        }
        return Point(x: canScrollHorizontally ? axis(raw.x, m.x, bounds.width) : contentOffset.x,
                     y: canScrollVertically ? axis(raw.y, m.y, bounds.height) : contentOffset.y)
    }

    // MARK: Deceleration and bounce

    /// Stops any deceleration or bounce where it is (a finger touched the scroll view).
    public func stopScrolling() {
        guard case .none = animation else {
            animation = .none
            note("\(id) stopped at \(contentOffset)")
            return
        }
    }
    var isAnimating: Bool { if case .none = animation { return false }; return true }

    /// Starts decelerating with `velocity` (content offset, pt/s), or bounces back into range.
    func release(velocity: Point) {
        guard let app = application else { return }
        let off = contentOffset, clamped = clampedOffset(off)
        if clamped != off {
            animation = .bouncing(start: app.time, from: off, to: clamped)
            note("\(id) bounces back from \(off) to \(clamped)")
        } else if velocity.length >= app.defaults.scrollStopSpeed {
            animation = .decelerating(start: app.time, from: off, velocity: velocity)
            note("\(id) decelerates from \(off) at \(Point(x: velocity.x.rounded(), y: velocity.y.rounded())) pt/s")
        } else {
            return
        }
        app.addTimeListener(self)
    }

    /// Moves the deceleration or the bounce to time `t` (in closed form: the offset depends on
    /// the time alone); asks for more calls until the content comes to rest.
    public func timeDidAdvance(to t: Double) -> Bool {
        let d = application?.defaults ?? Defaults()
        switch animation {
        case .none:
            return false
        case let .decelerating(start, from, v):
            let r = min(max(decelerationRate ?? d.decelerationRate, 0.5), 0.99999)
            let k = 1000 * Double.log(r)
            // The glide ends when the speed |v|·r^(1000·dt) reaches scrollStopSpeed.
            let stopAfter = Double.log(d.scrollStopSpeed / max(v.length, d.scrollStopSpeed)) / k
            let dt = min(max(t - start, 0), stopAfter)
            let p = from + v * ((Double.pow(r, 1000 * dt) - 1) / k)
            let c = clampedOffset(p)
            contentOffset = c
            if c != p || dt >= stopAfter {
                animation = .none
                note(c != p ? "\(id) stopped at the edge, \(c)" : "\(id) stopped decelerating at \(c)")
                return false
            }
            return true
        case let .bouncing(start, from, to):
            let f = Double.exp(-max(t - start, 0) / max(d.scrollBounceTime, 0.001))
            let p = to + (from - to) * f
            if p.distance(to: to) < 0.5 {
                contentOffset = to
                animation = .none
                note("\(id) settled at \(to)")
                return false
            }
            contentOffset = p
            return true
        }
    }

    /// Whether the view still animates (for hosts that drive views frame by frame).
    override open func advance(to time: Double) -> Bool { isAnimating && timeDidAdvance(to: time) }

    func note(_ text: String) {
        if let app = application { app.tracer.emit(app.time, .note(topic: "scroll", text: TraceText(text))) }
    }
}

/// The scroll view's own pan recognizer (UIKit's `UIScrollViewPanGestureRecognizer`).
/// Its `delaysTouchesBegan` is the scroll view's `delaysContentTouches` until the delay passes.
public final class ScrollViewPanGestureRecognizer: ContinuousGestureRecognizer {
    private var startCentroid = Point.zero
    private var startOffset = Point.zero
    private var touchCount = 0
    private var samples: [(t: Double, p: Point)] = []
    /// The finger velocity at the last sample (window space, pt/s).
    public private(set) var velocity = Point.zero

    /// The pan of the scroll view named `id`: delays the content's `touchesBegan`
    /// (``ScrollView/delaysContentTouches``), never its `touchesEnded`.
    public override init(id: String) {
        super.init(id: id)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
    }

    var scrollView: ScrollView? { view as? ScrollView }

    /// The fingers' translation since scrolling began (window space).
    public var translation: Point { location(in: nil) - startCentroid }

    /// The centroid, the translation once scrolling began, the finger velocity and the number
    /// of touches down.
    override public var outputs: GestureOutputs {
        GestureOutputs(location: location(in: nil), translation: state == .possible ? nil : translation,
                       velocityVector: velocity, numberOfTouches: numberOfTouches)
    }

    private func rebase() {
        startCentroid = location(in: nil)
        startOffset = scrollView?.contentOffset ?? .zero
        touchCount = numberOfTouches
        samples.removeAll()
        sample()
    }
    private func sample() {
        let now = time
        samples.append((now, location(in: nil)))
        let horizon = defaults.velocityWindow
        samples.removeAll { now - $0.t > horizon }
        velocity = fitVelocity()
    }
    /// Least-squares slope of position against time over the samples in the horizon.
    private func fitVelocity() -> Point {
        guard samples.count >= 2 else { return .zero }
        let n = Double(samples.count)
        let mt = samples.reduce(0) { $0 + $1.t } / n
        let mx = samples.reduce(0) { $0 + $1.p.x } / n
        let my = samples.reduce(0) { $0 + $1.p.y } / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples {
            let dt = s.t - mt
            stt += dt * dt; stx += dt * (s.p.x - mx); sty += dt * (s.p.y - my)
        }
        guard stt > 0 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }

    /// The translation along the axes the scroll view can scroll.
    private func scrollableTranslation(_ sv: ScrollView) -> Point {
        let t = translation
        return Point(x: sv.canScrollHorizontally ? t.x : 0, y: sv.canScrollVertically ? t.y : 0)
    }

    /// A first finger starts the ``Defaults/scrollDelay`` wait for the content, or, while the
    /// content still moves, begins at once and stops it; more fingers re-base the translation.
    override public func touchesBegan(_ touches: [Touch], with event: Event) {
        guard let sv = scrollView else { return }
        if state == .possible && touchCount == 0 {
            rebase()
            if sv.isAnimating {
                sv.stopScrolling()
                startOffset = sv.contentOffset
                sv.isDragging = true
                begin("began: touched while \(sv.id) was scrolling (stops it)", because: GestureDecision("stopsScrolling"))
                return
            }
            if delaysTouchesBegan { deadline = time + defaults.scrollDelay }
        } else {
            rebase()
        }
    }

    /// Before scrolling: begins once the fingers moved more than ``Defaults/panSlop`` along a
    /// scrollable axis, unless the content keeps its touch (fails then, with the reason).
    /// Scrolling: moves the content offset with the fingers.
    override public func touchesMoved(_ touches: [Touch], with event: Event) {
        guard let sv = scrollView else { return }
        if numberOfTouches != touchCount {
            let off = sv.contentOffset
            rebase()
            startOffset = off
        }
        sample()
        switch state {
        case .possible:
            let moved = translation.length
            guard moved > defaults.panSlop else { return }
            guard sv.canScrollHorizontally || sv.canScrollVertically else {
                fail("failed: \(sv.id) has nothing to scroll (content fits)", because: GestureDecision("contentFits")); return
            }
            guard scrollableTranslation(sv).length > defaults.panSlop else { return }
            for t in trackedTouches where t.receiver != nil && t.receiver !== sv && t.deliveredBegan && !t.finishedForView {
                guard let content = t.receiver else { continue }
                if !sv.canCancelContentTouches {
                    fail("failed: \(content.id) is tracking touch \(t.id) and \(sv.id).canCancelContentTouches is false",
                         because: GestureDecision(.control, by: [content.traceName])); return
                }
                if !sv.touchesShouldCancel(in: content) {
                    fail("failed: \(sv.id).touchesShouldCancel(in: \(content.id)) returned false",
                         because: GestureDecision(.delegate, by: [content.traceName])); return
                }
            }
            // Scrolling starts from where the finger crossed the slop, so the content does not jump.
            let along = scrollableTranslation(sv)
            startCentroid = startCentroid + along * (defaults.panSlop / along.length)
            startOffset = sv.contentOffset
            sv.isDragging = true
            sv.contentOffset = sv.draggedOffset(startOffset - translation)
            begin("began: moved \(fmt(moved.rounded())) pt (more than panSlop \(fmt(defaults.panSlop)) pt)",
                  because: GestureDecision(.slop, measured: moved, limit: defaults.panSlop, unit: .pt))
        case .began, .changed:
            sv.contentOffset = sv.draggedOffset(startOffset - translation)
            change("changed: offset \(sv.contentOffset)")
        case .ended, .recognized, .cancelled, .failed:
            return
        }
    }

    /// The last finger lifted: fails if nothing scrolled (the content gets its held touches),
    /// or ends and hands the release velocity to the scroll view's deceleration.
    override public func touchesEnded(_ touches: [Touch], with event: Event) {
        guard let sv = scrollView else { return }
        if numberOfTouches > 0 {
            let off = sv.contentOffset
            rebase()
            startOffset = off
            return
        }
        switch state {
        case .possible:
            fail("failed: touches ended before \(sv.id) scrolled",
                 because: GestureDecision(.slop, measured: translation.length, limit: defaults.panSlop, unit: .pt, neverBegan: true))
        case .began, .changed:
            let v = Point(x: sv.canScrollHorizontally ? -velocity.x : 0, y: sv.canScrollVertically ? -velocity.y : 0)
            sv.isDragging = false
            end("ended: released at \(Point(x: velocity.x.rounded(), y: velocity.y.rounded())) pt/s")
            sv.release(velocity: v)
        case .ended, .recognized, .cancelled, .failed:
            return
        }
    }

    /// A scroll under way is cancelled; the content stops where it is (or springs back to an
    /// edge).
    override public func touchesCancelled(_ touches: [Touch], with event: Event) {
        guard let sv = scrollView else { return }
        if state.isActive {
            sv.isDragging = false
            cancel("cancelled: touches cancelled")
            sv.release(velocity: .zero)
        }
    }

    /// The delay is over and nobody scrolled: the content gets its held touches now.
    override public func deadlineReached() {
        guard state == .possible, delaysTouchesBegan else { return }
        delaysTouchesBegan = false
        application?.tracer.emit(time, .note(topic: "delivery", text: "\(id): scrollDelay \(fmt(defaults.scrollDelay)) s passed without scrolling; content touches are delivered"))
        for t in trackedTouches { application?.flushHeld(t, event: nil) }
    }

    /// Forgets the fingers and their velocity; the content delay is armed again.
    override public func reset() {
        touchCount = 0
        samples.removeAll()
        velocity = .zero
        delaysTouchesBegan = scrollView?.delaysContentTouches ?? true
    }
}
