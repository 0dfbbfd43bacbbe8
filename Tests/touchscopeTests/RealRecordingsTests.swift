// `touchscope analyze` on recordings of real touchscreens and tablet touch layers
// (Tests/TouchSceneTests/Fixtures/import/real; README.md there names their source and
// licence). Every expected figure is worked out here from the file itself, by a small reader
// written from the kernel's documentation, never from the code under test:
//
// - Documentation/input/multi-touch-protocol.rst, protocol B: ABS_MT_SLOT selects the slot the
//   following ABS_MT_* events are about; ABS_MT_TRACKING_ID ≥ 0 gives the slot a contact,
//   -1 removes it; SYN_REPORT closes a frame.
// - Documentation/input/event-codes.rst: a value is sent only when it changes, so a frame
//   without a slot's events is one in which that contact held still.
//
// - the same document, protocol A (no slots): each contact of a frame is its ABS_MT_* events
//   ended by SYN_MT_REPORT, every contact down in every frame (nothing is filtered), and
//   the contacts are anonymous: "Finger Tracking" says the receiver matches each frame's
//   contacts to the last frame's, a Euclidean bipartite matching. Here the matching of the
//   least total distance, tried over every assignment; a contact left over lifted, a new one
//   takes the lowest number no contact down has (its "slot"), tracking id -1.
//
// So a *report* of a contact is a frame that carries an ABS_MT_* value of its slot, and from
// the reports: contacts at once; the per-contact report rate (stretches of reports no more
// than 50 ms apart, each of at least 10 reports giving (reports − 1) / duration, the median
// over every contact's stretches); report gaps while moving (a silence longer than 3 median
// report intervals, pooled over all contacts, across which the contact moved at least 1 mm,
// or, without a resolution, max(4 × fuzz, 1 mm at 96 dpi) device units, at a speed of at
// least 10 mm/s (at 96 dpi without a resolution) over the reports just before and just after).
import Foundation
import Testing

/// An evemu recording read plainly: header and events.
struct EvemuText {
    var name = ""
    /// code -> (min, max, fuzz, resolution), from `A: code min max [fuzz [flat [resolution]]]`.
    var axes: [Int: (min: Int, max: Int, fuzz: Int, resolution: Int)] = [:]
    /// (microseconds, type, code, value) from `E: sec.usec type code value`.
    var events: [(us: Int64, type: Int, code: Int, value: Int)] = []

