// The draw page's anomalies as they happen (issue 31 item 4: "every anomaly as it happens"),
// and the targets page's stray taps. Fingers made up report by report with known defects; the
// definitions (issue 31 item 1): `jump` faster than 5 m/s between two reports; `report-gap` an
// interval longer than 3 median intervals; `ghost-touch` shorter than 30 ms without moving;
// `stuck-touch` held unmoving (here: longer than AnomalyRules.stuckSeconds, 20 s, documented);
// `tracking-id-reuse` a finger landing again without a lift.
import Testing
import TestSupport
import TouchCore
@testable import TouchScene

@Suite("Live anomalies and stray taps")
struct LiveAnomaliesTests {
    /// 1280 × 800 points over 256 × 160 mm: 5 points per mm.
    static let window = Size(width: 1280, height: 800), sizeMM = Size(width: 256, height: 160)

    struct Key: Hashable, CustomStringConvertible {
        var kind: String, ms: Int, slot: Int
        var description: String { "\(kind)@\(ms)ms#\(slot)" }
        init(_ a: DeviceAnomaly) { kind = a.kind; ms = Int((a.at * 1000).rounded()); slot = a.slot }
        init(_ kind: String, _ ms: Int, _ slot: Int) { self.kind = kind; self.ms = ms; self.slot = slot }
    }

    /// A test on its draw page.
    func drawPage(sizeMM: Size?) -> TouchTest {
        var test = TouchTest(window: Self.window, sizeMM: sizeMM)
        for _ in 0..<4 { test.skip(at: 0) }
        return test
    }

    /// Gives `inputs` one by one (ticking the clock every 0.1 s between them) and notes, for
    /// each anomaly, the input (its index; -1: a tick) after which it appeared and when.
    func feed(_ test: inout TouchTest, _ inputs: [RawInput]) -> [Key: (input: Int, shownAt: Double)] {
        var seen: [Key: (Int, Double)] = [:]
        var clock = inputs.first?.t ?? 0
        for (i, input) in inputs.enumerated() {
            while clock + 0.1 < input.t {
                clock += 0.1
                _ = test.tick(at: clock)
                for a in test.anomalies where seen[Key(a)] == nil { seen[Key(a)] = (-1, clock) }
            }
            test.handle(input)
            for a in test.anomalies where seen[Key(a)] == nil { seen[Key(a)] = (i, input.t) }
        }
        return seen
    }

