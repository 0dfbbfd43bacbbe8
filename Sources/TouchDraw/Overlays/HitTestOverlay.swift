// HitTestOverlay: the hit-test path of the latest (or picked) touch, from its trace record.
//
// Every visited view is outlined (its transformed quad) in visiting order, numbered, with
// its verdict (inside, outside, hidden, transparent, disabled, hit); the hit-test view is
// filled. Areas that are drawn but can never be touched — the parts of a view outside an
// ancestor's bounds when that ancestor does not clip (SPEC.md section 2, rule 2) — are
// tinted and hatched.

/// One numbered outline of the overlay, as data (what tests look at).
public struct HitTestMark: Sendable, Hashable {
    /// 1-based visiting order.
    public var number: Int
    public var view: String
    public var verdict: HitVerdict
    /// The view's quad in canvas pixels (top-left, top-right, bottom-right, bottom-left);
    /// empty when the view is no longer in the tree.
    public var quad: [Point]
    /// The label text and where its left-top corner is.
    public var label: String
    public var labelPosition: Point
}

public enum HitTestOverlay {
    /// The marks for a hit test: one per visited view, in visiting order. Labels stay out of
    /// the `avoiding` rects (the touches overlay's header band).
    public static func marks(for hit: HitTestInfo, views: [String: View], sceneTransform m: AffineTransform,
                             style: OverlayStyle, measurer: TextMeasurer = EstimatedTextMeasurer(),
                             avoiding: [Rect] = []) -> [HitTestMark] {
        var used = avoiding
        var out: [HitTestMark] = []
        let u = style.scale
        for (i, step) in hit.path.enumerated() {
            let quad = views[step.view.string].map { $0.cornersInRoot().map(m.apply) } ?? []
            let label = "\(i + 1) \(step.view): \(step.verdict.rawValue)"
            // The label sits inside the quad's top-left corner; labels of nested views that
            // share a corner stack downwards instead of overlapping.
            var pos = (quad.first ?? m.apply(hit.point)) + Point(x: 3 * u, y: 2 * u)
            let w = measurer.measure(label, size: style.fontSize, font: .mono).width + 4 * u
            var box = Rect(x: pos.x - 2 * u, y: pos.y, width: w, height: style.lineHeight)
            while used.contains(where: { $0.intersects(box) }) {
                pos.y += style.lineHeight; box.origin.y += style.lineHeight
            }
            used.append(box)
            out.append(HitTestMark(number: i + 1, view: step.view.string, verdict: step.verdict, quad: quad,
                                   label: label, labelPosition: pos))
        }
        return out
    }

    /// Draws the path of `hit` (nil: nothing) and the untouchable areas over the scene. Labels
    /// stay out of the `avoiding` rects; with `ring` (where the touches overlay draws this
    /// touch's ring now, in canvas pixels) the touch's label goes to the ring's right.
    public static func draw(hit: HitTestInfo?, window: Window, views: [String: View],
                            sceneTransform m: AffineTransform, sceneRect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, avoiding: [Rect] = [], ring: Point? = nil, into list: inout DisplayList) {
        let u = style.scale
        list.clipped(to: sceneRect) { list in
            drawUntouchable(window: window, m: m, scale: u, into: &list)
            guard let hit else { return }
            let marks = marks(for: hit, views: views, sceneTransform: m, style: style, measurer: measurer, avoiding: avoiding)
            for mk in marks where mk.quad.count == 4 {
                let c = OverlayStyle.color(of: mk.verdict)
                if mk.verdict == .hit { list.fillPolygon(mk.quad, c.withAlpha(0.22)) }
                list.polyline(mk.quad, c, width: (mk.verdict == .hit ? 3 : 1.5) * u, closed: true)
            }
            for mk in marks {
                let c = OverlayStyle.color(of: mk.verdict)
                let sz = measurer.measure(mk.label, size: style.fontSize, font: .mono)
                let box = Rect(x: mk.labelPosition.x - 2 * u, y: mk.labelPosition.y, width: sz.width + 4 * u, height: style.lineHeight)
                list.fillRect(box, Color(r: 0, g: 0, b: 0, a: 190))
                list.text(mk.label, at: Point(x: mk.labelPosition.x, y: box.midY), size: style.fontSize, color: c,
                          font: .mono, baseline: .middle)
            }
            // The touch point.
            let p = m.apply(hit.point)
            list.line(from: p - Point(x: 8 * u, y: 0), to: p + Point(x: 8 * u, y: 0), style.selection, width: 1.5 * u)
            list.line(from: p - Point(x: 0, y: 8 * u), to: p + Point(x: 0, y: 8 * u), style.selection, width: 1.5 * u)
            let at = ring.map { $0 + Point(x: (TouchesOverlay.ringRadius + 6) * u, y: 4 * u) } ?? p + Point(x: 10 * u, y: 10 * u)
            list.text("touch \(hit.touch) → \(hit.view ?? "window")", at: at, size: style.fontSize, color: style.selection, font: .mono)
        }
    }

