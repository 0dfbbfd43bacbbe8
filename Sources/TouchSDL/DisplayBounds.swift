// DisplayBounds: the size of the display the window is on, in window units (SDL's screen
// coordinates), so a physical size given for the screen can be scaled to the window's.
import CSDL2
import TouchCore

extension SDLHost {
    /// The size of the display showing the window (window units); nil when SDL cannot say.
    public var displaySize: Size? {
        let index = SDL_GetWindowDisplayIndex(window)
        var r = SDL_Rect()
        guard index >= 0, SDL_GetDisplayBounds(index, &r) == 0, r.w > 0, r.h > 0 else { return nil }
        return Size(width: Double(r.w), height: Double(r.h))
    }
}
