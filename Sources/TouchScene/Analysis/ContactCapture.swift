// ContactCapture: a touch device's contacts as the device reported them, for measuring the
// device (not for driving a scene: that is EvdevContacts).
//
//   evemu / libinput record ─▶ evdev events ─▶ per SYN_REPORT: each slot's tracking id,
//   position, pressure and touch size ─▶ one track per contact, in device units
//   TouchScope recording   ─▶ finger events ─▶ one track per finger, in scene points
//
// A contact down is reported in every frame (SYN_REPORT) of its device, whether or not the
// frame carries its own events: the kernel passes on only values that changed (and by more
// than the axis's fuzz), so a contact a frame does not mention held its place. A device that
// scans at 166 Hz with two fingers held still sends frames with only MSC_TIMESTAMP in them
// (a real Dell Canvas recording, Tests/TouchSceneTests/Fixtures/import/real): those are reports.
//
// What the device did wrong on the way (SYN_DROPPED, a slot given a new tracking id while
// its contact was still down) is noted with its time, slot and tracking id.
import TouchCore
import TouchFiles

/// One report of one contact: where, how hard, how big.
public struct ContactReport: Hashable, Sendable {
    /// Seconds since the capture's first event.
    public var t: Double
    /// Position in device units (scene points for a TouchScope recording).
    public var x: Double
    /// See `x`.
    public var y: Double
    /// The contact's pressure, in the device's units (nil: not reported).
    public var pressure: Int?
    /// The contact's larger diameter, in the device's units (nil: not reported).
    public var touchMajor: Int?
    /// The contact's smaller diameter, in the device's units (nil: not reported).
    public var touchMinor: Int?
}

/// One contact from landing to lifting.
public struct ContactTrack: Hashable, Sendable {
    /// The slot (protocol B), the lowest number no other contact down had when it landed
    /// (protocol A, whose contacts are anonymous), 0 (single touch) or the finger id (a
    /// TouchScope recording).
    public var slot: Int
    /// The device's tracking id (-1 where the device has none).
    public var trackingID: Int
    /// Every report, in time order: the first is where it landed.
    public var reports: [ContactReport]
    /// When it lifted; nil when the capture ends with it down.
    public var liftedAt: Double?
    /// When it landed, when that is not its first report: the frame that gave its slot a
    /// tracking id (protocol B), which may state no position.
    public var landed: Double? = nil
    /// The file's line where it began (its tracking id, or its first report), when read from a file.
    public var line: Int? = nil
    /// When it landed: the frame of its tracking id, else its first report's time.
    public var landedAt: Double { landed ?? reports.first?.t ?? 0 }
    /// Whether no report of it states its position (a slot given a tracking id whose x or y
    /// the recording never states): it counts as a contact, and figures of positions skip it.
    public var unplaced: Bool { reports.isEmpty }
}

/// An absolute axis of the device.
public struct CapturedAxis: Hashable, Sendable {
    /// The axis's smallest value.
    public var min: Int
    /// The axis's largest value.
    public var max: Int
    /// Units per millimetre; 0 when the device does not say.
    public var resolution: Int
    /// Changes smaller than this are not passed on by the kernel (device units; 0: none).
    public var fuzz: Int = 0
}

/// Something the device reported wrongly, from the events themselves.
public struct CaptureEvent: Hashable, Sendable {
    /// What went wrong: the kernel dropped events, or a slot took a new contact without a lift.
    public enum Kind: String, Sendable {
        /// SYN_DROPPED: the kernel's buffer overflowed.
        case synDropped = "syn-dropped"
        /// A slot was given a new tracking id while its contact was still down.
        case trackingIDReuse = "tracking-id-reuse"
        /// An event's time is earlier than the one before it (later times are taken as the
        /// latest time so far, so no duration is negative).
        case timeBackwards = "time-backwards"
    }
    /// What went wrong.
    public var kind: Kind
    /// When, in seconds since the capture's first event.
    public var at: Double
    /// The slot it happened in.
    public var slot: Int
    /// The tracking id involved (-1: none).
    public var trackingID: Int
    /// What happened, for a person.
    public var detail: String
}

