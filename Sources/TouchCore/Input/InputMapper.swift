// InputMapper: DESIGN.md step (2), RawInput → InputEvent. Pure; live input and replay share it.
//
// What it decides (the full table is `InputMapper.help`, Input/InputBinding.swift):
// - Touchscreen fingers pass through as touches keyed by (device, finger). Patching SDL's
//   odd sequences (an up for an unknown finger, a second down, motion for an unknown
//   finger) is left to `Application` (TouchDelivery.swift), which already does it; the
//   mapper only swallows the rest of a finger's life after it was cancelled (interrupt,
//   focus loss, device removal), so a finger still on the glass does not come back as a
//   new touch.
// - The mouse emulates fingers (key device -1): left button one finger (finger 0); Alt a
//   second finger (finger 1) mirrored about a pivot, the scene window's centre; Alt+Shift
//   moves both together; Shift moves the resting fingers along. Middle click or Ctrl+left
//   click toggles a resting finger (fingers 2, 3, ...). Switching from "together" back to
//   "mirrored" mid-drag mirrors about the two fingers' midpoint, so nothing jumps.
// - Keys and gamepad buttons become shake and remote commands; held inputs (Ctrl+Z,
//   back, seek keys and triggers) end on release. Key and button repeats are ignored.
// - Shake has four sources (Ctrl+Z, pad back, pad accelerometer, the device's own
//   accelerometer); it begins with the first and ends with the last. The core cancels a
//   shake held past `shakeMaxDuration`; the mapper then sends no `shakeEnded` (and the core
//   ignores one anyway).
// - The two accelerometers (a gamepad's, SDL axes; the device's own, Linux IIO axes) are
//   separate sources, each with its own quiet time. Once the device's own has reported,
//   the orientation follows it alone: a pad lying on the table does not turn the tablet.
// - Time: `advance(to:)` ends an accelerometer shake after `shakeQuietTime` of quiet;
//   `map` advances to the input's time first. Send the events at the time given.

/// Maps raw input to events for `Application.send`.
///
///     var mapper = InputMapper(sceneSize: Size(width: 800, height: 600), defaults: Defaults())
///     for e in mapper.map(RawInput(t: 0.5, .mouseDown(x: 500, y: 300, button: .left, mods: [.alt]))) {
///         app.send(e, at: 0.5)
///     }
public struct InputMapper {
    /// The scene window's size: the mouse's second finger mirrors about its centre.
    public var sceneSize: Size
    /// The thresholds the mapper reads: ``Defaults/shakeAccelThreshold``,
    /// ``Defaults/shakeQuietTime`` and ``Defaults/shakeMaxDuration``.
    public var defaults: Defaults
    /// Whether a gamepad is connected (pad-added / pad-removed).
    public private(set) var padConnected = false
    /// Whether the connected gamepad has sent accelerometer samples.
    public private(set) var padHasAccelerometer = false
    /// Whether the device's own accelerometer (`accel` input, Linux IIO) has sent samples.
    public private(set) var deviceHasAccelerometer = false
    /// The device accelerometer's latest sample, as it came (IIO axes, m/s²), for the panel.
    public private(set) var deviceAcceleration: MotionSample?
    /// The last orientation this mapper sent (keys or gravity).
    public private(set) var orientation: DeviceOrientation = .unknown

    /// A resting finger a second click closer than this lifts (points).
    public static let restingRadius: Double = 22

    // Emulated fingers.
    static let mouseDevice = -1
    private var primary: Point?
    private var secondary: Point?
    private var pivot = Point.zero
    private var together = false
    private var resting: [Int: Point] = [:]
    /// The left button is down but its drag makes no finger (a Ctrl+click, or cancelled).
    private var leftSwallowed = false
    private var mods: Set<KeyModifier> = []
    /// The mouse hovers (it moved with no button down since the last press).
    private var hovering = false
    /// The reason a press gives the hover it ends.
    public static let pressEndsHover = "a button went down"
    /// The pens hovering now, by hover key (a `pen-hover` since its last end or touch).
    private var penHovering: Set<TouchKey> = []
    /// The reason a pen touching the screen gives the hover it ends (UIKit ends a pencil's
    /// hover when it touches).
    public static let penTouchEndsHover = "the pen touched the screen"
    /// The reason a pen leaving the range gives the hover it ends.
    public static let penLeftEndsHover = "the pen left the range"
    /// The hover key of the pen of touch device `device` (finger -1: never a finger's).
    public static func penKey(device: Int) -> TouchKey { TouchKey(device: device, finger: -1) }
    /// The hover key of a multitouch pen of touch device `device` whose contact takes finger
    /// number `finger` when it touches (finger −2 − `finger`: never a finger's, nor another
    /// pen's); nil `finger` is ``penKey(device:)``.
    public static func penKey(device: Int, finger: Int?) -> TouchKey {
        guard let finger else { return penKey(device: device) }
        return TouchKey(device: device, finger: -2 - finger)
    }

