// DebugOverlay: lays out every enabled panel of the registry (`PanelRegistry.all`) in its place —
// over the scene, the bottom panel, side-panel sections sharing its height, or covering the
// side panel — into one display list.
//
//     var list = DisplayList(size: canvas)
//     SceneRenderer().draw(app.window, into: &list, toCanvas: layout.sceneTransform)
//     DebugOverlay.draw(app: app, log: log, state: state, sceneTransform: layout.sceneTransform,
//                       sceneRect: layout.sceneRect, sidePanel: layout.sidePanel,
//                       bottomPanel: layout.bottomPanel, measurer: measurer, into: &list,
//                       extras: .init(pads: pads, help: keyTable))

/// What the overlays need from the host beyond the model and the trace.
public struct DebugOverlayExtras {
    /// Connected gamepads (Now Playing and device panel).
    public var pads: [ConnectedPad]
    /// The device's own accelerometers (Now Playing and device panel).
    public var accelerometers: [DeviceAccelerometer]
    /// The key, button and mouse table (help panel).
    public var help: [HelpEntry]
    /// Extra inspector lines for a view (controls' state); nil reads subclasses with Mirror.
    public var describeExtra: ((View) -> [String])?
    /// The touch devices the host reports (touch devices panel).
    public var touchDevices: [TouchDeviceInfo] = []
    /// Input-to-photon latency over the last second (touch devices panel); nil: none.
    public var latency: LatencyReadout?
    /// A replayed recording's raw device data (touches overlay, touch devices panel); nil: not a replay.
    public var raw: RawTouches?
    /// The current time (nil: the application's time or the newest in the log).
    public var now: Double?
    /// Where a sheet over the whole window (the help, a `.cover` panel) goes: the canvas
    /// without the toolbar, as one region or two (above and below a portrait toolbar), canvas
    /// pixels. Empty: the bounding box of the scene, side and bottom panels below the side
    /// panel's top (`DebugOverlay.sheet(_:side:bottom:)`).
    public var sheet: [Rect] = []
    /// What the window's what-if run found (the inspector's editor, the timeline, the verdict card); nil: none.
    public var whatIf: WhatIfShown?
    public var style: OverlayStyle

    public init(pads: [ConnectedPad] = [], help: [HelpEntry] = [], describeExtra: ((View) -> [String])? = nil,
                now: Double? = nil, style: OverlayStyle = OverlayStyle(), accelerometers: [DeviceAccelerometer] = []) {
        self.accelerometers = accelerometers
        self.pads = pads; self.help = help; self.describeExtra = describeExtra; self.now = now; self.style = style
    }
}

extension DebugOverlayExtras {
    /// These extras with only the host data in `needs` (`PanelRegistry.needs`): the rest
    /// empty, as a panel that does not declare what it reads gets it.
    public func keeping(_ needs: Set<PanelHostData>) -> DebugOverlayExtras {
        var e = self
        if !needs.contains(.pads) { e.pads = [] }
        if !needs.contains(.accelerometers) { e.accelerometers = [] }
        if !needs.contains(.help) { e.help = [] }
        if !needs.contains(.touchDevices) { e.touchDevices = [] }
        if !needs.contains(.latency) { e.latency = nil }
        return e
    }
}

/// A kind of data the host gives the panels (`DebugOverlayExtras`), named in the entries that
/// read it (`PanelEntry.needs`): the host fetches only what the shown panels need.
public struct PanelHostData: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `DebugOverlayExtras.pads`: the connected gamepads.
    public static let pads = PanelHostData(rawValue: "pads")
    /// `DebugOverlayExtras.accelerometers`: the device's own accelerometers.
    public static let accelerometers = PanelHostData(rawValue: "accelerometers")
    /// `DebugOverlayExtras.help`: the key, button and mouse table.
    public static let help = PanelHostData(rawValue: "help")
    /// `DebugOverlayExtras.touchDevices`: the touch devices the host lists (asked of SDL per frame).
    public static let touchDevices = PanelHostData(rawValue: "touchDevices")
    /// `DebugOverlayExtras.latency`: input-to-photon latency over the last second.
    public static let latency = PanelHostData(rawValue: "latency")
}

public enum DebugOverlay {
    /// The side-panel sections in top-to-bottom order (the `.side` entries of `PanelRegistry.all`).
    public static var sideOrder: [OverlayPanel] {
        PanelRegistry.all.compactMap { if case .side = $0.place { $0.id } else { nil } }
    }

