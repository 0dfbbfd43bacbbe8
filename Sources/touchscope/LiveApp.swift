/// The event-log filters on keys 1–7.
let logKinds: [TraceKind] = [.hitTest, .touches, .gesture, .control, .action, .motion, .remote]

// LiveApp: the window: SDL input -> the scene session, frames, hot reload, recording, sound.
import Foundation
import TouchScene
import TouchDraw
import TouchSDL

struct LiveOptions {
    var traceFile: String?
    var recordFile: String?
    var noOverlays: Bool
    var fullscreen: Bool
    var display: Int?
}

/// Keys the window keeps for itself (everything else goes to the event model's input map).
let hostKeys: [(input: String, effect: String)] = [
    ("F1", "show or hide this help"),
    ("F2", "show or hide every debugging panel"),
    ("F3 / Shift+F3", "touches overlay / event log on or off"),
    ("F4 / Shift+F4", "hit-test path / inspector on or off"),
    ("F5 / Shift+F5", "responder chain / Now Playing and devices on or off"),
    ("F6", "timeline on or off"),
    ("Space / Home", "pause the timeline / follow live again"),
    (", / .", "step the paused timeline one frame (1/60 s) back / forward"),
    ("Left / Right", "step to the previous / next recognizer transition (pauses; its reason is shown)"),
    ("Up / Down", "select the previous / next timeline lane"),
    ("PageUp / PageDown", "scroll the timeline back / forward"),
    ("= / -", "zoom the timeline in / out"),
    ("[ / ]", "select the previous / next view in the inspector"),
    ("T", "pick the next touch for the hit-test path"),
    ("1 … 7 (Shift: solo), 0", "event-log filters: hit-test, touches, gestures, controls, actions, motion, remote; 0 shows all"),
    ("F10", "start or stop recording the input (touchscope-recording-N.jsonl)"),
    ("F11", "full screen on or off"),
    ("F12", "screenshot of the whole window (touchscope-N.png)"),
    ("Ctrl+R", "reload the scene (also automatic when the file changes)"),
    ("Ctrl+Q", "quit (as do closing the window, SIGINT and SIGTERM)"),
    ("right click", "select the view under the pointer in the inspector (not a touch)"),
]

@MainActor
final class LiveApp: HostClient {
    let scenePath: String
    let options: LiveOptions
    private(set) var session: SceneSession
    let frame: FrameState
    private var host: SDLHost?
    private var trace: TraceWriter?
    private var recorder: RecordingWriter?
    private var recordingNumber = 0
    private var screenshotNumber = 0
    private var sceneStamp: Date?
    private var lastReloadCheck = 0.0
    private var tone: TonePlayer?
    private var toneTried = false
    // Live replay of a recording (`replay` without --headless).
    private var replayReader: RecordingReader?
    private var replayNext: RecordingEntry?
    private var replayEnd: Double?
    private var replayShot: (path: String, at: Double?)?
    private var replayDump: String?
    private var replayError: String?
    private var lastInputTime = 0.0
    /// Set once the session got its `quit` (the program is ending, or a replay reached one).
    private var ended = false

    init(scenePath: String, scene: SceneDescription, options: LiveOptions) throws {
        self.scenePath = scenePath
        self.options = options
        session = SceneSession(scene: scene)
        frame = FrameState(overlays: !options.noOverlays, defaults: session.app.defaults)
        sceneStamp = Self.modificationDate(scenePath)
        if let path = options.traceFile {
            do { trace = try TraceWriter(path: path) } catch { throw CLIError.failure(error.description) }
        }
        if let path = options.recordFile {
            do { recorder = try RecordingWriter(path: path, window: scene.window) } catch { throw CLIError.failure(error.description) }
        }
        connectTrace()
    }

    private func connectTrace() {
        let trace = self.trace
        frame.follow(session) { [weak self] r in
            trace?.write(r)
            // A gamepad acknowledges a shake with a short rumble.
            if case .motion(.began, _, _, _) = r.body { self?.host?.pads.rumble(ms: 150) }
        }
        if host != nil { session.app.pasteboard = SDLPasteboard() }
        checkCapabilities()
    }

    /// Says in the trace (and the panel) whether the attached devices have what the scene needs.
    private func checkCapabilities() {
        let required = Set(session.scene.capabilities.compactMap { DeviceCapability(rawValue: $0.rawValue) })
        guard !required.isEmpty else { return }
        var available: Set<DeviceCapability> = [.touchscreen]
        if let pads = host?.pads.pads, !pads.isEmpty {
            available.insert(.gamepad)
            if pads.contains(where: \.hasAccelerometer) { available.insert(.accelerometer) }
            if pads.contains(where: \.hasGyroscope) { available.insert(.gyroscope) }
        }
        _ = session.app.checkRequiredCapabilities(required, available: available)
    }

