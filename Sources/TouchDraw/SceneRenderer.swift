// SceneRenderer: the view tree as display-list commands, transforms and inherited alpha included.

/// Draws a window's view tree into a display list. `toCanvas` maps scene points (the
/// window's space) to canvas pixels (the host's scene area).
///
///     var list = DisplayList(size: canvas)
///     SceneRenderer().draw(app.window, into: &list, toCanvas: layout.sceneTransform)
public struct SceneRenderer {
    /// Draws a control's own look (knobs, thumbs, segments). Set by `ControlRenderer`.
    public var drawControl: ((View, AffineTransform, Double, inout DisplayList) -> Bool)?
    /// Where image assets are looked up when a view's path is relative.
    public init() { drawControl = ControlRenderer.draw }

    public func draw(_ window: Window, into list: inout DisplayList, toCanvas: AffineTransform) {
        let clip = Rect(origin: .zero, size: window.bounds.size)
        let canvasClip = bounds(of: clip, under: toCanvas)
        list.pushClip(canvasClip)
        if window.backgroundColor.a > 0 { list.fillPolygon(corners(clip, toCanvas), window.backgroundColor) }
        for v in window.subviews { draw(v, parent: toCanvas, alpha: 1, into: &list) }
        list.popClip()
    }

    /// The transform from a view's bounds space to its superview's bounds space.
    public static func localToSuper(_ v: View) -> AffineTransform {
        let b = v.bounds
        return AffineTransform(translationX: -(b.origin.x + b.width / 2), y: -(b.origin.y + b.height / 2))
            .concatenating(v.transform)
            .concatenating(AffineTransform(translationX: v.center.x, y: v.center.y))
    }

    private func draw(_ v: View, parent: AffineTransform, alpha inherited: Double, into list: inout DisplayList) {
        if v.isHidden || v.alpha <= 0 { return }
        let alpha = inherited * v.alpha
        let m = Self.localToSuper(v).concatenating(parent)
        let b = v.bounds
        if v.backgroundColor.a > 0 || (v.borderWidth > 0 && v.borderColor.a > 0) {
            if v.cornerRadius > 0 {
                list.append(.roundedRect(RoundedRect(rect: b, radius: v.cornerRadius, transform: m,
                                                     fill: v.backgroundColor.a > 0 ? v.backgroundColor.fading(alpha) : nil,
                                                     stroke: v.borderWidth > 0 ? v.borderColor.fading(alpha) : nil,
                                                     lineWidth: v.borderWidth * scale(of: m))))
            } else {
                let c = corners(b, m)
                if v.backgroundColor.a > 0 { list.fillPolygon(c, v.backgroundColor.fading(alpha)) }
                if v.borderWidth > 0 { list.append(.polyline(points: c, width: v.borderWidth * scale(of: m), color: v.borderColor.fading(alpha), closed: true)) }
            }
        }
        if let path = v.imagePath {
            list.append(.image(path: path, corners: corners(b, m), alpha: alpha))
        }
        let custom = drawControl?(v, m, alpha, &list) ?? false
        if !custom, let text = v.text, !text.isEmpty {
            drawText(text, in: v, m, alpha: alpha, into: &list)
        }
        if v.clipsToBounds { list.pushClip(bounds(of: b, under: m)) }
        for s in v.subviews { draw(s, parent: m, alpha: alpha, into: &list) }
        if v.clipsToBounds { list.popClip() }
    }

    func drawText(_ text: String, in v: View, _ m: AffineTransform, alpha: Double, into list: inout DisplayList) {
        let b = v.bounds
        let x: Double
        switch v.textAlignment {
        case .left: x = b.minX + 8
        case .center: x = b.midX
        case .right: x = b.maxX - 8
        }
        let anchor = m.apply(Point(x: x, y: b.midY))
        list.append(.text(TextRun(text, position: anchor, size: v.fontSize * scale(of: m),
                                  color: v.textColor.fading(alpha), font: v.font,
                                  alignment: v.textAlignment, baseline: .middle,
                                  maxWidth: (b.width - 8) * scale(of: m))))
    }

    func corners(_ r: Rect, _ m: AffineTransform) -> [Point] {
        [m.apply(Point(x: r.minX, y: r.minY)), m.apply(Point(x: r.maxX, y: r.minY)),
         m.apply(Point(x: r.maxX, y: r.maxY)), m.apply(Point(x: r.minX, y: r.maxY))]
    }
    func bounds(of r: Rect, under m: AffineTransform) -> Rect {
        let c = corners(r, m)
        let xs = c.map(\.x), ys = c.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
    func scale(of m: AffineTransform) -> Double { abs(m.determinant).squareRoot() }
}