/// A device's contacts over a whole capture.
public struct ContactCapture: Sendable {
    /// The device's name as the file gives it.
    public var deviceName: String
    /// The position axes (x, y); nil for a TouchScope recording (scene points).
    public var xAxis: CapturedAxis?
    /// See `xAxis`.
    public var yAxis: CapturedAxis?
    /// The pressure axis, when the device has one.
    public var pressureAxis: CapturedAxis?
    /// Contacts the device can track at once, as it declares them (ABS_MT_SLOT's range).
    public var declaredSlots: Int?
    /// Every contact, in the order they landed.
    public var tracks: [ContactTrack]
    /// What the device reported wrongly, in time order.
    public var events: [CaptureEvent]
    /// Seconds from the first event to the last.
    public var duration: Double
    /// The size the positions map onto when there are no axes (a recording's window).
    public var window: Size?
    /// The file's format: `evemu`, `libinput-record` or `recording`.
    public var format: String
    /// Targets the taps were aimed at, in order (a `touchtest` recording's, scene points).
    public var targets: [Point]? = nil
    /// When the taps on `targets` began, seconds since the capture's first event.
    public var targetsAt: Double? = nil
    /// The size of `window` in millimetres, when the recording states it.
    public var sizeMM: Size? = nil
    /// The times of the device's frames (SYN_REPORT) while a contact was down: the device's
    /// frame rate, which is not a contact's report rate (contacts may come in turns).
    public var frameTimes: [Double] = []

    /// Reads `path` (evemu, libinput record or TouchScope recording, told from its content).
    /// Errors are `FILE:LINE:COLUMN: ...`.
    public static func read(path: String) throws(InputFileError) -> ContactCapture {
        switch FileAccess.readSmallFile(path, limit: ImportLimits.maxFileSize, what: "input") {
        case .success(let bytes): return try read(bytes: bytes, file: path)
        case .failure(let p): throw InputFileError(file: path, line: 1, column: 1, p.message)
        }
    }

    /// Reads a file's bytes; `file` names it in messages.
    public static func read(bytes: [UInt8], file: String) throws(InputFileError) -> ContactCapture {
        switch InputFileFormat.detect(bytes.prefix(4096)) {
        case .evemu:
            // Read twice, line by line, as `import` does: the events are never held as a list
            // (a million of them would be 46 MiB).
            var scan = EvemuReader(source: LineSource(bytes: bytes, maxLineLength: Int.max), file: file)
            var hints = EvdevContacts.Hints()
            var start: Int64?
            while let e = try scan.nextEvent() {
                hints.see(e)
                if start == nil { start = e.time }
            }
            let device = try scan.finish()
            return try fromEvdev(device: device, hints: hints, start: start, format: "evemu", file: file) { (take: (EvdevEvent) -> Void) throws(InputFileError) in
                var again = EvemuReader(source: LineSource(bytes: bytes, maxLineLength: Int.max), file: file)
                while let e = try again.nextEvent() { take(e) }
            }
        case .libinputRecord:
            if let p = TextGuard.problem(in: bytes) { throw InputFileError(file: file, line: p.line, column: p.column, p.message) }
            var events: [Int: [EvdevEvent]] = [:]
            let f = try LibinputRecordFile.parse(bytes: bytes, file: file) { (i, e) throws(InputFileError) in events[i, default: []].append(e) }
            guard let index = f.touchDeviceIndex else {
                throw InputFileError(file: file, line: 1, column: 1,
                    "no touchscreen or touchpad among the \(f.devices.count) device(s): none has udev's ID_INPUT_TOUCHSCREEN or ID_INPUT_TOUCHPAD, multitouch axes, or ABS_X and ABS_Y")
            }
            return try fromEvdev(device: f.devices[index].info, events: events[index] ?? [], format: "libinput-record", file: file)
        case .recording:
            let reader = try RecordingReader(text: String(decoding: bytes, as: UTF8.self), file: file)
            var inputs: [RawInput] = [], lines: [Int] = [], contacts: [RawContact?] = []
            while let i = try reader.next() { inputs.append(i); lines.append(reader.lineNumber); contacts.append(reader.lastContact) }
            // A live recording of an evdev device is measured as the device's own capture.
            if let device = try fromDeviceRecording(inputs, contacts: contacts, header: reader.header, lines: lines, file: file) {
                return device
            }
            return fromRecording(inputs, header: reader.header, lines: lines)
        }
    }