    /// Where each enabled side section goes: fixed sections (responder chain, Now Playing)
    /// get what they ask for up to 35% of the height, the weighted ones (inspector, event
    /// log) share the rest; when even the minimums do not fit, everything shrinks in
    /// proportion. A side panel wider than tall (under the scene in portrait) that holds two
    /// columns of `minimumColumns` characters each puts the last section (the event log) in a
    /// column of its own on the right and stacks the others on the left. A `.cover` panel
    /// (help) goes over everything instead (`sheet(_:side:bottom:)`).
    public static func sideLayout(state: OverlayState, sidePanel: Rect, preferred: [OverlayPanel: Double],
                                  style: OverlayStyle) -> [(panel: OverlayPanel, rect: Rect)] {
        let sections = sideOrder.filter(state.isOn)
        guard !sections.isEmpty, sidePanel.height > 0 else { return [] }
        let gap = 4 * style.scale
        let column = Double(minimumColumns) * monoAdvance * style.fontSize
        if sections.count >= 2, sidePanel.width > sidePanel.height, sidePanel.width >= 2 * column + gap,
           let last = sections.last {
            let w = (sidePanel.width - gap) / 2
            let left = Rect(x: sidePanel.minX, y: sidePanel.minY, width: w, height: sidePanel.height)
            let right = Rect(x: sidePanel.maxX - w, y: sidePanel.minY, width: w, height: sidePanel.height)
            return stack(Array(sections.dropLast()), in: left, preferred: preferred, style: style) + [(last, right)]
        }
        return stack(sections, in: sidePanel, preferred: preferred, style: style)
    }

    /// The fewest characters of the panels' text a column holds when the side panel splits
    /// into two.
    public static let minimumColumns = 36
    /// The advance of the panels' monospaced font (DejaVu Sans Mono), as a share of its size.
    static let monoAdvance = 0.602

    /// `sections` top to bottom in `rect` (see `sideLayout`).
    static func stack(_ sections: [OverlayPanel], in rect: Rect, preferred: [OverlayPanel: Double],
                      style: OverlayStyle) -> [(panel: OverlayPanel, rect: Rect)] {
        var flexWeight: [OverlayPanel: Double] = [:]
        for e in PanelRegistry.all { if case let .side(weight?) = e.place { flexWeight[e.id] = weight } }
        guard !sections.isEmpty, rect.height > 0 else { return [] }
        let gap = 4 * style.scale
        let avail = max(0, rect.height - gap * Double(sections.count - 1))
        let minH = style.headerSize * 1.25 + 2 * style.lineHeight
        var h = sections.map { _ in minH }
        if minH * Double(sections.count) > avail {
            h = sections.map { _ in avail / Double(sections.count) }
        } else {
            var rem = avail - minH * Double(sections.count)
            for (i, s) in sections.enumerated() where flexWeight[s] == nil {
                let want = min(preferred[s] ?? minH, rect.height * 0.35)
                let add = min(rem, max(0, want - minH))
                h[i] += add; rem -= add
            }
            let total = sections.reduce(0) { $0 + (flexWeight[$1] ?? 0) }
            if total > 0 {
                for (i, s) in sections.enumerated() { if let w = flexWeight[s] { h[i] += rem * w / total } }
            }
        }
        var y = rect.minY
        var out: [(OverlayPanel, Rect)] = []
        for (i, s) in sections.enumerated() {
            out.append((s, Rect(x: rect.minX, y: y, width: rect.width, height: h[i]).clamped(to: rect)))
            y += h[i] + gap
        }
        return out
    }

    /// Every view by id (the first one wins when ids repeat).
    public static func viewsByID(_ window: Window) -> [String: View] {
        var views: [String: View] = [:]
        window.forEachInTree { if views[$0.id] == nil { views[$0.id] = $0 } }
        return views
    }

    /// The time the overlays treat as now.
    public static func now(app: Application, log: TraceLog, extras: DebugOverlayExtras) -> Double {
        extras.now ?? max(app.time, log.latestTime ?? 0)
    }

    /// What every panel reads to draw itself (and taps to find what they touch).
    public static func context(app: Application, log: TraceLog, state: OverlayState, sceneTransform: AffineTransform,
                               sceneRect: Rect, sidePanel: Rect?, measurer: TextMeasurer,
                               extras: DebugOverlayExtras = DebugOverlayExtras()) -> PanelContext {
        PanelContext(app: app, log: log, state: state, views: viewsByID(app.window),
                     now: now(app: app, log: log, extras: extras), sceneTransform: sceneTransform,
                     sceneRect: sceneRect, measurer: measurer, extras: extras, sidePanel: sidePanel)
    }

