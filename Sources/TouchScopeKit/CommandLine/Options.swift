// Options: what `run` and `replay` take, whatever the application (`touchscope` with a scene
// file, or a program that builds its application in code).
import ArgumentParser
import TouchCore
import TouchScene
import TouchSDL

/// The options `run` and `replay` share: where the trace and its timeline go, whether the
/// panels draw and the window's size.
package struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write the trace as JSON Lines to this file.", valueName: "file"))
    package var trace: String?
    @Option(help: ArgumentHelp("Write the timeline for Perfetto and chrome://tracing (Chrome Trace Event JSON) to this file.",
                               valueName: "file"))
    package var perfetto: String?
    @Flag(help: "Draw the scene only, without the debugging panels.")
    package var noOverlays = false
    @Flag(help: "Deliver every touch sample as it arrives, not once per display frame with its coalesced samples (for comparison).")
    package var noCoalesce = false
    @Option(help: ArgumentHelp("The window's size in window units, such as 800x1280 (default: 1280x800 fitted to the display; a headless screenshot: 1280x800, or the scene's size without panels).",
                               valueName: "WxH"))
    package var window: String?

    package init() {}

    /// `--window` as a size (nil when not given).
    package var windowSize: Size? { window.flatMap(Self.parseWindow) }

    /// The largest window side, in window units: 8192. No display shows more (an 8K screen is
    /// 7680 pixels wide), and it keeps a window's textures within what graphics drivers take.
    package static let maxWindowSide = 8192
    /// The largest canvas side, in pixels (the window times the pixel scale): 16384, the
    /// largest texture most GPUs allow; a headless screenshot of 16384×16384 is 1 GiB.
    package static let maxCanvasSide = 16384

    /// A window size as typed: two whole numbers from 1 to `maxWindowSide`, `1280x800`.
    package static func parseWindow(_ s: String) -> Size? {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              w > 0, h > 0, w <= maxWindowSide, h <= maxWindowSide else { return nil }
        return Size(width: Double(w), height: Double(h))
    }

    /// What is wrong with a `--window` value (nil: nothing).
    package static func windowProblem(_ s: String) -> String? {
        if parseWindow(s) != nil { return nil }
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let shown = s.count > 40 ? String(s.prefix(40)) + "…" : s
        if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
           parts.contains(where: { Int($0).map { $0 > maxWindowSide } ?? true }) {
            return "--window must be at most \(maxWindowSide)x\(maxWindowSide) window units (got \(shown))"
        }
        return "--window must be WIDTHxHEIGHT, such as 800x1280 (got \(shown))"
    }

    /// What is wrong with a canvas of `window` times `scale` pixels (nil: nothing).
    package static func canvasProblem(window: Size, scale: Double, what: String) -> String? {
        let w = (window.width * scale).rounded(), h = (window.height * scale).rounded()
        guard w > Double(maxCanvasSide) || h > Double(maxCanvasSide) else { return nil }
        return "the canvas would be \(Int(w))x\(Int(h)) pixels (\(what) times --pixel-scale \(ReplayOptions.show(scale))), larger than \(maxCanvasSide) pixels a side; use a smaller --window or --pixel-scale"
    }

    package func validate() throws {
        if let window, let problem = Self.windowProblem(window) { throw ValidationError(problem) }
    }
}

/// `run`'s options: the window, the input recording and the trace.
package struct RunOptions: ParsableArguments {
    @Flag(help: "Full screen (for tablets).")
    package var fullscreen = false
    @Option(help: ArgumentHelp("The display to open on (0 is the first).", valueName: "n"))
    package var display: Int?
    @Option(help: ArgumentHelp("Record the input as JSON Lines to this file.", valueName: "file"))
    package var record: String?
    @OptionGroup package var output: OutputOptions
    @OptionGroup package var device: DeviceOptions

    package init() {}

    package func validate() throws {
        if let display, display < 0 { throw ValidationError("--display must be 0 or more") }
    }
}

