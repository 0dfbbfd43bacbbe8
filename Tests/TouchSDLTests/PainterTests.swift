import CSDL2
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

@MainActor
@Suite("Painting display lists offscreen", .serialized)
struct PainterTests {
    /// The repository's bundled fonts (tests run from the package root).
    static var bundledFonts: FontFiles {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/fonts").path
        return FontFiles(sans: dir + "/DejaVuSans.ttf", mono: dir + "/DejaVuSansMono.ttf", source: "test")
    }

    func count(_ canvas: OffscreenCanvas, in r: Rect, where pred: (Color) -> Bool) -> Int {
        var n = 0
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) where pred(canvas.pixel(x: x, y: y)) { n += 1 } }
        return n
    }

    @Test("rects, rotated quads, discs and lines land on the expected pixels")
    func shapes() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 100), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 200, height: 100), background: .black)
        list.fillRect(Rect(x: 10, y: 10, width: 30, height: 20), Color.hex("#ff0000"))
        list.withTransform(AffineTransform(rotationAngle: .pi / 4).concatenating(AffineTransform(translationX: 100, y: 50))) { l in
            l.fillRect(Rect(x: -10, y: -10, width: 20, height: 20), Color.hex("#00ff00"))
        }
        list.fillCircle(center: Point(x: 170, y: 30), radius: 12, Color.hex("#0000ff"))
        list.line(from: Point(x: 10, y: 80), to: Point(x: 190, y: 80), .white, width: 4)
        list.roundedRect(Rect(x: 140, y: 60, width: 40, height: 30), radius: 8, fill: Color.hex("#ffff00"))
        canvas.paint(list)
        #expect(canvas.pixel(x: 20, y: 20) == Color.hex("#ff0000"))
        #expect(canvas.pixel(x: 5, y: 5) == .black)
        #expect(canvas.pixel(x: 100, y: 50) == Color.hex("#00ff00"))
        #expect(canvas.pixel(x: 100, y: 37) == Color.hex("#00ff00"), "the rotated square's top corner reaches y ≈ 35.9")
        #expect(canvas.pixel(x: 89, y: 40) == .black, "the unrotated square's corner is empty")
        #expect(canvas.pixel(x: 170, y: 30) == Color.hex("#0000ff"))
        #expect(canvas.pixel(x: 100, y: 80) == .white)
        #expect(canvas.pixel(x: 160, y: 75) == Color.hex("#ffff00"))
        #expect(canvas.pixel(x: 141, y: 61) == .black, "rounded corner left empty")
    }

    @Test("alpha blends over what is below")
    func blending() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 20, height: 20), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 20, height: 20), background: .white)
        list.fillRect(Rect(x: 0, y: 0, width: 20, height: 20), Color(r: 0, g: 0, b: 0, a: 128))
        canvas.paint(list)
        let p = canvas.pixel(x: 10, y: 10)
        #expect((120...135).contains(Int(p.r)))
    }

    @Test("clips restrict drawing until popped, nested clips intersect")
    func clipping() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 100, height: 100), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 100, height: 100), background: .black)
        list.pushClip(Rect(x: 0, y: 0, width: 50, height: 100))
        list.pushClip(Rect(x: 0, y: 0, width: 100, height: 50))
        list.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), .white)
        list.popClip()
        list.fillRect(Rect(x: 0, y: 60, width: 100, height: 10), .red)
        list.popClip()
        list.fillRect(Rect(x: 0, y: 90, width: 100, height: 10), .blue)
        canvas.paint(list)
        #expect(canvas.pixel(x: 25, y: 25) == .white)
        #expect(canvas.pixel(x: 75, y: 25) == .black)
        #expect(canvas.pixel(x: 25, y: 75) == .black)
        #expect(canvas.pixel(x: 25, y: 65) == .red)
        #expect(canvas.pixel(x: 75, y: 65) == .black)
        #expect(canvas.pixel(x: 75, y: 95) == .blue)
    }

    @Test("text renders with the bundled DejaVu font, in its colour, inside its measured box")
    func ttfText() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 60), fonts: Self.bundledFonts)
        let m = canvas.painter.measurer
        #expect(m is FontCache)
        let box = m.measure("Hello", size: 20, font: .sans)
        #expect(box.width > 30 && box.width < 80)
        #expect(box.height >= 20 && box.height < 30)
        var list = DisplayList(size: Size(width: 200, height: 60), background: .black)
        list.text("Hello", at: Point(x: 10, y: 10), size: 20, color: Color.hex("#00ff00"))
        canvas.paint(list)
        let lit = count(canvas, in: Rect(x: 0, y: 0, width: 200, height: 60)) { $0.g > 128 && $0.r < 60 }
        #expect(lit > 40)
        let outside = count(canvas, in: Rect(x: 10 + box.width + 2, y: 0, width: 200 - 12 - box.width, height: 60)) { $0 != .black }
        #expect(outside == 0)
        #expect(canvas.painter.text.count == 1)
    }

    /// Paints `list` the fast way (shapes and text written straight into the surface, as
    /// `OffscreenCanvas` does) and through SDL's renderer alone, and counts the pixels that differ.
    func differingPixels(_ list: DisplayList, fonts: FontFiles = Self.bundledFonts) throws -> (differ: Int, first: String?) {
        let fast = try OffscreenCanvas(size: list.size, fonts: fonts)
        let sdl = try OffscreenCanvas(size: list.size, fonts: fonts)
        fast.paint(list)
        sdl.painter.paint(list)
        SDL_RenderFlush(sdl.renderer)
        var differ = 0
        var first: String?
        for y in 0..<Int(fast.height) {
            for x in 0..<Int(fast.width) where fast.pixel(x: x, y: y) != sdl.pixel(x: x, y: y) {
                differ += 1
                if first == nil { first = "(\(x), \(y)): \(fast.pixel(x: x, y: y)) direct, \(sdl.pixel(x: x, y: y)) SDL" }
            }
        }
        return (differ, first)
    }

    @Test("shapes and text written straight into the surface are SDL's own pixels, bit for bit (colours, alphas, clips, edges)")
    func directIsSDL() throws {
        let size = Size(width: 420, height: 260)
        var list = DisplayList(size: size, background: Color(r: 24, g: 24, b: 28, a: 200))
        let grounds: [Color] = [Color(r: 22, g: 24, b: 30, a: 235), .white, Color(r: 200, g: 160, b: 96), Color(r: 255, g: 0, b: 0, a: 77), .clear]
        for (i, g) in grounds.enumerated() { list.fillRect(Rect(x: Double(i) * 84, y: 0, width: 84, height: 260), g) }
        let inks: [Color] = [.white, Color(r: 255, g: 255, b: 255, a: 128), Color(r: 220, g: 224, b: 232), Color.hex("#64d2ff"),
                             Color(r: 255, g: 214, b: 10, a: 200), Color(r: 0, g: 0, b: 0, a: 1), Color(r: 140, g: 146, b: 160, a: 254), .black]
        for (i, ink) in inks.enumerated() {
            let y = 4 + Double(i) * 30
            list.text("Wg|é→ photo 0.475 ✓", at: Point(x: -6, y: y), size: 13 + Double(i), color: ink, font: i % 2 == 0 ? .mono : .sans)
            list.text("lane label ◆3", at: Point(x: 300, y: y + 6), size: 17, color: ink, font: .mono, maxWidth: 140)
        }
        list.pushClip(Rect(x: 100.5, y: 40.2, width: 150, height: 31.6))
        list.text("clipped text crosses the clip's edges", at: Point(x: 60, y: 36), size: 22, color: .hex("#30d158"))
        list.popClip()
        list.text("bottom edge", at: Point(x: 200, y: 252), size: 20, color: .white)
        let (differ, first) = try differingPixels(list)
        #expect(differ == 0, "\(differ) pixels differ; first \(first ?? "")")
    }

    @Test("skipping what later opaque fills hide changes no pixel (seeded scenes: rotated photos over labels, clips, translucency)",
          arguments: 0..<12)
    func occlusionKeepsPixels(seed: Int) throws {
        var state = UInt64(seed) &* 0x9e37_79b9_7f4a_7c15 &+ 1
        func next() -> Double { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return Double(state % 10_000) / 10_000 }
        let size = Size(width: 400, height: 300)
        var list = DisplayList(size: size, background: Color(r: 24, g: 24, b: 28))
        list.pushClip(Rect(x: 10.5, y: 8, width: 380, height: 280))
        list.fillRect(Rect(x: 10.5, y: 8, width: 380, height: 280), Color(r: 32, g: 32, b: 32))
        for i in 0..<60 {
            let r = Rect(x: next() * 380, y: next() * 280, width: 10 + next() * 60, height: 8 + next() * 40)
            list.fillRect(r, Color(r: UInt8(i * 4), g: 60, b: 70, a: i % 3 == 0 ? 180 : 255))
            list.text("label \(i)", at: Point(x: r.minX + 2, y: r.midY), size: 9 + next() * 12, color: .white,
                      baseline: .middle, maxWidth: r.width)
            if i % 7 == 0 { list.line(from: r.origin, to: Point(x: r.maxX, y: r.maxY), .yellow, width: 1 + next() * 4) }
            if i % 11 == 0 { list.fillCircle(center: r.center, radius: 4 + next() * 10, .cyan) }
            if i % 13 == 0 { list.pushClip(r); list.fillRect(Rect(x: 0, y: 0, width: 400, height: 300), Color(r: 90, g: 0, b: 0, a: 90)); list.popClip() }
        }
        // The "photo": a large opaque rotated quad, a translucent tint on it, its border and text.
        let angle = next() * 6.28, s = 0.6 + next() * 1.2
        let m = AffineTransform(rotationAngle: angle).concatenating(AffineTransform(scaleX: s, y: s))
            .concatenating(AffineTransform(translationX: 100 + next() * 200, y: 80 + next() * 140))
        let quad = [Point(x: -120, y: -90), Point(x: 120, y: -90), Point(x: 120, y: 90), Point(x: -120, y: 90)].map(m.apply)
        list.fillPolygon(quad, Color(r: 200, g: 160, b: 96))
        list.polyline(quad, Color.white, width: 6, closed: true)
        list.text("photo", at: m.apply(.zero), size: 28 * s, color: .white, alignment: .center, baseline: .middle)
        if seed % 2 == 0 { list.fillPolygon(quad, Color(r: 255, g: 255, b: 0, a: 56)) }
        list.popClip()
        // A panel over part of it, and an opaque full-width band.
        list.fillRect(Rect(x: 300, y: 0, width: 100, height: 300), Color(r: 22, g: 24, b: 30, a: 235))
        if seed % 3 == 0 { list.fillRect(Rect(x: 0, y: 250, width: 400, height: 50), Color(r: 34, g: 37, b: 46)) }

        func paint(skipping: Bool) throws -> [UInt32] {
            let c = try OffscreenCanvas(size: size, fonts: Self.bundledFonts)
            c.painter.skipsOccluded = skipping
            c.paint(list)
            let px = c.surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            return Array(UnsafeBufferPointer(start: px, count: Int(c.width) * Int(c.height)))
        }
        let skipped = try paint(skipping: true), full = try paint(skipping: false)
        let differ = zip(skipped, full).filter { $0 != $1 }.count
        #expect(differ == 0, "seed \(seed): \(differ) pixels differ")
        // And it does skip something: the labels under the photo.
        let canvas = try OffscreenCanvas(size: size, fonts: Self.bundledFonts)
        var clips: [SDL_Rect?] = []
        var stack: [SDL_Rect] = []
        for c in list.commands {
            if case let .pushClip(r) = c { stack.append(SDLPainter.pixelClip(r, inside: stack.last)) }
            if case .popClip = c { _ = stack.popLast() }
            clips.append(stack.last)
        }
        let o = Occlusion.compute(list.commands, clips: clips, canvas: SDL_Rect(x: 0, y: 0, w: 400, h: 300)) {
            SDLPainter.footprint(of: $0, measurer: canvas.painter.measurer)
        }
        #expect(o.hidden.contains(true) || s < 0.8, "seed \(seed): nothing hidden")
    }

    @Test("DirectTarget.blend is SDL's blit of a white text texture for every coverage, tint and destination pixel")
    func blendIsSDLBlit() throws {
        let w: Int32 = 256, h: Int32 = 96
        // The texture: white, alpha 0…255 along x (as SDL2_ttf renders text).
        let src = try #require(SDL_CreateRGBSurfaceWithFormat(0, w, 1, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(src) }
        let sp = src.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for x in 0..<Int(w) { sp[x] = UInt32(x) << 24 | 0x00ff_ffff }
        let coverage = TextCache.coverage(of: src)
        #expect(coverage == (0..<256).map { UInt8($0) })
        // Destinations: one pixel value per row, extremes and seeded random ones.
        var seed: UInt64 = 0x2545_f491_4f6c_dd1d
        func next() -> UInt32 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return UInt32(truncatingIfNeeded: seed) }
        let fixed: [UInt32] = [0, 0xffff_ffff, 0xff00_0000, 0x00ff_ffff, 0x8080_8080, 0xeb16_181e, 0x01fe_01fe]
        let rows = fixed + (fixed.count..<Int(h)).map { _ in next() }
        let tints: [Color] = [.white, Color(r: 255, g: 255, b: 255, a: 128), Color(r: 255, g: 255, b: 255, a: 1), .black,
                              Color(r: 220, g: 224, b: 232), Color(r: 255, g: 214, b: 10, a: 200), Color(r: 3, g: 250, b: 128, a: 254),
                              Color(r: 255, g: 255, b: 254), Color(r: 100, g: 210, b: 255, a: 77)]
        for tint in tints {
            func target() throws -> UnsafeMutablePointer<SDL_Surface> {
                let t = try #require(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
                let p = t.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                let stride = Int(t.pointee.pitch) / 4
                for y in 0..<Int(h) { for x in 0..<Int(w) { p[y * stride + x] = rows[y] } }
                return t
            }
            let bySDL = try target(), direct = try target()
            defer { SDL_FreeSurface(bySDL); SDL_FreeSurface(direct) }
            let renderer = try #require(SDL_CreateSoftwareRenderer(bySDL))
            let texture = try #require(SDL_CreateTextureFromSurface(renderer, src))
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b)
            SDL_SetTextureAlphaMod(texture, tint.a)
            for y in 0..<h {
                var dst = SDL_FRect(x: 0, y: Float(y), w: Float(w), h: 1)
                SDL_RenderCopyF(renderer, texture, nil, &dst)
            }
            SDL_RenderFlush(renderer)
            SDL_DestroyTexture(texture)
            SDL_DestroyRenderer(renderer)
            let d = try #require(DirectTarget(direct))
            coverage?.withUnsafeBufferPointer { c in
                for y in 0..<h { d.blend(coverage: c, width: w, height: 1, at: 0, y, clip: SDL_Rect(x: 0, y: 0, w: w, h: h), color: tint) }
            }
            let a = bySDL.pointee.pixels.assumingMemoryBound(to: UInt32.self), b = direct.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            var differ = 0
            var first = ""
            for i in 0..<Int(w * h) where a[i] != b[i] {
                if differ == 0 { first = "coverage \(i % Int(w)) over \(String(rows[i / Int(w)], radix: 16)): SDL \(String(a[i], radix: 16)), direct \(String(b[i], radix: 16))" }
                differ += 1
            }
            #expect(differ == 0, "tint \(tint): \(differ) pixels differ, first \(first)")
        }
    }

    @Test("text falls back to the built-in bitmap font when there is no font file")
    func bitmapText() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 60), fonts: .bitmap)
        #expect(canvas.painter.measurer is FontCache)
        #expect(canvas.painter.measurer.measure("Hi", size: 16, font: .mono) == Size(width: 32, height: 19))
        var list = DisplayList(size: Size(width: 200, height: 60), background: .black)
        list.text("Hi!", at: Point(x: 100, y: 30), size: 16, color: .white, alignment: .center, baseline: .middle)
        canvas.paint(list)
        let lit = count(canvas, in: Rect(x: 0, y: 0, width: 200, height: 60)) { $0 == .white }
        #expect(lit > 50)
        #expect(count(canvas, in: Rect(x: 0, y: 0, width: 70, height: 60)) { $0 != .black } == 0, "centred")
    }

    @Test("long text is truncated to its maximum width")
    func truncation() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 40), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 200, height: 40), background: .black)
        list.text(String(repeating: "W", count: 40), at: Point(x: 0, y: 0), size: 8, color: .white, maxWidth: 50)
        canvas.paint(list)
        #expect(count(canvas, in: Rect(x: 51, y: 0, width: 149, height: 40)) { $0 != .black } == 0)
        #expect(count(canvas, in: Rect(x: 0, y: 0, width: 50, height: 40)) { $0 != .black } > 20)
    }

    @Test("a missing image is drawn as a visible placeholder; a PNG image is drawn over its quad")
    func images() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-img-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Make a red 8×8 PNG with the offscreen canvas itself.
        var red = DisplayList(size: Size(width: 8, height: 8), background: Color.hex("#ff0000"))
        red.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), .red)
        try SDLHost.renderOffscreen(red, toPNG: dir + "/red.png", fonts: .bitmap)

        let canvas = try OffscreenCanvas(size: Size(width: 100, height: 50), fonts: .bitmap)
        canvas.painter.imageBaseDirectory = dir
        var list = DisplayList(size: Size(width: 100, height: 50), background: .black)
        list.image("red.png", in: Rect(x: 0, y: 0, width: 40, height: 40))
        list.image("missing.png", in: Rect(x: 50, y: 0, width: 40, height: 40))
        canvas.paint(list)
        #expect(canvas.pixel(x: 20, y: 20) == Color.hex("#ff0000"))
        #expect(canvas.pixel(x: 60, y: 30) != .black)
    }

    @Test("renderOffscreen writes a PNG of the list's size")
    func offscreenPNG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-off-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var list = DisplayList(size: Size(width: 64, height: 32), background: .blue)
        list.text("ok", at: Point(x: 2, y: 2), size: 12)
        try SDLHost.renderOffscreen(list, toPNG: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR width and height, big-endian, at bytes 16…23.
        #expect(Array(data[16..<24]) == [0, 0, 0, 64, 0, 0, 0, 32])
    }
}
