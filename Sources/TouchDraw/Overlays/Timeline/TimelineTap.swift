// TimelineTap: what a tap on the timeline points at (a lane, a time, the transition or event
// nearest it, a touch) and the selection it makes (TimelinePanel draws the lanes).

/// A tap on the timeline: the lane and time under it, snapped to the nearest transition or
/// event within the tolerance, and that record; on the touches lane, the touch under it.
public struct TimelineTap: Sendable, Equatable {
    /// Nil on the header or the axis.
    public var lane: TimelineLane?
    public var time: Double
    /// The transition or event tapped (its sequence number); for a touch, its hit test.
    public var record: Int?
    /// On the touches lane: the touch whose span is under the tap.
    public var touch: Int?

    public init(lane: TimelineLane?, time: Double, record: Int? = nil, touch: Int? = nil) {
        self.lane = lane; self.time = time; self.record = record; self.touch = touch
    }
}

extension TimelinePanel {
    /// Pointers on the timeline: a tap selects the transition, event or touch under it; one
    /// pointer drags time (pausing follow-live); two pinch horizontally to zoom about their
    /// middle (fingers closer than 20 units do not zoom further).
    public static let interaction = PanelInteraction(
        hit: { c, at in .timeline(DebugOverlay.timelineTap(at: at.point, c, bottom: at.rect, tolerance: at.tolerance)) },
        tap: { hit, c, state in
            if case let .timeline(tap) = hit { state.select(tap, now: liveNow(log: c.log, state: state, now: c.now)) }
        },
        drag: { step, c, rect, state in
            let L = layout(app: c.app, log: c.log, state: state, views: c.views, now: c.now, in: rect, style: c.style)
            // Pausing freezes the picture shown (not the clock's now, past the live axis's stop).
            let now = liveNow(log: c.log, state: state, now: c.now)
            guard L.plotRect.width > 0 else { return false }
            if let other = step.others.first {
                let least = 20 * step.unit
                let before = max(least, abs(step.previous.x - other.x)), after = max(least, abs(step.point.x - other.x))
                state.zoomTimeline(by: before / after, anchor: L.time(atX: (step.point.x + other.x) / 2), now: now)
                return true
            }
            if step.isDrag, !step.pinched {
                // The time under the finger stays under it: dragging right goes back in time.
                state.scrollTimeline(by: -(step.point.x - step.from.x) * (L.t1 - L.t0) / L.plotRect.width, now: now)
            }
            return false
        })
}

extension DebugOverlay {
    /// The lane and time under `p` on the timeline in `bottom`, snapped (see `TimelineTap`).
    public static func timelineTap(at p: Point, _ c: PanelContext, bottom: Rect, tolerance: Double) -> TimelineTap {
        let L = TimelinePanel.layout(app: c.app, log: c.log, state: c.state, views: c.views, now: c.now, in: bottom, style: c.style)
        let x = max(L.plotRect.minX, p.x)
        let time = L.time(atX: x)
        guard let lane = L.lane(atY: p.y), x >= L.plotRect.minX else { return TimelineTap(lane: L.lane(atY: p.y), time: time) }
        let lo = L.time(atX: x - tolerance), hi = L.time(atX: x + tolerance)
        func nearest<T>(_ list: [T], _ t: (T) -> Double) -> T? {
            var i = TraceLog.lowerBound(list, lo, key: t)
            var best: T?
            while i < list.count, t(list[i]) <= hi {
                if best.map({ abs(t($0) - time) > abs(t(list[i]) - time) }) ?? true { best = list[i] }
                i += 1
            }
            return best
        }
        switch lane {
        case let .recognizer(id):
            guard let tr = nearest(c.log.transitions(of: id), { $0.t }) else { return TimelineTap(lane: lane, time: time) }
            return TimelineTap(lane: lane, time: tr.t, record: tr.seq)
        case .touches:
            // The lane draws each touch in row touch mod 3: the touch in the tapped row whose
            // span (with the tolerance) holds the time.
            guard let r = L.rect(of: .touches) else { return TimelineTap(lane: lane, time: time) }
            let row = min(2, max(0, Int(((p.y - r.minY) / (r.height / 3)).rounded(.down))))
            let span = c.log.touchSpans.last { s in
                ((s.touch % 3) + 3) % 3 == row && s.began <= hi && (s.end ?? c.now) >= lo
            }
            return TimelineTap(lane: lane, time: time, record: span.flatMap { c.log.hitTest(forTouch: $0.touch)?.seq }, touch: span?.touch)
        case .controls, .actions, .motion, .remote:
            let events: [LaneEvent] = switch lane {
            case .controls: c.log.controlEvents
            case .actions: c.log.actionEvents
            case .motion: c.log.motionEvents
            default: c.log.remoteEvents
            }
            guard let e = nearest(events, { $0.t }) else { return TimelineTap(lane: lane, time: time) }
            return TimelineTap(lane: lane, time: e.t, record: e.seq)
        }
    }
}

extension OverlayState {
    /// Applies a tap on the timeline: selects its lane and time (pausing the timeline) and
    /// its record for the detail; on the touches lane, picks the touch for the hit-test path
    /// (a tap on no touch picks the latest again).
    public mutating func select(_ tap: TimelineTap, now: Double) {
        guard tap.lane != nil else { return }
        selectTime(tap.time, lane: tap.lane, now: now)
        selectedRecord = tap.record
        if tap.lane == .touches { pickedTouchID = tap.touch }
    }
}
