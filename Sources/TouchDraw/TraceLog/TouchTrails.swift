// TouchTrails: the fingers' recent positions, from the trace's `touchSample` records, by
// touch id.
import TouchCore

/// Every finger's trail, by touch id.
struct TouchTrails {
    private var trailsByID = IntTable<TouchTrail>()
    /// The most fingers down at once in the current (or last) multitouch sequence.
    private(set) var maxPointers = 0
    /// Trails still down, kept as trails start and end (counting them on every input cost
    /// a walk over every trail). Pruning never changes it.
    private var activeTrailCount = 0
    /// At most the earliest end time of the lifted trails: no trail can be pruned before
    /// 2 s after it, so inputs skip the walk over every trail until then.
    private var pruneAfter = Double.infinity

    /// Records a finger's position under its touch id.
    private mutating func note(id: Int, location: Point, time: Double, phase: TouchPhase, emulated: Bool, pressure: Double,
                               traits: TouchTraits = .finger) {
        var found = trailsByID.slot(of: id)
        if phase == .began || found == nil {
            if activeTrailCount == 0 { maxPointers = 0 }
            var storage: [TouchSample] = []
            storage.reserveCapacity(32)   // most fingers move a few dozen times: no regrowth from 1
            let (slot, old) = trailsByID.insert(TouchTrail(id: id, phase: .began, isEmulated: emulated, start: location, startTime: time,
                                                           maxDistance: 0, endTime: nil, storage: storage), forKey: id)
            if old?.isActive == true { activeTrailCount -= 1 }
            activeTrailCount += 1
            found = slot
        }
        // In place: copying the trail out and back would copy its samples on every input.
        guard let i = found else { return }
        // A contact the input reports may change size and tool while it touches: the overlays
        // show the latest (the others' traits are fixed when they land; no comparison per sample).
        if phase == .began || traits.isReported { trailsByID[slot: i].traits = traits }
        let wasActive = trailsByID[slot: i].isActive
        Self.add(TouchSample(t: time, location: location, pressure: pressure), phase: phase, emulated: emulated,
                 to: &trailsByID[slot: i])
        if wasActive && !trailsByID[slot: i].isActive { activeTrailCount -= 1 }
        if let e = trailsByID[slot: i].endTime, e < pruneAfter { pruneAfter = e }
        maxPointers = max(maxPointers, activeTrailCount)
        prune(now: time)
    }

    private static func add(_ sample: TouchSample, phase: TouchPhase, emulated: Bool, to tr: inout TouchTrail) {
        tr.phase = phase
        tr.isEmulated = tr.isEmulated || emulated
        tr.storage.append(sample)
        // Batches of old samples go at once (`samples` shows the newest `trailSamples`).
        if tr.storage.count >= 2 * TraceLog.trailSamples { tr.storage.removeFirst(tr.storage.count - TraceLog.trailSamples) }
        tr.maxDistance = max(tr.maxDistance, sample.location.distance(to: tr.start))
        if phase == .ended || phase == .cancelled { tr.endTime = sample.t }
    }

    /// A `touchSample` record at time `t`.
    mutating func note(_ s: FingerSample, at t: Double) {
        note(id: s.touch, location: s.point, time: t, phase: s.phase, emulated: s.isEmulated, pressure: s.pressure, traits: s.traits)
    }

    private mutating func prune(now: Double) {
        // Lifted trails go 2 to 3 s after they end, in one walk per second at most (a walk
        // per lift, as trails end every few milliseconds under load, cost a walk per input).
        guard trailsByID.count > 32, now - pruneAfter > 3 else { return }
        trailsByID.removeAll { !$0.isActive && now - ($0.endTime ?? now) > 2 }
        var earliest = Double.infinity
        trailsByID.forEachValue { if let e = $0.endTime, e < earliest { earliest = e } }
        pruneAfter = earliest
    }

    /// The newest sample time of any trail.
    var latestTime: Double? { trailsByID.allValues.compactMap { $0.storage.last?.t }.max() }
    /// Fingers still down, by id.
    var active: [TouchTrail] { trailsByID.allValues.filter(\.isActive).sorted { $0.id < $1.id } }
    /// Fingers down, plus those lifted within `fade` seconds of `time`.
    func trails(at time: Double, fade: Double) -> [TouchTrail] {
        trailsByID.allValues.filter { $0.isActive || time - ($0.endTime ?? time) <= fade }.sorted { $0.id < $1.id }
    }
    func trail(_ id: Int) -> TouchTrail? { trailsByID[id] }
    /// How many fingers are down now. O(1).
    var activeCount: Int { activeTrailCount }
}
