// `touchscope analyze` and `calibrate` run as a user runs them: verdicts, exit status (0 every
// measured check passed, 1 one failed, 2 bad input), JSON, and located errors.
import Foundation
import Testing
import TestSupport
import TouchCore
import TouchScene

@Suite("Command line: analyze and calibrate", .serialized)
struct AnalyzeCommandTests {
    static func write(_ d: SyntheticDevice, _ name: String) throws -> String {
        let path = Paths.temporary(name)
        try d.evemu.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func clean() -> SyntheticDevice {
        var d = SyntheticDevice()
        d.contact(slot: 0, at: 0, duration: 1.0) { _ in (60, 60) }
        d.contact(slot: 0, at: 1.5, duration: 1.0) { s in (30 + 100 * s, 80) }
        for k in 0..<5 { d.contact(slot: k, at: 3 + 0.05 * Double(k), duration: 0.6) { _ in (40 + 7 * Double(k), 100) } }
        return d
    }

    @Test("a clean panel: exit 0, every decidable check PASS, accuracy not measured")
    func clean() throws {
        let r = try CLIRun.run(["analyze", try Self.write(Self.clean(), "clean.evemu")])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("device: Synthetic Panel (evemu"))
        #expect(r.stdout.contains("resolution 20 × 20 units/mm"))
        for name in ["stationary-jitter", "moving-jitter", "report-rate", "contacts", "finger-separation", "ghost-touches"] {
            #expect(r.stdout.split(separator: "\n").contains { $0.contains("PASS") && $0.contains(" \(name) ") }, "\(name): \(r.stdout)")
        }
        #expect(r.stdout.split(separator: "\n").contains { $0.contains("not measured") && $0.contains(" accuracy ") })
    }

