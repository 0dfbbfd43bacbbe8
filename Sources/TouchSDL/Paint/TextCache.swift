// TextCache: SDL2_ttf fonts and rendered text textures, least recently used evicted.
//
// Text is rendered once in white and tinted at draw time (`SDL_SetTextureColorMod`), so
// the cache key is (string, pixel size, face) and colour changes cost nothing. When no
// font file is available (or SDL2_ttf fails), `texture(for:)` returns nil and the painter
// draws the built-in bitmap font instead.
import CSDL2
import TouchCore
import TouchDraw

/// Open TrueType fonts by (face, pixel size); measures text with `TTF_SizeUTF8`.
/// Falls back to the bitmap font's metrics for a face whose file cannot be opened.
public final class FontCache: TextMeasurer {
    public let files: FontFiles
    private struct Key: Hashable { var face: FontFace; var size: Int32 }
    private var fonts: [Key: OpaquePointer?] = [:]

    public init(files: FontFiles) { self.files = files }

    /// Font sizes are whole pixels, 4…256.
    static func pixelSize(_ size: Double) -> Int32 { Int32(max(4, min(256, size.rounded()))) }

    /// The TTF font for a face and size, or nil (no file, or it failed to open).
    func font(_ face: FontFace, size: Double) -> OpaquePointer? {
        let key = Key(face: face, size: Self.pixelSize(size))
        if let f = fonts[key] { return f }
        var f: OpaquePointer? = nil
        if let path = files.path(for: face), TTF_WasInit() > 0 || TTF_Init() == 0 {
            f = TTF_OpenFont(path, key.size)
        }
        fonts[key] = f
        return f
    }

    private struct MeasureKey: Hashable { var string: String; var size: Int32; var face: FontFace }
    private var measured: [MeasureKey: Size] = [:]

    public func measure(_ string: String, size: Double, font face: FontFace) -> Size {
        let key = MeasureKey(string: string, size: Self.pixelSize(size), face: face)
        if let s = measured[key] { return s }
        if measured.count > 5000 { measured.removeAll(keepingCapacity: true) }
        let s = measureUncached(string, size: size, font: face)
        measured[key] = s
        return s
    }

    private struct TruncateKey: Hashable { var string: String; var width: Double; var size: Int32; var face: FontFace }
    private var truncated: [TruncateKey: String] = [:]

    /// Truncation, cached: panels and the painter truncate the same strings every frame
    /// (500 labels cut to their width are a binary search of measurements each).
    public func truncate(_ string: String, toWidth width: Double, size: Double, font face: FontFace) -> String {
        let key = TruncateKey(string: string, width: width, size: Self.pixelSize(size), face: face)
        if let s = truncated[key] { return s }
        if truncated.count > 5000 { truncated.removeAll(keepingCapacity: true) }
        let s = truncateByMeasuring(string, toWidth: width, size: size, font: face)
        truncated[key] = s
        return s
    }

    private func measureUncached(_ string: String, size: Double, font face: FontFace) -> Size {
        guard let f = font(face, size: size) else { return BitmapFont.measure(string, size: size) }
        var w: Int32 = 0, h: Int32 = 0
        if string.isEmpty { return Size(width: 0, height: Double(TTF_FontHeight(f))) }
        guard TTF_SizeUTF8(f, string, &w, &h) == 0 else { return BitmapFont.measure(string, size: size) }
        return Size(width: Double(w), height: Double(h))
    }

    deinit {
        for case let f? in fonts.values { TTF_CloseFont(f) }
    }
}

@MainActor
public final class TextCache {
    public struct Entry {
        public let texture: OpaquePointer
        public let width: Int32
        public let height: Int32
        /// The text's coverage, one byte a pixel, row by row (`width` a row): the texture's
        /// alpha, for painters that blend it into a surface themselves. Nil unless the
        /// texture is white ink (SDL2_ttf's blended text) with a coverage alpha.
        public let coverage: [UInt8]?
        var lastUsed: UInt64
    }
    private struct Key: Hashable { var string: String; var size: Int32; var face: FontFace }

    public let renderer: OpaquePointer
    public let fonts: FontCache
    /// At most this many textures are kept; the least recently used go first.
    public var capacity = 600
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init(renderer: OpaquePointer, fonts: FontFiles) {
        self.renderer = renderer
        if !fonts.isBitmap { SDLContext.initTTF() }
        self.fonts = FontCache(files: fonts)
    }

    /// What the painter's text measures as (TTF metrics, or the bitmap font's).
    public var measurer: any TextMeasurer { fonts }
    public var count: Int { entries.count }

    /// A white texture of `string`, or nil when TTF text is unavailable (use the bitmap font).
    public func texture(for string: String, size: Double, font face: FontFace) -> Entry? {
        guard !string.isEmpty, let font = fonts.font(face, size: size) else { return nil }
        clock += 1
        let key = Key(string: string, size: FontCache.pixelSize(size), face: face)
        if var e = entries[key] {
            e.lastUsed = clock
            entries[key] = e
            hits += 1
            return e
        }
        misses += 1
        guard let surface = TTF_RenderUTF8_Blended(font, string, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let e = Entry(texture: tex, width: surface.pointee.w, height: surface.pointee.h,
                      coverage: Self.coverage(of: surface), lastUsed: clock)
        entries[key] = e
        return e
    }

    /// The alpha of an ARGB8888 surface whose every pixel is white (what SDL2_ttf's blended
    /// rendering makes), else nil.
    static func coverage(of surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt8]? {
        let s = surface.pointee
        guard s.format?.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let base = s.pixels,
              s.w > 0, s.h > 0, s.pitch % 4 == 0 else { return nil }
        let w = Int(s.w), h = Int(s.h), stride = Int(s.pitch) / 4
        let px = base.assumingMemoryBound(to: UInt32.self)
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let v = px[y * stride + x]
                guard v & 0x00ff_ffff == 0x00ff_ffff else { return nil }
                out[y * w + x] = UInt8(truncatingIfNeeded: v >> 24)
            }
        }
        return out
    }

    /// Evicts the least recently used textures beyond `capacity`.
    public func endFrame() {
        guard entries.count > capacity else { return }
        let excess = entries.count - capacity * 3 / 4
        for (key, e) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess) {
            SDL_DestroyTexture(e.texture)
            entries[key] = nil
        }
    }

    public func removeAll() {
        for e in entries.values { SDL_DestroyTexture(e.texture) }
        entries.removeAll()
    }

    isolated deinit { removeAll() }
}
