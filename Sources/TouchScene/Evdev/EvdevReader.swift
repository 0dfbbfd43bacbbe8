// EvdevReader: a touch device's frames read from any file descriptor that yields
// `struct input_event` records (the device node, or a pipe a replay or a test writes).
//
//   fd ─▶ records ─▶ events ─▶ EvdevState (slots, tools, sizes, hover, keys)
//                          └─▶ EvdevContacts.Converter (the importers' own) ─▶ finger events
//   SYN_DROPPED ─▶ events discarded up to the next SYN_REPORT ─▶ the state asked back
//                  (EvdevQueries) ─▶ the events that lead there, fed as if read
//
// The finger events are the importers' (`touchscope import` of the same events gives the
// same touches and contacts); each frame also carries the kernel's time and every contact
// with what the device reported of it (tool, pressure, size, orientation, distance).
import CEvdev
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// One finger event and what the device reported of its contact.
public struct EvdevTouch: Sendable {
    /// The finger event, in the reader's window, time from the first finger event.
    public var input: RawInput
    /// The contact as recordings keep it (`raw`).
    public var contact: RawContact
    /// Everything the device reported of the contact, in device units.
    public var raw: EvdevContact
}

/// One frame of the device (up to its SYN_REPORT).
public struct EvdevFrame: Sendable {
    /// The kernel's time of the frame's SYN_REPORT, microseconds (CLOCK_MONOTONIC when the
    /// node was set to it, else the realtime clock).
    public var time: Int64
    /// When the reader had read it, microseconds on CLOCK_MONOTONIC.
    public var readAt: Int64
    /// The contacts down (and tools hovering) after it.
    public var contacts: [EvdevContact]
    /// The finger events it completes.
    public var touches: [EvdevTouch]
    /// Whether it was made from the device's state asked back after SYN_DROPPED.
    public var resynced: Bool
    /// The anomalies found since the frame before (SYN_DROPPED, a tracking id given again).
    public var anomalies: [CaptureEvent] = []
}

/// Why reading failed.
public struct EvdevReadError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one line.
    public var description: String
}

/// Reads frames from `fd` (blocking until a frame, the end, or `stop()`). Not thread-safe: one
/// thread reads; another may only call `stop()`.
///
///     let r = try EvdevReader(fd: fd, info: EvdevDeviceInfo(queries: node), queries: node, window: screen, label: path)
///     while let frame = try r.nextFrame() { ... }
public final class EvdevReader {
    /// The device's description the frames are decoded by.
    public let info: EvdevDeviceInfo
    /// The name of what is read, for messages (the node's path, or the file played).
    public let label: String
    private let fd: Int32
    private let queries: (any EvdevQueries)?
    private var state: EvdevState
    private var converter: EvdevContacts.Converter
    /// Read bytes not yet a whole record.
    private var buffer: [UInt8] = []
    private var pending: [EvdevEvent] = []
    private var pendingIndex = 0
    /// Events made by a resync, fed before anything more is read.
    private var synthetic: [EvdevEvent] = []
    private var dropping = false
    private var resynced = false
    private var touches: [EvdevTouch] = []
    private var firstTime: Int64?
    private var eventCount = 0
    private let clock: () -> Int64
    /// The wake pipe: `stop()` writes a byte to [1]; the reader waits on `fd` and [0] together.
    private let wake: [Int32]
    /// What went wrong on the way (SYN_DROPPED, a tracking id given again without a lift),
    /// as `analyze` names it: time from the first event read.
    public private(set) var anomalies: [CaptureEvent] { didSet { if anomalies.count > oldValue.count { fresh += anomalies[oldValue.count...] } } }
    private var fresh: [CaptureEvent] = []
    /// Each event as read from `fd` (not the events made by a resync), for a capture.
    public var onEvent: ((EvdevEvent) -> Void)?

    /// The device's kind of protocol (B with slots, A, single touch).
    let kind: EvdevContacts.Kind

