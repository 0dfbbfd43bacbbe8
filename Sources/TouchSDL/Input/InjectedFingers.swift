// InjectedFingers: SDL finger events made by the program itself (SDL_PushEvent), for tests
// of the live window under Xvfb, which has no touch device and whose XTEST cannot touch.
// They come back out of SDL_PollEvent like a touchscreen's and go through the same
// translation (SDL-NOTES.md: SDL's finger table is not updated and no mouse events are
// synthesized; dx, dy and the timestamp are filled in here).
//
// As an input source (`InjectedFingers`): with TOUCHSCOPE_TEST_FINGERS=FILE the window reads
// the lines appended to FILE at each loop turn, each
//
//     down|move|up FINGER X Y        X, Y in window units (as xdotool's mouse)
//
// and injects them, so they take the touchscreen's whole path: translation, the toolbar
// and panels, the scene, the recording. (TouchScopeKit's `FingerScript` writes FILE.state.)
import CSDL2
import Foundation
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

/// The test finger hook: the lines appended to a file, injected as finger events.
@MainActor
public final class InjectedFingers: InputSource {
    /// The environment variable naming the file.
    public static let variable = "TOUCHSCOPE_TEST_FINGERS"

    public let path: String
    private var offset: UInt64 = 0
    private var partial = ""

    /// Nil unless `TOUCHSCOPE_TEST_FINGERS` names a file.
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[Self.variable], !path.isEmpty else { return nil }
        self.path = path
    }

    /// Injects the lines appended since the last poll; they come back out of SDL's queue.
    public func poll(at time: Double, host: SDLHost) -> [RawInput] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else { return [] }
        offset += UInt64(data.count)
        partial += String(decoding: data, as: UTF8.self)
        while let newline = partial.firstIndex(of: "\n") {
            let line = partial[..<newline]
            partial = String(partial[partial.index(after: newline)...])
            let f = line.split(separator: " ")
            guard f.count == 4, let finger = Int64(f[1]), let x = Double(f[2]), let y = Double(f[3]) else { continue }
            let phase: TouchPhase? = switch f[0] { case "down": .began; case "move": .moved; case "up": .ended; default: nil }
            if let phase { host.injectFinger(phase, finger: finger, at: Point(x: x, y: y)) }
        }
        return []
    }

    public var devices: [InputDevice] { [InputDevice(kind: .touchscreen, name: "injected fingers", capabilities: [.touchscreen])] }
}
