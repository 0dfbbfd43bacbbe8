// Hand-written expectations of the end-to-end traces (Expectations/NAME.expect): the decisions
// that matter in each recording, written from the recording's input, SPEC.md and the scene file,
// never from a run. A golden trace is the code's own output; these are not, so regenerating the
// goldens cannot hide a change of decision. The format is in Expectations/README.md.
import Foundation
import Testing
import TouchCore

/// One expected decision: a line of an `.expect` file.
struct ExpectedDecision: CustomStringConvertible {
    /// The trace time (nil: any time, written `*`).
    var t: Double?
    /// The stream the decision belongs to (`gesture`, `touches VIEW`, `control`, ...).
    var stream: String
    /// The words after the time, outputs excluded, as written (`gesture pinch possible>began`).
    var words: [String]
    /// Outputs to compare (`scale` → [1.5], `location` → [400, 300]).
    var outputs: [String: [Double]]
    /// One or more consecutive records match (a line ending in ` +`).
    var repeated: Bool
    /// Where it was written, for messages.
    var file: String
    var line: Int
    var description: String { "\(file):\(line): \(t.map { "\($0)" } ?? "*") \(words.joined(separator: " "))\(repeated ? " +" : "")" }
}

/// One recording's expectations.
struct Expectations {
    var decisions: [ExpectedDecision]
    /// Streams checked whole: every record of them in the trace must be listed.
    var streams: Set<String>

    static let folder = Paths.root + "/Tests/touchscopeTests/Expectations"
    static func path(_ recording: String) -> String { folder + "/\(recording).expect" }

    /// Streams always checked whole, so that a file that lists none says "none happened".
    static let alwaysChecked: Set<String> = ["gesture", "control", "action", "motion", "remote"]

    /// Floating-point tolerances: times are sums of the recording's times and the scene's
    /// delays (0.38 + 0.35), outputs are arithmetic on the recording's coordinates (centroids,
    /// distance ratios, atan2); both only differ from the decimal written by rounding.
    static let timeTolerance = 1e-9
    static let outputTolerance = 1e-6

    init(recording: String) throws {
        let path = Self.path(recording)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try self.init(text: text, file: "\(recording).expect")
    }

