// FrameState: what a frame shows besides the scene (the debugging panels), fed by the trace.
import TouchScene
import TouchDraw
import TouchSDL

/// Holds the trace as the panels see it (`TraceLog`), what is toggled and selected
/// (`OverlayState`), and draws a frame: the scene, then the panels. Shared by the live
/// window and headless screenshots, so both show the same thing.
package final class FrameState {
    /// Whether the debugging panels are drawn (`--no-overlays` and F2 turn them off).
    package var overlays: Bool
    /// A one-line message shown over the scene (a broken scene edit, recording on).
    var banner: String?
    /// A message shown for a few seconds at the foot of the scene (a file saved), and the
    /// host time it goes at.
    var notice: (text: String, until: Double)?
    /// How long a notice stays up (seconds).
    static let noticeSeconds = 4.0
    /// The trace as the panels see it: everything the session traced so far (waits for the
    /// log's worker thread to catch up; reading it costs nothing when nothing is pending).
    package var log: TraceLog {
        feed?.sync()
        return storedLog
    }
    private let storedLog = TraceLog()
    /// Fills `storedLog` on a worker thread (`TraceLogFeed`): the input path pays only a copy
    /// of each trace message, and indexing the trace for the panels runs on the other core.
    /// Nil with `threadedLog: false` (the log is then filled on the dispatching thread).
    private let feed: TraceLogFeed?
    package var state = OverlayState()
    /// The toolbar's menu, the buttons held down, and what its buttons show on (`TouchToolbar.swift`).
    package var toolbar = ToolbarState()
    var pads: [ConnectedPad] = []
    /// The device's own accelerometers the host found (Linux IIO), the one read first; their
    /// readings come from the session's input mapper when drawn.
    var accelerometers: [DeviceAccelerometer] = []
    /// The touch devices the host lists and the input-to-photon latency of the last second
    /// (touch devices panel); the live window sets them before each frame.
    var touchDevices: [TouchDeviceInfo] = []
    var latency: LatencyReadout?
    /// The device a replayed recording's header names (an imported evemu or libinput file):
    /// the touch devices panel names trace device 0 with it.
    var recordedDevice: TouchDeviceInfo?
    /// A replay's raw device data: the device recording's axes and each touch's contact (slot,
    /// tracking id, touch size), or for a TouchScope recording what is not known.
    var rawContacts = RawContactTable()
    var rawDevice: RawDevice?
    /// Whether a recording is being replayed (a TouchScope recording then says what it lacks).
    var replaying = false

    /// Takes what a replayed recording's reader knows of its device.
    func takeRecording(_ reader: RecordingReader) {
        replaying = true
        rawDevice = reader.rawDevice
        recordedDevice = reader.recordedDevice
        recordedDevice?.raw = reader.rawDevice
    }
    /// Where every finger the window got landed, in window units (the coverage sheet).
    var coverage = WindowCoverage()
    /// What the window's what-if run found (`WhatIfWindow`), for the panels.
    var whatIf: WhatIfShown?
    /// The rows of the help panel (F1): the input map and the window's keys (`hostKeys`,
    /// whose panel rows the panel registry words).
    var help: [HelpEntry]
    /// The parts of the scene the panels over it took from pointers in the last frame drawn
    /// (the verdict card), canvas pixels: a finger landing there is the panel's.
    private(set) var sceneAreas: [Rect] = []

    /// `threadedLog` false fills the log on the calling thread instead (`touchscope bench`
    /// measures both ways).
    package init(overlays: Bool, defaults: Defaults = Defaults(), threadedLog: Bool = true) {
        self.overlays = overlays
        feed = threadedLog ? TraceLogFeed(log: storedLog) : nil
        help = Self.helpRows(defaults: defaults)
    }

    /// The help's rows by section: the mouse, the window's keys (`hostKeys`), the
    /// touchscreen's and the toolbar's and panels' gestures (Touch: moved first on a
    /// touchscreen, `HelpPanel.touchFirst`), then the scene's other inputs (keyboard,
    /// gamepad, tablet, window events).
    static func helpRows(defaults: Defaults) -> [HelpEntry] {
        let map = InputMapper.help(defaults: defaults)
        func section(_ d: InputBinding.Device) -> String {
            switch d {
            case .touchscreen: HelpPanel.touchSection
            case .mouse: "Mouse"
            case .keyboard: "Keyboard (to the scene)"
            case .gamepad: "Gamepad"
            case .tablet: "Tablet"
            case .window: "Window events"
            }
        }
        func rows(_ d: InputBinding.Device) -> [HelpEntry] {
            map.filter { $0.device == d }.map { HelpEntry(input: $0.input, effect: $0.effect, section: section(d)) }
        }
        return rows(.mouse) + hostKeys.map { HelpEntry(input: $0.input, effect: $0.effect, section: "Window keys") }
            + rows(.touchscreen) + TouchControls.help
            + rows(.keyboard) + rows(.gamepad) + rows(.tablet) + rows(.window)
    }

    /// Toggles the panel the registry binds to a function key (`PanelRegistry.all`); false when
    /// the key toggles none.
    func togglePanel(forKey key: String, shift: Bool) -> Bool {
        guard let panel = PanelRegistry.panel(forKey: key, shift: shift) else { return false }
        state.toggle(panel)
        return true
    }

    /// Waits until the log holds everything traced so far (`log` does this too).
    package func sync() { feed?.sync() }

    /// Connects a session: its trace feeds the panels, after the sinks in `also` (a trace
    /// file) got each record.
    package func follow(_ session: SceneSession, also: [any TraceSink] = []) {
        let panels: any TraceSink = feed ?? storedLog
        session.app.tracer.sink = also.isEmpty ? panels : TraceTee(also + [panels])
        // Scenes with a media player or device needs show the Now Playing and device panel.
        if session.built.player != nil || !session.scene.capabilities.isEmpty { state.set(.nowPlaying, true) }
    }

    /// The device accelerometers with the latest reading the session mapped. A replayed
    /// recording's `accel` lines show as "recorded" when the host found none.
    func deviceAccelerometers(_ session: SceneSession) -> [DeviceAccelerometer] {
        let latest = session.mapper.deviceAcceleration
        if accelerometers.isEmpty {
            return latest.map { [DeviceAccelerometer(name: "accelerometer (recorded)", latest: $0)] } ?? []
        }
        return accelerometers.map { a in
            var a = a
            if a.inUse { a.latest = latest }
            return a
        }
    }

    /// What the panels read from the host, for drawing and for taps: what the shown panels
    /// need (`PanelEntry.needs`).
    func extras(_ session: SceneSession, layout: HostLayout) -> DebugOverlayExtras {
        let needs = PanelRegistry.needs(state)
        var e = DebugOverlayExtras(pads: pads, help: help, now: session.app.time, style: layout.overlayStyle,
                                   accelerometers: needs.contains(.accelerometers) ? deviceAccelerometers(session) : [])
        e.touchDevices = touchDevices
        if let recordedDevice, !touchDevices.contains(where: { $0.traceDevice == recordedDevice.traceDevice }) {
            e.touchDevices.append(recordedDevice)
        }
        e.latency = latency
        if replaying {
            e.raw = RawTouches(device: rawDevice, contacts: rawContacts.byTouch, note: rawDevice == nil ? RawTouches.notKnown : nil)
        }
        e.sheet = layout.sheetRegions
        e.whatIf = whatIf
        return e.keeping(needs)
    }

    package func draw(_ session: SceneSession, into list: inout DisplayList, layout: HostLayout, measurer: TextMeasurer) {
        drawScene(session, into: &list, layout: layout, measurer: measurer, panels: .all)
        drawToolbar(into: &list, layout: layout, measurer: measurer)
        drawMessages(session, into: &list, layout: layout, measurer: measurer)
        if state.isOn(.coverage) { drawCoverageSheet(into: &list, layout: layout, measurer: measurer) }
    }

    /// The parts the window's frame is drawn in (`FramePart`): the toolbar before the newest
    /// input is read, the scene with what is drawn over it from the newest input, and the
    /// side and bottom panels aside after the present (they may lag a frame while input
    /// streams). Nil (the frame is drawn
    /// whole) while the toolbar's menu, the help sheet or the coverage sheet is open over
    /// them, or when the parts would overlap.
    package func frameParts(layout: HostLayout) -> [FramePart]? {
        if toolbar.menuOpen && layout.toolbar != nil { return nil }
        // A cover panel (the help sheet) spans the scene and the panels: drawn whole.
        if overlays, PanelRegistry.all.contains(where: { $0.place == .cover && state.isOn($0.id) }) { return nil }
        if state.isOn(.coverage) { return nil }
        var parts: [FramePart] = []
        if overlays, let side = layout.sidePanel, side.width > 0, side.height > 0 {
            parts.append(WindowPart.side.part(side))
        }
        if overlays, let bottom = layout.bottomPanel, bottom.width > 0, bottom.height > 0 {
            parts.append(WindowPart.bottom.part(bottom))
        }
        if let bar = layout.toolbar, bar.width > 0, bar.height > 0 {
            parts.append(WindowPart.toolbar.part(bar))
        }
        parts.append(WindowPart.scene.part(layout.sceneArea))
        return FramePart.areDisjoint(parts) ? parts : nil
    }

    /// The parts of the window's frame, each with its moment in the frame.
    package enum WindowPart: String, CaseIterable, Sendable {
        case side, bottom, toolbar, scene

        /// When the frame schedule draws it: the toolbar before the newest input is read, the
        /// scene from it, the panels aside after the present.
        var moment: FramePart.Moment {
            switch self {
            case .side, .bottom: .aside
            case .toolbar: .beforeInput
            case .scene: .afterInput
            }
        }

        func part(_ rect: Rect) -> FramePart { FramePart(name: rawValue, rect: rect, moment: moment) }
    }

    /// Draws one of `frameParts`: together they draw what `draw` draws.
    package func draw(_ part: FramePart, _ session: SceneSession, into list: inout DisplayList, layout: HostLayout,
                      measurer: TextMeasurer) {
        switch WindowPart(rawValue: part.name) ?? .scene {
        case .side: drawPanels(session, places: .side, into: &list, layout: layout, measurer: measurer)
        case .bottom: drawPanels(session, places: .bottom, into: &list, layout: layout, measurer: measurer)
        case .toolbar: drawToolbar(into: &list, layout: layout, measurer: measurer)
        case .scene:
            drawScene(session, into: &list, layout: layout, measurer: measurer, panels: .scene)
            drawMessages(session, into: &list, layout: layout, measurer: measurer)
        }
    }

    /// The scene, and the panels of `panels`.
    private func drawScene(_ session: SceneSession, into list: inout DisplayList, layout: HostLayout, measurer: TextMeasurer,
                           panels: DebugOverlay.Places) {
        SceneRenderer().draw(session.app.window, into: &list, toCanvas: layout.sceneTransform)
        drawPanels(session, places: panels, into: &list, layout: layout, measurer: measurer)
    }

    private func drawPanels(_ session: SceneSession, places: DebugOverlay.Places, into list: inout DisplayList,
                            layout: HostLayout, measurer: TextMeasurer) {
        guard overlays else {
            if places.contains(.scene) { sceneAreas = [] }
            return
        }
        let areas = DebugOverlay.draw(app: session.app, log: log, state: state, sceneTransform: layout.sceneTransform,
                                      sceneRect: layout.sceneRect, sidePanel: layout.sidePanel, bottomPanel: layout.bottomPanel,
                                      measurer: measurer, into: &list, extras: extras(session, layout: layout), places: places)
        if places.contains(.scene) { sceneAreas = areas }
    }

    /// The notice at the foot of the scene and the banner (recording, a reload's error) at
    /// its top, or where it hides least of the scene (`bannerRect`).
    private func drawMessages(_ session: SceneSession, into list: inout DisplayList, layout: HostLayout, measurer: TextMeasurer) {
        let u = layout.overlayScale
        if let notice {
            let r = layout.sceneRect
            list.fillRect(Rect(x: r.minX, y: r.maxY - 28 * u, width: r.width, height: 28 * u), Color(r: 20, g: 110, b: 60, a: 235))
            list.text(notice.text, at: Point(x: r.minX + 8 * u, y: r.maxY - 14 * u), size: 13 * u,
                      color: .white, baseline: .middle, maxWidth: r.width - 16 * u)
        }
        if banner != nil, let b = bannerRect(session, layout: layout, measurer: measurer) {
            list.fillRect(b, Color(r: 150, g: 30, b: 30, a: 230))
            list.text(banner ?? "", at: Point(x: b.minX + 8 * u, y: b.midY), size: 13 * u,
                      color: .white, baseline: .middle, maxWidth: b.width - 16 * u)
        }
    }

    /// Where the banner goes (canvas pixels; nil without one): a band 28 units high across the
    /// scene, at its top unless that hides what the user needs to see there (the controls and
    /// the views' text: the welcome scene's heading) or the touches overlay's pointer header;
    /// else just below that header when it is at the top, else at the foot, else just above
    /// the header when it is at the foot, else the nearest free band up from the foot (then
    /// down from the top); where none is free, the one that hides least.
    func bannerRect(_ session: SceneSession, layout: HostLayout, measurer: TextMeasurer) -> Rect? {
        guard banner != nil else { return nil }
        let r = layout.sceneRect, u = layout.overlayScale, h = 28 * u
        let top = Rect(x: r.minX, y: r.minY, width: r.width, height: h), foot = Rect(x: r.minX, y: r.maxY - h, width: r.width, height: h)
        var places = [top, foot]
        var taken: [Rect] = []
        if overlays, state.isOn(.touches) {
            let band = TouchesOverlay.headerBand(sceneRect: r, style: layout.overlayStyle, window: session.app.window,
                                                 sceneTransform: layout.sceneTransform, measurer: measurer)
            taken.append(band)
            // Beside the pointer header, on its side of the scene first.
            let below = Rect(x: r.minX, y: band.maxY, width: r.width, height: h), above = Rect(x: r.minX, y: band.minY - h, width: r.width, height: h)
            places = band.midY < r.midY ? [top, below, foot, above] : [top, foot, above, below]
            places = places.filter { $0.minY >= r.minY - 0.5 && $0.maxY <= r.maxY + 0.5 }
        }
        // Then up from the foot, and down from the top, half a banner at a time.
        places += stride(from: r.maxY - h, through: r.minY, by: -h / 2).map { Rect(x: r.minX, y: $0, width: r.width, height: h) }
        places += stride(from: r.minY, through: r.maxY - h, by: h / 2).map { Rect(x: r.minX, y: $0, width: r.width, height: h) }
        if notice != nil { taken.append(Rect(x: r.minX, y: r.maxY - 28 * u, width: r.width, height: 28 * u)) }
        let needed = SceneContent.neededRects(window: session.app.window, sceneTransform: layout.sceneTransform, measurer: measurer)
        func cost(_ b: Rect) -> Double {
            (needed + taken).reduce(0) { $0 + max(0, min($1.maxX, b.maxX) - max($1.minX, b.minX)) * max(0, min($1.maxY, b.maxY) - max($1.minY, b.minY)) }
        }
        return places.first { cost($0) == 0 } ?? places.min { cost($0) < cost($1) }
    }

    /// The coverage sheet over the whole window (`CoverageSheet`).
    func drawCoverageSheet(into list: inout DisplayList, layout: HostLayout, measurer: TextMeasurer) {
        var names: [Int: String] = [:]
        for d in touchDevices + [recordedDevice].compactMap({ $0 }) { if let t = d.traceDevice, names[t] == nil { names[t] = d.name } }
        let regions = [CoverageSheet.Region("scene", layout.sceneRect)]
            + [layout.toolbar.map { CoverageSheet.Region("toolbar", $0) }, layout.sidePanel.map { CoverageSheet.Region("side panel", $0) },
               layout.bottomPanel.map { CoverageSheet.Region("timeline", $0) }].compactMap { $0 }
        CoverageSheet.draw(coverage: coverage, deviceNames: names, canvas: layout.canvasSize, windowScale: layout.pixelScale,
                           regions: regions, unit: layout.panelScale, style: layout.overlayStyle, measurer: measurer, into: &list)
    }
}
