// PanelHits: what a tap (or a click) on the debugging panels points at — an event-log line,
// a view in the inspector's tree, a timeline transition or event, the selection detail — by
// the same layout the panels are drawn with, so a tap selects what is under the finger.
//
//     let c = DebugOverlay.context(app: app, log: log, state: state, ...)
//     switch DebugOverlay.hit(at: p, context: c, side: layout.sidePanel, bottom: layout.bottomPanel, tolerance: 22) {
//     case .logRecord(let seq)?: state.selectedRecord = seq
//     ...
//     }

/// What a point on the panels points at.
public enum PanelHit: Sendable, Equatable {
    /// The selection detail's box (a tap closes it).
    case detail
    /// An event-log line: the record it shows.
    case logRecord(Int)
    /// A view's line in the inspector's tree.
    case inspectorView(String)
    /// A place on the timeline.
    case timeline(TimelineTap)
    /// Elsewhere on a panel (nil: the side or bottom panel where no panel is shown).
    case panel(OverlayPanel?)
}

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

extension DebugOverlay {
    /// What `p` (canvas pixels) points at on the panels, nil when it is on none. `tolerance`
    /// (canvas pixels) is how far from a timeline transition a tap still takes it: half a
    /// touch target.
    public static func hit(at p: Point, context c: PanelContext, side: Rect?, bottom: Rect?, tolerance: Double) -> PanelHit? {
        if let detail = selectionDetail(c, side: side, bottom: bottom), detail.rect.contains(p) { return .detail }
        if let side, side.contains(p) {
            guard let section = sections(c, side: side).first(where: { $0.clip.contains(p) }) else { return .panel(nil) }
            switch section.panel {
            case .eventLog:
                let L = EventLogPanel.layout(log: c.log, state: c.state, in: section.rect, detailTop: side.minY,
                                             style: c.style, measurer: c.measurer)
                return L.record(at: p).map(PanelHit.logRecord) ?? .panel(.eventLog)
            case .inspector:
                let tree = InspectorPanel.treeLayout(app: c.app, log: c.log, state: c.state, in: section.rect, style: c.style)
                return tree.rows.first { $0.rect.contains(p) }.map { .inspectorView($0.view.id) } ?? .panel(.inspector)
            default:
                return .panel(section.panel)
            }
        }
        if let bottom, bottom.contains(p) {
            guard c.state.isOn(.timeline) else { return .panel(nil) }
            return .timeline(timelineTap(at: p, c, bottom: bottom, tolerance: tolerance))
        }
        return nil
    }

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
