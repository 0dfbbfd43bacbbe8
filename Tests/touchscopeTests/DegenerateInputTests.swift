// `analyze` and `calibrate` of degenerate devices and absurd numbers: refused with
// FILE:LINE:COLUMN (exit 2) or judged, never calibrated into a matrix that collapses the
// screen, never a negative duration, never a crash.
import Foundation
import Testing
import TestSupport

@Suite("Command line: degenerate devices and absurd numbers", .serialized)
struct DegenerateInputTests {
    /// An evemu file: a header with the given axis lines, then two taps and a stroke.
    static func evemu(axes: [String], events: String? = nil) -> String {
        var out = "# EVEMU 1.3\nN: Odd Panel\nI: 0018 056a 5256 0100\n"
        for a in axes { out += a + "\n" }
        out += events ?? """
            E: 1.000000 0003 002f 0
            E: 1.000000 0003 0039 1
            E: 1.000000 0003 0035 100
            E: 1.000000 0003 0036 100
            E: 1.000000 0000 0000 0
            E: 1.050000 0003 0039 -1
            E: 1.050000 0000 0000 0

            """
        return out
    }

    static let goodAxes = ["A: 2f 0 9 0 0 0", "A: 35 0 4799 0 0 20", "A: 36 0 2699 0 0 20", "A: 39 0 65535 0 0 0"]

    func write(_ text: String, _ name: String) throws -> String {
        let path = Paths.temporary(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("an axis whose maximum is not above its minimum (zero width, inverted) or a negative slot count: analyze and calibrate exit 2 at its line")
    func badAxes() throws {
        let cases: [(String, [String], Int, String)] = [
            ("zero-x.evemu", ["A: 2f 0 9 0 0 0", "A: 35 4799 4799 0 0 20", "A: 36 0 2699 0 0 20", "A: 39 0 65535 0 0 0"], 5,
             "axis ABS_MT_POSITION_X has an empty range (4799 to 4799)"),
            ("inverted-y.evemu", ["A: 2f 0 9 0 0 0", "A: 35 0 4799 0 0 20", "A: 36 2699 0 0 0 20", "A: 39 0 65535 0 0 0"], 6,
             "axis ABS_MT_POSITION_Y has an empty range (2699 to 0)"),
            ("slots.evemu", ["A: 2f 0 -5 0 0 0", "A: 35 0 4799 0 0 20", "A: 36 0 2699 0 0 20", "A: 39 0 65535 0 0 0"], 4,
             "axis ABS_MT_SLOT's range (0 to -5) declares -4 slots"),
        ]
        for (name, axes, line, message) in cases {
            let path = try write(Self.evemu(axes: axes), name)
            let a = try CLIRun.run(["analyze", path])
            #expect(a.status == 2, "\(name): \(a.stdout)")
            #expect(a.stderr.contains("\(path):\(line):1: \(message)"), "\(name): \(a.stderr)")
            let c = try CLIRun.run(["calibrate", path, "--targets", "10,10 100,10 10,100", "--screen", "200x200"])
            #expect(c.status == 2, "\(name): \(c.stdout)")
            #expect(c.stderr.contains("\(path):\(line):1: \(message)"), "\(name): \(c.stderr)")
            #expect(!c.stdout.contains("LIBINPUT_CALIBRATION_MATRIX"))
        }
    }

    @Test("time that goes backwards is a time-backwards anomaly with its line; no duration is negative")
    func timeBackwards() throws {
        let events = """
            E: 5.000000 0003 002f 0
            E: 5.000000 0003 0039 1
            E: 5.000000 0003 0035 100
            E: 5.000000 0003 0036 100
            E: 5.000000 0000 0000 0
            E: 5.010000 0003 0035 120
            E: 5.010000 0000 0000 0
            E: 2.000000 0003 0035 140
            E: 2.000000 0000 0000 0
            E: 2.000000 0003 0039 -1
            E: 2.000000 0000 0000 0

            """
        let path = try write(Self.evemu(axes: Self.goodAxes, events: events), "backwards.evemu")
        let r = try CLIRun.run(["analyze", path, "--json"])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let d = try #require((json["devices"] as? [[String: Any]])?.first)
        #expect(try #require(d["duration"] as? Double) >= 0)
        let anomalies = try #require(d["anomalies"] as? [[String: Any]])
        let back = try #require(anomalies.first { $0["kind"] as? String == "time-backwards" })
        #expect((back["detail"] as? String)?.hasPrefix("line 15: time goes back 3010.000 ms") == true, "\(back)")
        #expect(abs((back["at"] as? Double ?? -1) - 0.01) < 1e-9)
        let text = try CLIRun.run(["analyze", path]).stdout
        #expect(!text.contains(" -0.") && !text.contains("(evemu, -"), "\(text)")
    }

    @Test("calibrate's errors carry FILE:LINE:COLUMN: the first tap that has no target, or the first tap")
    func calibrateLocated() throws {
        var d = SyntheticDevice()
        for i in 0..<5 { d.contact(slot: 0, at: Double(i), duration: 0.1) { _ in (20 + 40 * Double(i), 30) } }
        let text = d.evemu
        let path = try write(text, "five-taps.evemu")
        // Five taps for three targets: the fourth tap (tracking id 103) is the first without one.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let fourth = try #require(lines.firstIndex { $0.hasSuffix(" 0039 103") }) + 1
        let r = try CLIRun.run(["calibrate", path, "--targets", "100,100 900,100 500,700", "--screen", "1920x1080"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(path):\(fourth):1: the input has 5 tap(s)"), "\(r.stderr)")
        // Targets on one line: at the first tap.
        let first = try #require(lines.firstIndex { $0.hasSuffix(" 0039 100") }) + 1
        let line = try CLIRun.run(["calibrate", path, "--targets", "1,1 2,2 3,3 4,4 5,5", "--screen", "1920x1080"])
        #expect(line.status == 2)
        #expect(line.stderr.contains("\(path):\(first):1: the targets lie on one line"), "\(line.stderr)")
    }

    @Test("a 3-line recording with a finger at x = 1e21, or a window of 1e-300, is judged (exit 0 or 1), never a crash")
    func absurdNumbers() throws {
        for (name, header, x) in [("far.jsonl", "[800, 600]", "1e21"), ("tiny-window.jsonl", "[1e-300, 1e-300]", "10")] {
            let text = "{\"recording\": 1, \"window\": \(header)}\n"
                + "{\"t\": 0, \"type\": \"finger-down\", \"finger\": 1, \"x\": \(x), \"y\": 10}\n"
                + "{\"t\": 0.1, \"type\": \"finger-up\", \"finger\": 1, \"x\": \(x), \"y\": 10}\n"
            let path = try write(text, name)
            let r = try CLIRun.run(["analyze", path, "--report", Paths.temporary(name + ".html")])
            #expect(r.status == 0 || r.status == 1, "\(name): status \(r.status) \(r.stderr)")
            #expect(r.stdout.contains("checks:"), "\(name)")
        }
    }
}
