// EvdevState: a device's state as its events build it, and the events that bring it back in
// step after SYN_DROPPED.
//
// linux Documentation/input/event-codes.rst, SYN_DROPPED: "the client should ignore all
// events up to and including next SYN_REPORT event and query the device (using EVIOCG*
// ioctls) to obtain its current state." So `resync` compares this state with what the
// queries give now and returns the events that would have led there, in frames the way the
// kernel sends them: first one frame lifting each slot whose contact is gone or replaced
// (ABS_MT_TRACKING_ID -1), then one frame with the keys, the other axes and each slot's new
// values. No contact is left down that the device no longer has.
import TouchCore

/// The tool a contact is made with (ABS_MT_TOOL_TYPE, or BTN_TOOL_* of a single-touch device).
public enum EvdevTool: Hashable, Sendable {
    /// MT_TOOL_FINGER, MT_TOOL_PEN, MT_TOOL_PALM.
    case finger, pen, palm
    /// Another MT_TOOL_* value.
    case other(Int)

    init(mtTool value: Int) {
        switch value {
        case Evdev.MT_TOOL_FINGER: self = .finger
        case Evdev.MT_TOOL_PEN: self = .pen
        case Evdev.MT_TOOL_PALM: self = .palm
        default: self = .other(value)
        }
    }

    /// Its ABS_MT_TOOL_TYPE value (MT_TOOL_FINGER 0, MT_TOOL_PEN 1, MT_TOOL_PALM 2), as a
    /// recording's `raw` contact keeps it (`tool`).
    public var mtValue: Int {
        switch self {
        case .finger: Evdev.MT_TOOL_FINGER
        case .pen: Evdev.MT_TOOL_PEN
        case .palm: Evdev.MT_TOOL_PALM
        case .other(let v): v
        }
    }

    /// Its name in panels.
    public var name: String {
        switch self {
        case .finger: "finger"
        case .pen: "pen"
        case .palm: "palm"
        case .other(let v): "tool \(v)"
        }
    }
}

/// One contact (or hovering tool) as the device reports it, in device units. Nil: never reported.
public struct EvdevContact: Hashable, Sendable {
    /// The slot (protocol B), its place in the frame (protocol A); nil for single touch.
    public var slot: Int?
    /// ABS_MT_TRACKING_ID (-1: none, or the slot is empty).
    public var trackingID = -1
    /// Position (ABS_MT_POSITION_X / _Y, or ABS_X / ABS_Y), in device units.
    public var x: Int?, y: Int?
    /// ABS_MT_PRESSURE (or ABS_PRESSURE).
    public var pressure: Int?
    /// ABS_MT_TOUCH_MAJOR / _MINOR: the contact ellipse's diameters.
    public var touchMajor: Int?, touchMinor: Int?
    /// ABS_MT_ORIENTATION.
    public var orientation: Int?
    /// ABS_MT_TOOL_TYPE (or the BTN_TOOL_* down); nil when the device does not say.
    public var tool: EvdevTool?
    /// ABS_MT_DISTANCE or ABS_DISTANCE: how far above the surface (0: touching).
    public var distance: Int?
    /// In proximity without touching (a pen's BTN_TOOL_PEN without BTN_TOUCH, or a distance above 0).
    public var hovering = false

    /// A contact of `slot` with nothing reported yet.
    public init(slot: Int? = nil) { self.slot = slot }

    /// The value of ABS_MT_* `code` held (nil: not one the state keeps).
    func value(_ code: Int) -> Int? {
        switch code {
        case Evdev.ABS_MT_TRACKING_ID: trackingID
        case Evdev.ABS_MT_POSITION_X: x
        case Evdev.ABS_MT_POSITION_Y: y
        case Evdev.ABS_MT_PRESSURE: pressure
        case Evdev.ABS_MT_TOUCH_MAJOR: touchMajor
        case Evdev.ABS_MT_TOUCH_MINOR: touchMinor
        case Evdev.ABS_MT_ORIENTATION: orientation
        case Evdev.ABS_MT_DISTANCE: distance
        case Evdev.ABS_MT_TOOL_TYPE:
            switch tool {
            case .finger?: Evdev.MT_TOOL_FINGER
            case .pen?: Evdev.MT_TOOL_PEN
            case .palm?: Evdev.MT_TOOL_PALM
            case .other(let v)?: v
            case nil: nil
            }
        default: nil
        }
    }

