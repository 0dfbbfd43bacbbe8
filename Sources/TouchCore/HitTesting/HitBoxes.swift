// Hit boxes: what a parent keeps about its subviews so that hit testing can reject a
// sibling without reading the sibling (SPEC.md section 2, docs/performance.md).
//
// A hit test visits every sibling in front of the one that contains the point, and most of
// those visits end in `outside`. Reading a sibling means touching two or three cache lines
// of a large `View` object, a retain and release, and a dynamic call to the `open`
// `point(inside:with:)`. Instead, each parent keeps one contiguous table with an entry per
// subview (`HitEntry`, one cache line): a conservative bounding box of the area the
// subview's `point(inside:)` can accept, in the parent's bounds space, the verdict that
// skips the subview before that (hidden, disabled, transparent: in that priority order,
// as `View.hitTest` checks them), the subview's id for the path, and an unretained
// reference to the subview itself.
//
// Exactness (the trace must not change by a byte):
// - The box only ever *rejects* (verdict `outside`); every point it does not reject goes
//   through the exact test of before (`convertFromSuperview`, then `point(inside:)`, with
//   its half-open bounds and its floating-point rounding). The box is grown by a margin far
//   larger than any rounding error of that exact test (relative 1e-7 of the magnitudes
//   involved, and 1e-7 absolute; the rounding errors are about 1e-16 relative), so a point
//   the exact test could accept, however the arithmetic rounds, is never rejected.
// - Transforms whose inverse is poorly conditioned (condition estimate above 1e6, where the
//   stored inverse may differ from the exact inverse of the transform by more than the
//   margin) and any non-finite geometry get no box: the exact test decides every point.
// - A singular transform makes `convertFromSuperview` return NaN, which the default
//   `point(inside:)` never accepts: its box is empty (every point with finite coordinates
//   is rejected; a NaN point still falls through to the exact test, which says outside).
// - Only subviews whose class is known to keep `View`'s own `point(inside:with:)` get a box
//   (`keepsDefaultPointInside`): the exact classes View, Window, Control and the controls
//   of this module, none of which overrides it. Any other class (a library user's
//   subclass, even of one of those classes, which may override `point(inside:with:)`)
//   gets no box and its own `point(inside:with:)` is called, as before. A class in this
//   module that starts overriding `point(inside:with:)` must be taken out of that list
//   (HitBoxTests checks the listed classes against the default test).
// - User code can run during a hit test only inside an overridden `point(inside:with:)`.
//   If it changes the hierarchy or a geometry the table depends on, the parent finds its
//   table dirty (or replaced) after that call and finishes the loop the old way, reading
//   every remaining sibling from the snapshot of the subviews it started with (as before).
//
// Cost: the loop neither retains the table nor the subviews (atomic operations, which were
// most of a visit's cost). The view keeps the table's entries and count next to it; a loop
// pins the table with a plain counter, and a rebuild while pinned (user code hit-testing
// again) retires the old table instead of freeing it, until the last loop over it ends.
//
// Invalidation: a view's table is marked dirty when its subview list changes
// (`subviewsChanged`), and when a subview's center, bounds, transform, touchOutset, isHidden,
// alpha or isUserInteractionEnabled changes (`hitBoxChanged`, called by each of those
// setters, marks `superview?.hit.tableDirty`). The table is rebuilt lazily, at the next hit
// test that walks the parent's subviews.
//
// A view keeps all of this in one field, `View.hit` (`ViewHitState`): the geometry and
// flags a hit test reads for every view it visits, declared together and first so that a
// visit touches as few cache lines of the view as it can, then the table. The field is
// internal, and its exclusivity is not checked at run time (docs/performance.md).

