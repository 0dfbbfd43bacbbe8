// HitMapOverlay (Shift+F2): where touches land, over the scene: every point tinted by the
// view a touch there is delivered to (`HitMap`), each view named with the recognizers
// attached along the way, and the views drawn where touches do not reach them outlined in
// the refused colour with why (hidden, interaction off, outside their superview, …).

extension OverlayPanel {
    public static let hitMap = OverlayPanel("hitMap")
}

/// One label of the hit map (canvas pixels): a view's name and recognizers, a refused
/// view's why, or a row of the legend of refused views gathered by why.
public struct HitMapLabel: Sendable, Hashable {
    /// What a label is.
    public enum Kind: Sendable, Hashable {
        /// A view's name and recognizers, on its part of the map.
        case view
        /// "view: why" by a view touches do not reach.
        case refused
        /// A row of the legend: "why: view, view".
        case legend
    }
    /// What it says.
    public var text: String
    /// What it is.
    public var kind: Kind
    /// The plate behind it; the text is centred in it (a view's) or starts at its left.
    public var rect: Rect
}

public enum HitMapOverlay {
    /// The side of a cell on screen, in canvas pixels per unit of the panels' scale: small
    /// enough to follow the views' edges, large enough to stay a few thousand hit tests.
    static let cellPixels = 10.0

    /// The map's step in scene points for `sceneTransform` and `style`.
    public static func step(_ sceneTransform: AffineTransform, _ style: OverlayStyle) -> Double {
        let scale = abs(sceneTransform.a) > 0 ? abs(sceneTransform.a) : 1
        return max(1, cellPixels * style.scale / scale)
    }

    /// Where the labels go. No label covers another, nor (where there is room) what the user
    /// needs to see (`needed`: the controls and the views' text, `SceneContent.neededRects`).
    /// A view's label goes on its own part of the map, as near the middle of it as room allows
    /// (never on another view's part: "stage" over the photo named the wrong view); a refused
    /// view's "view: why" goes just below or above its outline, else inside it, and those that
    /// find no room are gathered by why into a legend at the freest corner of the scene
    /// ("userInteraction off: heading, hint, footer"). The refused views are placed first,
    /// then the views, the smallest first.
    /// A control's own label (`controls`: each control's box) may lie on the control, but not
    /// on the middle third of it, where its title is.
    public static func layout(_ map: HitMap, sceneTransform m: AffineTransform, sceneRect: Rect, needed: [Rect],
                              controls: [String: Rect] = [:], style: OverlayStyle, measurer: TextMeasurer) -> [HitMapLabel] {
        let u = style.scale, lh = style.lineHeight, padX = 3 * u
        var placed: [HitMapLabel] = []
        func overlapsLabel(_ r: Rect) -> Bool { placed.contains { $0.rect.intersects(r) } }
        func hides(_ r: Rect) -> Double { needed.reduce(0) { $0 + $1.overlap(r).surface } }
        func inScene(_ r: Rect) -> Bool { sceneRect.contains(r, slack: 0.5) }
        func plate(_ text: String) -> Size {
            Size(width: min(measurer.measure(text, size: style.fontSize, font: .mono).width, sceneRect.width - 8 * u) + 2 * padX, height: lh)
        }
        let step = map.step
        // Each view's cells (scene points: the runs' centres and lengths).
        var runs: [String: [(x: Double, y: Double, n: Double)]] = [:]
        for (r, row) in map.rows.enumerated() {
            var c = 0
            while c < row.count {
                let id = row[c]
                var end = c + 1
                while end < row.count, row[end] == id { end += 1 }
                if let id { runs[id, default: []].append(((Double(c) + Double(end)) / 2 * step, (Double(r) + 0.5) * step, Double(end - c))) }
                c = end
            }
        }
        let toScene = m.inverted() ?? .identity
        func owner(_ p: Point) -> String? {
            let q = toScene.apply(p)
            let r = Int((q.y / step).rounded(.down)), c = Int((q.x / step).rounded(.down))
            guard map.rows.indices.contains(r), map.rows[r].indices.contains(c) else { return nil }
            return map.rows[r][c]
        }
        // The refused views' whys, by their outlines.
        var gathered: [(view: String, why: String)] = []
        for mk in map.marks {
            let text = "\(mk.view): \(mk.why)"
            let size = plate(text)
            let q = SceneContent.boundingBox(DisplayList.corners(of: mk.rect).map(m.apply))
            let g = 2 * u
            let candidates = [Point(x: q.minX, y: q.maxY + g), Point(x: q.minX, y: q.minY - g - size.height),
                              Point(x: q.maxX - size.width, y: q.maxY + g), Point(x: q.maxX - size.width, y: q.minY - g - size.height),
                              Point(x: q.minX + g, y: q.minY + g), Point(x: q.minX + g, y: q.maxY - g - size.height)]
            let free = candidates.map { Rect(x: $0.x, y: $0.y, width: size.width, height: size.height) }
                .first { inScene($0) && !overlapsLabel($0) && hides($0) == 0 }
            if let r = free { placed.append(HitMapLabel(text: text, kind: .refused, rect: r)) } else { gathered.append((mk.view, mk.why)) }
        }
        // The legend: one row per why, wrapped to the scene's width; at the corner that hides least.
        if !gathered.isEmpty {
            var rows: [String] = []
            var whys: [String] = []
            for g in gathered where !whys.contains(g.why) { whys.append(g.why) }
            for why in whys {
                let line = why + ": " + gathered.filter { $0.why == why }.map(\.view).joined(separator: ", ")
                rows += measurer.wrap(line, toWidth: max(1, sceneRect.width - 8 * u - 2 * padX), size: style.fontSize, font: .mono)
            }
            let width = rows.map { plate($0).width }.max() ?? 0, height = Double(rows.count) * lh
            let inset = 4 * u
            // From the foot up, then from the top down, at the left, right and middle: the
            // first place that hides nothing and covers no label, else the one that hides least.
            let xs = [sceneRect.minX + inset, sceneRect.maxX - inset - width, sceneRect.midX - width / 2]
            let low = sceneRect.minY + inset, high = sceneRect.maxY - inset - height
            var boxes: [Rect] = []
            for y in [high, low] + Array(stride(from: high - lh / 2, to: low, by: -lh / 2)) {
                for x in xs { boxes.append(Rect(x: x, y: y, width: width, height: height)) }
            }
            func cost(_ r: Rect) -> Double { hides(r) + placed.reduce(0) { $0 + $1.rect.overlap(r).surface } * 10 }
            let box = boxes.first { cost($0) == 0 } ?? boxes.min { cost($0) < cost($1) } ?? boxes[0]
            for (i, row) in rows.enumerated() {
                placed.append(HitMapLabel(text: row, kind: .legend,
                                          rect: Rect(x: box.minX, y: box.minY + Double(i) * lh, width: width, height: lh)))
            }
        }
        // Smaller views first: they have the least room.
        let views = runs.map { (id: $0.key, runs: $0.value, cells: $0.value.reduce(0) { $0 + $1.n }) }
            .sorted { ($0.cells, $0.id) < ($1.cells, $1.id) }
        for v in views {
            let names = map.recognizers[v.id] ?? []
            let text = names.isEmpty ? v.id : "\(v.id): " + names.joined(separator: ", ")
            let size = plate(text)
            let cx = v.runs.reduce(0) { $0 + $1.x * $1.n } / v.cells, cy = v.runs.reduce(0) { $0 + $1.y * $1.n } / v.cells
            // The middle of its part, then its runs' middles nearest that, then along them.
            var centres = [Point(x: cx, y: cy)]
            let near = v.runs.sorted { ($0.x - cx) * ($0.x - cx) + ($0.y - cy) * ($0.y - cy) < ($1.x - cx) * ($1.x - cx) + ($1.y - cy) * ($1.y - cy) }
            centres += near.prefix(400).map { Point(x: $0.x, y: $0.y) }
            var best: (Rect, Double)? = nil
            let own = controls[v.id]
            let title = own.map { b in Rect(x: b.minX, y: b.midY - max(lh, b.height / 3) / 2, width: b.width, height: max(lh, b.height / 3)) }
            for c in centres {
                let p = m.apply(c)
                let r = Rect(x: p.x - size.width / 2, y: p.y - size.height / 2, width: size.width, height: size.height)
                guard inScene(r), !overlapsLabel(r), owner(p) == v.id else { continue }
                var h = hides(r)
                if let own, let title { h += title.overlap(r).surface - own.overlap(r).surface }
                if best == nil || h < best!.1 { best = (r, h) }
                if h == 0 { break }
            }
            if let b = best { placed.append(HitMapLabel(text: text, kind: .view, rect: b.0)) }
        }
        return placed
    }

