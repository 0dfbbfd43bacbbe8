// TouchTest: the pages of `touchscope touchtest`, as a value: what each page asks, when it is
// done, and the verdict it gives, from the fingers it was given. No SDL: the window shows it.
//
//   targets ─▶ lines ─▶ hold ─▶ fingers ─▶ draw ─▶ summary        (next / back / skip)
//
// Each page's verdict is the analysis of the fingers of its own attempt (from when the page
// was entered), by the same code `analyze` and `calibrate` run: `TouchAnalysis.analyze` on
// the page's capture, `Calibration.fit` for the targets. The summary is `analyze` of the
// whole recording, read back from its own text, so `touchscope analyze` of the file written
// by `--record` gives the same verdicts and `touchscope calibrate` the same matrix.
//
// When each page is done:
// - targets: one tap (a contact lifting within 5 mm of where it landed, `Calibration`'s rule)
//   per target, in order (a tap farther than `Calibration.strayFraction` of the window's
//   smaller side from the target is stray: not paired, the page asks again): a 3 × 3 grid at 10 %, 50 % and 90 %, the middles of the four
//   edges and the four corners, `edgeInset` from the edge;
// - lines: three strokes (lifted contacts whose ends are at least 10 mm apart) along the
//   horizontal, vertical and diagonal guides;
// - hold: a contact held for at least `holdSeconds`, then lifted;
// - fingers: at least two contacts down at once, then every one lifted;
// - draw: never by itself; Finish ends it with its verdict. Its anomalies are found as they
//   happen (`LiveAnomalies`: the rules `analyze` applies, report by report), its ghost-touches
//   verdict follows them.
import TouchCore

/// The live test mode's state: pages, the fingers given to each, and their verdicts.
public struct TouchTest: Sendable {
    /// A page of the test, in order.
    public enum Page: String, CaseIterable, Sendable {
        /// Targets to tap: accuracy, edge accuracy, the calibration.
        case targets
        /// Lines to trace: moving jitter, linearity, report rate.
        case lines
        /// A finger held still: stationary jitter.
        case hold
        /// Fingers one by one and together: contacts, finger separation.
        case fingers
        /// Free draw: coverage and anomalies.
        case draw
        /// The whole session's checks.
        case summary

        /// The checks this page decides (the summary: all eight).
        public var checks: [String] {
            switch self {
            case .targets: ["accuracy", "edge-accuracy"]
            case .lines: ["moving-jitter", "report-rate"]
            case .hold: ["stationary-jitter", "report-rate"]
            case .fingers: ["contacts", "finger-separation"]
            case .draw: ["ghost-touches", "report-rate"]
            case .summary: ["accuracy", "edge-accuracy", "stationary-jitter", "moving-jitter", "report-rate", "contacts",
                            "finger-separation", "ghost-touches"]
            }
        }

        /// The page's title.
        public var title: String {
            switch self {
            case .targets: "Targets: accuracy and calibration"
            case .lines: "Lines: linearity and moving jitter"
            case .hold: "Hold still: stationary jitter"
            case .fingers: "Fingers: contacts and separation"
            case .draw: "Free draw: coverage and anomalies"
            case .summary: "Summary: every check"
            }
        }
    }

    /// Where a page stands.
    public enum Status: String, Sendable {
        /// Not done yet (or not visited).
        case waiting
        /// Done: its verdict is in `results`.
        case done
        /// Skipped by the user: it decides nothing.
        case skipped
    }

    /// A page's verdict.
    public struct Result: Sendable {
        /// The checks the page decides, from `analysis` (or the calibration's for the targets).
        public var checks: [DeviceCheck]
        /// The page's figures: `TouchAnalysis.analyze` of its fingers.
        public var analysis: DeviceAnalysis
        /// The targets page's calibration; nil elsewhere, or when it could not be fitted.
        public var calibration: CalibrationResult?
        /// Why the targets could not be fitted, for a person.
        public var calibrationError: String?
    }

    /// A straight guide to trace.
    public struct Guide: Sendable, Equatable {
        /// Where the stroke starts (scene points).
        public var from: Point
        /// Where it ends (scene points).
        public var to: Point
    }

