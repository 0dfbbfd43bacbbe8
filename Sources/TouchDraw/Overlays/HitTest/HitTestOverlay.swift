// HitTestOverlay: the hit-test path of the latest (or picked) touch, from its trace record.
//
// Every visited view is outlined (its transformed quad) in visiting order, with a label
// "N view: verdict" (inside, outside, hidden, transparent, disabled, hit); the hit-test view
// is filled. Areas that are drawn but can never be touched — the parts of a view outside an
// ancestor's bounds when that ancestor does not clip (SPEC.md section 2, rule 2) — are
// tinted and hatched. Outlines, fills and hatching respect the drawing order: the views drawn
// above a view (`SceneContent.paintOrder`) clip them.
//
// Labels hide nothing the user needs (`SceneContent.neededRects`: the controls and the views'
// text): each goes just outside its view (above, below, beside), else inside it where that
// hides nothing, off the other views of the path where it can (not inside a view it does not
// name), else into a legend box at a free corner of the scene. The touch's label
// ("touch 1 → pad") goes beside the touch's ring the same way.

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
    /// Whether the label is in the legend box (no room for it by its view).
    public var gathered = false
}

/// Where the overlay's labels go (canvas pixels).
public struct HitTestLayout: Sendable {
    public var marks: [HitTestMark]
    /// "touch 1 → pad" and its left-top corner.
    public var touchLabel: String
    public var touchLabelPosition: Point
    public var touchLabelGathered: Bool
    /// The legend box of the labels that found no room by their views; nil when none.
    public var legend: Rect?

    /// The box behind a label whose text starts at `position` (as drawn).
    public static func box(_ text: String, at position: Point, style: OverlayStyle, measurer: TextMeasurer) -> Rect {
        let w = measurer.measure(text, size: style.fontSize, font: .mono).width
        return Rect(x: position.x - 2 * style.scale, y: position.y, width: w + 4 * style.scale, height: style.lineHeight)
    }

    /// Every label's box as drawn (the legend's rows are inside `legend`).
    public func labelBoxes(style: OverlayStyle, measurer: TextMeasurer) -> [Rect] {
        var out = marks.filter { !$0.gathered }.map { Self.box($0.label, at: $0.labelPosition, style: style, measurer: measurer) }
        if !touchLabelGathered { out.append(Self.box(touchLabel, at: touchLabelPosition, style: style, measurer: measurer)) }
        if let legend { out.append(legend) }
        return out
    }
}

public enum HitTestOverlay {
    /// The marks for a hit test: one per visited view, in visiting order (`layout` places
    /// their labels).
    public static func marks(for hit: HitTestInfo, views: [String: View], sceneTransform m: AffineTransform,
                             style: OverlayStyle, measurer: TextMeasurer = EstimatedTextMeasurer(),
                             avoiding: [Rect] = [], sceneRect: Rect? = nil, needed: [Rect] = []) -> [HitTestMark] {
        layout(for: hit, views: views, sceneTransform: m, style: style, measurer: measurer, avoiding: avoiding,
               sceneRect: sceneRect, needed: needed).marks
    }

    /// Places the labels of a hit test. Labels keep out of `needed` (what the user needs to
    /// see: `SceneContent.neededRects`), out of `avoiding` (the pointer header band, the
    /// touch's ring) and out of each other, and inside `sceneRect` when given. `ring`: where
    /// the touch's ring is drawn now (canvas pixels), else the touch point.
    public static func layout(for hit: HitTestInfo, views: [String: View], sceneTransform m: AffineTransform,
                              style: OverlayStyle, measurer: TextMeasurer = EstimatedTextMeasurer(),
                              avoiding: [Rect] = [], sceneRect: Rect? = nil, needed: [Rect] = [],
                              ring: Point? = nil) -> HitTestLayout {
        layout(for: hit, views: views, sceneTransform: m, style: style, measurer: measurer, avoiding: avoiding,
               sceneRect: sceneRect, clearance: SceneContent.Clearance(rects: needed), ring: ring)
    }

