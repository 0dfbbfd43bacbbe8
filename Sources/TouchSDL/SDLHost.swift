// SDLHost: the window, the frame loop, and the clock.
//
//     let host = try SDLHost(options: HostOptions(sceneName: "gallery"))
//     host.run(client: app)        // returns on window close, SIGINT or SIGTERM
//
// The loop (`run`, FrameLoop.swift) performs the steps of the frame schedule
// (`FrameSchedule`, which states the rules): wait only when idle, read input, advance the
// client, draw the frame (in parts when the client gives them: the toolbar, then the input
// that came meanwhile, then the scene from that newest state, then present; the panels
// painted aside after the present), pace to the display. Time is seconds since the host
// started (SDL ticks); the core never reads the clock.
//
// Input that does not come through SDL's queue comes from input sources (`InputSource`,
// listed in `InputSourceList`): every turn polls them after SDL's events, and an idle wait
// also ends at the earliest `nextPoll` (the device's accelerometer: about 60 times a
// second). A poll that finds nothing goes back to waiting: no advance, no redraw.
import CSDL2
import Foundation
import TouchCore
import TouchDraw
import TouchScene

/// The program that the host drives (the touchscope app).
@MainActor
public protocol HostClient: AnyObject {
    /// The scene's window size in points. Read every frame; a change re-lays out.
    var sceneSize: Size { get }
    /// Called once by `run` before the first frame (keep the host to call its methods).
    func hostDidStart(_ host: SDLHost)
    /// One translated input (DESIGN.md step 1's output); `t` is seconds since the start.
    func handle(_ input: RawInput)
    /// Advances timers and animations to `time`; true while something animates (the host
    /// then draws every vsync instead of waiting for input).
    func advance(to time: Double) -> Bool
    /// The next time a timer fires (long press, double-tap window), so an idle host wakes
    /// for it; nil when none. The host wakes at least every 0.25 s regardless.
    var nextWakeTime: Double? { get }
    /// Produces the frame: scene and panels, in canvas pixels (`layout.sceneTransform`
    /// maps scene points to canvas pixels). The list's size and background are set.
    func draw(into list: inout DisplayList, layout: HostLayout)
    /// Host notifications: quit requested, layout changed, pads changed, screenshot saved.
    func hostCommand(_ command: HostCommand)
    /// The parts to draw this frame in (`FramePart`: disjoint, each repainted only when its
    /// picture changed, each at its `moment` of the frame), or nil to draw it whole with
    /// `draw(into:layout:)`. Asked once a frame; nil by default.
    func frameParts(layout: HostLayout) -> [FramePart]?
    /// Draws one of `frameParts` (canvas pixels; painted clipped to `part.rect`). The list's
    /// size and background are set.
    func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout)
}

extension HostClient {
    public func hostDidStart(_ host: SDLHost) {}
    public var nextWakeTime: Double? { nil }
    public func hostCommand(_ command: HostCommand) {}
    public func frameParts(layout: HostLayout) -> [FramePart]? { nil }
    public func draw(_ part: FramePart, into list: inout DisplayList, layout: HostLayout) {}
}

/// Why the loop ends.
public enum QuitReason: String, Sendable, Hashable {
    case windowClosed, interrupt, terminate, requested
}

/// Notifications from the host to its client.
public enum HostCommand: Sendable, Hashable {
    /// The loop ends after this call; `run` returns so the caller can flush files.
    case quit(QuitReason)
    /// The window, renderer output, scene size or panel options changed.
    case layoutChanged(HostLayout)
    /// A game controller was added or removed (see `SDLHost.pads.pads`).
    case padsChanged([PadInfo])
    case screenshotSaved(path: String)
    case screenshotFailed(path: String, message: String)
}

