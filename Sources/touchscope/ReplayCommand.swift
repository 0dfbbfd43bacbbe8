// touchscope replay: plays a recording into a scene, headless (deterministic) or in a window.
import ArgumentParser
import Foundation
import TouchScene
import TouchDraw
import TouchSDL

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recording (JSON Lines) into a scene; with --headless, no display and a deterministic trace.",
        discussion: """
            Time runs until --until, by default one second after the last input, so pending
            timers (double-tap interval, long press) resolve. Headless replay runs on a virtual
            clock stepped every 1/120 s: the same recording always gives the same trace.
            """)

    @Argument(help: "The scene (a path, or a name in scenes/).")
    var scene: String
    @Argument(help: "The recording (JSON Lines, see the README), or a libinput record or evemu-record file.")
    var recording: String
    @Flag(help: "Run without a display on a virtual clock (deterministic).")
    var headless = false
    @OptionGroup var output: OutputOptions
    @Option(help: ArgumentHelp("Write the view tree at the end as JSON to this file.", valueName: "file"))
    var dumpTree: String?
    @Option(help: ArgumentHelp("Write a PNG of the window (scene and overlays).", valueName: "file.png"))
    var screenshot: String?
    // Both take the next word as their value even when it starts with a dash, so that a
    // negative time is read as a number and refused as such (not as a missing value).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("When to take the screenshot, in seconds (default: the end).", valueName: "seconds"))
    var at: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Stop at this time, in seconds.", valueName: "seconds"))
    var until: Double?

    func validate() throws {
        for (name, value) in [("--at", at), ("--until", until)] {
            guard let value else { continue }
            if value < 0 { throw ValidationError("\(name) must not be negative (got \(Self.show(value)))") }
            if !value.isFinite { throw ValidationError("\(name) must be a time in seconds, 0 or more") }
        }
        if let until, until > RecordingReader.maxTime { throw ValidationError("--until must be at most \(Int(RecordingReader.maxTime)) s") }
        if at != nil && screenshot == nil { throw ValidationError("--at needs --screenshot") }
        if let s = screenshot, !s.lowercased().hasSuffix(".png") { throw ValidationError("--screenshot must name a .png file") }
    }

    /// A time as the user typed it, near enough: -1 rather than -1.0.
    private static func show(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    func run() throws {
        // SDL wants the main thread; a command runs on it.
        try MainActor.assumeIsolated { try runOnMain() }
    }

    @MainActor
    private func runOnMain() throws {
        let scenePath = resolveScene(scene)
        let description = try loadScene(scenePath)
        let reader: RecordingReader
        // A libinput record or evemu file is converted on the way in, onto the scene's window.
        do { reader = try RecordingReader.open(path: recording, window: description.window) } catch { throw CLIError.badInput(error.description) }
        if !headless {
            if let message = SDLHost.checkDisplay() { throw CLIError(message: message, status: 1) }
            do {
                let live = try LiveApp(scenePath: scenePath, scene: description, options: LiveOptions(
                    traceFile: output.trace, recordFile: nil, noOverlays: output.noOverlays, fullscreen: false, display: nil,
                    perfettoFile: output.perfetto))
                try live.replay(reader, until: until, screenshot: screenshot, at: at, dumpTree: dumpTree)
            }
            return
        }
        let session = SceneSession(scene: description)
        let writer: TraceWriter?
        do { writer = try output.trace.map { path throws(InputFileError) in try TraceWriter(path: path) } }
        catch { throw CLIError.failure(error.description) }
        let perfetto = try openPerfetto(output.perfetto, scene: description)
        let files: [any TraceSink] = [writer as (any TraceSink)?, perfetto].compactMap { $0 }
        let log = FrameState(overlays: !output.noOverlays, defaults: session.app.defaults)
        if screenshot != nil {
            // The panels of the screenshot read the trace: keep it in the bounded log too.
            log.follow(session, also: files)
        } else {
            // Nothing is drawn: the trace goes straight to the files (memory stays flat).
            session.app.tracer.sink = traceSink(files)
        }
        let replayer = Replayer(session: session, recording: reader)
        if screenshot != nil {
            replayer.onReload = { new in log.follow(new, also: files) }
        }
        var shotError: Error?
        if let screenshot {
            replayer.snapshotTime = at ?? .infinity  // default: the end
            replayer.onSnapshot = { s in
                do { try renderPNG(s, log: log, to: screenshot) } catch { shotError = error }
            }
        }
        do {
            try replayer.run(until: until)
        } catch {
            writer?.close()
            perfetto?.close(at: replayer.endTime)
            throw CLIError.badInput(error.description)
        }
        writer?.close()
        perfetto?.close(at: replayer.endTime)
        warnIfCutOff(reader)
        if let shotError { throw CLIError.failure("screenshot: \(shotError)") }
        if let dumpTree {
            do { try TreeDump.json(of: replayer.session.app.window).write(toFile: dumpTree, atomically: true, encoding: .utf8) }
            catch { throw CLIError.failure("cannot write \(dumpTree): \(error.localizedDescription)") }
        }
    }
}

@MainActor
/// Renders one frame of a session (scene and, unless off, the panels) to a PNG, headless.
func renderPNG(_ session: SceneSession, log: FrameState, to path: String) throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let canvas = log.overlays ? Size(width: 1280, height: 800) : session.scene.window
    let layout = HostLayout(canvasSize: canvas, sceneSize: session.scene.window,
                            options: LayoutOptions(panelsVisible: log.overlays))
    var list = DisplayList(size: canvas, background: Color(r: 24, g: 24, b: 28))
    let canvasRenderer = try OffscreenCanvas(size: canvas, fonts: FontLocator.locate())
    canvasRenderer.painter.imageBaseDirectory = session.scene.folder
    log.draw(session, into: &list, layout: layout, measurer: canvasRenderer.painter.measurer)
    canvasRenderer.paint(list)
    try canvasRenderer.savePNG(path)
}