    /// Draws the map of `app`'s scene as it is now over `sceneRect`. With `needed` (what the
    /// user needs to see, canvas pixels), the labels keep off it where there is room.
    public static func draw(app: Application, sceneTransform: AffineTransform, sceneRect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, needed: [Rect]? = nil, into list: inout DisplayList) {
        let step = step(sceneTransform, style)
        let map = HitMap(window: app.window, step: step)
        let colors = map.colors
        let needed = needed ?? SceneContent.neededRects(window: app.window, sceneTransform: sceneTransform, measurer: measurer)
        let controls = SceneContent.controlBoxes(window: app.window, sceneTransform: sceneTransform)
        list.clipped(to: sceneRect) { list in
            // Runs of equal cells in a row are one rect.
            for (r, row) in map.rows.enumerated() {
                var c = 0
                while c < row.count {
                    let id = row[c]
                    var end = c + 1
                    while end < row.count, row[end] == id { end += 1 }
                    if let id, let color = colors[id] {
                        let x0 = Double(c) * step, x1 = Double(end) * step, y0 = Double(r) * step
                        let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y0 + step), Point(x: x0, y: y0 + step)]
                        list.append(.polygon(points: corners.map(sceneTransform.apply), color: Color(r: color.r, g: color.g, b: color.b, a: 110)))
                    }
                    c = end
                }
            }
            for m in map.marks {
                let r = m.rect
                let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
                list.polyline(corners.map(sceneTransform.apply), OverlayStyle.refused, width: 2 * style.scale, closed: true)
            }
            // The labels, each on a dark plate.
            for l in layout(map, sceneTransform: sceneTransform, sceneRect: sceneRect, needed: needed, controls: controls,
                            style: style, measurer: measurer) {
                list.fillRect(l.rect, Color(r: 0, g: 0, b: 0, a: l.kind == .view ? 150 : 190))
                let w = l.rect.width - 6 * style.scale
                switch l.kind {
                case .view:
                    list.text(l.text, at: Point(x: l.rect.midX, y: l.rect.midY), size: style.fontSize, color: style.text, font: .mono,
                              alignment: .center, baseline: .middle, maxWidth: w)
                case .refused, .legend:
                    list.text(l.text, at: Point(x: l.rect.minX + 3 * style.scale, y: l.rect.midY), size: style.fontSize,
                              color: OverlayStyle.refused, font: .mono, baseline: .middle, maxWidth: w)
                }
            }
        }
    }
}
