// EvdevQueries: what the reader asks a device besides its events, as one small protocol, so a
// test or a replay answers it itself. The real node answers with ioctls (`EvdevNode`):
//
//   name          EVIOCGNAME             axes (ranges, now)   EVIOCGBIT(EV_ABS) + EVIOCGABS
//   properties    EVIOCGPROP             slot values          EVIOCGMTSLOTS
//   keys it has   EVIOCGBIT(EV_KEY)      keys down now        EVIOCGKEY
//
// (linux Documentation/input/event-codes.rst and multi-touch-protocol.rst.)
import CEvdev
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// One absolute axis of a device, as EVIOCGABS gives it.
public struct EvdevAxis: Hashable, Sendable {
    /// Its current value.
    public var value: Int
    /// The smallest value the axis reports.
    public var min: Int
    /// The largest value the axis reports.
    public var max: Int
    /// Changes smaller than this are filtered out by the kernel (0: none).
    public var fuzz: Int
    /// Values within this of the centre read as the centre (joysticks; 0 for touch).
    public var flat: Int
    /// Units per millimetre (0: not stated).
    public var resolution: Int

    /// An axis from EVIOCGABS's fields.
    public init(value: Int = 0, min: Int, max: Int, fuzz: Int = 0, flat: Int = 0, resolution: Int = 0) {
        self.value = value; self.min = min; self.max = max; self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }
}

/// The questions the reader asks a device: its description, and its state now (to resync
/// after SYN_DROPPED). Nil answers mean the device could not say.
public protocol EvdevQueries: AnyObject {
    /// EVIOCGNAME.
    var name: String { get }
    /// EVIOCGPROP: the INPUT_PROP_* bits set.
    var properties: Set<Int> { get }
    /// EVIOCGBIT(EV_KEY): the keys and buttons the device has.
    var keys: Set<Int> { get }
    /// EVIOCGBIT(EV_ABS) and EVIOCGABS of each: every absolute axis, with its value now.
    func axes() -> [Int: EvdevAxis]
    /// EVIOCGMTSLOTS: each slot's value of ABS_MT_* `code` now, for `count` slots.
    func slotValues(_ code: Int, count: Int) -> [Int]?
    /// EVIOCGKEY: the keys and buttons down now.
    func keysDown() -> Set<Int>?
}

/// A device's description: what the reader needs to decode its events.
public struct EvdevDeviceInfo: Sendable, Equatable {
    /// The device's name (EVIOCGNAME).
    public var name: String
    /// INPUT_PROP_* bits (INPUT_PROP_DIRECT = 1: a touchscreen or a screen tablet).
    public var properties: Set<Int>
    /// The absolute axes by code.
    public var axes: [Int: EvdevAxis]
    /// The keys and buttons it has (BTN_TOUCH, BTN_TOOL_PEN, ...).
    public var keys: Set<Int>

    /// A description with these properties, axes and keys.
    public init(name: String, properties: Set<Int> = [], axes: [Int: EvdevAxis], keys: Set<Int> = []) {
        self.name = name; self.properties = properties; self.axes = axes; self.keys = keys
    }

    /// Asks `queries` for the description.
    public init(queries: any EvdevQueries) {
        self.init(name: queries.name, properties: queries.properties, axes: queries.axes(), keys: queries.keys)
    }

    /// Slots the device tracks (ABS_MT_SLOT's range); nil without slots.
    public var slotCount: Int? {
        axes[Evdev.ABS_MT_SLOT].map { Swift.max(0, Swift.min(ImportLimits.maxContacts, $0.max + 1)) }
    }

    /// The description as the importers hold it (no place in a file: line 1).
    var evdevDevice: EvdevDevice {
        var d = EvdevDevice(name: name)
        for (code, a) in axes {
            d.axes[code] = AxisRange(min: a.min, max: a.max, mark: SourceMark(line: 1, column: 1), resolution: a.resolution, fuzz: a.fuzz)
        }
        return d
    }

    /// The description of an imported file's device (its axes' values 0, no properties).
    init(_ d: EvdevDevice, keys: Set<Int> = []) {
        var axes: [Int: EvdevAxis] = [:]
        for (code, r) in d.axes { axes[code] = EvdevAxis(min: r.min, max: r.max, fuzz: r.fuzz, resolution: r.resolution) }
        self.init(name: d.name ?? "unnamed device", axes: axes, keys: keys)
    }

    /// Which kind of device this is, told as libinput and udev's input_id do: position axes
    /// and INPUT_PROP_DIRECT make a touchscreen, or a tablet when it has a pen (BTN_TOOL_PEN)
    /// and no finger multitouch; without DIRECT, a touchpad when it has BTN_TOOL_FINGER or
    /// multitouch axes (and no pen), else a tablet with a pen; anything else is other.
    public var kind: EvdevDeviceKind {
        let mt = axes[Evdev.ABS_MT_POSITION_X] != nil && axes[Evdev.ABS_MT_POSITION_Y] != nil
        let st = axes[Evdev.ABS_X] != nil && axes[Evdev.ABS_Y] != nil
        guard mt || st else { return .other }
        let pen = keys.contains(Evdev.BTN_TOOL_PEN) || keys.contains(Evdev.BTN_STYLUS)
        let direct = properties.contains(Evdev.INPUT_PROP_DIRECT)
        if direct { return pen && !mt ? .tablet : .touchscreen }
        if pen { return .tablet }
        if keys.contains(Evdev.BTN_TOOL_FINGER) || mt { return .touchpad }
        return keys.contains(Evdev.BTN_TOUCH) ? .touchpad : .other
    }
}

