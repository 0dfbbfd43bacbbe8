// DisplayList: one frame as data — polygons, rounded rects, lines, discs, text, images, clips.
//
// Coordinates in a display list are *output pixels of a canvas* (the SDL renderer's output,
// or an offscreen PNG). Producers usually think in some other space (scene points, a
// panel's local space): the list keeps a *current transform* that every helper applies
// while recording, so the commands themselves always hold canvas pixels ("baked").
//
//     var list = DisplayList(size: Size(width: 800, height: 600), background: .black)
//     list.withTransform(AffineTransform(scaleX: 2, y: 2)) { list in
//         list.fillRect(Rect(x: 10, y: 10, width: 50, height: 20), .hex("#ff8800"))
//         list.text("Hello", at: Point(x: 12, y: 40), size: 12, color: .white)
//     }
//
// No SDL here: `TouchSDL.SDLPainter` paints a list; tests can inspect one directly.
import TouchCore
import RealModule

// MARK: - Text

public enum TextBaseline: String, Hashable, Sendable {
    /// `position.y` is the top of the line box.
    case top
    /// `position.y` is the middle of the line box.
    case middle
    /// `position.y` is the bottom of the line box.
    case bottom
}

/// One line of text. `size` is the font size in canvas pixels (the line box is about 1.2×).
public struct TextRun: Hashable, Sendable {
    public var string: String
    public var position: Point
    public var size: Double
    public var color: Color
    public var font: FontFace
    public var alignment: TextAlignment
    public var baseline: TextBaseline
    /// When set, the painter truncates the string with "…" to fit this width.
    public var maxWidth: Double?

    public init(_ string: String, position: Point, size: Double = 13, color: Color = .white,
                font: FontFace = .sans, alignment: TextAlignment = .left, baseline: TextBaseline = .top,
                maxWidth: Double? = nil) {
        self.string = string; self.position = position; self.size = size; self.color = color
        self.font = font; self.alignment = alignment; self.baseline = baseline; self.maxWidth = maxWidth
    }

    /// The top-left corner of the text box, given the box's measured size.
    public func topLeft(for box: Size) -> Point {
        let x: Double = switch alignment {
        case .left: position.x
        case .center: position.x - box.width / 2
        case .right: position.x - box.width
        }
        let y: Double = switch baseline {
        case .top: position.y
        case .middle: position.y - box.height / 2
        case .bottom: position.y - box.height
        }
        return Point(x: x, y: y)
    }
}

/// Measures a line of text, so layout can be written without SDL. The SDL host provides
/// one backed by SDL2_ttf (`TTFTextMeasurer`); `EstimatedTextMeasurer` is the default.
public protocol TextMeasurer {
    /// The size of the line box of `string` at `size` pixels in `font`.
    func measure(_ string: String, size: Double, font: FontFace) -> Size
    /// The longest prefix of `string` (plus "…" when cut) that fits in `width`.
    /// (`truncateByMeasuring` by default; a measurer may cache it.)
    func truncate(_ string: String, toWidth width: Double, size: Double, font: FontFace) -> String
}

extension TextMeasurer {
    public func truncate(_ string: String, toWidth width: Double, size: Double, font: FontFace) -> String {
        truncateByMeasuring(string, toWidth: width, size: size, font: font)
    }

    /// The longest prefix of `string` (plus "…" when cut) that fits in `width`: a binary
    /// search on the prefix length, measuring each candidate.
    public func truncateByMeasuring(_ string: String, toWidth width: Double, size: Double, font: FontFace) -> String {
        if measure(string, size: size, font: font).width <= width { return string }
        // Binary search on the prefix length (widths grow with the prefix).
        let chars = Array(string)
        var lo = 0, hi = chars.count - 1   // lo fits (the bare "…" is tried last), hi is the largest candidate
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(chars[0..<mid]) + "…", size: size, font: font).width <= width { lo = mid } else { hi = mid - 1 }
        }
        if lo == 0 { return measure("…", size: size, font: font).width <= width ? "…" : "" }
        return String(chars[0..<lo]) + "…"
    }
}

/// A measurer that needs no font: DejaVu's average advance (sans 0.58 em, mono 0.602 em)
/// times the character count; line height 1.17 em (DejaVu's ascent + descent).
public struct EstimatedTextMeasurer: TextMeasurer, Sendable {
    public init() {}
    public func measure(_ string: String, size: Double, font: FontFace) -> Size {
        let advance = font == .mono ? 0.602 : 0.58
        return Size(width: (Double(string.count) * size * advance).rounded(.up), height: (size * 1.17).rounded(.up))
    }
}

// MARK: - Commands

/// A rectangle with rounded corners, in a local space mapped to the canvas by `transform`.
public struct RoundedRect: Hashable, Sendable {
    public var rect: Rect
    public var radius: Double
    public var transform: AffineTransform
    public var fill: Color?
    public var stroke: Color?
    public var lineWidth: Double

