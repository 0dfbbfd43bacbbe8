// OverlayState: what the debugging overlays show — toggles, selections, timeline zoom and
// scroll — as a value the host mutates from keys and the mouse.
//
//     var state = OverlayState()
//     state.toggle(.timeline)          // a key
//     state.zoomTimeline(by: 0.5)      // mouse wheel over the timeline: zoom in
//     state.togglePaused(now: app.time)

/// A lane of the timeline.
public enum TimelineLane: Hashable, Sendable {
    case touches
    case recognizer(String)
    case controls
    case actions
    case motion
    case remote

    public var title: String {
        switch self {
        case .touches: "touches"
        case let .recognizer(id): id
        case .controls: "controls"
        case .actions: "actions"
        case .motion: "motion"
        case .remote: "remote"
        }
    }
}

/// A value a panel keeps in `OverlayState.panelValues`: its panel and its name.
public struct PanelValueKey: Sendable, Hashable {
    public var panel: OverlayPanel
    public var name: String
    public init(panel: OverlayPanel, name: String) { self.panel = panel; self.name = name }
}

/// What the overlays show and where the user is looking. A pure value: every key the host
/// binds is one mutating method.
public struct OverlayState: Sendable, Hashable {
    /// The panels shown (`PanelRegistry.all` says which start on).
    public var panels: Set<OverlayPanel> = PanelRegistry.defaultOn
    /// Kinds shown in the event log: every kind until a filter (keys 1–7, the menu) hides one.
    public var logKinds: Set<TraceKind> = Set(TraceKind.allCases)
    /// The view the inspector shows (nil: the latest hit-test view).
    public var selectedViewID: String?
    /// The touch the hit-test and responder overlays follow (nil: the latest).
    public var pickedTouchID: Int?
    /// Timeline: seconds visible across the lanes.
    public var timelineSpan: Double = 4
    /// Timeline: the span before the verdict card framed a sequence (`selectDecision`); going
    /// live again (Home) puts it back. Nil: the card has not zoomed it.
    public var spanBeforeFraming: Double?
    /// Timeline: the time at the right edge while paused (ignored while following live).
    public var timelineEnd: Double = 0
    /// Timeline: follow the newest time (true) or stay where scrubbed (false).
    public var followLive = true
    /// Timeline: the selected lane and transition (by its time) in it.
    public var selectedLane: TimelineLane?
    public var selectedTime: Double?
    /// The trace record shown in full (`SelectionDetail`), by sequence number: an event-log
    /// line tapped or clicked, or the timeline transition selected. The timeline's header
    /// describes this same record (`TimelinePanel.describedRecord`).
    public var selectedRecord: Int?
    /// Timeline stepping (◀ Prev / Next ▶, Left / Right): every transition (true), or only
    /// the decisions (false, the default): resets to `possible` are stepped over and a run of
    /// changed→changed is one step (its first).
    public var stepEveryRecord = false
    /// The selection the live check last saw (`dropStaleSelection`).
    public var selectionSeen: Int?
    /// The newest decision in the log (its sequence number) when the live check first saw
    /// the selection: a newer one makes it stale.
    public var decisionWhenSelected: Int?
    /// The inspector's what-if editor: the settings changed in the window (`WhatIfEditor`).
    public var whatIf = WhatIfEdits()
    /// The help's first row (a finger drags it; `HelpPanel.firstRow` keeps it in range).
    public var helpScroll = 0
    /// Event log: how many of its records, counted back from the newest, are scrolled out of
    /// view below (0: the newest line is the last shown, and new ones come into view).
    public var logScroll = 0
    /// What panels without a field here keep in the state (a scroll, a choice), by panel and
    /// name: `state[.myPanel, "scroll"]` (0 until set).
    public var panelValues: [PanelValueKey: Int] = [:]
    /// Timeline: follow the action (true: the recognizers of the touched view and every one
    /// out of `possible` in the visible range, `TimelinePanel.lanes`) or show all (false).
    public var lanesOfTouchedViewsOnly = true

