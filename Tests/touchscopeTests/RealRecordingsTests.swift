// `touchscope analyze` on recordings of real touchscreens (Tests/TouchSceneTests/Fixtures/
// import/real, README.md there names their source and licence). Every expected figure is read
// from the file itself here, not from the analysis: the device's name and axes from its `N:`
// and `A:` lines, the report rate and the report gaps from the `E:` lines' timestamps.
//
// The rule the timestamps are read by: a contact is reported in every frame (SYN_REPORT) of its
// device while it is down, since the kernel passes on only values that changed; the median
// interval is the sorted intervals' element at round((n - 1) / 2).
import Foundation
import Testing

/// An evemu recording read plainly: header and events.
struct EvemuText {
    var name = ""
    /// code -> (min, max, fuzz, resolution), from `A: code min max fuzz flat resolution`.
    var axes: [Int: (min: Int, max: Int, fuzz: Int, resolution: Int)] = [:]
    /// (microseconds, type, code, value) from `E: sec.usec type code value`.
    var events: [(us: Int64, type: Int, code: Int, value: Int)] = []

    init(path: String) throws {
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("N: ") { name = String(line.dropFirst(3)) }
            if line.hasPrefix("A: "), f.count >= 7, let code = Int(f[1], radix: 16) {
                axes[code] = (Int(f[2]) ?? 0, Int(f[3]) ?? 0, Int(f[4]) ?? 0, Int(f[6]) ?? 0)
            }
            if line.hasPrefix("E: "), f.count >= 5 {
                let parts = f[1].split(separator: ".")
                let us = (Int64(parts[0]) ?? 0) * 1_000_000 + (Int64(parts[1]) ?? 0)
                events.append((us, Int(f[2], radix: 16) ?? -1, Int(f[3], radix: 16) ?? -1, Int(f[4]) ?? 0))
            }
        }
    }

    /// One contact: slot, tracking id, the times of the frames it was down in (seconds from
    /// the first event), its positions then, and when it lifted.
    struct Contact { var slot: Int; var id: Int; var times: [Double] = []; var points: [(Int, Int)] = []; var lift: Double? }

    /// The contacts of a multitouch protocol B device, frame by frame.
    func contacts() -> [Contact] {
        let start = events.first?.us ?? 0
        var slot = 0
        var state: [Int: (id: Int, x: Int?, y: Int?, open: Int?)] = [:]
        var out: [Contact] = []
        for e in events {
            let t = Double(e.us - start) / 1e6
            switch (e.type, e.code) {
            case (3, 0x2f): slot = e.value
            case (3, 0x39):
                var s = state[slot] ?? (-1, nil, nil, nil)
                if e.value < 0 { if let k = s.open { out[k].lift = t }; s.open = nil; s.id = -1 } else { s.id = e.value }
                state[slot] = s
            case (3, 0x35): state[slot, default: (-1, nil, nil, nil)].x = e.value
            case (3, 0x36): state[slot, default: (-1, nil, nil, nil)].y = e.value
            case (0, 0):   // SYN_REPORT: every slot down with a known position is in this frame
                for k in state.keys.sorted() {
                    guard var s = state[k], s.id >= 0, let x = s.x, let y = s.y else { continue }
                    if s.open == nil { s.open = out.count; out.append(Contact(slot: k, id: s.id)) }
                    if let i = s.open { out[i].times.append(t); out[i].points.append((x, y)) }
                    state[k] = s
                }
            default: break
            }
        }
        return out
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s[Int((Double(s.count - 1) * 0.5).rounded())]
    }
}

@Suite("analyze on real touchscreen recordings", .serialized)
struct RealRecordingsTests {
    static let dir = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/real"

    /// `touchscope analyze FILE --json`: its one device.
    func analyze(_ name: String) throws -> [String: Any] {
        let r = try CLIRun.run(["analyze", Self.dir + "/" + name, "--json"])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")   // 1: a check failed, not bad input
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let devices = try #require(json["devices"] as? [[String: Any]])
        #expect(devices.count == 1)
        return try #require(devices.first)
    }

    /// The header's name, ranges and resolution are what analyze reports.
    func checkHeader(_ d: [String: Any], _ file: EvemuText) throws {
        #expect(d["name"] as? String == file.name)
        let axes = try #require(d["axes"] as? [String: [Int]])
        let x = try #require(file.axes[0x35]), y = try #require(file.axes[0x36])
        #expect(axes["x"] == [x.min, x.max] && axes["y"] == [y.min, y.max])
        if x.resolution > 0 {
            let res = try #require(d["resolution"] as? [String: Double])
            #expect(res["x"] == Double(x.resolution) && res["y"] == Double(y.resolution))
        } else {
            #expect(d["resolution"] is NSNull)
        }
    }

    /// The report rate the timestamps give: 1 / the median of every contact's frame intervals.
    func checkRate(_ d: [String: Any], _ contacts: [EvemuText.Contact]) throws -> Double {
        let intervals = contacts.flatMap { c in zip(c.times.dropFirst(), c.times).map { $0 - $1 } }.filter { $0 > 0 }
        let median = EvemuText.median(intervals)
        let rate = try #require(d["reportRateHz"] as? [String: Double])
        let p50 = try #require(rate["p50"])
        #expect(abs(p50 - 1 / median) < 1e-6 * p50, "analyze \(p50) Hz, the timestamps \(1 / median) Hz")
        #expect(abs(try #require(rate["min"]) - 1 / (intervals.max() ?? 1)) < 1e-6 * p50)
        return median
    }