    /// `window`: the size the finger events' positions are stretched onto (the device's axes
    /// map onto it). `protocolA`: a multitouch device without slots uses SYN_MT_REPORT (the
    /// kernel's protocol A); false reads tracking ids as protocol B does. `clock`: now in
    /// microseconds (CLOCK_MONOTONIC unless a test gives another).
    public init(fd: Int32, info: EvdevDeviceInfo, queries: (any EvdevQueries)?, window: Size, label: String,
                protocolA: Bool = true, clock: (() -> Int64)? = nil) throws(InputFileError) {
        self.fd = fd
        anomalies = []
        self.info = info
        self.queries = queries
        self.label = label
        state = EvdevState(info: info)
        var hints = EvdevContacts.Hints()
        hints.mtReport = protocolA
        hints.trackingIDs = !protocolA
        converter = try EvdevContacts.Converter(device: info.evdevDevice, hints: hints, window: window, file: label)
        kind = converter.kind
        self.clock = clock ?? { EvdevReader.monotonicMicroseconds() }
        var w: [Int32] = [-1, -1]
        if pipe(&w) == 0 {
            for f in w { _ = fcntl(f, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(w[1], F_SETFL, fcntl(w[1], F_GETFL) | O_NONBLOCK)
        }
        wake = w
    }

    deinit {
        for f in wake where f >= 0 { close(f) }
    }

    /// Wakes a reader blocked waiting for `fd` and makes it end: `nextFrame` returns nil from
    /// then on. The one call another thread may make (a write to the reader's wake pipe), so
    /// a thread reading a device node that sends nothing can be stopped and joined.
    public func stop() {
        guard wake[1] >= 0 else { return }
        var b: UInt8 = 1
        _ = write(wake[1], &b, 1)   // a full pipe already wakes the reader
    }

    /// Whether `stop()` was called (and the reader has seen it).
    public private(set) var isStopped = false

    /// CLOCK_MONOTONIC now, in microseconds.
    public static func monotonicMicroseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }

    /// The next complete frame, reading as needed (blocks); nil at the end of the input or once
    /// `stop()` woke it.
    public func nextFrame() throws(EvdevReadError) -> EvdevFrame? {
        while !isStopped {
            let e: EvdevEvent
            let made: Bool
            if !synthetic.isEmpty {
                e = synthetic.removeFirst()
                made = true
            } else {
                if pendingIndex >= pending.count {
                    guard try fill() else { return nil }
                }
                e = pending[pendingIndex]
                pendingIndex += 1
                made = false
            }
            if let frame = try process(e, synthetic: made) { return frame }
        }
        return nil
    }

    /// Reads more records into `pending`; false at the end of the input.
    private func fill() throws(EvdevReadError) -> Bool {
        let size = cevdev_event_size()
        pending.removeAll(keepingCapacity: true)
        pendingIndex = 0
        var chunk = [UInt8](repeating: 0, count: size * 64)
        while pending.isEmpty {
            // Wait for the input or the wake pipe (no busy loop, and `stop()` ends the wait).
            if wake[0] >= 0 {
                var p = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
                if poll(&p, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    throw EvdevReadError(description: "\(label): cannot wait for input: \(String(cString: strerror(errno)))")
                }
                if p[1].revents != 0 { isStopped = true }
            }
            if isStopped { return false }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                let why = String(cString: strerror(errno))
                // ENODEV: the device went away (unplugged).
                throw EvdevReadError(description: "\(label): cannot read: \(why)")
            }
            if n == 0 { return false }
            buffer += chunk[0..<n]
            let whole = buffer.count / size * size
            guard whole > 0 else { continue }
            var raw = cevdev_event()
            buffer.withUnsafeBytes { b in
                var at = 0
                while at < whole {
                    cevdev_decode(b.baseAddress! + at, &raw)
                    eventCount += 1
                    pending.append(EvdevEvent(time: raw.sec * 1_000_000 + raw.usec, type: Int(raw.type), code: Int(raw.code),
                                              value: Int(raw.value), mark: SourceMark(line: eventCount, column: 1)))
                    at += size
                }
            }
            buffer.removeFirst(whole)
        }
        return true
    }

    /// Seconds since the first event read, as `analyze` counts them.
    private func at(_ time: Int64) -> Double { Double(time) / 1e6 - Double(firstTime ?? time) / 1e6 }

    private func process(_ e: EvdevEvent, synthetic made: Bool) throws(EvdevReadError) -> EvdevFrame? {
        if !made {
            if firstTime == nil { firstTime = e.time }
            onEvent?(e)
        }
        if e.type == Evdev.EV_SYN && e.code == Evdev.SYN_DROPPED {
            let s = state.currentSlot
            anomalies.append(CaptureEvent(kind: .synDropped, at: at(e.time), slot: s, trackingID: state.slot(s).trackingID,
                                          detail: "the kernel's buffer overflowed: events up to the next report were lost"))
            dropping = true
            try feed(e)
            return nil
        }
        if dropping {
            guard e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT else { return nil }
            dropping = false
            try feed(e)
            // Ask the device where it is now, and take the events that lead there as read.
            if let queries { synthetic = state.resync(queries, time: e.time) }
            resynced = !synthetic.isEmpty
            return nil
        }
        if e.type == Evdev.EV_ABS, e.code == Evdev.ABS_MT_TRACKING_ID, e.value >= 0, info.slotCount != nil {
            let s = state.currentSlot, held = state.slot(s).trackingID
            if held >= 0, held != e.value { anomalies.append(AnomalyRules.reuse(at: at(e.time), slot: s, trackingID: e.value, previous: held)) }
        }
        state.apply(e)
        try feed(e)
        guard e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT else { return nil }
        let frame = EvdevFrame(time: e.time, readAt: clock(), contacts: state.contacts, touches: touches, resynced: resynced && made,
                               anomalies: fresh)
        touches.removeAll(keepingCapacity: true)
        fresh.removeAll()
        if synthetic.isEmpty { resynced = false }
        return frame
    }

    /// Hands `e` to the converter; its finger events are kept with their contacts.
    private func feed(_ e: EvdevEvent) throws(EvdevReadError) {
        do {
            try converter.feed(e) { input, contact in
                touches.append(EvdevTouch(input: input, contact: contact, raw: raw(of: contact)))
            }
        } catch {
            throw EvdevReadError(description: "\(label): event \(e.mark.line): \(error.diagnostic.message)")
        }
    }

    /// What the device reported of the contact of a finger event.
    private func raw(of contact: RawContact) -> EvdevContact {
        var c: EvdevContact
        switch kind {
        case .protocolB: c = state.slot(contact.slot ?? 0)
        case .protocolA:
            let frame = state.contacts
            c = contact.slot.flatMap { $0 < frame.count ? frame[$0] : nil } ?? EvdevContact(slot: contact.slot)
        case .singleTouch: c = state.contacts.first ?? EvdevContact()
        }
        c.slot = contact.slot
        c.trackingID = contact.trackingID ?? -1
        if c.touchMajor == nil { c.touchMajor = contact.touchMajor }
        if c.touchMinor == nil { c.touchMinor = contact.touchMinor }
        if c.orientation == nil { c.orientation = contact.orientation }
        return c
    }
}
