// Hand-written expectations of the end-to-end traces (Expectations/NAME.expect): the decisions
// that matter in each recording, written from the recording's input, SPEC.md and the scene file,
// never from a run. A golden trace is the code's own output; these are not, so regenerating the
// goldens cannot hide a change of decision. The format is in Expectations/README.md.
import Foundation
import Testing
import TouchCore
import TouchScene

/// One recording's expectations: TouchScene's `TraceExpectation` (the checker `touchscope test`
/// uses), read from this folder, checking a replay's records.
struct Expectations {
    var expectation: TraceExpectation

    static let folder = Paths.root + "/Tests/touchscopeTests/Expectations"
    static func path(_ recording: String) -> String { folder + "/\(recording).expect" }

    /// The expected lines, in file order.
    var decisions: [ExpectedTraceLine] {
        get { expectation.lines }
        set { expectation.lines = newValue }
    }
    /// Streams checked whole: every record of them in the trace must be listed.
    var streams: Set<String> {
        get { expectation.streams }
        set { expectation.streams = newValue }
    }

    init(recording: String) throws {
        let text = try String(contentsOfFile: Self.path(recording), encoding: .utf8)
        expectation = try TraceExpectation(text: text, file: "\(recording).expect")
    }

    /// A record's stream, words and outputs in the `.expect` spelling (nil: a kind not compared).
    static func words(of record: TraceRecord) -> (stream: String, words: [String], outputs: [String: [Double]])? {
        TraceExpectation.words(of: record).map { ($0.stream, $0.words, $0.outputs) }
    }

    /// Every way `records` differs from the expectations (empty: they hold); `ordered`: the
    /// lines with a time also in the file's order across streams.
    func problems(_ records: [TraceRecord], ordered: Bool = true) -> [String] {
        expectation.problems(records.compactMap(TraceExpectation.words(of:)), ordered: ordered)
    }
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
