// SDLPainter: paints a DisplayList with an SDL_Renderer.
//
// Untextured shapes are triangulated into one vertex batch (polygons as fans, rounded rects
// as polygons, thick lines as quads, discs as fans) and flushed with one
// `SDL_RenderGeometry` call whenever a texture, a clip change or the end of the list
// comes. Text goes through `TextCache` (SDL2_ttf, or the bitmap font as rects), images
// through SDL2_image, cached by path. No anti-aliasing.
import CSDL2
import Foundation
import TouchCore
import TouchDraw

@MainActor
public final class SDLPainter {
    public let renderer: OpaquePointer
    public let text: TextCache
    /// Relative image paths are resolved against this directory (the scene's), then the
    /// current directory.
    public var imageBaseDirectory: String?

    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    private var clipStack: [SDL_Rect] = []
    private var images: [String: OpaquePointer?] = [:]

    /// `fonts` defaults to `FontLocator.locate()`.
    public init(renderer: OpaquePointer, fonts: FontFiles? = nil) {
        self.renderer = renderer
        self.text = TextCache(renderer: renderer, fonts: fonts ?? FontLocator.locate())
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// The measurer matching what this painter draws.
    public var measurer: any TextMeasurer { text.measurer }

    /// Paints `list` (clears to its background first when it has one). Does not present.
    public func paint(_ list: DisplayList) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderSetClipRect(renderer, nil)
        clipStack.removeAll()
        if let bg = list.background {
            SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, bg.a)
            SDL_RenderClear(renderer)
        }
        for command in list.commands {
            switch command {
            case let .polygon(points, color):
                addFan(points, color)
            case let .roundedRect(rr):
                let outline = rr.outline(segmentsPerCorner: segments(forRadius: rr.radius * Self.scale(of: rr.transform) / 2))
                if let fill = rr.fill { addFan(outline, fill) }
                if let stroke = rr.stroke { addPolyline(outline, width: rr.lineWidth, color: stroke, closed: true) }
            case let .polyline(points, width, color, closed):
                addPolyline(points, width: width, color: color, closed: closed)
            case let .circle(center, radius, color, lineWidth):
                if let w = lineWidth { addRing(center, radius, width: w, color) } else { addDisc(center, radius, color) }
            case let .text(run):
                drawText(run)
            case let .image(path, corners, alpha):
                drawImage(path, corners: corners, alpha: alpha)
            case let .pushClip(r):
                flush()
                var rect = SDL_Rect(x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
                                    w: Int32(max(0, r.width.rounded(.up))), h: Int32(max(0, r.height.rounded(.up))))
                if let outer = clipStack.last {
                    var out = SDL_Rect()
                    if SDL_IntersectRect(&rect, [outer], &out) == SDL_FALSE { out = SDL_Rect(x: rect.x, y: rect.y, w: 0, h: 0) }
                    rect = out
                }
                clipStack.append(rect)
                applyClip()
            case .popClip:
                flush()
                _ = clipStack.popLast()
                applyClip()
            }
        }
        flush()
        SDL_RenderSetClipRect(renderer, nil)
        text.endFrame()
    }

    private func applyClip() {
        if var r = clipStack.last {
            // SDL treats an empty clip rect as "no clipping": clip to a pixel off-canvas instead.
            if r.w <= 0 || r.h <= 0 { r = SDL_Rect(x: -10, y: -10, w: 1, h: 1) }
            SDL_RenderSetClipRect(renderer, &r)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
    }

    // MARK: Geometry batch

    private func vertex(_ p: Point, _ c: Color, _ u: Float = 0, _ v: Float = 0) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)),
                   color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a),
                   tex_coord: SDL_FPoint(x: u, y: v))
    }

    /// A convex polygon as a triangle fan.
    func addFan(_ points: [Point], _ color: Color) {
        guard points.count >= 3, color.a > 0 else { return }
        let base = Int32(vertices.count)
        for p in points { vertices.append(vertex(p, color)) }
        for i in 1..<(Int32(points.count) - 1) { indices += [base, base + i, base + i + 1] }
        if vertices.count > 60_000 { flush() }
    }

    /// Thick lines as one quad per segment, extended by half the width at both ends so joins are filled.
    func addPolyline(_ points: [Point], width: Double, color: Color, closed: Bool) {
        guard points.count >= 2, color.a > 0 else { return }
        let hw = max(0.5, width / 2)
        var segs = Array(zip(points, points.dropFirst()))
        if closed, let f = points.first, let l = points.last, f != l { segs.append((l, f)) }
        for (a, b) in segs {
            let d = b - a, len = d.length
            guard len > 1e-6 else { continue }
            let u = d / len, n = Point(x: -u.y * hw, y: u.x * hw)
            let a2 = a - u * (width > 1.5 ? hw : 0), b2 = b + u * (width > 1.5 ? hw : 0)
            addFan([a2 + n, b2 + n, b2 - n, a2 - n], color)
        }
    }

    private func segments(forRadius r: Double) -> Int { max(3, min(24, Int(r.squareRoot() * 2))) }

    func addDisc(_ c: Point, _ r: Double, _ color: Color) {
        guard r > 0 else { return }
        let n = max(12, min(96, Int(r * 0.8)))
        var pts: [Point] = []
        pts.reserveCapacity(n)
        for i in 0..<n {
            let a = Double(i) / Double(n) * 2 * Double.pi
            pts.append(Point(x: c.x + r * cos(a), y: c.y + r * sin(a)))
        }
        addFan(pts, color)
    }

    func addRing(_ c: Point, _ r: Double, width: Double, _ color: Color) {
        guard r > 0, color.a > 0 else { return }
        let n = max(12, min(96, Int(r * 0.8)))
        let ro = r + width / 2, ri = max(0, r - width / 2)
        let base = Int32(vertices.count)
        for i in 0..<n {
            let a = Double(i) / Double(n) * 2 * Double.pi
            vertices.append(vertex(Point(x: c.x + ro * cos(a), y: c.y + ro * sin(a)), color))
            vertices.append(vertex(Point(x: c.x + ri * cos(a), y: c.y + ri * sin(a)), color))
        }
        for i in 0..<Int32(n) {
            let o0 = base + 2 * i, i0 = o0 + 1
            let o1 = base + 2 * ((i + 1) % Int32(n)), i1 = o1 + 1
            indices += [o0, o1, i1, o0, i1, i0]
        }
    }

    /// Sends the batched triangles to the renderer.
    func flush() {
        guard !indices.isEmpty else { vertices.removeAll(keepingCapacity: true); return }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    // MARK: Text

    private func drawText(_ run: TextRun) {
        var string = run.string
        if let maxWidth = run.maxWidth {
            string = text.measurer.truncate(string, toWidth: maxWidth, size: run.size, font: run.font)
            if string.isEmpty { return }
        }
        let box = text.measurer.measure(string, size: run.size, font: run.font)
        let origin = run.topLeft(for: box)
        if let entry = text.texture(for: string, size: run.size, font: run.font) {
            flush()
            SDL_SetTextureColorMod(entry.texture, run.color.r, run.color.g, run.color.b)
            SDL_SetTextureAlphaMod(entry.texture, run.color.a)
            var dst = SDL_FRect(x: Float(origin.x.rounded()), y: Float(origin.y.rounded()),
                                w: Float(entry.width), h: Float(entry.height))
            SDL_RenderCopyF(renderer, entry.texture, nil, &dst)
        } else {
            for r in BitmapFont.rects(for: string, at: origin, size: run.size) {
                addFan(DisplayList.corners(of: r), run.color)
            }
        }
    }

    // MARK: Images

    private func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if let base = imageBaseDirectory {
            let p = (base as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: p) { return p }
        }
        return path
    }

    private func imageTexture(_ path: String) -> OpaquePointer? {
        if let cached = images[path] { return cached }
        SDLContext.initImage()
        let tex = IMG_LoadTexture(renderer, resolve(path))
        if let tex { SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND) }
        images[path] = tex
        return tex
    }

    private func drawImage(_ path: String, corners: [Point], alpha: Double) {
        guard corners.count == 4 else { return }
        let a = UInt8(max(0, min(255, (alpha * 255).rounded())))
        guard let tex = imageTexture(path) else {
            // Missing image: a grey quad with a cross, so the problem is visible.
            addFan(corners, Color(r: 120, g: 120, b: 120, a: a))
            addPolyline([corners[0], corners[2]], width: 2, color: .magenta, closed: false)
            addPolyline([corners[1], corners[3]], width: 2, color: .magenta, closed: false)
            return
        }
        flush()
        let white = Color(r: 255, g: 255, b: 255, a: a)
        let v = [vertex(corners[0], white, 0, 0), vertex(corners[1], white, 1, 0),
                 vertex(corners[2], white, 1, 1), vertex(corners[3], white, 0, 1)]
        let idx: [Int32] = [0, 1, 2, 0, 2, 3]
        SDL_RenderGeometry(renderer, tex, v, 4, idx, 6)
    }

    /// Drops cached image textures (e.g. when the scene reloads).
    public func clearImageCache() {
        for case let tex? in images.values { SDL_DestroyTexture(tex) }
        images.removeAll()
    }

    static func scale(of t: TouchCore.AffineTransform) -> Double { abs(t.determinant).squareRoot() }

    isolated deinit {
        clearImageCache()
    }
}