/// What a view keeps for hit testing (`View.hit`): its geometry and hit flags, its subviews,
/// and the table of their hit boxes. Writes that change a hit box go through `View`'s
/// setters, which mark the superview's table dirty.
struct ViewHitState {
    /// The subviews, back to front (`View.subviews`).
    var subviews: [View] = []
    var center: Point
    var bounds: Rect
    var alpha: Double = 1
    var touchOutset: Size = .zero
    var isHidden = false
    var isUserInteractionEnabled = true
    var rule: HitRule = .normal
    /// Whether `table` no longer describes the subviews (rebuilt at the next hit test).
    var tableDirty = true
    /// The subviews' hit boxes; nil while there are no subviews. Its entries and count are
    /// copied here so that a hit test reads them without retaining it.
    var table: HitTable?
    var entries: UnsafeMutablePointer<HitEntry>?
    var count = 0
    /// Hit tests walking `table` right now (more than one only if user code hit-tests
    /// again from an overridden point(inside:)). While pinned, a rebuild keeps the old
    /// table in `retired` instead of freeing it under the walking loop.
    var pins = 0
    var retired: [HitTable]?
    /// What `convertFromSuperview` applies: nothing, `inverse`, or NaN (a singular transform).
    var inverseKind: InverseKind = .identity
    var transform: AffineTransform = .identity
    /// The inverse of `transform` when `inverseKind` is `.invertible` (set with `setTransform`).
    var inverse: AffineTransform = .identity
    enum InverseKind: UInt8 { case identity, invertible, singular }
    /// The responder chain's links and flag, after what hit testing reads: read for every
    /// touch message a view passes on (`View.superview` and `viewController`, back
    /// references; `View.handlesTouches`).
    unowned(unsafe) var superview: View?
    unowned(unsafe) var viewController: ViewController?
    var handlesTouches = false

    init(center: Point, bounds: Rect) {
        self.center = center
        self.bounds = bounds
    }

    /// Sets the transform and caches its inverse.
    mutating func setTransform(_ t: AffineTransform) {
        transform = t
        if t.isIdentity {
            inverseKind = .identity
        } else if let inv = t.inverted() {
            inverseKind = .invertible; inverse = inv
        } else {
            inverseKind = .singular
        }
    }
}

/// One subview of a parent, as hit testing sees it before reading the subview.
/// Laid out so that one entry is one cache line (64 bytes, tables are allocated 64-byte
/// aligned): rejecting reads that line only.
struct HitEntry {
    /// Conservative box in the parent's bounds space (see the file comment); a point
    /// strictly outside it is `outside`. (-inf, +inf) when the box must not reject.
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// The subview, kept alive by `HitTable.subviews` (unretained: visiting it costs no
    /// reference counting).
    var view: Unmanaged<View>
    /// The subview's name (for the path). Before the two one-byte fields, which fill its
    /// tail padding: the entry stays 64 bytes.
    var name: TraceName
    /// hidden, disabled or transparent: the subview is skipped with this verdict.
    var skip: HitVerdict?
    /// The subview's class keeps `View.point(inside:with:)` (called inline, not dynamically).
    var defaultInside: Bool
}

/// A parent's table of `HitEntry`, one per subview, in subview order. Immutable once
/// built: a rebuild makes a new table (new entries), so a loop walking the old one can tell.
final class HitTable {
    let count: Int
    let entries: UnsafeMutablePointer<HitEntry>
    /// The subviews the table was built from: they stay alive while a hit test walks the
    /// table (entries do not retain them), even if user code rearranges the hierarchy.
    let subviews: [View]

    init(subviews: [View]) {
        self.subviews = subviews
        count = subviews.count
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<HitEntry>.stride,
                                                   alignment: 64)
        entries = raw.bindMemory(to: HitEntry.self, capacity: max(1, count))
        for (i, s) in subviews.enumerated() {
            let skip: HitVerdict?
            if s.hit.isHidden { skip = .hidden }
            else if !s.hit.isUserInteractionEnabled { skip = .disabled }
            else if s.hit.alpha < 0.01 { skip = .transparent }
            else { skip = nil }
            let keeps = keepsDefaultPointInside(s)
            var e = HitEntry(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity,
                             view: .passUnretained(s), name: s.traceName, skip: skip, defaultInside: keeps)
            if keeps { s.hitBox(into: &e) }
            (entries + i).initialize(to: e)
        }
    }

    deinit {
        entries.deinitialize(count: count)
        UnsafeMutableRawPointer(entries).deallocate()
    }
}

extension View {
    /// This view's hit box may have changed (its geometry or a hit flag): the superview's
    /// table is rebuilt at its next hit test.
    final func hitBoxChanged() { superview?.hit.tableDirty = true }

