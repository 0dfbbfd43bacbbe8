// SceneContent: what the scene shows that the overlays over it must keep clear of, and which
// views are drawn above which.
//
//   needed rects   the controls and every view's text (titles, labels), canvas pixels: the
//                  overlays put their labels and the pointer header elsewhere
//   paint order    every view drawn, in the order SceneRenderer draws it (a view, then its
//                  subviews, back to front), with the polygon it paints: a view's outline or
//                  hatching is clipped by the views drawn after it (`covers(after:)`)

/// The scene's views as the overlays meet them (canvas pixels).
public enum SceneContent {
    /// The rects of what a user needs to see on the scene (canvas pixels): every control's
    /// box and every view's text (the box its text run takes). With `within`, only the
    /// views whose box meets one of those rects are looked at (nothing is measured for the
    /// others).
    public static func neededRects(window: Window, sceneTransform m: AffineTransform, measurer: TextMeasurer,
                                   within: [Rect]? = nil) -> [Rect] {
        var out: [Rect] = []
        func walk(_ v: View, parent: AffineTransform) {
            if v.isHidden || v.alpha <= 0 { return }
            let local = SceneRenderer.localToSuper(v).concatenating(parent)
            let box = boundingBox(DisplayList.corners(of: v.bounds).map(local.apply))
            if within.map({ $0.contains { $0.intersects(box) } }) ?? true {
                if v is Control {
                    out.append(box)
                } else if let text = v.text, !text.isEmpty {
                    out.append(textRect(text, of: v, local, measurer: measurer))
                }
            }
            for s in v.subviews { walk(s, parent: local) }
        }
        for s in window.subviews { walk(s, parent: m) }
        return out
    }

    /// Each control's box (canvas pixels), by view id: the hit map writes a control's name
    /// on it, off its middle where its title is.
    public static func controlBoxes(window: Window, sceneTransform m: AffineTransform) -> [String: Rect] {
        var out: [String: Rect] = [:]
        func walk(_ v: View, parent: AffineTransform) {
            if v.isHidden || v.alpha <= 0 { return }
            let local = SceneRenderer.localToSuper(v).concatenating(parent)
            if v is Control { out[v.id] = boundingBox(DisplayList.corners(of: v.bounds).map(local.apply)) }
            for s in v.subviews { walk(s, parent: local) }
        }
        for s in window.subviews { walk(s, parent: m) }
        return out
    }

    /// The box of a view's text as `SceneRenderer.drawText` draws it (bounding box of the
    /// text run under the view's transform).
    static func textRect(_ text: String, of v: View, _ m: AffineTransform, measurer: TextMeasurer) -> Rect {
        let b = v.bounds
        let s = abs(m.determinant).squareRoot()
        let size = v.fontSize * s
        let maxWidth = max(0, (b.width - 8) * s)
        let w = min(maxWidth, measurer.measure(text, size: size, font: v.font).width)
        let h = size * 1.3
        let x: Double
        switch v.textAlignment {
        case .left: x = b.minX + 8
        case .center: x = b.midX
        case .right: x = b.maxX - 8
        }
        let anchor = m.apply(Point(x: x, y: b.midY))
        let left: Double
        switch v.textAlignment {
        case .left: left = anchor.x
        case .center: left = anchor.x - w / 2
        case .right: left = anchor.x - w
        }
        return Rect(x: left, y: anchor.y - h / 2, width: w, height: h)
    }

    /// One view as drawn.
    public struct Painted {
        public var view: View
        /// Its place in the drawing order (0: drawn first).
        public var order: Int
        /// The polygon it is drawn in: its quad, clipped by the ancestors that clip.
        public var drawn: [Point]
        /// The box of its quad (canvas pixels).
        public var box: Rect
        /// Whether it paints its polygon (a background or an image): it hides what lies under it.
        public var covers: Bool
        /// Whether the user needs to see it (a control, or a view with text).
        public var isNeeded: Bool
        /// The convex pieces of it that are drawn but cannot be touched (outside an ancestor
        /// that does not clip: SPEC.md section 2, rule 2), before what is drawn above it.
        public var untouchable: [[Point]]
        /// The transform from its bounds to the canvas.
        var toCanvas: AffineTransform
    }

