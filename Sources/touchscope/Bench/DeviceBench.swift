// DeviceBench: a fed device's latency by stage (`touchscope bench --device-replay FILE`), on the
// path users run: the live window's loop (`SDLHost.run`, headless: SDL's dummy video driver and
// software renderer, every panel on) with the file played as the device (`--device-replay`:
// its frames written into a pipe at the file's own timing, read by the evdev reader on its
// thread, handed to the loop by an SDL user event). Each frame with finger events gets its
// four times on CLOCK_MONOTONIC from the source itself (`EvdevTouchscreen.takeStageTimes`):
// kernel (the moment the file's timing made it due) → read → dispatched (the event model
// done) → presented (`SDL_RenderPresent` returned).
import Foundation
import CSDL2
import TouchCore
import TouchScene
import TouchDraw
import TouchSDL
import TouchScopeKit

@MainActor
enum DeviceBench {
    typealias Percentiles = (p50: Double, p99: Double)

    struct Result {
        /// Frames read from the device, with finger events or not.
        var frames: Int
        /// Finger events handed to the scene.
        var touches: Int
        /// Frames the loop presented.
        var presents: Int
        var kernelToRead: Percentiles
        var readToDispatched: Percentiles
        var dispatchedToPresented: Percentiles
        var kernelToPresented: Percentiles
        /// Every frame with finger events, its four times (µs on CLOCK_MONOTONIC).
        var times: [DeviceStageTimes]
        /// SDL's performance counter (in µs) minus CLOCK_MONOTONIC (µs), read back to back,
        /// and how wide the tightest bracket of the two readings was (µs).
        var counterOffset: (us: Double, within: Double)
        var videoDriver: String
        var renderer: String
    }

    /// Plays `path` as the device `rounds` times, each in a fresh headless window of `window`
    /// units (the bench's frame scene: 500 labels, 50 timeline lanes, every panel on).
    static func run(path: String, rounds: Int = 1, window: Size = Size(width: 1280, height: 800),
                    labels: Int = 500, lanes: Int = 50) throws -> Result {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var options = TouchDeviceOptions(replay: path)
        options.holdReplay = true
        do { try EvdevTouchscreen.check(options) } catch { throw CLIError.badInput(error.message) }
        let description = try FrameBench.scene(labels: labels, lanes: lanes)
        var times: [DeviceStageTimes] = []
        var frames = 0, presents = 0
        var renderer = "?"
        for _ in 0..<max(1, rounds) {
            let session = SceneSession(scene: description)
            let frame = FrameState(overlays: true)
            frame.follow(session)
            frame.state.lanesOfTouchedViewsOnly = false
            var hostOptions = HostOptions(sceneName: "device bench", headless: true, windowSize: window, vsync: false,
                                          layout: LayoutOptions(panelsVisible: true), deviceSensors: false)
            hostOptions.touchDevice = options
            var host: SDLHost? = try SDLHost(options: hostOptions, sceneSize: description.window)
            guard let h = host, let device = h.sources.first(EvdevTouchscreen.self) else {
                throw BenchFailure(message: "\(path): the device could not be opened")
            }
            renderer = h.rendererName
            let client = LatencyBench.Client(session: session, frame: frame)
            client.drawsEveryTurn = false   // a frame for input (or animation), as the live window
            // The file starts once the window shows its first frame (fonts open, every part
            // painted once), as fingers land on a window already shown.
            client.secondTurn = { device.startReplay() }
            weak let weakHost = h
            client.everyTurn = {
                times += device.takeStageTimes()
                guard device.stopped != nil, let host = weakHost else { return }
                // The input ended: this turn's frame shows its last frames, then the loop ends.
                host.requestQuit()
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                SDL_PushEvent(&quit)
            }
            let before = h.frameCount
            h.run(client: client)
            times += device.takeStageTimes()
            presents += h.frameCount - before
            frames += device.framesRead
            host = nil   // the window, the reader thread and the pipe go before the next round
        }
        guard !times.isEmpty else { throw BenchFailure(message: "\(path): no frame with finger events reached the screen") }
        func ms(_ a: Int64, _ b: Int64) -> Double { Double(b - a) / 1000 }
        let withKernel = times.filter { $0.kernel != nil }
        guard let kr = EvdevStages.percentiles(withKernel.map { ms($0.kernel!, $0.read) }),
              let rd = EvdevStages.percentiles(times.map { ms($0.read, $0.dispatched) }),
              let dp = EvdevStages.percentiles(times.map { ms($0.dispatched, $0.presented) }),
              let kp = EvdevStages.percentiles(withKernel.map { ms($0.kernel!, $0.presented) }) else {
            throw BenchFailure(message: "\(path): its frames have no kernel time on CLOCK_MONOTONIC")
        }
        let touches = times.reduce(0) { $0 + $1.touches }
        return Result(frames: frames, touches: touches, presents: presents, kernelToRead: kr, readToDispatched: rd,
                      dispatchedToPresented: dp, kernelToPresented: kp, times: times, counterOffset: counterOffset(),
                      videoDriver: SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?", renderer: renderer)
    }

    /// SDL's performance counter against CLOCK_MONOTONIC: the counter read on both sides of
    /// a `clock_gettime`, 200 times; the tightest bracket's middle minus the monotonic reading.
    static func counterOffset() -> (us: Double, within: Double) {
        let perMicrosecond = Double(SDL_GetPerformanceFrequency()) / 1e6
        var best: (us: Double, within: Double) = (0, .infinity)
        for _ in 0..<200 {
            let a = SDL_GetPerformanceCounter()
            let m = EvdevReader.monotonicMicroseconds()
            let b = SDL_GetPerformanceCounter()
            let within = Double(b - a) / perMicrosecond
            if within < best.within { best = ((Double(a) + Double(b - a) / 2) / perMicrosecond - Double(m), within) }
        }
        return best
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