    // MARK: Running

    /// Opens the window and runs until it is closed; files are complete on return.
    func run() throws {
        let host = try makeHost()
        _ = host.run(client: self)
        finish()
    }

    func replay(_ reader: RecordingReader, until: Double?, screenshot: String?, at: Double?, dumpTree: String?) throws {
        replayReader = reader
        replayEnd = until
        replayShot = screenshot.map { ($0, at) }
        replayDump = dumpTree
        pullReplayInput()
        let host = try makeHost()
        _ = host.run(client: self)
        finish()
        if let replayError { throw CLIError.badInput(replayError) }
        warnIfCutOff(reader)
    }

    private func makeHost() throws -> SDLHost {
        do {
            return try SDLHost(options: HostOptions(sceneName: session.scene.title ?? session.scene.name,
                                                    fullscreen: options.fullscreen, displayIndex: options.display,
                                                    layout: LayoutOptions(panelsVisible: frame.overlays)),
                               sceneSize: session.scene.window)
        } catch {
            throw CLIError.failure("cannot open a window: \(error)")
        }
    }

    private func finish() {
        tone?.pause()
        recorder?.close()
        trace?.close()
        if let replayDump {
            try? TreeDump.json(of: session.app.window).write(toFile: replayDump, atomically: true, encoding: .utf8)
        }
    }

    // MARK: HostClient

    var sceneSize: Size { session.scene.window }

    func hostDidStart(_ host: SDLHost) {
        self.host = host
        session.app.pasteboard = SDLPasteboard()
        checkCapabilities()
    }

    var nextWakeTime: Double? {
        [session.app.nextDeadline, replayNext?.t].compactMap { $0 }.min()
    }

    func handle(_ input: RawInput) {
        // Nothing that is not a finite number reaches the model or the recording.
        guard input.isFinite, !ended else { return }
        // An event SDL stamped before the model's time is delivered at the model's time; the
        // recording says so, so a replay delivers it at the same moment.
        var input = input
        input.t = max(input.t, session.app.time)
        lastInputTime = input.t
        if replayReader != nil {
            // While a recording plays, live input other than the host keys is ignored.
            if case .keyDown = input.kind { _ = hostKey(input) }
            return
        }
        if hostKey(input) { return }
        if case let .mouseDown(x, y, .right, _) = input.kind {
            // Right click: select the view under the pointer in the inspector; not a touch.
            frame.state.selectView(at: Point(x: x, y: y), in: session.app.window)
            frame.state.set(.inspector, true)
            host?.setNeedsDisplay()
            return
        }
        recorder?.write(input)
        session.handle(input)
    }

    func advance(to time: Double) -> Bool {
        // Once per loop turn, after the turn's input: what was recorded is on disk when the
        // input stops (a kill loses at most this turn's input).
        recorder?.flush()
        if replayReader != nil { feedReplay(upTo: time) }
        if time - lastReloadCheck > 0.5 { lastReloadCheck = time; reloadIfChanged() }
        syncSound()
        let busy = session.advance(to: time)
        return busy || (session.built.player?.isPlaying ?? false)
    }

    func draw(into list: inout DisplayList, layout: HostLayout) {
        frame.draw(session, into: &list, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer())
    }

    func hostCommand(_ command: HostCommand) {
        switch command {
        case .quit: endSession()
        case .layoutChanged: host?.setNeedsDisplay()
        case .padsChanged(let pads):
            frame.pads = pads.map { ConnectedPad(name: $0.name, hasAccel: $0.hasAccelerometer, hasGyro: $0.hasGyroscope) }
            checkCapabilities()
            host?.setNeedsDisplay()
        case .screenshotSaved(let path): FileHandle.standardError.write(Data("touchscope: screenshot saved to \(path)\n".utf8))
        case .screenshotFailed(let path, let message):
            FileHandle.standardError.write(Data("touchscope: screenshot \(path) failed: \(message)\n".utf8))
        }
    }

    /// The program is ending: everything under way is cancelled ("program ending") through
    /// a `quit` input, which the recording gets too, so the trace and the recording end
    /// balanced and the recording replays to the same trace.
    private func endSession() {
        guard !ended else { return }
        let input = RawInput(t: max(host?.time ?? 0, session.app.time, lastInputTime), .quit)
        recorder?.write(input)
        session.handle(input)
        ended = true
    }

