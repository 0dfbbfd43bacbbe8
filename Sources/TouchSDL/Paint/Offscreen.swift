// Offscreen: paints a DisplayList into a memory surface with the software renderer
// (no window, no display), reads pixels back, saves PNGs.
import CSDL2
import TouchCore
import TouchDraw

@MainActor
public final class OffscreenCanvas {
    public let width: Int32
    public let height: Int32
    public let surface: UnsafeMutablePointer<SDL_Surface>
    public let renderer: OpaquePointer
    public let painter: SDLPainter

    /// A canvas of `size` pixels (rounded). `fonts` defaults to `FontLocator.locate()`.
    public init(size: Size, fonts: FontFiles? = nil) throws {
        width = Int32(max(1, size.width.rounded()))
        height = Int32(max(1, size.height.rounded()))
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError.last("SDL_CreateRGBSurfaceWithFormat(\(width)×\(height))")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw SDLError.last("SDL_CreateSoftwareRenderer")
        }
        surface = s
        renderer = r
        painter = SDLPainter(renderer: r, fonts: fonts)
    }

    /// Paints `list` and flushes the renderer so the surface holds the result.
    public func paint(_ list: DisplayList) {
        painter.paint(list, directTarget: surface)
        SDL_RenderFlush(renderer)
    }

    /// The colour of one pixel (opaque canvases read back with alpha 255).
    public func pixel(x: Int, y: Int) -> Color {
        guard x >= 0, y >= 0, x < Int(width), y < Int(height), let base = surface.pointee.pixels else { return .clear }
        let row = base.advanced(by: y * Int(surface.pointee.pitch))
        let v = row.assumingMemoryBound(to: UInt32.self)[x]
        return Color(r: UInt8(truncatingIfNeeded: v >> 16), g: UInt8(truncatingIfNeeded: v >> 8),
                     b: UInt8(truncatingIfNeeded: v), a: UInt8(truncatingIfNeeded: v >> 24))
    }

    /// Writes the surface as a PNG, by the rule of every output (`RegularFile.write`): a
    /// missing path or a regular file is written, anything else is refused.
    public func savePNG(_ path: String) throws {
        try RegularFile.savePNG(surface, to: path)
    }

    isolated deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
