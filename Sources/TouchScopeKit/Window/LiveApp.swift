// LiveApp: the window's frame loop: SDL input -> the scene session -> frames, wired to keys, reload, recording, sound, replay.
import Foundation
import TouchScene
import TouchDraw
import TouchSDL

/// How the window runs: `run`'s and `replay`'s options.
struct LiveOptions {
    var traceFile: String?
    var recordFile: String?
    var noOverlays: Bool
    var fullscreen: Bool
    var display: Int?
    /// The window's size in window units (`--window`); nil: 1280×800 fitted to the display.
    var window: Size? = nil
    /// `--perfetto`: the timeline for Perfetto (`PerfettoWriter`).
    var perfettoFile: String? = nil
    /// The touchscreen read through evdev (`--device`, `--device-replay`).
    var touchDevice = TouchDeviceOptions()
    /// Moves delivered once per frame with their coalesced samples (`--no-coalesce`: false).
    var coalesce = true
}

/// The live window: feeds the host's input to the scene session and draws its frames. The
/// window's keys (`HostKeys`), the scene file's hot reload (`HotReload`; none when the
/// application is built in code), the input recording
/// (`LiveRecording`), the player's sound (`SoundClock`) and a recording played in the window
/// (`WindowedReplay`) are each their own type; this wires them to the loop.
@MainActor
final class LiveApp: HostClient, HostKeyTarget {
    let options: LiveOptions
    /// The scene file or the program's code the session comes from.
    let source: AppSource
    private(set) var session: SceneSession
    let frame: FrameState
    private(set) var host: SDLHost?
    private var trace: TraceWriter?
    private var perfetto: PerfettoWriter?
    private var recording: LiveRecording
    /// The touchscreen read through evdev (`--device`, `--device-replay`): its name and axes,
    /// which give its contacts' type, pressure and size (nil: SDL's fingers only).
    private let touchDevice: (name: String, raw: RawDevice)?
    /// Nil when the application is built in code: there is no scene file to watch.
    private var hotReload: HotReload?
    private var sound = SoundClock()
    /// The live what-if: the input so far played again with the inspector's changed settings.
    private(set) var whatIf: WhatIfWindow
    /// The recording played (`replay` without --headless); while it plays, live input other
    /// than the window's keys is ignored.
    private var replay: WindowedReplay?
    private var screenshotNumber = 0
    /// Fingers and the mouse on the toolbar and the panels (never the scene's).
    private var panelPointers = PanelPointers()
    /// The pointers that went down on the coverage sheet (finger id, the mouse as -1000000):
    /// the button each went down on (0 Close, 1 Clear, -1 none).
    private var sheetPointers: [Int: Int] = [:]
    /// The layout input is read with when there is no window (tests); the host's otherwise.
    var layoutWithoutHost: HostLayout?
    /// TOUCHSCOPE_TEST_FINGERS: fingers injected from a file, for the Xvfb tests.
    private let fingerScript = FingerScript()
    private var lastInputTime = 0.0
    /// Set once the session got its `quit` (the program is ending, or a replay reached one).
    private var ended = false
    /// `replay --screenshot FILE` in the window: its file, and why it was not written.
    private var replayScreenshot: String?
    private var replayScreenshotError: String?

    init(source: AppSource, options: LiveOptions) throws {
        self.options = options
        self.source = source
        whatIf = WhatIfWindow(scenePath: source.scenePath, types: source.types)
        session = source.makeSession()
        frame = FrameState(overlays: !options.noOverlays, defaults: session.app.defaults)
        hotReload = source.scenePath.map { HotReload(scenePath: $0, types: source.types) }
        if let path = options.traceFile {
            do { trace = try TraceWriter(path: path) } catch { throw CLIError.badInput(error.description) }
        }
        perfetto = try openPerfetto(options.perfettoFile, scene: session.scene)
        touchDevice = EvdevTouchscreen.recordingDevice(options.touchDevice, window: session.scene.window)
        recording = try LiveRecording(path: options.recordFile, window: session.scene.window, scenePath: source.scenePath,
                                      device: touchDevice, touchFrames: options.coalesce)
        connectTrace()
    }

    private func connectTrace() {
        session.app.coalescesTouches = options.coalesce
        frame.follow(session, also: (trace.map { [$0] } ?? []) + (perfetto.map { [$0] } ?? []) + [ShakeRumble(app: self)])
        if host != nil { session.app.pasteboard = SDLPasteboard() }
        checkCapabilities()
    }