    mutating func set(_ code: Int, _ v: Int) {
        switch code {
        case Evdev.ABS_MT_TRACKING_ID: trackingID = v < 0 ? -1 : v
        case Evdev.ABS_MT_POSITION_X: x = v
        case Evdev.ABS_MT_POSITION_Y: y = v
        case Evdev.ABS_MT_PRESSURE: pressure = v
        case Evdev.ABS_MT_TOUCH_MAJOR: touchMajor = v
        case Evdev.ABS_MT_TOUCH_MINOR: touchMinor = v
        case Evdev.ABS_MT_ORIENTATION: orientation = v
        case Evdev.ABS_MT_DISTANCE: distance = v; hovering = v > 0
        case Evdev.ABS_MT_TOOL_TYPE: tool = EvdevTool(mtTool: v)
        default: break
        }
    }
}

/// A device's state: slots, the other axes' values, the keys down.
struct EvdevState {
    let info: EvdevDeviceInfo
    private(set) var slots: [EvdevContact]
    private(set) var currentSlot = 0
    /// Values of the axes that are not per slot (ABS_X, ABS_Y, ABS_PRESSURE, ABS_DISTANCE, ...).
    private(set) var abs: [Int: Int] = [:]
    private(set) var keysDown: Set<Int> = []
    /// Protocol A: the contact being reported, and the contacts of the frame so far.
    private var pendingA = EvdevContact()
    private var pendingHasData = false
    private(set) var frameA: [EvdevContact] = []
    /// The contacts of the last complete frame (protocol A), for `contacts`.
    private var lastFrameA: [EvdevContact] = []

    init(info: EvdevDeviceInfo) {
        self.info = info
        slots = (0..<(info.slotCount ?? 0)).map { EvdevContact(slot: $0) }
        for (code, a) in info.axes where !Evdev.slotAxes.contains(code) && code != Evdev.ABS_MT_SLOT { abs[code] = a.value }
    }

    /// Slot `s`'s contact (slots the device does not declare read as empty).
    func slot(_ s: Int) -> EvdevContact { s >= 0 && s < slots.count ? slots[s] : EvdevContact(slot: s) }

    /// Applies one event (not SYN_DROPPED: the reader deals with it).
    mutating func apply(_ e: EvdevEvent) {
        switch e.type {
        case Evdev.EV_KEY:
            if e.value != 0 { keysDown.insert(e.code) } else { keysDown.remove(e.code) }
        case Evdev.EV_ABS:
            if e.code == Evdev.ABS_MT_SLOT { currentSlot = e.value; return }
            guard Evdev.slotAxes.contains(e.code) else { abs[e.code] = e.value; return }
            if info.slotCount != nil {
                guard currentSlot >= 0, currentSlot < slots.count else { return }
                slots[currentSlot].set(e.code, e.value)
            } else {
                pendingA.set(e.code, e.value)
                pendingHasData = true
            }
        case Evdev.EV_SYN where e.code == Evdev.SYN_MT_REPORT:
            if pendingHasData, pendingA.x != nil, pendingA.y != nil, frameA.count < ImportLimits.maxContacts {
                var c = pendingA
                c.slot = frameA.count
                frameA.append(c)
            }
            pendingA = EvdevContact()
            pendingHasData = false
        case Evdev.EV_SYN where e.code == Evdev.SYN_REPORT:
            if info.slotCount == nil, info.axes[Evdev.ABS_MT_POSITION_X] != nil {
                lastFrameA = frameA
                frameA = []
            }
        default:
            break
        }
    }

