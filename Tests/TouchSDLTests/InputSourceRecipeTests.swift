// The "Add an input source" recipe of docs/contributing.md, followed by a test: a source
// written in one file (below) and added to the list as `InputSourceList.standard` lists its
// sources, run by the host's own loop (`SDLHost.run`, dummy video driver), its input mapped
// and sent to an application as the touchscope app does.
import CSDL2
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

/// A test-only source: a finger stroke and one hard jolt of the device, each input due
/// `t` seconds after the first poll.
@MainActor
final class StrokeSource: InputSource {
    private var script: [RawInput]
    private var start: Double?
    private(set) var polls = 0

    init(_ script: [RawInput]) { self.script = script }

    func poll(at time: Double, host: SDLHost) -> [RawInput] {
        polls += 1
        let s = start ?? time
        start = s
        var out: [RawInput] = []
        while let next = script.first, s + next.t <= time {
            out.append(RawInput(t: s + next.t, next.kind))
            script.removeFirst()
        }
        return out
    }

    var nextPoll: Double? { script.first.map { (start ?? 0) + $0.t } }
    var isDone: Bool { script.isEmpty }
    var devices: [InputDevice] { [InputDevice(kind: .other, name: "stroke", capabilities: [.touchscreen, .accelerometer])] }
}

/// A view that keeps the phases and locations of the touches it gets.
final class TouchLog: View {
    var got: [(TouchPhase, Point)] = []
    override func touchesBegan(_ touches: [Touch], with event: Event) { got += touches.map { (.began, $0.location(in: self)) } }
    override func touchesMoved(_ touches: [Touch], with event: Event) { got += touches.map { (.moved, $0.location(in: self)) } }
    override func touchesEnded(_ touches: [Touch], with event: Event) { got += touches.map { (.ended, $0.location(in: self)) } }
}

/// A host client that maps raw input and sends it to an application; it quits once the
/// source is done and the stroke arrived, or `timeLimit` seconds after the start.
@MainActor
final class AppClient: HostClient {
    let app = Application(windowSize: Size(width: 400, height: 300))
    var mapper = InputMapper(sceneSize: Size(width: 400, height: 300), defaults: Defaults())
    let view = TouchLog(id: "pad", frame: Rect(x: 100, y: 100, width: 200, height: 100))
    var shakes = 0
    let source: StrokeSource
    let timeLimit: Double
    weak var host: SDLHost?

    init(source: StrokeSource, timeLimit: Double) {
        self.source = source; self.timeLimit = timeLimit
        app.window.addSubview(view)
        view.canBecomeFirstResponder = true
        view.handlesMotion = true
        view.becomeFirstResponder()
        app.tracer.sink = TraceCallback { [unowned self] r in
            if case .motion(.began, _, _, _) = r.body { self.shakes += 1 }
        }
    }

    var sceneSize: Size { Size(width: 400, height: 300) }
    func hostDidStart(_ host: SDLHost) { self.host = host }
    /// How long after its time each finger or accelerometer input arrived (the host's clock).
    var lateness: [Double] = []
    func handle(_ input: RawInput) {
        switch input.kind {
        case .fingerDown, .fingerMove, .fingerUp, .accel: if let host { lateness.append(host.time - input.t) }
        default: break
        }
        for e in mapper.map(input) { app.send(e, at: input.t) }
    }
    func advance(to time: Double) -> Bool {
        for e in mapper.advance(to: time) { app.send(e, at: time) }
        _ = app.advance(to: time)
        if (source.isDone && view.got.count >= 3 && shakes > 0) || time > timeLimit { host?.requestQuit() }
        return false   // idle between inputs: only the source's `nextPoll` (or the heartbeat) wakes the loop
    }
    func draw(into list: inout DisplayList, layout: HostLayout) {}
}

@MainActor
@Suite("Add an input source (docs/contributing.md)", .serialized)
struct InputSourceRecipeTests {
    @Test("a source added to the list is polled by the host's loop, and its strokes and jolt reach the application")
    func recipe() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let stroke = StrokeSource([
            RawInput(t: 0.02, .fingerDown(finger: 1, x: 150, y: 140)),
            RawInput(t: 0.10, .fingerMove(finger: 1, x: 180, y: 150)),
            RawInput(t: 0.15, .fingerUp(finger: 1, x: 180, y: 150)),
            // IIO axes, 30 m/s² along y: past the shake threshold (InputMapper's tests).
            RawInput(t: 0.20, .accel(x: 0, y: 30, z: 0)),
        ])
        let options = HostOptions(sceneName: "recipe", headless: true, windowSize: Size(width: 400, height: 300),
                                  layout: LayoutOptions(panelsVisible: false, margin: 0), fonts: .bitmap)
        // The recipe's one line, here in the test's own copy of the list.
        let host = try SDLHost(options: options, sceneSize: Size(width: 400, height: 300),
                               sources: InputSourceList.standard(options) + [stroke])
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {}   // what other tests left in SDL's (process-wide) queue
        #expect(host.sources.devices.contains { $0.name == "stroke" && $0.capabilities.contains(.accelerometer) })
        let client = AppClient(source: stroke, timeLimit: 5)
        let reason = host.run(client: client)
        #expect(reason == .requested)
        #expect(stroke.isDone)
        #expect(host.time < 5, "the loop ran to the time limit: the source's input did not all arrive")
        // Locations in the view's coordinates: the scene point less the view's origin (100, 100).
        #expect(client.view.got.map(\.0) == [.began, .moved, .ended])
        #expect(client.view.got.map(\.1) == [Point(x: 50, y: 40), Point(x: 80, y: 50), Point(x: 80, y: 50)])
        #expect(client.shakes == 1)
        // The idle loop woke at the source's `nextPoll`: the first input did not wait for the
        // 0.25 s heartbeat (0.23 s late). Sanitizer runs stretch the bound.
        let scale = ProcessInfo.processInfo.environment["TOUCHSCOPE_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1
        #expect(client.lateness.count == 4)
        #expect((client.lateness.first ?? 1) < 0.15 * scale)
    }
}
