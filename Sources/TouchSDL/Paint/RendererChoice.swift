// Which SDL renderer the window gets, and whether its present can be trusted to pace frames.
import CSDL2
import Foundation

/// The renderer decision, stated once.
///
/// A machine without a GPU gets SDL's software renderer, not OpenGL: Mesa's software GL
/// (llvmpipe) adds a library that can crash while it starts up on a display that has just
/// gone away (an X server killed in the program's first moments), and SDL's own software
/// renderer is the path TouchScope's painter and benchmarks are built for. Where a GPU
/// exists the accelerated renderer is used. `SDL_RENDER_DRIVER` (SDL's own variable) still
/// chooses a driver by name, and `SDL_FRAMEBUFFER_ACCELERATION` the window surface's.
public enum RendererChoice {
    /// Whether the machine has a GPU that a renderer could use: a DRM device under
    /// `/dev/dri` (a render node or a card).
    public static func machineHasGPU(devices: String = "/dev/dri") -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? []
        return names.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") }
    }

    /// Keeps SDL's software renderer off OpenGL: the window surface it draws into is the
    /// display's own (X11 shared memory), not a GL texture. A value in the environment wins.
    @MainActor
    public static func avoidGL() {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    /// Whether a renderer with these `SDL_RendererInfo` flags waits for the display on
    /// present: it must report vsync and not be SDL's software renderer, whose present
    /// copies to the window and returns at once.
    public static func presentWaits(flags: UInt32) -> Bool {
        flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && flags & SDL_RENDERER_SOFTWARE.rawValue == 0
    }
}
