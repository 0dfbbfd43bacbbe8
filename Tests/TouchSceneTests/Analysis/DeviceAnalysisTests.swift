// `touchscope analyze` and `calibrate` on devices built with known defects: each defect is
// found with its numbers, a clean device passes every check it can decide, and a check the
// input cannot decide is "not measured", never passed. Limits: the Windows touchscreen
// requirements (SPEC: stationary jitter ≤ 0.5 mm, moving jitter ≤ 1 mm, report rate ≥ the
// refresh rate, 60 Hz when unknown, ≥ 5 contacts, finger separation ≤ 8 mm, no ghosts).
import Testing
import TestSupport
import TouchCore
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

extension SyntheticDevice {
    func capture() throws -> ContactCapture {
        try ContactCapture.read(bytes: Array(evemu.utf8), file: "synthetic.evemu")
    }
}

@Suite("Touch device analysis")
struct DeviceAnalysisTests {
    /// A clean device: 120 Hz, ±0.05 mm noise; five fingers at once, two of them 7 mm apart,
    /// a held finger, straight strokes.
    static func clean() -> SyntheticDevice {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 1.0) { _ in (60, 60) }                           // held still
        d.contact(slot: 0, at: 1.5, duration: 1.0) { s in (30 + 100 * s, 80) }             // 100 mm stroke
        d.contact(slot: 0, at: 3.0, duration: 1.0) { s in (50 + 60 * s, 20 + 60 * s) }     // diagonal
        for k in 0..<5 {
            d.contact(slot: k, at: 4.5 + 0.05 * Double(k), duration: 0.6) { _ in (40 + 7 * Double(k), 100) }
        }
        return d
    }

    func check(_ a: DeviceAnalysis, _ name: String) -> DeviceCheck? { a.checks.first { $0.name == name } }

    @Test("a clean device passes every check it can decide; accuracy without targets is not measured, not passed")
    func cleanPasses() throws {
        let a = TouchAnalysis.analyze(try Self.clean().capture())
        #expect(a.unit == "mm")
        #expect(a.resolution?.x == 20 && a.resolution?.y == 20)
        #expect(a.contactsMax == 5)
        #expect(a.contactsTotal == 8)
        #expect(a.declaredSlots == 10)
        let rate = try #require(a.reportRate)
        #expect(abs(rate.p50 - 120) < 2, "\(rate)")
        #expect(a.anomalies.isEmpty, "\(a.anomalies)")
        for name in ["stationary-jitter", "moving-jitter", "report-rate", "contacts", "finger-separation", "ghost-touches"] {
            #expect(check(a, name)?.pass == true, "\(name): \(String(describing: check(a, name)))")
        }
        #expect(check(a, "accuracy")?.pass == nil)
        #expect(check(a, "edge-accuracy")?.pass == nil)
        // ±0.05 mm of noise and ±0.025 mm of rounding to 20 units/mm: every report of a held
        // finger lies in a square of 0.15 mm, and so does their mean: at most its diagonal apart.
        #expect(try #require(a.stationaryJitter) <= 0.15 * 2.0.squareRoot())
        #expect(a.stationaryStretches >= 1)
        #expect(a.straightStretches >= 2)
        #expect(try #require(check(a, "finger-separation")?.value) < 7.2)
    }

    @Test("25 Hz reports fail report-rate (60 Hz), with the margin")
    func slowReports() throws {
        var d = Self.clean()
        d = SyntheticDevice(); d.rate = 25
        d.contact(slot: 0, at: 0, duration: 2) { s in (20 + 50 * s, 40) }
        let a = TouchAnalysis.analyze(try d.capture())
        let c = try #require(check(a, "report-rate"))
        #expect(c.pass == false)
        #expect(abs(try #require(c.value) - 25) < 0.5)
        #expect(abs(try #require(c.margin) - (25 - 60)) < 0.5)
        var limits = CheckLimits(); limits.reportRateHz = 24
        #expect(check(TouchAnalysis.analyze(try d.capture(), options: AnalysisOptions(limits: limits)), "report-rate")?.pass == true)
    }

    @Test("±1.5 mm of noise on a held finger fails stationary-jitter (0.5 mm)")
    func noisyHold() throws {
        var d = SyntheticDevice(); d.noiseMM = 1.5
        d.contact(slot: 0, at: 0, duration: 1.5) { _ in (100, 60) }
        let a = TouchAnalysis.analyze(try d.capture())
        let c = try #require(check(a, "stationary-jitter"))
        #expect(c.pass == false)
        // Uniform ±1.5 mm per axis: the farthest report is well over 0.5 mm from the mean,
        // and never more than the square's half-diagonal plus the mean's own offset.
        #expect(try #require(c.value) > 1.0)
        #expect(try #require(c.value) < 2 * 1.5 * 2.0.squareRoot())
    }

    @Test("a wobbling stroke fails moving-jitter; a straight one passes")
    func wobble() throws {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 1) { s in (20 + 150 * s, 60 + 1.6 * sin(s * 150 / 3)) }   // ±1.6 mm every 19 mm
        let a = TouchAnalysis.analyze(try d.capture())
        let c = try #require(check(a, "moving-jitter"))
        #expect(c.pass == false, "\(c)")
        #expect(try #require(c.value) > 1.0)
    }

    @Test("a slot that never lifts is a stuck-touch, with its time, slot and tracking id")
    func stuck() throws {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 0.5) { s in (50 + 20 * s, 50) }
        d.contact(slot: 3, at: 0.2, duration: 1, lift: false, trackingID: 777) { _ in (10, 10) }
        let a = TouchAnalysis.analyze(try d.capture())
        let stuck = a.anomalies.filter { $0.kind == "stuck-touch" }
        #expect(stuck.count == 1)
        #expect(stuck.first?.slot == 3)
        #expect(stuck.first?.trackingID == 777)
        #expect(abs((stuck.first?.at ?? -1) - 0.2) < 1e-6)   // seconds since the first event
    }

    @Test("a contact of 20 ms that does not move, at a pressure none of the other contacts had, is a ghost-touch and fails ghost-touches; 40 ms is not")
    func ghost() throws {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 0.5) { s in (50 + 20 * s, 50) }   // pressure 40 to 45
        d.pressure = 5
        d.contact(slot: 1, at: 1, duration: 0.012) { _ in (90, 90) }   // 2 reports, lifted at 16.7 ms
        d.pressure = nil
        d.contact(slot: 1, at: 2, duration: 0.034) { _ in (90, 90) }   // lifted at 41.7 ms
        let a = TouchAnalysis.analyze(try d.capture())
        let ghosts = a.anomalies.filter { $0.kind == "ghost-touch" }
        #expect(ghosts.count == 1)
        #expect(abs((ghosts.first?.at ?? -1) - 1) < 1e-6)
        // The line says what it judged by: the pressure against the other contacts' (40 to 45).
        #expect(ghosts.first?.detail.hasSuffix("; pressure 5, outside the other contacts' 40…45") == true, "\(ghosts)")
        #expect(check(a, "ghost-touches")?.pass == false)
        #expect(check(a, "ghost-touches")?.value == 1)
    }

    @Test("a short unmoving contact whose pressure (or touch size) lies within the other contacts' range is a quick tap, not a ghost; without either, duration decides and the line says so")
    func quickTapBySize() throws {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 0.5) { s in (50 + 20 * s, 50) }   // pressure 40 to 45
        d.pressure = 42
        d.contact(slot: 1, at: 1, duration: 0.012) { _ in (90, 90) }          // 16.7 ms at pressure 42
        let a = TouchAnalysis.analyze(try d.capture())
        #expect(!a.anomalies.contains { $0.kind == "ghost-touch" }, "\(a.anomalies)")
        #expect(check(a, "ghost-touches")?.pass == true)
        // A device with neither touch size nor pressure: the duration rule, said so.
        let evemu = "N: Bare\nA: 2f 0 9 0 0 0\nA: 35 0 4799 0 0 20\nA: 36 0 2699 0 0 20\nA: 39 0 65535 0 0 0\n"
            + "E: 1.000000 0003 0039 1\nE: 1.000000 0003 0035 100\nE: 1.000000 0003 0036 100\nE: 1.000000 0000 0000 0\n"
            + "E: 1.010000 0003 0039 -1\nE: 1.010000 0000 0000 0\n"
        let b = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(evemu.utf8), file: "bare.evemu"))
        let ghost = try #require(b.anomalies.first { $0.kind == "ghost-touch" })
        #expect(ghost.detail.contains("judged by duration and movement only"), "\(ghost.detail)")
        // A pressure that never varies (SDL's 1.0 for a panel without pressure) tells nothing:
        // the same short contact is a ghost, judged by duration.
        var c = SyntheticDevice()
        c.pressure = 1000
        c.contact(slot: 0, at: 0, duration: 0.5) { s in (50 + 20 * s, 50) }
        c.contact(slot: 1, at: 1, duration: 0.012) { _ in (90, 90) }
        let constant = TouchAnalysis.analyze(try c.capture())
        let flat = try #require(constant.anomalies.first { $0.kind == "ghost-touch" }, "\(constant.anomalies)")
        #expect(flat.detail.contains("judged by duration and movement only"), "\(flat.detail)")
        #expect(check(constant, "ghost-touches")?.pass == false)
    }

    @Test("a contact faster than 5 m/s between two reports is a jump")
    func jump() throws {
        var d = SyntheticDevice()
        // 60 mm in one report interval (8.3 ms): 7.2 m/s.
        d.contact(slot: 0, at: 0, duration: 0.5) { s in (s < 0.25 ? 40 : 100, 50) }
        let a = TouchAnalysis.analyze(try d.capture())
        let jumps = a.anomalies.filter { $0.kind == "jump" }
        #expect(jumps.count == 1)
        // A fast but real swipe, 2 m/s, is no jump.
        var e = SyntheticDevice()
        e.contact(slot: 0, at: 0, duration: 0.1) { s in (20 + 2000 * s, 50) }
        #expect(TouchAnalysis.analyze(try e.capture()).anomalies.filter { $0.kind == "jump" }.isEmpty)
    }

    @Test("a new tracking id in a slot still down is tracking-id-reuse; SYN_DROPPED is reported; a 0.2 s silence before the contact ends is no report gap")
    func protocolFaults() throws {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 0.3, lift: false, trackingID: 5) { s in (20 + 30 * s, 50) }
        d.contact(slot: 0, at: 0.5, duration: 0.3, trackingID: 6) { s in (80 + 30 * s, 50) }
        d.synDropped(at: 1.0)
        d.contact(slot: 1, at: 1.2, duration: 0.3) { s in (20 + 30 * s, 90) }
        let a = TouchAnalysis.analyze(try d.capture())
        let kinds = a.anomalies.map(\.kind)
        #expect(kinds.contains("tracking-id-reuse"))
        #expect(a.anomalies.first { $0.kind == "tracking-id-reuse" }?.trackingID == 6)
        #expect(kinds.contains("syn-dropped"))
        // 0.3 s → 0.5 s without a report, then the contact ends: no position after the
        // silence says it moved across it.
        #expect(!kinds.contains("report-gap"))
    }

    @Test("silence is not a gap: a contact that moves across a silence, moving before and after, is a report-gap; one held still, or resting before it moves, is not")
    func silenceIsNoGap() throws {
        // 120 Hz: a stroke at 50 mm/s whose reports stop for 0.2 s while it goes on moving.
        var d = SyntheticDevice(); d.noiseMM = 0
        d.contact(slot: 0, at: 0, duration: 0.5) { s in (20 + 50 * s, 40) }
        d.contact(slot: 0, at: 0.7, duration: 0.5, trackingID: 200) { s in (55 + 50 * s, 40) }   // written below as one contact
        var evemu = d.evemu
        // One contact: drop the lift of the first and the new tracking id of the second.
        let lines = evemu.split(separator: "\n").map(String.init)
        let liftAt = try #require(lines.firstIndex { $0.hasSuffix(" 0039 -1") })
        let idAt = try #require(lines.firstIndex { $0.hasSuffix(" 0039 200") })
        evemu = lines.enumerated().filter { $0.offset != liftAt && $0.offset != idAt }.map(\.element).joined(separator: "\n") + "\n"
        let a = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(evemu.utf8), file: "gap.evemu"))
        let gaps = a.anomalies.filter { $0.kind == "report-gap" }
        #expect(gaps.count == 1, "\(a.anomalies)")
        #expect(abs((gaps.first?.at ?? -1) - 0.5) < 0.01)
        #expect(gaps.first?.detail.contains("while moving") == true)

        // A finger that stops, sends nothing for 0.3 s, and goes on from where it stopped;
        // a finger resting 0.5 s after landing, then moving: no gap (the kernel sends no
        // unchanged value).
        func pad6(_ v: Int) -> String { let d = String(v); return String(repeating: "0", count: 6 - d.count) + d }
        func oneContact(_ reports: [(t: Double, mm: Double)]) -> String {
            var out = "N: One\nA: 2f 0 9 0 0 0\nA: 35 0 4799 0 0 20\nA: 36 0 2699 0 0 20\nA: 39 0 65535 0 0 0\nE: 1.000000 0003 0039 9\n"
            for r in reports {
                let us = 1_000_000 + Int((r.t * 1e6).rounded())
                let time = "\(us / 1_000_000).\(pad6(us % 1_000_000))"
                out += "E: \(time) 0003 0035 \(Int(r.mm * 20))\nE: \(time) 0003 0036 800\nE: \(time) 0000 0000 0\n"
            }
            let end = 1_000_000 + Int(((reports.last?.t ?? 0) * 1e6).rounded()) + 10_000
            return out + "E: \(end / 1_000_000).\(pad6(end % 1_000_000)) 0003 0039 -1\nE: \(end / 1_000_000).\(pad6(end % 1_000_000)) 0000 0000 0\n"
        }
        func run(from t0: Double, at mm0: Double) -> [(t: Double, mm: Double)] {
            (0..<40).map { (k: Int) -> (t: Double, mm: Double) in (t0 + Double(k) / 100, mm0 + 0.5 * Double(k)) }   // 50 mm/s
        }
        let stroke = run(from: 0, at: 20)        // to 39.5 mm at 0.39 s
        let again = run(from: 0.69, at: 39.5)    // from where it stopped
        let stopped = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(oneContact(stroke + again).utf8), file: "stop.evemu"))
        #expect(!stopped.anomalies.contains { $0.kind == "report-gap" }, "\(stopped.anomalies)")
        let resting: [(t: Double, mm: Double)] = [(0, 80)] + run(from: 0.5, at: 80)
        let rested = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(oneContact(resting).utf8), file: "rest.evemu"))
        #expect(!rested.anomalies.contains { $0.kind == "report-gap" }, "\(rested.anomalies)")
        // ... and the same finger moving on across the silence (10 mm further): a gap.
        let moved = run(from: 0.69, at: 49.5)
        let jumped = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(oneContact(stroke + moved).utf8), file: "moved.evemu"))
        #expect(jumped.anomalies.filter { $0.kind == "report-gap" }.count == 1, "\(jumped.anomalies)")

        // The limits can be changed: a silence moved across at 50 mm/s is no gap when 60 mm/s is asked.
        var limits = CheckLimits(); limits.reportGapSpeedMMPerSecond = 60
        let c = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(evemu.utf8), file: "gap.evemu"), options: AnalysisOptions(limits: limits))
        #expect(!c.anomalies.contains { $0.kind == "report-gap" })
        limits = CheckLimits(); limits.reportGapMoveMM = 20   // 10 mm moved across it
        let e = TouchAnalysis.analyze(try ContactCapture.read(bytes: Array(evemu.utf8), file: "gap.evemu"), options: AnalysisOptions(limits: limits))
        #expect(!e.anomalies.contains { $0.kind == "report-gap" })
    }

    @Test("without a resolution, figures are in pixels and the mm checks are not measured; --size-mm gives mm")
    func noResolution() throws {
        var d = Self.clean()
        d.resolution = 0
        // Positions were written at 20 units/mm, so the 4799-unit axis is 240 mm.
        let a = TouchAnalysis.analyze(try d.capture(), options: AnalysisOptions(screen: Size(width: 1920, height: 1080)))
        #expect(a.unit == "px")
        #expect(a.resolution == nil)
        #expect(check(a, "stationary-jitter")?.pass == nil)
        #expect(check(a, "finger-separation")?.pass == nil)
        let mm = TouchAnalysis.analyze(try d.capture(), options: AnalysisOptions(sizeMM: Size(width: 4799.0 / 20, height: 2699.0 / 20)))
        #expect(mm.unit == "mm")
        #expect(check(mm, "stationary-jitter")?.pass == true)
    }

    @Test("JSON has the documented keys; an undecided check's pass and value are null")
    func json() throws {
        let a = TouchAnalysis.analyze(try Self.clean().capture())
        let bytes = Array(TouchAnalysis.json([a]).utf8)
        let v = try bytes.withUnsafeBufferPointer { b in var scanner = JSONScanner(b); return try scanner.value() }
        let device = try #require(v["devices"]?.array?.first)
        #expect(device["name"]?.string == "Synthetic Panel")
        #expect(device["resolution"]?["x"]?.number == 20)
        #expect(device["contactsMax"]?.number == 5)
        #expect((device["reportRateHz"]?["p50"]?.number ?? 0) > 100)
        #expect(device["stationaryJitterMm"]?.number != nil)
        #expect(device["movingJitterMm"]?.number != nil)
        #expect(device["anomalies"]?.array?.isEmpty == true)
        let checks = try #require(device["checks"]?.array)
        #expect(checks.compactMap { $0["name"]?.string } == ["accuracy", "edge-accuracy", "stationary-jitter", "moving-jitter",
                                                              "report-rate", "contacts", "finger-separation", "ghost-touches"])
        #expect(checks[0]["pass"]?.isNull == true && checks[0]["value"]?.isNull == true)
        #expect(checks[2]["pass"] == .bool(true) && checks[2]["limit"]?.number == 0.5 && checks[2]["unit"]?.string == "mm")
    }
}