    /// A TouchScope recording's fingers, one track per finger from down to up: its slot is
    /// the finger, its tracking id the contact's number in the recording (1 for the first),
    /// so each contact has its own (SDL gives a finger's number again to the next contact).
    /// `lines`: each input's line in the file, when read from one.
    static func fromRecording(_ inputs: [RawInput], header: RecordingHeader, lines: [Int]? = nil) -> ContactCapture {
        var open: [Int: Int] = [:]   // finger -> track index
        var contacts = 0
        var tracks: [ContactTrack] = []
        var events: [CaptureEvent] = []
        let start = inputs.first?.t ?? 0
        for (index, input) in inputs.enumerated() {
            let t = input.t - start
            switch input.kind {
            case let .fingerDown(finger, x, y, pressure, _):
                contacts += 1
                if let i = open[finger] {
                    // A finger landing again without lifting: the old contact ends here.
                    events.append(AnomalyRules.reuse(at: t, slot: finger, trackingID: contacts, previous: tracks[i].trackingID))
                    tracks[i].liftedAt = t
                }
                open[finger] = tracks.count
                tracks.append(ContactTrack(slot: finger, trackingID: contacts,
                                           reports: [ContactReport(t: t, x: x, y: y, pressure: pressure.map { Int(($0 * 1000).rounded()) })],
                                           liftedAt: nil, line: lines.flatMap { index < $0.count ? $0[index] : nil }))
            case let .fingerMove(finger, x, y, pressure, _):
                if let i = open[finger] {
                    tracks[i].reports.append(ContactReport(t: t, x: x, y: y, pressure: pressure.map { Int(($0 * 1000).rounded()) }))
                }
            case let .fingerUp(finger, _, _, _, _):
                if let i = open.removeValue(forKey: finger) { tracks[i].liftedAt = t }
            default:
                break
            }
        }
        return ContactCapture(deviceName: header.device ?? "TouchScope recording", xAxis: nil, yAxis: nil, pressureAxis: nil,
                              declaredSlots: nil, tracks: tracks, events: events, duration: (inputs.last?.t ?? start) - start,
                              window: header.window, format: "recording",
                              targets: header.targets, targetsAt: header.targetsAt.map { max(0, $0 - start) }, sizeMM: header.sizeMM)
    }

    /// An evdev device's contacts: protocol B by slot and tracking id, protocol A by matching
    /// each frame's anonymous contacts to the last frame's (same tracking id, else nearest:
    /// the order within a frame means nothing), single touch by BTN_TOUCH. A protocol A
    /// contact is reported in every frame it is down (the kernel filters no protocol A value).
    ///
    /// A report of a protocol B contact is a frame (SYN_REPORT) that carries a value of its
    /// slot (its tracking id, position, pressure, size): the kernel passes on only values that
    /// changed, so a frame without the slot is one in which the contact held still. A slot
    /// given a tracking id is a contact from that frame on, even when the recording never
    /// states its position (the kernel kept the slot's last values, which the recording may
    /// not hold): such a contact counts, and figures of positions skip it.
    static func fromEvdev(device: EvdevDevice, events: [EvdevEvent], format: String, file: String) throws(InputFileError) -> ContactCapture {
        var hints = EvdevContacts.Hints()
        for e in events { hints.see(e) }
        return try fromEvdev(device: device, hints: hints, start: events.first?.time, format: format, file: file) { take in
            for e in events { take(e) }
        }
    }

