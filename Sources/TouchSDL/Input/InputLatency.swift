// InputLatency: time from an input event's SDL timestamp to the present of the first frame
// that shows it (input-to-photon, as far as the program can see: the compositor and the
// display add their own).

/// Collects input-to-present latencies and reads their percentiles over the last second.
///
///     var meter = InputLatencyMeter()
///     meter.inputArrived(sdlTicks: e.common.timestamp)     // for each input event
///     meter.framePresented(atTicks: SDL_GetTicks64())      // after SDL_RenderPresent
///     meter.recent(now: ticks)?.p99                        // milliseconds
///
/// An input the client sets aside (`setLatestAside`: it went to the debugger's own UI, not the
/// scene) is measured for `all` and `presentCounters` (the bench) but left out of `recent`
/// (the touch devices panel).
public struct InputLatencyMeter: Sendable {
    /// Milliseconds from input to present, with the present's time (ms, SDL ticks): scene input only.
    private var samples: [(at: UInt64, ms: Double)] = []
    /// Inputs not yet on screen (their SDL timestamps, ms), and whether they went to the scene.
    private var waiting: [(ticks: UInt64, scene: Bool)] = []
    /// The index in `waiting` of the input that arrived last, while it is being handled.
    private var latest: Int?
    /// Every latency measured (for the bench), up to `allLimit`.
    public private(set) var all: [Double] = []
    /// For each input in the order it arrived, the `SDL_GetPerformanceCounter` value at the
    /// present that showed it (up to `allLimit`): a bench that knows when it pushed each
    /// event gets latencies to the nanosecond, where SDL's event timestamps have milliseconds.
    public private(set) var presentCounters: [UInt64] = []
    private var waitingCount = 0
    private static let allLimit = 100_000

    public init() {}

    /// An input event arrived with this SDL timestamp (ms since SDL started; 0: none).
    public mutating func inputArrived(sdlTicks: UInt32) {
        latest = nil
        if sdlTicks != 0 {
            latest = waiting.count
            waiting.append((UInt64(sdlTicks), true))
        }
        waitingCount += 1
    }

    /// An event that is not input arrived: a `setLatestAside` now is about it, not the input before.
    public mutating func otherEventArrived() { latest = nil }

    /// The input that arrived last went to the debugger's own UI, not the scene: `recent`
    /// leaves it out.
    public mutating func setLatestAside() {
        if let latest { waiting[latest].scene = false }
    }

    /// A frame was presented at `ticks` (SDL_GetTicks64) and `counter`
    /// (SDL_GetPerformanceCounter): every input waiting is on screen now.
    public mutating func framePresented(atTicks ticks: UInt64, counter: UInt64 = 0) {
        if waitingCount > 0 {
            let room = max(0, Self.allLimit - presentCounters.count)
            presentCounters.append(contentsOf: repeatElement(counter, count: min(room, waitingCount)))
            waitingCount = 0
        }
        latest = nil
        guard !waiting.isEmpty else { return }
        for (ts, scene) in waiting {
            let ms = ticks >= ts ? Double(ticks - ts) : 0
            if scene { samples.append((ticks, ms)) }
            if all.count < Self.allLimit { all.append(ms) }
        }
        waiting.removeAll(keepingCapacity: true)
        // Keep the last second (and never more than a few thousand samples).
        if let first = samples.firstIndex(where: { $0.at + 1000 >= ticks }), first > 0 { samples.removeFirst(first) }
        if samples.count > 4096 { samples.removeFirst(samples.count - 4096) }
    }

    /// The latencies of scene input presented in the second before `now` (ms, SDL ticks): nil when none.
    public func recent(now: UInt64) -> InputLatency? {
        InputLatency(samples.filter { $0.at + 1000 >= now }.map(\.ms))
    }
}

/// Percentiles of input-to-present latencies, in milliseconds.
public struct InputLatency: Sendable, Hashable {
    public var p50: Double
    public var p99: Double
    public var count: Int
    /// Nil for no latencies.
    public init?(_ ms: [Double]) {
        guard !ms.isEmpty else { return nil }
        let s = ms.sorted()
        func at(_ q: Double) -> Double { s[min(s.count - 1, Int(Double(s.count) * q))] }
        p50 = at(0.5); p99 = at(0.99); count = s.count
    }
}
