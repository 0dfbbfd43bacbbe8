// SDLPainter: paints a DisplayList with an SDL_Renderer.
//
// Untextured shapes are convex polygons (rounded rects as polygons, thick lines as quads,
// discs as fans). With the software renderer they are scan-converted here into runs of
// pixels, written straight into the target surface (`DirectTarget`) when the caller gives it
// (`paint(_:directTarget:)`, as `OffscreenCanvas` does) or sent with one
// `SDL_RenderFillRects` per colour; with other renderers they are triangulated into one
// vertex batch flushed with one `SDL_RenderGeometry` call whenever a texture, a clip change
// or the end of the list comes. Text goes through `TextCache` (SDL2_ttf, or the bitmap font as rects), images
// through SDL2_image, cached by path. No anti-aliasing. Commands a later opaque fill paints
// over are skipped (`Occlusion`).
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
    var clipStack: [SDL_Rect] = []
    private var images: [String: OpaquePointer?] = [:]
    /// Whether shapes are scan-converted into rects (the software renderer) rather than
    /// sent as triangles (accelerated renderers).
    var usesSpans: Bool
    /// Whether commands a later opaque fill hides are skipped (`Occlusion`); tests turn it
    /// off to check the picture is the same.
    var skipsOccluded = true
    /// The parts of the last frame painted in parts (`PaintedParts.swift`).
    var painted = PaintedParts()
    /// Counts of parts painted, kept and layered (`paintPart`).
    public internal(set) var partStats = PartStats()

    /// `fonts` defaults to `FontLocator.locate()`.
    public init(renderer: OpaquePointer, fonts: FontFiles? = nil) {
        self.renderer = renderer
        self.text = TextCache(renderer: renderer, fonts: fonts ?? FontLocator.locate())
        var info = SDL_RendererInfo()
        usesSpans = SDL_GetRendererInfo(renderer, &info) != 0 || info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// The measurer matching what this painter draws.
    public var measurer: any TextMeasurer { text.measurer }

    /// Paints `list` (clears to its background first when it has one). Does not present.
    public func paint(_ list: DisplayList) {
        paint(list, directTarget: nil)
    }

    /// Paints `list`; shapes are written straight into `directTarget` when it is given:
    /// the surface this (software) renderer draws into, 32-bit ARGB or XRGB, unlocked.
    /// Text and images still go through the renderer, in order. The parts painted before
    /// (`paintPart`) are forgotten: this paints the whole canvas.
    public func paint(_ list: DisplayList, directTarget: UnsafeMutablePointer<SDL_Surface>?) {
        forgetParts()
        direct = usesSpans ? directTarget.flatMap(DirectTarget.init) : nil
        defer { direct = nil }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderSetClipRect(renderer, nil)
        clipStack.removeAll()
        updateSpanRows()
        let hidden = skipsOccluded ? occlusion(of: list.commands[...]) : nil
        if let bg = list.background {
            SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, bg.a)
            if let d = direct { d.clear(bg, except: hidden?.clearCovered) } else { SDL_RenderClear(renderer) }
        }
        paintCommands(list.commands[...], hidden: hidden?.hidden)
        flush()
        SDL_RenderSetClipRect(renderer, nil)
        text.endFrame()
    }

    /// Paints `commands` in order, skipping those `hidden` marks: `hidden[i]` is about the
    /// command at index `hiddenFrom + i` (the slice's start by default).
    func paintCommands(_ commands: ArraySlice<DrawCommand>, hidden: [Bool]?, hiddenFrom: Int? = nil) {
        let first = hiddenFrom ?? commands.startIndex
        for (k, command) in zip(commands.indices, commands) {
            if let hidden, hidden[k - first] { continue }
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
                clipStack.append(Self.pixelClip(r, inside: clipStack.last))
                applyClip()
            case .popClip:
                flush()
                _ = clipStack.popLast()
                applyClip()
            }
        }
    }

    /// A clip rect in whole pixels (out to the pixels it touches), inside the enclosing clip.
    static func pixelClip(_ r: Rect, inside outer: SDL_Rect?) -> SDL_Rect {
        var rect = SDL_Rect(x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
                            w: Int32(max(0, r.width.rounded(.up))), h: Int32(max(0, r.height.rounded(.up))))
        if let outer {
            var out = SDL_Rect()
            if SDL_IntersectRect(&rect, [outer], &out) == SDL_FALSE { out = SDL_Rect(x: rect.x, y: rect.y, w: 0, h: 0) }
            rect = out
        }
        return rect
    }

    /// The commands a later opaque fill hides (indexed from the slice's start), and the part
    /// of the clear it covers; `clips` are the clips in force before the first command.
    func occlusion(of commands: ArraySlice<DrawCommand>, clips initial: [SDL_Rect] = []) -> Occlusion {
        var w: Int32 = 0, h: Int32 = 0
        if let d = direct { w = d.width; h = d.height } else { SDL_GetRendererOutputSize(renderer, &w, &h) }
        var clips: [SDL_Rect?] = []
        clips.reserveCapacity(commands.count)
        var stack = initial
        for c in commands {
            switch c {
            case let .pushClip(r): stack.append(Self.pixelClip(r, inside: stack.last))
            case .popClip: _ = stack.popLast()
            default: break
            }
            clips.append(stack.last)
        }
        return Occlusion.compute(Array(commands), clips: clips, canvas: SDL_Rect(x: 0, y: 0, w: w, h: h)) { [text] c in
            Self.footprint(of: c, measurer: text.measurer)
        }
    }

    /// Where a command can put pixels (before clipping), generously; nil when unknown.
    static func footprint(of c: DrawCommand, measurer: any TextMeasurer) -> Rect? {
        func box(_ pts: [Point], grow g: Double) -> Rect? {
            guard let first = pts.first else { return nil }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in pts { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            return Rect(x: x0 - g, y: y0 - g, width: x1 - x0 + 2 * g, height: y1 - y0 + 2 * g)
        }
        switch c {
        case let .polygon(points, _): return box(points, grow: 1)
        case let .roundedRect(rr): return box(rr.outline(), grow: rr.lineWidth + 1)
        case let .polyline(points, width, _, _): return box(points, grow: width + 1)
        case let .circle(center, radius, _, lineWidth):
            let r = radius + (lineWidth ?? 0) + 1
            return Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
        case let .text(run):
            var string = run.string
            if let maxWidth = run.maxWidth { string = measurer.truncate(string, toWidth: maxWidth, size: run.size, font: run.font) }
            let size = measurer.measure(string, size: run.size, font: run.font)
            let o = run.topLeft(for: size)
            let g = max(4, run.size / 2)
            return Rect(x: o.x.rounded() - g, y: o.y.rounded() - g, width: size.width + 2 * g, height: size.height + 2 * g)
        case let .image(_, corners, _): return box(corners, grow: 3)   // a missing image's cross is 2 px wide
        case .pushClip, .popClip: return nil
        }
    }

    func applyClip() {
        if var r = clipStack.last {
            // SDL treats an empty clip rect as "no clipping": clip to a pixel off-canvas instead.
            if r.w <= 0 || r.h <= 0 { r = SDL_Rect(x: -10, y: -10, w: 1, h: 1) }
            SDL_RenderSetClipRect(renderer, &r)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
        updateSpanRows()
    }

    // MARK: Geometry batch

    private func vertex(_ p: Point, _ c: Color, _ u: Float = 0, _ v: Float = 0) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)),
                   color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a),
                   tex_coord: SDL_FPoint(x: u, y: v))
    }

    /// A convex polygon: rasterized into spans (software renderer) or a triangle fan.
    func addFan(_ points: [Point], _ color: Color) {
        guard points.count >= 3, color.a > 0 else { return }
        if usesSpans {
            points.withUnsafeBufferPointer { fillSpans($0, color) }
            return
        }
        let base = Int32(vertices.count)
        for p in points { vertices.append(vertex(p, color)) }
        for i in 1..<(Int32(points.count) - 1) { indices += [base, base + i, base + i + 1] }
        if vertices.count > 60_000 { flush() }
    }

    /// A convex quad (a, b, c, d in order around it).
    private func addQuad(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ color: Color) {
        guard color.a > 0 else { return }
        if usesSpans {
            withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { buf in
                buf[0] = a; buf[1] = b; buf[2] = c; buf[3] = d
                fillSpans(UnsafeBufferPointer(buf), color)
            }
            return
        }
        let base = Int32(vertices.count)
        vertices.append(vertex(a, color)); vertices.append(vertex(b, color))
        vertices.append(vertex(c, color)); vertices.append(vertex(d, color))
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        if vertices.count > 60_000 { flush() }
    }

    /// Thick lines as one quad per segment, extended by half the width at both ends so joins are filled.
    func addPolyline(_ points: [Point], width: Double, color: Color, closed: Bool) {
        guard points.count >= 2, color.a > 0 else { return }
        let hw = max(0.5, width / 2)
        let ext = width > 1.5 ? hw : 0
        func segment(_ a: Point, _ b: Point) {
            let d = b - a, len = d.length
            guard len > 1e-6 else { return }
            let u = d / len, n = Point(x: -u.y * hw, y: u.x * hw)
            let a2 = a - u * ext, b2 = b + u * ext
            addQuad(a2 + n, b2 + n, b2 - n, a2 - n, color)
        }
        for i in 1..<points.count { segment(points[i - 1], points[i]) }
        if closed, let f = points.first, let l = points.last, f != l { segment(l, f) }
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
        func outer(_ i: Int) -> Point { let a = Double(i % n) / Double(n) * 2 * Double.pi; return Point(x: c.x + ro * cos(a), y: c.y + ro * sin(a)) }
        func inner(_ i: Int) -> Point { let a = Double(i % n) / Double(n) * 2 * Double.pi; return Point(x: c.x + ri * cos(a), y: c.y + ri * sin(a)) }
        for i in 0..<n { addQuad(outer(i), outer(i + 1), inner(i + 1), inner(i), color) }
    }

    /// Sends the batched triangles (or spans) to the renderer.
    func flush() {
        flushSpans()
        guard !indices.isEmpty else { vertices.removeAll(keepingCapacity: true); return }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    // MARK: Spans (software renderer)
    //
    // SDL's software renderer draws a blended triangle through a temporary surface the size
    // of its bounding box (allocated, cleared, filled, blitted, freed: per triangle). Filling
    // rects is much cheaper, so with that renderer convex polygons are scan-converted here
    // into runs of pixels (one rect per run of rows with the same extent: an axis-aligned
    // rect is one rect) and sent with one `SDL_RenderFillRects` per colour. Opaque colours
    // are filled without blending. Coverage follows SDL's rasterizer: vertices truncated to
    // whole pixels, a pixel is in when its centre is (left and top edges in, right and
    // bottom out).

    /// The surface spans are written into (see `paint(_:directTarget:)`), during a paint.
    var direct: DirectTarget?
    /// The rects of the current colour, not yet sent.
    private var spans: [SDL_Rect] = []
    private var spanColor = Color.clear
    /// Rows (of the current clip) that spans are computed for.
    private var spanTop: Int32 = 0, spanBottom: Int32 = 0
    private var rowLeft: [Double] = [], rowRight: [Double] = []

    private func flushSpans() {
        guard !spans.isEmpty else { return }
        let c = spanColor
        if let d = direct {
            SDL_RenderFlush(renderer)   // anything SDL has queued goes first
            let clip = clipStack.last ?? SDL_Rect(x: 0, y: 0, w: d.width, h: d.height)
            spans.withUnsafeBufferPointer { d.fill($0, clip: clip, color: c) }
        } else {
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
            SDL_SetRenderDrawBlendMode(renderer, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_RenderFillRects(renderer, spans, Int32(spans.count))
        }
        spans.removeAll(keepingCapacity: true)
    }

    /// The rows spans are kept to: the clip rect's, or the whole output.
    func updateSpanRows() {
        if let r = clipStack.last {
            spanTop = r.y; spanBottom = r.y + max(0, r.h)
        } else {
            var w: Int32 = 0, h: Int32 = 0
            if let d = direct { h = d.height } else { SDL_GetRendererOutputSize(renderer, &w, &h) }
            spanTop = 0; spanBottom = h
        }
    }

    /// Whole-pixel coordinate as SDL's software renderer takes it (as a Float, truncated;
    /// kept finite).
    private static func pixel(_ v: Double) -> Int32 { pixel(Float(v)) }
    private static func pixel(_ v: Float) -> Int32 {
        guard v.isFinite else { return v > 0 ? 1 << 24 : -(1 << 24) }
        return Int32(max(-16_777_216, min(16_777_216, v)))
    }

    /// An axis-aligned quad as SDL's software renderer draws it (it turns such a pair of
    /// triangles into a fill rect: origin and size in Float, each truncated, size at least 1).
    private func axisAlignedRect(_ pts: UnsafeBufferPointer<Point>) -> SDL_Rect? {
        guard pts.count == 4 else { return nil }
        let x0 = Float(pts[0].x), y0 = Float(pts[0].y), x1 = Float(pts[1].x), y1 = Float(pts[1].y)
        let x2 = Float(pts[2].x), y2 = Float(pts[2].y), x3 = Float(pts[3].x), y3 = Float(pts[3].y)
        guard (x0 == x3 && x1 == x2 && y0 == y1 && y2 == y3) || (x0 == x1 && x2 == x3 && y0 == y3 && y1 == y2) else { return nil }
        let minX = min(x0, x2), maxX = max(x0, x2), minY = min(y0, y2), maxY = max(y0, y2)
        guard maxX > minX, maxY > minY else { return nil }
        return SDL_Rect(x: Self.pixel(minX), y: Self.pixel(minY),
                        w: max(1, Self.pixel(maxX - minX)), h: max(1, Self.pixel(maxY - minY)))
    }

    private func fillSpans(_ pts: UnsafeBufferPointer<Point>, _ color: Color) {
        let n = pts.count
        guard n >= 3, color.a > 0 else { return }
        if let r = axisAlignedRect(pts) {
            guard r.y < spanBottom, r.y + r.h > spanTop else { return }
            if color != spanColor { flushSpans(); spanColor = color }
            spans.append(r)
            return
        }
        var minY = Int32.max, maxY = Int32.min
        for p in pts {
            let y = Self.pixel(p.y)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        let top = max(minY, spanTop), bottom = min(maxY, spanBottom)   // rows top..<bottom
        guard bottom > top else { return }
        if color != spanColor { flushSpans(); spanColor = color }
        let rows = Int(bottom - top)
        if rowLeft.count < rows {
            rowLeft = Array(repeating: 0, count: rows)
            rowRight = Array(repeating: 0, count: rows)
        }
        rowLeft.withUnsafeMutableBufferPointer { left in
            rowRight.withUnsafeMutableBufferPointer { right in
                for i in 0..<rows { left[i] = .infinity; right[i] = -.infinity }
                // Every edge crossing a row's centre widens that row's extent.
                for e in 0..<n {
                    let p = pts[e], q = pts[e + 1 == n ? 0 : e + 1]
                    var x0 = Double(Self.pixel(p.x)), y0 = Self.pixel(p.y)
                    var x1 = Double(Self.pixel(q.x)), y1 = Self.pixel(q.y)
                    if y0 == y1 { continue }
                    if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1) }
                    let r0 = max(y0, top), r1 = min(y1, bottom)   // rows whose centre is in [y0, y1)
                    guard r1 > r0 else { continue }
                    let slope = (x1 - x0) / Double(y1 - y0)
                    var x = x0 + (Double(r0 - y0) + 0.5) * slope
                    for row in Int(r0 - top)..<Int(r1 - top) {
                        if x < left[row] { left[row] = x }
                        if x > right[row] { right[row] = x }
                        x += slope
                    }
                }
                // Pixels whose centre is in [left, right); runs of equal rows become one rect.
                var last = -1
                for i in 0..<rows {
                    guard left[i] < right[i] else { continue }
                    let a = Int32(max(-16_777_216, min(16_777_216, (left[i] - 0.5).rounded(.up))))
                    let b = Int32(max(-16_777_216, min(16_777_216, (right[i] - 0.5).rounded(.up))))
                    guard b > a else { continue }
                    let y = top + Int32(i)
                    if last >= 0, spans[last].x == a, spans[last].w == b - a, spans[last].y + spans[last].h == y {
                        spans[last].h += 1
                    } else {
                        spans.append(SDL_Rect(x: a, y: y, w: b - a, h: 1))
                        last = spans.count - 1
                    }
                }
            }
        }
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
            if let d = direct, d.hasAlpha, let coverage = entry.coverage {
                // Blended into the surface here, as SDL's blitter would (see `DirectTarget.blend`).
                SDL_RenderFlush(renderer)
                let clip = clipStack.last ?? SDL_Rect(x: 0, y: 0, w: d.width, h: d.height)
                coverage.withUnsafeBufferPointer {
                    d.blend(coverage: $0, width: entry.width, height: entry.height,
                            at: Int32(origin.x.rounded()), Int32(origin.y.rounded()), clip: clip, color: run.color)
                }
                return
            }
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

    /// The largest image file read (64 MiB).
    static let maxImageFileSize = 64 << 20

    private func imageTexture(_ path: String) -> OpaquePointer? {
        if let cached = images[path] { return cached }
        SDLContext.initImage()
        // Read without blocking, and only from a regular file: a FIFO or a device put where
        // the image was is drawn as a missing image, never waited on.
        var tex: OpaquePointer?
        if case .success(let bytes) = RegularFile.read(resolve(path), limit: SDLPainter.maxImageFileSize, what: "image") {
            tex = bytes.withUnsafeBytes { raw -> OpaquePointer? in
                guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(clamping: raw.count)) else { return nil }
                return IMG_LoadTexture_RW(renderer, rw, 1)
            }
        }
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
