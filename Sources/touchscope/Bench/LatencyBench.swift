// LatencyBench: input-to-photon latency in the live frame loop — the photo scene with every
// panel on, run by `SDLHost.run` as the live window is, while another thread pushes finger
// events through SDL's event queue at 120 Hz, as a touchscreen driver would. Each event's
// SDL timestamp to the present of the first frame that shows it (`SDLHost.latency`).
import Foundation
import CSDL2
import TouchScene
import TouchDraw
import TouchSDL
import TouchScopeKit

@MainActor
enum LatencyBench {
    struct Result {
        var inputs: Int
        var frames: Int
        var ms: (p50: Double, p99: Double)
        var videoDriver: String
    }

    /// `seconds` of two fingers pinching and turning on the photo, reported at `rate` Hz
    /// each. Uses the display when there is one (`DISPLAY`, Xvfb is fine), else SDL's
    /// dummy driver; vsync off either way, so the loop paces itself at 60 Hz as it does
    /// without vsync.
    static func run(seconds: Double = 3, rate: Double = 120) throws -> Result {
        let headless = SDLHost.checkDisplay() != nil
        let description = try FrameBench.scene(labels: 500, lanes: 50)
        let session = SceneSession(scene: description)
        let frame = FrameState(overlays: true)
        frame.follow(session)
        frame.state.lanesOfTouchedViewsOnly = false
        let host = try SDLHost(options: HostOptions(sceneName: "latency bench", headless: headless,
                                                    windowSize: Size(width: 1280, height: 800), vsync: false,
                                                    deviceSensors: false),
                               sceneSize: description.window)
        let client = Client(session: session, frame: frame)
        let windowID = SDL_GetWindowID(host.window)
        let feeder = Thread {
            // Two fingers on the photo's centre (window 0.3125, 0.375 of the 1280×800 window's
            // scene area: close enough; the gesture only has to run).
            let start = SDL_GetTicks64()
            var i = 0
            func push(_ type: SDL_EventType, _ finger: Int64, _ x: Float, _ y: Float) {
                var e = SDL_Event()
                e.type = type.rawValue
                e.tfinger.timestamp = SDL_GetTicks()
                e.tfinger.touchId = 7
                e.tfinger.fingerId = finger
                e.tfinger.x = x; e.tfinger.y = y
                e.tfinger.pressure = 1
                e.tfinger.windowID = windowID
                SDL_PushEvent(&e)
            }
            push(SDL_FINGERDOWN, 1, 0.25, 0.4)
            push(SDL_FINGERDOWN, 2, 0.35, 0.4)
            while Double(SDL_GetTicks64() - start) / 1000 < seconds {
                i += 1
                let a = Float(i) * 0.02, r = 0.05 + 0.02 * sin(Float(i) * 0.05)
                push(SDL_FINGERMOTION, Int64(1 + i % 2), 0.3 + (i % 2 == 0 ? r : -r) * cos(a), 0.4 + (i % 2 == 0 ? r : -r) * sin(a))
                usleep(UInt32(1_000_000 / (rate * 2)))   // each finger at `rate` Hz
            }
            push(SDL_FINGERUP, 1, 0.25, 0.4)
            push(SDL_FINGERUP, 2, 0.35, 0.4)
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
        }
        feeder.start()
        host.run(client: client)
        let all = host.latency.all
        guard let p = InputLatency(all) else { throw BenchError("no input reached the screen") }
        return Result(inputs: p.count, frames: client.frames, ms: (p.p50, p.p99),
                      videoDriver: SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?")
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// The live window's client, without recording or keys: input in, frames out.
    final class Client: HostClient {
        let session: SceneSession
        let frame: FrameState
        weak var host: SDLHost?
        var frames = 0
        init(session: SceneSession, frame: FrameState) { self.session = session; self.frame = frame }
        var sceneSize: Size { session.scene.window }
        func hostDidStart(_ host: SDLHost) { self.host = host }
        func handle(_ input: RawInput) { session.handle(input) }
        func advance(to time: Double) -> Bool { session.advance(to: time) || true }   // draw every frame, as mid-gesture
        func draw(into list: inout DisplayList, layout: HostLayout) {
            frames += 1
            frame.draw(session, into: &list, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer())
        }
    }
}
