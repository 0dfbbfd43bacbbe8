// Gamepads: opens and closes game controllers as SDL reports them, enables their
// accelerometer, lists them for the device panel, rumbles. An input source whose input
// comes through SDL's queue (`InputTranslator` makes its pad lines); as a source it opens
// the pads and drops the add of a pad already open.
import CSDL2
import TouchCore

/// One connected game controller.
public struct PadInfo: Sendable, Hashable {
    /// SDL's joystick instance id.
    public var instanceID: Int32
    public var name: String
    public var hasAccelerometer: Bool
    public var hasGyroscope: Bool
    public var canRumble: Bool
}

@MainActor
public final class GamepadManager {
    private var controllers: [Int32: OpaquePointer] = [:]
    public private(set) var pads: [PadInfo] = []

    public init() {}

    /// Reacts to SDL_CONTROLLERDEVICEADDED / REMOVED. True when the pad list changed.
    @discardableResult
    public func process(_ e: SDL_Event) -> Bool {
        switch e.type {
        case SDL_CONTROLLERDEVICEADDED.rawValue:
            // `which` is the device index here.
            guard let gc = SDL_GameControllerOpen(e.cdevice.which) else { return false }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(gc))
            if controllers[id] != nil { return false }
            controllers[id] = gc
            let accel = SDL_GameControllerHasSensor(gc, SDL_SENSOR_ACCEL) == SDL_TRUE
            let gyro = SDL_GameControllerHasSensor(gc, SDL_SENSOR_GYRO) == SDL_TRUE
            if accel { SDL_GameControllerSetSensorEnabled(gc, SDL_SENSOR_ACCEL, SDL_TRUE) }
            let name = SDL_GameControllerName(gc).map { String(cString: $0) } ?? "Game controller"
            pads.append(PadInfo(instanceID: id, name: name, hasAccelerometer: accel, hasGyroscope: gyro,
                                canRumble: SDL_GameControllerHasRumble(gc) == SDL_TRUE))
            return true
        case SDL_CONTROLLERDEVICEREMOVED.rawValue:
            // `which` is the instance id here.
            let id = e.cdevice.which
            guard let gc = controllers.removeValue(forKey: id) else { return false }
            SDL_GameControllerClose(gc)
            pads.removeAll { $0.instanceID == id }
            return true
        default:
            return false
        }
    }

    /// Rumbles every pad that can for `ms` milliseconds (to acknowledge a shake).
    public func rumble(ms: Int, strength: Double = 0.6) {
        let s = UInt16(max(0, min(1, strength)) * 65535)
        for gc in controllers.values {
            SDL_GameControllerRumble(gc, s / 2, s, UInt32(max(0, ms)))
        }
    }

    public func closeAll() {
        for gc in controllers.values { SDL_GameControllerClose(gc) }
        controllers.removeAll()
        pads.removeAll()
    }
}

extension GamepadManager: InputSource {
    /// Nothing of its own: buttons, axes and motion arrive as SDL events.
    public func poll(at time: Double, host: SDLHost) -> [RawInput] { [] }

    public var devices: [InputDevice] {
        pads.map { p in
            var c: Set<DeviceCapability> = [.gamepad]
            if p.hasAccelerometer { c.insert(.accelerometer) }
            if p.hasGyroscope { c.insert(.gyroscope) }
            return InputDevice(kind: .gamepad, name: p.name, capabilities: c)
        }
    }

    /// Opens or closes the pad a controller add / remove names; drops the event when the
    /// list did not change (e.g. a pad already open).
    public func accept(_ event: SDL_Event) -> Bool {
        switch event.type {
        case SDL_CONTROLLERDEVICEADDED.rawValue, SDL_CONTROLLERDEVICEREMOVED.rawValue: process(event)
        default: true
        }
    }

    public func close() { closeAll() }
}