    /// Says in the trace (and the panel) whether the attached devices have what the scene needs.
    private func checkCapabilities() {
        let required = Set(session.scene.capabilities.compactMap { DeviceCapability(rawValue: $0.rawValue) })
        guard !required.isEmpty else { return }
        var available: Set<DeviceCapability> = [.touchscreen]
        for device in host?.sources.devices ?? [] { available.formUnion(device.capabilities) }
        _ = session.app.checkRequiredCapabilities(required, available: available)
    }

    // MARK: Running

    /// Opens the window and runs until it is closed; files are complete on return.
    func run() throws {
        let host = try makeHost()
        _ = host.run(client: self)
        try finish()
    }

    /// Plays `reader` in the window until its end (`until`, a recorded `quit`, or one second
    /// after the last input); files are complete on return.
    /// Unless `exitAtEnd`, the window then stays open, paused at the end with the whole
    /// timeline shown, until it is closed; a window nobody can see (SDL's dummy or offscreen
    /// video driver) always closes at the end.
    func replay(_ reader: RecordingReader, until: Double?, screenshot: String?, at: Double?, dumpTree: String?,
                exitAtEnd: Bool = true) throws {
        let replay = WindowedReplay(reader, until: until, screenshot: screenshot, at: at,
                                    builtInCode: session.isBuiltInCode ? source.programName : nil, types: source.types)
        self.replay = replay
        frame.takeRecording(reader)
        replayScreenshot = screenshot
        let host = try makeHost()
        if !exitAtEnd && !["dummy", "offscreen"].contains(SDLContext.videoDriver) {
            replay.atEnd = { [weak self] end in self?.showWholeReplay(endingAt: end) }
        }
        _ = host.run(client: self)
        if let error = replay.error {
            try? finish()
            throw CLIError.badInput(error)
        }
        try finish()
        if let replayScreenshotError { throw CLIError.badInput(replayScreenshotError) }
        if let dumpTree {
            do throws(InputFileError) { try TreeDump.write(of: session.app.window, to: dumpTree) }
            catch { throw CLIError.badInput(error.description) }
        }
        warnIfCutOff(reader)
    }

    private func makeHost() throws -> SDLHost {
        DisplayLoss.handler = { [weak self] in self?.displayLost() }
        do {
            var hostOptions = HostOptions(sceneName: session.scene.title ?? session.scene.name,
                                          fullscreen: options.fullscreen, displayIndex: options.display,
                                          windowSize: options.window,
                                          layout: LayoutOptions(panelsVisible: frame.overlays,
                                                                toolbarWhenHidden: frame.overlays))
            hostOptions.touchDevice = options.touchDevice
            return try SDLHost(options: hostOptions, sceneSize: session.scene.window)
        } catch let error as SDLError where error.isNoDisplay {
            throw CLIError(message: "\(source.programName): no display (\(error.message)); to run without one use: "
                + source.headlessHint, status: 1)
        } catch {
            throw CLIError.failure("cannot open a window: \(error)")
        }
    }

    /// Closes the files; throws the first that could not be written (`FILE:1:1: cannot
    /// write ...`, exit status 2). A recording that failed while the window ran was reported
    /// then: only the exit status says it again.
    private func finish() throws(CLIError) {
        sound.pause()
        let recordingError = recording.close()
        trace?.close()
        perfetto?.close(at: session.app.time)
        if let e = trace?.writeError ?? perfetto?.writeError { throw CLIError.badInput(e.description) }
        if let e = recordingError { throw CLIError.badInput(e.description) }
        if recording.failed { throw CLIError(message: "", status: 2) }
    }

    /// A recording that could not be written stops: the window and standard error say so.
    private func checkRecording() {
        guard let e = recording.stopIfFailed() else { return }
        frame.banner = "recording stopped: " + e.description
        FileHandle.standardError.write(Data("\(e.description); recording stopped\n".utf8))
        host?.setNeedsDisplay()
    }

    // MARK: HostClient

    var sceneSize: Size { session.scene.window }

    func hostDidStart(_ host: SDLHost) {
        self.host = host
        frame.accelerometers = host.sources.devices.filter { $0.kind == .accelerometer }.map {
            DeviceAccelerometer(name: $0.name, inUse: $0.inUse)
        }
        // A tablet with its own accelerometer shows it in the device panel.
        if !frame.accelerometers.isEmpty { frame.state.set(.nowPlaying, true) }
        session.app.pasteboard = SDLPasteboard()
        checkCapabilities()
    }