    // MARK: Host keys

    /// Handles the window's own keys; true when the input was one of them.
    private func hostKey(_ input: RawInput) -> Bool {
        switch input.kind {
        case let .keyDown(key, mods):
            guard let action = hostAction(key, mods) else { return false }
            action()
            host?.setNeedsDisplay()
            return true
        case let .keyUp(key, mods):
            return hostAction(key, mods) != nil
        default:
            return false
        }
    }

    /// The window's own keys (see `hostKeys`). Keys without F or Ctrl act only while no text
    /// field is being edited, so typing is never taken.
    private func hostAction(_ key: String, _ mods: [KeyModifier]) -> (() -> Void)? {
        let ctrl = mods.contains(.ctrl), shift = mods.contains(.shift), alt = mods.contains(.alt)
        let now = session.app.time
        let editing = session.app.firstResponder is TextField
        switch key.lowercased() {
        case "f1": return { self.frame.state.toggle(.help); self.showPanels() }
        case "f2": return { self.frame.overlays.toggle(); self.host?.togglePanels() }
        case "f3": return { self.frame.state.toggle(shift ? .eventLog : .touches); self.showPanels() }
        case "f4": return { self.frame.state.toggle(shift ? .inspector : .hitTest); self.showPanels() }
        case "f5": return { self.frame.state.toggle(shift ? .nowPlaying : .responderChain); self.showPanels() }
        case "f6": return { self.frame.state.toggle(.timeline); self.showPanels() }
        case "f10": return { self.toggleRecording() }
        case "f11": return { if let host = self.host { host.setFullscreen(!host.isFullscreen) } }
        case "f12": return {
            self.screenshotNumber += 1
            self.host?.saveScreenshot(to: "touchscope-\(self.screenshotNumber).png")
        }
        case "r" where ctrl: return { self.reload(force: true) }
        case "q" where ctrl: return { self.host?.requestQuit() }
        default: break
        }
        if ctrl || alt || editing { return nil }
        let lanes = { DebugOverlay.timelineLanes(app: self.session.app, log: self.frame.log, state: self.frame.state) }
        switch key.lowercased() {
        case "space": return { self.frame.state.togglePaused(now: now) }
        case "home": return { self.frame.state.goLive() }
        case ",", ".":
            // Step the timeline one frame (1/60 s) back or forward; pauses it first.
            return {
                if self.frame.state.followLive { self.frame.state.togglePaused(now: now) }
                self.frame.state.scrollTimeline(by: key == "," ? -1.0 / 60 : 1.0 / 60, now: now)
            }
        case "left": return { self.frame.state.selectTransition(step: -1, in: self.frame.log, now: now) }
        case "right": return { self.frame.state.selectTransition(step: 1, in: self.frame.log, now: now) }
        case "up": return { self.frame.state.selectLane(step: -1, in: lanes()) }
        case "down": return { self.frame.state.selectLane(step: 1, in: lanes()) }
        case "pageup": return { self.frame.state.pageTimeline(-1, now: now) }
        case "pagedown": return { self.frame.state.pageTimeline(1, now: now) }
        case "=", "keypad +": return { self.frame.state.zoomTimeline(by: 0.5, now: now) }
        case "-", "keypad -": return { self.frame.state.zoomTimeline(by: 2, now: now) }
        case "[": return { self.frame.state.selectNextView(in: self.session.app.window, step: -1) }
        case "]": return { self.frame.state.selectNextView(in: self.session.app.window, step: 1) }
        case "t": return { self.frame.state.pickNextTouch(in: self.frame.log, step: 1) }
        case "0": return { for k in logKinds { if !self.frame.state.logKinds.contains(k) { self.frame.state.toggleLogKind(k) } } }
        case "1", "2", "3", "4", "5", "6", "7":
            guard let n = Int(key), n <= logKinds.count else { return nil }
            let kind = logKinds[n - 1]
            return { shift ? self.frame.state.soloLogKind(kind) : self.frame.state.toggleLogKind(kind) }
        default: return nil
        }
    }

    private func showPanels() {
        if !frame.overlays { frame.overlays = true; host?.togglePanels() }
    }

    private func toggleRecording() {
        if let r = recorder {
            r.close()
            recorder = nil
            frame.banner = nil
            return
        }
        recordingNumber += 1
        let path = "touchscope-recording-\(recordingNumber).jsonl"
        do {
            recorder = try RecordingWriter(path: path, window: session.scene.window)
            frame.banner = "● recording to \(path) (F10 stops)"
        } catch {
            frame.banner = "cannot record: \(error.description)"
        }
    }