    public static let minSpan = 0.05
    public static let maxSpan = 600.0

    public init() {}

    public func isOn(_ p: OverlayPanel) -> Bool { panels.contains(p) }

    /// A value a panel keeps in the state (`panelValues`), 0 until set.
    public subscript(panel: OverlayPanel, name: String) -> Int {
        get { panelValues[PanelValueKey(panel: panel, name: name)] ?? 0 }
        set { panelValues[PanelValueKey(panel: panel, name: name)] = newValue }
    }

    // MARK: Panels

    public mutating func toggle(_ p: OverlayPanel) {
        if panels.contains(p) { panels.remove(p) } else { panels.insert(p) }
    }
    public mutating func set(_ p: OverlayPanel, _ on: Bool) {
        if on { panels.insert(p) } else { panels.remove(p) }
    }

    // MARK: Event log

    public mutating func toggleLogKind(_ k: TraceKind) {
        if logKinds.contains(k) { logKinds.remove(k) } else { logKinds.insert(k) }
    }
    /// Shows only `k` in the log, or every kind again if only `k` was shown.
    public mutating func soloLogKind(_ k: TraceKind) {
        logKinds = logKinds == [k] ? Set(TraceKind.allCases) : [k]
    }

    // MARK: Selection

    public mutating func selectView(_ id: String?) { selectedViewID = id }
    /// Selects the next (or previous, `step` −1) view in tree order.
    public mutating func selectNextView(in window: Window, step: Int = 1) {
        var ids: [String] = []
        window.forEachInTree { ids.append($0.id) }
        guard !ids.isEmpty else { return }
        let cur = selectedViewID.flatMap { ids.firstIndex(of: $0) } ?? (step > 0 ? -1 : 0)
        selectedViewID = ids[((cur + step) % ids.count + ids.count) % ids.count]
    }
    /// Selects the view under a scene point (a click while inspecting): the deepest visible
    /// view containing it, ignoring user-interaction flags (to inspect disabled views too).
    public mutating func selectView(at p: Point, in window: Window) {
        func deepest(_ v: View, _ q: Point) -> View? {
            if v.isHidden { return nil }
            for s in v.subviews.reversed() { if let d = deepest(s, s.convertFromSuperview(q)) { return d } }
            return v.bounds.contains(q) ? v : nil
        }
        selectedViewID = deepest(window, p)?.id
    }
    /// Steps the picked touch through the touches the log knows (older: step −1).
    public mutating func pickNextTouch(in log: TraceLog, step: Int = 1) {
        let ids = log.touchOrder
        guard !ids.isEmpty else { return }
        guard let cur = pickedTouchID, let i = ids.firstIndex(of: cur) else {
            pickedTouchID = step < 0 ? ids.last : ids.first; return
        }
        let j = i + step
        pickedTouchID = j < 0 || j >= ids.count ? nil : ids[j]
    }

    // MARK: Timeline

    /// `=` / `-`: zooms about the selected time when it is on screen (it stays where it is),
    /// else the selected time goes to the middle; with no selection, about the right edge
    /// (where the fingers are while following live). `now`: the timeline's now
    /// (`TimelinePanel.liveNow`).
    public mutating func zoomTimelineKey(by factor: Double, now: Double) {
        guard let t = selectedTime else { zoomTimeline(by: factor, now: now); return }
        let end = timelineRightEdge(now: now)
        if followLive { followLive = false; timelineEnd = end }
        if t >= end - timelineSpan && t <= end {
            zoomTimeline(by: factor, anchor: t, now: now)
        } else {
            timelineSpan = min(Self.maxSpan, max(Self.minSpan, timelineSpan * factor))
            timelineEnd = t + timelineSpan / 2
        }
        timelineEnd = min(now, timelineEnd)
    }

