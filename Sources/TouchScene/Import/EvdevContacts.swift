// EvdevContacts: kernel input events (evdev) of one touch device -> recording finger events.
//
//   events ─▶ per SYN_REPORT: which contacts went down, moved, lifted ─▶ finger-down / -move / -up
//
// Three kinds of device (linux Documentation/input/multi-touch-protocol.rst):
// - multitouch protocol B: ABS_MT_SLOT picks a slot, ABS_MT_TRACKING_ID -1 lifts its contact,
//   any other id starts one (a slot is reused by later contacts); a slot with MT_TOOL_PEN and
//   ABS_MT_DISTANCE above 0 is a pen hovering (pen-hover), a touch at distance 0;
// - multitouch protocol A: no slots, SYN_MT_REPORT ends each contact of a frame, and a
//   contact is matched to the previous frame's nearest one;
// - single touch: ABS_X / ABS_Y, with BTN_TOUCH down and up.

/// Linux input event types and codes the importers read (linux/input-event-codes.h).
enum Evdev {
    static let EV_SYN = 0, EV_KEY = 1, EV_ABS = 3
    static let SYN_REPORT = 0, SYN_MT_REPORT = 2, SYN_DROPPED = 3
    static let ABS_X = 0x00, ABS_Y = 0x01, ABS_PRESSURE = 0x18
    static let ABS_MT_SLOT = 0x2f, ABS_MT_POSITION_X = 0x35, ABS_MT_POSITION_Y = 0x36
    static let ABS_MT_TRACKING_ID = 0x39, ABS_MT_PRESSURE = 0x3a
    static let ABS_MT_TOUCH_MAJOR = 0x30, ABS_MT_TOUCH_MINOR = 0x31, ABS_MT_ORIENTATION = 0x34, ABS_MT_TOOL_TYPE = 0x37
    static let BTN_TOUCH = 0x14a

    /// The kernel's names of the other absolute axes a touch device may declare.
    static let knownAxes: [Int: String] = [
        0x02: "ABS_Z", 0x19: "ABS_DISTANCE", 0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH",
        0x28: "ABS_MISC", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR",
        0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID",
        0x3b: "ABS_MT_DISTANCE", 0x3c: "ABS_MT_TOOL_X", 0x3d: "ABS_MT_TOOL_Y",
    ]

    /// A name for an axis code, for messages.
    static func axisName(_ code: Int) -> String {
        switch code {
        case ABS_X: "ABS_X"
        case ABS_Y: "ABS_Y"
        case ABS_PRESSURE: "ABS_PRESSURE"
        case ABS_MT_SLOT: "ABS_MT_SLOT"
        case ABS_MT_POSITION_X: "ABS_MT_POSITION_X"
        case ABS_MT_POSITION_Y: "ABS_MT_POSITION_Y"
        case ABS_MT_TRACKING_ID: "ABS_MT_TRACKING_ID"
        case ABS_MT_PRESSURE: "ABS_MT_PRESSURE"
        default: knownAxes[code].map { $0 } ?? "axis 0x\(String(code, radix: 16))"
        }
    }
}

/// The limits an imported file must respect.
public enum ImportLimits {
    /// Largest file accepted, in bytes (64 MiB: minutes of touches).
    public static let maxFileSize = 64 * 1024 * 1024
    /// Most contacts down at once (and slots used), per device.
    public static let maxContacts = 32
    /// Deepest YAML nesting a libinput record may have (it needs 7).
    public static let maxYAMLDepth = 32
    /// Longest device name kept, in bytes.
    public static let maxNameLength = 1024
}

/// Where in the source file something is (for `FILE:LINE:COLUMN` messages).
struct SourceMark: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// An absolute axis's range, as the device describes it.
struct AxisRange: Hashable, Sendable {
    var min: Int
    var max: Int
    /// Where the device description gives it.
    var mark: SourceMark
    /// Units per millimetre, as the device states it (0: not stated).
    var resolution = 0
    /// Changes smaller than this are filtered out by the kernel (0: none).
    var fuzz = 0

