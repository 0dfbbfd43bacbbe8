// SDLSupport: SDL errors, one-time initialisation of SDL, SDL2_ttf and SDL2_image, hints.
import CSDL2
import Foundation

/// An SDL call failed. `message` names the call and carries `SDL_GetError()`.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
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
    /// dummy video driver is forced first (`SDL_VIDEODRIVER=dummy`).
    public static func initVideo(headless: Bool) throws {
        if videoReady { return }
        if headless { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        setHints()
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw SDLError.last("SDL_Init(video)") }
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

    /// The current video driver's name ("x11", "wayland", "dummy", ...), or nil before init.
    public static var videoDriver: String? {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) }
    }
}
