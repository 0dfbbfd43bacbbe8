// GestureMath: centroids, spreads, angles and vector conversion shared by the built-in recognizers.
import RealModule

enum GestureMath {
    /// The mean location of `touches` in the window's space (nil: no touches).
    static func centroid(_ touches: [Touch]) -> Point? { centroid(touches, before: nil) }

    /// The mean distance of `touches` from their centroid (half the finger distance for two).
    static func spread(_ touches: [Touch]) -> Double? { spread(touches, before: nil) }

    /// The angle of the line from the first to the second touch, in radians. The window's
    /// y axis points down, so the angle grows clockwise on screen (as UIKit's rotation).
    static func angle(_ touches: [Touch]) -> Double? { angle(touches, before: nil) }

    // The same measures with `moved` (one of `touches`) where it was before its latest
    // move: what they were just before it. Recognizers that measure the fingers lazily
    // (only when one moves, not at every landing and lift) take their base this way, with
    // the same arithmetic in the same order, so the figures are bit for bit those of
    // measuring at the latest landing or lift.

    private static func location(_ t: Touch, before moved: Touch?) -> Point {
        t === moved ? t.previousLocationInWindow : t.locationInWindow
    }
    static func centroid(_ touches: [Touch], before moved: Touch?) -> Point? {
        guard !touches.isEmpty else { return nil }
        var sx = 0.0, sy = 0.0
        for t in touches { let p = location(t, before: moved); sx += p.x; sy += p.y }
        return Point(x: sx / Double(touches.count), y: sy / Double(touches.count))
    }
    static func spread(_ touches: [Touch], before moved: Touch?) -> Double? {
        guard touches.count >= 2, let c = centroid(touches, before: moved) else { return nil }
        var sum = 0.0
        for t in touches { sum += location(t, before: moved).distance(to: c) }
        return sum / Double(touches.count)
    }
    static func angle(_ touches: [Touch], before moved: Touch?) -> Double? {
        guard touches.count >= 2 else { return nil }
        let d = location(touches[1], before: moved) - location(touches[0], before: moved)
        guard d.x != 0 || d.y != 0 else { return nil }
        return Double.atan2(y: d.y, x: d.x)
    }

    /// A sum of points kept exactly, so that points can be added and taken out again in any
    /// order without leaving rounding behind: the recognizers keep the sum of their fingers
    /// down this way, updating it as one finger lands, moves or lifts instead of adding every
    /// finger up again. `value` is the exact sum rounded once, so for one or two points it is
    /// the same number as adding them up directly (`centroid`).
    struct PointSum {
        /// The sums in units of 2⁻⁷² pt: every coordinate a screen gives (from 2⁻²⁰ pt up to
        /// 2³⁴ pt, beyond which it counts as 2³⁴) is a whole number of them, so adding is exact.
        private var x: Int128 = 0, y: Int128 = 0
        private static let unit = 0x1p72, limit = 0x1p34

        // The conversions go through 64-bit halves: the standard library's generic ones
        // between Double and Int128 cost microseconds, and every finger move makes four.
        /// `v` in units (its magnitude scaled, cut in two exact 64-bit halves).
        private static func units(_ v: Double) -> Int128 {
            guard v.isFinite else { return 0 }
            let scaled = (min(abs(v), limit) * unit).rounded()
            let high = (scaled * 0x1p-64).rounded(.down)
            let magnitude = Int128(Int64(high)) << 64 + Int128(UInt64(scaled - high * 0x1p64))
            return v < 0 ? -magnitude : magnitude
        }
        /// `u` units as a number of points, correctly rounded: its top 64 bits (plus one
        /// bit saying whether anything below them is set) rounded to a Double, then scaled.
        private static func points(_ u: Int128) -> Double {
            let m = u.magnitude
            let high = UInt64(truncatingIfNeeded: m >> 64), low = UInt64(truncatingIfNeeded: m)
            var d = Double(low)
            if high != 0 {
                let shift = 64 - high.leadingZeroBitCount
                let top = (high << (64 - shift)) | (low >> shift)
                let sticky: UInt64 = low << (64 - shift) != 0 ? 1 : 0
                d = Double(top | sticky) * Double(sign: .plus, exponent: shift, significand: 1)
            }
            return (u < 0 ? -d : d) / unit
        }
        mutating func add(_ p: Point) { x += Self.units(p.x); y += Self.units(p.y) }
        /// A move from one point to another, in units: adding it is removing the first point
        /// and adding the second (whole numbers: the same sums, bit for bit).
        struct Delta { fileprivate var x: Int128, y: Int128 }
        static func delta(from old: Point, to new: Point) -> Delta {
            Delta(x: units(new.x) - units(old.x), y: units(new.y) - units(old.y))
        }
        mutating func shift(by d: Delta) { x += d.x; y += d.y }
        mutating func remove(_ p: Point) { x -= Self.units(p.x); y -= Self.units(p.y) }
        /// The sum, rounded once.
        var value: Point { Point(x: Self.points(x), y: Self.points(y)) }
        /// The mean of the `count` points added (nil: none), as `centroid` computes it.
        func mean(of count: Int) -> Point? {
            guard count > 0 else { return nil }
            let s = value
            return Point(x: s.x / Double(count), y: s.y / Double(count))
        }
    }

    /// `a` folded into (-π, π]: the shortest turn, so angles unwrap across ±π.
    static func wrap(_ a: Double) -> Double {
        var x = a.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi }
        if x <= -Double.pi { x += 2 * Double.pi }
        return x
    }

    /// A vector (a translation, a velocity) from the window's space to `view`'s space.
    static func vector(_ v: Point, toView view: View?) -> Point {
        guard let view else { return v }
        return view.convertFromRoot(v) - view.convertFromRoot(.zero)
    }
    /// A vector from `view`'s space to the window's space.
    static func vector(_ v: Point, fromView view: View?) -> Point {
        guard let view else { return v }
        return view.convertToRoot(v) - view.convertToRoot(.zero)
    }

    /// A number as reasons show it: rounded to 0.01.
    static func show(_ v: Double) -> String { fmt((v * 100).rounded() / 100) }
}