    init(text: String, file: String) throws {
        decisions = []
        streams = Self.alwaysChecked
        for (k, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var words = content.split(separator: " ").map(String.init)
            if words.isEmpty { continue }
            if words[0] == "none" {
                guard words.count >= 2 else { throw ExpectationError("\(file):\(k + 1): `none` needs a stream") }
                streams.insert(words.dropFirst().joined(separator: " "))
                continue
            }
            let repeated = words.last == "+"
            if repeated { words.removeLast() }
            let t: Double?
            if words[0] == "*" { t = nil } else {
                guard let v = Double(words[0]) else { throw ExpectationError("\(file):\(k + 1): a line starts with a time or *") }
                t = v
            }
            words.removeFirst()
            guard let kind = words.first else { throw ExpectationError("\(file):\(k + 1): no kind") }
            var outputs: [String: [Double]] = [:]
            var plain: [String] = []
            for w in words {
                if let eq = w.firstIndex(of: "=") {
                    let values = w[w.index(after: eq)...].split(separator: ",").map { Double($0) }
                    guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
                        throw ExpectationError("\(file):\(k + 1): \(w) is not key=number[,number]")
                    }
                    outputs[String(w[..<eq])] = values.compactMap { $0 }
                } else {
                    plain.append(w)
                }
            }
            let stream = (kind == "touches" || kind == "gesture") && plain.count >= 2 ? "\(kind) \(plain[1])" : kind
            streams.insert(stream)
            decisions.append(ExpectedDecision(t: t, stream: stream, words: plain, outputs: outputs, repeated: repeated,
                                              file: file, line: k + 1))
        }
    }

    /// A record's stream and words, in the `.expect` line's spelling (nil: a kind not compared).
    /// Resets to `possible` are left out: they follow from the end of each sequence.
    static func words(of record: TraceRecord) -> (stream: String, words: [String], outputs: [String: [Double]])? {
        switch record.body {
        case let .hitTest(touch, _, _, view, _):
            return ("hit", ["hit", "\(touch)", view?.string ?? "-"], [:])
        case let .touches(phase, view, touches, _):
            return ("touches \(view.string)", ["touches", view.string, phase.rawValue, touches.map(String.init).joined(separator: ",")], [:])
        case let .gesture(recognizer, _, from, to, _, o):
            if to == .possible { return nil }
            var outputs: [String: [Double]] = [:]
            if let p = o.location { outputs["location"] = [p.x, p.y] }
            if let p = o.translation { outputs["translation"] = [p.x, p.y] }
            if let s = o.scale { outputs["scale"] = [s] }
            if let r = o.rotation { outputs["rotation"] = [r] }
            if let n = o.numberOfTouches { outputs["touches"] = [Double(n)] }
            return ("gesture \(recognizer.string)", ["gesture", recognizer.string, "\(from.rawValue)>\(to.rawValue)"], outputs)
        case let .control(control, event):
            return ("control", ["control", control.string, event], [:])
        case let .action(sender, action, _, handledBy):
            return ("action", ["action", sender.string, action, handledBy?.string ?? "-"], [:])
        case let .motion(phase, subtype, view, _):
            return ("motion", ["motion", phase.rawValue, subtype, view?.string ?? "-"], [:])
        case let .remote(command, handledBy, _):
            return ("remote", ["remote", command, handledBy?.string ?? "-"], [:])
        case let .firstResponder(from, to, _):
            return ("first-responder", ["first-responder", from?.string ?? "-", to?.string ?? "-"], [:])
        case let .orientation(from, to):
            return ("orientation", ["orientation", from, to], [:])
        case .touchSample, .coalescedTouches, .failureWait, .note, .custom:
            return nil
        }
    }

    /// Whether `record` is what `d` expects: same words, time and listed outputs (outputs not
    /// listed are not compared).
    static func matches(_ d: ExpectedDecision, _ record: TraceRecord) -> String? {
        guard let (_, words, outputs) = Self.words(of: record) else { return "not a decision" }
        if words != d.words { return "got \(words.joined(separator: " "))" }
        if let t = d.t, abs(record.t - t) > timeTolerance { return "at t=\(record.t), expected t=\(t)" }
        for (key, want) in d.outputs.sorted(by: { $0.key < $1.key }) {
            guard let got = outputs[key] else { return "no \(key) in the record" }
            if got.count != want.count || zip(got, want).contains(where: { abs($0 - $1) > outputTolerance }) {
                return "\(key)=\(got.map { "\($0)" }.joined(separator: ",")), expected \(want.map { "\($0)" }.joined(separator: ","))"
            }
        }
        return nil
    }

    /// Whether the records of `stream` are checked whole.
    func isChecked(_ stream: String) -> Bool {
        streams.contains(stream) || (stream.hasPrefix("gesture ") && streams.contains("gesture"))
    }

    /// Matches one stream's lines against its records, exactly: each line one record, a `+`
    /// line one or more (as many as leave the rest matchable). Returns, for each line that is
    /// not `+`, the index of its record; nil when the stream does not match.
    static func match(_ want: [ExpectedDecision], _ got: [TraceRecord]) -> [Int: Int]? {
        let w = want.count, g = got.count
        // ok[i][k]: lines i... match records k... exactly.
        var ok = Array(repeating: Array(repeating: false, count: g + 1), count: w + 1)
        ok[w][g] = true
        for i in stride(from: w - 1, through: 0, by: -1) {
            for k in stride(from: g - 1, through: 0, by: -1) where matches(want[i], got[k]) == nil {
                ok[i][k] = ok[i + 1][k + 1] || (want[i].repeated && ok[i][k + 1])
            }
        }
        guard ok[0][0] else { return nil }
        var assignment: [Int: Int] = [:], k = 0
        for i in 0..<w {
            if !want[i].repeated { assignment[i] = k; k += 1; continue }
            // The first record, then more while the repetition can go on and the rest still match.
            k += 1
            while k < g, ok[i][k] { k += 1 }
        }
        return assignment
    }

    /// Every way `records` differs from the expectations (empty: they hold). Each stream (one
    /// recognizer's transitions, one view's touch messages, all control events, ...) must be
    /// exactly its listed lines, in order; and the lines with a time (not `+`) must come in
    /// the trace in the order the file lists them, across streams (unless not `ordered`).
    func problems(_ records: [TraceRecord], ordered: Bool = true) -> [String] {
        func show(_ r: TraceRecord) -> String {
            "t=\(r.t) " + (Self.words(of: r).map { $0.words.joined(separator: " ") } ?? "?")
        }
        var actual: [String: [Int]] = [:]
        for (k, r) in records.enumerated() {
            if let stream = Self.words(of: r)?.stream, isChecked(stream) { actual[stream, default: []].append(k) }
        }
        var expected: [String: [Int]] = [:]
        for (k, d) in decisions.enumerated() { expected[d.stream, default: []].append(k) }
        var problems: [String] = []
        var matchedAt: [Int: Int] = [:] // decision -> record, for lines that are not `+`
        for stream in Set(actual.keys).union(expected.keys).sorted() {
            let got = actual[stream] ?? [], want = expected[stream] ?? []
            if let assignment = Self.match(want.map { decisions[$0] }, got.map { records[$0] }) {
                for (n, g) in assignment { matchedAt[want[n]] = got[g] }
                continue
            }
            // No way to match: say where a plain scan breaks.
            let before = problems.count
            defer { if problems.count == before { problems.append("\(stream): the records do not match the listed lines") } }
            var k = 0
            streamLoop: for (n, di) in want.enumerated() {
                let d = decisions[di]
                guard k < got.count else { problems.append("\(d): the trace has no more \(stream) records"); break streamLoop }
                if let why = Self.matches(d, records[got[k]]) {
                    problems.append("\(d): trace record \(show(records[got[k]])): \(why)"); break streamLoop
                }
                if !d.repeated { matchedAt[di] = got[k] }
                k += 1
                if d.repeated {
                    let next = n + 1 < want.count ? decisions[want[n + 1]] : nil
                    while k < got.count, Self.matches(d, records[got[k]]) == nil,
                          next.map({ Self.matches($0, records[got[k]]) != nil }) ?? true { k += 1 }
                }
                if n == want.count - 1, k < got.count {
                    problems.append("\(stream): the trace has records the expectations do not list, from "
                                    + got[k...].prefix(3).map { show(records[$0]) }.joined(separator: "; "))
                }
            }
            if want.isEmpty, let first = got.first {
                problems.append("\(stream): the trace has records and the expectations list none, from \(show(records[first]))")
            }
        }
        // The order across streams.
        var last: (decision: Int, record: Int)?
        for di in decisions.indices where ordered {
            guard let r = matchedAt[di] else { continue }
            if let l = last, r < l.record {
                problems.append("\(decisions[di]) comes in the trace before \(decisions[l.decision])")
            }
            last = (di, r)
        }
        return problems
    }
}

