// Occlusion: which drawing commands of a display list cannot show, because a later opaque
// fill paints over every pixel they could touch, and how much of the background clear is
// painted over anyway. The painter skips those: the picture stays the same, pixel for pixel
// (labels behind a zoomed photo, the clear under the scene's full-size view).
import CSDL2
import TouchCore
import TouchDraw

struct Occlusion {
    /// One command per entry: true when it is hidden.
    var hidden: [Bool]
    /// Pixels a later opaque axis-aligned fill covers (nil: none worth it): the clear can leave them.
    var clearCovered: SDL_Rect?

    /// An opaque convex fill large enough to hide things.
    private struct Occluder {
        var points: [Point]
        /// Its clip in pixels (the canvas when unclipped).
        var clip: SDL_Rect
        /// +1 or -1: the side of each edge the inside is on.
        var orientation: Double
    }

    /// Occluders smaller than this share of the canvas are not worth the tests.
    static let minimumShare = 0.01
    /// At most this many occluders are kept (the tests cost occluders × commands).
    static let maximumOccluders = 8
    /// How far inside an occluder's edges a footprint must stay (pixels): SDL truncates
    /// vertices to whole pixels and fills pixels by their centres, so one pixel of slack is
    /// exact; two are kept.
    static let margin = 2.0

    /// `clips[i]` is the clip in force at command i (pixels; nil: none), as the painter
    /// applies it. `footprint` gives a command's possible pixels (before its clip), in pixels.
    static func compute(_ commands: [DrawCommand], clips: [SDL_Rect?], canvas: SDL_Rect,
                        footprint: (DrawCommand) -> Rect?) -> Occlusion {
        var hidden = [Bool](repeating: false, count: commands.count)
        var occluders: [Occluder] = []
        var clearCovered: SDL_Rect?
        let minArea = Double(canvas.w) * Double(canvas.h) * minimumShare
        for i in stride(from: commands.count - 1, through: 0, by: -1) {
            let c = commands[i]
            switch c {
            case .pushClip, .popClip: continue
            default: break
            }
            let clip = clips[i] ?? canvas
            if !occluders.isEmpty, let box = footprint(c) {
                let r = intersect(pixelBounds(box), clip)
                if r.w <= 0 || r.h <= 0 || occluders.contains(where: { covers($0, r) }) {
                    hidden[i] = true
                    continue
                }
            }
            guard case let .polygon(points, color) = c, color.a == 255, points.count >= 3,
                  let o = occluder(points, clip: clip), area(points) >= minArea else { continue }
            if occluders.count < maximumOccluders { occluders.append(o) }
            if let aa = axisAligned(points) {
                let r = intersect(aa, clip)
                if r.w > 0, r.h > 0, Double(r.w) * Double(r.h) > Double(clearCovered.map { $0.w * $0.h } ?? 0) {
                    clearCovered = r
                }
            }
        }
        return Occlusion(hidden: hidden, clearCovered: clearCovered)
    }

    /// The pixels a rect can touch: whole pixels around it, one more on every side.
    static func pixelBounds(_ r: Rect) -> SDL_Rect {
        func clamp(_ v: Double) -> Int32 { Int32(max(-16_777_216, min(16_777_216, v))) }
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            return SDL_Rect(x: -16_777_216, y: -16_777_216, w: 33_554_432, h: 33_554_432)
        }
        let x0 = clamp(r.minX.rounded(.down) - 1), y0 = clamp(r.minY.rounded(.down) - 1)
        let x1 = clamp(r.maxX.rounded(.up) + 1), y1 = clamp(r.maxY.rounded(.up) + 1)
        return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    static func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(Int64(a.x) + Int64(a.w), Int64(b.x) + Int64(b.w)), y1 = min(Int64(a.y) + Int64(a.h), Int64(b.y) + Int64(b.h))
        return SDL_Rect(x: x0, y: y0, w: Int32(max(0, x1 - Int64(x0))), h: Int32(max(0, y1 - Int64(y0))))
    }

    private static func area(_ p: [Point]) -> Double {
        var s = 0.0
        for i in 0..<p.count { let a = p[i], b = p[(i + 1) % p.count]; s += a.x * b.y - b.x * a.y }
        return abs(s) / 2
    }

    private static func occluder(_ points: [Point], clip: SDL_Rect) -> Occluder? {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        var s = 0.0
        for i in 0..<points.count { let a = points[i], b = points[(i + 1) % points.count]; s += a.x * b.y - b.x * a.y }
        guard s != 0 else { return nil }
        return Occluder(points: points, clip: clip, orientation: s > 0 ? 1 : -1)
    }

    /// Whether every pixel of `r` is inside `o`'s clip and at least `margin` inside each of
    /// its edges (a convex polygon; a concave one only ever fails the test).
    private static func covers(_ o: Occluder, _ r: SDL_Rect) -> Bool {
        guard r.x >= o.clip.x, r.y >= o.clip.y, Int64(r.x) + Int64(r.w) <= Int64(o.clip.x) + Int64(o.clip.w),
              Int64(r.y) + Int64(r.h) <= Int64(o.clip.y) + Int64(o.clip.h) else { return false }
        let x0 = Double(r.x), y0 = Double(r.y), x1 = Double(r.x + r.w), y1 = Double(r.y + r.h)
        let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
        let n = o.points.count
        for i in 0..<n {
            let a = o.points[i], b = o.points[(i + 1) % n]
            let ex = b.x - a.x, ey = b.y - a.y
            let len = (ex * ex + ey * ey).squareRoot()
            guard len > 0 else { continue }
            for p in corners {
                // Signed distance of p from the edge, positive inside.
                let d = o.orientation * (ex * (p.y - a.y) - ey * (p.x - a.x)) / len
                if !(d >= margin) { return false }
            }
        }
        return true
    }

    /// The pixels of an axis-aligned quad as the painter fills it (see `SDLPainter.axisAlignedRect`).
    private static func axisAligned(_ pts: [Point]) -> SDL_Rect? {
        guard pts.count == 4 else { return nil }
        let x0 = Float(pts[0].x), y0 = Float(pts[0].y), x1 = Float(pts[1].x), y1 = Float(pts[1].y)
        let x2 = Float(pts[2].x), y2 = Float(pts[2].y), x3 = Float(pts[3].x), y3 = Float(pts[3].y)
        guard (x0 == x3 && x1 == x2 && y0 == y1 && y2 == y3) || (x0 == x1 && x2 == x3 && y0 == y3 && y1 == y2) else { return nil }
        let minX = min(x0, x2), maxX = max(x0, x2), minY = min(y0, y2), maxY = max(y0, y2)
        guard maxX > minX, maxY > minY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite,
              abs(minX) < 16_000_000, abs(maxX) < 16_000_000, abs(minY) < 16_000_000, abs(maxY) < 16_000_000 else { return nil }
        return SDL_Rect(x: Int32(minX), y: Int32(minY), w: max(1, Int32(maxX - minX)), h: max(1, Int32(maxY - minY)))
    }
}
