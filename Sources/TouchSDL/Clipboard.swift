// Clipboard: SDL's clipboard as the event model's pasteboard (text fields cut, copy, paste).
import CSDL2
import TouchCore

/// The system clipboard through `SDL_GetClipboardText` / `SDL_SetClipboardText`.
/// Needs SDL's video subsystem (a window); headless replay keeps `MemoryPasteboard`.
public final class SDLPasteboard: Pasteboard {
    public init() {}
    public var string: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let p = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(p) }
            return String(cString: p)
        }
        set { _ = SDL_SetClipboardText(newValue ?? "") }
    }
}
