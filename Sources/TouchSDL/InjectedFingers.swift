// InjectedFingers: SDL finger events made by the program itself (SDL_PushEvent), for tests
// of the live window under Xvfb, which has no touch device and whose XTEST cannot touch.
// They come back out of SDL_PollEvent like a touchscreen's and go through the same
// translation (SDL-NOTES.md: SDL's finger table is not updated and no mouse events are
// synthesized; dx, dy and the timestamp are filled in here).
import CSDL2
import TouchCore

extension SDLHost {
    /// The touch device id injected fingers come from (none of SDL's: those are small or the
    /// kernel's, and -1 is the mouse's).
    public static let injectedTouchDevice: Int64 = 0x7053_0000

    /// Queues a finger event at `point` (window units) as the window's touchscreen would send
    /// it: `phase` began, moved or ended (anything else is an end); `finger` is SDL's
    /// finger id. False when SDL refused it.
    @discardableResult
    public func injectFinger(_ phase: TouchPhase, finger: Int64, at point: Point) -> Bool {
        var e = SDL_Event()
        switch phase {
        case .began: e.type = SDL_FINGERDOWN.rawValue
        case .moved, .stationary: e.type = SDL_FINGERMOTION.rawValue
        case .ended, .cancelled: e.type = SDL_FINGERUP.rawValue
        }
        // The inverse of `InputTranslator.fingerPoint` for this window and video driver.
        let w = layout.windowSize.width, h = layout.windowSize.height
        let sx = translator.fingerScaling == .size ? w : max(1, w - 1)
        let sy = translator.fingerScaling == .size ? h : max(1, h - 1)
        e.tfinger.timestamp = SDL_GetTicks()
        e.tfinger.touchId = SDL_TouchID(Self.injectedTouchDevice)
        e.tfinger.fingerId = SDL_FingerID(finger)
        e.tfinger.x = Float(point.x / sx)
        e.tfinger.y = Float(point.y / sy)
        e.tfinger.dx = 0
        e.tfinger.dy = 0
        e.tfinger.pressure = phase == .ended ? 0 : 1
        e.tfinger.windowID = SDL_GetWindowID(window)
        return SDL_PushEvent(&e) == 1
    }
}