    /// Multiplies the visible span by `factor` (< 1 zooms in), keeping `anchor` (a time)
    /// at the same place on screen; anchor nil keeps the right edge.
    public mutating func zoomTimeline(by factor: Double, anchor: Double? = nil, now: Double? = nil) {
        let newSpan = min(Self.maxSpan, max(Self.minSpan, timelineSpan * factor))
        if let anchor {
            let end = followLive ? (now ?? timelineEnd) : timelineEnd
            let frac = (end - anchor) / timelineSpan
            if !followLive || now == nil { timelineEnd = anchor + frac * newSpan }
        }
        timelineSpan = newSpan
    }
    /// Scrolls the timeline by `seconds` (negative: back in time); pauses following.
    public mutating func scrollTimeline(by seconds: Double, now: Double) {
        if followLive { timelineEnd = now; followLive = false }
        timelineEnd = min(now, timelineEnd + seconds)
    }
    /// Scrolls by a fraction of the visible span (a page is 1).
    public mutating func pageTimeline(_ pages: Double, now: Double) {
        scrollTimeline(by: pages * timelineSpan, now: now)
    }
    /// Pauses (freezing the view at `now`) or resumes following live.
    public mutating func togglePaused(now: Double) {
        if followLive { followLive = false; timelineEnd = now } else { goLive() }
    }
    public mutating func goLive() {
        followLive = true; selectedTime = nil; selectedRecord = nil
        // The zoom the card's framing made is undone with it.
        if let span = spanBeforeFraming { timelineSpan = span; spanBeforeFraming = nil }
    }
    /// The time at the right edge of the timeline.
    public func timelineRightEdge(now: Double) -> Double { followLive ? now : timelineEnd }

    /// Selects the next (or previous) lane among `lanes`. The place in time stays: the
    /// selected record (still named by the header and the detail) and its time, so stepping
    /// in the new lane goes on from there (`selectTransition`).
    public mutating func selectLane(step: Int, in lanes: [TimelineLane]) {
        guard !lanes.isEmpty else { selectedLane = nil; return }
        let cur = selectedLane.flatMap { lanes.firstIndex(of: $0) } ?? (step > 0 ? -1 : lanes.count)
        let i = min(lanes.count - 1, max(0, cur + step))
        selectedLane = lanes[i]
    }

    /// The transitions of a lane that ◀ Prev / Next ▶ stop at: every one when
    /// `every`, else the decisions: no reset to `possible`, and of a run of changed→changed
    /// only the first.
    public static func steps(_ list: [GestureTransition], every: Bool) -> [GestureTransition] {
        guard !every else { return list }
        return list.indices.filter { isStep(list, $0, every: false) }.map { list[$0] }
    }

    /// Whether `list[i]` is a step (`steps`). O(1).
    public static func isStep(_ list: [GestureTransition], _ i: Int, every: Bool) -> Bool {
        if every { return true }
        let tr = list[i]
        if tr.to == .possible { return false }
        if tr.from == .changed, tr.to == .changed, i > 0, list[i - 1].from == .changed, list[i - 1].to == .changed { return false }
        return true
    }

    /// The newest step of a lane, walking back from its end (O(1) but for a long run of
    /// skipped records).
    public static func lastStep(_ list: [GestureTransition], every: Bool) -> GestureTransition? {
        var i = list.count - 1
        while i >= 0 {
            if isStep(list, i, every: every) { return list[i] }
            i -= 1
        }
        return nil
    }

