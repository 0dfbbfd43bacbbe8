// LatencyBench: input-to-photon latency in the live frame loop — the photo scene with every
// panel on, run by `SDLHost.run` as the live window is, while another thread pushes finger
// events through SDL's event queue at 120 Hz a finger, as a touchscreen driver would. Each
// event's push to the present of the first frame that shows it, to the nanosecond (SDL's
// performance counter on both sides). `LatencyLimit` runs the same feeder against a minimal
// SDL loop (one quad per finger) in the same run: the limit of this machine, so the ratio of
// the two holds on any machine.
import Foundation
import CSDL2
import TouchScene
import TouchDraw
import TouchSDL
import TouchScopeKit

/// Pushes two fingers pinching and turning at `rate` Hz each through SDL's event queue from
/// its own thread, and keeps the performance counter of every push.
final class LatencyFeeder: @unchecked Sendable {
    private let lock = NSLock()
    private var counters: [UInt64] = []
    private let done = DispatchSemaphore(value: 0)

    /// Performance-counter values of every finger event pushed, in order.
    var pushCounters: [UInt64] { lock.withLock { counters } }

    /// The performance counter when both fingers were lifted (0 until then).
    var liftCounter: UInt64 { lock.withLock { lifted } }
    private var lifted: UInt64 = 0

    /// Starts pushing to `windowID` for `seconds`, then lifts both fingers, waits `quiet`
    /// seconds (the loop animates with no input) and pushes SDL_QUIT.
    func start(windowID: UInt32, seconds: Double, rate: Double, quiet: Double = 0) {
        let t = Thread { [self] in
            let start = SDL_GetTicks64()
            var i = 0
            func push(_ type: SDL_EventType, _ finger: Int64, _ x: Float, _ y: Float) {
                var e = SDL_Event()
                e.type = type.rawValue
                e.tfinger.touchId = 7
                e.tfinger.fingerId = finger
                e.tfinger.x = x; e.tfinger.y = y
                e.tfinger.pressure = 1
                e.tfinger.windowID = windowID
                let c = SDL_GetPerformanceCounter()
                if SDL_PushEvent(&e) == 1 { lock.withLock { counters.append(c) } }
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
            lock.withLock { lifted = SDL_GetPerformanceCounter() }
            if quiet > 0 { usleep(UInt32(quiet * 1_000_000)) }
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            SDL_PushEvent(&quit)
            done.signal()
        }
        t.start()   // the running thread keeps itself (held here too, it and this feeder would keep each other)
    }

    func wait() { done.wait() }

    /// Milliseconds from each push to the present that showed it, given the presents'
    /// counters in the order the inputs arrived (SDL's queue keeps the feeder's order; the
    /// last inputs, taken with the quit, are never presented); nil when they cannot pair up
    /// (more inputs presented than pushed: one did not come from this feeder).
    func latencies(presented: [UInt64]) -> [Double]? {
        let pushed = pushCounters
        guard presented.count <= pushed.count, !presented.isEmpty else { return nil }
        let perMs = Double(SDL_GetPerformanceFrequency()) / 1000
        return zip(pushed, presented).map { p, shown in shown >= p ? Double(shown - p) / perMs : 0 }
    }
}

@MainActor
enum LatencyBench {
    struct Result {
        var inputs: Int
        var frames: Int
        var seconds: Double
        var ms: (p50: Double, p99: Double)
        var videoDriver: String
        var renderer: String
        /// Whether the figures are to the nanosecond (false: SDL's millisecond timestamps).
        var fine: Bool
        /// Frames presented per second while the fingers moved (a frame follows input at once).
        var streamingFPS: Double
        /// Frames presented per second after they lifted, while the loop animates with no
        /// input (paced to the display's refresh).
        var animatingFPS: Double
    }

