// AsideParts: the parts of a frame that may lag (the panels) painted off to the side, a slice
// at a time, and copied into the window's surface once whole (docs/performance.md, "The
// frame schedule").
//
// A panel at scale 2 costs more to paint than the scene (the side panel about 4 ms, the
// timeline about 2.5 ms on the reference machine). Painted in the window's surface it must be
// painted whole before the frame is presented, and an input that arrives meanwhile waits for
// the whole panel and then the scene. Painted here instead, into a surface of its own with
// its own renderer, the host paints it in slices of about a millisecond and looks for input
// between them: when input waits, the panel stops where it is (the window still shows its
// last whole picture), the frame draws the scene from the newest input and is presented, and
// the next frame goes on with the panel where it stopped. A panel is copied into the window's
// surface only when it is painted whole, so a frame never shows half a panel.
import CSDL2
import TouchCore
import TouchDraw

/// The panels' painting off to the side of the window's surface, resumable across frames.
@MainActor
final class AsideParts {
    /// How long one slice of painting runs before the host looks for input again (seconds).
    var slice = 0.001

    /// The surface the panels are painted into (the window surface's size and pixel format),
    /// its software renderer and the painter on it.
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private var renderer: OpaquePointer?
    private(set) var painter: SDLPainter?

    /// A part being painted, and the layout and window surface it was drawn for.
    private struct Job {
        var paint: SDLPainter.PartPaint
        var layout: HostLayout
        var window: UnsafeMutableRawPointer
    }
    private var job: Job?

    /// The frame each part was last drawn (its display list built) in, and started painting
    /// in (the frame's number and time).
    private var drawnIn: [String: Int] = [:]
    private var started: [String: (frame: Int, time: Double)] = [:]
    /// Frames worked in (`work`'s calls), and the last one a step was taken in.
    private var frame = 0
    private var lastStep = 0

    /// Steps taken in the last frame worked in (a part drawn, a slice painted): for tests.
    private(set) var stepsInLastFrame = 0

    /// Whether a part is being painted (the loop owes a frame that goes on with it).
    var painting: Bool { job != nil }

    /// Drops the part being painted: the window was cleared, resized or drawn whole.
    func cancel() { job = nil }

    /// Works on `parts` (the frame's `.beforeInput` parts that may lag) for one frame: draws
    /// each that is due (not yet drawn this frame) and paints those whose picture changed, a
    /// slice at a time, copying each into `window` when it is whole. Stops as soon as
    /// `inputWaiting` says input is there (but takes one step, a part drawn or a slice
    /// painted, when the frame before took none), unless `whole`: then every part is drawn
    /// and painted whole. A part the window does not show yet (the first frame, after a
    /// clear) is always painted whole. While `streaming`, a frame gives the panels one `slice`
    /// of time (the step that passes it ends it), and a part is drawn at most every other
    /// frame and once a `refresh` (seconds). Returns whether work is left (a part being
    /// painted, or one not drawn this frame) and whether a part was copied into the window;
    /// neither when the panels cannot be painted aside (the caller then paints them itself).
    func work(_ parts: [FramePart], client: HostClient, layout: HostLayout, window: UnsafeMutablePointer<SDL_Surface>,
              main: SDLPainter, background: Color, whole: Bool, streaming: Bool, refresh: Double, now: Double,
              inputWaiting: () -> Bool) -> (left: Bool, copied: Bool) {
        frame += 1
        guard let target = DirectTarget(window), let windowPixels = window.pointee.pixels,
              let painter = prepare(like: window, fonts: main.text.fonts.files), let aside = surface,
              let source = DirectTarget(aside) else {
            job = nil
            return (false, false)
        }
        painter.skipsOccluded = main.skipsOccluded
        painter.imageBaseDirectory = main.imageBaseDirectory
        if let j = job, j.layout != layout || j.window != windowPixels || !parts.contains(j.paint.part) { job = nil }

        func due(_ part: FramePart) -> Bool {
            guard drawnIn[part.name] != frame else { return false }
            guard streaming, main.holds(part), let s = started[part.name] else { return true }
            return frame - s.frame >= 2 && now - s.time >= refresh
        }
        var stepped = false, copied = false
        stepsInLastFrame = 0
        // Input waiting stops the work, but never two frames running.
        let mustStep = frame - lastStep >= 2
        let began = SDL_GetPerformanceCounter()
        let budget = UInt64(slice * Double(SDL_GetPerformanceFrequency()))
        func mayGoOn() -> Bool {
            if whole || (mustStep && !stepped) || parts.contains(where: { !main.holds($0) }) { return true }
            if streaming && SDL_GetPerformanceCounter() - began >= budget { return false }
            return !inputWaiting()
        }
        /// Copies a part painted whole aside into the window, which then holds it.
        func finish(_ part: FramePart, commands: [DrawCommand]) {
            let clip = SDLPainter.partClip(part.rect)
            target.copy(from: source, in: clip)
            painter.text.endFrame()
            main.painted.parts[part.name] = PaintedParts.Part(clip: clip, commands: commands, layer: nil)
            main.partStats.painted[part.name, default: 0] += 1
            copied = true
        }
        while mayGoOn() {
            stepped = true
            lastStep = frame
            stepsInLastFrame += 1
            guard var j = job else {
                // The part drawn longest ago that is due.
                guard let part = parts.filter(due).min(by: { (drawnIn[$0.name] ?? -1) < (drawnIn[$1.name] ?? -1) }) else { break }
                var list = DisplayList(size: layout.canvasSize, background: background)
                client.draw(part, into: &list, layout: layout)
                drawnIn[part.name] = frame
                if main.holds(part), main.painted.parts[part.name]?.commands == list.commands {
                    main.partStats.kept[part.name, default: 0] += 1
                    continue
                }
                started[part.name] = (frame, now)
                guard let paint = painter.startPart(part, list, surface: aside, fallback: background) else {
                    // Painted aside already (the window was cleared since): copied in again.
                    finish(part, commands: list.commands)
                    continue
                }
                job = Job(paint: paint, layout: layout, window: windowPixels)
                continue
            }
            // A part the window does not show yet is painted whole now.
            let deadline = whole || !main.holds(j.paint.part) ? nil : SDL_GetPerformanceCounter() + budget
            guard painter.continuePart(&j.paint, surface: aside, until: deadline) else { job = j; continue }
            job = nil
            finish(j.paint.part, commands: j.paint.commands)
        }
        return (job != nil || parts.contains { drawnIn[$0.name] != frame }, copied)
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
