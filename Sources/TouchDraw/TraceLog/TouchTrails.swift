// TouchTrails: the fingers' recent positions, fed by the host (positions between hit tests
// are not trace records), keyed by the trace's touch id once its hit test names it.
@_spi(TouchScopeInternals) import TouchCore

/// Every finger's trail, by touch id. A finger noted before its hit test gets a provisional
/// (negative) id, and takes the trace's id when the hit test at its start point arrives.
struct TouchTrails {
    private var trailsByID = IntTable<TouchTrail>()
    /// The fingers down (`TouchKeyIndex`) and the trace's touch id of each, at the same
    /// positions; and the finger of each id.
    private var fingers = TouchKeyIndex()
    private var idOfFinger: [Int] = []
    private var keyByID: [Int: TouchKey] = [:]
    /// The fingers down whose id is still provisional (negative: noted before their hit
    /// test), by id: the few `adoptProvisional` looks through.
    private var provisionalKeys: [Int: TouchKey] = [:]
    private var nextProvisional = -1
    /// The most fingers down at once in the current (or last) multitouch sequence.
    private(set) var maxPointers = 0
    /// Trails still down, kept as trails start and end (counting them on every input cost
    /// a walk over every trail). Adopting and pruning never change it.
    private var activeTrailCount = 0
    /// At most the earliest end time of the lifted trails: no trail can be pruned before
    /// 2 s after it, so inputs skip the walk over every trail until then.
    private var pruneAfter = Double.infinity

    /// Records a finger's position under the trace's touch id `id`.
    mutating func note(id: Int, location: Point, time: Double, phase: TouchPhase, emulated: Bool, pressure: Double) {
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

    /// The trace id of a finger down, if it has one.
    private func id(of key: TouchKey) -> Int? { fingers.position(of: key).map { idOfFinger[$0] } }
    private mutating func setID(_ id: Int, for key: TouchKey) {
        _ = removeID(for: key)
        fingers.append(key)
        idOfFinger.append(id)
        keyByID[id] = key
        if id < 0 { provisionalKeys[id] = key }
    }
    private mutating func removeID(for key: TouchKey) -> Int? {
        guard let i = fingers.position(of: key) else { return nil }
        let id = idOfFinger[i]
        fingers.swapRemove(at: i)
        idOfFinger.swapAt(i, idOfFinger.count - 1)
        idOfFinger.removeLast()
        keyByID[id] = nil
        provisionalKeys[id] = nil
        return id
    }

    /// Records a touch input as the application received it, keyed by (device, finger); a
    /// finger down takes the touch id of the latest hit test when that hit test is at its point.
    mutating func note(_ input: InputEvent, at t: Double, latestHit: (touch: Int, point: Point)?) {
        switch input {
        case let .touchDown(key, p, pressure, emulated):
            let id: Int
            if let h = latestHit?.touch, latestHit?.point == p, keyByID[h] == nil {
                id = h
            } else {
                id = nextProvisional; nextProvisional -= 1
            }
            setID(id, for: key)
            note(id: id, location: p, time: t, phase: .began, emulated: emulated, pressure: pressure)
        case let .touchMove(key, p, pressure):
            guard let id = id(of: key) else {
                return note(.touchDown(key, p, pressure: pressure), at: t, latestHit: latestHit)
            }
            note(id: id, location: p, time: t, phase: .moved, emulated: false, pressure: pressure)
        case let .touchUp(key, p, pressure):
            guard let id = removeID(for: key) else { return }
            note(id: id, location: p, time: t, phase: .ended, emulated: false, pressure: pressure)
        case .cancelAllTouches:
            let all = keyByID.keys.sorted()
            fingers.removeAll()
            idOfFinger.removeAll()
            keyByID.removeAll()
            provisionalKeys.removeAll()
            for id in all {
                if let loc = trailsByID[id]?.location { note(id: id, location: loc, time: t, phase: .cancelled, emulated: false, pressure: 1) }
            }
        case .shakeBegan, .shakeEnded, .shakeCancelled, .remote, .orientation, .motionSample:
            break
        }
    }

    /// A provisional trail (noted before its hit test) takes the trace's touch id.
    mutating func adoptProvisional(touch: Int, point: Point) {
        // Among several at the same point, the earliest (provisional ids count down).
        guard trailsByID.slot(of: touch) == nil,
              let (old, key) = provisionalKeys.filter({ trailsByID[$0.key]?.start == point }).max(by: { $0.key < $1.key }),
              var tr = trailsByID.removeValue(forKey: old) else { return }
        tr.id = touch
        trailsByID[touch] = tr
        setID(touch, for: key)
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
}
