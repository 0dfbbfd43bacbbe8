// DirectTarget: a 32-bit SDL surface the painter writes into itself: fills, SDL's blend
// arithmetic, and text coverage blended as SDL's blit would (SDLPainter's software path).
import CSDL2
import TouchCore

/// A 32-bit surface written directly: fills with normal stores (SDL's opaque fill streams
/// past the cache, its blended fill costs about 30 instructions a pixel). Blending is SDL's
/// `SDL_BLENDMODE_BLEND` fill arithmetic exactly: each channel `d * (255 - a) / 255 + c * a / 255`
/// (truncated), alpha `d * (255 - a) / 255 + a`.
struct DirectTarget {
    let pixels: UnsafeMutablePointer<UInt32>
    /// UInt32s per row.
    let stride: Int
    let width: Int32
    let height: Int32
    /// ARGB8888 (else XRGB8888: the top byte is written as 0xff).
    let hasAlpha: Bool

    init?(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        let s = surface.pointee
        guard let format = s.format, let px = s.pixels, s.flags & UInt32(SDL_RLEACCEL) == 0, s.pitch % 4 == 0 else { return nil }
        switch format.pointee.format {
        case SDL_PIXELFORMAT_ARGB8888.rawValue: hasAlpha = true
        case SDL_PIXELFORMAT_RGB888.rawValue: hasAlpha = false
        default: return nil
        }
        pixels = px.assumingMemoryBound(to: UInt32.self)
        stride = Int(s.pitch) / 4
        width = s.w
        height = s.h
    }

    /// Fills the surface with `c`, except the pixels of `covered` (a later opaque fill paints them).
    func clear(_ c: Color, except covered: SDL_Rect? = nil) {
        let v = UInt32(hasAlpha ? c.a : 255) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
        let hole = covered.map { Occlusion.intersect($0, SDL_Rect(x: 0, y: 0, w: width, h: height)) }
        for y in 0..<Int(height) {
            let row = pixels + y * stride
            if let hole, hole.w > 0, y >= Int(hole.y), y < Int(hole.y + hole.h) {
                UnsafeMutableBufferPointer(start: row, count: Int(hole.x)).update(repeating: v)
                let right = Int(hole.x + hole.w)
                UnsafeMutableBufferPointer(start: row + right, count: Int(width) - right).update(repeating: v)
            } else {
                UnsafeMutableBufferPointer(start: row, count: Int(width)).update(repeating: v)
            }
        }
    }

