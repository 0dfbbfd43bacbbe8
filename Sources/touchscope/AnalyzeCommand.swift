// touchscope analyze / calibrate: a touch device measured against the thresholds that matter
// (TouchAnalysis), and the libinput calibration matrix from taps on known targets (Calibration).
import ArgumentParser
import Foundation
import TouchCore
import TouchScene
import TouchScopeKit
import TouchSDL

/// Parses `WxH` (positive numbers), an option's value; `option` names it in the message.
func parseSize(_ s: String, _ option: String) throws -> Size {
    let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite, w <= 100_000, h <= 100_000 else {
        throw ValidationError("\(option) must be WxH with positive numbers, e.g. 1920x1080 (got \(s))")
    }
    return Size(width: w, height: h)
}

private func readCapture(_ path: String) throws -> ContactCapture {
    try OutputFiles.check([.input("input file", path)])
    do { return try ContactCapture.read(path: path) } catch { throw CLIError.badInput(error.description) }
}

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Measure a touch device against the thresholds that matter, from a recording of it.",
        usage: helpUsage("touchscope analyze <input> [--json] [--report <file.html>] [--screen <WxH>] [--size-mm <WxH>] [--refresh <hz>] "
                         + "[--max-stationary-jitter <mm>] [--max-moving-jitter <mm>] [--min-contacts <n>] "
                         + "[--max-finger-separation <mm>] [--gap-min-move <mm>] [--gap-min-speed <mm/s>]"),
        discussion: """
            Reads a libinput record, evemu recording or TouchScope recording and reports
            the device's axes and resolution, contacts, report rate, stationary and
            moving jitter, linearity, pressure and touch size, and anomalies
            (stuck-touch, tracking-id-reuse, jump, ghost-touch, syn-dropped, report-gap,
            time-backwards)
            with their time, slot and tracking id. Then the checks, each PASS, FAIL or
            not measured (never passed when the input cannot decide): accuracy,
            edge-accuracy, stationary-jitter, moving-jitter, report-rate, contacts,
            finger-separation, ghost-touches. Default limits are the Windows touchscreen
            requirements. Exit status: 0 every measured check passed, 1 one failed,
            2 bad input.
            Example: touchscope analyze panel.evemu --json
            """)

    @Argument(help: "The libinput record, evemu file or TouchScope recording.")
    var input: String
    @Flag(help: "Print one JSON object instead of text.")
    var json = false
    @Option(help: ArgumentHelp("Also write a self-contained HTML report (verdicts, coverage, report intervals, jitter, anomalies).", valueName: "file.html"))
    var report: String?
    @Option(help: ArgumentHelp("The screen the device maps onto, in pixels (figures in pixels when the device states no resolution).", valueName: "WxH"))
    var screen: String?
    @Option(help: ArgumentHelp("The touch area's size in millimetres, for a device that states no resolution.", valueName: "WxH"))
    var sizeMm: String?
    @Option(help: ArgumentHelp("The display's refresh rate: the report rate must reach it (Hz).", valueName: "hz"))
    var refresh: Double = 60
    @Option(help: ArgumentHelp("Stationary jitter limit (mm).", valueName: "mm"))
    var maxStationaryJitter: Double = 0.5
    @Option(help: ArgumentHelp("Moving jitter limit (mm).", valueName: "mm"))
    var maxMovingJitter: Double = 1
    @Option(help: ArgumentHelp("Contacts the device must track at once.", valueName: "n"))
    var minContacts: Int = 5
    @Option(help: ArgumentHelp("Two fingers this far apart (mm) must be told apart.", valueName: "mm"))
    var maxFingerSeparation: Double = 8
    @Option(help: ArgumentHelp("A silence is a report gap only when the contact moved this far across it (mm; without a resolution, 4 × the axis fuzz in device units).", valueName: "mm"))
    var gapMinMove: Double = 1
    @Option(help: ArgumentHelp("... and moved at least this fast just before and just after it (mm/s).", valueName: "mm/s"))
    var gapMinSpeed: Double = 10

    func validate() throws {
        if let screen { _ = try parseSize(screen, "--screen") }
        if let sizeMm { _ = try parseSize(sizeMm, "--size-mm") }
        guard refresh > 0, refresh <= 1000 else { throw ValidationError("--refresh must be from 1 to 1000 Hz (got \(refresh))") }
        for (v, name) in [(maxStationaryJitter, "--max-stationary-jitter"), (maxMovingJitter, "--max-moving-jitter"), (maxFingerSeparation, "--max-finger-separation")] {
            guard v > 0, v <= 1000 else { throw ValidationError("\(name) must be above 0 and at most 1000 mm (got \(v))") }
        }
        guard gapMinMove >= 0, gapMinMove <= 1000 else { throw ValidationError("--gap-min-move must be from 0 to 1000 mm (got \(gapMinMove))") }
        guard gapMinSpeed >= 0, gapMinSpeed <= 100_000 else { throw ValidationError("--gap-min-speed must be from 0 to 100000 mm/s (got \(gapMinSpeed))") }
        guard minContacts >= 1, minContacts <= 32 else { throw ValidationError("--min-contacts must be from 1 to 32 (got \(minContacts))") }
    }

    func run() throws {
        if let report { try OutputFiles.check([.input("input file", input), .output("--report", "report", report)]) }
        let capture = try readCapture(input)
        var limits = CheckLimits()
        limits.reportRateHz = refresh
        limits.stationaryJitterMM = maxStationaryJitter
        limits.movingJitterMM = maxMovingJitter
        limits.contacts = minContacts
        limits.fingerSeparationMM = maxFingerSeparation
        limits.reportGapMoveMM = gapMinMove
        limits.reportGapSpeedMMPerSecond = gapMinSpeed
        let options = AnalysisOptions(screen: try screen.map { try parseSize($0, "--screen") },
                                      sizeMM: try sizeMm.map { try parseSize($0, "--size-mm") }, limits: limits)
        let result = TouchAnalysis.analyze(capture, options: options)
        if let report {
            do { try RegularFile.write(Array(TouchAnalysis.htmlReport([result], file: input).utf8), to: report) } catch {
                throw CLIError.badInput("\(report):1:1: cannot write the report: \(error.message)")
            }
        }
        print(json ? TouchAnalysis.json([result]) : result.text)
        if result.checks.contains(where: { $0.pass == false }) { throw ExitCode(1) }
    }
}

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit libinput's calibration matrix from taps on known targets.",
        usage: helpUsage("touchscope calibrate <input> [--targets <X,Y X,Y ...> --screen <WxH>] [--json]"),
        discussion: """
            Pairs the input's taps (contacts that lift within 5 mm of where they
            landed), in order, with the targets, fits the affine map by least squares,
            and prints libinput's calibration matrix (applied to the device's normalized
            coordinates it gives the screen's), the udev rule that applies it, and the
            error left at each target (pixels, and mm when the device states its
            resolution) beside the error before calibration, and the accuracy and
            edge-accuracy checks of the taps before calibration. Without --targets, the
            targets a `touchscope touchtest` recording carries (its header's `targets`,
            on its window) are paired with its first taps from `targetsAt` on.
            Example: touchscope calibrate taps.evemu --screen 1920x1080
                       --targets "192,108 1728,108 960,540 192,972 1728,972"
            Example: touchscope calibrate touchtest.jsonl
            """)

    @Argument(help: "The libinput record, evemu file or TouchScope recording with one tap per target.")
    var input: String
    @Option(help: ArgumentHelp("The targets, screen pixels, in the order they were tapped: at least three, not in a line (default: the recording's own, from touchtest).", valueName: "X,Y X,Y ..."))
    var targets: String?
    @Option(help: ArgumentHelp("The screen's size in pixels (needed with --targets).", valueName: "WxH"))
    var screen: String?
    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    static func parseTargets(_ s: String) throws -> [Point] {
        try s.split(whereSeparator: { $0 == " " || $0 == ";" }).map { pair in
            let xy = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]), x.isFinite, y.isFinite else {
                throw ValidationError("--targets must be \"X,Y X,Y ...\" in screen pixels (got `\(pair)`)")
            }
            return Point(x: x, y: y)
        }
    }

    func validate() throws {
        if let screen { _ = try parseSize(screen, "--screen") }
        if let targets { _ = try Self.parseTargets(targets) }
        if targets != nil && screen == nil { throw ValidationError("--targets needs --screen WxH: the screen the targets are pixels of") }
    }

    func run() throws {
        let capture = try readCapture(input)
        do {
            let result: CalibrationResult
            if let targets, let screen {
                result = try Calibration.fit(capture, targets: try Self.parseTargets(targets), screen: try parseSize(screen, "--screen"))
            } else if let recorded = try Calibration.fitRecorded(capture) {
                result = recorded
            } else {
                throw CLIError.badInput("\(input):1:1: the input carries no targets (only a `touchscope touchtest` recording does): give --targets and --screen")
            }
            print(json ? result.json : result.text)
        } catch let error as CalibrationError {
            throw CLIError.badInput(error.located(in: input))
        }
    }
}
