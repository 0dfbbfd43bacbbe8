// touchscope touchtest: the live test mode: guided pages on the touchscreen, each judged at
// once by the checks `analyze` runs (TouchTestWindow, TouchTest).
import ArgumentParser
import TouchCore
import TouchScene
import TouchScopeKit

struct TouchTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtest",
        abstract: "Test a touchscreen live, by touch alone: targets, lines, a held finger, fingers, free draw.",
        usage: helpUsage("touchscope touchtest [--fullscreen] [--display <n>] [--record <file>] [--report <file.html>] "
                         + "[--size-mm <WxH>] [--udev-rule <file>] [--window <WxH>] [--refresh <hz>] "
                         + "[--device <auto|path|name>] [--device-replay <file>] [--calibration <\"a b c d e f\">] [--map-to-output <n>] [--dev-root <dir>]"),
        discussion: """
            Fills the window with guided pages, each with its verdict as soon as it is
            done: targets to tap (a 3 × 3 grid, the edges and the corners: accuracy,
            edge-accuracy and libinput's calibration matrix, tried live on your fingers,
            written as a udev rule), lines to trace (moving jitter, linearity, report
            rate), a place to hold still (stationary jitter), fingers one by one and
            together (contacts, finger separation), and free draw (coverage, anomalies as
            they happen). Back, Skip and Next buttons move between pages; the summary
            gives each check as its page judged it, and "Finish and save" ends the test by
            touch. The recording (with its targets, so `touchscope analyze` and `calibrate`
            give the same figures and matrix later) and the HTML report of the pages done
            are written as the test goes, so a killed program, a lost display or a full
            disk loses at most the last moment: to --record and --report, else to
            $XDG_DATA_HOME/touchscope (~/.local/share/touchscope) under a dated name. At
            the end the whole session's verdicts are printed as `analyze` prints them.
            Figures are in mm with --size-mm (SDL gives no resolution), else pixels.
            Example: touchscope touchtest --fullscreen --size-mm 256x160 --record panel.jsonl --report panel.html
            """)

    @OptionGroup var device: DeviceOptions
    @Flag(help: "Fill the screen.")
    var fullscreen = false
    @Option(help: ArgumentHelp("The display to open on (0 is the first).", valueName: "n"))
    var display: Int?
    @Option(help: ArgumentHelp("Write the session's recording (with its targets) as the test goes (default: a dated file in ~/.local/share/touchscope).", valueName: "file"))
    var record: String?
    @Option(help: ArgumentHelp("Write the HTML report (as analyze --report) of the pages done, as the test goes (default: a dated file in ~/.local/share/touchscope).", valueName: "file.html"))
    var report: String?
    @Option(help: ArgumentHelp("The screen's size in millimetres (the window's is its share of the display): figures and checks in mm (else pixels, and the mm checks not measured).", valueName: "WxH"))
    var sizeMm: String?
    @Option(help: ArgumentHelp("Where \"Write udev rule\" writes the calibration (default: 99-touchscreen-calibration.rules here).", valueName: "file"))
    var udevRule: String = "99-touchscreen-calibration.rules"
    @Option(help: ArgumentHelp("The window's size in window units (default: the display's, or 1280x800).", valueName: "WxH"))
    var window: String?
    @Option(help: ArgumentHelp("The display's refresh rate: the report rate must reach it (Hz).", valueName: "hz"))
    var refresh: Double = 60

    func validate() throws {
        if let sizeMm { _ = try parseSize(sizeMm, "--size-mm") }
        if let window {
            let s = try parseSize(window, "--window")
            guard s.width >= 320, s.height >= 240 else { throw ValidationError("--window must be at least 320x240 (got \(window))") }
        }
        if let display, display < 0 { throw ValidationError("--display must be 0 or more (got \(display))") }
        guard refresh > 0, refresh <= 1000 else { throw ValidationError("--refresh must be from 1 to 1000 Hz (got \(refresh))") }
        if udevRule.isEmpty { throw ValidationError("--udev-rule must name a file") }
    }

    func run() throws {
        var o = TouchTestOptions()
        o.fullscreen = fullscreen
        o.display = display
        o.record = record
        o.report = report
        o.udevRule = udevRule
        o.sizeMM = try sizeMm.map { try parseSize($0, "--size-mm") }
        o.window = try window.map { try parseSize($0, "--window") }
        o.limits.reportRateHz = refresh
        o.touchDevice = device.touchDevice
        try MainActor.assumeIsolated { try TouchTestWindow.run(o) }
    }
}
