// PanelRegistry: every debugging panel in one table — its id, title, key, whether it starts
// on, where it goes, how it draws, what pointers do on it and what it reads from the host.
// The composition (DebugOverlay), the pointers on the panels (PanelHits), the toggles
// (OverlayState), the host's fetching (`needs`) and the key table (help) read it.
//
// Adding a panel (docs/contributing.md, "Add a panel"): write its file (a `draw` taking a
// `PanelContext`, its `OverlayPanel` id, for an interactive panel a `PanelInteraction`)
// and add one `PanelEntry` to `PanelRegistry.shipped`.
//
//     PanelEntry(id: .myPanel, title: "my panel", key: PanelKey(7), place: .side(weight: 1),
//                interaction: MyPanel.interaction) { c, rect, list in
//         MyPanel.draw(log: c.log, in: rect, style: c.style, measurer: c.measurer, into: &list)
//     }

/// What a panel may read to draw itself: the model, the trace, the toggles and the frame.
public struct PanelContext {
    public var app: Application
    public var log: TraceLog
    public var state: OverlayState
    /// Every view by id (`DebugOverlay.viewsByID`).
    public var views: [String: View]
    /// The time the overlays treat as now.
    public var now: Double
    public var sceneTransform: AffineTransform
    public var sceneRect: Rect
    public var measurer: TextMeasurer
    public var extras: DebugOverlayExtras
    /// The side panel the sections share (nil: none); the selection detail may reach up to its top.
    public var sidePanel: Rect? = nil
    /// The scene's views as drawn, worked out once for the panels over the scene (the hit-test
    /// path and the touches header keep off what the scene shows).
    public var sceneContent = SceneContent.Cache()
    public var style: OverlayStyle { extras.style }
}

/// Where a panel goes.
public enum PanelPlace: Sendable, Equatable {
    /// Over the scene (the rect it is given is the scene's), under or over the inspector's
    /// selection outline.
    case scene(aboveSelection: Bool)
    /// The bottom panel.
    case bottom
    /// A section of the side panel, in table order from the top. `weight` nil: as tall as
    /// the entry's `preferredHeight` (up to 35% of the panel); otherwise the sections with a
    /// weight share what is left in proportion.
    case side(weight: Double?)
    /// A sheet over the whole window under the toolbar, hiding the scene and the other panels
    /// (`DebugOverlayExtras.sheet`, `DebugOverlay.sheet`); the rect it is given is the sheet's
    /// bounding box.
    case cover
}

/// The key that toggles a panel: a function key, with or without Shift.
public struct PanelKey: Sendable, Hashable {
    public var function: Int
    public var shift: Bool
    public init(_ function: Int, shift: Bool = false) { self.function = function; self.shift = shift }
    /// As the key table writes it: "F3", "Shift+F3".
    public var name: String { (shift ? "Shift+" : "") + "F\(function)" }
}

/// One panel of the registry.
public struct PanelEntry: Sendable {
    public var id: OverlayPanel
    /// What the key table calls it ("touches overlay / event log on or off").
    public var title: String
    public var key: PanelKey
    /// The key table's wording when it is not "`title` on or off".
    public var keyEffect: String?
    /// Shown before the user toggles anything.
    public var defaultOn: Bool
    public var place: PanelPlace
    /// For a `.side(weight: nil)` section: the height it asks for.
    public var preferredHeight: (@Sendable (PanelContext) -> Double)?
    /// What taps and drags on it do (`PanelHits.swift`); nil: nothing (a tap on the
    /// selection detail over it still closes the detail).
    public var interaction: PanelInteraction?
    /// What it reads from the host in `PanelContext.extras`: the host fetches and passes
    /// only what the shown panels need (`PanelRegistry.needs`).
    public var needs: Set<PanelHostData>
    /// Draws the panel in `rect` (its section, inset by 2 points for side sections).
    public var draw: @Sendable (PanelContext, Rect, inout DisplayList) -> Void

    public init(id: OverlayPanel, title: String, key: PanelKey, keyEffect: String? = nil, defaultOn: Bool = true,
                place: PanelPlace, needs: Set<PanelHostData> = [], preferredHeight: (@Sendable (PanelContext) -> Double)? = nil,
                interaction: PanelInteraction? = nil,
                draw: @escaping @Sendable (PanelContext, Rect, inout DisplayList) -> Void) {
        self.id = id; self.title = title; self.key = key; self.keyEffect = keyEffect; self.defaultOn = defaultOn
        self.place = place; self.preferredHeight = preferredHeight; self.interaction = interaction; self.needs = needs
        self.draw = draw
    }
}

/// The registry.
public enum PanelRegistry {
    /// Every panel: the shipped ones, then those `added` for the current task. Order matters
    /// within a place: over the scene, the drawing order; in the side panel, top to bottom.
    public static var all: [PanelEntry] {
        let added = self.added
        return added.isEmpty ? shipped : shipped + added
    }