    /// The contacts down (and tools hovering) after the last complete frame.
    var contacts: [EvdevContact] {
        if info.slotCount != nil { return slots.filter { $0.trackingID >= 0 } }
        if info.axes[Evdev.ABS_MT_POSITION_X] != nil { return lastFrameA }
        // Single touch: BTN_TOUCH down, or a tool in proximity (hovering).
        let touching = keysDown.contains(Evdev.BTN_TOUCH)
        let toolDown: EvdevTool? = keysDown.contains(Evdev.BTN_TOOL_PEN) || keysDown.contains(Evdev.BTN_TOOL_RUBBER) ? .pen
            : keysDown.contains(Evdev.BTN_TOOL_FINGER) ? .finger : nil
        guard touching || toolDown != nil else { return [] }
        var c = EvdevContact()
        c.x = abs[Evdev.ABS_X]; c.y = abs[Evdev.ABS_Y]
        c.pressure = info.axes[Evdev.ABS_PRESSURE] != nil ? abs[Evdev.ABS_PRESSURE] : nil
        c.distance = info.axes[Evdev.ABS_DISTANCE] != nil ? abs[Evdev.ABS_DISTANCE] : nil
        c.tool = toolDown
        c.hovering = !touching
        return [c]
    }

    /// The events that take this state to the device's state now (as `queries` gives it),
    /// stamped `time`, each frame ending with SYN_REPORT; [] when nothing changed or the
    /// device cannot be asked.
    func resync(_ queries: any EvdevQueries, time: Int64) -> [EvdevEvent] {
        let mark = SourceMark(line: 0, column: 0)
        func ev(_ type: Int, _ code: Int, _ value: Int) -> EvdevEvent { EvdevEvent(time: time, type: type, code: code, value: value, mark: mark) }
        var lifts: [EvdevEvent] = []
        var rest: [EvdevEvent] = []
        // Slots: lift each contact that is gone or replaced, then set every value that differs.
        if let n = info.slotCount, n > 0 {
            let codes = info.axes.keys.filter { Evdev.slotAxes.contains($0) }.sorted()
            var now: [Int: [Int]] = [:]
            for code in codes { if let v = queries.slotValues(code, count: n), v.count == n { now[code] = v } }
            if let ids = now[Evdev.ABS_MT_TRACKING_ID] {
                for s in 0..<n where slots[s].trackingID >= 0 && ids[s] != slots[s].trackingID {
                    lifts += [ev(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, s), ev(Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, -1)]
                }
            }
            for s in 0..<n {
                var changes: [EvdevEvent] = []
                var held = slots[s]
                if !lifts.isEmpty, let ids = now[Evdev.ABS_MT_TRACKING_ID], held.trackingID >= 0, ids[s] != held.trackingID { held.trackingID = -1 }
                // The tracking id first: a new contact's values follow it, as the kernel sends them.
                for code in [Evdev.ABS_MT_TRACKING_ID] + codes.filter({ $0 != Evdev.ABS_MT_TRACKING_ID }) {
                    guard let v = now[code]?[s], held.value(code) != v else { continue }
                    // A value of an empty slot that stays empty changes nothing anyone sees.
                    if code != Evdev.ABS_MT_TRACKING_ID, (now[Evdev.ABS_MT_TRACKING_ID]?[s] ?? held.trackingID) < 0 { continue }
                    changes.append(ev(Evdev.EV_ABS, code, v))
                }
                if !changes.isEmpty { rest += [ev(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, s)] + changes }
            }
        }
        // Keys, then the other axes.
        if let down = queries.keysDown() {
            for k in info.keys.sorted() where down.contains(k) != keysDown.contains(k) { rest.append(ev(Evdev.EV_KEY, k, down.contains(k) ? 1 : 0)) }
        }
        let axesNow = queries.axes()
        for code in abs.keys.sorted() {
            if let v = axesNow[code]?.value, v != abs[code] { rest.append(ev(Evdev.EV_ABS, code, v)) }
        }
        if info.slotCount != nil, let s = axesNow[Evdev.ABS_MT_SLOT]?.value, !rest.isEmpty || !lifts.isEmpty || s != currentSlot {
            rest.append(ev(Evdev.EV_ABS, Evdev.ABS_MT_SLOT, s))
        }
        var out: [EvdevEvent] = []
        if !lifts.isEmpty { out = lifts + [ev(Evdev.EV_SYN, Evdev.SYN_REPORT, 0)] }
        if !rest.isEmpty { out += rest + [ev(Evdev.EV_SYN, Evdev.SYN_REPORT, 0)] }
        return out
    }
}
