// EvdevTouchscreen: the touchscreen read through its evdev node (`--device auto|PATH|NAME`),
// or a recorded device played into a pipe at its own timing (`--device-replay FILE`), instead
// of through SDL. A reader thread reads the kernel's frames (TouchScene's `EvdevReader`) and
// wakes the loop with an SDL user event, so the loop never polls the device; `poll` hands
// the frames' finger events over, mapped device units → screen (the axes and libinput's
// calibration matrix) → window (its position on the output). SDL's own finger events from
// the same panel are dropped: SDL names a touch device as the kernel does (X11 and Wayland
// pass the evdev name on), so a finger whose SDL touch device has the evdev device's name is
// the panel's. Mouse and keys still come from SDL.
import CSDL2
import Foundation
import TouchCore
import TouchScene

/// What `--device`, `--device-replay`, `--calibration`, `--map-to-output` and `--dev-root` ask.
public struct TouchDeviceOptions: Sendable, Equatable {
    /// `auto`, a node's path, or a device's name.
    public var device: String?
    /// An evemu or libinput recording played as the device.
    public var replay: String?
    /// libinput's calibration matrix (a b c d e f); nil: udev's, else identity.
    public var calibration: [Double]?
    /// The display the device maps to (0-based); nil: the one the window is on.
    public var mapToOutput: Int?
    /// The tree the devices are found in (`/` unless a test gives another).
    public var devRoot: String?
    /// A replay waits for `EvdevTouchscreen.startReplay()` (the bench starts it once the
    /// window shows its first frame, as a person's fingers land on a window already shown).
    public var holdReplay = false

    public init(device: String? = nil, replay: String? = nil, calibration: [Double]? = nil, mapToOutput: Int? = nil, devRoot: String? = nil) {
        self.device = device; self.replay = replay; self.calibration = calibration; self.mapToOutput = mapToOutput; self.devRoot = devRoot
    }

    public var isEmpty: Bool { device == nil && replay == nil }
}

/// Why the device cannot be read: one line, and the exit status (1: permissions or the
/// machine; 2: a bad argument or file).
public struct TouchDeviceFailure: Error, Sendable {
    public var message: String
    public var status: Int32
}

/// A device opened for reading: the descriptor its records come from, and what the reader needs.
final class OpenedTouchDevice: @unchecked Sendable {
    let fd: Int32
    let info: EvdevDeviceInfo
    let queries: (any EvdevQueries)?
    let label: String
    let protocolA: Bool
    let matrix: [Double]
    /// A replay: the events to write, and the device their state is asked of.
    let replay: (events: [EvdevEvent], device: EvdevFeedDevice, writeFD: Int32)?
    /// Whether the kernel stamps the events with CLOCK_MONOTONIC.
    let monotonic: Bool

    init(fd: Int32, info: EvdevDeviceInfo, queries: (any EvdevQueries)?, label: String, protocolA: Bool, matrix: [Double],
         replay: (events: [EvdevEvent], device: EvdevFeedDevice, writeFD: Int32)?, monotonic: Bool) {
        self.fd = fd; self.info = info; self.queries = queries; self.label = label; self.protocolA = protocolA
        self.matrix = matrix; self.replay = replay; self.monotonic = monotonic
    }