    /// Every view drawn, in drawing order, with the parts of it that cannot be touched.
    public static func paintOrder(window: Window, sceneTransform m: AffineTransform) -> [Painted] {
        var out: [Painted] = []
        // touchable: the intersection of the ancestors' quads; visible: of the clipping ones.
        func walk(_ v: View, touchable: [Point]?, visible: [Point]?, parent: AffineTransform) {
            if v.isHidden || v.alpha <= 0 { return }
            let local = SceneRenderer.localToSuper(v).concatenating(parent)
            let quad = DisplayList.corners(of: v.bounds).map(local.apply)
            // Most views lie inside their ancestors: then the intersections are the quad itself
            // (exactly: see `Geometry2D.isInside`) and there is nothing to subtract, so the
            // polygon clipping (arrays per edge, every frame, for every view) is skipped.
            func within(_ outer: [Point]) -> [Point] {
                Geometry2D.isInside(quad, outer) ? quad : Geometry2D.intersect(quad, outer)
            }
            let drawn = visible.map(within) ?? quad
            var untouchable: [[Point]] = []
            if let touchable, drawn.count >= 3, !Geometry2D.isInside(drawn, touchable) {
                for piece in Geometry2D.subtract(drawn, convex: touchable) where Geometry2D.area(piece) > 1 {
                    untouchable.append(piece)
                }
            }
            out.append(Painted(view: v, order: out.count, drawn: drawn, box: boundingBox(quad),
                               covers: drawn.count >= 3 && (v.backgroundColor.a > 0 || v.imagePath != nil),
                               isNeeded: v.text?.isEmpty == false || v is Control, untouchable: untouchable, toCanvas: local))
            let childTouchable = touchable.map(within) ?? quad
            let childVisible: [Point]? = v.clipsToBounds ? drawn : visible
            for s in v.subviews { walk(s, touchable: childTouchable, visible: childVisible, parent: local) }
        }
        for s in window.subviews { walk(s, touchable: nil, visible: nil, parent: m) }
        return out
    }

    /// The scene's views as drawn and what the user needs to see, worked out once for a frame
    /// and shared by the overlays over the scene (`PanelContext.sceneContent`).
    public final class Cache {
        private var key: (window: ObjectIdentifier, transform: AffineTransform)?
        private var painted: [Painted] = []
        private var clearance: Clearance?

        public init() {}

        /// `SceneContent.paintOrder` of `window` under `m`, walked once.
        public func paintOrder(window: Window, sceneTransform m: AffineTransform) -> [Painted] {
            if let key, key.window == ObjectIdentifier(window), key.transform == m { return painted }
            key = (ObjectIdentifier(window), m)
            painted = SceneContent.paintOrder(window: window, sceneTransform: m)
            clearance = nil
            return painted
        }

        /// What the user needs to see on `window` under `m`, measured as it is asked.
        func clearance(window: Window, sceneTransform m: AffineTransform, measurer: TextMeasurer) -> Clearance {
            let p = paintOrder(window: window, sceneTransform: m)
            if let clearance { return clearance }
            let c = Clearance(painted: p, measurer: measurer)
            clearance = c
            return c
        }
    }

    /// What the user needs to see (`neededRects`), asked rect by rect: a view's text is
    /// measured only when a rect asked about meets the view's box (labels are placed by
    /// trying a few dozen rects; most views are never measured), and only the views in the
    /// grid cells a rect covers are looked at.
    final class Clearance {
        private var painted: [Painted] = []
        /// The needed views' places in `painted`, and their boxes.
        private var index: [Int32] = []
        private var boxes: [Rect] = []
        private var measured: [Rect?] = []
        private var isMeasured: [Bool] = []
        private let measurer: TextMeasurer
        private let fixed: [Rect]
        private static let estimate = GenerousEstimate()
        private struct GenerousEstimate: TextMeasurer {
            func measure(_ string: String, size: Double, font: FontFace) -> Size {
                let s = EstimatedTextMeasurer().measure(string, size: size, font: font)
                return Size(width: s.width * 1.1, height: s.height)
            }
        }
        // A grid over the boxes: the indices of the boxes meeting cell k are
        // entries[starts[k] ..< starts[k + 1]].
        private var origin = Point(x: 0, y: 0)
        private var cell = 1.0
        private var columns = 0, rows = 0
        private var starts: [Int32] = []
        private var entries: [Int32] = []
        private var seen: [UInt32] = []
        private var stamp: UInt32 = 0