    /// `seconds` of two fingers pinching and turning on the photo, reported at `rate` Hz
    /// each, in a window of `window` units at `pixelScale`. Uses the display when there is
    /// one (`DISPLAY`, Xvfb is fine) and the scale is 1, else SDL's dummy driver; vsync off
    /// either way, so the loop paces itself as it does without a present that waits.
    static func run(seconds: Double = 3, rate: Double = 120, window: Size = Size(width: 1280, height: 800),
                    pixelScale: Double = 1, quiet: Double = 1) throws -> Result {
        let headless = pixelScale != 1 || SDLHost.checkDisplay() != nil
        let description = try FrameBench.scene(labels: 500, lanes: 50)
        let session = SceneSession(scene: description)
        let frame = FrameState(overlays: true)
        frame.follow(session)
        frame.state.lanesOfTouchedViewsOnly = false
        let host = try SDLHost(options: HostOptions(sceneName: "latency bench", headless: headless,
                                                    windowSize: window, vsync: false,
                                                    deviceSensors: false, headlessPixelScale: pixelScale),
                               sceneSize: description.window)
        let client = Client(session: session, frame: frame)
        // The fingers land on a window that shows its first frame already, as a person's do:
        // the loop's first frame (fonts opened, every text rendered once, every part painted
        // whole) is not input-to-photon. The feeder starts on the loop's second turn.
        let feeder = LatencyFeeder()
        let windowID = SDL_GetWindowID(host.window)
        client.secondTurn = { feeder.start(windowID: windowID, seconds: seconds, rate: rate, quiet: quiet) }
        let started = SDL_GetPerformanceCounter()
        host.run(client: client)
        let ended = SDL_GetPerformanceCounter()
        let perSecond = Double(SDL_GetPerformanceFrequency())
        let elapsed = Double(ended - started) / perSecond
        feeder.wait()
        let fine = feeder.latencies(presented: host.latency.presentCounters)
        guard let p = InputLatency(fine ?? host.latency.all) else { throw BenchError("no input reached the screen") }
        // Frames per second over a stretch, from the frames' own times.
        func framesPerSecond(from a: UInt64, to b: UInt64) -> Double {
            let times = client.frameCounters.filter { $0 >= a && $0 <= b }
            guard let first = times.first, let last = times.last, last > first else { return 0 }
            return Double(times.count - 1) / (Double(last - first) / perSecond)
        }
        let lift = feeder.liftCounter
        let settle = UInt64(0.1 * perSecond)   // the frames that show the lift
        return Result(inputs: p.count, frames: client.frames, seconds: elapsed, ms: (p.p50, p.p99),
                      videoDriver: SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?",
                      renderer: host.rendererName, fine: fine != nil,
                      streamingFPS: framesPerSecond(from: started, to: lift),
                      animatingFPS: lift > 0 ? framesPerSecond(from: lift + settle, to: ended) : 0)
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
        /// The performance counter at each frame's last part.
        var frameCounters: [UInt64] = []
        /// Whether frames are drawn in parts, as the live window draws them (false: whole).
        var inParts = true
        /// Display-list commands of the last frame drawn.
        var lastCommands = 0
        init(session: SceneSession, frame: FrameState) { self.session = session; self.frame = frame }
        var sceneSize: Size { session.scene.window }
        func hostDidStart(_ host: SDLHost) { self.host = host }
        func handle(_ input: RawInput) { session.handle(input) }
        /// Called once, when the loop turns the second time (its first frame is presented).
        var secondTurn: (() -> Void)?
        /// Called every turn after the second's start, before the scene advances.
        var everyTurn: (() -> Void)?
        /// Whether every turn draws a frame, as mid-gesture (false: only when input came or
        /// the scene animates, as the live window).
        var drawsEveryTurn = true
        private var turns = 0
        func advance(to time: Double) -> Bool {
            turns += 1
            if turns == 2, let start = secondTurn { secondTurn = nil; start() }
            everyTurn?()
            return session.advance(to: time) || drawsEveryTurn
        }
        func draw(into list: inout DisplayList, layout: HostLayout) {
            frames += 1
            frameCounters.append(SDL_GetPerformanceCounter())
            frame.draw(session, into: &list, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer())
            lastCommands = list.commands.count
        }
        /// The frame in the live window's parts (`FrameState.frameParts`), as the window draws it.
        func frameParts(layout: HostLayout) -> [FramePart]? {
            lastCommands = 0
            return inParts ? frame.frameParts(layout: layout) : nil
        }
        func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) {
            if part.moment == .afterInput { frames += 1; frameCounters.append(SDL_GetPerformanceCounter()) }
            frame.draw(part, session, into: &list, layout: layout, measurer: host?.textMeasurer ?? EstimatedTextMeasurer())
            lastCommands += list.commands.count
        }
    }
}

/// The limit: the same feeder against the smallest SDL program that shows touches (the same
/// window size and video driver, SDL's software renderer, one quad per finger, drawn as soon
/// as input arrives). What TouchScope's latency is compared with.
@MainActor
enum LatencyLimit {
    static func run(seconds: Double = 3, rate: Double = 120, window: Size = Size(width: 1280, height: 800)) throws -> InputLatency {
        let headless = SDLHost.checkDisplay() != nil
        if headless { setenv("SDL_VIDEODRIVER", "dummy", 1) }
        try SDLContext.initVideo(headless: headless)
        guard let win = SDL_CreateWindow("latency limit", 0, 0, Int32(window.width), Int32(window.height), 0) else {
            throw LatencyBench.BenchError("SDL_CreateWindow: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyWindow(win) }
        guard let ren = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw LatencyBench.BenchError("SDL_CreateRenderer: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyRenderer(ren) }
        // As for the window: the first frame is presented before the fingers land.
        SDL_SetRenderDrawColor(ren, 24, 24, 28, 255)
        SDL_RenderClear(ren)
        SDL_RenderPresent(ren)
        let feeder = LatencyFeeder()
        feeder.start(windowID: SDL_GetWindowID(win), seconds: seconds, rate: rate)
        var fingers: [Int64: (Float, Float)] = [:]
        var presented: [UInt64] = []
        var waiting = 0
        var running = true
        while running {
            var e = SDL_Event()
            guard SDL_WaitEventTimeout(&e, 100) != 0 else { continue }
            repeat {
                switch e.type {
                case SDL_QUIT.rawValue: running = false
                case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue:
                    fingers[e.tfinger.fingerId] = (e.tfinger.x, e.tfinger.y); waiting += 1
                case SDL_FINGERUP.rawValue:
                    fingers[e.tfinger.fingerId] = nil; waiting += 1
                default: break
                }
            } while SDL_PollEvent(&e) != 0
            SDL_SetRenderDrawColor(ren, 24, 24, 28, 255)
            SDL_RenderClear(ren)
            SDL_SetRenderDrawColor(ren, 240, 200, 60, 255)
            for (x, y) in fingers.values {
                var r = SDL_Rect(x: Int32(x * Float(window.width)) - 20, y: Int32(y * Float(window.height)) - 20, w: 40, h: 40)
                SDL_RenderFillRect(ren, &r)
            }
            SDL_RenderPresent(ren)
            presented.append(contentsOf: repeatElement(SDL_GetPerformanceCounter(), count: waiting))
            waiting = 0
        }
        feeder.wait()
        guard let ms = feeder.latencies(presented: presented), let p = InputLatency(ms) else {
            throw LatencyBench.BenchError("the limit loop saw \(presented.count) inputs of \(feeder.pushCounters.count) pushed")
        }
        return p
    }
}