    /// Opens what `options` asks (nil when it asks nothing).
    static func open(_ options: TouchDeviceOptions) throws(TouchDeviceFailure) -> OpenedTouchDevice? {
        if let path = options.replay {
            let file: EvdevFileDevice
            do { file = try EvdevFileDevice.read(path: path) } catch { throw TouchDeviceFailure(message: error.description, status: 2) }
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw TouchDeviceFailure(message: "--device-replay: cannot make a pipe: \(String(cString: strerror(errno)))", status: 1) }
            let device = EvdevFeedDevice(info: file.info)
            return OpenedTouchDevice(fd: fds[0], info: file.info, queries: device, label: path, protocolA: file.protocolA,
                                     matrix: options.calibration ?? EvdevMapping.identity, replay: (file.events, device, fds[1]), monotonic: false)
        }
        guard let spec = options.device else { return nil }
        let root = EvdevDevices.root(options.devRoot)
        let entry: EvdevDeviceEntry
        switch EvdevDevices.choose(spec, root: root) {
        case .success(let e): entry = e
        // No touchscreen on the machine is the machine's state (1), as a node it may not read.
        case .failure(let p): throw TouchDeviceFailure(message: p.message, status: p.permission || spec == "auto" ? 1 : 2)
        }
        let opened: EvdevDevices.Opened
        switch EvdevDevices.open(path: entry.path) {
        case .success(let o): opened = o
        case .failure(let p): throw TouchDeviceFailure(message: p.message, status: p.permission ? 1 : 2)
        }
        let matrix = options.calibration ?? entry.calibration ?? EvdevMapping.identity
        if let node = opened.node {
            // Blocking reads on the reader thread; the kernel's times on CLOCK_MONOTONIC.
            _ = fcntl(opened.fd, F_SETFL, fcntl(opened.fd, F_GETFL) & ~O_NONBLOCK)
            let monotonic = node.useMonotonicClock()
            return OpenedTouchDevice(fd: opened.fd, info: EvdevDeviceInfo(queries: node), queries: node, label: entry.path,
                                     protocolA: true, matrix: matrix, replay: nil, monotonic: monotonic)
        }
        // A stand-in description (a regular file): played as a replay of its events.
        close(opened.fd)
        var o = options
        o.device = nil
        o.replay = entry.path
        o.calibration = matrix
        return try open(o)
    }

    /// Checks what `options` asks before the window opens (the same opening, then closed).
    static func check(_ options: TouchDeviceOptions) throws(TouchDeviceFailure) {
        guard let d = try open(options) else { return }
        close(d.fd)
        if let r = d.replay { close(r.writeFD) }
    }
}

/// The frames the reader thread has read, waiting for the loop (locked: two threads).
final class FrameQueue: @unchecked Sendable {
    private var frames: [EvdevFrame] = []
    private var ended: String?
    private let lock = NSLock()

    func push(_ f: EvdevFrame) { lock.lock(); frames.append(f); lock.unlock() }
    func end(_ why: String?) { lock.lock(); ended = why ?? ""; lock.unlock() }
    func take() -> (frames: [EvdevFrame], ended: String?) {
        lock.lock()
        defer { lock.unlock() }
        let out = frames
        frames.removeAll(keepingCapacity: true)
        return (out, ended)
    }
}

/// The touchscreen's frames as input (`InputSourceList.standard`: present when the host's
/// options ask for a device).
@MainActor
public final class EvdevTouchscreen: InputSource {
    /// The `device` of its finger events (SDL's touch devices are numbered from 0).
    public static let touchDevice = 90
    public let info: EvdevDeviceInfo
    public let label: String
    public let mapping: EvdevMapping?
    public let mapToOutput: Int?
    /// Latency by stage, kernel time to present (`EvdevStages`).
    public private(set) var stages = EvdevStages()
    /// What the reader counted (SYN_DROPPED, tracking ids given again).
    public private(set) var anomalies: [CaptureEvent] = []
    /// Each finger event handed over last, with its contact and kernel time (for recordings).
    public private(set) var lastContacts: [EvdevHandedTouch] = []
    /// Why reading stopped (the device went away), once it did.
    public private(set) var stopped: String?
    private let queue = FrameQueue()
    private let reader: EvdevReader
    /// The thread reading `reader`: stopped and joined by `close()`.
    private var readerThread: EvdevReaderThread?
    private var closed = false
    private var replayStarted = false
    private let holdReplay: Bool
    /// Frames the reader has handed to the loop, with finger events or not.
    public private(set) var framesRead = 0
    private let opened: OpenedTouchDevice
    private let wakeType: UInt32
    /// CLOCK_MONOTONIC − the file's time, for a replay (its times are the file's).
    private let replayOffset = ReplayClock()
    private var handedSinceFrame: [Int64] = []

    /// Nil unless the host's options ask for a device (the command checked it could be opened).
    public convenience init?(options: HostOptions) {
        guard !options.touchDevice.isEmpty, let d = try? OpenedTouchDevice.open(options.touchDevice) else { return nil }
        self.init(opened: d, mapToOutput: options.touchDevice.mapToOutput, holdReplay: options.touchDevice.holdReplay)
    }

    init?(opened d: OpenedTouchDevice, mapToOutput: Int?, holdReplay: Bool = false) {
        guard let r = try? EvdevReader(fd: d.fd, info: d.info, queries: d.queries, window: Size(width: 10000, height: 10000),
                                       label: d.label, protocolA: d.protocolA) else { return nil }
        opened = d
        reader = r
        info = d.info
        label = d.label
        mapping = EvdevMapping(info: d.info, matrix: d.matrix)
        self.mapToOutput = mapToOutput
        self.holdReplay = holdReplay
        wakeType = SDL_RegisterEvents(1)
        start()
    }