    /// Steps the selection in the selected recognizer's lane (with no recognizer lane
    /// selected: the lane of the selected record, else of the newest decision) to the next
    /// (`step` > 0) or previous step (`steps`) after or before the place in time: the selected
    /// record (by sequence number, so records at one time keep their order), else the
    /// selected time; with neither, the lane's newest step. Pauses following, scrolls the
    /// timeline so it shows, and selects its record: the header and the detail name it.
    public mutating func selectTransition(step: Int, in log: TraceLog, now: Double) {
        if case .recognizer? = selectedLane {} else {
            if let seq = selectedRecord, let r = log.record(seq), case let .gesture(recognizer, _, _, _, _, _) = r.body {
                selectedLane = .recognizer(recognizer.string)
            } else if let latest = log.latestDecision?.recognizer ?? log.latestTransition?.recognizer {
                selectedLane = .recognizer(latest)
            }
        }
        guard case let .recognizer(id)? = selectedLane else { return }
        let list = Self.steps(log.transitions(of: id), every: stepEveryRecord)
        guard !list.isEmpty else { return }
        var pick: GestureTransition?
        if let seq = selectedRecord, log.record(seq) != nil {
            pick = step > 0 ? list.first { $0.seq > seq } : list.last { $0.seq < seq }
        } else if let t = selectedTime {
            pick = step > 0 ? list.first { $0.t > t } : list.last { $0.t < t }
        } else {
            pick = list.last
        }
        // At either end the selection stays where it is.
        guard let tr = pick else { return }
        selectedTime = tr.t
        selectedRecord = tr.seq
        if followLive { followLive = false; timelineEnd = now }
        let start = timelineEnd - timelineSpan
        if tr.t < start || tr.t > timelineEnd { timelineEnd = min(now, tr.t + timelineSpan / 2) }
    }

    /// Selects a record (an event-log line): the detail shows it, the header names it, and
    /// the timeline's cursor and lane go to it (a gesture record's lane). Following live
    /// goes on: the live check (`dropStaleSelection`) drops it once a newer decision comes.
    public mutating func selectRecord(_ seq: Int?, in log: TraceLog) {
        selectedRecord = seq
        guard let seq, let r = log.record(seq) else { return }
        selectedTime = r.t
        if case let .gesture(recognizer, _, _, _, _, _) = r.body { selectedLane = .recognizer(recognizer.string) }
    }

    /// Selects the event-log line before (`step` −1) or after (+1) the selected record among
    /// the kinds the log shows (the detail's ▲ older / ▼ newer), scrolling the log down when
    /// it is among the newer lines scrolled out; at either end the selection stays.
    public mutating func stepLogRecord(_ step: Int, in log: TraceLog) {
        guard let seq = selectedRecord else { return }
        var s = seq + (step < 0 ? -1 : 1)
        while s >= log.firstSeq, s < log.endSeq {
            if let r = log.record(s), logKinds.contains(r.traceKind) {
                selectRecord(s, in: log)
                // Keep it in view: not among the newer lines the scroll leaves out below.
                if logScroll > 0 {
                    var newer = 0
                    for n in (s + 1)..<log.endSeq where log.record(n).map({ logKinds.contains($0.traceKind) }) == true {
                        newer += 1
                        if newer >= logScroll { break }
                    }
                    logScroll = min(logScroll, newer)
                }
                return
            }
            s += step < 0 ? -1 : 1
        }
    }

    /// Following live drops a stale selection: once a decision newer than the ones there were
    /// when it was made comes in (a recognizer left `possible`), a selection made while
    /// following live is dropped, so the detail never contradicts what just happened. A
    /// paused timeline keeps its selection (the detail then says "earlier"). Called once a
    /// frame (O(1)): it notes a new selection, then drops it when it has gone stale.
    public mutating func dropStaleSelection(latestDecision: Int?) {
        if selectedRecord != selectionSeen {
            selectionSeen = selectedRecord
            decisionWhenSelected = latestDecision
            return
        }
        guard followLive, selectedRecord != nil, let newest = latestDecision,
              newest > (decisionWhenSelected ?? -1) else { return }
        selectedRecord = nil
        selectedTime = nil
        selectionSeen = nil
    }

    /// Selects the transition or event nearest to a time (a click in a lane).
    public mutating func selectTime(_ t: Double, lane: TimelineLane?, now: Double) {
        if followLive { followLive = false; timelineEnd = now }
        selectedLane = lane
        selectedTime = t
    }
}