    var nextWakeTime: Double? {
        // While a what-if run is under way, the window looks for its outcome every 50 ms.
        let whatIfPoll = whatIf.isBusy ? (host?.time ?? session.app.time) + 0.05 : nil
        return [session.nextDeadline, replay?.nextTime, frame.notice?.until, timelineRedraw, whatIfPoll, whatIf.nextRunTime]
            .compactMap { $0 }.min()
    }

    /// When the live timeline must be drawn again to keep up with the clock (nil: its
    /// picture does not change, or it is not shown): `TimelinePanel.nextRedraw`.
    private var timelineRedraw: Double? {
        guard let host, frame.overlays, frame.state.isOn(.timeline), let bottom = host.layout.bottomPanel else { return nil }
        return TimelinePanel.nextRedraw(log: frame.log, state: frame.state, now: session.app.time, plotWidth: bottom.width * 0.78)
    }

    /// Shows `text` at the foot of the scene for a few seconds (a file saved).
    func showNotice(_ text: String) {
        frame.notice = (text, (host?.time ?? session.app.time) + FrameState.noticeSeconds)
        host?.setNeedsDisplay()
    }

    /// Where an input went (`route`): only input that went to the scene counts in the touch
    /// devices panel's input-to-photon latency.
    enum InputRoute: Equatable {
        /// Into the scene session (and the recording).
        case scene
        /// A mouse moving with no button over the panels or the letterbox: the scene's (as
        /// it always was), but nothing there to draw for it.
        case hoverOffScene
        /// The debugger's own: the toolbar, the panels, the coverage sheet, a window key, the
        /// right click that picks a view.
        case debugger
        /// Live input while a recording plays, or after the end: dropped.
        case dropped

        var countsForLatency: Bool { self == .scene }
    }

    func handle(_ input: RawInput) {
        if !route(input).countsForLatency { host?.setInputAside() }
    }

    /// Delivers `input` where it goes and says where that was.
    @discardableResult
    func route(_ input: RawInput) -> InputRoute {
        // Nothing that is not a finite number reaches the model or the recording.
        guard input.isFinite, !ended else { return .dropped }
        // An event SDL stamped before the model's time is delivered at the model's time; the
        // recording says so, so a replay delivers it at the same moment.
        var input = input
        input.t = max(input.t, session.app.time)
        lastInputTime = input.t
        let layout = host?.layout ?? layoutWithoutHost
        // Every finger, wherever it lands, counts on the coverage sheet; while the sheet is
        // open, it takes the pointers that go down on it.
        if let layout { noteCoverage(input, layout: layout) }
        if frame.state.isOn(.coverage) || !sheetPointers.isEmpty, let layout, coverageSheetTakes(input, layout: layout) {
            host?.setNeedsDisplay()
            return .debugger
        }
        // The toolbar and the panels take what lands on them first, even while a recording
        // plays: it is the debugger's, never the scene's, and is not recorded.
        if let layout,
           panelPointers.take(input, for: self, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer()) {
            keepToolbarStrip()
            host?.setNeedsDisplay()
            return .debugger
        }
        if replay != nil {
            // While a recording plays, live input other than the host keys is ignored.
            if case .keyDown = input.kind { _ = handleHostKey(input) }
            return .dropped
        }
        if handleHostKey(input) { keepToolbarStrip(); return .debugger }
        if case let .mouseDown(x, y, .right, _) = input.kind {
            // Right click: select the view under the pointer in the inspector; not a touch.
            frame.state.selectView(at: Point(x: x, y: y), in: session.app.window)
            frame.state.set(.inspector, true)
            host?.setNeedsDisplay()
            return .debugger
        }
        // A finger of the evdev device carries its contact, kernel time included (`raw`): the
        // recording keeps it, and the touch takes its type, pressure and size from it (a pen is
        // `.pencil`, a palm is kept out: docs/touch-types.md).
        let contact = host?.sources.first(EvdevTouchscreen.self)?.recordedContact(for: input)
        recording.write(input, contact: contact)
        whatIf.note(input, contact: contact, device: touchDevice?.raw)
        if let contact { session.handle(input, contact: contact, device: touchDevice?.raw) } else { session.handle(input) }
        if case let .mouseMove(x, y, nil, _) = input.kind, !Rect(origin: .zero, size: session.scene.window).contains(Point(x: x, y: y)) {
            return .hoverOffScene
        }
        return .scene
    }