    // Touchscreen fingers.
    /// The touchscreen fingers down now (a set: with thousands of fingers down, finding
    /// one in a list for every finger that lands, moves or lifts grew with their square).
    /// The touchscreen fingers down (a move for an unknown finger starts one, as SDL does).
    var realFingers = TouchKeyIndex()
    var cancelledFingers: Set<TouchKey> = []

    // Shake.
    private enum ShakeSource: Hashable { case keyboard, padButton, padAccel, deviceAccel }
    private var shakeSources: Set<ShakeSource> = [] {
        didSet { isShakeHeld = !shakeSources.isEmpty }
    }
    private var shakeBeganAt: Double?
    private var lastLoudPadAccel: Double = 0
    private var lastLoudDeviceAccel: Double = 0

    // Held keys and buttons ("key:z", "pad:back"), and the seek each held input began.
    private var held: Set<String> = []
    private var seeks: [String: RemoteCommand] = [:]

    /// A mapper for a scene window of `sceneSize` points, no fingers down.
    public init(sceneSize: Size, defaults: Defaults) {
        self.sceneSize = sceneSize
        self.defaults = defaults
    }

    // MARK: State for the overlays

    /// The mouse-emulated fingers down now, by key.
    public var emulatedFingers: [(key: TouchKey, location: Point, resting: Bool)] {
        var out: [(key: TouchKey, location: Point, resting: Bool)] = []
        if let primary { out.append((Self.key(0), primary, false)) }
        if let secondary { out.append((Self.key(1), secondary, false)) }
        for (f, p) in resting.sorted(by: { $0.key < $1.key }) { out.append((Self.key(f), p, true)) }
        return out
    }
    /// Whether a shake input is held (Ctrl+Z, pad back, or the pad is being shaken).
    /// Stored, so that a host asks it on every input without copying the mapper.
    public private(set) var isShakeHeld = false
    /// The scene window's centre: the pivot of the mirrored second finger.
    public var centre: Point { Point(x: sceneSize.width / 2, y: sceneSize.height / 2) }

    static func key(_ finger: Int) -> TouchKey { TouchKey(device: mouseDevice, finger: finger) }

    // MARK: Mapping

    /// Maps one raw input (after advancing to its time).
    public mutating func map(_ raw: RawInput) -> [InputEvent] {
        var out: [InputEvent] = []
        map(raw, into: &out)
        return out
    }

