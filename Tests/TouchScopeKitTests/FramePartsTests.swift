// The window's frame in parts (`FramePart`, FrameState.frameParts): the same picture as the
// frame drawn whole, pixel for pixel, while parts whose picture did not change are left as
// they are and the scene's unchanged start comes from its layer; while input streams the
// panels are drawn every other frame, never the scene; animation without input is paced.
import CSDL2
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
@testable import TouchSDL

@MainActor
@Suite("The window's frame in parts", .serialized)
struct FramePartsTests {
    /// The live window's drawing (FrameState on a session), in parts or whole.
    final class Client: HostClient {
        let session: SceneSession
        let frame: FrameState
        var inParts: Bool
        weak var host: SDLHost?
        var scenePartsDrawn = 0
        init(session: SceneSession, frame: FrameState, inParts: Bool) {
            self.session = session; self.frame = frame; self.inParts = inParts
        }
        var sceneSize: Size { session.scene.window }
        func hostDidStart(_ host: SDLHost) { self.host = host }
        func handle(_ input: RawInput) { session.handle(input) }
        func advance(to time: Double) -> Bool { session.advance(to: time) }
        var measurer: TextMeasurer { host?.textMeasurer ?? EstimatedTextMeasurer() }
        func draw(into list: inout DisplayList, layout: HostLayout) {
            frame.draw(session, into: &list, layout: layout, measurer: measurer)
        }
        func frameParts(layout: HostLayout) -> [FramePart]? { inParts ? frame.frameParts(layout: layout) : nil }
        func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) {
            if part.name == "scene" { scenePartsDrawn += 1 }
            frame.draw(part, session, into: &list, layout: layout, measurer: measurer)
        }
    }

    /// The photo scene with `labels` labelled views behind the photo (the static start of the
    /// scene a layer keeps), the panels on, every recognizer with its lane.
    static func session(labels: Int = 120) throws -> (SceneSession, FrameState) {
        var scene = try SceneLoader.load(path: Paths.scene("photo"))
        if let canvas = scene.views.firstIndex(where: { $0.id == "canvas" }) {
            let cols = 12
            let w = scene.window.width / Double(cols), h = scene.window.height / Double((labels + cols - 1) / cols)
            let added = (0..<labels).map { i in
                var v = ViewDescription(id: "label\(i)", frame: Rect(x: Double(i % cols) * w, y: Double(i / cols) * h,
                                                                     width: w - 2, height: h - 2), kind: .label)
                v.text = "label \(i)"
                v.fontSize = 10
                v.userInteraction = false
                return v
            }
            scene.views[canvas].children.insert(contentsOf: added, at: 0)
        }
        let session = SceneSession(scene: scene)
        let frame = FrameState(overlays: true, threadedLog: false)
        frame.follow(session)
        frame.state.lanesOfTouchedViewsOnly = false
        return (session, frame)
    }

    static func host(window: Size, scale: Double) throws -> SDLHost {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try SDLHost(options: HostOptions(sceneName: "parts", headless: true, windowSize: window, vsync: false,
                                                    layout: LayoutOptions(panelsVisible: true), deviceSensors: false,
                                                    headlessPixelScale: scale),
                               sceneSize: Size(width: 800, height: 600))
        _ = host.pollInputs()
        return host
    }

    static func pixels(_ host: SDLHost) -> [UInt32] {
        let size = host.layout.canvasSize
        let w = Int(size.width), h = Int(size.height)
        var out = [UInt32](repeating: 0, count: w * h)
        _ = out.withUnsafeMutableBytes {
            SDL_RenderReadPixels(host.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, Int32(w * 4))
        }
        return out
    }

    /// Two fingers on the photo, pinching and turning by step `i` (scene points).
    static func fingers(_ i: Int) -> (Point, Point) {
        let angle = Double(i) * 0.05, radius = 60 + 15 * sin(Double(i) * 0.3)
        let c = Point(x: 400, y: 300), d = Point(x: radius * cos(angle), y: radius * sin(angle))
        return (c + d, c - d)
    }

    @Test("a frame drawn in parts is the frame drawn whole, pixel for pixel, at 1280×800, 800×1280 and 2560×1600, through a gesture, a pause and a new selection",
          arguments: [(Size(width: 1280, height: 800), 1.0), (Size(width: 800, height: 1280), 1.0), (Size(width: 1280, height: 800), 2.0)])
    func partsAreTheWholeFrame(window: Size, scale: Double) throws {
        let (session, frame) = try Self.session()
        let parts = try Self.host(window: window, scale: scale)
        let whole = try Self.host(window: window, scale: scale)
        #expect(parts.painter.canPaintParts(into: SDL_GetWindowSurface(parts.window)),
                "the headless window must be painted in parts, else this compares the whole frame with itself")
        let inParts = Client(session: session, frame: frame, inParts: true)
        let drawnWhole = Client(session: session, frame: frame, inParts: false)
        inParts.hostDidStart(parts)
        drawnWhole.hostDidStart(whole)
        #expect(frame.frameParts(layout: parts.layout)?.map(\.name).sorted() == ["bottom", "scene", "side", "toolbar"])

        var t = 0.0
        func input(_ k: RawInput.Kind) { t += 1.0 / 120; session.handle(RawInput(t: t, k)) }
        var (a, b) = Self.fingers(0)
        input(.fingerDown(finger: 1, x: a.x, y: a.y))
        input(.fingerDown(finger: 2, x: b.x, y: b.y))
        var differing: [String] = []
        func compare(_ step: String) {
            session.advance(to: t)
            parts.drawFrame(inParts)
            whole.drawFrame(drawnWhole)
            let p = Self.pixels(parts), w = Self.pixels(whole)
            let differ = zip(p, w).filter { $0 != $1 }.count
            if differ > 0 { differing.append("\(step): \(differ) pixels") }
        }
        compare("fingers down")
        for i in 1...6 {                       // the pinch: the scene and every panel change
            (a, b) = Self.fingers(i)
            input(.fingerMove(finger: 1, x: a.x, y: a.y))
            input(.fingerMove(finger: 2, x: b.x, y: b.y))
            compare("move \(i)")
        }
        compare("no change")                   // every part kept
        frame.state.selectedViewID = "photo"   // the outline over the scene, the inspector
        compare("photo selected")
        frame.state.selectedRecord = frame.log.transitions(of: "pinch").last?.seq
        compare("pinch record selected")       // the selection detail
        input(.fingerUp(finger: 1, x: a.x, y: a.y))
        input(.fingerUp(finger: 2, x: b.x, y: b.y))
        compare("fingers up")
        #expect(differing.isEmpty, "\(differing)")
        let stats = parts.painter.partStats
        #expect((stats.kept["side"] ?? 0) >= 1 && (stats.kept["scene"] ?? 0) >= 1,
                "a frame with nothing changed must leave its parts as they are: \(stats)")
        #expect((stats.layered["scene"] ?? 0) >= 3,
                "while only the photo moves, the labels under it come from the scene's layer: \(stats)")
    }

    @Test("a part whose picture did not change is not painted again; one that changed is")
    func unchangedPartIsNotRepainted() throws {
        let (session, frame) = try Self.session(labels: 0)
        let host = try Self.host(window: Size(width: 1280, height: 800), scale: 1)
        let client = Client(session: session, frame: frame, inParts: true)
        client.hostDidStart(host)
        host.drawFrame(client)
        guard let side = host.layout.sidePanel, let surface = SDL_GetWindowSurface(host.window),
              let target = DirectTarget(surface) else {
            Issue.record("no side panel or no surface to write")
            return
        }
        // A mark in the side panel that no drawing makes: it stays only if the part is not painted.
        let mark = SDL_Rect(x: Int32(side.minX) + 3, y: Int32(side.maxY) - 5, w: 2, h: 2)
        target.clear(.magenta, in: mark)
        func marked() -> Bool {
            let px = Self.pixels(host)
            let i = Int(mark.y) * Int(host.layout.canvasSize.width) + Int(mark.x)
            return px[i] & 0x00ff_ffff == 0x00ff_00ff
        }
        let paintedBefore = host.painter.partStats.painted["side"] ?? 0
        host.drawFrame(client)
        #expect(marked(), "the side panel did not change, yet it was painted over")
        #expect(host.painter.partStats.painted["side"] ?? 0 == paintedBefore)
        frame.state.set(.inspector, !frame.state.isOn(.inspector))   // the side panel's sections change
        host.drawFrame(client)
        #expect(!marked(), "the side panel changed, yet it was not painted")
        #expect(host.painter.partStats.painted["side"] ?? 0 == paintedBefore + 1)
    }

    @Test("while input streams the panels are drawn every other frame, the scene every frame; once it stops they are drawn, and animation without input keeps to 60 frames a second")
    func panelsLagWhileInputStreams() throws {
        let (session, frame) = try Self.session(labels: 0)
        let host = try Self.host(window: Size(width: 1280, height: 800), scale: 1)
        final class Animating: HostClient {
            let inner: Client
            var streamingUntil = 0.0
            var quietFrames: [Double] = []
            init(_ inner: Client) { self.inner = inner }
            var sceneSize: Size { inner.sceneSize }
            func hostDidStart(_ host: SDLHost) { inner.hostDidStart(host) }
            func handle(_ input: RawInput) { inner.handle(input) }
            func advance(to time: Double) -> Bool { _ = inner.advance(to: time); return true }   // always animating
            func draw(into list: inout DisplayList, layout: HostLayout) { inner.draw(into: &list, layout: layout) }
            func frameParts(layout: HostLayout) -> [FramePart]? { inner.frameParts(layout: layout) }
            func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) {
                inner.draw(part, into: &list, layout: layout)
                if part.name == "scene", let host = inner.host, streamingUntil > 0, host.time > streamingUntil + 0.1 {
                    quietFrames.append(host.time)
                    if quietFrames.count > 40 { host.requestQuit() }
                }
            }
        }
        let inner = Client(session: session, frame: frame, inParts: true)
        let client = Animating(inner)
        // Two fingers at 120 Hz each for half a second, pushed from another thread as a driver
        // would; longer under the sanitizers, whose slower frames leave the panels (painted a
        // slice a frame while input waits) fewer frames in half a second (`make test-sanitize`).
        let timeScale = ProcessInfo.processInfo.environment["TOUCHSCOPE_TEST_TIME_SCALE"].flatMap(Double.init).map { max(1, $0) } ?? 1
        let moves = Int(120 * timeScale)
        let window = SDL_GetWindowID(host.window)
        final class Pushed: @unchecked Sendable { var done = false; let lock = NSLock() }
        let pushed = Pushed()
        let feeder = Thread {
            func push(_ type: SDL_EventType, _ finger: Int64, _ x: Float, _ y: Float) {
                var e = SDL_Event()
                e.type = type.rawValue
                e.tfinger.touchId = 9; e.tfinger.fingerId = finger
                e.tfinger.x = x; e.tfinger.y = y; e.tfinger.pressure = 1
                e.tfinger.windowID = window
                SDL_PushEvent(&e)
            }
            push(SDL_FINGERDOWN, 1, 0.25, 0.35)
            push(SDL_FINGERDOWN, 2, 0.35, 0.35)
            for i in 0..<moves {
                let r = Float(0.05 + 0.02 * sin(Double(i) * 0.1))
                push(SDL_FINGERMOTION, Int64(1 + i % 2), 0.3 + (i % 2 == 0 ? r : -r), 0.35)
                usleep(4_167)
            }
            push(SDL_FINGERUP, 1, 0.25, 0.35)
            push(SDL_FINGERUP, 2, 0.35, 0.35)
            pushed.lock.withLock { pushed.done = true }
        }
        var streamFrames = 0, sidePaintedWhileStreaming = 0
        inner.hostDidStart(host)
        let sideBefore = host.painter.partStats.painted["side"] ?? 0
        var checkedStream = false
        feeder.start()
        // Counts while the feeder runs, then the quiet frames after.
        let startScene = inner.scenePartsDrawn
        host.run(client: Wrapper(client) { host in
            let done = pushed.lock.withLock { pushed.done }
            if done && !checkedStream {
                checkedStream = true
                streamFrames = inner.scenePartsDrawn - startScene
                sidePaintedWhileStreaming = (host.painter.partStats.painted["side"] ?? 0) - sideBefore
                client.streamingUntil = host.time
            }
        })
        #expect(streamFrames >= 6, "frames drawn while input streamed: \(streamFrames)")
        #expect(Double(sidePaintedWhileStreaming) <= Double(streamFrames) * 0.6 + 2,
                "the side panel is drawn every other frame while input streams: \(sidePaintedWhileStreaming) of \(streamFrames)")
        // Still followed: every other frame, or once a refresh and a frame, whichever is longer
        // (over half a second of input that is at least a few times on any machine; the
        // panels are painted aside a slice at a time, at least a slice every other frame).
        #expect(sidePaintedWhileStreaming >= 3, "the side panel must still follow: \(sidePaintedWhileStreaming) of \(streamFrames)")
        // After the input: the panels show the last state (drawn whole at least once).
        var list = DisplayList(size: host.layout.canvasSize, background: host.options.background)
        if let side = frame.frameParts(layout: host.layout)?.first(where: { $0.name == "side" }) {
            frame.draw(side, session, into: &list, layout: host.layout, measurer: host.textMeasurer)
            #expect(host.painter.painted.parts["side"]?.commands == list.commands, "the side panel on screen is not the newest")
        }
        let q = client.quietFrames
        if let first = q.first, let last = q.last, last > first {
            let fps = Double(q.count - 1) / (last - first)
            #expect(fps <= 61, "animating without input: \(fps) frames a second")
        } else {
            Issue.record("no frames after the input stopped")
        }
    }

    /// Calls `each` after every turn's drawing (through the inner client's scene part).
    final class Wrapper: HostClient {
        let inner: HostClient
        let each: (SDLHost) -> Void
        weak var host: SDLHost?
        init(_ inner: HostClient, each: @escaping (SDLHost) -> Void) { self.inner = inner; self.each = each }
        var sceneSize: Size { inner.sceneSize }
        func hostDidStart(_ host: SDLHost) { self.host = host; inner.hostDidStart(host) }
        func handle(_ input: RawInput) { inner.handle(input) }
        func advance(to time: Double) -> Bool { if let host { each(host) }; return inner.advance(to: time) }
        func draw(into list: inout DisplayList, layout: HostLayout) { inner.draw(into: &list, layout: layout) }
        func frameParts(layout: HostLayout) -> [FramePart]? { inner.frameParts(layout: layout) }
        func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) { inner.draw(part, into: &list, layout: layout) }
    }
}
