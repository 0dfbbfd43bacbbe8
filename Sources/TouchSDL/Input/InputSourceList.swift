// InputSourceList: the input sources a window reads, in the order the loop polls them.
// A new source is its file (a type conforming to `InputSource`) plus one line in
// `InputSourceList.standard` (docs/contributing.md, "Add an input source").
import TouchCore

public enum InputSourceList {
    /// The sources `SDLHost` reads unless it is given others.
    @MainActor
    public static func standard(_ options: HostOptions) -> [any InputSource] {
        let sources: [(any InputSource)?] = [
            GamepadManager(),
            IIOAccelerometerSource(options: options),
            InjectedFingers(),
            EvdevTouchscreen(options: options),
        ]
        return sources.compactMap { $0 }
    }
}
