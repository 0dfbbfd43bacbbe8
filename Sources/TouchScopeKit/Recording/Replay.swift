// replay: a recording played into the application, headless (deterministic) or in the window.
import Foundation
import TouchScene
import TouchDraw
import TouchSDL

extension AppSource {
    /// Plays `options.recording` into a fresh session. Headless, it runs on a virtual clock
    /// stepped every 1/120 s (the same recording always gives the same trace); otherwise in
    /// the window. Time runs until `--until`, by default one second after the last input.
    /// Throws `CLIError`: a bad recording is `FILE:LINE:COLUMN: ...` with exit status 2.
    @MainActor
    package func replay(_ options: ReplayOptions) throws {
        // Before anything is written: every output may be written, and none is an input or
        // another output.
        try OutputFiles.check([
            .input("scene", scenePath), .input("recording", options.recording),
            .output("--trace", "trace", options.output.trace), .output("--perfetto", "Perfetto trace", options.output.perfetto),
            .output("--dump-tree", "tree dump", options.dumpTree), .output("--screenshot", "screenshot", options.screenshot),
            .input("expected trace", options.expect),
        ])
        let reader: RecordingReader
        // A libinput record or evemu file is converted on the way in, onto the window.
        do { reader = try RecordingReader.open(path: options.recording, window: window) } catch { throw CLIError.badInput(error.description) }
        if !options.headless {
            if let message = noDisplayMessage() { throw CLIError(message: message, status: 1) }
            // SIGINT and SIGTERM are caught before any file is opened.
            SDLHost.catchSignals()
            let live = try LiveApp(source: self, options: LiveOptions(
                traceFile: options.output.trace, recordFile: nil, noOverlays: options.output.noOverlays, fullscreen: false, display: nil,
                window: options.output.windowSize, perfettoFile: options.output.perfetto, coalesce: !options.output.noCoalesce))
            try live.replay(reader, until: options.until, screenshot: options.screenshot, at: options.at, dumpTree: options.dumpTree,
                            exitAtEnd: options.exitAtEnd)
            return
        }
        let session = makeSession()
        if options.screenshot != nil {
            // Without --window, the canvas is the scene's window (no panels): bounded here.
            let size = screenshotWindow(session, overlays: !options.output.noOverlays, window: options.output.windowSize)
            if let problem = OutputOptions.canvasProblem(window: size, scale: options.pixelScale ?? 1,
                                                         what: options.output.window == nil ? "the scene's window" : "--window") {
                throw CLIError(message: problem, status: 2, namesProgram: true)
            }
        }
        let writer: TraceWriter?
        do { writer = try options.output.trace.map { path throws(InputFileError) in try TraceWriter(path: path) } }
        catch { throw CLIError.badInput(error.description) }
        let perfetto = try openPerfetto(options.output.perfetto, scene: session.scene)
        // --expect: the expected trace read through first (one line at a time), so a bad file
        // stops the run before it starts; then compared as the run decides, read again.
        let decisions = try options.expect.map { path in
            _ = try Self.expectedDecisionCount(path)
            return try ExpectComparer(path: path)
        }
        let files: [any TraceSink] = [writer as (any TraceSink)?, perfetto, decisions].compactMap { $0 }
        let log = FrameState(overlays: !options.output.noOverlays, defaults: session.app.defaults)
        log.takeRecording(reader)
        if options.screenshot != nil {
            // The panels of the screenshot read the trace: keep it in the bounded log too.
            log.follow(session, also: files)
        } else {
            // Nothing is drawn: the trace goes straight to the files (memory stays flat).
            session.app.tracer.sink = traceSink(files)
        }
        let replayer = Replayer(session: session, recording: reader, types: types)
        replayer.coalescesTouches = !options.output.noCoalesce
        if options.screenshot != nil {
            replayer.onReload = { new in log.follow(new, also: files) }
        }
        var shotError: Error?
        if let screenshot = options.screenshot {
            replayer.snapshotTime = options.at ?? .infinity  // default: the end
            replayer.onSnapshot = { [unowned replayer] s in
                log.rawContacts = replayer.rawContacts
                do {
                    try renderPNG(s, log: log, to: screenshot, window: options.output.windowSize, pixelScale: options.pixelScale ?? 1)
                } catch { shotError = error }
            }
        }
        do {
            try replayer.run(until: options.until)
        } catch {
            writer?.close()
            perfetto?.close(at: replayer.endTime)
            throw CLIError.badInput(error.description)
        }
        writer?.close()
        perfetto?.close(at: replayer.endTime)
        warnIfCutOff(reader)
        if let e = writer?.writeError ?? perfetto?.writeError { throw CLIError.badInput(e.description) }
        if let shotError = shotError as? CLIError { throw shotError }
        if let shotError { throw screenshotError(shotError, path: options.screenshot ?? "") }
        if let dumpTree = options.dumpTree {
            do throws(InputFileError) { try TreeDump.write(of: replayer.session.app.window, to: dumpTree) }
            catch { throw CLIError.badInput(error.description) }
        }
        if let decisions, let path = options.expect {
            guard let first = try decisions.finish() else {
                print("the decisions match \(path): \(decisions.matched) decisions")
                return
            }
            FileHandle.standardError.write(Data(("the decisions differ from \(path) at \(TraceFormat.short(first.at, 3)) s:\n"
                + "  expected: " + (first.a.map(RunDiff.words) ?? "no more decisions") + "\n"
                + "  this run: " + (first.b.map(RunDiff.words) ?? "no more decisions") + "\n").utf8))
            throw CLIError(message: "", status: 1)
        }
    }

