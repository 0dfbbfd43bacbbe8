// TimelinePanel: one lane per recognizer, coloured by state over time, plus lanes for touch
// phases, control events, actions, motion and remote commands.
//
//   possible grey (thin) · began/changed blue · recognized/ended green · cancelled orange · failed red
//
// Every transition is a tick; a "blocked until X fails" wait is outlined in its lane and
// joined to X's lane where it resolves; recognizers that are active together
// (simultaneous recognition) are joined by a vertical link. The time axis zooms and scrolls;
// it follows the newest time unless paused or scrubbed (OverlayState). Following live, the
// axis keeps up with the clock while a finger is down and until the newest record is a
// quarter of the span from the right edge, then stops (`liveNow`): the end of the gesture
// just finished stays in view however long the window then sits idle, and an idle window
// redraws nothing (`nextRedraw`).
import RealModule

/// A stretch of one recognizer's lane in one state.
public struct LaneSegment: Sendable, Hashable {
    public var start: Double
    public var end: Double
    public var state: GestureState
}

/// Where everything of the timeline is, for drawing and for mapping clicks back.
public struct TimelineLayout: Sendable {
    public var rect: Rect
    /// The header line (title, zoom, live/paused, the selected transition's reason).
    public var headerRect: Rect
    /// The lane labels column.
    public var labelRect: Rect
    /// The area where time runs left to right.
    public var plotRect: Rect
    public var axisRect: Rect
    /// Every lane (also those scrolled out of view).
    public var lanes: [TimelineLane]
    /// The lanes shown, with their rects across label and plot.
    public var visible: [(lane: TimelineLane, rect: Rect)]
    public var t0: Double
    public var t1: Double
    public var now: Double

    public func x(for t: Double) -> Double { plotRect.minX + (t - t0) / max(1e-9, t1 - t0) * plotRect.width }
    public func time(atX x: Double) -> Double { t0 + (x - plotRect.minX) / max(1e-9, plotRect.width) * (t1 - t0) }
    public func lane(atY y: Double) -> TimelineLane? { visible.first { y >= $0.rect.minY && y < $0.rect.maxY }?.lane }
    func rect(of lane: TimelineLane) -> Rect? { visible.first { $0.lane == lane }?.rect }
}

public enum TimelinePanel {
    /// The lanes: touches, the recognizers, then controls, actions, motion and remote when
    /// they have events. The recognizers, by default (`lanesOfTouchedViewsOnly`, "follow the
    /// action"): those of the latest touched view and its ancestors, then every other one
    /// that is out of `possible` at some time in the visible range (`now`: the newest time;
    /// default the log's), so a recognizer moving another view keeps its lane when a second
    /// finger lands elsewhere. Otherwise all of them.
    public static func lanes(app: Application, log: TraceLog, state: OverlayState, views: [String: View],
                             now: Double? = nil) -> [TimelineLane] {
        var ids: [String] = []
        var seen = Set<String>()
        func add(_ id: String) { if seen.insert(id).inserted { ids.append(id) } }
        if state.lanesOfTouchedViewsOnly {
            if let hit = log.hitTest(forTouch: state.pickedTouchID) {
                var chain = Set<String>()
                var v: View? = hit.view.flatMap { views[$0.string] }
                while let cur = v { chain.insert(cur.id); v = cur.superview }
                for id in log.recognizerOrder where chain.contains(log.recognizerView[id] ?? "") { add(id) }
                v = hit.view.flatMap { views[$0.string] }
                while let cur = v { for r in cur.gestureRecognizers { add(r.id) }; v = cur.superview }
            }
            let t1 = rightEdge(log: log, state: state, now: now ?? log.latestTime ?? 0)
            let t0 = t1 - state.timelineSpan
            for id in log.recognizerOrder where !seen.contains(id) && acts(id, log: log, from: t0, to: t1) { add(id) }
        } else {
            for id in log.recognizerOrder { add(id) }
            app.window.forEachInTree { v in for r in v.gestureRecognizers { add(r.id) } }
        }
        var out: [TimelineLane] = [.touches]
        out += ids.map { .recognizer($0) }
        if !log.controlEvents.isEmpty { out.append(.controls) }
        if !log.actionEvents.isEmpty { out.append(.actions) }
        if !log.motionEvents.isEmpty { out.append(.motion) }
        if !log.remoteEvents.isEmpty { out.append(.remote) }
        return out
    }