    @Test("--report writes one self-contained HTML page: the verdicts, four figures, the anomalies and the JSON")
    func report() throws {
        var d = Self.clean()
        d.pressure = 3   // lighter than any finger of the panel (40 to 59)
        d.contact(slot: 7, at: 5, duration: 0.012) { _ in (90, 90) }   // a ghost
        let path = try Self.write(d, "report.evemu"), html = Paths.temporary("report.html")
        let r = try CLIRun.run(["analyze", path, "--report", html, "--json"])
        #expect(r.status == 1)   // the ghost fails ghost-touches
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("<script") && !page.contains("<link") && !page.contains("src="))   // nothing to fetch
        #expect(page.components(separatedBy: "<svg").count - 1 == 4)
        #expect(page.contains("<td>ghost-touches</td><td class=\"fail\">FAIL</td>"))
        #expect(page.contains("<td>ghost-touch</td><td>7</td>"))
        let embedded = try #require(page.components(separatedBy: "<pre id=\"json\">").last?.components(separatedBy: "</pre>").first)
        #expect(embedded.replacingOccurrences(of: "&quot;", with: "\"") == r.stdout.trimmingCharacters(in: .newlines))
        // A folder is not a file to write.
        let refused = try CLIRun.run(["analyze", path, "--report", Paths.temporary("")])
        #expect(refused.status == 2)
    }

    @Test("a 25 Hz panel: exit 1, report-rate FAIL with its value, limit and margin, in text and JSON")
    func slow() throws {
        var d = SyntheticDevice(); d.rate = 25
        d.contact(slot: 0, at: 0, duration: 2) { s in (20 + 50 * s, 40) }
        let path = try Self.write(d, "slow.evemu")
        let r = try CLIRun.run(["analyze", path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL"))
        let j = try CLIRun.run(["analyze", path, "--json"])
        #expect(j.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any]
        let device = try #require((json?["devices"] as? [[String: Any]])?.first)
        let checks = try #require(device["checks"] as? [[String: Any]])
        let rate = try #require(checks.first { $0["name"] as? String == "report-rate" })
        #expect(rate["pass"] as? Bool == false)
        #expect(rate["limit"] as? Double == 60)
        #expect(abs((rate["value"] as? Double ?? 0) - 25) < 0.5)
        #expect(rate["unit"] as? String == "Hz")
        // A lower refresh rate given: the same panel passes.
        #expect(try CLIRun.run(["analyze", path, "--refresh", "24"]).status == 0)
    }

    @Test("bad input exits 2 with the file and what is wrong")
    func badInput() throws {
        let missing = try CLIRun.run(["analyze", Paths.temporary("no-such.evemu")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such.evemu"))
        let bad = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/bad/bad-type.evemu"
        let r = try CLIRun.run(["analyze", bad])
        #expect(r.status == 2)
        #expect(r.stderrLines == ["\(bad):6:13: `00zz` is not an event type (hex, 00 to 1f)"])
        #expect(try CLIRun.run(["analyze", bad, "--screen", "0x5"]).status == 2)
    }

    @Test("calibrate prints the matrix, the udev rule and the residuals; bad targets and unpaired taps exit 2")
    func calibrate() throws {
        var d = SyntheticDevice()
        let targets = [(192.0, 108.0), (1728, 108), (960, 540), (192, 972), (1728, 972)]
        for (i, t) in targets.enumerated() {
            // The device reads 3 % of its width to the right of the truth.
            let mm = (t.0 / 1920 * d.widthMM + 0.03 * d.widthMM, t.1 / 1080 * d.heightMM)
            d.contact(slot: 0, at: Double(i), duration: 0.1) { _ in mm }
        }
        let path = try Self.write(d, "taps.evemu")
        let list = targets.map { "\(Int($0.0)),\(Int($0.1))" }.joined(separator: " ")
        let r = try CLIRun.run(["calibrate", path, "--targets", list, "--screen", "1920x1080", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let matrix = try #require(json["matrix"] as? [Double])
        #expect(matrix.count == 6)
        #expect(abs(matrix[2] - -0.03) < 0.002, "\(matrix)")   // shifted back by 3 % of the width
        #expect(abs(matrix[0] - 1) < 0.002 && abs(matrix[4] - 1) < 0.002)
        #expect((json["udev"] as? String)?.contains("LIBINPUT_CALIBRATION_MATRIX") == true)
        #expect((json["residuals"] as? [[String: Any]])?.count == 5)
        #expect((json["maxResidualPx"] as? Double ?? 99) < 1)
        let text = try CLIRun.run(["calibrate", path, "--targets", list, "--screen", "1920x1080"])
        #expect(text.stdout.contains("libinput calibration matrix: "))

        let few = try CLIRun.run(["calibrate", path, "--targets", "1,1 2,2", "--screen", "1920x1080"])
        #expect(few.status == 2)
        #expect(few.stderr.contains("at least three targets"))
        let garbled = try CLIRun.run(["calibrate", path, "--targets", "1;x", "--screen", "1920x1080"])
        #expect(garbled.status == 2)
        let unpaired = try CLIRun.run(["calibrate", path, "--targets", "100,100 900,100 500,700", "--screen", "1920x1080"])
        #expect(unpaired.status == 2)
        #expect(unpaired.stderr.contains("5 tap(s) (contacts that lift within 5 mm of where they landed) for 3 target(s)"))
    }

    @Test("calibrate and analyze of a touchtest recording: its own targets, without --targets; a recording without targets is a located error")
    func touchtestRecording() throws {
        // A panel whose taps land 6 points right and 4 above each target, 5 points per mm.
        var test = TouchTest(window: Size(width: 1280, height: 800), sizeMM: Size(width: 256, height: 160), device: "Synthetic Panel")
        var t = 0.0
        for (k, target) in test.targets.enumerated() {
            test.handle(RawInput(t: t, .fingerDown(finger: k + 1, x: target.x + 6, y: target.y - 4)))
            test.handle(RawInput(t: t + 0.05, .fingerUp(finger: k + 1, x: target.x + 6, y: target.y - 4)))
            t += 0.3
        }
        let path = Paths.temporary("touchtest.jsonl")
        try test.recordingText.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLIRun.run(["calibrate", path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        // The inverse of the offset: c = -6/1280, f = +4/800.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let matrix = try #require(object["matrix"] as? [Double])
        for (got, want) in zip(matrix, [1, 0, -6.0 / 1280, 0, 1, 4.0 / 800]) { #expect(abs(got - want) < 1e-6, "\(matrix)") }
        #expect(matrix.count == 6)
        let a = try CLIRun.run(["analyze", path])
        #expect(a.status == 1)   // 7.2 points = 1.44 mm off: accuracy (±1 mm) fails
        #expect(a.stdout.split(separator: "\n").contains { $0.contains("FAIL") && $0.contains(" accuracy ") && $0.contains("1.44 mm") }, "\(a.stdout)")
        #expect(a.stdout.split(separator: "\n").contains { $0.contains("PASS") && $0.contains(" edge-accuracy ") }, "\(a.stdout)")
        let plain = Paths.temporary("plain.jsonl")
        try "{\"recording\":1,\"window\":[100,100]}\n".write(toFile: plain, atomically: true, encoding: .utf8)
        let refused = try CLIRun.run(["calibrate", plain])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("\(plain):1:1: the input carries no targets"), "\(refused.stderr)")
        #expect(try CLIRun.run(["calibrate", plain, "--targets", "1,1 50,1 1,50"]).status == 2)   // --targets without --screen
    }
}