/// `replay`'s options after the scene: the recording, headless or not, and what to write.
package struct ReplayOptions: ParsableArguments {
    @Argument(help: "The recording (JSON Lines, see docs/formats.md), or a libinput record or evemu-record file: a path, or a name (photo-pinch) looked up where --paths says.")
    package var recording: String
    @Flag(help: "Run without a display on a virtual clock (deterministic).")
    package var headless = false
    @OptionGroup package var output: OutputOptions
    @Option(help: ArgumentHelp("Write the view tree at the end as JSON to this file.", valueName: "file"))
    package var dumpTree: String?
    @Option(help: ArgumentHelp("Write a PNG of the window (scene and overlays).", valueName: "file.png"))
    package var screenshot: String?
    // Both take the next word as their value even when it starts with a dash, so that a
    // negative time is read as a number and refused as such (not as a missing value).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("When to take the screenshot, in seconds (default: the end).", valueName: "seconds"))
    package var at: Double?
    @Option(parsing: .unconditional, help: ArgumentHelp("Stop at this time, in seconds.", valueName: "seconds"))
    package var until: Double?
    @Option(help: ArgumentHelp("With --headless: canvas pixels per window unit of the screenshot, as a HiDPI screen (1 to 4; the canvas is --window times this).",
                               valueName: "scale"))
    package var pixelScale: Double?
    @Flag(help: "In a window: close it when the recording ends (by default it stays open at the end, paused, showing the whole timeline, until closed).")
    package var exitAtEnd = false
    @Option(name: .customLong("set"),
            help: ArgumentHelp("Change a setting before the replay starts: ID.KEY=VALUE, the key of the view, recognizer or control whose id is ID, as a scene file writes it (doubleTap.maximumTapInterval=0.45, photo.userInteraction=false, pan.requireToFail=[swipe]). Repeatable.",
                               valueName: "ID.KEY=VALUE"))
    package var settings: [String] = []
    @Option(help: ArgumentHelp("With --headless: compare the run's decisions with this trace file's (a trace an earlier run wrote); exit 1 naming the first that differs, 0 when they match.",
                               valueName: "trace"))
    package var expect: String?

    package init() {}

    package func validate() throws {
        for (name, value) in [("--at", at), ("--until", until)] {
            guard let value else { continue }
            if value < 0 { throw ValidationError("\(name) must not be negative (got \(Self.show(value)))") }
            if !value.isFinite { throw ValidationError("\(name) must be a time in seconds, 0 or more") }
        }
        if let until, until > RecordingReader.maxTime { throw ValidationError("--until must be at most \(Int(RecordingReader.maxTime)) s") }
        if at != nil && screenshot == nil { throw ValidationError("--at needs --screenshot") }
        if exitAtEnd && headless { throw ValidationError("--exit-at-end is for a replay in a window (a headless replay always ends)") }
        if expect != nil && !headless { throw ValidationError("--expect needs --headless (a deterministic run)") }
        if let s = screenshot, !s.lowercased().hasSuffix(".png") { throw ValidationError("--screenshot must name a .png file") }
        if let pixelScale {
            if !headless { throw ValidationError("--pixel-scale needs --headless (a window gets its scale from the display)") }
            if !(pixelScale >= 1 && pixelScale <= 4) { throw ValidationError("--pixel-scale must be from 1 to 4 (got \(Self.show(pixelScale)))") }
            if let size = output.windowSize, let problem = OutputOptions.canvasProblem(window: size, scale: pixelScale, what: "--window") {
                throw ValidationError(problem)
            }
        }
    }

    /// A time as the user typed it, near enough: -1 rather than -1.0.
    static func show(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// The touchscreen read through evdev (`--device`, `--device-replay`, `--calibration`,
/// `--map-to-output`, `--dev-root`) on the live commands (docs/devices.md).
package struct DeviceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read this touchscreen's kernel frames (evdev) instead of SDL's touches: auto (the touchscreen), a node's path (/dev/input/eventN) or a device's name.", valueName: "auto|path|name"))
    package var device: String?
    @Option(help: ArgumentHelp("Play an evemu or libinput recording as the touchscreen, at its own timing, through the same reader.", valueName: "file"))
    package var deviceReplay: String?
    @Option(help: ArgumentHelp("With --device: libinput's calibration matrix (default: udev's LIBINPUT_CALIBRATION_MATRIX, else identity).", valueName: "\"a b c d e f\""))
    package var calibration: String?
    @Option(help: ArgumentHelp("With --device: the display the touchscreen covers (0 is the first; default: the one the window is on).", valueName: "n"))
    package var mapToOutput: Int?
    @Option(help: ArgumentHelp("Find devices under this folder instead of / (its dev/input, sys/class/input, run/udev/data; or TOUCHSCOPE_DEV_ROOT).", valueName: "dir"))
    package var devRoot: String?

    package init() {}

    package func validate() throws {
        if device != nil, deviceReplay != nil { throw ValidationError("--device and --device-replay cannot be used together") }
        if let device, device.isEmpty { throw ValidationError("--device needs auto, a node's path or a device's name") }
        if let calibration, let problem = EvdevMapping.parseMatrix(calibration).problem { throw ValidationError(problem) }
        if let mapToOutput, mapToOutput < 0 { throw ValidationError("--map-to-output must be 0 or more (got \(mapToOutput))") }
    }

    /// The host's options for the device.
    package var touchDevice: TouchDeviceOptions {
        TouchDeviceOptions(device: device, replay: deviceReplay, calibration: calibration.flatMap { EvdevMapping.parseMatrix($0).matrix },
                           mapToOutput: mapToOutput, devRoot: devRoot)
    }

    /// Checks the device can be read before a window opens: one line and exit 1 (permissions,
    /// no touchscreen) or 2 (a bad path, name or file) when not.
    package func check() throws {
        do throws(TouchDeviceFailure) { try EvdevTouchscreen.check(touchDevice) } catch {
            throw CLIError(message: error.message, status: error.status, namesProgram: true)
        }
    }
}
