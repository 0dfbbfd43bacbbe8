// TouchesOverlay: a marker per finger with its id, a fading trail and a velocity arrow, and
// a header line in the style of Android's pointer-location overlay:
//
//   P: 1/2  X: 120.5  Y: 80  dX: 3.5  dY: -2  Xv: 140.2  Yv: -10  Prs: 1.00
//
// The header is a band across the top of the scene, or across its foot when the top would hide
// a heading or a control. The header turns red once the finger has moved past the tap slop (Defaults.tapSlop).
// Emulated fingers (made by the mouse) get a dashed ring and an "emulated" tag.
import RealModule

public enum TouchesOverlay {
    /// Colours cycled by touch id.
    public static let palette: [Color] = [.hex("#ff9f0a"), .hex("#30d158"), .hex("#64d2ff"), .hex("#ff375f"),
                                          .hex("#bf5af2"), .hex("#ffd60a"), .hex("#5e5ce6"), .hex("#ac8e68")]
    public static func color(for id: Int) -> Color { palette[((id % palette.count) + palette.count) % palette.count] }

    /// How long a lifted finger's marker and trail take to fade (seconds).
    public static let fade = 0.6
    /// Ring radius in overlay units (canvas pixels at `OverlayStyle.scale` 1).
    public static let ringRadius = 22.0
    /// The plate under an emulated finger's "emulated" tag.
    static let tagPlate = Color(r: 16, g: 16, b: 20, a: 220)

    /// The header line for a touch (the picked one, else the newest active one).
    public static func headerLine(_ tr: TouchTrail, current: Int, max: Int) -> String {
        let v = tr.velocity()
        let d = tr.location - tr.start
        func n(_ x: Double) -> String { TraceFormat.short(x, 1) }
        return "P: \(current)/\(max)  X: \(n(tr.location.x))  Y: \(n(tr.location.y))  dX: \(n(d.x))  dY: \(n(d.y))  "
            + "Xv: \(n(v.x))  Yv: \(n(v.y))  Prs: \(TraceFormat.fixed(tr.pressure, 2))" + traitsText(tr)
    }

    /// What the header adds for a touch that is not a plain finger or mouse touch: its type,
    /// its force in UIKit's unit of its maximum, and its radius with its tolerance
    /// (`  pencil  F: 1.20/2  R: 5.1±0.4`).
    public static func traitsText(_ tr: TouchTrail) -> String {
        let t = tr.traits
        guard !t.isPlain else { return "" }
        var s = "  \(t.type.rawValue)"
        if t.maximumPossibleForce > 0 {
            s += "  F: \(TraceFormat.fixed(tr.pressure * t.maximumPossibleForce, 2))/\(TraceFormat.short(t.maximumPossibleForce, 2))"
        }
        if t.majorRadius > 0 { s += "  R: \(TraceFormat.short(t.majorRadius, 1))±\(TraceFormat.short(t.majorRadiusTolerance, 1))" }
        return s
    }

    /// The text beside a touch's ring: its id, and for a device recording's contact its slot
    /// and tracking id (`3  slot 0 id 7`).
    public static func idLabel(_ id: Int, _ contact: RawContact?) -> String {
        guard let contact, let raw = ContactEllipse.label(contact) else { return "\(id)" }
        return "\(id)  \(raw)"
    }

    /// Where a touch's id label starts (its left end, on its baseline): up and right of the
    /// ring centred at `c` (canvas pixels).
    static func idLabelAnchor(_ c: Point, style: OverlayStyle) -> Point {
        Point(x: c.x + ringRadius * style.scale * 0.75, y: c.y - ringRadius * style.scale * 0.75)
    }

