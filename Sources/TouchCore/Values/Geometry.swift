// Geometry: points, sizes, rects and affine transforms, as Core Graphics names them.
import RealModule

/// A point in some view's coordinate space. Floating point: never rounded.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, in points; grows to the right.
    public var x: Double
    /// The vertical coordinate, in points; grows downward, as in UIKit.
    public var y: Double
    /// The point (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The point (`x`, `y`), unlabelled for short literals in math code.
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// The point as traces and messages write it: `(200, 150.5)`.
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }

    /// The sum of two points taken as vectors.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The vector from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The vector scaled by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The vector divided by `s`.
    public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
    /// Length of the vector from the origin to this point.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// The straight-line distance to `other`, in points.
    public func distance(to other: Point) -> Double { (self - other).length }
}

/// A width and a height in points (`CGSize`).
public struct Size: Hashable, Sendable {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double
    /// The size `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// No area: 0 × 0.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: an origin (its top-left corner) and a size, in points (`CGRect`).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size
    /// The rect at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The rect with its top-left corner at (`x`, `y`), `width` wide and `height` tall.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The left edge's x.
    public var minX: Double { origin.x }
    /// The top edge's y.
    public var minY: Double { origin.y }
    /// The right edge's x (outside the rect: containment is half-open).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge's y (outside the rect).
    public var maxY: Double { origin.y + size.height }
    /// The x of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// `size.width`.
    public var width: Double { size.width }
    /// `size.height`.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// Half-open containment, as `CGRect.contains`: the max edges are outside.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// The rect shrunk by `dx`, `dy` on each side, as `CGRect.insetBy(dx:dy:)` (negative
    /// values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    /// Whether the two rects share any area (touching edges do not count).
    public func intersects(_ r: Rect) -> Bool {
        minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY
    }
    /// The smallest rect that contains both.
    public func union(_ r: Rect) -> Rect {
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
    /// The rect as traces and messages write it: `(x, y, width, height)`.
    public var description: String { "(\(fmt(minX)), \(fmt(minY)), \(fmt(width)), \(fmt(height)))" }
}

/// An affine transform `[a b 0; c d 0; tx ty 1]` applied as Core Graphics does:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty. With y pointing down, a positive rotation
/// turns clockwise on screen, as in UIKit.
public struct AffineTransform: Hashable, Sendable {
    /// The matrix entries: `a`, `b`, `c`, `d` scale, rotate and shear; `tx`, `ty` translate, in
    /// points.
    public var a, b, c, d, tx, ty: Double
    /// The transform with the given matrix entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// A translation by (`x`, `y`) points.
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A scale by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `r` radians, positive clockwise on screen.
    public init(rotationAngle r: Double) {
        let cs = Double.cos(r), sn = Double.sin(r)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// Whether this is exactly ``identity``.
    public var isIdentity: Bool { self == .identity }
    /// `self` then `t` (as `CGAffineTransformConcat(self, t)`).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// This transform with a translation applied first (`CGAffineTransform.translatedBy(x:y:)`).
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// This transform with a scale applied first (`CGAffineTransform.scaledBy(x:y:)`).
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }
    /// This transform with a rotation by `r` radians applied first
    /// (`CGAffineTransform.rotated(by:)`).
    public func rotated(by r: Double) -> AffineTransform {
        AffineTransform(rotationAngle: r).concatenating(self)
    }
    /// The determinant `a·d − b·c`: the factor by which areas scale; 0 for a singular
    /// transform, which no point can be mapped back through.
    public var determinant: Double { a * d - b * c }
    /// The inverse, or nil when the transform is singular (a zero scale).
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
    /// Maps `p` through the transform: (a·x + c·y + tx, b·x + d·y + ty).
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
    /// Scale factor along x (decomposition: scale, rotation, translation).
    public var scaleX: Double { (a * a + b * b).squareRoot() }
    /// Scale factor along y (decomposition: scale, rotation, translation).
    public var scaleY: Double { (c * c + d * d).squareRoot() }
    /// The rotation angle in radians, positive clockwise on screen (decomposition).
    public var rotation: Double { Double.atan2(y: b, x: a) }
}

/// Formats a number the way traces and messages show it: shortest form, no trailing ".0".
public func fmt(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}