    /// Whether a recognizer is out of `possible` at some time between t0 and t1: it entered
    /// another state then, or was in one already at t0.
    static func acts(_ recognizer: String, log: TraceLog, from t0: Double, to t1: Double) -> Bool {
        let list = log.transitions(of: recognizer)
        var i = TraceLog.upperBound(list, t0) { $0.t }
        if i > 0, list[i - 1].to != .possible { return true }
        while i < list.count, list[i].t <= t1 {
            if list[i].to != .possible { return true }
            i += 1
        }
        return false
    }

    /// How much of the span is left after the newest record once the live axis stops.
    public static let liveTail = 0.25

    /// The timeline's "now" while following live: `now` while a finger is down; after the
    /// last finger lifts, `now` until the newest record is `liveTail` of the span from the
    /// right edge, then that time. So the time axis keeps up with the clock while anything
    /// happens, the gesture just finished ends inside the picture (its ended and failed
    /// transitions on screen, not off the right edge), and a redraw after any idle time
    /// shows the same picture instead of jumping ahead to an empty stretch. The next finger
    /// (or any new record) moves the axis on.
    public static func liveNow(log: TraceLog, state: OverlayState, now: Double) -> Double {
        guard log.fingersDown == 0, let last = log.latestTime else { return now }
        return min(now, last + liveTail * state.timelineSpan)
    }

    /// The time at the timeline's right edge: `liveNow` while following live, else where
    /// it was paused or scrolled to.
    public static func rightEdge(log: TraceLog, state: OverlayState, now: Double) -> Double {
        state.followLive ? liveNow(log: log, state: state, now: now) : state.timelineEnd
    }

    /// When the live timeline must be drawn again though no input comes (the host wakes for
    /// it): while its axis keeps up with the clock, once a pixel column's time has passed
    /// (`span / width`, never more often than `frameInterval`, the display's rate), and last
    /// when it stops; nil when paused or stopped (nothing on the picture changes: no CPU).
    public static func nextRedraw(log: TraceLog, state: OverlayState, now: Double, plotWidth: Double,
                                  frameInterval: Double = 1.0 / 60) -> Double? {
        guard state.followLive, plotWidth > 0 else { return nil }
        let step = max(frameInterval, state.timelineSpan / plotWidth)
        guard log.fingersDown == 0, let last = log.latestTime else {
            return log.fingersDown > 0 ? now + step : nil
        }
        let stop = last + liveTail * state.timelineSpan
        return now < stop ? min(now + step, stop) : nil
    }