    init(path: String) throws {
        for raw in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if raw.hasPrefix("N: ") { name = String(raw.dropFirst(3)) }
            if line.hasPrefix("A: "), f.count >= 4, let code = Int(f[1], radix: 16) {
                axes[code] = (Int(f[2]) ?? 0, Int(f[3]) ?? 0, f.count >= 5 ? Int(f[4]) ?? 0 : 0, f.count >= 7 ? Int(f[6]) ?? 0 : 0)
            }
            if line.hasPrefix("E: "), f.count >= 5 {
                let parts = f[1].split(separator: ".")
                let us = (Int64(parts[0]) ?? 0) * 1_000_000 + (Int64(parts[1]) ?? 0)
                events.append((us, Int(f[2], radix: 16) ?? -1, Int(f[3], radix: 16) ?? -1, Int(f[4]) ?? 0))
            }
        }
    }

    /// One contact: slot, tracking id, its reports (time in seconds from the first event, and
    /// the slot's position then, nil while not stated), when it landed and lifted.
    struct Contact {
        var slot: Int, id: Int, landed: Double
        var reports: [(t: Double, x: Int?, y: Int?)] = []
        var lift: Double?
    }

    /// Whether the device speaks protocol A (its frames hold SYN_MT_REPORT).
    var protocolA: Bool { events.contains { $0.type == 0 && $0.code == 2 } }

    /// The contacts of a multitouch device, and the most down at once after a frame.
    func contacts() -> (contacts: [Contact], atOnce: Int) {
        protocolA ? contactsA() : contactsB()
    }

    /// The assignment of `new` points to `old` points (each old one to a different new one,
    /// or to none where there are fewer new ones; as many pairs as the smaller side has) of
    /// the least total distance, by trying every one: for each old point, its new point's index.
    static func closest(_ old: [(x: Int, y: Int)], _ new: [(x: Int, y: Int)]) -> [Int?] {
        var best: (cost: Double, pick: [Int?]) = (.infinity, [])
        let pairs = min(old.count, new.count)
        func search(_ i: Int, _ used: Set<Int>, _ pick: [Int?], _ cost: Double) {
            if i == old.count {
                if pick.compactMap({ $0 }).count == pairs, cost < best.cost { best = (cost, pick) }
                return
            }
            // Old point i left without a partner (only while enough old points remain to pair).
            if old.count - i > pairs - pick.compactMap({ $0 }).count { search(i + 1, used, pick + [nil], cost) }
            for j in new.indices where !used.contains(j) {
                let dx = Double(old[i].x - new[j].x), dy = Double(old[i].y - new[j].y)
                search(i + 1, used.union([j]), pick + [j], cost + (dx * dx + dy * dy).squareRoot())
            }
        }
        search(0, [], [], 0)
        return best.pick
    }

    /// Protocol A: every frame's contacts, matched to the last frame's.
    func contactsA() -> (contacts: [Contact], atOnce: Int) {
        let start = events.first?.us ?? 0
        var out: [Contact] = [], atOnce = 0
        var pending: (x: Int?, y: Int?) = (nil, nil)
        var frame: [(x: Int, y: Int)] = []
        // The contacts down: (number, index in `out`, last position).
        var down: [(number: Int, index: Int, at: (x: Int, y: Int))] = []
        for e in events {
            let t = Double(e.us - start) / 1e6
            if e.type == 3, e.code == 0x35 { pending.x = e.value }
            if e.type == 3, e.code == 0x36 { pending.y = e.value }
            if e.type == 0, e.code == 2 {   // SYN_MT_REPORT: one contact of this frame
                if let x = pending.x, let y = pending.y { frame.append((x, y)) }
                pending = (nil, nil)
            }
            if e.type == 0, e.code == 0 {   // SYN_REPORT
                let pick = Self.closest(down.map(\.at), frame)
                var next: [(number: Int, index: Int, at: (x: Int, y: Int))] = []
                for (k, c) in down.enumerated() {
                    if let j = pick[k] {
                        out[c.index].reports.append((t, frame[j].x, frame[j].y))
                        next.append((c.number, c.index, frame[j]))
                    } else {
                        out[c.index].lift = t
                    }
                }
                let continued = Set(pick.compactMap { $0 })
                for (j, p) in frame.enumerated() where !continued.contains(j) {
                    var n = 0
                    while next.contains(where: { $0.number == n }) { n += 1 }
                    out.append(Contact(slot: n, id: -1, landed: t, reports: [(t, p.x, p.y)]))
                    next.append((n, out.count - 1, p))
                }
                down = next
                frame = []
                atOnce = max(atOnce, down.count)
            }
        }
        return (out, atOnce)
    }

    /// Protocol B: by slot and tracking id.
    func contactsB() -> (contacts: [Contact], atOnce: Int) {
        let start = events.first?.us ?? 0
        var slot = 0, atOnce = 0
        var id: [Int: Int] = [:], x: [Int: Int] = [:], y: [Int: Int] = [:], open: [Int: Int] = [:]
        var carried = Set<Int>()
        var out: [Contact] = []
        for e in events {
            let t = Double(e.us - start) / 1e6
            if e.type == 3, e.code == 0x2f { slot = e.value; continue }
            if e.type == 3, (0x30...0x3d).contains(e.code) {
                carried.insert(slot)
                switch e.code {
                case 0x39:
                    if e.value < 0 {
                        if let k = open[slot] { out[k].lift = t }
                        open[slot] = nil; id[slot] = nil
                    } else {
                        id[slot] = e.value
                        open[slot] = out.count
                        out.append(Contact(slot: slot, id: e.value, landed: t))
                    }
                case 0x35: x[slot] = e.value
                case 0x36: y[slot] = e.value
                default: break
                }
            }
            if e.type == 0, e.code == 0 {   // SYN_REPORT
                for s in carried.sorted() { if let k = open[s] { out[k].reports.append((t, x[s], y[s])) } }
                carried.removeAll()
                atOnce = max(atOnce, open.count)
            }
        }
        return (out, atOnce)
    }

    static func median(_ v: [Double]) -> Double? {
        guard !v.isEmpty else { return nil }
        let s = v.sorted()
        return s[Int((Double(s.count - 1) * 0.5).rounded())]
    }

    /// The rates of the stretches (reports no more than 50 ms apart, at least 10 reports).
    static func stretchRates(_ times: [Double]) -> [Double] {
        var rates: [Double] = [], i = 0
        while i < times.count {
            var j = i
            while j + 1 < times.count, times[j + 1] - times[j] <= 0.050 { j += 1 }
            if j - i + 1 >= 10, times[j] > times[i] { rates.append(Double(j - i) / (times[j] - times[i])) }
            i = j + 1
        }
        return rates
    }

    /// Millimetres (or, without a resolution, device units) per device unit, and the least
    /// movement and speed of a report gap in them.
    func gapLimits() -> (perUnitX: Double, perUnitY: Double, move: Double, speed: Double) {
        let ax = axes[0x35], ay = axes[0x36]
        if let ax, let ay, ax.resolution > 0, ay.resolution > 0 {
            return (1 / Double(ax.resolution), 1 / Double(ay.resolution), 1, 10)
        }
        let px = 96 / 25.4
        return (1, 1, max(px, 4 * Double(max(ax?.fuzz ?? 0, ay?.fuzz ?? 0))), 10 * px)
    }

    /// The report gaps while moving, as "report-gap slot S id I at MS" (ms from the start).
    func movingGaps(_ contacts: [Contact]) -> (gaps: [String], silences: Int) {
        let placed = contacts.map { c in c.reports.compactMap { r in r.x.flatMap { x in r.y.map { (t: r.t, x: x, y: $0) } } } }
        let pooled = placed.flatMap { r in zip(r.dropFirst(), r).map { $0.t - $1.t }.filter { $0 > 0 } }
        guard let median = Self.median(pooled) else { return ([], 0) }
        let g = gapLimits()
        func d(_ a: (t: Double, x: Int, y: Int), _ b: (t: Double, x: Int, y: Int)) -> Double {
            let dx = Double(b.x - a.x) * g.perUnitX, dy = Double(b.y - a.y) * g.perUnitY
            return (dx * dx + dy * dy).squareRoot()
        }
        var gaps: [String] = [], silences = 0
        for (c, r) in zip(contacts, placed) where r.count >= 2 {
            for k in 1..<r.count where r[k].t - r[k - 1].t > 3 * median {
                silences += 1
                guard k >= 2, k + 1 < r.count, r[k - 1].t > r[k - 2].t, r[k + 1].t > r[k].t else { continue }
                let before = d(r[k - 2], r[k - 1]) / (r[k - 1].t - r[k - 2].t), after = d(r[k], r[k + 1]) / (r[k + 1].t - r[k].t)
                if d(r[k - 1], r[k]) >= g.move, before >= g.speed, after >= g.speed {
                    gaps.append("report-gap slot \(c.slot) id \(c.id) at \(Int((r[k - 1].t * 1000).rounded()))")
                }
            }
        }
        return (gaps.sorted(), silences)
    }
}