    /// The same, the events given by `each` (which hands every event, in order, to the
    /// function it is given); `hints` and `start` (the first event's time) from a first look.
    static func fromEvdev(device: EvdevDevice, hints: EvdevContacts.Hints, start firstTime: Int64?, format: String, file: String,
                          each: ((EvdevEvent) -> Void) throws(InputFileError) -> Void) throws(InputFileError) -> ContactCapture {
        guard let kind = EvdevContacts.kind(of: device, hints: hints) else {
            throw InputFileError(file: file, line: device.mark.line, column: device.mark.column,
                                 "the device has no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)")
        }
        let mt = kind != .singleTouch
        try checkAxes(device, multitouch: mt, file: file)
        func axis(_ code: Int) -> CapturedAxis? {
            device.axes[code].map { CapturedAxis(min: $0.min, max: $0.max, resolution: $0.resolution, fuzz: $0.fuzz) }
        }
        let start = firstTime.map { Double($0) / 1e6 } ?? 0
        var capture = ContactCapture(deviceName: device.name ?? "unnamed device",
                                     xAxis: axis(mt ? Evdev.ABS_MT_POSITION_X : Evdev.ABS_X),
                                     yAxis: axis(mt ? Evdev.ABS_MT_POSITION_Y : Evdev.ABS_Y),
                                     pressureAxis: axis(mt ? Evdev.ABS_MT_PRESSURE : Evdev.ABS_PRESSURE),
                                     declaredSlots: kind == .singleTouch ? 1 : device.axes[Evdev.ABS_MT_SLOT].map { $0.max - $0.min + 1 },
                                     tracks: [], events: [], duration: 0, window: nil, format: format)

        /// A slot's state between reports.
        struct Slot {
            var trackingID = -1
            var x: Double?, y: Double?
            var pressure: Int?, major: Int?, minor: Int?
            var track: Int?          // index in capture.tracks while down
            var line: Int?           // where its contact began
        }
        /// Protocol A's contact tracking (Documentation/input/multi-touch-protocol.rst, "Finger
        /// Tracking": the receiver matches each frame's contacts to the last frame's): for each
        /// contact down, by number, the index of this frame's contact that continues it: the same
        /// tracking id where both have one, else the nearest, the closest pairs taken first (as
        /// `import` does); a contact with no partner lifted.
        func matchA(_ old: [Int: Slot], _ new: [Slot]) -> [Int: Int] {
            var pairs: [(d: Double, k: Int, j: Int)] = []
            for (k, a) in old {
                for (j, b) in new.enumerated() {
                    if a.trackingID >= 0, b.trackingID >= 0 {
                        if a.trackingID == b.trackingID { pairs.append((-1, k, j)) }
                        continue
                    }
                    guard let ax = a.x, let ay = a.y, let bx = b.x, let by = b.y else { continue }
                    pairs.append(((ax - bx) * (ax - bx) + (ay - by) * (ay - by), k, j))
                }
            }
            pairs.sort { ($0.d, $0.k, $0.j) < ($1.d, $1.k, $1.j) }
            var result: [Int: Int] = [:], taken = Set<Int>()
            for p in pairs where result[p.k] == nil && !taken.contains(p.j) {
                result[p.k] = p.j
                taken.insert(p.j)
            }
            return result
        }
        var slots: [Int: Slot] = [:]
        var current = 0
        var mentioned = Set<Int>()   // protocol B: the slots this frame carries a value of
        var frameA: [Slot] = []      // protocol A: this frame's contacts
        var pendingA = Slot()
        var touching = false         // single touch: BTN_TOUCH
        var dropping = false         // after SYN_DROPPED until the next SYN_REPORT
        var latest = 0.0             // the latest time so far: time never goes back
        var previous = 0.0           // the time as the file gives it, of the event before
        var anyDown = false

        func open(_ s: inout Slot, slot: Int, at t: Double) {
            s.track = capture.tracks.count
            capture.tracks.append(ContactTrack(slot: slot, trackingID: s.trackingID, reports: [], liftedAt: nil, landed: t, line: s.line))
        }
        func report(_ s: inout Slot, slot: Int, at t: Double) {
            if s.track == nil { open(&s, slot: slot, at: t) }
            guard let i = s.track, let x = s.x, let y = s.y else { return }
            capture.tracks[i].reports.append(ContactReport(t: t, x: x, y: y, pressure: s.pressure, touchMajor: s.major, touchMinor: s.minor))
        }
        func lift(_ s: inout Slot, at t: Double) {
            if let i = s.track { capture.tracks[i].liftedAt = t }
            s.track = nil
        }
        func take(_ e: EvdevEvent) {
            var t = Double(e.time) / 1e6 - start
            defer { previous = Double(e.time) / 1e6 - start }
            if t < previous {
                capture.events.append(CaptureEvent(kind: .timeBackwards, at: latest, slot: current, trackingID: slots[current]?.trackingID ?? -1,
                    detail: "line \(e.mark.line): time goes back \(TraceFormat.fixed((latest - t) * 1000, 3)) ms (to \(TraceFormat.fixed(t, 6)) s after \(TraceFormat.fixed(latest, 6)) s); taken as \(TraceFormat.fixed(latest, 6)) s"))
            }
            t = max(t, latest)
            latest = t
            if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_DROPPED {
                capture.events.append(CaptureEvent(kind: .synDropped, at: t, slot: current, trackingID: slots[current]?.trackingID ?? -1,
                                                   detail: "the kernel's buffer overflowed: events up to the next report were lost"))
                dropping = true
                return
            }
            if dropping { if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT { dropping = false }; return }
            if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT, anyDown { capture.frameTimes.append(t) }
            switch kind {
            case .protocolB:
                if e.type == Evdev.EV_ABS {
                    // ABS_MT_TOUCH_MAJOR (0x30) to ABS_MT_TOOL_Y (0x3d): a value of the current slot.
                    if e.code >= 0x30, e.code <= 0x3d { mentioned.insert(current) }
                    switch e.code {
                    case Evdev.ABS_MT_SLOT: current = e.value
                    case Evdev.ABS_MT_TRACKING_ID:
                        var s = slots[current] ?? Slot()
                        if e.value < 0 { lift(&s, at: t); s.trackingID = -1 } else {
                            if s.track != nil {
                                capture.events.append(AnomalyRules.reuse(at: t, slot: current, trackingID: e.value, previous: s.trackingID))
                                lift(&s, at: t)
                            }
                            s.trackingID = e.value
                            s.line = e.mark.line
                        }
                        slots[current] = s
                    case Evdev.ABS_MT_POSITION_X: slots[current, default: Slot()].x = Double(e.value)
                    case Evdev.ABS_MT_POSITION_Y: slots[current, default: Slot()].y = Double(e.value)
                    case Evdev.ABS_MT_PRESSURE: slots[current, default: Slot()].pressure = e.value
                    case Evdev.ABS_MT_TOUCH_MAJOR: slots[current, default: Slot()].major = e.value
                    case Evdev.ABS_MT_TOUCH_MINOR: slots[current, default: Slot()].minor = e.value
                    default: break
                    }
                } else if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT {
                    for k in mentioned.sorted() where slots[k]?.trackingID ?? -1 >= 0 {
                        report(&slots[k]!, slot: k, at: t)
                    }
                    mentioned.removeAll(keepingCapacity: true)
                    anyDown = slots.values.contains { $0.track != nil }
                }
            case .protocolA:
                if e.type == Evdev.EV_ABS {
                    if pendingA.line == nil { pendingA.line = e.mark.line }
                    switch e.code {
                    case Evdev.ABS_MT_POSITION_X: pendingA.x = Double(e.value)
                    case Evdev.ABS_MT_POSITION_Y: pendingA.y = Double(e.value)
                    case Evdev.ABS_MT_PRESSURE: pendingA.pressure = e.value
                    case Evdev.ABS_MT_TOUCH_MAJOR: pendingA.major = e.value
                    case Evdev.ABS_MT_TOUCH_MINOR: pendingA.minor = e.value
                    case Evdev.ABS_MT_TRACKING_ID: pendingA.trackingID = e.value
                    default: break
                    }
                } else if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_MT_REPORT {
                    if pendingA.x != nil && pendingA.y != nil { frameA.append(pendingA) }
                    pendingA = Slot()
                } else if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT {
                    // The contacts are anonymous and may come in any order: each of the last
                    // frame's continues as the same tracking id, else the nearest contact of
                    // this frame (closest pairs first); the rest lift, and each new one takes
                    // the lowest number no contact down has (`slot`).
                    let pairs = matchA(slots, frameA)
                    for k in slots.keys.sorted() where pairs[k] == nil { lift(&slots[k]!, at: t); slots[k] = nil }
                    var continued = Set<Int>()
                    for (k, j) in pairs.sorted(by: { $0.key < $1.key }) {
                        var c = frameA[j]
                        c.track = slots[k]?.track
                        c.line = slots[k]?.line
                        if c.trackingID < 0 { c.trackingID = slots[k]?.trackingID ?? -1 }
                        report(&c, slot: k, at: t)
                        slots[k] = c
                        continued.insert(j)
                    }
                    for (j, var c) in frameA.enumerated() where !continued.contains(j) {
                        var k = 0
                        while slots[k] != nil { k += 1 }
                        report(&c, slot: k, at: t)
                        slots[k] = c
                    }
                    frameA.removeAll()
                    anyDown = !slots.isEmpty
                }
            case .singleTouch:
                if e.type == Evdev.EV_KEY && e.code == Evdev.BTN_TOUCH {
                    touching = e.value != 0
                    if touching, slots[0]?.track == nil { slots[0, default: Slot()].line = e.mark.line }
                } else if e.type == Evdev.EV_ABS {
                    switch e.code {
                    case Evdev.ABS_X: slots[0, default: Slot()].x = Double(e.value)
                    case Evdev.ABS_Y: slots[0, default: Slot()].y = Double(e.value)
                    case Evdev.ABS_PRESSURE: slots[0, default: Slot()].pressure = e.value
                    default: break
                    }
                } else if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT {
                    var s = slots[0] ?? Slot()
                    if touching, s.x != nil, s.y != nil { report(&s, slot: 0, at: t) } else if !touching { lift(&s, at: t) }
                    slots[0] = s
                    anyDown = s.track != nil
                }
            }
        }
        try each(take)
        capture.duration = latest
        return capture
    }
}

extension ContactCapture {
    /// Refuses a device whose position axes are empty or inverted (maximum not above minimum)
    /// or whose slot axis declares fewer than one slot, at the axis's line: no figure of such
    /// a device means anything, and a calibration from it would collapse the screen.
    static func checkAxes(_ device: EvdevDevice, multitouch: Bool, file: String) throws(InputFileError) {
        let codes = multitouch ? [Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y] : [Evdev.ABS_X, Evdev.ABS_Y]
        for code in codes {
            guard let r = device.axes[code], r.max <= r.min else { continue }
            throw InputFileError(file: file, line: r.mark.line, column: r.mark.column,
                "axis \(Evdev.axisName(code)) has an empty range (\(r.min) to \(r.max)): its maximum must be above its minimum")
        }
        if multitouch, let r = device.axes[Evdev.ABS_MT_SLOT], r.max < r.min {
            throw InputFileError(file: file, line: r.mark.line, column: r.mark.column,
                "axis ABS_MT_SLOT's range (\(r.min) to \(r.max)) declares \(r.max - r.min + 1) slots: its maximum must not be below its minimum")
        }
    }
}