    /// The same, appending to `out` (a caller's reused buffer: no array per input).
    /// Input with a number that is not finite (a NaN from a host's division by zero) makes
    /// no event and changes nothing.
    public mutating func map(_ raw: RawInput, into out: inout [InputEvent]) {
        guard raw.isFinite else { return }
        // Only a shake can end by time passing: nothing to ask (and no empty array appended)
        // on the inputs that are not during one.
        if !shakeSources.isEmpty { out += advance(to: raw.t) }
        let t = raw.t
        switch raw.kind {
        case let .fingerDown(finger, x, y, pressure, device):
            let k = TouchKey(device: device ?? 0, finger: finger)
            if !cancelledFingers.isEmpty { cancelledFingers.remove(k) }
            if !realFingers.contains(k) { realFingers.append(k) }
            // A single-touch pen's hover ends at any finger-down of its device, a multitouch
            // pen's at its own contact's.
            if !penHovering.isEmpty {
                for key in [Self.penKey(device: k.device), Self.penKey(device: k.device, finger: k.finger)]
                where penHovering.remove(key) != nil {
                    out.append(.hoverEnded(key, reason: Self.penTouchEndsHover))
                }
            }
            out.append(.touchDown(k, Point(x: x, y: y), pressure: pressure ?? 1))
        case let .fingerMove(finger, x, y, pressure, device):
            let k = TouchKey(device: device ?? 0, finger: finger)
            if !cancelledFingers.isEmpty && cancelledFingers.contains(k) { break }
            if !realFingers.contains(k) { realFingers.append(k) }
            out.append(.touchMove(k, Point(x: x, y: y), pressure: pressure ?? 1))
        case let .fingerUp(finger, x, y, pressure, device):
            let k = TouchKey(device: device ?? 0, finger: finger)
            if !cancelledFingers.isEmpty && cancelledFingers.remove(k) != nil { break }
            if let i = realFingers.position(of: k) { realFingers.swapRemove(at: i) }
            out.append(.touchUp(k, Point(x: x, y: y), pressure: pressure ?? 1))

        case let .mouseDown(x, y, button, m):
            mods = Set(m)
            if hovering, button != .right {
                hovering = false
                out.append(.hoverEnded(Self.key(0), reason: Self.pressEndsHover))
            }
            out += mouseDown(Point(x: x, y: y), button)
        case let .mouseMove(x, y, button, m):
            mods = Set(m)
            if button == .left { out += drag(to: Point(x: x, y: y)) }
            else if button == nil, primary == nil {
                hovering = true
                out.append(.hover(Self.key(0), Point(x: x, y: y)))
            }
        case let .mouseUp(x, y, button, m):
            mods = Set(m)
            out += mouseUp(Point(x: x, y: y), button)

        case let .keyDown(key, m):
            out += keyDown(key.lowercased(), Set(m), t)
        case let .keyUp(key, m):
            out += keyUp(key.lowercased(), Set(m), t)

        case let .padDown(button):
            out += padDown(button.lowercased(), t)
        case let .padUp(button):
            out += padUp(button.lowercased(), t)
        case let .padAccel(x, y, z):
            padConnected = true
            padHasAccelerometer = true
            out += accel(x, y, z, t, from: .padAccel)
        case let .accel(x, y, z):
            deviceHasAccelerometer = true
            deviceAcceleration = MotionSample(.accelerometer, x: x, y: y, z: z, timestamp: t)
            // IIO reports gravity toward the earth; the mapper (and motion subscribers) use
            // SDL's sign, where the axis pointing up reads +g.
            out += accel(-x, -y, -z, t, from: .deviceAccel)

        case .focusLost:
            out += interrupt("window lost focus", t)
            out += releaseHeldInputs()
        case .quit:
            out += interrupt(Self.programEnding, t)
            out += releaseHeldInputs()
        case .displayLost:
            out += interrupt(Self.displayLost, t)
            out += releaseHeldInputs()
        case .touchFrame:
            out.append(.touchFrame)
        case let .penHover(x, y, z, device, finger):
            let key = Self.penKey(device: device ?? 0, finger: finger)
            penHovering.insert(key)
            out.append(.hover(key, Point(x: x, y: y), zOffset: min(1, max(0, z))))
        case let .penHoverEnd(device, finger):
            let key = Self.penKey(device: device ?? 0, finger: finger)
            if penHovering.remove(key) != nil {
                out.append(.hoverEnded(key, reason: Self.penLeftEndsHover))
            }
        case .touchDeviceRemoved:
            out.append(.cancelAllTouches(reason: "touch device removed"))
            endPenHovers("touch device removed", into: &out)
            forgetTouches()
        case .padAdded:
            padConnected = true
        case .padRemoved:
            padConnected = false
            padHasAccelerometer = false
            let padSources: Set<ShakeSource> = [.padButton, .padAccel]
            if !shakeSources.isDisjoint(with: padSources) {
                shakeSources.subtract(padSources)
                if shakeSources.isEmpty { out += cancelShake("gamepad removed") }
            }
            for (input, begin) in seeks.sorted(by: { $0.key < $1.key }) where input.hasPrefix("pad:") {
                out.append(.remote(Self.end(of: begin)))
                seeks[input] = nil
            }
            held = held.filter { !$0.hasPrefix("pad:") }
        case .focusGained, .resize:
            break
        }
    }