/// What a device is, for `touchscope devices` and `--device auto`.
public enum EvdevDeviceKind: String, Sendable {
    /// A screen you touch (INPUT_PROP_DIRECT, multitouch or touch axes), a pen tablet (pen
    /// buttons), a touchpad (INPUT_PROP_POINTER or BUTTONPAD), or anything else.
    case touchscreen, tablet, touchpad, other
}

extension Evdev {
    static let EV_MSC = 4
    static let ABS_DISTANCE = 0x19
    static let ABS_MT_WIDTH_MAJOR = 0x32, ABS_MT_WIDTH_MINOR = 0x33
    static let ABS_MT_DISTANCE = 0x3b
    static let BTN_TOOL_PEN = 0x140, BTN_TOOL_RUBBER = 0x141, BTN_TOOL_FINGER = 0x145, BTN_STYLUS = 0x14b
    /// BTN_TOOL_PEN, _RUBBER, _BRUSH, _PENCIL, _AIRBRUSH: a pen's tools (a hover when in range
    /// without BTN_TOUCH).
    static let penToolKeys: ClosedRange<Int> = 0x140...0x144
    static let INPUT_PROP_POINTER = 0, INPUT_PROP_DIRECT = 1, INPUT_PROP_BUTTONPAD = 2
    static let MT_TOOL_FINGER = 0, MT_TOOL_PEN = 1, MT_TOOL_PALM = 2
    static let KEY_MAX = 0x2ff, ABS_MAX = 0x3f
    /// The multitouch axes a slot holds (ABS_MT_TOUCH_MAJOR to ABS_MT_TOOL_Y, without ABS_MT_SLOT).
    static let slotAxes = 0x30...0x3d
}

/// A device node opened for reading: its queries answered by ioctls on `fd`.
public final class EvdevNode: EvdevQueries {
    /// The open node.
    public let fd: Int32

    /// Takes `fd` (an open /dev/input/eventN); the caller closes it.
    public init(fd: Int32) { self.fd = fd }

    public var name: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard cevdev_get_name(fd, &buffer, 256) >= 0 else { return "unnamed device" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var properties: Set<Int> { bits { cevdev_get_props(fd, $0, $1) } }

    public var keys: Set<Int> { bits(Evdev.KEY_MAX + 1) { cevdev_get_bits(fd, UInt32(Evdev.EV_KEY), $0, $1) } }

    public func axes() -> [Int: EvdevAxis] {
        var out: [Int: EvdevAxis] = [:]
        for code in bits(Evdev.ABS_MAX + 1, { cevdev_get_bits(fd, UInt32(Evdev.EV_ABS), $0, $1) }) {
            var a = cevdev_absinfo()
            guard cevdev_get_abs(fd, UInt32(code), &a) >= 0 else { continue }
            out[code] = EvdevAxis(value: Int(a.value), min: Int(a.minimum), max: Int(a.maximum), fuzz: Int(a.fuzz),
                                  flat: Int(a.flat), resolution: Int(a.resolution))
        }
        return out
    }

    public func slotValues(_ code: Int, count: Int) -> [Int]? {
        var values = [Int32](repeating: 0, count: count + 1)
        values[0] = Int32(code)
        guard cevdev_get_mt_slots(fd, &values, UInt32(count)) >= 0 else { return nil }
        return values.dropFirst().map(Int.init)
    }

    public func keysDown() -> Set<Int>? {
        let s = bits(Evdev.KEY_MAX + 1) { cevdev_get_key_state(fd, $0, $1) }
        return s
    }

    /// Asks the kernel to stamp events with CLOCK_MONOTONIC (EVIOCSCLOCKID); false when it refuses.
    public func useMonotonicClock() -> Bool { cevdev_set_clock(fd, CLOCK_MONOTONIC) >= 0 }

    /// The bits a query fills, as the set of their numbers (`count` bits).
    private func bits(_ count: Int = 32, _ ask: (UnsafeMutablePointer<UInt8>, UInt32) -> Int32) -> Set<Int> {
        var bytes = [UInt8](repeating: 0, count: (count + 7) / 8)
        let n = bytes.count
        guard bytes.withUnsafeMutableBufferPointer({ ask($0.baseAddress!, UInt32(n)) }) >= 0 else { return [] }
        var out = Set<Int>()
        for (i, b) in bytes.enumerated() where b != 0 {
            for k in 0..<8 where b & (1 << k) != 0 { out.insert(i * 8 + k) }
        }
        return out
    }
}

extension EvdevDeviceInfo {
    /// The device as a recording's header keeps it (`rawDevice`: axes and protocol), its
    /// positions stretched onto `window`.
    public func rawDevice(window: Size, protocolA: Bool = true) -> RawDevice {
        var hints = EvdevContacts.Hints()
        hints.mtReport = protocolA
        hints.trackingIDs = !protocolA
        return evdevDevice.raw(kind: EvdevContacts.kind(of: evdevDevice, hints: hints), window: window)
    }

    /// The kernel's name of an absolute axis (`ABS_MT_POSITION_X`), or `axis 0xNN`.
    public static func axisName(_ code: Int) -> String { Evdev.axisName(code) }
}