public struct HostOptions: Sendable {
    /// Shown after "TouchScope — " in the window title.
    public var sceneName: String
    /// Dummy video driver and software renderer: no display needed, nothing shown.
    public var headless: Bool
    public var fullscreen: Bool
    /// The display to open on (0-based); nil for SDL's default.
    public var displayIndex: Int?
    /// Window size in window units; nil for 1280×800 (800×1280 on a portrait display)
    /// clamped to the display.
    public var windowSize: Size?
    public var vsync: Bool
    public var layout: LayoutOptions
    /// Font files; nil for `FontLocator.locate()`.
    public var fonts: FontFiles?
    public var background: Color
    /// Read the device's own accelerometer (Linux IIO, under `TOUCHSCOPE_IIO_ROOT` or
    /// /sys/bus/iio/devices). Off when headless.
    public var deviceSensors: Bool
    /// Headless only: canvas pixels per window unit, as a HiDPI display gives (the window is
    /// `windowSize` units, its canvas that times this). With a display, the display decides.
    public var headlessPixelScale: Double
    /// The touchscreen read through evdev instead of SDL (`--device`, `--device-replay`);
    /// empty: SDL's touch input only.
    public var touchDevice = TouchDeviceOptions()

    public init(sceneName: String = "", headless: Bool = false, fullscreen: Bool = false, displayIndex: Int? = nil,
                windowSize: Size? = nil, vsync: Bool = true, layout: LayoutOptions = LayoutOptions(),
                fonts: FontFiles? = nil, background: Color = Color(r: 28, g: 28, b: 30), deviceSensors: Bool = true,
                headlessPixelScale: Double = 1) {
        self.sceneName = sceneName; self.headless = headless; self.fullscreen = fullscreen
        self.displayIndex = displayIndex; self.windowSize = windowSize; self.vsync = vsync
        self.layout = layout; self.fonts = fonts; self.background = background; self.deviceSensors = deviceSensors
        self.headlessPixelScale = headlessPixelScale
    }

    /// Canvas pixels per window unit the host imposes (headless only; 1 otherwise).
    var imposedPixelScale: Double { headless && headlessPixelScale > 1 ? headlessPixelScale : 1 }

    public var title: String { sceneName.isEmpty ? "TouchScope" : "TouchScope — \(sceneName)" }
}

/// Set by the SIGINT / SIGTERM handlers (async-signal-safe: a plain store).
nonisolated(unsafe) private var receivedSignal: Int32 = 0
/// Whether `catchSignals()` installed the handlers before `run` (a signal that came since is kept).
nonisolated(unsafe) private var signalsCaughtEarly = false

extension SDLHost {
    /// Installs the SIGINT / SIGTERM handlers now, before the window's files (the trace, the
    /// recording, the device's IIO channels) are opened: a signal that arrives meanwhile is
    /// kept, and `run` ends the program cleanly at its first turn.
    public static func catchSignals() {
        receivedSignal = 0
        signal(SIGINT) { receivedSignal = $0 }
        signal(SIGTERM) { receivedSignal = $0 }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        signalsCaughtEarly = true
    }
}

@MainActor
public final class SDLHost {
    public let options: HostOptions
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let painter: SDLPainter
    /// The game controllers: the sources' `GamepadManager` (a detached one when none is listed).
    public let pads: GamepadManager
    /// Where input besides SDL's queue comes from, in poll order (`InputSourceList.standard`).
    public let sources: InputSources
    public private(set) var layout: HostLayout
    public var translator: InputTranslator
    /// Whether the renderer's present waits for the display's refresh. SDL's software
    /// renderer reports `PRESENTVSYNC` but returns at once, so it never counts: the loop
    /// then paces animation to 60 Hz itself.
    public let hasVSync: Bool
    /// The SDL renderer the window draws with (`software`, `opengl`, …).
    public let rendererName: String