    /// The reason given to everything the end of the program cancels.
    public static let programEnding = "program ending"
    /// The reason given to everything the loss of the display cancels.
    public static let displayLost = "display lost"

    /// Ends held seeks and forgets held keys, buttons and modifiers (focus loss, quit).
    private mutating func releaseHeldInputs() -> [InputEvent] {
        var out: [InputEvent] = []
        for (_, begin) in seeks.sorted(by: { $0.key < $1.key }) { out.append(.remote(Self.end(of: begin))) }
        seeks.removeAll()
        held.removeAll()
        mods.removeAll()
        return out
    }

    /// When an accelerometer shake will end if no jolt comes (nil: none under way).
    public var nextDeadline: Double? {
        guard !shakeSources.isEmpty else { return nil }
        let pad = shakeSources.contains(.padAccel) ? lastLoudPadAccel + defaults.shakeQuietTime : nil
        let device = shakeSources.contains(.deviceAccel) ? lastLoudDeviceAccel + defaults.shakeQuietTime : nil
        guard let pad else { return device }
        guard let device else { return pad }
        return min(pad, device)
    }

    /// Lets time pass: ends an accelerometer shake after `shakeQuietTime` without a jolt.
    public mutating func advance(to t: Double) -> [InputEvent] {
        // (An empty set first: `contains` hashes even then, and this runs for every input.)
        guard !shakeSources.isEmpty else { return [] }
        var out: [InputEvent] = []
        if shakeSources.contains(.padAccel), t - lastLoudPadAccel >= defaults.shakeQuietTime { out += endShake(.padAccel, t) }
        if shakeSources.contains(.deviceAccel), t - lastLoudDeviceAccel >= defaults.shakeQuietTime { out += endShake(.deviceAccel, t) }
        return out
    }

    // MARK: Mouse

    private mutating func mouseDown(_ p: Point, _ button: MouseButton) -> [InputEvent] {
        switch button {
        case .middle:
            return toggleResting(at: p)
        case .right:
            return []
        case .left:
            if mods.contains(.ctrl) {
                leftSwallowed = true
                return toggleResting(at: p)
            }
            guard primary == nil else { return drag(to: p) }
            leftSwallowed = false
            primary = p
            pivot = centre
            var out: [InputEvent] = [.touchDown(Self.key(0), p, emulated: true)]
            if mods.contains(.alt) {
                let q = pivot * 2 - p
                secondary = q
                together = mods.contains(.shift)
                out.append(.touchDown(Self.key(1), q, emulated: true))
            }
            return out
        }
    }

    private mutating func mouseUp(_ p: Point, _ button: MouseButton) -> [InputEvent] {
        guard button == .left else { return [] }
        if leftSwallowed { leftSwallowed = false; return [] }
        guard primary != nil else { return [] }
        var out = drag(to: p)
        if let q = primary { out.append(.touchUp(Self.key(0), q)) }
        if let q = secondary { out.append(.touchUp(Self.key(1), q)) }
        primary = nil
        secondary = nil
        return out
    }

    /// Moves the mouse finger to `p` and the others as the modifiers say.
    private mutating func drag(to p: Point) -> [InputEvent] {
        guard !leftSwallowed, let old = primary else { return [] }
        let delta = p - old
        var out: [InputEvent] = []
        if p != old { out.append(.touchMove(Self.key(0), p)) }
        primary = p
        let alt = mods.contains(.alt), shift = mods.contains(.shift)
        switch (alt, secondary) {
        case (true, nil):
            // Alt pressed mid-drag: the second finger appears mirrored about the centre.
            pivot = centre
            together = shift
            let q = pivot * 2 - p
            secondary = q
            out.append(.touchDown(Self.key(1), q, emulated: true))
        case let (false, q?):
            out.append(.touchUp(Self.key(1), q))
            secondary = nil
        case let (true, q?):
            let next: Point
            if shift {
                next = q + delta
            } else {
                // Coming back from "together": mirror about the fingers' midpoint, no jump.
                if together { pivot = (old + q) / 2 }
                next = pivot * 2 - p
            }
            together = shift
            if next != q { out.append(.touchMove(Self.key(1), next)) }
            secondary = next
        case (false, nil):
            break
        }
        if shift, delta != .zero {
            for f in resting.keys.sorted() {
                guard let r = resting[f] else { continue }
                resting[f] = r + delta
                out.append(.touchMove(Self.key(f), r + delta))
            }
        }
        return out
    }

