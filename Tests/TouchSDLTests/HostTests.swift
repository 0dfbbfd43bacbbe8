import CSDL2
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

/// A client that records what the host gives it and quits after `frames` frames.
@MainActor
final class RecordingClient: HostClient {
    var sceneSize = Size(width: 400, height: 300)
    var inputs: [RawInput] = []
    var commands: [HostCommand] = []
    var frames = 0
    var quitAfter: Int
    weak var host: SDLHost?
    var onFrame: ((Int) -> Void)?

    init(quitAfter: Int) { self.quitAfter = quitAfter }

    func hostDidStart(_ host: SDLHost) { self.host = host }
    func handle(_ input: RawInput) { inputs.append(input) }
    func advance(to time: Double) -> Bool { true }
    func draw(into list: inout DisplayList, layout: HostLayout) {
        frames += 1
        list.withTransform(layout.sceneTransform) { l in
            l.fillRect(Rect(x: 0, y: 0, width: 400, height: 300), .white)
        }
        onFrame?(frames)
        if frames >= quitAfter { host?.requestQuit() }
    }
    func hostCommand(_ command: HostCommand) { commands.append(command) }
}

@MainActor
func pushFinger(_ host: SDLHost, _ type: SDL_EventType, finger: Int64, x: Float, y: Float, dx: Float = 0, dy: Float = 0) {
    var e = SDL_Event()
    e.type = type.rawValue
    e.tfinger.timestamp = SDL_GetTicks()
    e.tfinger.touchId = 42
    e.tfinger.fingerId = finger
    e.tfinger.x = x
    e.tfinger.y = y
    e.tfinger.dx = dx
    e.tfinger.dy = dy
    e.tfinger.pressure = 1
    e.tfinger.windowID = SDL_GetWindowID(host.window)
    #expect(SDL_PushEvent(&e) == 1)
}

@MainActor
@Suite("SDL host under the dummy video driver", .serialized)
struct HostTests {
    static func makeHost(panels: Bool = false) throws -> SDLHost {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try SDLHost(options: HostOptions(sceneName: "test", headless: true, windowSize: Size(width: 800, height: 600),
                                                    layout: LayoutOptions(panelsVisible: panels, margin: 0), fonts: .bitmap),
                               sceneSize: Size(width: 400, height: 300))
        _ = host.pollInputs()   // drain window-shown and similar start-up events
        return host
    }

