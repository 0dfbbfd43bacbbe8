// VelocityTracker: speed from a least-squares line over the last `window` seconds of samples.
//
//   add(value, at: t) ──▶ samples (pruned to the window) ──▶ velocity(at: now) = slope of the fit

/// Estimates how fast a value (a scalar, or a 2-D point) changes, as the slope of the
/// least-squares line `value ≈ a + v·t` through the recent samples, not from the last two
/// samples, so one jittery sample cannot swing the result.
///
///     var tracker = VelocityTracker(window: 0.1)
///     tracker.add(Point(x: 0, y: 0), at: 0.00)
///     tracker.add(Point(x: 5, y: 0), at: 0.01)
///     tracker.add(Point(x: 10, y: 0), at: 0.02)
///     tracker.velocity(at: 0.02)   // (500, 0) points per second
///
/// The rule, in full (`now` is the time asked about, usually the latest event's time):
/// 1. The fit uses the samples taken in `[now - window, now]`.
/// 2. No sample in that span: the data is too old (the finger rested), the velocity is 0.
/// 3. Exactly one sample in that span (sparse input): the newest sample before the span
///    joins it, so a single coarse move still has a speed. A finger that rested and then
///    lifted at the same place gives two equal values, hence 0.
/// 4. Fewer than two samples, or samples that all share one time: 0.
///
/// Recognizers feed it their re-based outputs (translation, scale, rotation), never the
/// raw centroid, so a finger landing or lifting does not show up as a burst of speed.
public struct VelocityTracker: Sendable, Hashable {
    /// The horizon of the fit, in seconds (`Defaults.velocityWindow`).
    public var window: Double
    /// Samples, oldest first: time and value (a scalar uses `x` only).
    public var samples: [Sample] { start == 0 ? storage : Array(storage[start...]) }
    /// The samples as kept: `samples` is `storage[start...]`. Pruning moves `start` and the
    /// storage is compacted when more than half of it is dropped (a pan adds a sample on
    /// every move, and dropping the oldest moved all the others each time).
    private var storage: [Sample] = []
    private var start = 0

    /// One sample: a value at a time.
    public struct Sample: Sendable, Hashable {
        /// When it was taken, in seconds (the application's time).
        public var t: Double
        /// The value (a scalar in `x`, with `y` 0).
        public var value: Point
    }

    /// An empty tracker fitting over the last `window` seconds.
    public init(window: Double) { self.window = window }

    /// Forgets every sample.
    public mutating func reset() { storage.removeAll(keepingCapacity: true); start = 0 }

    /// Whether two trackers have the same horizon and the same samples.
    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.window == b.window && a.storage[a.start...].elementsEqual(b.storage[b.start...])
    }
    /// Hashes the horizon and the samples.
    public func hash(into h: inout Hasher) {
        h.combine(window)
        for s in storage[start...] { h.combine(s) }
    }

    /// Records a 2-D value at time `t` (non-decreasing). A sample at the same time as the
    /// latest one replaces it.
    public mutating func add(_ value: Point, at t: Double) {
        if start < storage.count, storage[storage.count - 1].t == t {
            storage[storage.count - 1].value = value
        } else {
            storage.append(Sample(t: t, value: value))
        }
        prune(before: t - window)
    }
    /// Records a scalar value at time `t`.
    public mutating func add(_ value: Double, at t: Double) { add(Point(x: value, y: 0), at: t) }

    /// The velocity of a 2-D value (units per second) at time `now`.
    public func velocity(at now: Double) -> Point {
        // The samples in the window form one run (times do not decrease, `add` keeps them
        // so): fit that slice in place. Recognizers ask on every traced transition, so no
        // array is built for it, and the run's ends are found from the ends of the list
        // (pruning keeps at most one sample before the window; the newest is usually `now`).
        let from = now - window
        var last = storage.count - 1
        while last >= start && !(storage[last].t <= now) { last -= 1 }
        var first = start
        while first <= last && !(storage[first].t >= from) { first += 1 }
        if first < last { return Self.fit(storage[first...last]) }
        return Self.fit(usedSamples(at: now))
    }

    /// The samples the fit uses (rules 1 to 3), as a new array.
    private func usedSamples(at now: Double) -> [Sample] {
        let inWindow = samples.filter { $0.t >= now - window && $0.t <= now }
        var used = inWindow
        if inWindow.count == 1, let before = samples.last(where: { $0.t < now - window }) {
            used.insert(before, at: 0)
        }
        return used
    }

    /// The least-squares slope through `used` (rule 4: fewer than two, or one time, is 0).
    private static func fit<C: RandomAccessCollection>(_ used: C) -> Point where C.Element == Sample, C.Index == Int {
        guard used.count >= 2 else { return .zero }
        // Times relative to the newest sample keep the sums well conditioned.
        let t0 = used[used.endIndex - 1].t
        let n = Double(used.count)
        var st = 0.0, sx = 0.0, sy = 0.0
        for s in used { st += s.t - t0; sx += s.value.x; sy += s.value.y }
        let mt = st / n, mx = sx / n, my = sy / n
        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in used {
            let dt = s.t - t0 - mt
            stt += dt * dt
            stx += dt * (s.value.x - mx)
            sty += dt * (s.value.y - my)
        }
        guard stt > 1e-12 else { return .zero }
        return Point(x: stx / stt, y: sty / stt)
    }
    /// The velocity of a scalar value (units per second) at time `now`.
    public func scalarVelocity(at now: Double) -> Double { velocity(at: now).x }

    /// Drops samples older than `limit`, keeping the newest of them (rule 3 may need it).
    private mutating func prune(before limit: Double) {
        var firstKept = start
        while firstKept < storage.count && !(storage[firstKept].t >= limit) { firstKept += 1 }
        if firstKept == storage.count {
            if storage.count - start > 1 { start = storage.count - 1 }
        } else if firstKept - start > 1 {
            start = firstKept - 1
        }
        if start > 16 && start * 2 > storage.count { storage.removeFirst(start); start = 0 }
    }
}