    /// The window the fingers land in (scene points: the window's units).
    public let window: Size
    /// The window's size in millimetres, when known (figures in mm; else in pixels).
    public let sizeMM: Size?
    /// The thresholds of the checks.
    public let limits: CheckLimits
    /// The touch device's name (the udev rule matches it).
    public var device: String?
    /// The targets, in the order they are tapped.
    public let targets: [Point]
    /// The three lines to trace: horizontal, vertical, diagonal.
    public let guides: [Guide]
    /// Where to hold a finger still.
    public let holdSpot: Point
    /// How long the hold page wants a finger down (s).
    public static let holdSeconds = 1.0
    /// The corner and edge targets' distance from the edge: 2 mm, or 8 points without a size.
    public let edgeInset: Double

    /// The page shown.
    public private(set) var page: Page = .targets
    /// Each page's status.
    public private(set) var status: [Page: Status] = [:]
    /// Each done page's verdict (the draw page's follows every lift).
    public private(set) var results: [Page: Result] = [:]
    /// Every finger input on the test surface, in order: what `--record` writes.
    public private(set) var inputs: [RawInput] = []
    /// Where the shown page's attempt begins in `inputs`, and when.
    private var attemptStart = 0
    /// How many inputs there were when the shown page was entered.
    var attemptInputs: Int { attemptStart }
    /// When the shown page was entered (s).
    public private(set) var attemptTime = 0.0
    /// When the targets page's (last, completed) attempt began; nil until it is done.
    public private(set) var targetsAt: Double?
    /// The fingers down now, where they are (scene points).
    public private(set) var down: [Int: Point] = [:]
    /// Contacts lifted in the shown page's attempt.
    public private(set) var lifted = 0
    /// The most fingers down at once in the shown page's attempt.
    public private(set) var mostDown = 0
    /// Taps counted on the targets page so far (the next target's index).
    public private(set) var tapsDone = 0
    /// Where those taps landed (each the mean of its reports), in order.
    public private(set) var tapPoints: [Point] = []
    /// Whether the last tap on the targets page was stray (too far from its target, not paired).
    public private(set) var strayTap = false
    /// The draw page's anomalies, found report by report.
    public private(set) var live: LiveAnomalies?
    /// The time of the draw page's first input: `live`'s times are from it (as `analyze`'s
    /// of the page's capture are).
    private var liveStart: Double?
    /// Contacts that landed on the draw page so far.
    private var liveContacts = 0
    /// Strokes counted on the lines page so far.
    public private(set) var strokesDone = 0
    /// The draw page's coverage: strokes per cell (`CoverageGrid`: 32 near-square cells along
    /// the longer side, 20 × 32 in portrait at 800 × 1280), each move counting every cell it crossed.
    public private(set) var coverageGrid: CoverageGrid
    /// The whole session's coverage, every page's fingers (the report's heat map).
    public private(set) var sessionCoverage: CoverageGrid
    /// The draw page's strokes per cell, row by row (`coverageGrid`'s cells).
    public var coverage: [Int] { coverageGrid.cells }
    /// The calibration applied to the live fingers ("try it"): `calibrated(_:)` then maps them.
    public var tryCalibration = false
    /// The whole session's analysis (the summary page's): set on entering the summary.
    public private(set) var summary: DeviceAnalysis?
    /// The whole session's calibration (from the recording's own targets), with the summary.
    public private(set) var summaryCalibration: CalibrationResult?