    /// Fills `rects` (clipped to `clip` and the surface) with `color`.
    func fill(_ rects: UnsafeBufferPointer<SDL_Rect>, clip: SDL_Rect, color c: Color) {
        let cx0 = max(0, clip.x), cy0 = max(0, clip.y)
        let cx1 = min(width, clip.x + clip.w), cy1 = min(height, clip.y + clip.h)
        guard cx1 > cx0, cy1 > cy0, c.a > 0 else { return }
        let a = UInt32(c.a)
        if a == 255 {
            let v = UInt32(0xff) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            for r in rects {
                let x0 = max(cx0, r.x), x1 = min(cx1, r.x + r.w), y0 = max(cy0, r.y), y1 = min(cy1, r.y + r.h)
                guard x1 > x0, y1 > y0 else { continue }
                for y in Int(y0)..<Int(y1) {
                    UnsafeMutableBufferPointer(start: pixels + y * stride + Int(x0), count: Int(x1 - x0)).update(repeating: v)
                }
            }
            return
        }
        // Two channels per multiply: red and blue in one word, alpha and green in another.
        let inva = 255 - a
        func div255(_ x: UInt32) -> UInt32 { ((x &+ 0x0001_0001 &+ ((x >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff }
        let srb = (UInt32(c.r) * a / 255) << 16 | (UInt32(c.b) * a / 255)
        let sag = a << 16 | (UInt32(c.g) * a / 255)
        let fixA: UInt32 = hasAlpha ? 0 : 0xff00_0000
        for r in rects {
            let x0 = max(cx0, r.x), x1 = min(cx1, r.x + r.w), y0 = max(cy0, r.y), y1 = min(cy1, r.y + r.h)
            guard x1 > x0, y1 > y0 else { continue }
            let count = Int(x1 - x0)
            for y in Int(y0)..<Int(y1) {
                let row = pixels + y * stride + Int(x0)
                // A run of equal pixels (a panel over the background, a tint over a flat view)
                // blends to equal pixels: the last result is reused, four pixels at a time.
                var lastIn = ~row[0], lastOut: UInt32 = 0
                var i = 0
                while i < count {
                    let d = row[i]
                    if d == lastIn {
                        row[i] = lastOut
                        i += 1
                        let runIn = SIMD4<UInt32>(repeating: lastIn), runOut = SIMD4<UInt32>(repeating: lastOut)
                        while i + 4 <= count, UnsafeRawPointer(row + i).loadUnaligned(as: SIMD4<UInt32>.self) == runIn {
                            UnsafeMutableRawPointer(row + i).storeBytes(of: runOut, as: SIMD4<UInt32>.self)
                            i += 4
                        }
                        continue
                    }
                    let rb = div255((d & 0x00ff_00ff) &* inva) &+ srb
                    let ag = div255(((d >> 8) & 0x00ff_00ff) &* inva) &+ sag
                    lastIn = d
                    lastOut = rb | (ag << 8) | fixA
                    row[i] = lastOut
                    i += 1
                }
            }
        }
    }
    /// Blends white text of the given `coverage` (`width` × `height`, one byte a pixel), tinted
    /// `color`, with its top-left corner at (x, y), inside `clip`: what SDL's software
    /// renderer does with `SDL_RenderCopy` of a white ARGB8888 text texture whose colour and
    /// alpha mods are `color`, bit for bit (ARGB targets only). Untinted opaque text goes
    /// through SDL's per-pixel-alpha blitter (MMX: each channel `s·α >> 8 + d·(255 − α) >> 8`);
    /// tinted text through its modulating one (`/ 255` at each step). Transparent pixels are
    /// skipped (eight at a time), opaque ones stored.
    func blend(coverage: UnsafeBufferPointer<UInt8>, width w: Int32, height h: Int32, at x: Int32, _ y: Int32,
               clip: SDL_Rect, color c: Color) {
        let x0 = max(x, max(0, clip.x)), y0 = max(y, max(0, clip.y))
        let x1 = min(x + w, min(width, clip.x + clip.w)), y1 = min(y + h, min(height, clip.y + clip.h))
        guard x1 > x0, y1 > y0, c.a > 0, coverage.count >= Int(w) * Int(h), let base = coverage.baseAddress else { return }
        let n = Int(x1 - x0)
        if c.r == 255 && c.g == 255 && c.b == 255 && c.a == 255 {
            for row in Int(y0)..<Int(y1) {
                let src = base + (row - Int(y)) * Int(w) + Int(x0 - x)
                let dst = pixels + row * stride + Int(x0)
                var i = 0
                while i < n {
                    if i & 7 == 0, i + 8 <= n, UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self) == 0 { i += 8; continue }
                    let a = UInt32(src[i])
                    let p = dst + i
                    i += 1
                    if a == 0 { continue }
                    if a == 255 { p.pointee = 0xffff_ffff; continue }
                    let d = p.pointee, ia = 255 - a
                    let s = (255 * a) >> 8
                    let ch0 = s + ((((d >> 24) & 0xff) * ia) >> 8), ch1 = s + ((((d >> 16) & 0xff) * ia) >> 8)
                    let ch2 = s + ((((d >> 8) & 0xff) * ia) >> 8), ch3 = s + (((d & 0xff) * ia) >> 8)
                    p.pointee = ch0 << 24 | ch1 << 16 | ch2 << 8 | ch3
                }
            }
            return
        }
        // Tinted: SDL's modulating blitter (alpha and colour modulated, premultiplied, blended).
        let mr = UInt32(c.r), mg = UInt32(c.g), mb = UInt32(c.b), ma = UInt32(c.a)
        let opaque = 0xff00_0000 | mr << 16 | mg << 8 | mb
        for row in Int(y0)..<Int(y1) {
            let src = base + (row - Int(y)) * Int(w) + Int(x0 - x)
            let dst = pixels + row * stride + Int(x0)
            var i = 0
            while i < n {
                if i & 7 == 0, i + 8 <= n, UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self) == 0 { i += 8; continue }
                let a = UInt32(src[i]) * ma / 255
                let p = dst + i
                i += 1
                if a == 0 { continue }
                if a == 255 { p.pointee = opaque; continue }
                let d = p.pointee, ia = 255 - a
                let r = mr * a / 255 + ((d >> 16) & 0xff) * ia / 255
                let g = mg * a / 255 + ((d >> 8) & 0xff) * ia / 255
                let b = mb * a / 255 + (d & 0xff) * ia / 255
                let da = a + ((d >> 24) & 0xff) * ia / 255
                p.pointee = da << 24 | r << 16 | g << 8 | b
            }
        }
    }
}