    @Test("a virtual game controller plugged in, pressed and unplugged arrives as pad input")
    func virtualPad() throws {
        let host = try Self.makeHost()
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        desc.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        desc.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        let index = SDL_JoystickAttachVirtualEx(&desc)
        #expect(index >= 0, "\(String(cString: SDL_GetError()))")
        guard index >= 0 else { return }
        var inputs = host.pollInputs()
        #expect(inputs.map(\.typeName).contains("pad-added"))
        #expect(host.pads.pads.count == 1)
        guard let joystick = SDL_JoystickFromInstanceID(host.pads.pads.first?.instanceID ?? -1) else {
            Issue.record("no joystick for the virtual pad"); return
        }
        _ = SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_BACK.rawValue), 1)
        SDL_JoystickUpdate()
        inputs = host.pollInputs()
        _ = SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_BACK.rawValue), 0)
        _ = SDL_JoystickSetVirtualAxis(joystick, Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), 30_000)
        SDL_JoystickUpdate()
        inputs += host.pollInputs()
        let kinds = inputs.map(\.kind)
        #expect(kinds.contains(.padDown(button: "back")))
        #expect(kinds.contains(.padUp(button: "back")))
        #expect(kinds.contains(.padDown(button: "righttrigger")))
        _ = SDL_JoystickDetachVirtual(index)
        inputs = host.pollInputs()
        #expect(inputs.map(\.typeName).contains("pad-removed"))
        #expect(host.pads.pads.isEmpty)
    }

    @Test("pushed finger events come back as RawInput in scene points with small ids")
    func pushedFingers() throws {
        let host = try Self.makeHost()
        #expect(host.layout.sceneRect == Rect(x: 0, y: 0, width: 800, height: 600))
        pushFinger(host, SDL_FINGERDOWN, finger: 900, x: 0.5, y: 0.5)
        pushFinger(host, SDL_FINGERMOTION, finger: 900, x: 0.6, y: 0.5, dx: 0.1)
        pushFinger(host, SDL_FINGERUP, finger: 900, x: 0.6, y: 0.5)
        let inputs = host.pollInputs()
        #expect(inputs.map(\.typeName) == ["finger-down", "finger-move", "finger-up"])
        guard case let .fingerDown(id, x, y, _, _) = inputs.first?.kind else { Issue.record("\(inputs)"); return }
        #expect(id == 1)
        // 0.5 · (800 − 1) window px at scale 2 (800 px show 400 points).
        #expect(abs(x - 199.75) < 1e-9)
        #expect(abs(y - 149.75) < 1e-9)
        #expect(inputs.map(\.t) == inputs.map(\.t).sorted())
        #expect(inputs.allSatisfy { $0.t >= 0 && $0.t <= host.time })
    }

    @Test("the frame loop hands input to the client before the frame and returns on quit")
    func runLoop() throws {
        let host = try Self.makeHost()
        let client = RecordingClient(quitAfter: 3)
        pushFinger(host, SDL_FINGERDOWN, finger: 5, x: 0.1, y: 0.1)
        var inputsAtFirstFrame = -1
        client.onFrame = { [unowned client] n in if n == 1 { inputsAtFirstFrame = client.inputs.count } }
        let reason = host.run(client: client)
        #expect(reason == .requested)
        #expect(inputsAtFirstFrame == 1)
        #expect(client.frames == 3)
        #expect(client.commands.first == .layoutChanged(host.layout))
        #expect(client.commands.last == .quit(.requested))
    }

    @Test("closing the window (SDL_QUIT) ends the loop")
    func quitEvent() throws {
        let host = try Self.makeHost()
        let client = RecordingClient(quitAfter: 1000)
        client.onFrame = { n in
            if n == 2 { var e = SDL_Event(); e.type = SDL_QUIT.rawValue; SDL_PushEvent(&e) }
        }
        #expect(host.run(client: client) == .windowClosed)
        #expect(client.frames == 2)
    }

    @Test("SIGINT ends the loop cleanly")
    func sigint() throws {
        let host = try Self.makeHost()
        let client = RecordingClient(quitAfter: 1000)
        client.onFrame = { n in if n == 2 { raise(SIGINT) } }
        #expect(host.run(client: client) == .interrupt)
        #expect(client.commands.last == .quit(.interrupt))
    }

    @Test("SIGTERM ends the loop cleanly")
    func sigterm() throws {
        let host = try Self.makeHost()
        let client = RecordingClient(quitAfter: 1000)
        client.onFrame = { n in if n == 3 { raise(SIGTERM) } }
        #expect(host.run(client: client) == .terminate)
    }

    @Test("a screenshot of the live window is a PNG of the frame")
    func screenshot() throws {
        let host = try Self.makeHost()
        let client = RecordingClient(quitAfter: 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-host-\(getpid()).png").path
        host.saveScreenshot(to: path)
        host.run(client: client)
        #expect(client.commands.contains(.screenshotSaved(path: path)))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("with panels visible the scene shares the window with a side and a bottom panel")
    func panels() throws {
        let host = try Self.makeHost(panels: true)
        #expect(host.layout.sidePanel != nil)
        host.togglePanels()
        #expect(host.layout.sidePanel == nil)
        #expect(host.layout.sceneRect.width == 800)
    }

    @Test("toggling panels from the client re-lays out and tells the client")
    func togglePanelsNotifies() throws {
        let host = try Self.makeHost(panels: false)
        let client = RecordingClient(quitAfter: 3)
        client.onFrame = { n in if n == 1 { host.togglePanels() } }
        host.run(client: client)
        let layouts = client.commands.compactMap { c -> HostLayout? in if case let .layoutChanged(l) = c { l } else { nil } }
        #expect(layouts.count == 2)
        #expect(layouts.last?.sidePanel != nil)
    }

    @Test("checkDisplay explains what to do when there is no display")
    func checkDisplay() {
        let message = SDLHost.checkDisplay(environment: [:])
        #expect(message?.contains("--headless") == true)
        #expect(message?.contains("\n") == false)
        #expect(SDLHost.checkDisplay(environment: ["DISPLAY": ":0"]) == nil)
        #expect(SDLHost.checkDisplay(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
        #expect(SDLHost.checkDisplay(environment: ["SDL_VIDEODRIVER": "dummy"]) == nil)
    }
    @Test("a present that does not wait does not make the loop spin: animating, at most one frame per 60 Hz refresh")
    func pacing() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        // vsync asked for: SDL's software renderer may report it, but its present returns at once.
        let host = try SDLHost(options: HostOptions(sceneName: "pacing", headless: true, windowSize: Size(width: 800, height: 600),
                                                    vsync: true, layout: LayoutOptions(panelsVisible: false, margin: 0), fonts: .bitmap),
                               sceneSize: Size(width: 400, height: 300))
        #expect(!host.hasVSync)
        let client = RecordingClient(quitAfter: 10_000)   // always animating
        var start = 0.0, end = 0.0
        client.onFrame = { n in
            if n == 1 { start = host.time }
            end = host.time
            if end - start >= 1.0 { host.requestQuit() }
        }
        host.run(client: client)
        let perSecond = Double(client.frames - 1) / (end - start)
        #expect(perSecond <= 61, "\(client.frames) frames in \(end - start) s")
        #expect(perSecond >= 30, "the loop must still animate: \(client.frames) frames in \(end - start) s")
    }

    @Test("a headless host can stand for a HiDPI display: the canvas is the window times the scale")
    func headlessPixelScale() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try SDLHost(options: HostOptions(sceneName: "scale", headless: true, windowSize: Size(width: 640, height: 400),
                                                    layout: LayoutOptions(panelsVisible: true), fonts: .bitmap,
                                                    headlessPixelScale: 2),
                               sceneSize: Size(width: 400, height: 300))
        #expect(host.layout.canvasSize == Size(width: 1280, height: 800))
        #expect(host.layout.windowSize == Size(width: 640, height: 400))
        #expect(host.layout.pixelScale == 2)
    }
    @Test("the window's frame, shapes written straight into its surface, is SDL's renderer's frame pixel for pixel")
    func windowDirectIsSDL() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try SDLHost(options: HostOptions(sceneName: "direct", headless: true, windowSize: Size(width: 420, height: 260),
                                                    layout: LayoutOptions(panelsVisible: false, margin: 0)),
                               sceneSize: Size(width: 420, height: 260))
        #expect(host.painter.usesSpans)
        // The window surface is one the painter writes into (else the test would compare SDL with SDL).
        #expect(SDL_GetWindowSurface(host.window).flatMap(DirectTarget.init) != nil)
        final class ListClient: HostClient {
            let build: (inout DisplayList) -> Void
            init(_ build: @escaping (inout DisplayList) -> Void) { self.build = build }
            var sceneSize: Size { Size(width: 420, height: 260) }
            func handle(_ input: RawInput) {}
            func advance(to time: Double) -> Bool { false }
            func draw(into l: inout DisplayList, layout: HostLayout) { build(&l) }
        }
        func build(_ list: inout DisplayList) {
        let grounds: [Color] = [Color(r: 22, g: 24, b: 30, a: 235), .white, Color(r: 200, g: 160, b: 96), Color(r: 255, g: 0, b: 0, a: 77)]
        for (i, g) in grounds.enumerated() { list.fillRect(Rect(x: Double(i) * 105, y: 0, width: 105, height: 260), g) }
        list.withTransform(AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 200, y: 120))) { l in
            l.fillRect(Rect(x: -60, y: -40, width: 120, height: 80), Color(r: 100, g: 200, b: 255, a: 160))
        }
        list.pushClip(Rect(x: 100.5, y: 40.2, width: 150, height: 31.6))
        list.text("clipped text crosses the clip's edges", at: Point(x: 60, y: 36), size: 22, color: .hex("#30d158"))
        list.popClip()
        list.text("Wg|é→ photo 0.475 ✓", at: Point(x: 4, y: 200), size: 15, color: Color(r: 255, g: 255, b: 255, a: 128))
        }
        func pixels() -> [UInt32] {
            var out = [UInt32](repeating: 0, count: 420 * 260)
            _ = out.withUnsafeMutableBytes { SDL_RenderReadPixels(host.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, 420 * 4) }
            return out
        }
        host.drawFrame(ListClient(build))                // the window's path: straight into its surface
        let window = pixels()
        var plain = DisplayList(size: host.layout.canvasSize, background: host.options.background)
        build(&plain)
        host.painter.paint(plain)                        // SDL's renderer for every command
        SDL_RenderFlush(host.renderer)
        let sdl = pixels()
        let differ = zip(window, sdl).filter { $0 != $1 }.count
        #expect(differ == 0, "\(differ) pixels differ")
        #expect(Set(window).count > 20, "the frame must show the shapes and text")
    }
}