    /// A test of a `window`-sized surface, `sizeMM` millimetres when known.
    public init(window: Size, sizeMM: Size? = nil, limits: CheckLimits = CheckLimits(), device: String? = nil) {
        self.window = window
        self.sizeMM = sizeMM
        self.limits = limits
        self.device = device
        let w = window.width, h = window.height
        let inset = sizeMM.map { 2 * w / $0.width } ?? 8
        edgeInset = inset
        var t: [Point] = []
        for fy in [0.1, 0.5, 0.9] { for fx in [0.1, 0.5, 0.9] { t.append(Point(x: w * fx, y: h * fy)) } }
        t += [Point(x: w / 2, y: inset), Point(x: w - inset, y: h / 2), Point(x: w / 2, y: h - inset), Point(x: inset, y: h / 2)]
        t += [Point(x: inset, y: inset), Point(x: w - inset, y: inset), Point(x: w - inset, y: h - inset), Point(x: inset, y: h - inset)]
        targets = t
        guides = [Guide(from: Point(x: w * 0.08, y: h * 0.2), to: Point(x: w * 0.92, y: h * 0.2)),
                  Guide(from: Point(x: w * 0.08, y: h * 0.08), to: Point(x: w * 0.08, y: h * 0.92)),
                  Guide(from: Point(x: w * 0.22, y: h * 0.5), to: Point(x: w * 0.92, y: h * 0.08))]
        holdSpot = Point(x: w * 0.5, y: h * 0.3)
        coverageGrid = CoverageGrid(area: window)
        sessionCoverage = CoverageGrid(area: window)
        for p in Page.allCases { status[p] = .waiting }
    }

    // MARK: Pages

    /// What the page asks, for a person.
    public var instruction: String {
        switch page {
        case .targets:
            if strayTap, tapsDone < targets.count {
                return "That tap was too far from the ringed target and does not count: tap the target (\(tapsDone + 1) of \(targets.count)), then lift."
            }
            return tapsDone < targets.count
                ? "Tap the ringed target (\(tapsDone + 1) of \(targets.count)) with one finger, then lift."
                : "Done. \"Try it\" applies the fitted matrix to your fingers; \"Write udev rule\" saves it."
        case .lines:
            return "Trace each dashed line in one stroke, at an even speed (\(min(strokesDone, 3)) of 3 done)."
        case .hold:
            return "Hold one finger still on the ring for \(TraceFormat.fixed(Self.holdSeconds + 1, 0)) seconds, then lift it."
        case .fingers:
            return "Put fingers down one by one (up to \(limits.contacts)), then bring two together until they touch; lift all. Now \(down.count) down, \(mostDown) most."
        case .draw:
            return "Draw over the whole screen, to every edge; cells never touched are dead zones. \"Move panel\" to reach under it."
        case .summary:
            return "Each check as the page that measured it judged it. \"Finish and save\" writes the recording and the report and quits; \"‹ Back\" to do a page again."
        }
    }

    /// Goes to the next page (the summary stays). `time`: now (s).
    public mutating func next(at time: Double) {
        guard let i = Page.allCases.firstIndex(of: page), i + 1 < Page.allCases.count else { return }
        if page == .draw, status[.draw] != .skipped { finishDraw() }
        enter(Page.allCases[i + 1], at: time)
    }

    /// Goes back a page, to do it again. `time`: now (s).
    public mutating func back(at time: Double) {
        guard let i = Page.allCases.firstIndex(of: page), i > 0 else { return }
        enter(Page.allCases[i - 1], at: time)
    }

    /// Skips the shown page: it decides nothing; on to the next.
    public mutating func skip(at time: Double) {
        guard page != .summary else { return }
        status[page] = .skipped
        results[page] = nil
        if page == .targets { targetsAt = nil; tryCalibration = false }
        guard let i = Page.allCases.firstIndex(of: page) else { return }
        enter(Page.allCases[i + 1], at: time)
    }

    private mutating func enter(_ p: Page, at time: Double) {
        page = p
        attemptStart = inputs.count
        attemptTime = time
        mostDown = down.count
        lifted = 0
        tapsDone = 0
        tapPoints = []
        strayTap = false
        strokesDone = 0
        live = p == .draw ? LiveAnomalies(window: window, sizeMM: sizeMM) : nil
        liveStart = nil
        liveContacts = 0
        tryCalibration = false
        if p == .summary {
            let whole = sessionAnalysis()
            summary = whole.analysis
            summaryCalibration = whole.calibration
            return
        }
        // A page entered again is done again: its old verdict goes.
        status[p] = .waiting
        results[p] = nil
        if p == .targets { targetsAt = nil }
        if p == .draw { coverageGrid.clear() }
    }

    // MARK: Fingers

