// FrameBench: a 1280×800 frame (photo scene + labelled views, mid-gesture, every panel on)
// drawn exactly as the live window draws it (`SDLHost.drawFrame`: SDL's software renderer,
// headless), or the same at another canvas size (2560×1600: a tablet's screen, the panels at
// its scale); also through the offscreen canvas (screenshots, headless replay) for comparison.
// Draws through FrameState, as the live window does, so whatever panels it draws are measured.
import Foundation
import TouchScene
import TouchBench
import TouchDraw
import TouchSDL
import TouchScopeKit

@MainActor
enum FrameBench {
    struct Result {
        var frames: Int
        var labels: Int
        var lanes: Int
        var logRecords: Int
        var ms: Bench.Percentiles
        /// Display-list commands in the last frame.
        var commands: Int
        var textMisses: Int
        /// The SDL renderer that painted (`software`, …; `offscreen` for the offscreen canvas).
        var renderer: String
    }

    /// The photo scene plus `labels` labelled views behind the photo; `lanes - 3` of them
    /// get a tap recognizer (the photo has 3), so the timeline shows `lanes` lanes.
    static func scene(labels: Int, lanes: Int) throws -> SceneDescription {
        var scene = try loadScene(resolveScene("photo"))
        guard let canvas = scene.views.firstIndex(where: { $0.id == "canvas" }) else { return scene }
        let cols = 25
        let w = scene.window.width / Double(cols)
        let rows = max(1, (labels + cols - 1) / cols)
        let h = scene.window.height / Double(rows)
        var added: [ViewDescription] = []
        let types = SceneTypes()
        for i in 0..<labels {
            var v = ViewDescription(id: "label\(i)", frame: Rect(x: Double(i % cols) * w, y: Double(i / cols) * h, width: w - 2, height: h - 2), kind: .label)
            v.text = "label \(i)"
            v.fontSize = 10
            v.color = Color(r: 50, g: 60, b: 70)
            v.userInteraction = false
            if i < max(0, lanes - 3) {
                v.userInteraction = true
                v.recognizers = [try types.recognizer("tap", id: "tap\(i)")]
            }
            added.append(v)
        }
        scene.views[canvas].children.insert(contentsOf: added, at: 0)
        return scene
    }

    /// Where a timed frame is painted.
    enum Target {
        /// The live window's path: `SDLHost.drawFrame` on a headless host (SDL's dummy video
        /// driver and software renderer, what a machine without a GPU gets): the display list
        /// painted through the renderer, `SDL_RenderFlush`, `SDL_RenderPresent`.
        case window
        /// An `OffscreenCanvas`, whose painter writes straight into its surface (screenshots
        /// and headless replay use it; the window does not).
        case offscreen
    }

    /// `canvas` in pixels; `window` in window units (nil: the canvas, scale 1).
    static func run(frames: Int, canvas canvasSize: Size = Size(width: 1280, height: 800), window: Size? = nil,
                    target: Target = .window,
                    labels: Int = 500, lanes: Int = 50, warmMoves: Int = 4000) throws -> Result {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let description = try scene(labels: labels, lanes: lanes)
        let session = SceneSession(scene: description)
        let state = FrameState(overlays: true)
        state.follow(session)                            // the live program's sink, without --trace
        state.state.lanesOfTouchedViewsOnly = false      // every recognizer gets its lane

        // Activity for every lane: tap each recognizer's label.
        var t = 0.0
        func input(_ k: RawInput.Kind) { t += 0.004; session.handle(RawInput(t: t, k)) }
        for v in description.views.flatMap(\.children) where !v.recognizers.isEmpty && v.id.hasPrefix("label") {
            let c = v.frame.center
            input(.fingerDown(finger: 1, x: c.x, y: c.y))
            input(.fingerUp(finger: 1, x: c.x, y: c.y))
            t += 0.4
            session.advance(to: t)
        }
        // Mid-gesture: two fingers on the photo, pinching, rotating and dragging.
        let photoCentre = Point(x: 400, y: 300)
        var angle = 0.0, radius = 60.0
        func fingers() -> (Point, Point) {
            let d = Point(x: radius * cos(angle), y: radius * sin(angle))
            return (photoCentre + d, photoCentre - d)
        }
        var (a, b) = fingers()
        input(.fingerDown(finger: 11, x: a.x, y: a.y))
        input(.fingerDown(finger: 12, x: b.x, y: b.y))
        func wiggle(_ i: Int) {
            angle += 0.01
            radius = 60 + 20 * sin(Double(i) * 0.05)
            (a, b) = fingers()
            input(.fingerMove(finger: 11, x: a.x, y: a.y))
            input(.fingerMove(finger: 12, x: b.x, y: b.y))
        }
        for i in 0..<warmMoves { wiggle(i) }   // fills the event log

        // One frame's work after the input: the display list built by FrameState and painted.
        let paint: () -> (commands: Int, textMisses: Int)
        var keepAlive: AnyObject?
        var renderer = "offscreen"
        switch target {
        case .window:
            let windowSize = window ?? canvasSize
            let host = try SDLHost(options: HostOptions(sceneName: "frame bench", headless: true, windowSize: windowSize,
                                                        vsync: false, layout: LayoutOptions(panelsVisible: true),
                                                        deviceSensors: false,
                                                        headlessPixelScale: canvasSize.width / windowSize.width),
                                   sceneSize: description.window)
            host.painter.imageBaseDirectory = description.folder
            guard host.layout.canvasSize == canvasSize else {
                throw LatencyBench.BenchError("the headless window's canvas is \(host.layout.canvasSize), not \(canvasSize)")
            }
            let client = LatencyBench.Client(session: session, frame: state)
            client.hostDidStart(host)
            keepAlive = host
            renderer = host.rendererName
            paint = {
                host.drawFrame(client)
                return (client.lastCommands, host.painter.text.misses)
            }
        case .offscreen:
            let layout = HostLayout(canvasSize: canvasSize, windowSize: window, sceneSize: description.window,
                                    options: LayoutOptions(panelsVisible: true))
            let canvas = try OffscreenCanvas(size: canvasSize)
            canvas.painter.imageBaseDirectory = description.folder
            keepAlive = canvas
            paint = {
                var list = DisplayList(size: canvasSize, background: Color(r: 24, g: 24, b: 28))
                state.draw(session, into: &list, layout: layout, measurer: canvas.painter.measurer)
                canvas.paint(list)
                return (list.commands.count, canvas.painter.text.misses)
            }
        }
        let clock = ContinuousClock()
        var times: [Double] = []
        var last = (commands: 0, textMisses: 0)
        // A few frames first so fonts open and textures exist (the live window's steady state).
        for i in 0..<(frames + 10) {
            let start = clock.now
            wiggle(warmMoves + i)
            t += 1.0 / 60
            session.advance(to: t)
            last = paint()
            let end = clock.now
            if i >= 10 { times.append(Bench.seconds(end - start) * 1000) }
        }
        withExtendedLifetime(keepAlive) {}
        return Result(frames: frames, labels: labels, lanes: lanes, logRecords: state.log.count,
                      ms: Bench.Percentiles(times), commands: last.commands,
                      textMisses: last.textMisses, renderer: renderer)
    }
}