    /// The rings and id labels the overlay draws now (canvas pixels), for the overlays whose
    /// labels keep off them (the hit-test path's: "touch 2 → photo" was written over touch 1's
    /// "1  slot 0 id 0").
    public static func markerRects(log: TraceLog, now: Double, sceneTransform m: AffineTransform, style: OverlayStyle,
                                   measurer: TextMeasurer, raw: RawTouches? = nil) -> [Rect] {
        var out: [Rect] = []
        let r = ringRadius * style.scale
        for tr in log.trails(at: now, fade: fade) {
            let c = m.apply(tr.location)
            out.append(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            let a = idLabelAnchor(c, style: style)
            let w = measurer.measure(idLabel(tr.id, raw?.contacts[tr.id]), size: style.fontSize, font: .mono).width
            out.append(Rect(x: a.x, y: a.y - style.lineHeight, width: w, height: style.lineHeight))
        }
        return out
    }

    /// The band across the top of the scene the header line takes when nothing says otherwise.
    public static func headerBand(sceneRect: Rect, style: OverlayStyle) -> Rect {
        Rect(x: sceneRect.minX, y: sceneRect.minY, width: sceneRect.width, height: style.lineHeight + 4 * style.scale)
    }

    /// Where the header line goes: a band across the top of the scene, or across its foot when
    /// the top one would hide more of what the user needs to see there (the controls and the
    /// views' text, `SceneContent.neededRects`: a heading at the top). Other overlays keep
    /// their labels out of it.
    public static func headerBand(sceneRect: Rect, style: OverlayStyle, window: Window?, sceneTransform: AffineTransform,
                                  measurer: TextMeasurer, content: SceneContent.Cache = SceneContent.Cache()) -> Rect {
        let top = headerBand(sceneRect: sceneRect, style: style)
        guard let window else { return top }
        let foot = Rect(x: top.minX, y: sceneRect.maxY - top.height, width: top.width, height: top.height)
        let needed = content.clearance(window: window, sceneTransform: sceneTransform, measurer: measurer)
        return needed.hidden(foot) < needed.hidden(top) ? foot : top
    }

    /// Draws markers, trails and the header over the scene. `sceneTransform` maps scene
    /// points to canvas pixels; everything stays inside `sceneRect`. With `window`, the header
    /// keeps off what the scene shows (`headerBand(sceneRect:style:window:sceneTransform:measurer:)`).
    public static func draw(log: TraceLog, now: Double, pickedTouch: Int?, slop: Double,
                            sceneTransform: AffineTransform, sceneRect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, window: Window? = nil, content: SceneContent.Cache = SceneContent.Cache(),
                            raw: RawTouches? = nil, into list: inout DisplayList) {
        let trails = log.trails(at: now, fade: fade)
        let active = trails.filter(\.isActive)
        list.clipped(to: sceneRect) { list in
            for tr in trails { drawTrail(tr, now: now, m: sceneTransform, style: style, raw: raw, into: &list) }
            // Header: the picked touch, else the newest active, else the newest lifted.
            let primary = trails.first { $0.id == pickedTouch } ?? active.max { $0.startTime < $1.startTime }
                ?? trails.max { ($0.endTime ?? 0) < ($1.endTime ?? 0) }
            guard let primary else { return }
            let line = headerLine(primary, current: active.count, max: max(log.maxPointers, active.count))
            let band = headerBand(sceneRect: sceneRect, style: style, window: window, sceneTransform: sceneTransform,
                                  measurer: measurer, content: content)
            let moved = primary.maxDistance > slop
            list.fillRect(band, moved ? Color(r: 120, g: 20, b: 20, a: 210) : Color(r: 0, g: 0, b: 0, a: 170))
            let t = measurer.truncate(line, toWidth: band.width - 2 * style.padding, size: style.fontSize, font: .mono)
            list.text(t, at: Point(x: band.minX + style.padding, y: band.midY), size: style.fontSize,
                      color: moved ? Color(r: 255, g: 120, b: 110) : style.text, font: .mono, baseline: .middle,
                      maxWidth: band.width - 2 * style.padding)
        }
    }

    static func drawTrail(_ tr: TouchTrail, now: Double, m: AffineTransform, style: OverlayStyle,
                          raw: RawTouches? = nil, into list: inout DisplayList) {
        let base = color(for: tr.id)
        let u = style.scale
        let life: Double = tr.endTime.map { max(0, 1 - (now - $0) / fade) } ?? 1
        guard life > 0 else { return }
        let pts = tr.samples.map { m.apply($0.location) }
        // Trail: older samples fainter, drawn as a few polylines of equal alpha.
        if pts.count >= 2 {
            let buckets = 6
            let per = max(1, (pts.count + buckets - 1) / buckets)
            var i = 0
            while i < pts.count - 1 {
                let j = min(pts.count - 1, i + per)
                let age = Double(pts.count - 1 - j) / Double(pts.count)
                list.polyline(Array(pts[i...j]), base.fading(life * (0.25 + 0.65 * (1 - age))), width: 2.5 * u)
                i = j
            }
        }
        let c = m.apply(tr.location)
        let ring = tr.isActive ? base : (tr.phase == .cancelled ? Color.orange : base).fading(life)
        if tr.isEmulated {
            // Dashed ring: 12 arcs.
            let r = ringRadius * u, n = 12
            for k in 0..<n {
                let a0 = Double(k) / Double(n) * 2 * Double.pi
                let a1 = a0 + Double.pi / Double(n)
                let arc = (0...3).map { s -> Point in
                    let a = a0 + (a1 - a0) * Double(s) / 3
                    return Point(x: c.x + r * Double.cos(a), y: c.y + r * Double.sin(a))
                }
                list.polyline(arc, ring, width: 2 * u)
            }
        } else {
            list.strokeCircle(center: c, radius: ringRadius * u, ring, width: 2.5 * u)
        }
        list.fillCircle(center: c, radius: 3 * u, ring)
        // Pressure: an inner ring whose radius follows it.
        if tr.isActive, tr.pressure < 0.999 {
            list.strokeCircle(center: c, radius: max(4, ringRadius * tr.pressure) * u, ring.fading(0.6), width: u)
        }
        // A device recording's contact: its slot and tracking id beside the touch id, and its
        // touch size as an ellipse (RawContactView).
        let contact = raw?.contacts[tr.id]
        let idText = idLabel(tr.id, contact)
        list.text(idText, at: idLabelAnchor(c, style: style), size: style.fontSize,
                  color: ring, font: .mono, alignment: .left, baseline: .bottom)
        if let contact, let device = raw?.device, let outline = ContactEllipse.outline(contact, device: device) {
            let pts = outline.map { m.apply(tr.location + $0) }
            list.polyline(pts, ring.fading(0.85), width: 1.5 * u, closed: true)
        }
        if tr.isEmulated {
            // White on a dark plate: readable over any view's colour (the ring's own colour on
            // the scene was purple on olive).
            let size = style.fontSize * 0.9, top = c.y + (ringRadius + 2) * u
            let width = Double("emulated".count) * size * 0.62
            list.fillRect(Rect(x: c.x - width / 2 - 3 * u, y: top - u, width: width + 6 * u, height: size * 1.3 + 2 * u),
                          TouchesOverlay.tagPlate)
            list.text("emulated", at: Point(x: c.x, y: top), size: size, color: .white, font: .sans, alignment: .center, baseline: .top)
        }
        if tr.isActive {
            // Velocity: where the finger would be in 0.1 s (scaled to canvas), capped.
            let v = tr.velocity()
            let s = abs(m.determinant).squareRoot()
            var d = v * (0.1 * s)
            let len = d.length
            if len > 200 * u { d = d * (200 * u / len) }
            if d.length > 4 * u { list.arrow(from: c, to: c + d, ring, width: 2 * u, head: 9 * u) }
        }
    }
}

extension OverlayPanel {
    /// Touch markers, trails, velocity and the pointer-location header (over the scene).
    public static let touches = OverlayPanel("touches")
}