    public init(rect: Rect, radius: Double, transform: AffineTransform = .identity,
                fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1) {
        self.rect = rect; self.radius = radius; self.transform = transform
        self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth
    }

    /// The outline as a convex polygon in canvas pixels, clockwise on screen, starting at
    /// the top-left corner's arc. `segments` per corner (0 radius gives the 4 corners).
    public func outline(segmentsPerCorner segments: Int = 6) -> [Point] {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        if r == 0 {
            return [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                    Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)].map(transform.apply)
        }
        let n = max(1, segments)
        // Corner centres and the start angle of each quarter arc (y down: clockwise).
        let corners: [(Point, Double)] = [
            (Point(x: rect.minX + r, y: rect.minY + r), Double.pi),
            (Point(x: rect.maxX - r, y: rect.minY + r), 1.5 * Double.pi),
            (Point(x: rect.maxX - r, y: rect.maxY - r), 0),
            (Point(x: rect.minX + r, y: rect.maxY - r), 0.5 * Double.pi),
        ]
        var points: [Point] = []
        points.reserveCapacity(4 * (n + 1))
        for (c, start) in corners {
            for i in 0...n {
                let a = start + Double(i) / Double(n) * Double.pi / 2
                points.append(transform.apply(Point(x: c.x + r * Double.cos(a), y: c.y + r * Double.sin(a))))
            }
        }
        return points
    }
}

/// One drawing operation. Coordinates are canvas pixels.
public enum DrawCommand: Hashable, Sendable {
    /// A filled convex polygon (a transformed rect is a 4-point polygon).
    case polygon(points: [Point], color: Color)
    /// A filled and/or stroked rounded rect.
    case roundedRect(RoundedRect)
    /// A stroked polyline of `width` pixels; `closed` joins the last point to the first.
    case polyline(points: [Point], width: Double, color: Color, closed: Bool)
    /// A disc (`lineWidth` nil) or a ring of `lineWidth` pixels.
    case circle(center: Point, radius: Double, color: Color, lineWidth: Double?)
    case text(TextRun)
    /// An image file (a path as the scene gives it, relative to the scene's directory or
    /// absolute) mapped onto `corners`: top-left, top-right, bottom-right, bottom-left.
    case image(path: String, corners: [Point], alpha: Double)
    /// Clips later commands to the intersection of `rect` with the current clip, until `popClip`.
    case pushClip(Rect)
    case popClip
}

// MARK: - DisplayList

/// One frame: a background colour and commands painted in order (later on top).
public struct DisplayList: Sendable {
    /// The canvas size in pixels (the renderer output size, or the PNG size).
    public var size: Size
    /// Fills the canvas before the commands; nil leaves it as it is.
    public var background: Color?
    public private(set) var commands: [DrawCommand] = []
    /// Applied by every helper to the points it records (canvas pixels = transform(local)).
    public var transform: AffineTransform = .identity
    private var transformStack: [AffineTransform] = []
    private var clipStack: [Rect] = []

    public init(size: Size = .zero, background: Color? = nil) {
        self.size = size; self.background = background
    }

    /// Appends a command as is (its coordinates are already canvas pixels).
    public mutating func append(_ command: DrawCommand) { commands.append(command) }
    public mutating func append(contentsOf other: DisplayList) { commands.append(contentsOf: other.commands) }
    public var isEmpty: Bool { commands.isEmpty }
    public mutating func removeAll() { commands.removeAll(); transform = .identity; transformStack.removeAll(); clipStack.removeAll() }

    // MARK: Transform

    /// Saves the transform; `restore()` brings it back.
    public mutating func save() { transformStack.append(transform) }
    public mutating func restore() { if let t = transformStack.popLast() { transform = t } }
    /// Applies `t` before the current transform (local → t → current → canvas).
    public mutating func concatenate(_ t: AffineTransform) { transform = t.concatenating(transform) }
    public mutating func translate(x: Double, y: Double) { concatenate(AffineTransform(translationX: x, y: y)) }
    public mutating func scale(x: Double, y: Double) { concatenate(AffineTransform(scaleX: x, y: y)) }
    /// Runs `body` with `t` concatenated to the current transform, then restores it.
    public mutating func withTransform(_ t: AffineTransform, _ body: (inout DisplayList) -> Void) {
        save(); concatenate(t); body(&self); restore()
    }

    /// The uniform scale of the current transform (for radii, line widths and font sizes).
    public var currentScale: Double { abs(transform.determinant).squareRoot() }

    // MARK: Shapes

    /// A filled convex polygon given in local coordinates.
    public mutating func fillPolygon(_ points: [Point], _ color: Color) {
        guard points.count >= 3, color.a > 0 else { return }
        commands.append(.polygon(points: points.map(transform.apply), color: color))
    }

