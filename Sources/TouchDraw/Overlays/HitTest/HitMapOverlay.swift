// HitMapOverlay (Shift+F2): where touches land, over the scene: every point tinted by the
// view a touch there is delivered to (`HitMap`), each view named with the recognizers
// attached along the way, and the views drawn where touches do not reach them outlined in
// the refused colour with why (hidden, interaction off, outside their superview, …).

extension OverlayPanel {
    public static let hitMap = OverlayPanel("hitMap")
}

public enum HitMapOverlay {
    /// The side of a cell on screen, in canvas pixels per unit of the panels' scale: small
    /// enough to follow the views' edges, large enough to stay a few thousand hit tests.
    static let cellPixels = 10.0

    /// Draws the map of `app`'s scene as it is now over `sceneRect`.
    public static func draw(app: Application, sceneTransform: AffineTransform, sceneRect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        let scale = abs(sceneTransform.a) > 0 ? abs(sceneTransform.a) : 1
        let step = max(1, cellPixels * style.scale / scale)
        let map = HitMap(window: app.window, step: step)
        let colors = map.colors
        list.clipped(to: sceneRect) { list in
            // Runs of equal cells in a row are one rect.
            var centres: [String: (x: Double, y: Double, n: Double)] = [:]
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
                        let s = centres[id] ?? (0, 0, 0)
                        let n = Double(end - c)
                        centres[id] = (s.x + (x0 + x1) / 2 * n, s.y + (y0 + step / 2) * n, s.n + n)
                    }
                    c = end
                }
            }
            for m in map.marks {
                let r = m.rect
                let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
                let onScreen = corners.map(sceneTransform.apply)
                list.polyline(onScreen, OverlayStyle.refused, width: 2 * style.scale, closed: true)
                // Whole, past the view's edge if it must (to the scene's).
                let x = min(max(onScreen[3].x, sceneRect.minX) + 4 * style.scale, sceneRect.maxX - 40 * style.scale)
                let width = max(40 * style.scale, sceneRect.maxX - x)
                list.text("\(m.view): \(m.why)", at: Point(x: x, y: onScreen[3].y - 3 * style.scale),
                          size: style.fontSize, color: OverlayStyle.refused, font: .mono, baseline: .bottom, maxWidth: width)
            }
            // Each view's name and recognizers where it takes touches, on a dark plate.
            for (id, s) in centres.sorted(by: { $0.key < $1.key }) where s.n > 0 {
                let recognizers = map.recognizers[id] ?? []
                let label = recognizers.isEmpty ? id : "\(id): " + recognizers.joined(separator: ", ")
                let p = sceneTransform.apply(Point(x: s.x / s.n, y: s.y / s.n))
                let w = min(measurer.measure(label, size: style.fontSize, font: .mono).width, sceneRect.width - 8 * style.scale)
                let h = style.lineHeight
                list.fillRect(Rect(x: p.x - w / 2 - 3 * style.scale, y: p.y - h / 2, width: w + 6 * style.scale, height: h),
                              Color(r: 0, g: 0, b: 0, a: 150))
                list.text(label, at: p, size: style.fontSize, color: style.text, font: .mono,
                          alignment: .center, baseline: .middle, maxWidth: w)
            }
        }
    }
}