    // MARK: Untouchable areas

    /// Convex pieces (canvas pixels) of views that are drawn but cannot be touched there.
    public static func untouchableAreas(window: Window, sceneTransform m: AffineTransform) -> [(view: String, polygon: [Point])] {
        var out: [(String, [Point])] = []
        // touchable: the intersection of the ancestors' quads; visible: of the clipping ones.
        func walk(_ v: View, touchable: [Point]?, visible: [Point]?, parent: AffineTransform) {
            if v.isHidden || v.alpha <= 0 { return }
            let local = SceneRenderer.localToSuper(v).concatenating(parent)
            let quad = DisplayList.corners(of: v.bounds).map(local.apply)
            var drawn = quad
            if let visible { drawn = Geometry2D.intersect(drawn, visible) }
            // Most views lie inside their ancestors: then there is nothing to subtract and the
            // intersections are the quad itself (exactly: see `isInside`), so the polygon
            // clipping (arrays per edge, every frame, for every view) is skipped.
            if let touchable, drawn.count >= 3, !Geometry2D.isInside(drawn, touchable) {
                for piece in Geometry2D.subtract(drawn, convex: touchable) where Geometry2D.area(piece) > 1 {
                    out.append((v.id, piece))
                }
            }
            func within(_ outer: [Point]) -> [Point] {
                Geometry2D.isInside(quad, outer) ? quad : Geometry2D.intersect(quad, outer)
            }
            let childTouchable = touchable.map(within) ?? quad
            let childVisible: [Point]? = v.clipsToBounds ? (visible.map(within) ?? quad) : visible
            for s in v.subviews { walk(s, touchable: childTouchable, visible: childVisible, parent: local) }
        }
        for s in window.subviews { walk(s, touchable: nil, visible: nil, parent: m) }
        return out
    }

    static func drawUntouchable(window: Window, m: AffineTransform, scale u: Double = 1, into list: inout DisplayList) {
        let tint = Color(r: 255, g: 59, b: 48, a: 60), hatch = Color(r: 255, g: 90, b: 80, a: 170)
        for (_, poly) in untouchableAreas(window: window, sceneTransform: m) {
            list.fillPolygon(poly, tint)
            for seg in Geometry2D.hatch(poly, spacing: 8 * u) { list.line(from: seg.0, to: seg.1, hatch, width: u) }
        }
    }
}