    private mutating func toggleResting(at p: Point) -> [InputEvent] {
        let near = resting.filter { $0.value.distance(to: p) <= Self.restingRadius }
            .min { ($0.value.distance(to: p), $0.key) < ($1.value.distance(to: p), $1.key) }  // ties: lowest finger
        if let (f, q) = near {
            resting[f] = nil
            return [.touchUp(Self.key(f), q)]
        }
        var f = 2
        while resting[f] != nil { f += 1 }
        resting[f] = p
        return [.touchDown(Self.key(f), p, emulated: true)]
    }

    // MARK: Keyboard

    private static let orientationKeys: [String: DeviceOrientation] = [
        "up": .portrait, "down": .portraitUpsideDown, "left": .landscapeLeft, "right": .landscapeRight,
        "pageup": .faceUp, "pagedown": .faceDown,
    ]
    private static let keyCommands: [String: RemoteCommand] = [
        "audioplay": .togglePlayPause, "audiostop": .stop, "audionext": .nextTrack, "audioprev": .previousTrack,
        "audiorewind": .beginSeekingBackward, "audiofastforward": .beginSeekingForward,
        "f7": .previousTrack, "f8": .togglePlayPause, "f9": .nextTrack,
    ]
    private static let modifierKeys: [String: KeyModifier] = [
        "left alt": .alt, "right alt": .alt, "left shift": .shift, "right shift": .shift,
        "left ctrl": .ctrl, "right ctrl": .ctrl,
    ]

    private mutating func keyDown(_ key: String, _ m: Set<KeyModifier>, _ t: Double) -> [InputEvent] {
        guard held.insert("key:" + key).inserted else { return [] }
        if let mod = Self.modifierKeys[key] {
            // A modifier pressed mid-drag changes the emulation at once.
            mods = m.union([mod])
            return primary == nil ? [] : drag(to: primary ?? .zero)
        }
        mods = m
        if key == "escape" { return interrupt("interrupt key (Escape)", t) }
        if m.contains(.ctrl) {
            if key == "z" { return beginShake(.keyboard, t) }
            if let o = Self.orientationKeys[key] { return setOrientation(o) }
        }
        if m.contains(.shift), key == "f7" { return [.remote(.skipBackward)] }
        if m.contains(.shift), key == "f9" { return [.remote(.skipForward)] }
        guard let cmd = Self.keyCommands[key] else { return [] }
        return begin(cmd, input: "key:" + key)
    }

    private mutating func keyUp(_ key: String, _ m: Set<KeyModifier>, _ t: Double) -> [InputEvent] {
        guard held.remove("key:" + key) != nil else { return [] }
        if let mod = Self.modifierKeys[key] {
            mods = m.subtracting([mod])
            return primary == nil ? [] : drag(to: primary ?? .zero)
        }
        mods = m
        if key == "z" { return endShake(.keyboard, t) }
        return endSeek(input: "key:" + key)
    }

    // MARK: Gamepad

    private static let padCommands: [String: RemoteCommand] = [
        "a": .togglePlayPause, "leftshoulder": .previousTrack, "rightshoulder": .nextTrack,
        "lefttrigger": .beginSeekingBackward, "righttrigger": .beginSeekingForward,
        "dpleft": .skipBackward, "dpright": .skipForward,
    ]

    private mutating func padDown(_ button: String, _ t: Double) -> [InputEvent] {
        padConnected = true
        guard held.insert("pad:" + button).inserted else { return [] }
        if button == "back" { return beginShake(.padButton, t) }
        guard let cmd = Self.padCommands[button] else { return [] }
        return begin(cmd, input: "pad:" + button)
    }

    private mutating func padUp(_ button: String, _ t: Double) -> [InputEvent] {
        guard held.remove("pad:" + button) != nil else { return [] }
        if button == "back" { return endShake(.padButton, t) }
        return endSeek(input: "pad:" + button)
    }