    static func layout(for hit: HitTestInfo, views: [String: View], sceneTransform m: AffineTransform,
                       style: OverlayStyle, measurer: TextMeasurer, avoiding: [Rect], sceneRect: Rect?,
                       clearance: SceneContent.Clearance, ring: Point?) -> HitTestLayout {
        let u = style.scale
        var blocked = avoiding
        var placed: [Rect] = []
        func free(_ r: Rect) -> Bool {
            if let sceneRect, !sceneRect.contains(r, slack: 0.5) { return false }
            return !blocked.contains { $0.intersects(r) } && !placed.contains { $0.intersects(r) } && !clearance.blocks(r)
        }
        func size(_ text: String) -> Size {
            Size(width: measurer.measure(text, size: style.fontSize, font: .mono).width + 4 * u, height: style.lineHeight)
        }
        // The touch's label first: beside its ring (or the touch point's cross).
        let point = m.apply(hit.point)
        let centre = ring ?? point
        let radius = (ring != nil ? TouchesOverlay.ringRadius + 4 : 10) * u
        let touchLabel = "touch \(hit.touch) → \(hit.view ?? "window")"
        let marker = Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
        blocked.append(marker)
        var touchBox = firstFree(size(touchLabel), candidates: besides(marker, size(touchLabel), gap: 2 * u, step: style.lineHeight),
                                 free)
        if let b = touchBox { placed.append(b) }

        var out: [HitTestMark] = []
        var gathered: [Int] = []
        let quads = hit.path.map { step in views[step.view.string].map { $0.cornersInRoot().map(m.apply) } ?? [] }
        let boxes = quads.map { $0.count == 4 ? SceneContent.boundingBox($0) : nil }
        for (i, step) in hit.path.enumerated() {
            let quad = quads[i]
            let label = "\(i + 1) \(step.view): \(step.verdict.rawValue)"
            let sz = size(label)
            var box: Rect? = nil
            if quad.count == 4, let q = boxes[i] {
                let candidates = outside(q, sz, gap: 2 * u, step: style.lineHeight) + inside(q, sz, gap: 2 * u, step: style.lineHeight)
                // Not on another view of the path (one that is not an ancestor of this one): a
                // label there reads as that view's. Where no place is off them, the nearest free one.
                var ancestors = Set<String>()
                var up = views[step.view.string]?.superview
                while let a = up { ancestors.insert(a.id); up = a.superview }
                let others = boxes.indices.compactMap { j -> Rect? in
                    guard j != i, let b = boxes[j], !ancestors.contains(hit.path[j].view.string) else { return nil }
                    return b
                }
                box = firstFree(sz, candidates: candidates) { r in free(r) && !others.contains { $0.intersects(r) } }
                    ?? firstFree(sz, candidates: candidates, free)
            }
            if let box { placed.append(box) } else { gathered.append(i) }
            out.append(HitTestMark(number: i + 1, view: step.view.string, verdict: step.verdict, quad: quad, label: label,
                                   labelPosition: box.map { Point(x: $0.minX + 2 * u, y: $0.minY) } ?? .zero,
                                   gathered: box == nil))
        }

        // The legend: the labels with no room by their views, in a box at the freest corner.
        var rows: [String] = []
        let touchGathered = touchBox == nil
        if touchGathered { rows.append(touchLabel) }
        rows += gathered.map { out[$0].label }
        var legend: Rect? = nil
        if !rows.isEmpty {
            let width = rows.map { size($0).width }.max() ?? 0
            let height = Double(rows.count) * style.lineHeight
            let area = sceneRect ?? SceneContent.boundingBox(out.flatMap(\.quad) + [point])
            let inset = 4 * u
            let bands = avoiding.filter { $0.intersects(area) }
            let top = bands.filter { abs($0.minY - area.minY) < 1 }.map(\.maxY).max() ?? area.minY
            let bottom = bands.filter { abs($0.maxY - area.maxY) < 1 }.map(\.minY).min() ?? area.maxY
            let corners = [Point(x: area.minX + inset, y: top + inset), Point(x: area.maxX - inset - width, y: top + inset),
                           Point(x: area.minX + inset, y: bottom - inset - height),
                           Point(x: area.maxX - inset - width, y: bottom - inset - height)]
            let boxes = corners.map { Rect(x: $0.x, y: $0.y, width: width, height: height) }
            // The corner that hides the least of what is needed (the first of equals).
            func hidden(_ r: Rect) -> Double {
                (blocked + placed).reduce(0) { $0 + $1.overlap(r).surface } + clearance.hidden(r)
            }
            let best = boxes.min { hidden($0) < hidden($1) } ?? boxes[0]
            legend = best
            var y = best.minY
            if touchBox == nil {
                touchBox = Rect(x: best.minX, y: y, width: width, height: style.lineHeight)
                y += style.lineHeight
            }
            for i in gathered {
                out[i].labelPosition = Point(x: best.minX + 2 * u, y: y)
                y += style.lineHeight
            }
        }
        let touchAt = touchBox.map { Point(x: $0.minX + 2 * u, y: $0.minY) } ?? .zero
        return HitTestLayout(marks: out, touchLabel: touchLabel, touchLabelPosition: touchAt,
                             touchLabelGathered: touchGathered, legend: legend)
    }

