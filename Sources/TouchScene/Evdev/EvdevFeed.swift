// EvdevFeed: the writing side of a pipe of `struct input_event` records, for a device that is
// a file (`--device-replay`) or a test: the records, and a device whose state is that of the
// events written so far, so the reader's queries after SYN_DROPPED get an answer.
import CEvdev
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// Writes events as `struct input_event` records.
public enum EvdevRecords {
    /// `events` as records, in order.
    public static func encode(_ events: [EvdevEvent]) -> [UInt8] {
        let size = cevdev_event_size()
        var out = [UInt8](repeating: 0, count: size * events.count)
        out.withUnsafeMutableBytes { b in
            for (i, e) in events.enumerated() {
                let t = e.time
                var r = cevdev_event(sec: t / 1_000_000, usec: t % 1_000_000, type: UInt16(truncatingIfNeeded: e.type),
                                     code: UInt16(truncatingIfNeeded: e.code), value: Int32(truncatingIfNeeded: e.value))
                cevdev_encode(&r, b.baseAddress! + i * size)
            }
        }
        return out
    }

    /// Writes all of `bytes` to `fd`; false when the reader went away (or another error).
    @discardableResult
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var at = 0
        while at < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + at, $0.count - at) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            at += n
        }
        return true
    }
}

/// A device made of the events written to it: its queries answer with the state those events
/// built. Thread-safe (the writer applies, the reader asks).
public final class EvdevFeedDevice: EvdevQueries, @unchecked Sendable {
    /// The description the device was made from.
    public let info: EvdevDeviceInfo
    private var state: EvdevState
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A device described by `info`, in the state of no events yet (the axes' values as `info` gives them).
    public init(info: EvdevDeviceInfo) {
        self.info = info
        state = EvdevState(info: info)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Takes an event as the device's (call for every event before it is written).
    public func apply(_ e: EvdevEvent) {
        guard !(e.type == Evdev.EV_SYN && e.code == Evdev.SYN_DROPPED) else { return }
        locked { state.apply(e) }
    }

    /// The device's name (EVIOCGNAME).
    public var name: String { info.name }
    /// Its INPUT_PROP_* bits (EVIOCGPROP).
    public var properties: Set<Int> { info.properties }
    /// Its keys and buttons (EVIOCGBIT for EV_KEY).
    public var keys: Set<Int> { info.keys }

    /// Every absolute axis with its current value, as EVIOCGABS answers after the events so far.
    public func axes() -> [Int: EvdevAxis] {
        locked {
            var out = info.axes
            for (code, v) in state.abs { out[code]?.value = v }
            if out[Evdev.ABS_MT_SLOT] != nil { out[Evdev.ABS_MT_SLOT]?.value = state.currentSlot }
            return out
        }
    }

    /// The value of multitouch axis `code` in each of the first `count` slots (EVIOCGMTSLOTS).
    public func slotValues(_ code: Int, count: Int) -> [Int]? {
        locked {
            (0..<count).map { s in
                let c = state.slot(s)
                return c.value(code) ?? (code == Evdev.ABS_MT_TRACKING_ID ? -1 : info.axes[code]?.value ?? 0)
            }
        }
    }

    /// The keys held down now (EVIOCGKEY).
    public func keysDown() -> Set<Int>? { locked { state.keysDown } }
}