    /// One finger input on the test surface (not on the buttons): recorded, and the page
    /// judged when a finger lifts.
    public mutating func handle(_ input: RawInput) {
        switch input.kind {
        case let .fingerDown(f, x, y, _, _):
            down[f] = Point(x: x, y: y)
            mostDown = max(mostDown, down.count)
            cover(from: nil, to: Point(x: x, y: y))
        case let .fingerMove(f, x, y, _, _):
            guard let before = down[f] else { return }
            down[f] = Point(x: x, y: y)
            cover(from: before, to: Point(x: x, y: y))
        case let .fingerUp(f, _, _, _, _):
            guard down[f] != nil else { return }
            down[f] = nil
            lifted += 1
        default:
            return
        }
        inputs.append(input)
        if page == .draw, status[.draw] != .skipped, live != nil {
            let start = liveStart ?? input.t
            liveStart = start
            switch input.kind {
            case let .fingerDown(f, x, y, _, _):
                // The contact's number on the page: its tracking id, as `analyze` of the page's fingers numbers it.
                liveContacts += 1
                live?.land(slot: f, id: liveContacts, at: input.t - start, Point(x: x, y: y))
            case let .fingerMove(f, x, y, _, _): live?.move(slot: f, at: input.t - start, Point(x: x, y: y))
            case let .fingerUp(f, _, _, _, _): live?.lift(slot: f, at: input.t - start)
            default: break
            }
        }
        if case .fingerUp = input.kind { judge(at: input.t) }
    }

    /// A landing (`from` nil) or a move from `from`: the session's coverage, and the draw page's.
    private mutating func cover(from: Point?, to p: Point) {
        guard p.x.isFinite, p.y.isFinite else { return }
        if let from { sessionCoverage.stroke(from: from, to: p) } else { sessionCoverage.land(p) }
        guard page == .draw, status[.draw] != .skipped else { return }
        if let from { coverageGrid.stroke(from: from, to: p) } else { coverageGrid.land(p) }
    }

    /// The shown page's attempt as a capture (times from its first input).
    func attemptCapture() -> ContactCapture {
        var c = ContactCapture.fromRecording(Array(inputs[attemptStart...]), header: header(targets: nil, targetsAt: nil))
        if page == .targets {
            c.targets = targets
            c.targetsAt = 0
        }
        return c
    }

    private var options: AnalysisOptions { AnalysisOptions(screen: window, sizeMM: sizeMM, limits: limits) }

    /// Counts what the page needs after a lift; judges it when it has it all.
    private mutating func judge(at time: Double) {
        guard status[page] != .skipped, page != .summary else { return }
        let capture = attemptCapture()
        switch page {
        case .targets:
            guard status[.targets] != .done else { return }
            let pairing = Calibration.paired(Calibration.taps(capture), targets: targets, screen: window)
            tapPoints = pairing.taps
            strayTap = pairing.strayAfter
            tapsDone = tapPoints.count
            guard tapsDone >= targets.count else { return }
            var result = Result(checks: [], analysis: TouchAnalysis.analyze(capture, options: options))
            do throws(CalibrationError) {
                let fit = try Calibration.fit(capture, targets: targets, screen: window, limits: limits, tapsFrom: 0)
                result.calibration = fit
                result.checks = Page.targets.checks.compactMap { n in fit.checks.first { $0.name == n } }
            } catch {
                result.calibrationError = error.description
                result.checks = Page.targets.checks.map {
                    DeviceCheck(name: $0, value: nil, limit: $0 == "accuracy" ? limits.accuracyMM : limits.edgeAccuracyMM, unit: "mm",
                                pass: nil, note: error.description, margin: nil)
                }
            }
            targetsAt = attemptTime
            finish(.targets, result)
        case .lines:
            guard status[.lines] != .done else { return }
            let units = TouchAnalysis.Units(capture, options)
            strokesDone = capture.tracks.filter { t in
                guard t.liftedAt != nil, let a = t.reports.first, let b = t.reports.last else { return false }
                return TouchAnalysis.dist(units.point(a), units.point(b)) >= TouchAnalysis.straightLengthMM * units.perMM
            }.count
            guard strokesDone >= 3 else { return }
            finish(.lines, analysed(capture))
        case .hold:
            guard status[.hold] != .done,
                  capture.tracks.contains(where: { t in t.liftedAt.map { $0 - t.landedAt >= Self.holdSeconds } ?? false }) else { return }
            finish(.hold, analysed(capture))
        case .fingers:
            guard status[.fingers] != .done, mostDown >= 2, down.isEmpty else { return }
            finish(.fingers, analysed(capture))
        case .draw, .summary:
            return
        }
    }

