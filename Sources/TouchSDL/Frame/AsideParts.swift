// AsideParts: the surface the panels are painted into off to the side of the window's, a
// slice at a time, and copied into the window once whole. When and how much is painted is
// the frame schedule's (`FrameSchedule`): this file only paints.
//
// A panel at scale 2 costs more to paint than the scene. Painted in the window's surface it
// must be painted whole before the frame is presented, and input that arrives meanwhile waits
// for it. Painted here, into a surface of its own with its own software renderer, it is
// painted in slices after the present; the window keeps showing the panel's last whole
// picture until the new one is copied in.
import CSDL2
import TouchCore
import TouchDraw

/// The panels' aside surface, its painter and the panel being painted there.
@MainActor
final class AsideParts {
    /// The surface the panels are painted into (the window surface's size and pixel format),
    /// its software renderer and the painter on it.
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private var renderer: OpaquePointer?
    private(set) var painter: SDLPainter?
    /// The panel being painted, from where it stopped.
    private var job: SDLPainter.PartPaint?

    /// Drops the panel being painted (and what the aside surface was said to hold, since its
    /// pixels may be half painted).
    func cancel() {
        if job != nil { painter?.forgetParts() }
        job = nil
    }

    /// Starts painting `list` in `part` aside: `.painting` (slices follow), `.paintedAlready`
    /// (the aside surface holds this picture: copy it in); nil when no aside surface can be
    /// made like `window` (the caller paints the part itself).
    func start(_ part: FramePart, _ list: DisplayList, like window: UnsafeMutablePointer<SDL_Surface>,
               main: SDLPainter, background: Color) -> FrameSchedule.AsideStart? {
        job = nil
        guard let painter = prepare(like: window, fonts: main.text.fonts.files), let aside = surface else { return nil }
        painter.skipsOccluded = main.skipsOccluded
        painter.imageBaseDirectory = main.imageBaseDirectory
        guard let paint = painter.startPart(part, list, surface: aside, fallback: background) else { return .paintedAlready }
        job = paint
        return .painting
    }

    /// Paints the panel being painted for at most `seconds`; true when it is whole.
    func paintSlice(seconds: Double) -> Bool {
        guard var j = job, let painter, let aside = surface else { return true }
        let deadline = SDL_GetPerformanceCounter() + UInt64(seconds * Double(SDL_GetPerformanceFrequency()))
        let done = painter.continuePart(&j, surface: aside, until: deadline)
        job = done ? nil : j
        return done
    }

    /// Paints the rest of the panel being painted, whole.
    func paintWhole() {
        guard var j = job, let painter, let aside = surface else { return }
        _ = painter.continuePart(&j, surface: aside, until: nil)
        job = nil
    }

    /// Copies `part`, painted whole aside, into `window`, whose painter `main` then holds it.
    func copyIn(_ part: FramePart, window: UnsafeMutablePointer<SDL_Surface>, main: SDLPainter) {
        guard let painter, let aside = surface, let target = DirectTarget(window), let source = DirectTarget(aside),
              let commands = painter.painted.parts[part.name]?.commands else { return }
        let clip = SDLPainter.partClip(part.rect)
        target.copy(from: source, in: clip)
        painter.text.endFrame()
        main.adoptPart(part, clip: clip, commands: commands)
    }

    /// The aside surface and its painter, made (again) when the window's surface has another
    /// size or pixel format; nil when SDL cannot make them.
    private func prepare(like window: UnsafeMutablePointer<SDL_Surface>, fonts: FontFiles) -> SDLPainter? {
        let w = window.pointee
        guard let format = w.format?.pointee.format else { return nil }
        if let s = surface, s.pointee.w == w.w, s.pointee.h == w.h, s.pointee.format?.pointee.format == format, let p = painter {
            return p
        }
        release()
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, w.w, w.h, 32, format) else { return nil }
        guard let r = SDL_CreateSoftwareRenderer(s) else { SDL_FreeSurface(s); return nil }
        surface = s
        renderer = r
        painter = SDLPainter(renderer: r, fonts: fonts)
        return painter
    }

    private func release() {
        job = nil
        painter = nil
        if let r = renderer { SDL_DestroyRenderer(r) }
        if let s = surface { SDL_FreeSurface(s) }
        renderer = nil
        surface = nil
    }

    isolated deinit { release() }
}

extension DirectTarget {
    /// Copies the pixels of `r` from `source` (a surface of the same size and format).
    func copy(from source: DirectTarget, in r: SDL_Rect) {
        let c = Occlusion.intersect(Occlusion.intersect(r, SDL_Rect(x: 0, y: 0, w: width, h: height)),
                                    SDL_Rect(x: 0, y: 0, w: source.width, h: source.height))
        guard c.w > 0, c.h > 0 else { return }
        for y in Int(c.y)..<Int(c.y + c.h) {
            (pixels + y * stride + Int(c.x)).update(from: source.pixels + y * source.stride + Int(c.x), count: Int(c.w))
        }
    }
}