    // MARK: The coverage sheet

    /// A finger sample on the coverage sheet's map, in window units.
    private func noteCoverage(_ input: RawInput, layout: HostLayout) {
        let (x, y, device): (Double, Double, Int?)
        switch input.kind {
        case let .fingerDown(_, px, py, _, d), let .fingerMove(_, px, py, _, d), let .fingerUp(_, px, py, _, d): (x, y, device) = (px, py, d)
        default: return
        }
        let c = layout.sceneToCanvasExact(Point(x: x, y: y))
        frame.coverage.note(device: device ?? 0, at: Point(x: c.x / layout.pixelScale, y: c.y / layout.pixelScale),
                            window: layout.windowSize)
    }

    /// The sheet's share of the input while it is open: the pointers that go down on it (a
    /// lift on the button it went down on presses it: Close, Clear), C or Escape (close).
    /// Pointers that were down before it opened keep going where they went.
    private func coverageSheetTakes(_ input: RawInput, layout: HostLayout) -> Bool {
        let open = frame.state.isOn(.coverage)
        let buttons = CoverageSheet.buttons(canvas: layout.canvasSize, unit: layout.panelScale)
        func button(at p: Point) -> Int? {
            let c = layout.sceneToCanvasExact(p)
            return buttons.close.contains(c) ? 0 : buttons.clear.contains(c) ? 1 : nil
        }
        let id: Int, point: Point, phase: TouchPhase
        switch input.kind {
        case let .keyDown(key, mods) where open && ["escape", "c"].contains(key.lowercased()) && !mods.contains(.ctrl) && !mods.contains(.alt):
            frame.state.set(.coverage, false)
            return true
        case let .fingerDown(f, x, y, _, _): (id, point, phase) = (f, Point(x: x, y: y), .began)
        case let .fingerMove(f, x, y, _, _): (id, point, phase) = (f, Point(x: x, y: y), .moved)
        case let .fingerUp(f, x, y, _, _): (id, point, phase) = (f, Point(x: x, y: y), .ended)
        case let .mouseDown(x, y, _, _): (id, point, phase) = (-1_000_000, Point(x: x, y: y), .began)
        case let .mouseMove(x, y, button, _): (id, point, phase) = (-1_000_000, Point(x: x, y: y), .moved)
            if button == nil && open { return true }   // hovering over the sheet
        case let .mouseUp(x, y, _, _): (id, point, phase) = (-1_000_000, Point(x: x, y: y), .ended)
        default:
            return false
        }
        switch phase {
        case .began:
            guard open else { return false }
            sheetPointers[id] = button(at: point) ?? -1
            return true
        case .moved, .stationary:
            return sheetPointers[id] != nil
        case .ended, .cancelled:
            guard let pressed = sheetPointers.removeValue(forKey: id) else { return false }
            if open, pressed >= 0, button(at: point) == pressed {
                if pressed == 0 { frame.state.set(.coverage, false) } else { frame.coverage.clear() }
            }
            return true
        }
    }

    func advance(to time: Double) -> Bool {
        // Once per loop turn, after the turn's input: what was recorded is on disk when the
        // input stops (a kill loses at most this turn's input).
        recording.flush()
        checkRecording()
        if let notice = frame.notice, time >= notice.until {
            frame.notice = nil
            host?.setNeedsDisplay()
        }
        if let replay { feed(replay, upTo: time) }
        // The what-if: a button, a changed setting handed to its thread, a finished run picked up.
        // A sweep is for the verdict card's gesture, else the latest one.
        let selected = frame.state.whatIf.request == .sweep
            ? (VerdictCard.shown(log: frame.log, state: frame.state) ?? frame.log.latestGesture).map(\.start) : []
        // The card's Fix row: searched on the what-if's thread for the card's loser.
        let fixFor = VerdictCard.fixTarget(log: frame.log, state: frame.state)
        if whatIf.update(&frame.state.whatIf, window: session.scene.window, selected: selected, fixFor: fixFor, now: time) {
            frame.whatIf = whatIf.forPanels
            host?.setNeedsDisplay()
        }
        if let fingerScript, let host {
            fingerScript.report(frame.scriptState(session, layout: host.layout, measurer: host.textMeasurer))
            fingerScript.reportCard(frame.cardText)
        }
        if hotReload?.fileChanged(at: time) == true { reloadScene() }
        sound.sync(session.built.player, scene: session.scene)
        deliverTouchFrame(at: time)
        let busy = session.advance(to: time)
        // Following live, a selection made before the newest decision is dropped.
        if frame.state.selectedRecord != nil || frame.state.selectionSeen != nil {
            frame.state.dropStaleSelection(latestDecision: frame.log.latestDecision?.seq)
        }
        return busy || (session.built.player?.isPlaying ?? false)
    }