    /// The number of decisions in a trace file (`RunDiff.isDecision`), read one line at a
    /// time, for `--expect`: a file that cannot be read or holds no trace is bad input (exit 2).
    static func expectedDecisionCount(_ path: String) throws -> Int {
        do {
            let stream = try TraceRecordStream(path: path, hint: " (--expect takes a trace file an earlier run wrote)")
            var n = 0
            while let r = try stream.next() { if RunDiff.isDecision(r) { n += 1 } }
            return n
        } catch { throw CLIError.badInput(error.description) }
    }
}

/// Compares a run's decisions (`RunDiff.isDecision`) with a trace file's as they come, for
/// `--expect`: memory holds one expected record, not the trace.
final class ExpectComparer: TraceSink {
    private let stream: TraceRecordStream
    /// Decisions that matched so far.
    private(set) var matched = 0
    /// The first difference: its time and each side's record (nil: that side has no more).
    private(set) var first: (at: Double, a: TraceRecord?, b: TraceRecord?)?
    private var readError: InputFileError?

    init(path: String) throws {
        do { stream = try TraceRecordStream(path: path, hint: " (--expect takes a trace file an earlier run wrote)") }
        catch { throw CLIError.badInput(error.description) }
    }

    /// The expected trace's next decision (nil: no more).
    private func nextExpected() -> TraceRecord? {
        do {
            while let r = try stream.next() { if RunDiff.isDecision(r) { return r } }
        } catch { readError = error }
        return nil
    }

    func receive(_ record: consuming TraceRecord) {
        guard first == nil, readError == nil else { return }
        let r = copy record
        guard RunDiff.isDecision(r) else { return }
        let e = nextExpected()
        if let e, RunDiff.key(e) == RunDiff.key(r) { matched += 1; return }
        first = (min(e?.t ?? .infinity, r.t), e, r)
    }

    /// The first difference once the run is over (an expected decision left over is one).
    func finish() throws -> (at: Double, a: TraceRecord?, b: TraceRecord?)? {
        if first == nil, readError == nil, let e = nextExpected() { first = (e.t, e, nil) }
        if let readError { throw CLIError.badInput(readError.description) }
        return first
    }
}

/// The window a headless screenshot draws: `--window`, else 1280×800 with the panels, else
/// the scene's window.
@MainActor
func screenshotWindow(_ session: SceneSession, overlays: Bool, window: Size?) -> Size {
    window ?? (overlays ? Size(width: 1280, height: 800) : session.scene.window)
}

/// A screenshot that was not saved: `FILE:1:1: cannot write the screenshot: REASON` (exit
/// status 2) when the file could not be written, else (the picture could not be made) a
/// failure (exit status 1).
func screenshotError(_ error: Error, path: String) -> CLIError {
    if let refusal = error as? FileRefusal { return CLIError.badInput("\(path):1:1: cannot write the screenshot: \(refusal.message)") }
    return CLIError.failure("screenshot: \(error)")
}

@MainActor
/// Renders one frame of a session (scene and, unless off, the panels) to a PNG, headless.
func renderPNG(_ session: SceneSession, log: FrameState, to path: String, window: Size? = nil, pixelScale: Double = 1) throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let windowSize = screenshotWindow(session, overlays: log.overlays, window: window)
    // A reload may have brought a larger scene since the replay began.
    if let problem = OutputOptions.canvasProblem(window: windowSize, scale: pixelScale, what: window == nil ? "the scene's window" : "--window") {
        throw CLIError(message: problem, status: 2, namesProgram: true)
    }
    let canvas = Size(width: (windowSize.width * pixelScale).rounded(), height: (windowSize.height * pixelScale).rounded())
    let layout = HostLayout(canvasSize: canvas, windowSize: windowSize, sceneSize: session.scene.window,
                            options: LayoutOptions(panelsVisible: log.overlays))
    var list = DisplayList(size: canvas, background: Color(r: 24, g: 24, b: 28))
    let canvasRenderer = try OffscreenCanvas(size: canvas, fonts: FontLocator.locate())
    canvasRenderer.painter.imageBaseDirectory = session.scene.folder
    log.draw(session, into: &list, layout: layout, measurer: canvasRenderer.painter.measurer)
    canvasRenderer.paint(list)
    try canvasRenderer.savePNG(path)
}

extension RecordingReader {
    /// The touch device the recording's header names (an imported evemu or libinput file),
    /// for the touch devices panel; nil when it names none.
    var recordedDevice: TouchDeviceInfo? {
        TouchDeviceInfo.recorded(name: header.device, file: header.importedFrom, format: header.format)
    }
}