    private func analysed(_ capture: ContactCapture) -> Result {
        let a = TouchAnalysis.analyze(capture, options: options)
        let reports = capture.tracks.reduce(0) { $0 + $1.reports.count + ($1.liftedAt == nil ? 0 : 1) }
        let lifted = capture.tracks.filter { $0.liftedAt != nil }.count
        return Result(checks: page.checks.compactMap { n in a.checks.first { $0.name == n }.map { Self.ghostCheck($0, reports: reports, lifted: lifted) } },
                      analysis: a)
    }

    private mutating func finish(_ p: Page, _ r: Result) {
        results[p] = r
        status[p] = .done
    }

    private mutating func finishDraw() {
        results[.draw] = analysed(attemptCapture())
        status[.draw] = .done
    }

    /// The draw page's anomalies so far, in the order they happened (newest last).
    public var anomalies: [DeviceAnomaly] { live?.anomalies ?? [] }

    /// The draw page's verdict so far: ghost-touches from the anomalies found as they happen
    /// (the whole verdict, report rate too, when Finish ends the page); not measured until a
    /// contact has landed and lifted.
    public var liveChecks: [DeviceCheck] {
        guard let live else { return [] }
        return [Self.ghostCheck(TouchAnalysis.ghostCheck(live.ghosts, limits: limits), reports: inputs.count - attemptStart, lifted: lifted)]
    }

    /// Time passed to `time` (the inputs' clock) on the draw page: a finger held still may
    /// now be a stuck touch. True when an anomaly appeared.
    public mutating func tick(at time: Double) -> Bool {
        guard page == .draw, let start = liveStart, live != nil else { return false }
        return live?.tick(at: time - start) ?? false
    }

    // MARK: Calibration tried live

    /// `p` (scene points) through the targets page's fitted matrix (libinput's convention,
    /// on the window's normalized coordinates); `p` itself without a fit.
    public func calibrated(_ p: Point) -> Point {
        guard let m = results[.targets]?.calibration?.matrix, m.count == 6 else { return p }
        let x = p.x / window.width, y = p.y / window.height
        return Point(x: (m[0] * x + m[1] * y + m[2]) * window.width, y: (m[3] * x + m[4] * y + m[5]) * window.height)
    }

    // MARK: The recording

    private func header(targets: [Point]?, targetsAt: Double?) -> RecordingHeader {
        RecordingHeader(window: window, device: device, targets: targets, targetsAt: targetsAt, sizeMM: sizeMM)
    }

    /// The recording's header: the window, the device, the targets when their page is done
    /// (and when its taps began), the size in mm when known.
    public var recordingHeader: RecordingHeader {
        header(targets: targetsAt == nil ? nil : targets, targetsAt: targetsAt)
    }

    /// The recording `--record` writes: the header, then every finger input on the surface.
    public var recordingText: String {
        var s = RecordingWriter.headerLine(recordingHeader)
        for i in inputs where i.isFinite { s += RecordingWriter.line(i) + "\n" }
        return s
    }

    /// `analyze` and `calibrate` of the session's recording, read back from its text: the
    /// summary's figures and verdicts, and the calibration from the targets it carries.
    public func sessionAnalysis() -> (analysis: DeviceAnalysis, calibration: CalibrationResult?) {
        let text = recordingText
        guard let capture = try? ContactCapture.read(bytes: Array(text.utf8), file: "touchtest") else {
            // The text is this program's own: it always reads; analyse the fingers as they are.
            let c = ContactCapture.fromRecording(inputs, header: recordingHeader)
            return (TouchAnalysis.analyze(c, options: options), try? Calibration.fitRecorded(c, limits: limits))
        }
        return (TouchAnalysis.analyze(capture, options: options), try? Calibration.fitRecorded(capture, limits: limits))
    }
}