struct ExpectationError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A decision-level diff of two traces: the gesture, control, action, motion, remote,
/// first-responder and orientation records (not the touch messages, hit tests or notes),
/// each line `t kind ...` with its listed outputs; `-` lines only in `old`, `+` only in `new`.
func decisionDiff(old: [TraceRecord], new: [TraceRecord]) -> [String] {
    func lines(_ rs: [TraceRecord]) -> [String] {
        rs.compactMap { r -> String? in
            guard let (stream, words, outputs) = Expectations.words(of: r), !stream.hasPrefix("touches"), stream != "hit" else { return nil }
            let o = outputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.map { "\($0)" }.joined(separator: ","))" }
            return (["\(r.t)"] + words + o).joined(separator: " ")
        }
    }
    let a = lines(old), b = lines(new)
    // Longest common subsequence, then the lines outside it.
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var out: [String] = [], i = 0, j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] { i += 1; j += 1 }
        else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] { out.append("- " + a[i]); i += 1 }
        else { out.append("+ " + b[j]); j += 1 }
    }
    return out
}

@Suite("Hand-written expectations of the recordings")
struct ExpectationTests {
    @Test("every recording has a hand-written expectation file, and every file a recording")
    func everyRecording() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Expectations.folder)
            .filter { $0.hasSuffix(".expect") }.map { String($0.dropLast(".expect".count)) }
        #expect(files.sorted() == recordingScenes.map(\.recording).sorted())
    }

    @Test("every recording's replayed trace makes the decisions its hand-written expectations list, in order",
          arguments: recordingScenes.map(\.recording))
    func expectations(recording: String) throws {
        let scene = try #require(recordingScenes.first { $0.recording == recording }?.scene)
        let expectations = try Expectations(recording: recording)
        #expect(!expectations.decisions.isEmpty, "\(recording): no decisions listed")
        let replay = try Replay(scene: scene, recording: recording)
        for p in expectations.problems(replay.records) { Issue.record("\(recording): \(p)") }
    }

    @Test("the checker refuses a trace that differs in a time, an output, the order across streams, an extra or a missing decision")
    func checkerFails() throws {
        let replay = try Replay(scene: "double-tap", recording: "double-tap")
        let good = try Expectations(recording: "double-tap")
        #expect(good.problems(replay.records).isEmpty)
        var records = replay.records
        // A later time.
        let g = try #require(records.firstIndex { if case .gesture = $0.body { return true }; return false })
        records[g].t += 0.01
        #expect(!good.problems(records).isEmpty)
        // A moved location.
        records = replay.records
        if case let .gesture(r, v, f, to, reason, o) = records[g].body {
            var o2 = o; o2.location = Point(401, 300)
            records[g].body = .gesture(recognizer: r, view: v, from: f, to: to, reason: reason, outputs: o2)
        }
        #expect(!good.problems(records).isEmpty)
        // An extra decision at the end.
        records = replay.records + [TraceRecord(t: 9, .control(control: "x", event: "touchDown"))]
        #expect(!good.problems(records).isEmpty)
        // One decision missing.
        records = replay.records; records.remove(at: g)
        #expect(!good.problems(records).isEmpty)
        // doubleTap's recognition after the pad's touchesCancelled it causes (same time, two
        // streams, each still in order on its own).
        records = replay.records
        let cancel = try #require(records.firstIndex { if case .touches(.cancelled, _, _, _) = $0.body { return true }; return false })
        let recognized = try #require(records.firstIndex { if case let .gesture(_, _, _, to, _, _) = $0.body { return to == .recognized }; return false })
        #expect(recognized < cancel)
        records.swapAt(recognized, cancel)
        #expect(good.problems(records).contains { $0.contains("comes in the trace before") }, "\(good.problems(records))")
    }
}
