// InputSource: a place input comes from that the host's loop asks (besides SDL's queue,
// which `InputTranslator` reads): the device's own accelerometer, game controllers, the
// test finger hook. The loop polls every source each turn, and while idle wakes for the
// earliest `nextPoll`; what a poll returns is handed to the client like translated SDL
// input. The sources a window reads are listed in `InputSourceList.standard`.
//
//     final class Metronome: InputSource {
//         var next = 0.0
//         func poll(at time: Double, host: SDLHost) -> [RawInput] {
//             guard time >= next else { return [] }
//             next = time + 1
//             return [RawInput(t: time, .keyDown(key: "Space"))]
//         }
//         var nextPoll: Double? { next }
//     }
import CSDL2
import TouchCore

/// A device an input source reads, as the device panel and the capability check see it.
public struct InputDevice: Sendable, Hashable {
    /// What kind of device it is.
    public enum Kind: String, Sendable, Hashable {
        case accelerometer, gamepad, touchscreen, other
    }
    public var kind: Kind
    public var name: String
    /// What the device gives a scene (`capabilities:` in a scene file).
    public var capabilities: Set<DeviceCapability>
    /// Whether its input is used (of two accelerometers only the screen's is read).
    public var inUse: Bool

    public init(kind: Kind, name: String, capabilities: Set<DeviceCapability>, inUse: Bool = true) {
        self.kind = kind; self.name = name; self.capabilities = capabilities; self.inUse = inUse
    }
}

/// One source of input for the host's loop. Only `poll` is required.
@MainActor
public protocol InputSource: AnyObject {
    /// What arrived by `time` (seconds on the host's clock), oldest first; [] when nothing did.
    /// Called every loop turn and at `nextPoll`. Times are clamped to the host's input order
    /// (never before the previous input, never after now).
    func poll(at time: Double, host: SDLHost) -> [RawInput]
    /// When the source must be polled next even if nothing else wakes an idle host; nil
    /// when the loop's own turns (input, timers, the 0.25 s heartbeat) are often enough.
    var nextPoll: Double? { get }
    /// The devices it reads now.
    var devices: [InputDevice] { get }
    /// Sees every SDL event before it is translated; false drops the event.
    func accept(_ event: SDL_Event) -> Bool
    /// Closes what the source opened (called once, when the host goes away).
    func close()
}

extension InputSource {
    public var nextPoll: Double? { nil }
    public var devices: [InputDevice] { [] }
    public func accept(_ event: SDL_Event) -> Bool { true }
    public func close() {}
}

/// The host's sources, asked together: the loop's one way to reach them.
@MainActor
public struct InputSources {
    public let all: [any InputSource]

    public init(_ all: [any InputSource]) { self.all = all }

    /// Every source's input due at `time`, in list order.
    public func poll(at time: Double, host: SDLHost) -> [RawInput] {
        var out: [RawInput] = []
        for s in all { out += s.poll(at: time, host: host) }
        return out
    }

    /// The earliest time a source must be polled; nil when none asks.
    public var nextPoll: Double? { all.lazy.compactMap(\.nextPoll).min() }

    /// Whether every source lets `event` through (each sees it).
    public func accept(_ event: SDL_Event) -> Bool {
        var keep = true
        for s in all where !s.accept(event) { keep = false }
        return keep
    }

    /// The devices of every source, in list order.
    public var devices: [InputDevice] { all.flatMap(\.devices) }

    /// The first source of type `T`.
    public func first<T: InputSource>(_ type: T.Type) -> T? {
        for s in all { if let t = s as? T { return t } }
        return nil
    }

    public func closeAll() { for s in all { s.close() } }
}