    /// The first candidate rect that is free.
    static func firstFree(_ size: Size, candidates: [Point], _ free: (Rect) -> Bool) -> Rect? {
        for c in candidates {
            let r = Rect(x: c.x, y: c.y, width: size.width, height: size.height)
            if free(r) { return r }
        }
        return nil
    }

    /// Left-top corners just outside `q`: above, below, then beside it, each also moved a
    /// few lines further out.
    static func outside(_ q: Rect, _ s: Size, gap g: Double, step: Double) -> [Point] {
        var out: [Point] = []
        for k in 0..<3 {
            let d = Double(k) * step
            out += [Point(x: q.minX, y: q.minY - g - s.height - d), Point(x: q.maxX - s.width, y: q.minY - g - s.height - d),
                    Point(x: q.minX, y: q.maxY + g + d), Point(x: q.maxX - s.width, y: q.maxY + g + d),
                    Point(x: q.maxX + g, y: q.minY + d), Point(x: q.minX - g - s.width, y: q.minY + d),
                    Point(x: q.maxX + g, y: q.maxY - s.height - d), Point(x: q.minX - g - s.width, y: q.maxY - s.height - d)]
        }
        return out
    }

    /// Left-top corners inside `q`'s corners, each also moved a few lines inwards.
    static func inside(_ q: Rect, _ s: Size, gap g: Double, step: Double) -> [Point] {
        var out: [Point] = []
        for k in 0..<4 {
            let d = Double(k) * step
            out += [Point(x: q.minX + g, y: q.minY + g + d), Point(x: q.maxX - g - s.width, y: q.minY + g + d),
                    Point(x: q.minX + g, y: q.maxY - g - s.height - d), Point(x: q.maxX - g - s.width, y: q.maxY - g - s.height - d)]
        }
        return out
    }

    /// Left-top corners beside a marker: right of it, left, below, above.
    static func besides(_ q: Rect, _ s: Size, gap g: Double, step: Double) -> [Point] {
        var out: [Point] = []
        for k in 0..<3 {
            let d = Double(k) * step
            out += [Point(x: q.maxX + g, y: q.midY - s.height / 2 + d), Point(x: q.minX - g - s.width, y: q.midY - s.height / 2 + d),
                    Point(x: q.midX - s.width / 2, y: q.maxY + g + d), Point(x: q.midX - s.width / 2, y: q.minY - g - s.height - d),
                    Point(x: q.maxX + g, y: q.midY - s.height / 2 - d - step), Point(x: q.minX - g - s.width, y: q.midY - s.height / 2 - d - step)]
        }
        return out
    }

