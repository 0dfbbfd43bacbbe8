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
    private var replayNext: RawInput?
    private var replayEnd: Double?
    private var replayShot: (path: String, at: Double?)?
    private var replayDump: String?
    private var replayError: String?
    private var lastInputTime = 0.0

    init(scenePath: String, scene: SceneDescription, options: LiveOptions) throws {
        self.scenePath = scenePath
        self.options = options
        session = SceneSession(scene: scene)
        frame = FrameState(overlays: !options.noOverlays)
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
        let frame = self.frame, trace = self.trace
        session.app.tracer.sink = { r in
            trace?.write(r)
            frame.note(r)
        }
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

    func hostDidStart(_ host: SDLHost) { self.host = host }

    var nextWakeTime: Double? {
        [session.app.nextDeadline, replayNext?.t].compactMap { $0 }.min()
    }

    func handle(_ input: RawInput) {
        lastInputTime = input.t
        if replayReader != nil {
            // While a recording plays, live input other than the host keys is ignored.
            if case .keyDown = input.kind { _ = hostKey(input) }
            return
        }
        if hostKey(input) { return }
        recorder?.write(input)
        session.handle(input)
    }

    func advance(to time: Double) -> Bool {
        if replayReader != nil { feedReplay(upTo: time) }
        if time - lastReloadCheck > 0.5 { lastReloadCheck = time; reloadIfChanged() }
        syncSound()
        let busy = session.advance(to: time)
        return busy || (session.built.player?.isPlaying ?? false)
    }

    func draw(into list: inout DisplayList, layout: HostLayout) {
        frame.draw(session, into: &list, layout: layout)
    }

    func hostCommand(_ command: HostCommand) {
        switch command {
        case .quit: break
        case .layoutChanged, .padsChanged: host?.setNeedsDisplay()
        case .screenshotSaved(let path): FileHandle.standardError.write(Data("touchscope: screenshot saved to \(path)\n".utf8))
        case .screenshotFailed(let path, let message):
            FileHandle.standardError.write(Data("touchscope: screenshot \(path) failed: \(message)\n".utf8))
        }
    }

    // MARK: Host keys

    /// Handles the window's own keys; true when the input was one of them.
    private func hostKey(_ input: RawInput) -> Bool {
        guard case let .keyDown(key, mods) = input.kind else {
            if case let .keyUp(key, mods) = input.kind { return isHostKey(key, mods) }
            return false
        }
        guard isHostKey(key, mods) else { return false }
        switch (key.lowercased(), mods.contains(.ctrl)) {
        case ("f2", _):
            frame.overlays.toggle()
            host?.togglePanels()
        case ("f10", _): toggleRecording()
        case ("f11", _): if let host { host.setFullscreen(!host.isFullscreen) }
        case ("f12", _):
            screenshotNumber += 1
            host?.saveScreenshot(to: "touchscope-\(screenshotNumber).png")
        case ("r", true): reload(force: true)
        case ("q", true): host?.requestQuit()
        default: break
        }
        host?.setNeedsDisplay()
        return true
    }

    private func isHostKey(_ key: String, _ mods: [KeyModifier]) -> Bool {
        switch key.lowercased() {
        case "f1", "f2", "f10", "f11", "f12": return true
        case "r", "q": return mods.contains(.ctrl)
        default: return false
        }
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
            let scene = try SceneLoader.load(path: scenePath)
            tone?.pause()
            session = SceneSession(scene: scene, replacing: session, reason: "scene reloaded")
            connectTrace()
            frame.banner = nil
        } catch {
            frame.banner = "scene not reloaded: " + (error.diagnostics.first?.description ?? "error")
        }
        host?.setNeedsDisplay()
    }

    // MARK: Sound: the media player plays a tone through SDL audio; elapsed follows the audio clock

    private func syncSound() {
        guard let mp = session.built.player else { return }
        if mp.isPlaying && tone == nil && !toneTried {
            toneTried = true
            tone = try? TonePlayer()
        }
        guard let tone else { return }
        if mp.isPlaying != tone.isPlaying { if mp.isPlaying { tone.play() } else { tone.pause() } }
        _ = tone.update()
    }

    // MARK: Live replay

    private func pullReplayInput() {
        do { replayNext = try replayReader?.next() } catch {
            replayError = error.description
            replayNext = nil
            host?.requestQuit()
        }
    }

    private func feedReplay(upTo time: Double) {
        while let next = replayNext, next.t <= time, replayEnd.map({ next.t <= $0 }) ?? true {
            session.handle(next)
            lastInputTime = next.t
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