    /// `value`'s place in the range, 0 at `min` and 1 at `max`.
    func fraction(_ value: Int) -> Double { (Double(value) - Double(min)) / (Double(max) - Double(min)) }
}

/// One kernel input event: `time` in microseconds, as the file (or the record) gives it.
public struct EvdevEvent: Hashable, Sendable {
    /// When, in microseconds.
    public var time: Int64
    /// EV_SYN, EV_KEY, EV_ABS, ...
    public var type: Int
    /// The axis or key (ABS_MT_SLOT, BTN_TOUCH, ...).
    public var code: Int
    /// The new value (for a key, 1 down and 0 up).
    public var value: Int
    /// Where a file gives it (a record's number when read from a descriptor).
    var mark: SourceMark

    init(time: Int64, type: Int, code: Int, value: Int, mark: SourceMark) {
        self.time = time; self.type = type; self.code = code; self.value = value; self.mark = mark
    }

    /// An event not read from a file.
    public init(time: Int64, type: Int, code: Int, value: Int) {
        self.init(time: time, type: type, code: code, value: value, mark: SourceMark(line: 0, column: 0))
    }
}

/// A touch device's description: its name and absolute axes.
struct EvdevDevice: Sendable {
    var name: String?
    var axes: [Int: AxisRange] = [:]
    /// Where the description starts (for "this device has no ..." messages).
    var mark = SourceMark(line: 1, column: 1)
}

extension EvdevDevice {
    /// The device as the raw view shows it: its axes (in code order) and protocol; `window`
    /// is what its positions were stretched onto.
    func raw(kind: EvdevContacts.Kind?, window: Size) -> RawDevice {
        let protocolName = switch kind {
        case .protocolB?: "multitouch B (slots)"
        case .protocolA?: "multitouch A (no slots)"
        case .singleTouch?: "single touch"
        case nil: "not a touch device"
        }
        let list = axes.keys.sorted().compactMap { code in
            axes[code].map { RawAxis(name: Evdev.axisName(code), code: code, min: $0.min, max: $0.max, fuzz: $0.fuzz, resolution: $0.resolution) }
        }
        return RawDevice(name: name ?? "unnamed device", protocol: protocolName, axes: list, window: window)
    }
}

/// Turns one device's events into finger events in scene points: the device's axis ranges
/// stretched onto `window`, time rebased so the first finger event is at 0.
///
///     let inputs = try EvdevContacts.convert(device: d, events: e, window: Size(width: 800, height: 600), file: "t.evemu")
enum EvdevContacts {
    enum Kind: Equatable { case protocolB, protocolA, singleTouch }

    /// What the events show about the protocol of a device without ABS_MT_SLOT: whether any
    /// is a SYN_MT_REPORT, whether any sets ABS_MT_TRACKING_ID. Gathered event by event.
    struct Hints: Equatable {
        var mtReport = false
        var trackingIDs = false

        mutating func see(_ e: EvdevEvent) {
            if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_MT_REPORT { mtReport = true }
            if e.type == Evdev.EV_ABS && e.code == Evdev.ABS_MT_TRACKING_ID { trackingIDs = true }
        }
    }

    /// The kind of device, from its axes (and, without ABS_MT_SLOT, from whether the events
    /// use SYN_MT_REPORT or tracking ids).
    static func kind(of device: EvdevDevice, hints: Hints) -> Kind? {
        let axes = device.axes
        if axes[Evdev.ABS_MT_POSITION_X] != nil, axes[Evdev.ABS_MT_POSITION_Y] != nil {
            if axes[Evdev.ABS_MT_SLOT] != nil { return .protocolB }
            if hints.mtReport { return .protocolA }
            return hints.trackingIDs ? .protocolB : .protocolA
        }
        if axes[Evdev.ABS_X] != nil, axes[Evdev.ABS_Y] != nil { return .singleTouch }
        return nil
    }

    static func convert(device: EvdevDevice, events: [EvdevEvent], window: Size, file: String) throws(InputFileError) -> [RawInput] {
        try convertWithContacts(device: device, events: events, window: window, file: file).inputs
    }

