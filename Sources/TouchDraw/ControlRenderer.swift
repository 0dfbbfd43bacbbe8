// ControlRenderer: the kit's controls in their states (normal, highlighted, disabled, selected).

/// Draws the parts of a control that depend on its value and state: a button's highlight,
/// a switch's track and knob, a slider's track and thumb, a stepper's halves, segments,
/// page dots and a text field's text, placeholder and caret. Everything is drawn in the
/// control's own bounds space through `m` (bounds → canvas), so transforms apply.
public enum ControlRenderer {
    static let accent = Color(r: 10, g: 132, b: 255)
    static let track = Color(r: 90, g: 90, b: 100)
    static let knob = Color(r: 245, g: 245, b: 245)

    /// Returns true when it drew the view's content itself (so the plain text is skipped).
    public static func draw(_ v: View, _ m: AffineTransform, _ alpha: Double, _ list: inout DisplayList) -> Bool {
        guard let control = v as? Control else { return false }
        let a = alpha * (control.isEnabled ? 1 : 0.4)
        let b = v.bounds
        let scale = abs(m.determinant).squareRoot()
        func quad(_ r: Rect, _ c: Color, radius: Double = 0) {
            if radius > 0 {
                list.append(.roundedRect(RoundedRect(rect: r, radius: radius, transform: m, fill: c.fading(a))))
            } else {
                list.fillPolygon([m.apply(Point(x: r.minX, y: r.minY)), m.apply(Point(x: r.maxX, y: r.minY)),
                                  m.apply(Point(x: r.maxX, y: r.maxY)), m.apply(Point(x: r.minX, y: r.maxY))], c.fading(a))
            }
        }
        func label(_ text: String, at p: Point, size: Double, color: Color = .white, align: TextAlignment = .center, maxWidth: Double? = nil) {
            list.append(.text(TextRun(text, position: m.apply(p), size: size * scale, color: color.fading(a),
                                      font: v.font, alignment: align, baseline: .middle, maxWidth: maxWidth.map { $0 * scale })))
        }
        if control.isHighlighted { quad(b, Color(r: 255, g: 255, b: 255, a: 60), radius: v.cornerRadius) }

        switch control {
        case let sw as Switch:
            let h = min(b.height, 32.0), w = min(b.width, h * 1.7)
            let r = Rect(x: b.minX, y: b.midY - h / 2, width: w, height: h)
            quad(r, sw.isOn ? Color(r: 52, g: 199, b: 89) : track, radius: h / 2)
            let x = r.minX + h / 2 + (w - h) * sw.thumbPosition
            list.fillCircle(center: m.apply(Point(x: x, y: r.midY)), radius: (h / 2 - 3) * scale, knob.fading(a))
            return true
        case let s as Slider:
            let t = s.thumbCenter
            quad(Rect(x: b.minX + 14, y: b.midY - 3, width: b.width - 28, height: 6), track, radius: 3)
            quad(Rect(x: b.minX + 14, y: b.midY - 3, width: max(0, t.x - b.minX - 14), height: 6), accent, radius: 3)
            list.fillCircle(center: m.apply(t), radius: s.thumbSize / 2 * scale,
                            (control.isHighlighted ? Color(r: 210, g: 210, b: 215) : knob).fading(a))
            return true
        case let st as Stepper:
            let half = b.width / 2
            for (i, sign) in ["−", "+"].enumerated() {
                let r = Rect(x: b.minX + Double(i) * half, y: b.minY, width: half, height: b.height)
                let held = st.heldDirection == (i == 0 ? -1 : 1)
                quad(r.insetBy(dx: 1, dy: 1), held ? accent : Color(r: 60, g: 60, b: 70), radius: 6)
                label(sign, at: r.center, size: b.height * 0.5)
            }
            label(fmt(st.value), at: Point(x: b.midX, y: b.maxY + 12), size: 12, color: Color(r: 200, g: 200, b: 200))
            return true
        case let seg as SegmentedControl:
            let n = max(1, seg.numberOfSegments)
            let w = b.width / Double(n)
            quad(b, Color(r: 60, g: 60, b: 70), radius: 6)
            for (i, title) in seg.segments.enumerated() {
                let r = Rect(x: b.minX + Double(i) * w, y: b.minY, width: w, height: b.height)
                if i == seg.selectedSegmentIndex { quad(r.insetBy(dx: 2, dy: 2), accent, radius: 5) }
                label(title, at: r.center, size: v.fontSize, maxWidth: w - 6)
            }
            return true
        case let pc as PageControl:
            let n = pc.numberOfPages
            let gap = 16.0
            let x0 = b.midX - Double(n - 1) * gap / 2
            for i in 0..<max(0, n) {
                let c = i == pc.currentPage ? Color.white : Color(r: 255, g: 255, b: 255, a: 90)
                list.fillCircle(center: m.apply(Point(x: x0 + Double(i) * gap, y: b.midY)), radius: 4 * scale, c.fading(a))
            }
            return true
        case let tf as TextField:
            quad(b, Color(r: 250, g: 250, b: 250), radius: 6)
            if tf.isEditing {
                list.append(.polyline(points: [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                                               Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)].map(m.apply),
                                      width: 2 * scale, color: accent.fading(a), closed: true))
            }
            let shown = tf.isSecureTextEntry ? String(repeating: "•", count: tf.content.count) : tf.content
            if shown.isEmpty {
                label(tf.placeholder ?? "", at: Point(x: b.minX + 8, y: b.midY), size: v.fontSize,
                      color: Color(r: 150, g: 150, b: 150), align: .left, maxWidth: b.width - 16)
            } else {
                label(shown, at: Point(x: b.minX + 8, y: b.midY), size: v.fontSize,
                      color: Color(r: 20, g: 20, b: 20), align: .left, maxWidth: b.width - 16)
            }
            return true
        case let button as Button:
            if let title = button.title, !title.isEmpty {
                label(title, at: b.center, size: v.fontSize, color: v.textColor, maxWidth: b.width - 8)
            }
            return true
        default:
            return false
        }
    }
}