@Suite("analyze on real touchscreen recordings", .serialized)
struct RealRecordingsTests {
    static let dir = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/real"
    static let files = [
        "atmel-maxtouch.1-finger-fast-taps.evemu", "atmel-maxtouch.2-fingers-touch-release.evemu", "atmel-maxtouch.4-finger-drag-down.evemu",
        "dell-canvas-cooltouch.2-finger-hold.evemu", "eeti-ep0430m09.2-fingers-touch-release.evemu", "elan-cando.1-finger-drag-up-down.evemu",
        "n-trig-multitouch.2-fingers-touch-release.evemu",
        "quanta-optical.touch-on-left.evemu", "wacom-bamboo-16fg-finger.double-tap.evemu", "wacom-cintiq-13hd-touch-finger.evemu",
        "wacom-dth2242-finger.6-fingers.evemu", "wacom-intuos5-touch-m-finger.double-tap.evemu", "wacom-isdv4-e6-finger.2fg-tap.evemu",
        "wacom-isdv4-e6-finger.single-center-scroll.evemu",
    ]

    /// `touchscope analyze FILE --json`: its one device.
    func analyze(_ name: String) throws -> [String: Any] {
        let r = try CLIRun.run(["analyze", Self.dir + "/" + name, "--json"])
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")   // 1: a check failed, not bad input
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let devices = try #require(json["devices"] as? [[String: Any]])
        #expect(devices.count == 1)
        return try #require(devices.first)
    }