    /// `convert`, with each finger event's contact as the device reported it (slot, tracking
    /// id, touch size), and the device's kind.
    static func convertWithContacts(device: EvdevDevice, events: [EvdevEvent], window: Size, file: String)
        throws(InputFileError) -> (inputs: [RawInput], contacts: [RawContact], kind: Kind?) {
        var hints = Hints()
        for e in events { hints.see(e) }
        var converter = try Converter(device: device, hints: hints, window: window, file: file)
        var out: [RawInput] = []
        var contacts: [RawContact] = []
        for e in events { try converter.feed(e) { out.append($0); contacts.append($1) } }
        return (out, contacts, converter.kind)
    }

    /// Converts one device's events as they come: each event's finger events are handed on
    /// at once (nothing is kept but the contacts under way).
    struct Converter {
        private let file: String
        private var tracker: Tracker
        /// The device's kind, told from its axes and events.
        var kind: Kind { tracker.kind }
        private var lastTime = Int64.min
        private var firstTime: Int64?

        /// Checks the device (a touch device, with axis ranges that are not empty).
        init(device: EvdevDevice, hints: Hints, window: Size, file: String) throws(InputFileError) {
            self.file = file
            guard let kind = EvdevContacts.kind(of: device, hints: hints) else {
                throw InputFileError(file: file, line: device.mark.line, column: device.mark.column,
                    "\(device.name.map { "`\($0)`" } ?? "the device") is not a touch device: it has neither ABS_MT_POSITION_X and ABS_MT_POSITION_Y nor ABS_X and ABS_Y axes")
            }
            let (xCode, yCode, pCode) = kind == .singleTouch
                ? (Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_PRESSURE)
                : (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y, Evdev.ABS_MT_PRESSURE)
            for code in [xCode, yCode, pCode] {
                guard let r = device.axes[code], r.max <= r.min else { continue }
                throw InputFileError(file: file, line: r.mark.line, column: r.mark.column,
                    "axis \(Evdev.axisName(code)) has an empty range (\(r.min) to \(r.max)): its maximum must be above its minimum")
            }
            tracker = Tracker(kind: kind, x: device.axes[xCode], y: device.axes[yCode], pressure: device.axes[pCode], window: window)
            tracker.distance = device.axes[Evdev.ABS_DISTANCE]
            tracker.mtDistance = device.axes[Evdev.ABS_MT_DISTANCE]
        }

        /// Takes one event; `emit` gets the finger events it completes, time rebased so the
        /// first finger event is at 0, each with its contact as the device reported it.
        mutating func feed(_ e: EvdevEvent, _ emit: (RawInput, RawContact) -> Void) throws(InputFileError) {
            func fail(_ message: String) -> InputFileError {
                InputFileError(file: file, line: e.mark.line, column: e.mark.column, message)
            }
            if e.time < lastTime {
                throw fail("time goes backwards: \(seconds(e.time)) s after \(seconds(lastTime)) s")
            }
            lastTime = e.time
            if let problem = tracker.feed(e) { throw fail(problem) }
            if firstTime == nil, !tracker.output.isEmpty { firstTime = e.time }
            if let firstTime, Double(e.time - firstTime) / 1e6 > RecordingReader.maxTime {
                throw fail("this event is more than \(Int(RecordingReader.maxTime)) s after the first touch, beyond the limit for recordings")
            }
            guard !tracker.output.isEmpty else { return }
            let start = firstTime ?? 0
            for o in tracker.output { emit(RawInput(t: Double(o.time - start) / 1e6, o.kind), o.contact) }
            tracker.clearOutput()
        }
    }

