// HitMap: where touches land (`touchscope hitmap`, the window's hit map overlay): the view a
// touch at each point of the scene is delivered to, the recognizers attached along the way,
// and the views that cannot take touches (or not everywhere they are drawn), with why.
//
//     let map = HitMap(window: session.app.window, step: 10)
//     map.rows[0][0]          // "A": the hit-test view of a touch at (5, 5)
//     print(map.json)        // TouchScene


/// The hit-test view of every cell of the scene, sampled at the cells' centres.
public struct HitMap: Sendable {
    /// The scene's window size, in points.
    public var window: Size
    /// The side of a cell, in points.
    public var step: Double
    /// Row by row from the top-left, the id of the view a touch at each cell's centre is
    /// delivered to (the hit test, SPEC.md section 2); nil where no scene view takes it (the
    /// window does).
    public var rows: [[String?]]
    /// For each view that takes a cell: the enabled recognizers attached to it and to its
    /// ancestors, from the view outwards (those a touch there is offered to, unless a
    /// control's default action or a delegate keeps one out).
    public var recognizers: [String: [String]]
    /// Views drawn where touches do not reach them, in tree order: the view, why
    /// (`hidden`, `userInteraction off`, `transparent` (alpha under 0.01), `zero size`,
    /// `outside SUPERVIEW` for the part of it outside its superview (`(clipped)` when the
    /// superview clips it, so that part is not even drawn), `inside X` when a view
    /// it is in cannot take touches), and the part concerned (window points).
    public var marks: [Mark]

    /// A view drawn where touches do not reach it (`marks`).
    public struct Mark: Sendable, Hashable {
        /// The view's id.
        public var view: String
        /// Why: `hidden`, `userInteraction off`, `transparent`, `zero size`, `outside SUPERVIEW`
        /// (`(clipped)` when clipped), or `inside X (…)`.
        public var why: String
        /// The part concerned: the view's bounding box, in window points.
        public var rect: Rect
    }

    /// Samples `window`'s scene at the centres of `step` × `step` cells (a step of at least
    /// 0.5 point; the last row and column may reach past the window).
    public init(window root: Window, step: Double) {
        let step = max(0.5, step)
        window = root.bounds.size
        self.step = step
        let columns = max(1, Int((window.width / step).rounded(.up)))
        let count = max(1, Int((window.height / step).rounded(.up)))
        var rows: [[String?]] = []
        rows.reserveCapacity(count)
        var hitViews: [String: View] = [:]
        for r in 0..<count {
            var row: [String?] = []
            row.reserveCapacity(columns)
            for c in 0..<columns {
                let p = Point(x: (Double(c) + 0.5) * step, y: (Double(r) + 0.5) * step)
                var path: [HitStep]? = nil
                let v = root.hitTestScene(p, path: &path)
                if let v, hitViews[v.id] == nil { hitViews[v.id] = v }
                row.append(v?.id)
            }
            rows.append(row)
        }
        self.rows = rows
        var recognizers: [String: [String]] = [:]
        for (id, v) in hitViews {
            var ids: [String] = []
            var cur: View? = v
            while let x = cur {
                ids += x.gestureRecognizers.filter(\.isEnabled).map(\.id)
                cur = x.superview
            }
            recognizers[id] = ids
        }
        self.recognizers = recognizers
        var marks: [Mark] = []
        func box(_ v: View) -> Rect {
            let pts = v.cornersInRoot()
            let xs = pts.map(\.x), ys = pts.map(\.y)
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .zero }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        func visit(_ v: View, blocked: String?) {
            var why: String? = nil
            if v.isHidden { why = "hidden" }
            else if !v.isUserInteractionEnabled { why = "userInteraction off" }
            else if v.alpha < 0.01 { why = "transparent" }
            else if v.bounds.width <= 0 || v.bounds.height <= 0 { why = "zero size" }
            if let why {
                marks.append(Mark(view: v.id, why: why, rect: box(v)))
            } else if let blocked {
                marks.append(Mark(view: v.id, why: blocked, rect: box(v)))
            } else if let s = v.superview, !(s is Window) {
                // The part outside the superview's bounds: a hit test never looks there.
                let mine = box(v), theirs = box(s)
                let inside = Rect(x: max(mine.minX, theirs.minX), y: max(mine.minY, theirs.minY),
                                  width: max(0, min(mine.maxX, theirs.maxX) - max(mine.minX, theirs.minX)),
                                  height: max(0, min(mine.maxY, theirs.maxY) - max(mine.minY, theirs.minY)))
                if inside.width * inside.height < mine.width * mine.height - 1e-9 {
                    marks.append(Mark(view: v.id, why: "outside \(s.id)" + (s.clipsToBounds ? " (clipped)" : ""), rect: mine))
                }
            }
            let passOn = why.map { "inside \(v.id) (\($0))" } ?? blocked
            for s in v.subviews { visit(s, blocked: passOn) }
        }
        for s in root.subviews { visit(s, blocked: nil) }
        self.marks = marks
    }

    /// A colour for each view that takes a cell, the same in every run and apart from each
    /// other: the ids in order, hues a golden angle (137.5°) apart, lightness alternating.
    public var colors: [String: Color] {
        var out: [String: Color] = [:]
        for (i, id) in recognizers.keys.sorted().enumerated() {
            out[id] = Self.color(hue: (Double(i) * 137.508).truncatingRemainder(dividingBy: 360), light: i % 2 == 0)
        }
        return out
    }

    static func color(hue: Double, light: Bool) -> Color {
        let h = hue / 60, c = light ? 0.6 : 0.5, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = light ? 0.3 : 0.15
        let (r, g, bl): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        func u(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return Color(r: u(r), g: u(g), b: u(bl))
    }
}