    @Test("each anomaly shows on the draw page at the report that causes it (stuck-touch at 20 s held), and analyze of the same reports finds the same")
    func asTheyHappen() throws {
        var test = drawPage(sizeMM: Self.sizeMM)
        var inputs: [RawInput] = []
        func at(_ t: Double, _ k: RawInput.Kind) { inputs.append(RawInput(t: 100 + t, k)) }   // the clock's origin is not the page's
        // Finger 1: a stroke at 100 Hz, 2 points (0.4 mm) a report; at 0.50 s it leaps 300
        // points (60 mm in 10 ms: 6 m/s > 5 m/s): a jump at 0.50 s. Then no report from
        // 0.80 s to 0.92 s (120 ms > 3 × 10 ms) while it goes on moving (24 points, 4.8 mm,
        // across the silence; 40 mm/s before and after): a report-gap dated 0.80 s, judged
        // at the report after the one that closes it (0.93 s: the speed after the silence).
        at(0, .fingerDown(finger: 1, x: 100, y: 100))
        var x = 100.0
        for i in 1...100 {
            x += i == 50 ? 300 : 2
            if (81...91).contains(i) { continue }
            at(Double(i) / 100, .fingerMove(finger: 1, x: x, y: 100))
        }
        at(1.0, .fingerUp(finger: 1, x: x, y: 100))
        // Finger 2: down 12 ms without moving: a ghost-touch dated 1.20 s, seen at its lift.
        at(1.2, .fingerDown(finger: 2, x: 600, y: 400))
        at(1.212, .fingerUp(finger: 2, x: 600, y: 400))
        // Finger 3: lands at 2 s and neither moves nor reports again until it lifts at 30 s:
        // a stuck-touch dated 2 s, seen by the clock once held more than 20 s (the first tick
        // after 22 s). Its 28 s of silence are no report-gap: it held still (a lift states no
        // position, and a contact held still sends nothing).
        at(2, .fingerDown(finger: 3, x: 900, y: 600))
        at(30, .fingerUp(finger: 3, x: 900, y: 600))
        // Finger 4 lands at 31 s, moves 1 mm every 10 ms, and lands again at 31.1 s without a
        // lift: a tracking-id-reuse at 31.1 s; it lifts at 31.2 s.
        at(31, .fingerDown(finger: 4, x: 200, y: 700))
        for i in 1...9 { at(31 + Double(i) / 100, .fingerMove(finger: 4, x: 200 + 5 * Double(i), y: 700)) }
        at(31.1, .fingerDown(finger: 4, x: 300, y: 700))
        for i in 1...10 { at(31.1 + Double(i) / 100, .fingerMove(finger: 4, x: 300 + 5 * Double(i), y: 700)) }
        at(31.2, .fingerUp(finger: 4, x: 350, y: 700))

        func index(_ t: Double, _ finger: Int) -> Int {
            inputs.firstIndex { abs($0.t - 100 - t) < 1e-9 && $0.kind.testFinger == finger } ?? -2
        }
        let seen = feed(&test, inputs)
        let expected: [Key: Int] = [
            Key("jump", 500, 1): index(0.5, 1),
            Key("report-gap", 800, 1): index(0.93, 1),
            Key("ghost-touch", 1200, 2): index(1.212, 2),
            Key("stuck-touch", 2000, 3): -1,
            Key("tracking-id-reuse", 31100, 4): inputs.lastIndex { abs($0.t - 131.1) < 1e-9 && $0.kind.testIsDown } ?? -2,
        ]
        #expect(Set(seen.keys) == Set(expected.keys), "\(seen.keys.sorted { $0.ms < $1.ms })")
        for (k, i) in expected { #expect(seen[k]?.input == i, "\(k) seen after input \(String(describing: seen[k]))") }
        // The stuck touch shows at the first tick after 22 s (2 s + 20 s held), not at its lift.
        let stuckShown = try #require(seen[Key("stuck-touch", 2000, 3)]?.shownAt)
        #expect(stuckShown > 122 && stuckShown <= 122.1 + 1e-9, "\(stuckShown)")
        // Ghost-touches fails at once, before Finish.
        #expect(test.liveChecks.first { $0.name == "ghost-touches" }?.pass == false)

        // analyze of the same reports (the page's recording, read back) finds the same.
        let capture = try ContactCapture.read(bytes: Array(test.recordingText.utf8), file: "rec")
        let batch = TouchAnalysis.analyze(capture, options: AnalysisOptions(screen: Self.window, sizeMM: Self.sizeMM))
        #expect(Set(batch.anomalies.map(Key.init)) == Set(expected.keys), "\(batch.anomalies.map(Key.init))")
        #expect(batch.anomalies.count == test.anomalies.count)
        // Finish: the page's verdict is the batch analysis's.
        test.next(at: 140)
        #expect(test.page == .summary)
        #expect(test.summary?.anomalies.map(Key.init).sorted { $0.description < $1.description }
                == batch.anomalies.map(Key.init).sorted { $0.description < $1.description })
    }

    @Test("without a size in mm a jump is 5 m/s at 96 dpi (18898 px/s): 300 px in 10 ms is one, 150 px is not; live and analyze agree")
    func jumpInPixels() throws {
        var test = drawPage(sizeMM: nil)
        var inputs = [RawInput(t: 0, .fingerDown(finger: 1, x: 100, y: 100))]
        var x = 100.0
        for i in 1...40 {
            x += i == 10 ? 300 : i == 30 ? 150 : 1
            inputs.append(RawInput(t: Double(i) / 100, .fingerMove(finger: 1, x: x, y: 100)))
        }
        inputs.append(RawInput(t: 0.4, .fingerUp(finger: 1, x: x, y: 100)))
        let seen = feed(&test, inputs)
        #expect(Array(seen.keys) == [Key("jump", 100, 1)])
        #expect(seen[Key("jump", 100, 1)]?.input == 10)
        let capture = try ContactCapture.read(bytes: Array(test.recordingText.utf8), file: "rec")
        let batch = TouchAnalysis.analyze(capture, options: AnalysisOptions(screen: Self.window))
        #expect(batch.unit == "px")
        #expect(batch.anomalies.map(Key.init) == [Key("jump", 100, 1)])
    }

    @Test("a contact held still 19 s is no stuck-touch, live or in analyze")
    func heldNotStuck() throws {
        var test = drawPage(sizeMM: Self.sizeMM)
        let inputs = [RawInput(t: 0, .fingerDown(finger: 1, x: 500, y: 500)),
                      RawInput(t: 19, .fingerMove(finger: 1, x: 520, y: 500)),   // 4 mm: it moved
                      RawInput(t: 25, .fingerUp(finger: 1, x: 520, y: 500))]
        let seen = feed(&test, inputs)
        #expect(!seen.keys.contains { $0.kind == "stuck-touch" })
        let capture = try ContactCapture.read(bytes: Array(test.recordingText.utf8), file: "rec")
        let batch = TouchAnalysis.analyze(capture, options: AnalysisOptions(screen: Self.window, sizeMM: Self.sizeMM))
        #expect(!batch.anomalies.contains { $0.kind == "stuck-touch" })
    }