    /// The subview list changed: the table is dirty, and dropped at once, unless a loop
    /// walks it, so that a removed subview is not kept alive until the next hit test.
    final func subviewsChanged() {
        hit.tableDirty = true
        if hit.pins == 0 { dropHitTable() }
    }

    /// Asks the subviews front to back (`p` in this view's space): the first that returns a
    /// view wins. Each subview is first looked up in the hit table (HitBoxes.swift): its skip
    /// verdict, then its box, which settles most siblings as `outside` without reading them;
    /// the others get the exact test and, if inside, are descended into.
    final func hitTestSubviews(_ p: Point, with event: Event?, path: inout [HitStep]?) -> View? {
        if hit.tableDirty { rebuildHitTable() }
        guard let entries = hit.entries else { return nil }
        // Pinned rather than retained (no atomic operations): the table, and through its
        // `subviews` every subview, stays alive until the loop ends (see rebuildHitTable).
        hit.pins &+= 1
        defer {
            hit.pins &-= 1
            if hit.pins == 0 {
                if hit.retired != nil { hit.retired = nil }
                if hit.tableDirty { dropHitTable() }
            }
        }
        let px = p.x, py = p.y
        var i = hit.count
        while i > 0 {
            i -= 1
            let e = entries + i
            if let skip = e.pointee.skip {
                path?.append(HitStep(view: e.pointee.name, verdict: skip)); continue
            }
            // Strictly outside the box (false for NaN): outside without reading the subview.
            if px < e.pointee.minX || px > e.pointee.maxX || py < e.pointee.minY || py > e.pointee.maxY {
                path?.append(HitStep(view: e.pointee.name, verdict: .outside)); continue
            }
            // The exact test, then the subview's subtree, without retaining the subview
            // (the table's `subviews` keeps it alive).
            var inside = false
            var found: View? = nil
            e.pointee.view._withUnsafeGuaranteedRef { s in
                let q = s.convertFromSuperview(p)
                inside = e.pointee.defaultInside ? s.defaultPointInside(q) : s.point(inside: q, with: event)
                if inside { found = s.hitTestInside(q, with: event, path: &path) }
            }
            if let found { return found }
            if !inside { path?.append(HitStep(view: e.pointee.name, verdict: .outside)) }
            // User code (an overridden point(inside:) here or below) may have changed what
            // the table describes: finish the old way, on the subviews the loop started with.
            if hit.tableDirty || hit.entries != entries {
                // The table this loop walks: still the current one, or retired by a rebuild.
                let walked = hit.entries == entries ? hit.table! : hit.retired!.first { $0.entries == entries }!
                return hitTestSubviewsExactly(walked.subviews, below: i, p, with: event, path: &path)
            }
        }
        return nil
    }

    /// Lets the table (and the subviews it holds) go; the next hit test rebuilds it.
    final func dropHitTable() {
        if hit.table != nil { hit.table = nil; hit.entries = nil; hit.count = 0 }
    }

    /// Makes a new hit table for the subviews. The old one is freed, unless a hit test is
    /// walking it (pinned): then it is kept until the last such loop ends.
    final func rebuildHitTable() {
        let table = hit.subviews.isEmpty ? nil : HitTable(subviews: hit.subviews)
        if hit.pins > 0, let old = hit.table { hit.retired = (hit.retired ?? []) + [old] }
        hit.table = table
        hit.entries = table?.entries
        hit.count = table?.count ?? 0
        hit.tableDirty = false
    }

    /// The subviews `subs[0..<end]`, front to back, each read from the view itself (the
    /// loop of before hit boxes; used once user code has changed the hierarchy mid-test).
    final func hitTestSubviewsExactly(_ subs: [View], below end: Int, _ p: Point, with event: Event?,
                                      path: inout [HitStep]?) -> View? {
        var i = end
        while i > 0 {
            i -= 1
            let s = subs[i]
            if let hit = s.hitTest(s.convertFromSuperview(p), with: event, path: &path) { return hit }
        }
        return nil
    }
}