    /// The anomalies, as (kind, slot, tracking id, time in ms).
    func anomalies(_ d: [String: Any]) throws -> [String] {
        try #require(d["anomalies"] as? [[String: Any]]).map { a in
            "\(a["kind"] as? String ?? "?") slot \(a["slot"] as? Int ?? -9) id \(a["trackingId"] as? Int ?? -9) at \(Int(((a["at"] as? Double ?? -1) * 1000).rounded()))"
        }.sorted()
    }

    @Test("Dell Canvas (Advanced Silicon CoolTouch): two fingers held still for 0.36 s; the device scans every 6 ms, so the rate is about 166 Hz, not the 5 Hz its two position changes would give")
    func dellCanvas() throws {
        let name = "dell-canvas-cooltouch.2-finger-hold.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        let d = try analyze(name)
        try checkHeader(d, file)
        #expect(file.name == "Advanced Silicon S.A. CoolTouch® System")
        let contacts = file.contacts()
        #expect(contacts.map(\.id) == [0, 1] && contacts.map(\.slot) == [0, 1])
        let median = try checkRate(d, contacts)
        #expect(1 / median > 150)   // frames with only MSC_TIMESTAMP in them are the device's reports
        #expect(d["contactsMax"] as? Int == 2)
        // Held still from the first frame to the lift (0.35 s and 0.36 s, over 0.3 s): the
        // stationary jitter is the largest distance of a frame's position from the mean, in mm
        // (x at 55 units/mm, y at 98). Slot 0's y moved by one unit once (21515 -> 21516).
        var expected = 0.0
        for c in contacts {
            let mm = c.points.map { (Double($0.0) / 55, Double($0.1) / 98) }
            let mx = mm.map(\.0).reduce(0, +) / Double(mm.count), my = mm.map(\.1).reduce(0, +) / Double(mm.count)
            expected = max(expected, mm.map { (($0.0 - mx) * ($0.0 - mx) + ($0.1 - my) * ($0.1 - my)).squareRoot() }.max() ?? 0)
        }
        let jitter = try #require(d["stationaryJitterMm"] as? Double)
        #expect(abs(jitter - expected) < 1e-9 && jitter < 0.011, "\(jitter) vs \(expected)")
        // No anomaly: every frame came within 8 ms, both contacts lifted, no id reused.
        #expect(try anomalies(d).isEmpty)
        // Two fingers 13.9 mm apart say nothing of 8 mm: finger-separation is not measured (not failed).
        let checks = try #require(d["checks"] as? [[String: Any]])
        let separation = try #require(checks.first { $0["name"] as? String == "finger-separation" })
        #expect(separation["pass"] is NSNull)
        let stationary = try #require(checks.first { $0["name"] as? String == "stationary-jitter" })
        #expect(stationary["pass"] as? Bool == true)
    }

    @Test("Atmel maXTouch (no resolution): two fingers; it sends no frame while nothing changes, so the still stretches are real report gaps, each found")
    func atmel() throws {
        let name = "atmel-maxtouch.2-fingers-touch-release.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        let d = try analyze(name)
        try checkHeader(d, file)
        let contacts = file.contacts()
        #expect(contacts.map(\.id) == [7, 8] && contacts.map(\.slot) == [0, 1])
        let median = try checkRate(d, contacts)
        // A gap: an interval between a contact's frames (or its last frame and its lift) longer
        // than 3 median intervals. The file has frames 13-14 ms apart while a finger moves and
        // none for up to 0.25 s while both hold still (a controller reporting changes only).
        var expected: [String] = []
        for c in contacts {
            let times = c.times + (c.lift.map { [$0] } ?? [])
            for (a, b) in zip(times, times.dropFirst()) where b - a > 3 * median {
                expected.append("report-gap slot \(c.slot) id \(c.id) at \(Int((a * 1000).rounded()))")
            }
        }
        #expect(!expected.isEmpty)
        #expect(try anomalies(d) == expected.sorted())
        #expect(d["stationaryJitterMm"] is NSNull)   // no resolution: no figure in mm
    }

    @Test("Wacom Cintiq 13HD touch: one finger at 20 Hz (about every 50 ms), touch major 84 to 127, no anomaly")
    func cintiq() throws {
        let name = "wacom-cintiq-13hd-touch-finger.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        let d = try analyze(name)
        try checkHeader(d, file)
        let contacts = file.contacts()
        #expect(contacts.map(\.id) == [1])
        let median = try checkRate(d, contacts)
        #expect(abs(median - 0.049988) < 1e-9)   // E: 0.047993, 0.100006, 0.149994: intervals 47.992, 52.013, 49.988 ms
        // E: ... 0030 0127 and 0030 0084: the touch major's range.
        #expect(d["touchMajor"] as? [Int] == [84, 127])
        // The lift 98 ms after the last frame is under 3 median intervals (150 ms): no gap.
        #expect(try anomalies(d).isEmpty)
    }
}