    /// Panels added for the duration of a call, after the shipped ones, seen by everything
    /// that reads `all` in that call's task and only there (tests add a panel of their own
    /// this way without changing what other tests see):
    ///
    ///     PanelRegistry.$added.withValue([MyPanel.entry]) { ... }
    @TaskLocal public static var added: [PanelEntry] = []

    /// The panels TouchScope ships. A new panel is one entry here.
    public static let shipped: [PanelEntry] = [
        PanelEntry(id: .hitMap, title: "hit map", key: PanelKey(2, shift: true), keyEffect: "hit map (where touches land) on or off",
                   defaultOn: false,
                   place: .scene(aboveSelection: false)) { c, _, list in
            HitMapOverlay.draw(app: c.app, sceneTransform: c.sceneTransform, sceneRect: c.sceneRect, style: c.style,
                               measurer: c.measurer, into: &list)
        },
        PanelEntry(id: .hitTest, title: "hit-test path", key: PanelKey(4), place: .scene(aboveSelection: false)) { c, _, list in
            let hit = c.log.hitTest(forTouch: c.state.pickedTouchID)
            // With the touches overlay on, labels keep out of its header, the touches' rings and
            // their id labels.
            let touches = c.state.isOn(.touches)
            let ring = touches ? hit.flatMap { c.log.trail($0.touch) }.flatMap { tr in
                tr.isActive || c.now - (tr.endTime ?? c.now) <= TouchesOverlay.fade ? c.sceneTransform.apply(tr.location) : nil
            } : nil
            HitTestOverlay.draw(hit: hit, window: c.app.window, views: c.views,
                                sceneTransform: c.sceneTransform, sceneRect: c.sceneRect, style: c.style, measurer: c.measurer,
                                avoiding: touches ? [TouchesOverlay.headerBand(sceneRect: c.sceneRect, style: c.style, window: c.app.window,
                                                                               sceneTransform: c.sceneTransform, measurer: c.measurer,
                                                                               content: c.sceneContent)]
                                    + TouchesOverlay.markerRects(log: c.log, now: c.now, sceneTransform: c.sceneTransform,
                                                                 style: c.style, measurer: c.measurer, raw: c.extras.raw) : [],
                                ring: ring, content: c.sceneContent, into: &list)
        },
        PanelEntry(id: .touches, title: "touches overlay", key: PanelKey(3), place: .scene(aboveSelection: true)) { c, _, list in
            TouchesOverlay.draw(log: c.log, now: c.now, pickedTouch: c.state.pickedTouchID, slop: c.app.defaults.tapSlop,
                                sceneTransform: c.sceneTransform, sceneRect: c.sceneRect, style: c.style,
                                measurer: c.measurer, window: c.app.window, content: c.sceneContent, raw: c.extras.raw, into: &list)
            // The path predicted ahead of each finger, over the markers (F3 toggles both).
            PredictedTouchesOverlay.draw(log: c.log, sceneTransform: c.sceneTransform, sceneRect: c.sceneRect, style: c.style, into: &list)
        },
        PanelEntry(id: .verdictCard, title: "verdict card", key: PanelKey(1, shift: true), place: .scene(aboveSelection: true),
                   interaction: VerdictCard.interaction) { c, _, list in
            VerdictCard.draw(c, into: &list)
        },
        PanelEntry(id: .timeline, title: "timeline", key: PanelKey(6), place: .bottom,
                   interaction: TimelinePanel.interaction) { c, rect, list in
            // The verdict card's sequence is framed on the timeline, start to end.
            let sequence = VerdictCard.shown(c).flatMap(VerdictCard.merged).map { (start: $0.start, end: $0.end) }
            TimelinePanel.draw(app: c.app, log: c.log, state: c.state, views: c.views, now: c.now, in: rect,
                               style: c.style, measurer: c.measurer, sequence: sequence, whatIf: c.extras.whatIf, into: &list)
        },
        PanelEntry(id: .responderChain, title: "responder chain", key: PanelKey(5), place: .side(weight: nil),
                   preferredHeight: { c in
                       ResponderChainPanel.preferredHeight(app: c.app, log: c.log, pickedTouch: c.state.pickedTouchID, views: c.views,
                                                           width: ResponderChainPanel.columnWidth(side: c.sidePanel, style: c.style),
                                                           style: c.style, measurer: c.measurer)
                   }) { c, rect, list in
            ResponderChainPanel.draw(app: c.app, log: c.log, pickedTouch: c.state.pickedTouchID, views: c.views,
                                     in: rect, style: c.style, measurer: c.measurer, into: &list)
        },
        PanelEntry(id: .nowPlaying, title: "Now Playing and devices", key: PanelKey(5, shift: true), defaultOn: false,
                   place: .side(weight: nil), needs: [.pads, .accelerometers],
                   preferredHeight: { c in
                       NowPlayingPanel.preferredHeight(pads: c.extras.pads.count, accelerometers: c.extras.accelerometers.count, style: c.style)
                   }) { c, rect, list in
            NowPlayingPanel.draw(app: c.app, pads: c.extras.pads, accelerometers: c.extras.accelerometers, in: rect,
                                 style: c.style, measurer: c.measurer, into: &list)
        },
        PanelEntry(id: .devices, title: "touch devices", key: PanelKey(6, shift: true), defaultOn: false, place: .side(weight: nil),
                   needs: [.touchDevices, .latency],
                   preferredHeight: { c in
                       DevicePanel.preferredHeight(rows: DevicePanel.rows(devices: c.extras.touchDevices, stats: c.log.touchDevices),
                                                   latency: c.extras.latency, note: c.extras.raw?.note,
                                                   width: ResponderChainPanel.columnWidth(side: c.sidePanel, style: c.style),
                                                   style: c.style, measurer: c.measurer)
                   }, interaction: DevicePanel.interaction) { c, rect, list in
            DevicePanel.draw(rows: DevicePanel.rows(devices: c.extras.touchDevices, stats: c.log.touchDevices), latency: c.extras.latency,
                             note: c.extras.raw?.note, scroll: c.state[.devices, "scroll"], sceneSize: c.app.window.bounds.size, in: rect,
                             style: c.style, measurer: c.measurer, into: &list)
        },
        PanelEntry(id: .inspector, title: "inspector", key: PanelKey(4, shift: true), place: .side(weight: 1.2),
                   interaction: InspectorPanel.interaction) { c, rect, list in
            // The what-if editor in its place, or the details with the button that opens it at the foot.
            if c.state.whatIf.editing { WhatIfEditor.draw(c, in: rect, into: &list); return }
            let parts = WhatIfEditor.split(rect, style: c.style)
            InspectorPanel.draw(app: c.app, log: c.log, state: c.state, describeExtra: c.extras.describeExtra,
                                in: parts.body, style: c.style, measurer: c.measurer, into: &list)
            if let button = parts.button { WhatIfEditor.drawOpenButton(button, style: c.style, measurer: c.measurer, into: &list) }
        },
        PanelEntry(id: .eventLog, title: "event log", key: PanelKey(3, shift: true), place: .side(weight: 1),
                   interaction: EventLogPanel.interaction) { c, rect, list in
            EventLogPanel.draw(log: c.log, state: c.state, in: rect, detailTop: c.sidePanel?.minY, style: c.style,
                               measurer: c.measurer, raw: c.extras.raw?.contacts ?? [:], into: &list)
        },
        PanelEntry(id: .help, title: "help", key: PanelKey(1), keyEffect: "show or hide this help", defaultOn: false,
                   place: .cover, needs: [.help, .touchDevices], interaction: HelpPanel.interaction) { c, rect, list in
            let regions = c.extras.sheet.isEmpty ? [rect] : c.extras.sheet
            HelpPanel.draw(entries: c.extras.help, touchFirst: HelpPanel.touchFirst(c), scroll: c.state.helpScroll, regions: regions,
                           style: c.style, measurer: c.measurer, into: &list)
        },
    ]