/// Whether `v`'s exact class is one of this module's classes, none of which overrides
/// `point(inside:with:)`. Subclasses (this module's or a user's) are not assumed to keep it.
func keepsDefaultPointInside(_ v: View) -> Bool {
    let t = ObjectIdentifier(type(of: v))
    return t == ObjectIdentifier(View.self) || t == ObjectIdentifier(Window.self)
        || t == ObjectIdentifier(Control.self) || t == ObjectIdentifier(Button.self)
        || t == ObjectIdentifier(Slider.self) || t == ObjectIdentifier(Switch.self)
        || t == ObjectIdentifier(Stepper.self) || t == ObjectIdentifier(TextField.self)
        || t == ObjectIdentifier(PageControl.self) || t == ObjectIdentifier(SegmentedControl.self)
        || t == ObjectIdentifier(ScrollView.self)
}

extension View {
    /// Sets `e`'s box: a rectangle in the superview's bounds space containing every point
    /// `convertFromSuperview` + the default `point(inside:)` can accept, grown by a margin
    /// that covers the rounding of that exact test. Leaves (-inf, +inf) when it cannot
    /// promise that (non-finite geometry, a poorly conditioned transform).
    func hitBox(into e: inout HitEntry) {
        let b = hit.bounds, o = hit.touchOutset, c = hit.center
        // What point(inside:) accepts, in the view's space: [minX - ox, maxX + ox) (the same
        // on y), and convertFromSuperview adds origin + size / 2 to the offset from the
        // centre. So the offset d (after the inverse transform) lies in [dx0, dx1].
        let hx = b.origin.x + b.width / 2, hy = b.origin.y + b.height / 2
        var dx0 = (b.minX - o.width) - hx, dx1 = (b.maxX + o.width) - hx
        var dy0 = (b.minY - o.height) - hy, dy1 = (b.maxY + o.height) - hy
        if dx0 > dx1 { swap(&dx0, &dx1) }
        if dy0 > dy1 { swap(&dy0, &dy1) }
        let extent = abs(b.origin.x) + abs(b.origin.y) + abs(b.width) + abs(b.height)
            + abs(o.width) + abs(o.height)
        var x0: Double, x1: Double, y0: Double, y1: Double, magnitude: Double
        switch hit.inverseKind {
        case .identity:
            x0 = dx0; x1 = dx1; y0 = dy0; y1 = dy1
            magnitude = abs(c.x) + abs(c.y) + extent
        case .singular:
            // NaN in the exact test: never inside. Empty box: rejects every finite point.
            e.minX = .infinity; e.maxX = -.infinity; e.minY = .infinity; e.maxY = -.infinity
            return
        case .invertible:
            let t = hit.transform, i = hit.inverse
            let norm = abs(t.a) + abs(t.b) + abs(t.c) + abs(t.d)
            let inverseNorm = abs(i.a) + abs(i.b) + abs(i.c) + abs(i.d)
            // Condition estimate (false for NaN): beyond it the stored inverse is not close
            // enough to the transform's exact inverse for the margin to cover the difference.
            guard norm * inverseNorm <= 1e6 else { return }
            let p00 = t.apply(Point(x: dx0, y: dy0)), p10 = t.apply(Point(x: dx1, y: dy0))
            let p01 = t.apply(Point(x: dx0, y: dy1)), p11 = t.apply(Point(x: dx1, y: dy1))
            x0 = min(min(p00.x, p10.x), min(p01.x, p11.x)); x1 = max(max(p00.x, p10.x), max(p01.x, p11.x))
            y0 = min(min(p00.y, p10.y), min(p01.y, p11.y)); y1 = max(max(p00.y, p10.y), max(p01.y, p11.y))
            magnitude = abs(c.x) + abs(c.y) + norm * extent + abs(t.tx) + abs(t.ty)
                + norm * (abs(i.tx) + abs(i.ty))
        }
        let margin = 1e-7 * (1 + magnitude)
        let minX = c.x + x0 - margin, maxX = c.x + x1 + margin
        let minY = c.y + y0 - margin, maxY = c.y + y1 + margin
        // Anything non-finite (including an overflow): no box, the exact test decides.
        guard margin.isFinite, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        e.minX = minX; e.maxX = maxX; e.minY = minY; e.maxY = maxY
    }
}