    @Test("the live median interval is analyze's (nearest rank) to its 0.1 ms bin after every report, whatever order the intervals come in")
    func runningMedian() throws {
        var live = LiveAnomalies(window: Self.window, sizeMM: Self.sizeMM)
        var random = SeededRandom(state: 7)
        var t = 0.0, intervals: [Double] = []
        live.land(slot: 1, id: 1, at: t, Point(x: 100, y: 100))
        for i in 0..<400 {
            // 2 to 60 ms, in the middle of a 0.1 ms bin; now and then a long one.
            let dt = (i % 37 == 0 ? 250 : Double(20 + Int((random.unit() + 1) / 2 * 580))) / 10_000 + 0.000_05
            t += dt
            intervals.append(dt)
            live.move(slot: 1, at: t, Point(x: 100, y: 100))
            let want = try #require(TouchAnalysis.percentile(intervals, 0.5))
            let got = try #require(live.median)
            #expect(abs(got - want) < 0.000_051, "after \(i + 1) intervals: \(got) vs \(want)")
        }
    }

    /// A tap (down, still, up over 0.1 s) at `p`, from `t`.
    func tap(_ test: inout TouchTest, _ p: Point, at t: Double, finger: Int) {
        test.handle(RawInput(t: t, .fingerDown(finger: finger, x: p.x, y: p.y)))
        test.handle(RawInput(t: t + 0.05, .fingerMove(finger: finger, x: p.x, y: p.y)))
        test.handle(RawInput(t: t + 0.1, .fingerUp(finger: finger, x: p.x, y: p.y)))
    }

    @Test("a stray tap (farther than a quarter of the smaller side from the target) is not paired: the page says to tap the target; calibrate of the recording pairs the same taps")
    func strayTap() throws {
        var test = TouchTest(window: Self.window, sizeMM: Self.sizeMM)
        // A panel with a known affine error: scaled 0.9 about the centre, shifted (20, -15):
        // at most 91 points from any target, well inside 200 (a quarter of 800).
        let centre = Point(x: 640, y: 400)
        func miscalibrated(_ p: Point) -> Point { Point(x: centre.x + 0.9 * (p.x - centre.x) + 20, y: centre.y + 0.9 * (p.y - centre.y) - 15) }
        var t = 0.0, finger = 1
        for (k, target) in test.targets.enumerated() {
            if k == 5 {
                // A stray tap 400 points from target 6 (its target: (1152, 400)): not counted.
                tap(&test, Point(x: 752, y: 400), at: t, finger: finger); t += 0.5; finger += 1
                #expect(test.tapsDone == 5)
                #expect(test.strayTap)
                #expect(test.instruction.contains("tap the target (6 of 17)"), "\(test.instruction)")
            }
            tap(&test, miscalibrated(target), at: t, finger: finger); t += 0.5; finger += 1
            #expect(test.tapsDone == k + 1)
            #expect(!test.strayTap)
        }
        #expect(test.status[.targets] == .done)
        let live = try #require(test.results[.targets]?.calibration)
        // An exact affine error is undone exactly: nothing left at any target.
        #expect(live.maxResidualPx < 1e-6, "\(live.maxResidualPx)")
        // The recording: calibrate (fitRecorded) and analyze pair the same taps.
        test.next(at: t)
        let capture = try ContactCapture.read(bytes: Array(test.recordingText.utf8), file: "rec")
        let recorded = try #require(try Calibration.fitRecorded(capture))
        for (a, b) in zip(live.matrix, recorded.matrix) { #expect(abs(a - b) < 1e-9) }
        #expect(recorded.maxResidualPx < 1e-6)
        #expect(recorded.residuals.map(\.target) == test.targets)
    }

    @Test("the stray radius is a quarter of the smaller side: 199 points from the target pairs, 201 does not")
    func strayRadius() {
        let targets = [Point(x: 400, y: 400), Point(x: 800, y: 400)]
        let screen = Size(width: 1280, height: 800)
        #expect(Calibration.paired([Point(x: 599, y: 400)], targets: targets, screen: screen).taps.count == 1)
        let far = Calibration.paired([Point(x: 601, y: 400), Point(x: 400, y: 599)], targets: targets, screen: screen)
        #expect(far.taps == [Point(x: 400, y: 599)])
        #expect(!far.strayAfter)
        #expect(Calibration.paired([Point(x: 400, y: 400), Point(x: 400, y: 400)], targets: targets, screen: screen).strayAfter)
    }
}

extension RawInput.Kind {
    /// The finger of a finger input.
    var testFinger: Int? {
        switch self {
        case let .fingerDown(f, _, _, _, _), let .fingerMove(f, _, _, _, _), let .fingerUp(f, _, _, _, _): f
        default: nil
        }
    }
    var testIsDown: Bool { if case .fingerDown = self { true } else { false } }
}
