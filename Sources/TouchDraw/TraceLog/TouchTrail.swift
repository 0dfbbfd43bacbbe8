// TouchTrail: one finger's recent positions and state as the host fed them (markers, trails, velocity).

/// One sample of a finger's position, fed by the host.
public struct TouchSample: Sendable, Hashable {
    public var t: Double
    public var location: Point
    public var pressure: Double
}

/// A finger's recent positions and its state, for markers and trails.
public struct TouchTrail: Sendable, Hashable {
    public var id: Int
    public var phase: TouchPhase
    public var isEmulated: Bool
    public var start: Point
    public var startTime: Double
    /// The farthest the finger has been from `start`.
    public var maxDistance: Double
    /// When it ended or was cancelled.
    public var endTime: Double?
    /// Recent samples, oldest first (at most `TraceLog.trailSamples`).
    public var samples: [TouchSample] {
        storage.count <= TraceLog.trailSamples ? storage : Array(storage.suffix(TraceLog.trailSamples))
    }
    /// The samples as kept: the newest `TraceLog.trailSamples` are `samples`; older ones are
    /// dropped in batches (up to twice as many are kept), so that adding a sample does not
    /// move the whole trail every time.
    var storage: [TouchSample]

    /// The touch's type, force range and size as its input reported them.
    public var traits = TouchTraits.finger
    public var location: Point { storage.last?.location ?? start }
    public var pressure: Double { storage.last?.pressure ?? 1 }
    public var isActive: Bool { endTime == nil }

    /// Velocity in points/s: a least-squares line over the samples within `horizon` seconds
    /// of the newest one (not the last two samples).
    public func velocity(horizon: Double = 0.1) -> Point {
        guard let last = samples.last else { return .zero }
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples.reversed() {
            let dt = s.t - last.t
            if dt < -horizon { break }
            n += 1; st += dt; sx += s.location.x; sy += s.location.y
            stt += dt * dt; stx += dt * s.location.x; sty += dt * s.location.y
        }
        let den = n * stt - st * st
        guard n >= 2, den > 1e-12 else { return .zero }
        return Point(x: (n * stx - st * sx) / den, y: (n * sty - st * sy) / den)
    }
}