    /// One accelerometer sample on SDL's axes (the axis pointing up reads +g at rest), from
    /// the gamepad or the device: a jolt shakes, a device at rest sets the orientation.
    private mutating func accel(_ x: Double, _ y: Double, _ z: Double, _ t: Double, from source: ShakeSource) -> [InputEvent] {
        var out: [InputEvent] = [.motionSample(MotionSample(.accelerometer, x: x, y: y, z: z, timestamp: t))]
        let magnitude = (x * x + y * y + z * z).squareRoot()
        if abs(magnitude - standardGravity) > defaults.shakeAccelThreshold {
            if source == .deviceAccel { lastLoudDeviceAccel = t } else { lastLoudPadAccel = t }
            if !shakeSources.contains(source) { out += beginShake(source, t) }
        } else if !shakeSources.contains(source),
                  // The device's own accelerometer, once heard from, alone says which way it is held.
                  source == .deviceAccel || !deviceHasAccelerometer,
                  let o = DeviceOrientation(gravityX: x, y: y, z: z, current: orientation), o != orientation {
            out += setOrientation(o)
        }
        return out
    }

    // MARK: Shake, seeks, orientation, interruption

    private mutating func beginShake(_ s: ShakeSource, _ t: Double) -> [InputEvent] {
        let wasIdle = shakeSources.isEmpty
        shakeSources.insert(s)
        guard wasIdle else { return [] }
        shakeBeganAt = t
        return [.shakeBegan]
    }

    private mutating func endShake(_ s: ShakeSource, _ t: Double) -> [InputEvent] {
        guard shakeSources.remove(s) != nil, shakeSources.isEmpty else { return [] }
        defer { shakeBeganAt = nil }
        // Held past the limit: the core already cancelled it; no shakeEnded after a cancel.
        if let began = shakeBeganAt, t - began > defaults.shakeMaxDuration { return [] }
        return [.shakeEnded]
    }

    private mutating func cancelShake(_ reason: String) -> [InputEvent] {
        guard shakeBeganAt != nil else { return [] }
        shakeSources.removeAll()
        shakeBeganAt = nil
        return [.shakeCancelled(reason: reason)]
    }

    private mutating func begin(_ cmd: RemoteCommand, input: String) -> [InputEvent] {
        if Self.end(of: cmd) != cmd { seeks[input] = cmd }
        return [.remote(cmd)]
    }

    private mutating func endSeek(input: String) -> [InputEvent] {
        guard let begin = seeks.removeValue(forKey: input) else { return [] }
        return [.remote(Self.end(of: begin))]
    }

    /// The command that ends a held one (itself for commands that are not held).
    static func end(of cmd: RemoteCommand) -> RemoteCommand {
        switch cmd {
        case .beginSeekingForward: .endSeekingForward
        case .beginSeekingBackward: .endSeekingBackward
        default: cmd
        }
    }

    private mutating func setOrientation(_ o: DeviceOrientation) -> [InputEvent] {
        orientation = o
        return [.orientation(o)]
    }

    /// Cancels every touch and a shake under way, as the interrupt key does (a scene reload
    /// uses it): fingers still down are swallowed until they lift.
    public mutating func interrupt(reason: String) -> [InputEvent] { interrupt(reason, 0) }

    /// Cancels every touch and a shake under way (interrupt key, focus loss).
    private mutating func interrupt(_ reason: String, _ t: Double) -> [InputEvent] {
        var out: [InputEvent] = [.cancelAllTouches(reason: reason)]
        if hovering {
            hovering = false
            out.append(.hoverEnded(Self.key(0), reason: reason))
        }
        endPenHovers(reason, into: &out)
        forgetTouches()
        out += cancelShake(reason)
        return out
    }

    /// Ends every pen hover under way with `reason`, in key order.
    private mutating func endPenHovers(_ reason: String, into out: inout [InputEvent]) {
        for key in penHovering.sorted(by: { ($0.device, -$0.finger) < ($1.device, -$1.finger) }) {
            out.append(.hoverEnded(key, reason: reason))
        }
        penHovering.removeAll()
    }

    /// After a cancel-all: the emulated fingers are gone and real fingers still down are
    /// ignored until they lift.
    private mutating func forgetTouches() {
        if primary != nil { leftSwallowed = true }
        primary = nil
        secondary = nil
        resting.removeAll()
        cancelledFingers.formUnion(realFingers.keys)
        realFingers.removeAll()
    }
}
