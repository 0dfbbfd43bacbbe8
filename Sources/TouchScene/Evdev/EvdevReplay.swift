// EvdevReplay: a recorded device played into a pipe at its own timing (`--device-replay`), and
// the latency of a device's frames split by stage.
import TouchCore
#if canImport(Glibc)
import Glibc
#endif

/// The playback's clock: CLOCK_MONOTONIC at the start and the file's first time, so a file
/// time has its moment on the monotonic clock; and the flag that stops the writer.
public final class ReplayClock: @unchecked Sendable {
    private var start: (monotonic: Int64, file: Int64)?
    private var stopped = false
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A clock not started and not stopped.
    public init() { pthread_mutex_init(lock, nil) }
    deinit { pthread_mutex_destroy(lock); lock.deallocate() }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// The playback starts now with the file's time `file`.
    public func begin(file: Int64, at monotonic: Int64) { locked { start = (monotonic, file) } }
    /// When the file's time `t` is played (µs on CLOCK_MONOTONIC); nil before the start.
    public func monotonic(fileTime t: Int64) -> Int64? { locked { start.map { $0.monotonic + (t - $0.file) } } }
    /// Stops the writer at its next frame.
    public func stop() { locked { stopped = true } }
    /// Whether `stop()` was called.
    public var isStopped: Bool { locked { stopped } }
}

/// Plays a recorded device into a descriptor at the file's own timing (`--device-replay`).
public enum EvdevReplayWriter {
    /// Writes `events` to `fd` frame by frame, each frame when its time comes (the file's
    /// times from the start), the device's state following; closes `fd` at the end or when
    /// stopped. `wait(µs)` sleeps (tests give one that does not).
    public static func play(_ events: [EvdevEvent], device: EvdevFeedDevice, fd: Int32, clock: ReplayClock,
                            now: () -> Int64 = EvdevReader.monotonicMicroseconds,
                            wait: (Int64) -> Void = { us in if us > 0 { usleep(UInt32(min(us, 1_000_000))) } }) {
        signal(SIGPIPE, SIG_IGN)
        defer { close(fd) }
        guard let first = events.first else { return }
        clock.begin(file: first.time, at: now())
        var frame: [EvdevEvent] = []
        for e in events {
            if clock.isStopped { return }
            frame.append(e)
            guard e.type == Evdev.EV_SYN && e.code == Evdev.SYN_REPORT else { continue }
            if let due = clock.monotonic(fileTime: e.time) {
                while !clock.isStopped, now() < due { wait(due - now()) }
            }
            for x in frame { device.apply(x) }
            guard EvdevRecords.write(EvdevRecords.encode(frame), to: fd) else { return }
            frame.removeAll(keepingCapacity: true)
        }
        if !frame.isEmpty {
            for x in frame { device.apply(x) }
            EvdevRecords.write(EvdevRecords.encode(frame), to: fd)
        }
    }
}

/// A device's latency split by stage, per frame with finger events, on CLOCK_MONOTONIC (µs):
/// kernel (the event's time) → read (the reader had it) → dispatched (handed to the loop and
/// the event model done with it, in the loop's turn that handed it over) → presented (the
/// frame showing it).
public struct EvdevStages: Sendable {
    /// Stage name and its samples in milliseconds (the last `capacity` of each).
    public private(set) var kernelToRead: [Double] = []
    /// Read to dispatched: the event model done with the frame.
    public private(set) var readToDispatched: [Double] = []
    /// Dispatched to presented: the frame that shows it on screen.
    public private(set) var dispatchedToPresented: [Double] = []
    /// Kernel time to present, whole.
    public private(set) var total: [Double] = []
    /// Frames whose kernel time is not on CLOCK_MONOTONIC (the first stage cannot be measured).
    public private(set) var unknownKernelClock = 0
    /// How many samples each stage keeps (the newest).
    public static let capacity = 4096
    /// Frames handed over and not yet presented: (kernel, read, dispatched, whether the event
    /// model said it was done, touches).
    private var waiting: [(kernel: Int64?, read: Int64, dispatched: Int64, handled: Bool, touches: Int)] = []
    /// Frames presented and not yet taken by `takeCompleted` (the Perfetto timeline's; at most `capacity`).
    private var completed: [DeviceStageTimes] = []

    /// No frames yet.
    public init() {}

    private static func add(_ v: Double, to list: inout [Double]) {
        if list.count >= capacity { list.removeFirst(list.count - capacity + 1) }
        list.append(v)
    }

    /// A frame read at `read`, handed over at `handed`; `kernel` nil when its clock is not
    /// monotonic. `handed` stands for its dispatch until `noteDispatched` gives the moment
    /// the event model was done with it.
    public mutating func noteFrame(kernel: Int64?, read: Int64, handed: Int64, touches: Int) {
        guard touches > 0 else { return }
        if let kernel { Self.add(Double(read - kernel) / 1000, to: &kernelToRead) } else { unknownKernelClock += 1 }
        waiting.append((kernel, read, handed, false, touches))
    }

    /// The event model has handled every finger event handed over so far, at `dispatched`.
    public mutating func noteDispatched(_ dispatched: Int64) {
        for k in waiting.indices where !waiting[k].handled {
            waiting[k].dispatched = max(waiting[k].dispatched, dispatched)
            waiting[k].handled = true
        }
    }

    /// The frames handed over so far were presented at `presented`.
    public mutating func notePresented(_ presented: Int64) {
        for w in waiting {
            Self.add(Double(w.dispatched - w.read) / 1000, to: &readToDispatched)
            Self.add(Double(presented - w.dispatched) / 1000, to: &dispatchedToPresented)
            if let k = w.kernel { Self.add(Double(presented - k) / 1000, to: &total) }
            if completed.count < Self.capacity {
                completed.append(DeviceStageTimes(kernel: w.kernel, read: w.read, dispatched: w.dispatched, presented: presented, touches: w.touches))
            }
        }
        waiting.removeAll(keepingCapacity: true)
    }

    /// The frames presented since the last call, with their four times.
    public mutating func takeCompleted() -> [DeviceStageTimes] {
        defer { completed.removeAll(keepingCapacity: true) }
        return completed
    }

    /// p50 and p99 (nearest rank) of `samples`, ms; nil without samples.
    public static func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double)? {
        guard !samples.isEmpty else { return nil }
        let s = samples.sorted()
        func rank(_ p: Double) -> Double { s[max(0, min(s.count - 1, Int((p * Double(s.count)).rounded(.up)) - 1))] }
        return (rank(0.5), rank(0.99))
    }

    /// The stages as lines for a panel or a report: name, p50, p99.
    public var lines: [String] {
        let rows: [(String, [Double])] = [("kernel → read", kernelToRead), ("read → dispatched", readToDispatched),
                                          ("dispatched → presented", dispatchedToPresented), ("kernel → presented", total)]
        var out = rows.map { name, v -> String in
            guard let p = Self.percentiles(v) else { return "\(name): –" }
            return "\(name): p50 \(TraceFormat.fixed(p.p50, 2)) ms, p99 \(TraceFormat.fixed(p.p99, 2)) ms"
        }
        if unknownKernelClock > 0 { out.append("kernel time not on CLOCK_MONOTONIC: its stage is not measured") }
        return out
    }
}