    /// This loop turn's frame delivers the moves that wait (TouchCoalescing.swift); live, the
    /// recording keeps the instant (a `touch-frame` line), so a replay delivers at the same one.
    private func deliverTouchFrame(at time: Double) {
        guard !ended, session.app.earliestPendingTouchSample != nil, replay?.hasTouchFrames != true else { return }
        let input = RawInput(t: max(time, session.app.time), .touchFrame)
        if replay == nil {
            recording.write(input)
            whatIf.note(input)
        }
        session.handle(input)
    }

    func draw(into list: inout DisplayList, layout: HostLayout) {
        prepareFrame()
        frame.draw(session, into: &list, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer())
        perfetto?.frame(at: session.app.time)
        writeDeviceStages()
    }

    /// The evdev device's frames presented since the last frame, as flows in the Perfetto
    /// timeline: their CLOCK_MONOTONIC times put on the trace's clock by the offset now.
    private func writeDeviceStages() {
        guard let perfetto, let device = host?.sources.first(EvdevTouchscreen.self) else { return }
        let times = device.takeStageTimes()
        guard !times.isEmpty else { return }
        let offset = EvdevReader.monotonicMicroseconds() - Int64((session.app.time * 1e6).rounded())
        perfetto.deviceStages(times, monotonicOffset: offset)
    }

    func frameParts(layout: HostLayout) -> [FramePart]? { frame.frameParts(layout: layout) }