/// Small convex-polygon helpers (clockwise or counter-clockwise; any orientation works).
enum Geometry2D {
    static func area(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<p.count { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
        return abs(s) / 2
    }
    static func signedArea(_ p: [Point]) -> Double {
        var s = 0.0
        for i in 0..<p.count { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
        return s / 2
    }
    /// Keeps the part of `poly` on the side of the line a→b where `side(x) ≥ 0`.
    static func clip(_ poly: [Point], _ a: Point, _ b: Point, keepLeft: Bool) -> [Point] {
        func side(_ p: Point) -> Double {
            let s = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            return keepLeft ? s : -s
        }
        var out: [Point] = []
        guard !poly.isEmpty else { return out }
        for i in 0..<poly.count {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            let sp = side(p), sq = side(q)
            if sp >= 0 { out.append(p) }
            if (sp >= 0) != (sq >= 0) {
                let t = sp / (sp - sq)
                out.append(p + (q - p) * t)
            }
        }
        return out
    }
    /// Whether every point of `poly` lies on the kept side of (or on) every edge of `convex`,
    /// computed exactly as `clip` computes it. Then `intersect(poly, convex)` is `poly`
    /// itself (every clip keeps every point, in order, and adds none) and
    /// `subtract(poly, convex:)` has no piece of any area. A NaN coordinate is never inside.
    static func isInside(_ poly: [Point], _ convex: [Point]) -> Bool {
        guard convex.count >= 3, poly.count >= 3 else { return false }
        let ccw = signedArea(convex) > 0
        for i in 0..<convex.count {
            let a = convex[i], b = convex[(i + 1) % convex.count]
            for p in poly {
                let s = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                if !((ccw ? s : -s) >= 0) { return false }
            }
        }
        return true
    }
    /// The intersection of `poly` with the convex polygon `convex`.
    static func intersect(_ poly: [Point], _ convex: [Point]) -> [Point] {
        guard convex.count >= 3 else { return [] }
        let ccw = signedArea(convex) > 0
        var r = poly
        for i in 0..<convex.count where r.count >= 3 {
            r = clip(r, convex[i], convex[(i + 1) % convex.count], keepLeft: ccw)
        }
        return r.count >= 3 ? r : []
    }
    /// `poly` minus the convex polygon `convex`, as disjoint convex pieces.
    static func subtract(_ poly: [Point], convex: [Point]) -> [[Point]] {
        guard convex.count >= 3 else { return [poly] }
        let ccw = signedArea(convex) > 0
        var rest = poly
        var pieces: [[Point]] = []
        for i in 0..<convex.count where rest.count >= 3 {
            let a = convex[i], b = convex[(i + 1) % convex.count]
            let outside = clip(rest, a, b, keepLeft: !ccw)
            if outside.count >= 3 { pieces.append(outside) }
            rest = clip(rest, a, b, keepLeft: ccw)
        }
        return pieces
    }
    /// Diagonal hatch segments inside a convex polygon, `spacing` pixels apart.
    static func hatch(_ poly: [Point], spacing: Double) -> [(Point, Point)] {
        guard poly.count >= 3 else { return [] }
        // Lines x + y = c; clip each to the polygon (Cyrus–Beck style via clipping a long segment).
        let sums = poly.map { $0.x + $0.y }
        guard let lo = sums.min(), let hi = sums.max() else { return [] }
        var out: [(Point, Point)] = []
        var c = (lo / spacing).rounded(.up) * spacing
        let ccw = signedArea(poly) > 0
        while c <= hi, out.count < 400 {
            // A long segment on x + y = c across the polygon's box.
            let xs = poly.map(\.x)
            let x0 = (xs.min() ?? 0) - 1, x1 = (xs.max() ?? 0) + 1
            var p = Point(x: x0, y: c - x0), q = Point(x: x1, y: c - x1)
            var ok = true
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                func side(_ r: Point) -> Double {
                    let s = (b.x - a.x) * (r.y - a.y) - (b.y - a.y) * (r.x - a.x)
                    return ccw ? s : -s
                }
                let sp = side(p), sq = side(q)
                if sp < 0 && sq < 0 { ok = false; break }
                if sp < 0 { p = p + (q - p) * (sp / (sp - sq)) } else if sq < 0 { q = p + (q - p) * (sp / (sp - sq)) }
            }
            if ok, p.distance(to: q) > 0.5 { out.append((p, q)) }
            c += spacing
        }
        return out
    }
}

extension OverlayPanel {
    /// The hit-test path of the latest (or picked) touch and untouchable areas (over the scene).
    public static let hitTest = OverlayPanel("hitTest")
}