    /// The layout for a panel rect.
    public static func layout(app: Application, log: TraceLog, state: OverlayState, views: [String: View],
                              now: Double, in rect: Rect, style: OverlayStyle) -> TimelineLayout {
        let lanes = lanes(app: app, log: log, state: state, views: views, now: now)
        let u = style.scale
        let headerH = min(rect.height, style.lineHeight + 4 * u)
        let axisH = min(max(0, rect.height - headerH), style.lineHeight + 2 * u)
        let labelW = min(120 * u, rect.width * 0.22)
        let laneTop = rect.minY + headerH, laneBottom = rect.maxY - axisH
        let areaH = max(0, laneBottom - laneTop)
        let laneH = lanes.isEmpty ? 0 : min(18 * u, max(9 * u, areaH / Double(lanes.count)))
        let fit = laneH > 0 ? max(0, Int((areaH / laneH).rounded(.down))) : 0
        var visible: [(TimelineLane, Rect)] = []
        for (i, lane) in lanes.prefix(fit).enumerated() {
            visible.append((lane, Rect(x: rect.minX, y: laneTop + Double(i) * laneH, width: rect.width, height: laneH)))
        }
        let t1 = rightEdge(log: log, state: state, now: now)
        return TimelineLayout(rect: rect,
                              headerRect: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: headerH),
                              labelRect: Rect(x: rect.minX, y: laneTop, width: labelW, height: areaH),
                              plotRect: Rect(x: rect.minX + labelW, y: laneTop, width: max(0, rect.width - labelW - 4), height: areaH),
                              axisRect: Rect(x: rect.minX + labelW, y: laneBottom, width: max(0, rect.width - labelW - 4), height: axisH),
                              lanes: lanes, visible: visible, t0: t1 - state.timelineSpan, t1: t1, now: now)
    }

    /// A recognizer's states between t0 and t1 (ending at `now` when now < t1), from the trace.
    public static func segments(of recognizer: String, log: TraceLog, from t0: Double, to t1: Double, now: Double) -> [LaneSegment] {
        let list = log.transitions(of: recognizer)
        var i = TraceLog.upperBound(list, t0) { $0.t }
        var state: GestureState? = i > 0 ? list[i - 1].to : nil
        var start = t0
        let end = min(t1, now)
        var out: [LaneSegment] = []
        while i < list.count, list[i].t <= end {
            let tr = list[i]
            if let s = state, tr.t >= start { out.append(LaneSegment(start: start, end: tr.t, state: s)) }
            if state == nil { start = tr.t }
            state = tr.to
            start = max(start, tr.t)
            i += 1
        }
        if let s = state, end >= start { out.append(LaneSegment(start: start, end: end, state: s)) }
        return out
    }

    // MARK: Drawing

    /// `sequence`: a touch sequence to frame (the verdict card's), from its start to its end
    /// (nil end: under way, up to now).
    public static func draw(app: Application, log: TraceLog, state: OverlayState, views: [String: View], now: Double,
                            in rect: Rect, style: OverlayStyle, measurer: TextMeasurer,
                            sequence: (start: Double, end: Double?)? = nil, whatIf: WhatIfShown? = nil, into list: inout DisplayList) {
        let L = layout(app: app, log: log, state: state, views: views, now: now, in: rect, style: style)
        list.fillRect(rect, style.panelBackground)
        list.clipped(to: rect) { list in
            drawHeader(L, log: log, state: state, style: style, measurer: measurer, into: &list)
            drawAxis(L, style: style, measurer: measurer, into: &list)
            for (i, (lane, r)) in L.visible.enumerated() {
                if i % 2 == 1 { list.fillRect(r, Color(r: 255, g: 255, b: 255, a: 10)) }
                let selected = lane == state.selectedLane
                if selected { list.fillRect(Rect(x: r.minX, y: r.minY, width: L.labelRect.width, height: r.height), Color(r: 80, g: 70, b: 20, a: 220)) }
                let lw = L.labelRect.width - 2 * style.padding
                let size = min(style.fontSize, r.height * 0.85)
                list.text(measurer.truncate(lane.title, toWidth: lw, size: size, font: .mono),
                          at: Point(x: r.minX + style.padding, y: r.midY), size: size,
                          color: selected ? style.selection : style.text, font: .mono, baseline: .middle, maxWidth: lw)
                let plot = Rect(x: L.plotRect.minX, y: r.minY + 1, width: L.plotRect.width, height: max(1, r.height - 2))
                list.clipped(to: plot) { list in
                    switch lane {
                    case let .recognizer(id):
                        drawRecognizer(id, L, plot, log: log, scale: style.scale, into: &list)
                        if let whatIf, whatIf.status == .ready, !whatIf.settings.isEmpty {
                            drawWhatIf(id, whatIf, L, plot, scale: style.scale, into: &list)
                        }
                    case .touches: drawTouches(L, plot, log: log, scale: style.scale, into: &list)
                    case .controls: drawEvents(log.controlEvents, L, plot, color: .green, style: style, measurer: measurer, into: &list)
                    case .actions: drawEvents(log.actionEvents, L, plot, color: .hex("#bf5af2"), style: style, measurer: measurer, into: &list)
                    case .motion: drawEvents(log.motionEvents, L, plot, color: .orange, style: style, measurer: measurer, into: &list)
                    case .remote: drawEvents(log.remoteEvents, L, plot, color: .hex("#ff9f0a"), style: style, measurer: measurer, into: &list)
                    }
                }
            }
            list.clipped(to: L.plotRect) { list in
                if let sequence { drawSequence(sequence, L, style: style, measurer: measurer, into: &list) }
                drawWaits(L, log: log, style: style, into: &list)
                drawSimultaneity(L, log: log, scale: style.scale, into: &list)
                if let first = whatIf?.first, whatIf?.status == .ready { drawFirstChange(first, L, style: style, measurer: measurer, into: &list) }
                if let t = state.selectedTime, t >= L.t0, t <= L.t1 {
                    let x = L.x(for: t)
                    list.line(from: Point(x: x, y: L.plotRect.minY), to: Point(x: x, y: L.plotRect.maxY), style.selection, width: style.scale)
                }
            }
            if L.visible.count < L.lanes.count {
                let more = "lanes \(L.lanes.firstIndex { $0 == L.visible.first?.lane } .map { $0 + 1 } ?? 0)–\((L.lanes.firstIndex { $0 == L.visible.last?.lane } ?? 0) + 1) of \(L.lanes.count)"
                list.text(more, at: Point(x: L.axisRect.minX - style.padding, y: L.axisRect.midY), size: style.fontSize * 0.9,
                          color: style.dim, font: .mono, alignment: .right, baseline: .middle)
            }
        }
    }

    /// The transition the header describes: the selected record's (the one the detail
    /// shows), else the newest step of the selected lane, else the newest decision.
    public static func describedTransition(log: TraceLog, state: OverlayState) -> (String, GestureTransition)? {
        func transition(_ seq: Int) -> (String, GestureTransition)? {
            guard let r = log.record(seq), case let .gesture(recognizer, _, _, _, _, _) = r.body else { return nil }
            // The lane is in sequence order: a binary search (the header asks every frame).
            let list = log.transitions(of: recognizer.string)
            var lo = 0, hi = list.count
            while lo < hi { let m = (lo + hi) / 2; if list[m].seq < seq { lo = m + 1 } else { hi = m } }
            return lo < list.count && list[lo].seq == seq ? (recognizer.string, list[lo]) : nil
        }
        if let seq = state.selectedRecord { return transition(seq) }
        if case let .recognizer(id)? = state.selectedLane {
            return OverlayState.lastStep(log.transitions(of: id), every: state.stepEveryRecord).map { (id, $0) }
        }
        return log.latestDecision.flatMap { transition($0.seq) }
    }

    /// What the header says about a record: "#seq recognizer from→to @t: reason" for a
    /// transition, else the record's event-log line after its number; "· earlier" once a
    /// newer decision is in the log.
    public static func describedRecord(log: TraceLog, state: OverlayState) -> String? {
        var text: String
        let seq: Int
        if let (id, tr) = describedTransition(log: log, state: state) {
            seq = tr.seq
            text = "#\(tr.seq) \(id) \(tr.from.rawValue)→\(tr.to.rawValue) @\(TraceFormat.fixed(tr.t)): \(tr.reason)"
        } else if let s = state.selectedRecord, let line = log.line(s) {
            seq = s
            text = "#\(s) \(line)"
        } else {
            return nil
        }
        if let newest = log.latestDecision?.seq, newest > seq { text += "  · earlier" }
        return text
    }

    static func headerText(_ L: TimelineLayout, log: TraceLog, state: OverlayState) -> String {
        var s = "Timeline  \(TraceFormat.short(state.timelineSpan, 2)) s  " + (state.followLive ? "● live" : "❚❚ at \(TraceFormat.fixed(L.t1))")
        if let d = describedRecord(log: log, state: state) { s += "   " + d }
        return s
    }

    static func drawHeader(_ L: TimelineLayout, log: TraceLog, state: OverlayState, style: OverlayStyle,
                           measurer: TextMeasurer, into list: inout DisplayList) {
        let r = L.headerRect
        list.fillRect(r, style.sectionBackground)
        let s = headerText(L, log: log, state: state)
        let w = r.width - 2 * style.padding
        list.text(measurer.truncate(s, toWidth: w, size: style.fontSize, font: .mono), at: Point(x: r.minX + style.padding, y: r.midY),
                  size: style.fontSize, color: style.header, font: .mono, baseline: .middle, maxWidth: w)
    }

    /// 1, 2 or 5 × 10^k, the smallest at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let p = Double.pow(10, (Double.log10(raw)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * p >= raw { return m * p }
        return 10 * p
    }

    static func drawAxis(_ L: TimelineLayout, style: OverlayStyle, measurer: TextMeasurer, into list: inout DisplayList) {
        let span = L.t1 - L.t0
        guard L.plotRect.width > 10, span > 0 else { return }
        let step = niceStep(span * 80 * style.scale / L.plotRect.width)
        let digits = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3
        var t = (L.t0 / step).rounded(.up) * step
        var n = 0
        while t <= L.t1, n < 200 {
            let x = L.x(for: t)
            list.line(from: Point(x: x, y: L.plotRect.minY), to: Point(x: x, y: L.axisRect.minY + 3 * style.scale), style.grid.fading(0.5), width: style.scale)
            // A label that would run past the axis's right end goes to the tick's left.
            let label = TraceFormat.fixed(t, digits) + "s"
            let w = measurer.measure(label, size: style.fontSize * 0.9, font: .mono).width
            let fits = x + 2 * style.scale + w <= L.axisRect.maxX
            list.text(label, at: Point(x: fits ? x + 2 * style.scale : x - 2 * style.scale, y: L.axisRect.midY),
                      size: style.fontSize * 0.9, color: style.dim, font: .mono, alignment: fits ? .left : .right, baseline: .middle)
            t += step; n += 1
        }
        // "now" marker.
        if L.now >= L.t0, L.now <= L.t1 {
            let x = L.x(for: L.now)
            list.line(from: Point(x: x, y: L.plotRect.minY), to: Point(x: x, y: L.plotRect.maxY), style.accent.fading(0.6), width: style.scale)
        }
    }

    static func drawRecognizer(_ id: String, _ L: TimelineLayout, _ r: Rect, log: TraceLog, scale u: Double = 1,
                               into list: inout DisplayList) {
        forEachShown(segments(of: id, log: log, from: L.t0, to: L.t1, now: L.now), L) { seg, x0, x1 in
            let c = OverlayStyle.color(of: seg.state)
            if seg.state == .possible {
                let h = max(u, r.height * 0.3)
                if x1 - x0 >= 0.5 { list.fillRect(Rect(x: x0, y: r.midY - h / 2, width: x1 - x0, height: h), c.fading(0.8)) }
            } else {
                // Terminal states are often instants (reset follows): keep them visible.
                let w = max(x1 - x0, (seg.state.isTerminal ? 3 : 1) * u)
                list.fillRect(Rect(x: x0, y: r.minY, width: w, height: r.height), c)
            }
        }
        // Ticks, one per tick width at most.
        let trs = log.transitions(of: id)
        var i = TraceLog.lowerBound(trs, L.t0) { $0.t }
        var lastX = -Double.infinity
        while i < trs.count, trs[i].t <= L.t1 {
            let x = L.x(for: trs[i].t)
            if x - lastX >= u {
                list.line(from: Point(x: x, y: r.minY), to: Point(x: x, y: r.maxY), Color.white.fading(0.85), width: u)
                lastX = x
            }
            i += 1
        }
    }

    /// The what-if run's states of a recognizer, drawn as a thin bar along the foot of its
    /// lane (over a dark band), under the window's own run.
    static func drawWhatIf(_ id: String, _ w: WhatIfShown, _ L: TimelineLayout, _ r: Rect, scale u: Double,
                           into list: inout DisplayList) {
        let h = max(5 * u, (r.height * 0.42).rounded())
        let band = Rect(x: r.minX, y: r.maxY - h, width: r.width, height: h)
        list.fillRect(band, Color(r: 10, g: 10, b: 14, a: 235))
        list.line(from: Point(x: band.minX, y: band.minY), to: Point(x: band.maxX, y: band.minY), Color.white.fading(0.6), width: u)
        forEachShown(w.segments(of: id, from: L.t0, to: L.t1), L) { seg, x0, x1 in
            let c = OverlayStyle.color(of: seg.state)
            let inset = seg.state == .possible ? h * 0.3 : u
            let width = max(x1 - x0, (seg.state.isTerminal ? 3 : 1) * u)
            if seg.state == .possible && x1 - x0 < 0.5 { return }
            list.fillRect(Rect(x: x0, y: band.minY + inset, width: width, height: max(u, h - 2 * inset)),
                          seg.state == .possible ? c.fading(0.9) : c)
        }
    }

    /// Calls `body` with each of `segments` and its x range, at most one sub-pixel segment per
    /// pixel column (a zoomed-out lane of thousands of transitions costs at most its width in
    /// commands).
    private static func forEachShown(_ segments: [LaneSegment], _ L: TimelineLayout,
                                     _ body: (LaneSegment, Double, Double) -> Void) {
        var lastColumn = -Double.infinity
        for seg in segments {
            let x0 = L.x(for: seg.start), x1 = L.x(for: seg.end)
            if x1 - x0 < 1 {
                let column = x0.rounded(.down)
                if column == lastColumn { continue }
                lastColumn = column
            }
            body(seg, x0, x1)
        }
    }

    /// The first decision the what-if run changed: a white line across the lanes at its time,
    /// labelled.
    static func drawFirstChange(_ first: WhatIfShown.FirstChange, _ L: TimelineLayout, style: OverlayStyle, measurer: TextMeasurer,
                                into list: inout DisplayList) {
        guard first.at >= L.t0, first.at <= L.t1 else { return }
        let x = L.x(for: first.at), u = style.scale
        list.line(from: Point(x: x, y: L.plotRect.minY), to: Point(x: x, y: L.plotRect.maxY), .white, width: 2 * u)
        let label = "what if: first change (\(first.recognizer))"
        let size = style.fontSize * 0.9
        let w = measurer.measure(label, size: size, font: .sans).width
        let right = x + 4 * u + w <= L.plotRect.maxX
        let at = Point(x: right ? x + 4 * u : x - 4 * u, y: L.plotRect.maxY - style.lineHeight * 0.6)
        list.fillRect(Rect(x: right ? at.x - 2 * u : at.x - w - 2 * u, y: at.y - style.lineHeight / 2, width: w + 4 * u,
                           height: style.lineHeight), Color(r: 10, g: 10, b: 14, a: 220))
        list.text(label, at: at, size: size, color: .white, font: .sans, alignment: right ? .left : .right, baseline: .middle)
    }

    static func drawTouches(_ L: TimelineLayout, _ r: Rect, log: TraceLog, scale u: Double = 1, into list: inout DisplayList) {
        let rows = 3.0
        let h = r.height / rows
        for span in log.touchSpans {
            let end = span.end ?? L.now
            guard end >= L.t0, span.began <= L.t1 else { continue }
            let row = Double(((span.touch % 3) + 3) % 3)
            let y = r.minY + row * h
            let x0 = L.x(for: span.began), x1 = L.x(for: end)
            list.fillRect(Rect(x: x0, y: y + 0.5 * u, width: max(2 * u, x1 - x0), height: max(1, h - u)), TouchesOverlay.color(for: span.touch).fading(0.75))
            var lastX = -Double.infinity
            for t in span.messageTimes where t >= L.t0 && t <= L.t1 {
                let x = L.x(for: t)
                if x - lastX >= 2 * u { list.line(from: Point(x: x, y: y), to: Point(x: x, y: y + h), Color.white.fading(0.7), width: u); lastX = x }
            }
            if let e = span.end {
                let c: Color = span.lastPhase == .cancelled ? .orange : .green
                let x = L.x(for: e)
                list.fillRect(Rect(x: x - 1.5 * u, y: y, width: 3 * u, height: h), c)
            }
        }
    }

    static func drawEvents(_ events: [LaneEvent], _ L: TimelineLayout, _ r: Rect, color: Color, style: OverlayStyle,
                           measurer: TextMeasurer, into list: inout DisplayList) {
        var i = TraceLog.lowerBound(events, L.t0) { $0.t }
        let end = TraceLog.upperBound(events, L.t1) { $0.t }
        var lastTick = -Double.infinity, labelEnd = -Double.infinity
        let u = style.scale
        let size = min(style.fontSize * 0.9, r.height * 0.85)
        // A bar from "began" to the next event (shakes, seeks).
        if i > 0, events[i - 1].label.hasSuffix("began") {
            let e = i < events.count ? events[i].t : L.now
            list.fillRect(Rect(x: L.x(for: L.t0), y: r.minY, width: L.x(for: e) - L.x(for: L.t0), height: r.height), color.fading(0.35))
        }
        while i < end {
            let e = events[i]
            let x = L.x(for: e.t)
            if e.label.hasSuffix("began") {
                let next = i + 1 < events.count ? events[i + 1].t : L.now
                list.fillRect(Rect(x: x, y: r.minY, width: max(u, L.x(for: next) - x), height: r.height), color.fading(0.35))
            }
            if x - lastTick >= u {
                list.line(from: Point(x: x, y: r.minY), to: Point(x: x, y: r.maxY), color, width: 2 * u)
                lastTick = x
            }
            if x > labelEnd + 4 * u, r.height >= 8 * u {
                let label = e.subject.map { "\(e.label) \($0)" } ?? e.label
                let w = measurer.measure(label, size: size, font: .mono).width
                list.text(label, at: Point(x: x + 3 * u, y: r.midY), size: size, color: color, font: .mono, baseline: .middle)
                labelEnd = x + 3 * u + w
            }
            i += 1
        }
    }

    /// The touch sequence framed: a light band from its start to its end over every lane,
    /// edged at both ends, labelled "sequence" at its start.
    static func drawSequence(_ s: (start: Double, end: Double?), _ L: TimelineLayout, style: OverlayStyle,
                             measurer: TextMeasurer, into list: inout DisplayList) {
        let end = s.end ?? L.now
        guard end >= L.t0, s.start <= L.t1 else { return }
        let u = style.scale
        let x0 = L.x(for: s.start), x1 = max(L.x(for: end), x0 + u)
        let edge = Color(r: 150, g: 200, b: 255)
        list.fillRect(Rect(x: x0, y: L.plotRect.minY, width: x1 - x0, height: L.plotRect.height), edge.fading(0.12))
        for x in [x0, x1] {
            list.line(from: Point(x: x, y: L.plotRect.minY), to: Point(x: x, y: L.plotRect.maxY), edge.fading(0.7), width: 1.5 * u)
        }
        list.text("sequence", at: Point(x: x0 + 3 * u, y: L.plotRect.maxY - 2 * u), size: style.fontSize * 0.85,
                  color: edge.fading(0.85), font: .mono, baseline: .bottom)
    }

    /// "X blocked until Y fails": outlined in X's lane from the note to X's next transition,
    /// joined to Y's lane at that time.
    static func drawWaits(_ L: TimelineLayout, log: TraceLog, style: OverlayStyle, into list: inout DisplayList) {
        let waits = log.waits
        var i = TraceLog.lowerBound(waits, L.t0 - max(1, L.t1 - L.t0)) { $0.t }
        var drawn = 0
        let u = style.scale
        while i < waits.count, waits[i].t <= L.t1, drawn < 200 {
            let w = waits[i]; i += 1
            guard let lr = L.rect(of: .recognizer(w.recognizer.string)) else { continue }
            let trs = log.transitions(of: w.recognizer.string)
            let j = TraceLog.upperBound(trs, w.t) { $0.t }
            let end = j < trs.count ? trs[j].t : L.now
            guard end >= L.t0 else { continue }
            let x0 = L.x(for: w.t), x1 = max(L.x(for: end), x0 + 2 * u)
            let box = Rect(x: x0, y: lr.minY + u, width: x1 - x0, height: max(1, lr.height - 2 * u))
            list.strokeRect(box, style.selection, width: 1.5 * u)
            drawn += 1
            for other in w.waitingFor {
                guard let orr = L.rect(of: .recognizer(other.string)) else { continue }
                list.arrow(from: Point(x: x1, y: orr.midY), to: Point(x: x1, y: lr.midY), style.selection.fading(0.8), width: u, head: 5 * u)
            }
        }
    }

    /// Links between recognizers that are active (began/changed) or recognize at the same
    /// time, i.e. were allowed to recognize simultaneously.
    static func drawSimultaneity(_ L: TimelineLayout, log: TraceLog, scale u: Double = 1, into list: inout DisplayList) {
        let ids: [(String, Rect)] = L.visible.compactMap { if case let .recognizer(id) = $0.lane { return (id, $0.rect) }; return nil }
        guard ids.count >= 2 else { return }
        var links = 0
        var budget = 4000   // state look-ups per frame: the links are a hint, never a cost
        for (a, ra) in ids {
            let trs = log.transitions(of: a)
            var i = TraceLog.lowerBound(trs, L.t0) { $0.t }
            var lastX = -Double.infinity
            while i < trs.count, trs[i].t <= L.t1, links < 200, budget > 0 {
                let tr = trs[i]; i += 1
                guard tr.from == .possible, tr.to == .began || tr.to == .recognized else { continue }
                let xa = L.x(for: tr.t)
                if xa - lastX < u { continue }
                lastX = xa
                for (b, rb) in ids where b != a {
                    budget -= 1
                    let sb = log.state(of: b, at: tr.t)
                    guard sb == .began || sb == .changed || (sb == .recognized && rb.minY > ra.minY) else { continue }
                    let x = L.x(for: tr.t)
                    list.line(from: Point(x: x, y: ra.midY), to: Point(x: x, y: rb.midY), Color.cyan.fading(0.9), width: 1.5 * u)
                    list.fillCircle(center: Point(x: x, y: rb.midY), radius: 2.5 * u, Color.cyan)
                    links += 1
                }
            }
        }
    }
}

extension OverlayPanel {
    /// One lane per recognizer and per event kind over time (bottom panel).
    public static let timeline = OverlayPanel("timeline")
}