@Suite("Calibration")
struct CalibrationTests {
    static let screen = Size(width: 1920, height: 1080)
    static let targets = [Point(x: 192, y: 108), Point(x: 1728, y: 108), Point(x: 960, y: 540),
                          Point(x: 192, y: 972), Point(x: 1728, y: 972)]

    /// Taps on `targets` by a device whose normalized reading is `inverse` of the screen's
    /// normalized position (a panel mounted shifted, scaled and turned by a little).
    static func device(noiseMM: Double) -> SyntheticDevice {
        var d = SyntheticDevice(); d.noiseMM = noiseMM
        for (i, t) in targets.enumerated() {
            let sx = t.x / screen.width, sy = t.y / screen.height
            // device = inverse(screen): x_d = 0.95·x_s + 0.02·y_s + 0.03, y_d = −0.01·x_s + 1.04·y_s − 0.02
            let dx = 0.95 * sx + 0.02 * sy + 0.03, dy = -0.01 * sx + 1.04 * sy - 0.02
            let mm = (x: dx * d.widthMM, y: dy * d.heightMM)
            d.contact(slot: 0, at: Double(i), duration: 0.1) { _ in mm }
        }
        return d
    }

    @Test("calibrate recovers the inverse of a known affine error; residuals within the noise added")
    func recovers() throws {
        let d = Self.device(noiseMM: 0.1)
        let r = try Calibration.fit(try d.capture(), targets: Self.targets, screen: Self.screen)
        // The inverse of [0.95 0.02 0.03; −0.01 1.04 −0.02].
        let det = 0.95 * 1.04 - 0.02 * -0.01
        let a = 1.04 / det, b = -0.02 / det, e = 0.95 / det, dd = 0.01 / det
        let c = -(a * 0.03 + b * -0.02), f = -(dd * 0.03 + e * -0.02)
        let expected = [a, b, c, dd, e, f]
        for (got, want) in zip(r.matrix, expected) { #expect(abs(got - want) < 0.005, "\(r.matrix) vs \(expected)") }
        // ±0.1 mm of noise (mean of 13 reports) on a 240 × 135 mm panel of 1920 × 1080 px: 8 px/mm.
        #expect(r.maxResidualPx < 0.2 * 8, "\(r.residuals.map(\.px))")
        #expect(r.residuals.allSatisfy { ($0.mm ?? 9) < 0.2 })
        // Before calibration the taps were millimetres off.
        #expect(r.residuals.contains { ($0.rawMM ?? 0) > 3 })
        // Every target is 24 mm or more from the edges (10 % in on a 240 × 135 mm panel), and
        // the uncalibrated taps miss by millimetres: accuracy (1 mm) fails; no edge target.
        let accuracy = try #require(r.checks.first { $0.name == "accuracy" })
        #expect(accuracy.pass == false)
        let worst = try #require(accuracy.value)
        #expect(worst == r.residuals.compactMap(\.rawMM).max())
        #expect(r.checks.first { $0.name == "edge-accuracy" }?.pass == nil)
        #expect(r.udevRule.contains("ATTRS{name}==\"Synthetic Panel\""))
        #expect(r.udevRule.contains("ENV{LIBINPUT_CALIBRATION_MATRIX}=\""))
    }

    @Test("too few targets, targets in a line, and taps that do not pair are refused, saying why")
    func refusals() throws {
        let c = try Self.device(noiseMM: 0.1).capture()
        #expect(throws: CalibrationError.self) { try Calibration.fit(c, targets: Array(Self.targets.prefix(2)), screen: Self.screen) }
        let line = [Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 200, y: 200), Point(x: 300, y: 300), Point(x: 400, y: 400)]
        do { _ = try Calibration.fit(c, targets: line, screen: Self.screen); Issue.record("a line was accepted") } catch {
            #expect(error.description.contains("one line"))
        }
        do { _ = try Calibration.fit(c, targets: Array(Self.targets.prefix(4)), screen: Self.screen); Issue.record("5 taps for 4 targets accepted") } catch {
            #expect(error.description.contains("5 tap(s)") && error.description.contains("4 target(s)"))
        }
    }
}

@Suite("Analysis of the recordings in the test data")
struct RecordedDeviceAnalysisTests {
    /// Each fixture analysed: its contacts are the touches the importer makes of it (two readers
    /// of the same file agree), and the JSON is whole.
    @Test("every device fixture: as many contacts as the importer's touches, as many at once as its fingers", arguments: [
        "protocol-a.evemu", "protocol-b.evemu", "single-touch.evemu", "touch.yml",
    ])
    func fixtures(_ name: String) throws {
        let path = Paths.fixtures + "/import/" + name
        let capture = try ContactCapture.read(path: path)
        let a = TouchAnalysis.analyze(capture)
        let stream = try ImportedInputStream.open(path: path, window: Size(width: 800, height: 600))
        #expect(a.contactsTotal == stream.touchCount, "\(name)")
        #expect(a.contactsMax == stream.fingerCount, "\(name)")
        #expect(a.checks.count == 8)
        let bytes = Array(TouchAnalysis.json([a]).utf8)
        let v = try bytes.withUnsafeBufferPointer { b in var scanner = JSONScanner(b); return try scanner.value() }
        #expect(v["devices"]?.array?.count == 1)
    }
}