    /// The entry of a panel.
    public static func entry(_ id: OverlayPanel) -> PanelEntry? { all.first { $0.id == id } }

    /// What the panels shown in `state` read from the host (the host fetches only these).
    public static func needs(_ state: OverlayState) -> Set<PanelHostData> {
        var needs: Set<PanelHostData> = []
        for e in all where state.isOn(e.id) { needs.formUnion(e.needs) }
        return needs
    }

    /// The panels on before the user toggles anything.
    public static var defaultOn: Set<OverlayPanel> { Set(all.filter(\.defaultOn).map(\.id)) }

    /// The panel a key toggles: `key` as SDL names it ("F3", any case).
    public static func panel(forKey key: String, shift: Bool) -> OverlayPanel? {
        all.first { "f\($0.key.function)" == key.lowercased() && $0.key.shift == shift }?.id
    }

    /// The key table's rows for the panels, one per function key in key order:
    /// ("F3 / Shift+F3", "touches overlay / event log on or off").
    public static var keyRows: [(input: String, effect: String)] {
        let byKey = Dictionary(grouping: all) { $0.key.function }
        return byKey.keys.sorted().map { f in
            let entries = byKey[f]!.sorted { !$0.key.shift && $1.key.shift }
            let input = entries.map(\.key.name).joined(separator: " / ")
            if entries.count == 1, let effect = entries[0].keyEffect { return (input, effect) }
            return (input, entries.map(\.title).joined(separator: " / ") + " on or off")
        }
    }

}