        init(painted: [Painted], measurer: TextMeasurer) {
            self.measurer = measurer
            fixed = []
            self.painted = painted
            // Built in locals, stored at the end (no access checks per element).
            var index: [Int32] = [], boxes: [Rect] = []
            index.reserveCapacity(painted.count); boxes.reserveCapacity(painted.count)
            for i in painted.indices where painted[i].isNeeded {
                index.append(Int32(i)); boxes.append(painted[i].box)
            }
            self.index = index
            self.boxes = boxes
            measured = Array(repeating: nil, count: boxes.count)
            isMeasured = Array(repeating: false, count: boxes.count)
            seen = Array(repeating: 0, count: boxes.count)
            guard let first = boxes.first else { return }
            var x0 = first.minX, y0 = first.minY, x1 = first.maxX, y1 = first.maxY
            for b in boxes { x0 = min(x0, b.minX); y0 = min(y0, b.minY); x1 = max(x1, b.maxX); y1 = max(y1, b.maxY) }
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
            let origin = Point(x: x0, y: y0)
            let cell = max(1, max(x1 - x0, y1 - y0) / 16)
            let columns = min(64, Int(((x1 - x0) / cell).rounded(.down)) + 1)
            let rows = min(64, Int(((y1 - y0) / cell).rounded(.down)) + 1)
            self.origin = origin; self.cell = cell; self.columns = columns; self.rows = rows
            func span(_ r: Rect) -> (Int, Int, Int, Int) { Self.span(r, origin: origin, cell: cell, columns: columns, rows: rows) }
            // Counted, then filled: two arrays, whatever the number of views.
            var counts = [Int32](repeating: 0, count: columns * rows + 1)
            for b in boxes {
                let (c0, c1, r0, r1) = span(b)
                guard c0 <= c1, r0 <= r1 else { continue }
                for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
            }
            for k in 1..<counts.count { counts[k] += counts[k - 1] }
            var entries = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
            var next = counts
            for (i, b) in boxes.enumerated() {
                let (c0, c1, r0, r1) = span(b)
                guard c0 <= c1, r0 <= r1 else { continue }
                for r in r0...r1 {
                    for c in c0...c1 {
                        let k = r * columns + c
                        entries[Int(next[k])] = Int32(i)
                        next[k] += 1
                    }
                }
            }
            starts = counts
            self.entries = entries
        }

        /// Clearance from these rects only.
        init(rects: [Rect]) {
            measurer = EstimatedTextMeasurer(); fixed = rects
        }

        /// The grid cells `r` covers (columns c0…c1, rows r0…r1; empty when outside the grid).
        private func span(_ r: Rect) -> (Int, Int, Int, Int) {
            Self.span(r, origin: origin, cell: cell, columns: columns, rows: rows)
        }

        private static func span(_ r: Rect, origin: Point, cell: Double, columns: Int, rows: Int) -> (Int, Int, Int, Int) {
            func index(_ v: Double, _ o: Double, _ n: Int) -> Int {
                let k = ((v - o) / cell).rounded(.down)
                return k < 0 ? 0 : k >= Double(n) ? n - 1 : Int(k)
            }
            guard columns > 0, rows > 0, r.maxX >= origin.x, r.maxY >= origin.y,
                  r.minX <= origin.x + Double(columns) * cell, r.minY <= origin.y + Double(rows) * cell else { return (1, 0, 1, 0) }
            return (index(r.minX, origin.x, columns), index(r.maxX, origin.x, columns),
                    index(r.minY, origin.y, rows), index(r.maxY, origin.y, rows))
        }

        private func needed(_ i: Int) -> Rect? {
            if isMeasured[i] { return measured[i] }
            let p = painted[Int(index[i])]
            let v = p.view
            // Text is estimated a tenth wider than DejaVu's average advance (no font lookup: a
            // frame may ask about hundreds of views), never wider than the run's maxWidth.
            let r: Rect? = v is Control ? boxes[i]
                : v.text.map { SceneContent.textRect($0, of: v, p.toCanvas, measurer: Self.estimate) }
            measured[i] = r
            isMeasured[i] = true
            return r
        }

        /// Calls `body` once for each view whose box meets `r`; stops when it returns true.
        private func forEach(meeting r: Rect, _ body: (Int) -> Bool) {
            let (c0, c1, r0, r1) = span(r)
            guard c0 <= c1, r0 <= r1 else { return }
            stamp &+= 1
            for row in r0...r1 {
                for c in c0...c1 {
                    let k = row * columns + c
                    for e in Int(starts[k])..<Int(starts[k + 1]) {
                        let i = Int(entries[e])
                        if seen[i] == stamp { continue }
                        seen[i] = stamp
                        if boxes[i].intersects(r), body(i) { return }
                    }
                }
            }
        }

        /// Whether `r` hides something needed.
        func blocks(_ r: Rect) -> Bool {
            if fixed.contains(where: { $0.intersects(r) }) { return true }
            var found = false
            forEach(meeting: r) { i in
                if let n = needed(i), n.intersects(r) { found = true }
                return found
            }
            return found
        }

        /// How much of what is needed `r` hides (area, canvas pixels²).
        func hidden(_ r: Rect) -> Double {
            var sum = fixed.reduce(0) { $0 + $1.overlap(r).surface }
            forEach(meeting: r) { i in
                if let n = needed(i) { sum += n.overlap(r).surface }
                return false
            }
            return sum
        }
    }