    /// Where a shown `.cover` panel (the help sheet) goes, and the panel: `extras.sheet`, or
    /// the bounding box of the scene, side and bottom panels from the side panel's top down
    /// (under the toolbar). Nil when no cover panel is on.
    public static func sheet(_ c: PanelContext, side: Rect?, bottom: Rect?) -> (panel: PanelEntry, regions: [Rect])? {
        guard let e = PanelRegistry.all.first(where: { $0.place == .cover && c.state.isOn($0.id) }) else { return nil }
        if !c.extras.sheet.isEmpty { return (e, c.extras.sheet) }
        guard let box = boundingBox([c.sceneRect, side, bottom].compactMap { $0 }.filter { $0.width > 0 && $0.height > 0 })
        else { return (e, []) }
        let top = side.map { max(box.minY, $0.minY) } ?? box.minY
        return (e, [Rect(x: box.minX, y: top, width: box.width, height: max(0, box.maxY - top))])
    }

    /// The side panel's sections as drawn: each panel's section (`clip`) and the rect it draws
    /// in (`rect`: the section inset by the panel margin).
    public static func sections(_ c: PanelContext, side: Rect) -> [(panel: OverlayPanel, clip: Rect, rect: Rect)] {
        var preferred: [OverlayPanel: Double] = [:]
        for e in PanelRegistry.all where c.state.isOn(e.id) { if let height = e.preferredHeight { preferred[e.id] = height(c) } }
        return sideLayout(state: c.state, sidePanel: side, preferred: preferred, style: c.style).compactMap { panel, rect in
            guard rect.height > 0, PanelRegistry.entry(panel) != nil else { return nil }
            return (panel, rect, rect.insetBy(dx: panelMargin(side: side, style: c.style), dy: 0))
        }
    }

    /// How far the side sections' text keeps from the side panel's edges: 2 points beside the
    /// scene (landscape), the style's padding at the window's edge (portrait: the panel
    /// starts at x = 0).
    public static func panelMargin(side: Rect, style: OverlayStyle) -> Double {
        side.minX <= 0 ? style.padding : 2 * style.scale
    }

    /// The selection detail (`state.selectedRecord` in full): its box and wrapped lines. At
    /// the foot of the event log, reaching up over the sections above it as far as it needs;
    /// over the timeline when the event log is not shown; nil when neither is, or nothing is
    /// selected.
    public static func selectionDetail(_ c: PanelContext, side: Rect?, bottom: Rect?) -> (rect: Rect, lines: [String])? {
        guard let seq = c.state.selectedRecord else { return nil }
        if let side, side.width > 0, side.height > 0,
           let log = sections(c, side: side).first(where: { $0.panel == .eventLog }) {
            let L = EventLogPanel.layout(log: c.log, state: c.state, in: log.rect, detailTop: side.minY, style: c.style,
                                         measurer: c.measurer, raw: c.extras.raw?.contacts ?? [:])
            return L.detail.map { ($0, L.detailLines) }
        }
        guard let bottom, bottom.width > 0, bottom.height > 0, c.state.isOn(.timeline),
              let lines = SelectionDetail.lines(seq: seq, log: c.log, width: bottom.width, style: c.style, measurer: c.measurer,
                                                raw: c.extras.raw?.contacts ?? [:])
        else { return nil }
        // Under the timeline's header line, which keeps showing the zoom and live state.
        let header = min(bottom.height, c.style.lineHeight + 4 * c.style.scale)
        return (SelectionDetail.box(lines: lines.count, left: bottom.minX, width: bottom.width, bottom: bottom.maxY,
                                    top: bottom.minY + header, style: c.style), lines)
    }