    /// Draws the path of `hit` (nil: nothing) and the untouchable areas over the scene. Labels
    /// stay out of the `avoiding` rects and off what the user needs to see (the controls, the
    /// views' text); with `ring` (where the touches overlay draws this touch's ring now, in
    /// canvas pixels) the touch's label goes beside the ring.
    public static func draw(hit: HitTestInfo?, window: Window, views: [String: View],
                            sceneTransform m: AffineTransform, sceneRect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, avoiding: [Rect] = [], ring: Point? = nil,
                            content: SceneContent.Cache = SceneContent.Cache(), into list: inout DisplayList) {
        let u = style.scale
        list.clipped(to: sceneRect) { list in
            // The drawing order, when something is to be clipped by it (walked once a frame).
            func order() -> [SceneContent.Painted] { content.paintOrder(window: window, sceneTransform: m) }
            drawUntouchable(window: window, m: m, scale: u, painted: order, into: &list)
            guard let hit else { return }
            let p = order()
            let L = layout(for: hit, views: views, sceneTransform: m, style: style, measurer: measurer, avoiding: avoiding,
                           sceneRect: sceneRect, clearance: content.clearance(window: window, sceneTransform: m, measurer: measurer),
                           ring: ring)
            for mk in L.marks where mk.quad.count == 4 {
                let c = OverlayStyle.color(of: mk.verdict)
                let above = SceneContent.above(mk.view, in: p)
                // The hit-test view's fill is one polygon (pieces would show their seams); its
                // outline is what the views above it clip.
                if mk.verdict == .hit { list.fillPolygon(mk.quad, c.withAlpha(0.22)) }
                let width = (mk.verdict == .hit ? 3 : 1.5) * u
                let segments = Geometry2D.outline(mk.quad, minus: above)
                if segments.count == 4 && zip(segments, mk.quad).allSatisfy({ $0.0.0 == $0.1 }) {
                    list.polyline(mk.quad, c, width: width, closed: true)   // nothing above it reaches its edges
                } else {
                    // Pieces shorter than 4 units (gaps between views above it) are not drawn.
                    for seg in segments where seg.0.distance(to: seg.1) >= 4 * u { list.line(from: seg.0, to: seg.1, c, width: width) }
                }
            }
            let background = Color(r: 0, g: 0, b: 0, a: 190)
            if let legend = L.legend { list.fillRect(legend, background) }
            for mk in L.marks {
                let c = OverlayStyle.color(of: mk.verdict)
                let box = HitTestLayout.box(mk.label, at: mk.labelPosition, style: style, measurer: measurer)
                if !mk.gathered { list.fillRect(box, background) }
                list.text(mk.label, at: Point(x: mk.labelPosition.x, y: box.midY), size: style.fontSize, color: c,
                          font: .mono, baseline: .middle)
            }
            // The touch point and its label.
            let pt = m.apply(hit.point)
            list.line(from: pt - Point(x: 8 * u, y: 0), to: pt + Point(x: 8 * u, y: 0), style.selection, width: 1.5 * u)
            list.line(from: pt - Point(x: 0, y: 8 * u), to: pt + Point(x: 0, y: 8 * u), style.selection, width: 1.5 * u)
            let box = HitTestLayout.box(L.touchLabel, at: L.touchLabelPosition, style: style, measurer: measurer)
            if !L.touchLabelGathered { list.fillRect(box, background) }
            list.text(L.touchLabel, at: Point(x: L.touchLabelPosition.x, y: box.midY), size: style.fontSize,
                      color: style.selection, font: .mono, baseline: .middle)
        }
    }

    // MARK: Untouchable areas

    /// Convex pieces (canvas pixels) of views that are drawn but cannot be touched there, and
    /// that no view drawn above them hides.
    public static func untouchableAreas(window: Window, sceneTransform m: AffineTransform) -> [(view: String, polygon: [Point])] {
        untouchableAreas(window: window, sceneTransform: m) { SceneContent.paintOrder(window: window, sceneTransform: m) }
    }

    static func untouchableAreas(window: Window, sceneTransform m: AffineTransform,
                                 painted: () -> [SceneContent.Painted]) -> [(view: String, polygon: [Point])] {
        let p = painted()
        var out: [(view: String, polygon: [Point])] = []
        for e in p where !e.untouchable.isEmpty {
            // What the views drawn above hide is not shown as untouchable.
            for piece in Geometry2D.subtracting(SceneContent.covers(after: e.order, in: p), from: e.untouchable)
            where Geometry2D.area(piece) > 1 {
                out.append((e.view.id, piece))
            }
        }
        return out
    }

    static func drawUntouchable(window: Window, m: AffineTransform, scale u: Double = 1,
                                painted: () -> [SceneContent.Painted], into list: inout DisplayList) {
        let tint = Color(r: 255, g: 59, b: 48, a: 60), hatch = Color(r: 255, g: 90, b: 80, a: 170)
        for (_, poly) in untouchableAreas(window: window, sceneTransform: m, painted: painted) {
            list.fillPolygon(poly, tint)
            // 1.5 units wide: a line 1 pixel wide, drawn as a quad whose corners the software
            // painter cuts to whole pixels, can collapse to nothing (all of a piece's lines at
            // once, their ends sharing the piece's edges: at 1280×800 only a strip was hatched).
            for seg in Geometry2D.hatch(poly, spacing: 8 * u) { list.line(from: seg.0, to: seg.1, hatch, width: 1.5 * u) }
        }
    }
}

extension Rect {
    /// Whether `r` lies inside, give or take `slack`.
    func contains(_ r: Rect, slack: Double) -> Bool {
        r.minX >= minX - slack && r.minY >= minY - slack && r.maxX <= maxX + slack && r.maxY <= maxY + slack
    }
    /// The overlap of two rects (empty: zero size).
    func overlap(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, r.maxX) - x0), height: max(0, min(maxY, r.maxY) - y0))
    }
    var surface: Double { width * height }
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