    /// The views drawn after (above) the view with id `id` (its first occurrence); none when
    /// it is not drawn. Those that `covers` hide what lies under them.
    static func above(_ id: String, in painted: [Painted]) -> ArraySlice<Painted> {
        guard let i = painted.firstIndex(where: { $0.view.id == id }) else { return [] }
        return painted[(i + 1)...]
    }

    /// The polygons drawn after (above) the view drawn `order`th that hide what lies under them.
    static func covers(after order: Int, in painted: [Painted]) -> [[Point]] {
        guard order + 1 < painted.count else { return [] }
        return painted[(order + 1)...].filter(\.covers).map(\.drawn)
    }

    static func boundingBox(_ pts: [Point]) -> Rect {
        guard let first = pts.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for p in pts.dropFirst() { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Geometry2D {
    /// `pieces` (convex) minus every polygon of `covers` (convex), as convex pieces. Covers
    /// whose box misses a piece's are skipped; past `limit` pieces the rest is kept as it is
    /// (a bound on the work, never on what is shown: at worst too much stays).
    static func subtracting(_ covers: [[Point]], from pieces: [[Point]], limit: Int = 256) -> [[Point]] {
        var rest = pieces
        for cover in covers where cover.count >= 3 {
            let box = SceneContent.boundingBox(cover)
            var next: [[Point]] = []
            for piece in rest {
                if next.count + rest.count > limit || !SceneContent.boundingBox(piece).intersects(box) {
                    next.append(piece)
                    continue
                }
                for p in subtract(piece, convex: cover) where area(p) > 0.5 { next.append(p) }
            }
            rest = next
        }
        return rest
    }

    /// The parts of the segment a→b outside the convex polygon `convex` (none, one or two).
    static func segment(_ a: Point, _ b: Point, minus convex: [Point]) -> [(Point, Point)] {
        guard convex.count >= 3 else { return [(a, b)] }
        let ccw = signedArea(convex) > 0
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for i in 0..<convex.count {
            let p = convex[i], q = convex[(i + 1) % convex.count]
            // side(x) ≥ 0 inside; side(a + t d) = sa + t (sd)
            func side(_ r: Point) -> Double {
                let s = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
                return ccw ? s : -s
            }
            let sa = side(a), sb = side(b)
            let sd = sb - sa
            if abs(sd) < 1e-12 {
                if sa < 0 { return [(a, b)] }   // parallel and outside this edge: no overlap
                continue
            }
            let t = -sa / sd
            if sd > 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
            if t0 >= t1 { return [(a, b)] }
        }
        var out: [(Point, Point)] = []
        if t0 > 1e-9 { out.append((a, a + d * t0)) }
        if t1 < 1 - 1e-9 { out.append((a + d * t1, b)) }
        return out
    }

    /// A closed outline (its edges) minus the polygons of the covering views in `above`, as
    /// segments.
    static func outline(_ quad: [Point], minus above: ArraySlice<SceneContent.Painted>) -> [(Point, Point)] {
        var segments: [(Point, Point)] = (0..<quad.count).map { (quad[$0], quad[($0 + 1) % quad.count]) }
        let box = SceneContent.boundingBox(quad)
        // Only the covers that reach a segment's box (inclusive: an edge's box is thin) clip it.
        func reaches(_ b: Rect, _ a: Point, _ c: Point) -> Bool {
            b.minX <= max(a.x, c.x) && min(a.x, c.x) <= b.maxX && b.minY <= max(a.y, c.y) && min(a.y, c.y) <= b.maxY
        }
        let edges = segments
        // Read in place (a Painted copied per view would retain its view and arrays).
        for i in above.indices {
            guard above[i].covers else { continue }
            let b = above[i].box
            guard b.maxX >= box.minX, b.minX <= box.maxX, b.maxY >= box.minY, b.minY <= box.maxY else { continue }
            // The pieces lie on the edges: a cover that reaches no edge reaches no piece.
            guard edges.contains(where: { reaches(b, $0.0, $0.1) }),
                  segments.contains(where: { reaches(b, $0.0, $0.1) }) else { continue }
            let cover = above[i].drawn
            var kept: [(Point, Point)] = []
            kept.reserveCapacity(segments.count + 1)
            for s in segments {
                if reaches(b, s.0, s.1) { kept.append(contentsOf: segment(s.0, s.1, minus: cover)) } else { kept.append(s) }
            }
            segments = kept
            if segments.isEmpty { break }
        }
        return segments
    }
}