    private func start() {
        let queue = self.queue, wake = wakeType
        func wakeLoop() {
            var e = SDL_Event()
            e.type = wake
            _ = SDL_PushEvent(&e)
        }
        let thread = EvdevReaderThread(reader: reader, onFrame: { f in queue.push(f); wakeLoop() },
                                       onEnd: { why in queue.end(why); wakeLoop() })
        readerThread = thread
        if !thread.start() { queue.end("\(label): cannot start the reader thread") }
        if !holdReplay { startReplay() }
    }

    /// Starts playing the file into the pipe (a replay's writer starts with the source
    /// unless `holdReplay`); nothing for a device node or a second time.
    public func startReplay() {
        guard let r = opened.replay, !replayStarted, !closed else { return }
        replayStarted = true
        let clock = replayOffset
        Thread.detachNewThread { EvdevReplayWriter.play(r.events, device: r.device, fd: r.writeFD, clock: clock) }
    }

    public func poll(at time: Double, host: SDLHost) -> [RawInput] {
        let (frames, ended) = queue.take()
        if let ended, stopped == nil { stopped = ended.isEmpty ? "\(label): the device's input ended" : ended }
        guard !frames.isEmpty else { return [] }
        framesRead += frames.count
        let now = EvdevReader.monotonicMicroseconds()
        let output = outputRect(host)
        let origin = windowOrigin(host)
        var out: [RawInput] = []
        lastContacts.removeAll(keepingCapacity: true)
        for f in frames {
            anomalies += f.anomalies
            let kernel = opened.replay != nil ? replayOffset.monotonic(fileTime: f.time) : (opened.monotonic ? f.time : nil)
            stages.noteFrame(kernel: kernel, read: f.readAt, handed: now, touches: f.touches.count)
            for t in f.touches {
                if case let .penHoverEnd(_, finger) = t.input.kind {
                    let input = RawInput(t: time, .penHoverEnd(device: Self.touchDevice, finger: finger))
                    out.append(input)
                    lastContacts.append(EvdevHandedTouch(input: input, contact: t.contact, raw: t.raw, kernelTime: f.time))
                    continue
                }
                guard let m = mapping, let rx = t.raw.x ?? position(t).x, let ry = t.raw.y ?? position(t).y else { continue }
                let screen = m.screenPoint(x: rx, y: ry, output: output)
                let p = host.layout.windowToScene(Point(x: screen.x - origin.x, y: screen.y - origin.y))
                let kind: RawInput.Kind
                switch t.input.kind {
                case let .fingerDown(finger, _, _, pressure, _): kind = .fingerDown(finger: finger, x: p.x, y: p.y, pressure: pressure, device: Self.touchDevice)
                case let .fingerMove(finger, _, _, pressure, _): kind = .fingerMove(finger: finger, x: p.x, y: p.y, pressure: pressure, device: Self.touchDevice)
                case let .fingerUp(finger, _, _, pressure, _): kind = .fingerUp(finger: finger, x: p.x, y: p.y, pressure: pressure, device: Self.touchDevice)
                case let .penHover(_, _, z, _, finger): kind = .penHover(x: p.x, y: p.y, z: z, device: Self.touchDevice, finger: finger)
                default: continue
                }
                let input = RawInput(t: time, kind)
                out.append(input)
                lastContacts.append(EvdevHandedTouch(input: input, contact: t.contact, raw: t.raw, kernelTime: f.time))
            }
        }
        return out
    }

    /// Where its finger event puts a contact the device no longer states (a single-touch
    /// lift), in device units (the reader's window is 10000 a side).
    private func position(_ t: EvdevTouch) -> (x: Int?, y: Int?) {
        guard let m = mapping else { return (nil, nil) }
        let (fx, fy): (Double, Double)
        switch t.input.kind {
        case let .fingerDown(_, x, y, _, _), let .fingerMove(_, x, y, _, _), let .fingerUp(_, x, y, _, _): (fx, fy) = (x / 10000, y / 10000)
        default: return (nil, nil)
        }
        return (Int((Double(m.x.min) + fx * Double(m.x.max - m.x.min)).rounded()), Int((Double(m.y.min) + fy * Double(m.y.max - m.y.min)).rounded()))
    }