    /// A filled rect (a quad when the transform rotates it).
    public mutating func fillRect(_ rect: Rect, _ color: Color) {
        fillPolygon(Self.corners(of: rect), color)
    }

    /// A rect outline of `width` canvas pixels (not scaled), centred on the rect's edge.
    public mutating func strokeRect(_ rect: Rect, _ color: Color, width: Double = 1) {
        guard color.a > 0 else { return }
        let pts = Self.corners(of: rect).map(transform.apply)
        commands.append(.polyline(points: pts, width: width, color: color, closed: true))
    }

    /// A rounded rect in local coordinates; the radius is in local units.
    public mutating func roundedRect(_ rect: Rect, radius: Double, fill: Color? = nil,
                                     stroke: Color? = nil, lineWidth: Double = 1) {
        guard fill.map({ $0.a > 0 }) == true || stroke.map({ $0.a > 0 }) == true else { return }
        commands.append(.roundedRect(RoundedRect(rect: rect, radius: radius, transform: transform,
                                                 fill: fill, stroke: stroke, lineWidth: lineWidth)))
    }

    /// A straight segment of `width` canvas pixels.
    public mutating func line(from a: Point, to b: Point, _ color: Color, width: Double = 1) {
        polyline([a, b], color, width: width)
    }

    /// A polyline of `width` canvas pixels through local points.
    public mutating func polyline(_ points: [Point], _ color: Color, width: Double = 1, closed: Bool = false) {
        guard points.count >= 2, color.a > 0 else { return }
        commands.append(.polyline(points: points.map(transform.apply), width: width, color: color, closed: closed))
    }

    /// A line with a filled triangular head at `b` (`head` canvas pixels long).
    public mutating func arrow(from a: Point, to b: Point, _ color: Color, width: Double = 1.5, head: Double = 8) {
        let pa = transform.apply(a), pb = transform.apply(b)
        let d = pb - pa, len = d.length
        guard len > 0.01, color.a > 0 else { return }
        let u = d / len, n = Point(x: -u.y, y: u.x)
        let h = min(head, len), base = pb - u * h
        commands.append(.polyline(points: [pa, base], width: width, color: color, closed: false))
        commands.append(.polygon(points: [pb, base + n * (h * 0.45), base - n * (h * 0.45)], color: color))
    }

    /// A disc of `radius` local units around a local point.
    public mutating func fillCircle(center: Point, radius: Double, _ color: Color) {
        guard color.a > 0 else { return }
        commands.append(.circle(center: transform.apply(center), radius: radius * currentScale, color: color, lineWidth: nil))
    }

    /// A ring of `width` canvas pixels.
    public mutating func strokeCircle(center: Point, radius: Double, _ color: Color, width: Double = 1) {
        guard color.a > 0 else { return }
        commands.append(.circle(center: transform.apply(center), radius: radius * currentScale, color: color, lineWidth: width))
    }

    // MARK: Text and images

    /// A line of text at a local point. `size` is in local units (scaled by the transform;
    /// text is never rotated). `maxWidth` is in local units too.
    public mutating func text(_ string: String, at position: Point, size: Double = 13, color: Color = .white,
                              font: FontFace = .sans, alignment: TextAlignment = .left,
                              baseline: TextBaseline = .top, maxWidth: Double? = nil) {
        guard !string.isEmpty, color.a > 0 else { return }
        let s = currentScale
        commands.append(.text(TextRun(string, position: transform.apply(position), size: size * s, color: color,
                                      font: font, alignment: alignment, baseline: baseline,
                                      maxWidth: maxWidth.map { $0 * s })))
    }

    /// An image stretched over a local rect (a quad when the transform rotates it).
    public mutating func image(_ path: String, in rect: Rect, alpha: Double = 1) {
        guard alpha > 0 else { return }
        commands.append(.image(path: path, corners: Self.corners(of: rect).map(transform.apply), alpha: alpha))
    }

    // MARK: Clipping

    /// Clips to a local rect (its axis-aligned bounding box on the canvas) until `popClip()`.
    public mutating func pushClip(_ rect: Rect) {
        let pts = Self.corners(of: rect).map(transform.apply)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let r = Rect(x: xs.min() ?? 0, y: ys.min() ?? 0,
                     width: (xs.max() ?? 0) - (xs.min() ?? 0), height: (ys.max() ?? 0) - (ys.min() ?? 0))
        clipStack.append(r)
        commands.append(.pushClip(r))
    }

    public mutating func popClip() {
        guard clipStack.popLast() != nil else { return }
        commands.append(.popClip)
    }

    /// Runs `body` clipped to a local rect.
    public mutating func clipped(to rect: Rect, _ body: (inout DisplayList) -> Void) {
        pushClip(rect); body(&self); popClip()
    }

    /// Top-left, top-right, bottom-right, bottom-left.
    public static func corners(of r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
         Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }
}