    /// The places `draw` draws in: a frame drawn in parts (`TouchSDL.FramePart`) draws each
    /// place in its own part.
    public struct Places: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Over the scene: the `.scene` panels, the selection outline, and a `.cover` panel when
        /// there is no side panel.
        public static let scene = Places(rawValue: 1)
        /// The bottom panel, with the selection detail when it goes over it.
        public static let bottom = Places(rawValue: 2)
        /// The side panel, its sections, and the selection detail when it goes over it.
        public static let side = Places(rawValue: 4)
        public static let all: Places = [.scene, .bottom, .side]
    }

    /// Draws every enabled panel of `PanelRegistry.all` in its place (those of `places`). A
    /// side or bottom panel that is nil is skipped (its sections too); all text is truncated
    /// to its panel's width and everything is clipped to its rect. The selected record's
    /// detail goes over the panels. Returns the parts of the scene the panels over it take
    /// from pointers in this frame (`PanelInteraction.area`: the verdict card), for the
    /// host's pointers.
    @discardableResult
    public static func draw(app: Application, log: TraceLog, state: OverlayState, sceneTransform: AffineTransform,
                            sceneRect: Rect, sidePanel: Rect?, bottomPanel: Rect?, measurer: TextMeasurer,
                            into list: inout DisplayList, extras: DebugOverlayExtras = DebugOverlayExtras(),
                            places: Places = .all) -> [Rect] {
        let context = self.context(app: app, log: log, state: state, sceneTransform: sceneTransform, sceneRect: sceneRect,
                                   sidePanel: sidePanel, measurer: measurer, extras: extras)
        let style = extras.style
        let shown = PanelRegistry.all.filter { state.isOn($0.id) }
        list.save()
        list.transform = .identity
        defer { list.restore() }
        let side = sidePanel.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        let bottom = bottomPanel.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }

        // Over the scene: the panels under the selection outline, the outline, the others.
        if places.contains(.scene) {
            for e in shown where e.place == .scene(aboveSelection: false) { e.draw(context, sceneRect, &list) }
            if let id = state.selectedViewID, let v = context.views[id] {
                list.clipped(to: sceneRect) { list in
                    list.polyline(v.cornersInRoot().map(sceneTransform.apply), style.selection, width: 2 * style.scale, closed: true)
                }
            }
            for e in shown where e.place == .scene(aboveSelection: true) { e.draw(context, sceneRect, &list) }
        }
        let sceneAreas = shown.compactMap { e -> Rect? in
            guard case .scene = e.place, let area = e.interaction?.area else { return nil }
            return area(context, sceneRect)
        }

        // A cover panel (the help sheet) hides the side and bottom panels: they are not drawn.
        let sheet = sheet(context, side: sidePanel, bottom: bottomPanel)
        // Bottom panel.
        if sheet == nil, let bottom, places.contains(.bottom) {
            for e in shown where e.place == .bottom { e.draw(context, bottom, &list) }
        }

        // Side panel.
        if sheet == nil, let side, places.contains(.side) {
            list.fillRect(side, style.panelBackground)
            for (panel, clip, rect) in sections(context, side: side) {
                guard let e = PanelRegistry.entry(panel) else { continue }
                list.clipped(to: clip) { list in e.draw(context, rect, &list) }
            }
        }
        // The selection detail, in the place it goes over (the event log's foot, or the timeline).
        if sheet == nil {
            if let side {
                if places.contains(.side) && places.contains(.bottom) {
                    drawSelectionDetail(context, side: side, bottom: bottomPanel, into: &list)
                } else if places.contains(.side) || places.contains(.bottom),
                          let detail = selectionDetail(context, side: side, bottom: bottomPanel) {
                    let overSide = detail.rect.midY >= side.minY && detail.rect.midY <= side.maxY
                        && detail.rect.midX >= side.minX && detail.rect.midX <= side.maxX
                    if overSide == places.contains(.side) {
                        SelectionDetail.draw(detail.lines, in: detail.rect, style: context.style, into: &list)
                    }
                }
            } else if places.contains(.bottom) {
                drawSelectionDetail(context, side: nil, bottom: bottomPanel, into: &list)
            }
        }
        // A cover panel (the help sheet) over everything: only in a frame drawn whole (it
        // spans the places; `FrameState.frameParts` draws such a frame whole).
        guard let sheet, places == .all, let box = boundingBox(sheet.regions) else {
            return sceneAreas
        }
        list.clipped(to: box) { list in sheet.panel.draw(context, box, &list) }
        return sceneAreas + sheet.regions
    }

    /// The smallest rect holding every rect of `rects` (nil: none).
    static func boundingBox(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { a, r in
            let x0 = min(a.minX, r.minX), y0 = min(a.minY, r.minY)
            return Rect(x: x0, y: y0, width: max(a.maxX, r.maxX) - x0, height: max(a.maxY, r.maxY) - y0)
        }
    }

    static func drawSelectionDetail(_ c: PanelContext, side: Rect?, bottom: Rect?, into list: inout DisplayList) {
        guard let detail = selectionDetail(c, side: side, bottom: bottom) else { return }
        SelectionDetail.draw(detail.lines, in: detail.rect, style: c.style, into: &list)
    }

    /// What a click in the bottom panel points at: a timeline lane (nil: the header or
    /// axis) and the time under it. Bind a click to `state.selectTime(_:lane:now:)`.
    public static func timelineHit(at p: Point, app: Application, log: TraceLog, state: OverlayState,
                                   bottomPanel: Rect, now: Double, style: OverlayStyle = OverlayStyle()) -> (lane: TimelineLane?, time: Double)? {
        guard bottomPanel.contains(p) else { return nil }
        let L = TimelinePanel.layout(app: app, log: log, state: state, views: viewsByID(app.window), now: now,
                                     in: bottomPanel, style: style)
        return (L.lane(atY: p.y), L.time(atX: max(L.plotRect.minX, p.x)))
    }

    /// The lanes the timeline shows now (for `OverlayState.selectLane(step:in:)`).
    public static func timelineLanes(app: Application, log: TraceLog, state: OverlayState, now: Double? = nil) -> [TimelineLane] {
        TimelinePanel.lanes(app: app, log: log, state: state, views: viewsByID(app.window), now: now)
    }
}