    // MARK: Hot reload

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    private func reloadIfChanged() {
        let stamp = Self.modificationDate(scenePath)
        if stamp != sceneStamp { reload(force: false) }
    }

    /// Loads the scene file again; a broken edit shows its error and keeps the old scene.
    private func reload(force: Bool) {
        sceneStamp = Self.modificationDate(scenePath)
        do {
            let (scene, text) = try SceneLoader.loadKeepingText(path: scenePath)
            // The recording keeps the scene's text, so a replay reloads the same scene at the
            // moment the touches under way were cancelled.
            recorder?.write(SceneReload(t: session.app.time, path: scenePath, scene: text))
            replaceScene(scene)
            frame.banner = nil
        } catch {
            frame.banner = "scene not reloaded: " + (error.diagnostics.first?.description ?? "error")
        }
        host?.setNeedsDisplay()
    }

    /// The hot reload's work, live or replayed: the touches under way are cancelled ("scene
    /// reloaded") and `scene` replaces the scene.
    private func replaceScene(_ scene: SceneDescription) {
        tone?.pause()
        tone = nil
        toneTried = false
        session = SceneSession(scene: scene, replacing: session, reason: "scene reloaded")
        connectTrace()
    }

    // MARK: Sound: the media player plays a tone through SDL audio; elapsed follows the audio clock

    private var lastAudioClock = 0.0

    /// Keeps the tone playing while the media player plays, and moves the player's elapsed
    /// time by what the audio device really played (SDL's dummy driver keeps time too).
    private func syncSound() {
        guard let mp = session.built.player else { return }
        if mp.isPlaying && tone == nil && !toneTried {
            toneTried = true
            let f = session.scene.player?.tone ?? 440
            let melody = [1.0, 1.25, 1.5, 1.25].map { Tone(f * $0, 0.4) }
            tone = try? TonePlayer(melody: melody, wavPath: session.scene.player?.sound?.resolved)
            tone?.loops = true
            if let tone { mp.followsHostTime = false; lastAudioClock = tone.playedSeconds }
        }
        guard let tone else { return }
        if mp.isPlaying != tone.isPlaying {
            if mp.isPlaying { tone.play() } else { tone.pause() }
        }
        _ = tone.update()
        let clock = tone.playedSeconds
        if mp.isPlaying, clock > lastAudioClock {
            mp.syncElapsed(mp.elapsed + (clock - lastAudioClock) * max(mp.rate, 0))
        }
        lastAudioClock = clock
    }

    // MARK: Live replay

    private func pullReplayInput() {
        do { replayNext = try replayReader?.nextEntry() } catch {
            replayError = error.description
            replayNext = nil
            host?.requestQuit()
        }
    }

    private func replayReload(_ r: SceneReload) {
        let folder = r.path.contains("/") ? String(r.path[..<(r.path.lastIndex(of: "/") ?? r.path.endIndex)]) : "."
        do {
            let exists = FileManager.default.fileExists(atPath: folder.isEmpty ? "/" : folder)
            replaceScene(try SceneLoader.parse(text: r.scene, file: r.path, folder: exists ? (folder.isEmpty ? "/" : folder) : session.scene.folder))
        } catch {
            replayError = "\(replayReader?.file ?? "<recording>"):\(replayReader?.lineNumber ?? 1):1: the reloaded scene does not load: "
                + (error.diagnostics.first?.rendered ?? "not a scene")
            replayNext = nil
            host?.requestQuit()
        }
    }

    private func feedReplay(upTo time: Double) {
        while let entry = replayNext, entry.t <= time, replayEnd.map({ entry.t <= $0 }) ?? true {
            lastInputTime = entry.t
            guard case .input(let next) = entry else {
                if case .reload(let r) = entry { replayReload(r) }
                pullReplayInput()
                continue
            }
            session.handle(next)
            if case .quit = next.kind {
                // The recorded program ended here: so does the replay.
                ended = true
                replayNext = nil
                replayEnd = next.t
                break
            }
            pullReplayInput()
        }
        if let shot = replayShot, time >= (shot.at ?? .infinity) {
            replayShot = nil
            host?.saveScreenshot(to: shot.path)
        }
        let end = replayEnd ?? (replayNext == nil ? lastInputTime + 1 : .infinity)
        if time >= end {
            if let shot = replayShot { replayShot = nil; host?.saveScreenshot(to: shot.path) }
            host?.requestQuit()
        }
    }
}