    private let startTicks: UInt64
    private var lastInputTime = 0.0
    var quitReason: QuitReason?
    private var pendingScreenshots: [String] = []
    private var layoutOptions: LayoutOptions
    var layoutChangePending = false
    /// When the loop waits, reads input, draws, presents and paints the panels (`FrameSchedule`).
    var schedule: FrameSchedule
    /// The panels painted aside, a slice at a time (`AsideParts`).
    let aside = AsideParts()
    /// The window surface and layout the frame being drawn in parts paints into; nil when the
    /// frame is drawn whole.
    var frameTarget: (surface: UnsafeMutablePointer<SDL_Surface>, layout: HostLayout)?
    /// The performance counter at the frame's present: the panels' work after it is timed from it.
    var presentedAt: UInt64 = 0

    /// The smallest window a person can resize it to (window units): the scene stays
    /// visible and touchable. (A window manager enforces it; without one, as under Xvfb, a
    /// window can still be made smaller, and input then maps as `HostLayout` says.)
    public static let minimumWindowSize = Size(width: 320, height: 240)

    /// Opens the window and renderer (SDL initialised on first use); `sources` replace
    /// `InputSourceList.standard(options)`.
    public init(options: HostOptions = HostOptions(), sceneSize: Size = Size(width: 800, height: 600),
                sources: [any InputSource]? = nil) throws {
        self.options = options
        try SDLContext.initVideo(headless: options.headless)
        var w = options.windowSize ?? Size(width: 1280, height: 800)
        let display = Int32(options.displayIndex ?? 0)
        var usable = SDL_Rect()
        if options.windowSize == nil, SDL_GetDisplayUsableBounds(display, &usable) == 0, usable.w > 0, usable.h > 0 {
            // A portrait display (a tablet held upright) gets the portrait window: 800×1280.
            let portrait = usable.h > usable.w
            if portrait { w = Size(width: 800, height: 1280) }
            w.width = max(min(w.width, Double(usable.w) * 0.95), min(portrait ? 640 : 1024, Double(usable.w)))
            w.height = max(min(w.height, Double(usable.h) * 0.92), min(portrait ? 1024 : 640, Double(usable.h)))
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let pos = options.displayIndex.map { ts_windowpos_centered_display(Int32($0)) } ?? ts_windowpos_undefined()
        let imposed = options.imposedPixelScale
        guard let win = SDL_CreateWindow(options.title, pos, pos, Int32(w.width * imposed), Int32(w.height * imposed), flags) else {
            throw SDLError.last("SDL_CreateWindow")
        }
        SDL_SetWindowMinimumSize(win, Int32(Self.minimumWindowSize.width), Int32(Self.minimumWindowSize.height))
        let software = options.headless || !RendererChoice.machineHasGPU()
        var renderFlags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        if options.vsync { renderFlags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        var ren = SDL_CreateRenderer(win, -1, renderFlags)
        if ren == nil { ren = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let ren else {
            SDL_DestroyWindow(win)
            throw SDLError.last("SDL_CreateRenderer")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(ren, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        hasVSync = RendererChoice.presentWaits(flags: info.flags)
        var mode = SDL_DisplayMode()
        refreshRate = SDL_GetWindowDisplayMode(win, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        schedule = FrameSchedule(refreshInterval: 1 / refreshRate, presentWaits: hasVSync)
        window = win
        renderer = ren
        painter = SDLPainter(renderer: ren, fonts: options.fonts)
        layoutOptions = options.layout
        let l = HostLayout(canvasSize: .zero, sceneSize: sceneSize, options: options.layout)
        layout = l
        translator = InputTranslator(layout: l, fingerScaling: FingerScaling.forDriver(SDLContext.videoDriver))
        startTicks = SDL_GetTicks64()
        let list = InputSources(sources ?? InputSourceList.standard(options))
        self.sources = list
        pads = list.first(GamepadManager.self) ?? GamepadManager()
        refreshLayout(sceneSize: sceneSize)
    }

    isolated deinit {
        sources.closeAll()
        pads.closeAll()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    // MARK: Clock

    /// Seconds since the host started.
    public var time: Double { Double(SDL_GetTicks64() - startTicks) / 1000 }

    /// An event's time: its SDL timestamp on our clock, never before the previous input, never after now.
    private func eventTime(_ e: SDL_Event) -> Double {
        let now = time
        let ts = Double(e.common.timestamp) - Double(startTicks)
        var t = e.common.timestamp == 0 ? now : ts / 1000
        t = min(max(t, lastInputTime), now)
        lastInputTime = t
        return t
    }

    // MARK: Layout

    /// Re-reads the window and output sizes; true when the layout changed.
    @discardableResult
    public func refreshLayout(sceneSize: Size? = nil) -> Bool {
        var ww: Int32 = 0, wh: Int32 = 0, ow: Int32 = 0, oh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        if SDL_GetRendererOutputSize(renderer, &ow, &oh) != 0 || ow <= 0 { ow = ww; oh = wh }
        let imposed = options.imposedPixelScale
        let new = HostLayout(canvasSize: Size(width: Double(ow), height: Double(oh)),
                             windowSize: Size(width: Double(ww) / imposed, height: Double(wh) / imposed),
                             sceneSize: sceneSize ?? layout.sceneSize, options: layoutOptions)
        guard new != layout else { return false }
        layout = new
        translator.layout = new
        layoutChangePending = true
        return true
    }

    public var panelsVisible: Bool {
        get { layoutOptions.panelsVisible }
        set { layoutOptions.panelsVisible = newValue; refreshLayout() }
    }
    public func togglePanels() { panelsVisible.toggle() }
    public func setLayoutOptions(_ o: LayoutOptions) { layoutOptions = o; refreshLayout() }

    public func setFullscreen(_ on: Bool) {
        SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        refreshLayout()
    }
    public var isFullscreen: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 }

    // MARK: Commands from the client

    /// Ends `run` after the current turn.
    public func requestQuit() { if quitReason == nil { quitReason = .requested } }

    /// Saves the next frame drawn as a PNG (the client gets `.screenshotSaved` / `.screenshotFailed`).
    public func saveScreenshot(to path: String) {
        pendingScreenshots.append(path)
        schedule.screenshotRequested()
    }

    /// The painter's text measurer, for layout in `draw`.
    public var textMeasurer: any TextMeasurer { painter.measurer }

    // MARK: Input

    /// Translates and returns every pending event without waiting (for tests and custom
    /// loops; `run` does this itself). Also reacts to pads and window size changes.
    public func pollInputs() -> [RawInput] { readPending().inputs }

    /// Every pending SDL event translated, then the touch devices' changes, then what the
    /// input sources have; `events` when SDL had events or a source had input (a frame is
    /// drawn for them, even when they translate to no input: a window shown again).
    func readPending() -> (inputs: [RawInput], events: Bool) {
        var out: [RawInput] = []
        var events = false
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            events = true
            out += process(e)
        }
        out += checkTouchDevices()
        let sourced = pollSources()
        if !sourced.isEmpty { events = true }
        return (out + sourced, events)
    }

    /// Runs `body` with SIGINT and SIGTERM caught (kept for `noteSignals`) and unblocked on
    /// this thread; the handlers and mask from before are put back after it.
    func withSignalsCaught<T>(_ body: () -> T) -> T {
        if !signalsCaughtEarly { receivedSignal = 0 }
        let previousInt = signal(SIGINT) { receivedSignal = $0 }
        let previousTerm = signal(SIGTERM) { receivedSignal = $0 }
        // Make sure this thread can receive them (a parent may have blocked them).
        var unblock = sigset_t(), previousMask = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        defer {
            signalsCaughtEarly = false
            signal(SIGINT, previousInt)
            signal(SIGTERM, previousTerm)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        return body()
    }

    /// Sets the quit reason when SIGINT or SIGTERM arrived.
    func noteSignals() {
        if receivedSignal != 0, quitReason == nil { quitReason = receivedSignal == SIGTERM ? .terminate : .interrupt }
    }

    /// What the input sources have now, each input's time clamped as an SDL event's is.
    private func pollSources() -> [RawInput] {
        let now = time
        var inputs = sources.poll(at: now, host: self)
        // Not SDL input: setting one of these aside touches no measured input.
        if !inputs.isEmpty { latency.otherEventArrived() }
        for k in inputs.indices {
            let t = min(max(inputs[k].t, lastInputTime), now)
            inputs[k].t = t
            lastInputTime = t
        }
        return inputs
    }

    private func process(_ e: SDL_Event) -> [RawInput] {
        if Self.isInput(e.type) { latency.inputArrived(sdlTicks: e.common.timestamp) } else { latency.otherEventArrived() }
        switch e.type {
        case SDL_QUIT.rawValue:
            if quitReason == nil { quitReason = .windowClosed }
            return []
        case SDL_WINDOWEVENT.rawValue where UInt32(e.window.event) == SDL_WINDOWEVENT_CLOSE.rawValue:
            if quitReason == nil { quitReason = .windowClosed }
            return []
        case SDL_WINDOWEVENT.rawValue where UInt32(e.window.event) == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            refreshLayout()
        default:
            break
        }
        guard sources.accept(e) else { return [] }   // e.g. the add of a pad already open
        return translator.translate(e, time: eventTime(e))
    }

    private func checkTouchDevices() -> [RawInput] {
        let n = SDL_GetNumTouchDevices()
        let ids = (0..<max(0, n)).map { Int64(SDL_GetTouchDevice($0)) }
        let inputs = translator.touchDevicesChanged(present: ids, time: time)
        if !inputs.isEmpty { latency.otherEventArrived() }
        return inputs
    }

    /// The refresh rate the loop paces to when the renderer's present does not wait (Hz):
    /// the display mode's, 60 when SDL does not know it (the dummy driver, some X servers).
    public let refreshRate: Double

    /// Asks for a redraw on the next loop turn (e.g. after a state change outside input).
    public func setNeedsDisplay() { schedule.setNeedsDisplay() }

    /// Flushes, saves the screenshots asked for, presents, and counts the frame for the latency.
    func present(_ client: HostClient) {
        SDL_RenderFlush(renderer)
        while !pendingScreenshots.isEmpty {
            let path = pendingScreenshots.removeFirst()
            do {
                try saveRenderer(to: path)
                client.hostCommand(.screenshotSaved(path: path))
            } catch {
                client.hostCommand(.screenshotFailed(path: path, message: "\(error)"))
            }
        }
        SDL_RenderPresent(renderer)
        sources.first(EvdevTouchscreen.self)?.framePresented(atMonotonic: EvdevReader.monotonicMicroseconds())
        frameCount += 1
        latency.framePresented(atTicks: SDL_GetTicks64(), counter: SDL_GetPerformanceCounter())
    }

    /// Frames presented since the host was made.
    public private(set) var frameCount = 0

    // MARK: Diagnostics

    /// Input-to-present latency: each input event's SDL timestamp to the present of the first
    /// frame drawn after it was handled.
    public private(set) var latency = InputLatencyMeter()
    /// The latencies of the last second, of input that went to the scene.
    public var recentLatency: InputLatency? { latency.recent(now: SDL_GetTicks64()) }
    /// The client says the input it is handling went to its own UI (a toolbar or a panel),
    /// not to the scene: `recentLatency` leaves it out (`latency.all` keeps it).
    public func setInputAside() { latency.setLatestAside() }

    /// Events that are input (what a user does): the latency counts them.
    private static func isInput(_ type: UInt32) -> Bool {
        switch type {
        case SDL_MOUSEMOTION.rawValue, SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue, SDL_MOUSEWHEEL.rawValue,
             SDL_FINGERDOWN.rawValue, SDL_FINGERUP.rawValue, SDL_FINGERMOTION.rawValue,
             SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue,
             SDL_CONTROLLERBUTTONDOWN.rawValue, SDL_CONTROLLERBUTTONUP.rawValue, SDL_CONTROLLERAXISMOTION.rawValue:
            return true
        default:
            return false
        }
    }

    /// The touch devices SDL reports now: id, name, direct or not, and the display the
    /// window is on (where a direct device's touches land).
    public func touchDevices() -> [TouchDeviceInfo] {
        let n = max(0, SDL_GetNumTouchDevices())
        let displayIndex = SDL_GetWindowDisplayIndex(window)
        let displayName = displayIndex >= 0 ? SDL_GetDisplayName(displayIndex).map { String(cString: $0) } : nil
        var evdev: [TouchDeviceInfo] = []
        if let e = sources.first(EvdevTouchscreen.self) {
            var d = TouchDeviceInfo(sdlID: -2, traceDevice: EvdevTouchscreen.touchDevice, name: e.info.name, kind: .direct, display: nil,
                                    source: "evdev: \(e.label)")
            d.stages = e.stages.lines + ["SYN_DROPPED \(e.anomalies.filter { $0.kind == .synDropped }.count)×"
                + (e.stopped.map { "  ·  \($0)" } ?? "")]
            evdev.append(d)
        }
        return evdev + (0..<n).map { i in
            let id = SDL_GetTouchDevice(i)
            let name = SDL_GetTouchName(i).map { String(cString: $0) } ?? ""
            let type = SDL_GetTouchDeviceType(id)
            let direct = type == SDL_TOUCH_DEVICE_DIRECT
            let kind: TouchDeviceInfo.Kind = direct ? .direct
                : type == SDL_TOUCH_DEVICE_INDIRECT_ABSOLUTE ? .indirectAbsolute
                : type == SDL_TOUCH_DEVICE_INDIRECT_RELATIVE ? .indirectRelative : .unknown
            let display = direct ? displayName.map { "display \(displayIndex) (\($0))" } ?? "display \(displayIndex)" : nil
            return TouchDeviceInfo(sdlID: Int64(id), traceDevice: translator.traceDevice(ofTouchID: Int64(id)),
                                   name: name.isEmpty ? "touch device \(id)" : name, kind: kind, display: display)
        }
    }

    /// Reads the renderer's output back (before present) and saves it as a PNG.
    public func saveRenderer(to path: String) throws {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else { throw SDLError.last("SDL_GetRendererOutputSize") }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError.last("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(s) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, s.pointee.pixels, s.pointee.pitch) == 0 else {
            throw SDLError.last("SDL_RenderReadPixels")
        }
        try RegularFile.savePNG(s, to: path)
    }

    // MARK: Without a window

    /// Renders `list` (of `list.size` pixels) to a PNG with the software renderer; needs no
    /// display. Used by `touchscope replay --headless --screenshot`.
    public static func renderOffscreen(_ list: DisplayList, toPNG path: String, fonts: FontFiles? = nil,
                                       imageBaseDirectory: String? = nil) throws {
        let canvas = try OffscreenCanvas(size: list.size, fonts: fonts)
        canvas.painter.imageBaseDirectory = imageBaseDirectory
        canvas.paint(list)
        try canvas.savePNG(path)
    }

    /// A one-line message when there is no display to open a window on (neither `DISPLAY`
    /// nor `WAYLAND_DISPLAY` set, and `SDL_VIDEODRIVER` is not a driver that needs none);
    /// nil when a window can be tried.
    public static func checkDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let driver = environment["SDL_VIDEODRIVER"]?.lowercased() ?? ""
        if ["dummy", "offscreen", "kmsdrm", "evdev"].contains(driver) { return nil }
        if !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { return nil }
        return "touchscope: no display (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            + "to run without one use: touchscope replay SCENE RECORDING --headless"
    }
}
