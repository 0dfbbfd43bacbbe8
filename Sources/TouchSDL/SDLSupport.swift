// SDLSupport: SDL errors, one-time initialisation of SDL, SDL2_ttf and SDL2_image, hints.
import CSDL2
import Foundation

/// An SDL call failed. `message` names the call and carries `SDL_GetError()`.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public var message: String
    /// True when the error is that there is no display to open a window on (the program
    /// then says "no display" and exits 1).
    public var isNoDisplay = false
    public init(_ message: String) { self.message = message }
    /// No display: `message` says which display could not be opened.
    public static func noDisplay(_ message: String) -> SDLError {
        var e = SDLError(message)
        e.isNoDisplay = true
        return e
    }
    /// "`call` failed: <SDL_GetError()>".
    public static func last(_ call: String) -> SDLError {
        SDLError("\(call) failed: \(String(cString: SDL_GetError()))")
    }
    public var description: String { message }
}

/// Process-wide SDL set-up. Everything SDL runs on the main actor.
@MainActor
public enum SDLContext {
    private static var videoReady = false
    private static var ttfReady = false
    private static var imageReady = false

    /// Hints that must be set before `SDL_Init`: no synthesized mouse-from-touch or
    /// touch-from-mouse events, gamepads while unfocused, our own signal handlers.
    public static func setHints() {
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    }

    /// Initialises SDL video, events and game controllers (once). With `headless`, the
    /// dummy video driver is forced first (`SDL_VIDEODRIVER=dummy`). Otherwise the display's
    /// loss is caught (`DisplayLoss`), and a display that cannot be opened is an error
    /// (`SDLError.isNoDisplay`) instead of SDL's quiet fallback to a driver that shows nothing.
    public static func initVideo(headless: Bool) throws {
        if videoReady { return }
        var only: String?
        if headless { setenv("SDL_VIDEODRIVER", "dummy", 1) } else {
            DisplayLoss.install()
            // Only the kind of display the environment names is tried: a display nobody
            // serves is then SDL_Init's failure, not a quiet fallback (nor the Wayland
            // library's complaints when only X is meant).
            only = onlyDriver()
            if let only { SDL_SetHint(SDL_HINT_VIDEODRIVER, only) }
        }
        setHints()
        if headless || !RendererChoice.machineHasGPU() { RendererChoice.avoidGL() }
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            if only != nil, let unreachable = unreachableDisplay(driver: "offscreen") { throw SDLError.noDisplay(unreachable) }
            throw SDLError.last("SDL_Init(video)")
        }
        if !headless, let unreachable = unreachableDisplay(driver: videoDriver) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw SDLError.noDisplay(unreachable)
        }
        // Gamepads are optional: a failure here only means no pads.
        _ = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_SENSOR)
        videoReady = true
    }

    /// Initialises SDL2_ttf (once). False when it cannot (the bitmap font is used then).
    @discardableResult
    public static func initTTF() -> Bool {
        if ttfReady { return true }
        ttfReady = TTF_Init() == 0
        return ttfReady
    }

    /// Initialises SDL2_image for PNG and JPEG (once).
    public static func initImage() {
        if imageReady { return }
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue))
        imageReady = true
    }

    /// The one video driver to try when the environment names one kind of display and
    /// `SDL_VIDEODRIVER` chooses none: `x11` for `DISPLAY` alone, `wayland` for
    /// `WAYLAND_DISPLAY` alone; nil otherwise (SDL's own order).
    static func onlyDriver(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard (environment["SDL_VIDEODRIVER"] ?? "").isEmpty else { return nil }
        let x = !(environment["DISPLAY"] ?? "").isEmpty, w = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return x == w ? nil : (x ? "x11" : "wayland")
    }

    /// When SDL chose a driver that shows nothing (`offscreen`, `dummy`) that nobody asked for
    /// (`SDL_VIDEODRIVER` unset): the display that could not be opened, described; else nil.
    /// SDL 2 falls back to `offscreen` when `DISPLAY` names a display nobody serves.
    static func unreachableDisplay(driver: String?,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard (environment["SDL_VIDEODRIVER"] ?? "").isEmpty, let driver, ["offscreen", "dummy"].contains(driver) else { return nil }
        var tried: [String] = []
        if let x = environment["DISPLAY"], !x.isEmpty { tried.append("the X display \(x)") }
        if let w = environment["WAYLAND_DISPLAY"], !w.isEmpty { tried.append("the Wayland display \(w)") }
        return tried.isEmpty ? "no display to open" : "cannot open " + tried.joined(separator: " or ")
    }

    /// The current video driver's name ("x11", "wayland", "dummy", ...), or nil before init.
    public static var videoDriver: String? {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) }
    }
}