    /// The output the device maps to, in screen coordinates: `--map-to-output`, else the
    /// display the window is on (the whole window when SDL cannot say).
    private func outputRect(_ host: SDLHost) -> Rect {
        let index = mapToOutput ?? Int(SDL_GetWindowDisplayIndex(host.window))
        var r = SDL_Rect()
        if index >= 0, SDL_GetDisplayBounds(Int32(index), &r) == 0, r.w > 0, r.h > 0 {
            return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
        }
        let o = windowOrigin(host)
        return Rect(x: o.x, y: o.y, width: host.layout.windowSize.width, height: host.layout.windowSize.height)
    }

    private func windowOrigin(_ host: SDLHost) -> Point {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(host.window, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// The contact of `input` (one of the last poll's) as a recording keeps it: slot,
    /// tracking id, size, position in device units, pressure, distance, tool, kernel time.
    public func recordedContact(for input: RawInput) -> RawContact? {
        guard let h = lastContacts.first(where: { $0.input.kind == input.kind }) else { return nil }
        var c = h.contact
        c.x = h.raw.x
        c.y = h.raw.y
        c.pressure = h.raw.pressure
        c.distance = h.raw.distance
        c.toolType = h.raw.tool?.mtValue
        c.kernelTime = Double(h.kernelTime) / 1e6
        return c
    }

    /// The frames presented since the last call, each with its four stage times (Perfetto).
    public func takeStageTimes() -> [DeviceStageTimes] { stages.takeCompleted() }

    /// The client has handled the inputs the last poll handed over (CLOCK_MONOTONIC µs):
    /// the frames' dispatch.
    public func inputsHandled(atMonotonic us: Int64) { stages.noteDispatched(us) }

    /// The frame that showed the last inputs was presented (CLOCK_MONOTONIC µs).
    public func framePresented(atMonotonic us: Int64) { stages.notePresented(us) }

    public var devices: [InputDevice] { [InputDevice(kind: .touchscreen, name: info.name, capabilities: [.touchscreen])] }

    /// SDL's fingers from the same panel are dropped (matched by the device's name).
    public func accept(_ event: SDL_Event) -> Bool {
        switch event.type {
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            return !Self.sameDevice(sdlTouch: event.tfinger.touchId, name: info.name)
        default:
            return true
        }
    }

    /// Whether SDL's touch device `id` is the one named `name`.
    static func sameDevice(sdlTouch id: SDL_TouchID, name: String) -> Bool {
        for i in 0..<max(0, SDL_GetNumTouchDevices()) where SDL_GetTouchDevice(i) == id {
            guard let n = SDL_GetTouchName(i) else { return false }
            return String(cString: n) == name
        }
        return false
    }

    /// Checks that what `options` asks can be opened (then closes it): the commands call it
    /// before the window opens.
    public nonisolated static func check(_ options: TouchDeviceOptions) throws(TouchDeviceFailure) {
        try OpenedTouchDevice.check(options)
    }

    /// The device `options` asks for, as a recording's header names it (its name and
    /// `rawDevice`); nil when none is asked or it cannot be opened.
    public nonisolated static func recordingDevice(_ options: TouchDeviceOptions, window: Size) -> (name: String, raw: RawDevice)? {
        guard !options.isEmpty, let d = try? OpenedTouchDevice.open(options) else { return nil }
        Foundation.close(d.fd)
        if let r = d.replay { Foundation.close(r.writeFD) }
        return (d.info.name, d.info.rawDevice(window: window, protocolA: d.protocolA))
    }

    /// Stops the replay's writer and the reader thread (woken even when the node sends
    /// nothing: it waits on a wake pipe too), joins it and closes the node.
    public func close() {
        guard !closed else { return }
        closed = true
        replayOffset.stop()
        // Closed only once the thread is gone (it would read a descriptor number reused).
        if readerThread?.stop(timeout: 2) ?? true { Foundation.close(opened.fd) }
        readerThread = nil
        // A replay held and never started: its writer never ran to close the pipe's end.
        if let r = opened.replay, !replayStarted { Foundation.close(r.writeFD) }
    }
}

/// A finger event handed to the loop, with what the device said of it.
public struct EvdevHandedTouch: Sendable {
    public var input: RawInput
    public var contact: RawContact
    public var raw: EvdevContact
    /// The kernel's time of its frame (µs; the file's for a replay).
    public var kernelTime: Int64
}