    /// Microseconds as seconds with six decimals, for messages.
    static func seconds(_ us: Int64) -> String {
        let sign = us < 0 ? "-" : ""
        let a = us.magnitude
        let frac = String(a % 1_000_000)
        return "\(sign)\(a / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    /// A contact as the device last reported it, in device units.
    struct Contact {
        var x: Int?
        var y: Int?
        var pressure: Int?
        /// ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR, ABS_MT_ORIENTATION as last reported.
        var major: Int?, minor: Int?, orientation: Int?
        /// ABS_MT_TOOL_TYPE as last reported (finger, pen, palm).
        var tool: Int?
        /// ABS_MT_TRACKING_ID: -1 for an empty slot.
        var trackingID = -1
        /// Protocol B: the tracking id at the last SYN_REPORT.
        var writtenID = -1
        /// The recording's finger number while the finger is down (nil: not down in the recording).
        var finger: Int?
        /// The values last written to the recording.
        var written: (x: Int, y: Int, pressure: Int?, tool: Int?)?
        /// ABS_DISTANCE (a single-touch pen's height above the surface) or ABS_MT_DISTANCE
        /// (a slot's) as last reported.
        var distance: Int?
        /// A multitouch pen's hover under way: the finger number kept for it (its finger-down
        /// when it touches) and the values last written.
        var hover: (finger: Int, x: Int, y: Int, distance: Int?)?
    }

    /// The state machine: events in, finger events (with absolute times) out.
    struct Tracker {
        let kind: Kind
        let x: AxisRange?, y: AxisRange?, pressure: AxisRange?
        let window: Size
        private(set) var output: [(time: Int64, kind: RawInput.Kind, contact: RawContact)] = []
        /// Forgets the finger events handed on.
        mutating func clearOutput() { output.removeAll(keepingCapacity: true) }

        // Protocol B: the slots and the current slot.
        private var slots: [Contact] = []
        private var slot = 0
        // Protocol A: the contact being reported, this frame's contacts, the last frame's.
        private var pending = Contact()
        private var pendingHasData = false
        private var frame: [Contact] = []
        private var previous: [Contact] = []
        // Single touch.
        private var single = Contact()
        private var touching = false
        /// The single-touch pen tools in range (BTN_TOOL_PEN, _RUBBER, _BRUSH, _PENCIL,
        /// _AIRBRUSH held down: "the tool is in proximity", event-codes.rst).
        private var penTools: Set<Int> = []
        /// The hover last written (position and distance), nil while none is under way.
        private var hoverWritten: (x: Int, y: Int, distance: Int?)?
        /// ABS_DISTANCE's range: a hovering pen's zOffset is its value through it.
        var distance: AxisRange?
        /// ABS_MT_DISTANCE's range: a multitouch pen's the same.
        var mtDistance: AxisRange?
        /// Finger numbers in use.
        private var fingersInUse: Set<Int> = []
        /// After SYN_DROPPED: events are ignored until the next SYN_REPORT.
        private var dropping = false

        init(kind: Kind, x: AxisRange?, y: AxisRange?, pressure: AxisRange?, window: Size) {
            self.kind = kind; self.x = x; self.y = y; self.pressure = pressure; self.window = window
        }

        /// Takes one event; returns what is wrong with it, if anything.
        mutating func feed(_ e: EvdevEvent) -> String? {
            if dropping {
                if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT { dropping = false }
                return nil
            }
            switch (e.type, kind) {
            case (Evdev.EV_SYN, _):
                if e.code == Evdev.SYN_REPORT { report(e.time) }
                else if e.code == Evdev.SYN_MT_REPORT, kind == .protocolA { return endContact() }
                else if e.code == Evdev.SYN_DROPPED { dropping = true }
            case (Evdev.EV_ABS, .protocolB):
                switch e.code {
                case Evdev.ABS_MT_SLOT:
                    guard e.value >= 0, e.value < ImportLimits.maxContacts else {
                        return "slot \(e.value) is out of range (this importer takes slots 0 to \(ImportLimits.maxContacts - 1))"
                    }
                    slot = e.value
                case Evdev.ABS_MT_TRACKING_ID: ensureSlot(); slots[slot].trackingID = e.value < 0 ? -1 : e.value
                case Evdev.ABS_MT_POSITION_X: ensureSlot(); slots[slot].x = e.value
                case Evdev.ABS_MT_POSITION_Y: ensureSlot(); slots[slot].y = e.value
                case Evdev.ABS_MT_PRESSURE: ensureSlot(); slots[slot].pressure = e.value
                case Evdev.ABS_MT_TOUCH_MAJOR: ensureSlot(); slots[slot].major = e.value
                case Evdev.ABS_MT_TOUCH_MINOR: ensureSlot(); slots[slot].minor = e.value
                case Evdev.ABS_MT_ORIENTATION: ensureSlot(); slots[slot].orientation = e.value
                case Evdev.ABS_MT_TOOL_TYPE: ensureSlot(); slots[slot].tool = e.value
                case Evdev.ABS_MT_DISTANCE: ensureSlot(); slots[slot].distance = e.value
                default: break
                }
            case (Evdev.EV_ABS, .protocolA):
                switch e.code {
                case Evdev.ABS_MT_TRACKING_ID: pending.trackingID = e.value; pendingHasData = true
                case Evdev.ABS_MT_POSITION_X: pending.x = e.value; pendingHasData = true
                case Evdev.ABS_MT_POSITION_Y: pending.y = e.value; pendingHasData = true
                case Evdev.ABS_MT_PRESSURE: pending.pressure = e.value; pendingHasData = true
                case Evdev.ABS_MT_TOUCH_MAJOR: pending.major = e.value
                case Evdev.ABS_MT_TOUCH_MINOR: pending.minor = e.value
                case Evdev.ABS_MT_ORIENTATION: pending.orientation = e.value
                case Evdev.ABS_MT_TOOL_TYPE: pending.tool = e.value
                default: break
                }
            case (Evdev.EV_ABS, .singleTouch):
                switch e.code {
                case Evdev.ABS_X: single.x = e.value
                case Evdev.ABS_Y: single.y = e.value
                case Evdev.ABS_PRESSURE: single.pressure = e.value
                case Evdev.ABS_DISTANCE: single.distance = e.value
                default: break
                }
            case (Evdev.EV_KEY, .singleTouch) where e.code == Evdev.BTN_TOUCH:
                touching = e.value != 0
            case (Evdev.EV_KEY, .singleTouch) where Evdev.penToolKeys.contains(e.code):
                if e.value != 0 { penTools.insert(e.code) } else { penTools.remove(e.code) }
            default:
                break
            }
            return nil
        }

        private mutating func ensureSlot() {
            while slots.count <= slot { slots.append(Contact()) }
        }

        /// SYN_MT_REPORT: the contact reported since the last one is complete.
        private mutating func endContact() -> String? {
            defer { pending = Contact(); pendingHasData = false }
            guard pendingHasData, pending.x != nil, pending.y != nil else { return nil }
            if frame.count >= ImportLimits.maxContacts {
                return "more than \(ImportLimits.maxContacts) contacts in one frame; refused"
            }
            frame.append(pending)
            return nil
        }

        /// SYN_REPORT: writes what changed since the last frame. Lifts first, then downs
        /// and moves, so a finger number freed in a frame can be taken again in it.
        private mutating func report(_ time: Int64) {
            switch kind {
            case .protocolB:
                // A contact ends (its tracking id changed) or a pen rises off the surface.
                for i in slots.indices where slots[i].finger != nil
                    && (slots[i].trackingID != slots[i].writtenID || Self.hovers(slots[i])) {
                    var c = slots[i]; lift(&c, time, slot: i, trackingID: c.writtenID); slots[i] = c
                }
                // A hovering pen's contact ended: its hover ends.
                for i in slots.indices where slots[i].hover != nil && slots[i].trackingID != slots[i].writtenID {
                    if let h = slots[i].hover { endHover(finger: h.finger, time, slot: i, trackingID: slots[i].writtenID) }
                    slots[i].hover = nil
                }
                for i in slots.indices where slots[i].trackingID >= 0 {
                    var c = slots[i]
                    if Self.hovers(c) { hoverSlot(&c, time, slot: i) } else { touch(&c, time, slot: i) }
                    slots[i] = c
                }
                for i in slots.indices { slots[i].writtenID = slots[i].trackingID }
            case .protocolA:
                var current = frame
                frame = []
                let pairs = match(previous, current)
                for (i, old) in previous.enumerated() where pairs[i] == nil { var c = old; lift(&c, time, slot: i, trackingID: c.trackingID) }
                for (i, j) in pairs.enumerated() {
                    guard let j else { continue }
                    current[j].finger = previous[i].finger
                    current[j].written = previous[i].written
                }
                for j in current.indices { touch(&current[j], time, slot: j) }
                previous = current
            case .singleTouch:
                var c = single
                // A pen in range is a pencil (MT_TOOL_PEN) when it touches.
                if !penTools.isEmpty { c.tool = Evdev.MT_TOOL_PEN } else if c.finger == nil { c.tool = nil }
                if c.finger != nil, !touching { lift(&c, time, slot: nil, trackingID: -1) }
                if touching {
                    hoverWritten = nil   // the finger-down ends the hover (InputMapper)
                    touch(&c, time, slot: nil)
                } else if !penTools.isEmpty {
                    hover(c, time)
                } else if hoverWritten != nil {
                    hoverWritten = nil
                    output.append((time, .penHoverEnd(device: nil), RawContact().with(toolType: Evdev.MT_TOOL_PEN)))
                }
                single = c
            }
        }

        /// For each previous contact, the index of the current contact that continues it:
        /// the same tracking id when both have one, else the nearest, closest pairs first.
        private func match(_ old: [Contact], _ new: [Contact]) -> [Int?] {
            var result = [Int?](repeating: nil, count: old.count)
            var taken = Set<Int>()
            var pairs: [(d: Double, i: Int, j: Int)] = []
            for (i, a) in old.enumerated() {
                for (j, b) in new.enumerated() {
                    if a.trackingID >= 0, b.trackingID >= 0 {
                        if a.trackingID == b.trackingID { pairs.append((-1, i, j)) }
                        continue
                    }
                    let dx = point(a).x - point(b).x, dy = point(a).y - point(b).y
                    pairs.append((dx * dx + dy * dy, i, j))
                }
            }
            pairs.sort { ($0.d, $0.i, $0.j) < ($1.d, $1.i, $1.j) }
            for p in pairs where result[p.i] == nil && !taken.contains(p.j) {
                result[p.i] = p.j
                taken.insert(p.j)
            }
            return result
        }

        /// A contact's position in scene points (its last known one; 0 where unknown).
        private func point(_ c: Contact) -> (x: Double, y: Double) {
            func scale(_ v: Int?, _ r: AxisRange?, _ size: Double) -> Double {
                guard let v, let r else { return 0 }
                return (r.fraction(v) * size * 1000).rounded() / 1000
            }
            return (scale(c.x, x, window.width), scale(c.y, y, window.height))
        }

        private func normalizedPressure(_ c: Contact) -> Double? {
            guard let r = pressure, let p = c.pressure else { return nil }
            return (Swift.min(1, Swift.max(0, r.fraction(p))) * 10000).rounded() / 10000
        }

        /// A contact that is down: its finger-down once its position is known, then a
        /// finger-move whenever its position or pressure changes.
        private mutating func touch(_ c: inout Contact, _ time: Int64, slot: Int?) {
            guard let cx = c.x, let cy = c.y else { return }
            let p = point(c), pr = normalizedPressure(c)
            let raw = RawContact(slot: slot, trackingID: c.trackingID >= 0 ? c.trackingID : nil,
                                 touchMajor: c.major, touchMinor: c.minor, orientation: c.orientation).with(toolType: c.tool)
            if let f = c.finger {
                if let w = c.written, w.x == cx, w.y == cy, w.pressure == c.pressure, w.tool == c.tool { return }
                output.append((time, .fingerMove(finger: f, x: p.x, y: p.y, pressure: pr, device: nil), raw))
            } else {
                // A hovering pen that touches takes the number its hover kept (the finger-down
                // ends that hover, InputMapper).
                let f = c.hover?.finger ?? freeFinger()
                c.hover = nil
                c.finger = f
                output.append((time, .fingerDown(finger: f, x: p.x, y: p.y, pressure: pr, device: nil), raw))
            }
            c.written = (cx, cy, c.pressure, c.tool)
        }

        /// The lowest finger number not in use, now taken.
        private mutating func freeFinger() -> Int {
            var f = 1
            while fingersInUse.contains(f) { f += 1 }
            fingersInUse.insert(f)
            return f
        }

        /// Whether a slot's contact is a multitouch pen hovering: MT_TOOL_PEN with
        /// ABS_MT_DISTANCE above 0 ("Zero distance means the contact is touching the surface.
        /// A positive number means the contact is hovering above the surface",
        /// multi-touch-protocol.rst).
        static func hovers(_ c: Contact) -> Bool { c.tool == Evdev.MT_TOOL_PEN && (c.distance ?? 0) > 0 }

        /// A multitouch pen hovering in slot `slot`: a pen-hover (with the finger number kept
        /// for it) whenever its position or distance changes, `z` its ABS_MT_DISTANCE through
        /// the axis's range (0 without the axis).
        private mutating func hoverSlot(_ c: inout Contact, _ time: Int64, slot: Int) {
            guard let cx = c.x, let cy = c.y else { return }
            if let h = c.hover, h.x == cx, h.y == cy, h.distance == c.distance { return }
            let f = c.hover?.finger ?? freeFinger()
            var raw = RawContact(slot: slot, trackingID: c.trackingID).with(toolType: Evdev.MT_TOOL_PEN)
            raw.distance = c.distance
            let p = point(c)
            output.append((time, .penHover(x: p.x, y: p.y, z: zOffset(c.distance, mtDistance), device: nil, finger: f), raw))
            c.hover = (f, cx, cy, c.distance)
        }

        /// A multitouch pen's hover ends (its contact ended): a pen-hover-end, its number freed.
        private mutating func endHover(finger f: Int, _ time: Int64, slot: Int, trackingID: Int) {
            let raw = RawContact(slot: slot, trackingID: trackingID >= 0 ? trackingID : nil).with(toolType: Evdev.MT_TOOL_PEN)
            output.append((time, .penHoverEnd(device: nil, finger: f), raw))
            fingersInUse.remove(f)
        }

        /// A distance through its axis's range, clamped to 0…1 and kept to 4 decimals (0 without
        /// the axis or a value).
        private func zOffset(_ d: Int?, _ r: AxisRange?) -> Double {
            guard let r, r.max > r.min, let d else { return 0 }
            return (Swift.min(1, Swift.max(0, r.fraction(d))) * 10000).rounded() / 10000
        }

        /// A pen in range, not touching: a pen-hover whenever its position or distance changes,
        /// `z` its distance through ABS_DISTANCE's range (0 without the axis).
        private mutating func hover(_ c: Contact, _ time: Int64) {
            guard let cx = c.x, let cy = c.y else { return }
            if let w = hoverWritten, w.x == cx, w.y == cy, w.distance == c.distance { return }
            let p = point(c)
            var raw = RawContact().with(toolType: Evdev.MT_TOOL_PEN)
            raw.distance = c.distance
            output.append((time, .penHover(x: p.x, y: p.y, z: zOffset(c.distance, distance), device: nil), raw))
            hoverWritten = (cx, cy, c.distance)
        }

        /// A contact that lifted: its finger-up where it was last written.
        private mutating func lift(_ c: inout Contact, _ time: Int64, slot: Int?, trackingID: Int) {
            guard let f = c.finger, let w = c.written else { return }
            let last = Contact(x: w.x, y: w.y, pressure: w.pressure)
            let p = point(last), pr = normalizedPressure(last)
            let raw = RawContact(slot: slot, trackingID: trackingID >= 0 ? trackingID : nil,
                                 touchMajor: c.major, touchMinor: c.minor, orientation: c.orientation).with(toolType: c.tool)
            output.append((time, .fingerUp(finger: f, x: p.x, y: p.y, pressure: pr, device: nil), raw))
            fingersInUse.remove(f)
            c.finger = nil
            c.written = nil
        }
    }
}