    /// The anomalies, as (kind, slot, tracking id, time in ms).
    func anomalies(_ d: [String: Any]) throws -> [String] {
        try #require(d["anomalies"] as? [[String: Any]]).map { a in
            "\(a["kind"] as? String ?? "?") slot \(a["slot"] as? Int ?? -9) id \(a["trackingId"] as? Int ?? -9) at \(Int(((a["at"] as? Double ?? -1) * 1000).rounded()))"
        }.sorted()
    }

    func check(_ d: [String: Any], _ name: String) throws -> [String: Any] {
        try #require((d["checks"] as? [[String: Any]])?.first { $0["name"] as? String == name })
    }

    @Test("every recording: the header's name and axes, contacts at once and in all, the per-contact report rate, report gaps only while moving, no stuck or ghost touch", arguments: files)
    func figures(_ name: String) throws {
        let file = try EvemuText(path: Self.dir + "/" + name)
        let d = try analyze(name)
        #expect(d["name"] as? String == file.name)
        let axes = try #require(d["axes"] as? [String: [Int]])
        let x = try #require(file.axes[0x35]), y = try #require(file.axes[0x36])
        #expect(axes["x"] == [x.min, x.max] && axes["y"] == [y.min, y.max])

        let (contacts, atOnce) = file.contacts()
        #expect(d["contactsMax"] as? Int == atOnce, "\(name)")
        #expect(d["contactsTotal"] as? Int == contacts.count, "\(name)")

        // The per-contact report rate: the median over every contact's stretches.
        let rates = contacts.flatMap { EvemuText.stretchRates($0.reports.filter { $0.x != nil && $0.y != nil }.map(\.t)) }
        let rate = try check(d, "report-rate")
        if let median = EvemuText.median(rates) {
            let p50 = try #require((d["reportRateHz"] as? [String: Any])?["p50"] as? Double)
            #expect(abs(p50 - median) < 1e-6 * median, "\(name): analyze \(p50) Hz, the file \(median) Hz")
            #expect((d["reportRateHz"] as? [String: Any])?["stretches"] as? Int == rates.count)
            #expect(rate["pass"] as? Bool == (median >= 60))
        } else {
            #expect(d["reportRateHz"] is NSNull, "\(name)")
            #expect(rate["pass"] is NSNull && rate["value"] is NSNull, "\(name)")
            #expect((rate["note"] as? String ?? "").contains("at least 10 needed"))
        }

        // Report gaps while moving, and nothing else: no stuck touch (every contact lifts),
        // no ghost (no contact shorter than 30 ms), no reused id in these recordings.
        #expect(contacts.allSatisfy { $0.lift != nil })
        let (gaps, _) = file.movingGaps(contacts)
        #expect(try anomalies(d) == gaps, "\(name)")
    }

    @Test("Wacom DTH2242, six fingers in staggered frames: each contact reports about 105 Hz; the device's frames (123 Hz) are shown beside it, named as such")
    func dth2242() throws {
        let name = "wacom-dth2242-finger.6-fingers.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        let d = try analyze(name)
        let (contacts, atOnce) = file.contacts()
        #expect(atOnce == 6)
        let rates = contacts.flatMap { EvemuText.stretchRates($0.reports.map(\.t)) }
        let median = try #require(EvemuText.median(rates))
        #expect(median > 100 && median < 125, "\(median)")
        // The frames of the device while a finger is down come faster than any one contact's.
        let frame = try #require((d["frameRateHz"] as? [String: Any])?["p50"] as? Double)
        #expect(frame > median * 1.1, "\(frame) vs \(median)")
        #expect(abs(try #require(check(d, "report-rate")["value"] as? Double) - median) < 1e-6 * median)
    }

    @Test("N-Trig, protocol A (no slots): the second finger is listed first in its frames, yet each contact keeps its own reports, with no jump; two contacts, two at once")
    func nTrigProtocolA() throws {
        let name = "n-trig-multitouch.2-fingers-touch-release.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        #expect(file.protocolA)
        let (contacts, atOnce) = file.contacts()
        #expect(atOnce == 2 && contacts.count == 2)
        // The first finger rests near (1590, 6100) until it lifts; the second near (7190, 2180).
        let first = contacts[0].reports.compactMap(\.x), second = contacts[1].reports.compactMap(\.x)
        #expect(first.allSatisfy { abs($0 - 1590) < 100 } && second.allSatisfy { abs($0 - 7190) < 100 })
        // The second lands while the first is down, the first lifts before the second.
        let secondLands = contacts[1].landed, firstLifts = try #require(contacts[0].lift)
        #expect(secondLands > 1.27 && secondLands < 1.28 && firstLifts > 1.92 && firstLifts < 1.93)
        #expect(try #require(contacts[1].lift) > firstLifts)
        let d = try analyze(name)
        #expect(d["contactsMax"] as? Int == 2 && d["contactsTotal"] as? Int == 2)
        // Matching by the order within the frame would join the fingers 5600 units apart: a jump.
        let found = try anomalies(d)
        #expect(found.isEmpty, "\(found)")
        // Each contact's own report rate (the reports of protocol A: every frame it is down).
        let fingers = try #require(d["fingers"] as? [[String: Any]])
        let expected = contacts.compactMap { c in EvemuText.median(EvemuText.stretchRates(c.reports.map(\.t))).map { (c.slot, $0) } }
        #expect(fingers.count == expected.count)
        for (f, (slot, rate)) in zip(fingers, expected) {
            #expect(f["slot"] as? Int == slot)
            let p50 = try #require((f["reportRateHz"] as? [String: Any])?["p50"] as? Double)
            #expect(abs(p50 - rate) < 1e-6 * rate, "slot \(slot): analyze \(p50) Hz, the file \(rate) Hz")
        }
    }

    @Test("Wacom Intuos5 two-finger tap: the second slot gets a tracking id and only a Y: two contacts, one without a position, said so")
    func intuosUnplaced() throws {
        let name = "wacom-intuos5-touch-m-finger.double-tap.evemu"
        let (contacts, atOnce) = try EvemuText(path: Self.dir + "/" + name).contacts()
        #expect(atOnce == 2 && contacts.count == 2)
        #expect(contacts[1].reports.allSatisfy { $0.x == nil })   // slot 1: never an X
        let d = try analyze(name)
        #expect(d["contactsMax"] as? Int == 2)
        #expect(d["contactsWithoutPosition"] as? Int == 1)
        let text = try CLIRun.run(["analyze", Self.dir + "/" + name]).stdout
        #expect(text.contains("contacts: 2 at once, 2 in all") && text.contains("1 whose position the recording never states"), "\(text)")
    }

    @Test("Quanta optical: a finger resting 0.48 s before it moves sends nothing: no report gap, though the silence is longer than 3 median intervals")
    func quantaRest() throws {
        let name = "quanta-optical.touch-on-left.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        let (contacts, _) = file.contacts()
        let first = try #require(contacts.first?.reports)
        #expect(first[1].t - first[0].t > 0.47)
        #expect(file.movingGaps(contacts).silences >= 1)
        #expect(try anomalies(try analyze(name)).isEmpty)
    }

    @Test("Atmel maXTouch and ELAN: their silences (fingers held still, a stroke turning back) are no report gaps")
    func silencesAreNoGaps() throws {
        for name in ["atmel-maxtouch.2-fingers-touch-release.evemu", "elan-cando.1-finger-drag-up-down.evemu"] {
            let file = try EvemuText(path: Self.dir + "/" + name)
            let (contacts, _) = file.contacts()
            #expect(file.movingGaps(contacts).silences >= 1, "\(name)")
            #expect(try anomalies(try analyze(name)).isEmpty, "\(name)")
        }
    }

    @Test("quick taps (Wacom ISDv4 two-finger tap, Atmel fast taps): report-rate is not measured (pass null) with what it had and needs, never FAIL")
    func quickTaps() throws {
        for name in ["wacom-isdv4-e6-finger.2fg-tap.evemu", "atmel-maxtouch.1-finger-fast-taps.evemu"] {
            let rate = try check(try analyze(name), "report-rate")
            #expect(rate["pass"] is NSNull, "\(name): \(rate)")
            let note = rate["note"] as? String ?? ""
            #expect(note.contains("reports in the longest stretch") && note.contains("at least 10 needed"), "\(note)")
        }
    }

    @Test("Dell Canvas, two fingers held still: stationary jitter from the reports (a still contact's silence counts as held), no anomaly")
    func dellCanvas() throws {
        let name = "dell-canvas-cooltouch.2-finger-hold.evemu"
        let file = try EvemuText(path: Self.dir + "/" + name)
        let d = try analyze(name)
        #expect(file.name == "Advanced Silicon S.A. CoolTouch® System")
        let (contacts, _) = file.contacts()
        #expect(contacts.map(\.id) == [0, 1] && contacts.map(\.slot) == [0, 1])
        // Held still from landing to the lift (0.35 s and 0.36 s, over 0.3 s): the stationary
        // jitter is the largest distance of a report from the mean of the contact's reports, in
        // mm (x at 55 units/mm, y at 98).
        var expected = 0.0
        for c in contacts {
            let mm = c.reports.compactMap { r in r.x.flatMap { x in r.y.map { (Double(x) / 55, Double($0) / 98) } } }
            let mx = mm.map(\.0).reduce(0, +) / Double(mm.count), my = mm.map(\.1).reduce(0, +) / Double(mm.count)
            expected = max(expected, mm.map { (($0.0 - mx) * ($0.0 - mx) + ($0.1 - my) * ($0.1 - my)).squareRoot() }.max() ?? 0)
        }
        let jitter = try #require(d["stationaryJitterMm"] as? Double)
        #expect(abs(jitter - expected) < 1e-9 && jitter < 0.011, "\(jitter) vs \(expected)")
        #expect(try anomalies(d).isEmpty)
        #expect(try check(d, "finger-separation")["pass"] is NSNull)   // 13.9 mm apart says nothing of 8 mm
        #expect(try check(d, "stationary-jitter")["pass"] as? Bool == true)
        // Its frames (MSC_TIMESTAMP every 6 ms) are the device's frame rate, not a contact's reports.
        #expect(try #require((d["frameRateHz"] as? [String: Any])?["p50"] as? Double) > 150)
    }
}