    func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) {
        prepareFrame()
        frame.draw(part, session, into: &list, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer())
        // The scene is the frame's last part, always drawn.
        if part.moment == .afterInput { perfetto?.frame(at: session.app.time); writeDeviceStages() }
    }

    /// What the frame shows of the window's own state, and the host data the shown panels
    /// read (`PanelEntry.needs`), asked for only then.
    private func prepareFrame() {
        frame.toolbar.recording = recording.isRecording
        frame.toolbar.fullscreen = host?.isFullscreen ?? false
        let needs = PanelRegistry.needs(frame.state)
        if let host, needs.contains(.touchDevices) { frame.touchDevices = host.touchDevices() }
        if let host, needs.contains(.latency) {
            frame.latency = host.recentLatency.map { LatencyReadout(p50: $0.p50, p99: $0.p99, count: $0.count) }
        }
    }

    func hostCommand(_ command: HostCommand) {
        switch command {
        case .quit: endSession()
        case .layoutChanged: host?.setNeedsDisplay()
        case .padsChanged(let pads):
            frame.pads = pads.map { ConnectedPad(name: $0.name, hasAccel: $0.hasAccelerometer, hasGyro: $0.hasGyroscope) }
            checkCapabilities()
            host?.setNeedsDisplay()
        case .screenshotSaved(let path):
            FileHandle.standardError.write(Data("\(source.programName): screenshot saved to \(path)\n".utf8))
            if path != replayScreenshot { showNotice("screenshot saved: \(LiveRecording.fullPath(path))") }
        case .screenshotFailed(let path, let message) where path == replayScreenshot:
            // The replay's --screenshot: the program ends with it (exit status 2).
            replayScreenshotError = "\(path):1:1: cannot write the screenshot: \(message)"
        case .screenshotFailed(let path, let message):
            FileHandle.standardError.write(Data("\(source.programName): screenshot \(path) failed: \(message)\n".utf8))
            showNotice("screenshot not saved: \(message)")
        }
    }

    /// The display went away (`DisplayLoss`; called from inside the X call that noticed, so
    /// nothing here may call SDL or X): everything under way is cancelled ("display lost")
    /// through a `display-lost` input that the recording gets too, the files are completed,
    /// and one line says so. The process then exits with status 1.
    private func displayLost() {
        endSession(.displayLost)
        var saved = savedFiles
        do { try finish() } catch { saved = error.message.isEmpty ? "the recording could not be written" : error.message }
        FileHandle.standardError.write(Data("\(source.programName): display lost (the window's display went away); \(saved)\n".utf8))
    }

    /// What `displayLost` tells the user was saved.
    private var savedFiles: String {
        let files = [options.recordFile.map { "recording \($0)" }, options.traceFile.map { "trace \($0)" },
                     options.perfettoFile.map { "Perfetto timeline \($0)" }].compactMap { $0 }
        return files.isEmpty ? "nothing was being written" : "complete on disk: " + files.joined(separator: ", ")
    }

    /// The program is ending: everything under way is cancelled ("program ending") through
    /// a `quit` input (or "display lost", `displayLost`), which the recording gets too, so the
    /// trace and the recording end balanced and the recording replays to the same trace.
    private func endSession(_ kind: RawInput.Kind = .quit) {
        guard !ended else { return }
        // The host's clock is SDL's tick count: no X call.
        let input = RawInput(t: max(host?.time ?? 0, session.app.time, lastInputTime), kind)
        recording.write(input)
        session.handle(input)
        ended = true
    }

    /// Once the panels have shown, hiding them leaves the toolbar's strip, so a finger can
    /// bring them back (`--no-overlays` alone starts without it).
    private func keepToolbarStrip() {
        guard frame.overlays, let host, !host.layout.options.toolbarWhenHidden else { return }
        var options = host.layout.options
        options.toolbarWhenHidden = true
        host.setLayoutOptions(options)
    }

    // MARK: The window's jobs (HostKeyTarget)

    func toggleRecording() {
        let saved = recording.currentPath
        frame.banner = recording.toggle(window: session.scene.window, program: source.programName)
        if let saved, frame.banner == nil { showNotice("recording saved: \(LiveRecording.fullPath(saved))") }
        host?.setNeedsDisplay()
    }

    /// Loads the scene file again; a broken edit shows its error and keeps the old scene.
    /// An application built in code has no scene file: the banner says so.
    func reloadScene() {
        guard let outcome = hotReload?.load(at: session.app.time) else {
            frame.banner = "nothing to reload: \(source.programName) builds its views in code (hot reload is for scene files)"
            host?.setNeedsDisplay()
            return
        }
        switch outcome {
        case let .loaded(scene, line):
            // The recording keeps the scene's text, so a replay reloads the same scene at the
            // moment the touches under way were cancelled.
            recording.write(line)
            replaceScene(scene)
            frame.banner = nil
        case .failed(let message):
            frame.banner = "scene not reloaded: " + message
        }
        host?.setNeedsDisplay()
    }

    func saveScreenshot() {
        screenshotNumber += 1
        host?.saveScreenshot(to: SavedFiles.path("\(source.programName)-\(screenshotNumber).png"))
    }

    /// The hot reload's work, live or replayed: the touches under way are cancelled ("scene
    /// reloaded") and `scene` replaces the scene.
    private func replaceScene(_ scene: SceneDescription) {
        sound.stop()
        session = SceneSession(scene: scene, replacing: session, reason: "scene reloaded")
        whatIf.sceneReplaced()
        connectTrace()
    }

    /// The replay reached its end and the window stays open: the timeline pauses at the end
    /// and shows the whole recording, ready to be stepped through.
    private func showWholeReplay(endingAt end: Double) {
        frame.state.followLive = false
        frame.state.timelineEnd = end
        frame.state.timelineSpan = min(OverlayState.maxSpan, max(frame.state.timelineSpan, end + 0.25))
        host?.setNeedsDisplay()
    }

    /// One loop turn of a recording played in the window.
    private func feed(_ replay: WindowedReplay, upTo time: Double) {
        lastInputTime = replay.feed(upTo: time, lastInputTime: lastInputTime, sceneFolder: session.scene.folder, host: host) { step in
            switch step {
            case .input(let input):
                let contact = replay.currentContact
                frame.rawContacts.willHandle(input, contact, app: session.app)
                whatIf.note(input, contact: contact, device: replay.rawDevice)
                session.handle(input, contact: contact, device: replay.rawDevice)
                frame.rawContacts.didHandle(input, contact, app: session.app)
                if input.isEnd { ended = true }
            case .scene(let scene):
                replaceScene(scene)
            }
        }
    }
}

/// A gamepad acknowledges a shake with a short rumble: a trace reader like the panels.
@MainActor private final class ShakeRumble: TraceSink {
    weak var app: LiveApp?
    init(app: LiveApp) { self.app = app }
    nonisolated func receive(_ record: consuming TraceRecord) {
        // The live program's tracer runs on the main thread.
        if case .motion(.began, _, _, _) = record.body { MainActor.assumeIsolated { rumble() } }
    }
    private func rumble() { app?.host?.pads.rumble(ms: 150) }
}
