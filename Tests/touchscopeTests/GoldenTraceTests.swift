// Golden traces: every recording's headless trace, committed and compared byte for byte.
//
// Regenerate after an intended behaviour change with
//     TOUCHSCOPE_UPDATE_GOLDEN=1 swift test --filter touchscopeTests.GoldenTraceTests
// then read the diff: a golden is a contract, not a snapshot to bless.
import Foundation
import Testing
import TouchCore
import TouchScene

@Suite("Golden traces")
struct GoldenTraceTests {
    static var updating: Bool { ProcessInfo.processInfo.environment["TOUCHSCOPE_UPDATE_GOLDEN"] == "1" }

    @Test("every recording replays to its golden trace, byte for byte",
          arguments: recordingScenes.map(\.recording))
    func golden(recording: String) throws {
        let scene = try #require(recordingScenes.first { $0.recording == recording }?.scene)
        let replay = try Replay(scene: scene, recording: recording)
        let trace = replay.traceText
        #expect(!trace.isEmpty)
        let path = Paths.golden(recording)
        if Self.updating {
            // Say which decisions change, and refuse to write a trace that breaks the
            // hand-written expectations (Expectations/NAME.expect): those change by hand only.
            let old = try Self.records(ofGolden: path, missingIsEmpty: true)
            // Both sides as the file holds them (numbers rounded as the writer writes them).
            let new = try TraceReader.read(text: trace, file: path).map { v in try #require(TraceReader.record(from: v)) }
            let diff = decisionDiff(old: old, new: new)
            if !diff.isEmpty { print("\(recording): decisions that change\n" + diff.map { "  " + $0 }.joined(separator: "\n")) }
            let problems = try Expectations(recording: recording).problems(replay.records)
            guard problems.isEmpty else {
                Issue.record("""
                    \(recording): not writing \(path): the trace breaks its hand-written expectations \
                    (Tests/touchscopeTests/Expectations/\(recording).expect):
                    \(problems.joined(separator: "\n"))
                    Change the expectation by hand first if the new behaviour is the one SPEC.md asks for.
                    """)
                return
            }
            try FileManager.default.createDirectory(atPath: Paths.golden, withIntermediateDirectories: true)
            try trace.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try #require(FileManager.default.contents(atPath: path),
                                    "missing golden \(path): run with TOUCHSCOPE_UPDATE_GOLDEN=1")
        let actual = Data(trace.utf8)
        if actual != expected {
            let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let got = trace.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
            let line = { (a: [Substring]) in first < a.count ? String(a[first]) : "<end of file>" }
            Issue.record("""
                \(recording): trace differs from \(path) at line \(first + 1)
                  golden: \(line(want))
                  actual: \(line(got))
                (TOUCHSCOPE_UPDATE_GOLDEN=1 regenerates; read the diff before committing)
                """)
        }
    }

    /// The records of a golden trace file (none when it does not exist and `missingIsEmpty`).
    static func records(ofGolden path: String, missingIsEmpty: Bool = false) throws -> [TraceRecord] {
        if missingIsEmpty && !FileManager.default.fileExists(atPath: path) { return [] }
        return try TraceReader.read(path: path).map { v in try #require(TraceReader.record(from: v), "\(path): \(v)") }
    }

    @Test("the decision diff names the gesture, control and action records that change, and nothing else")
    func decisionDiffNamesChanges() throws {
        let golden = try Self.records(ofGolden: Paths.golden("double-tap"))
        #expect(decisionDiff(old: golden, new: golden).isEmpty)
        var changed = golden
        let k = try #require(changed.firstIndex { if case let .gesture(_, _, _, to, _, _) = $0.body { return to == .recognized }; return false })
        changed[k].t = 0.4
        changed.append(TraceRecord(t: 3, .action(sender: "pad", action: "extra", target: nil, handledBy: nil)))
        // A touch message that changes is not a decision the diff lists.
        changed.removeAll { if case .touches = $0.body { return true }; return false }
        let diff = decisionDiff(old: golden, new: changed)
        #expect(diff == [
            "- 0.38 gesture doubleTap possible>recognized location=400.0,300.0 touches=0.0",
            "+ 0.4 gesture doubleTap possible>recognized location=400.0,300.0 touches=0.0",
            "+ 3.0 action pad extra -",
        ], "\(diff)")
    }

    @Test("replaying the same recording twice gives the same trace", arguments: recordingScenes.map(\.recording))
    func deterministic(recording: String) throws {
        let scene = try #require(recordingScenes.first { $0.recording == recording }?.scene)
        let a = try Replay(scene: scene, recording: recording).traceText
        let b = try Replay(scene: scene, recording: recording).traceText
        #expect(a == b)
    }

    @Test("every golden trace reads back as trace records (failure waits as failure waits) and every record re-encodes to its line")
    func goldensRoundTrip() throws {
        for (recording, _) in recordingScenes {
            let path = Paths.golden(recording)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.isEmpty, "\(path) is empty")
            let lines = text.split(separator: "\n").map(String.init)
            let values = try TraceReader.read(text: text, file: path)
            #expect(values.count == lines.count)
            for (k, v) in values.enumerated() {
                let record = try #require(TraceReader.record(from: v), "\(path):\(k + 1): not a trace record")
                #expect(TraceWriter.line(record) == lines[k], "\(path):\(k + 1)")
                if case let .note(topic, text) = record.body {
                    #expect(!(topic == "gesture" && text.string.contains(" blocked until ")), "\(path):\(k + 1): a failure wait read as a note")
                }
            }
        }
    }

    @Test("no golden trace notes an illegal recognizer transition")
    func noIllegalTransitions() throws {
        let legal: Set<String> = [
            "possible>began", "possible>recognized", "possible>failed", "began>changed", "began>ended",
            "began>cancelled", "changed>changed", "changed>ended", "changed>cancelled",
            "recognized>possible", "ended>possible", "cancelled>possible", "failed>possible",
        ]
        for (recording, scene) in recordingScenes {
            let replay = try Replay(scene: scene, recording: recording)
            for r in replay.records {
                if case let .gesture(id, _, from, to, _, _) = r.body {
                    #expect(legal.contains("\(from.rawValue)>\(to.rawValue)"), "\(recording): \(id) \(from) -> \(to) at \(r.t)")
                }
                if case let .note(topic, text) = r.body {
                    #expect(!text.string.lowercased().contains("illegal"), "\(recording): note \(topic): \(text)")
                }
            }
        }
    }
}

@Suite("Demo recordings (scenes/recordings)")
struct DemoRecordingTests {
    static let names = ["photo-pinch", "double-tap", "media", "swipe-pan", "long-press-early", "double-tap-slow"]

    @Test("the demo recordings in scenes/recordings are the tested ones, byte for byte", arguments: names)
    func identical(name: String) throws {
        let demo = try #require(FileManager.default.contents(atPath: Paths.demoRecordings + "/\(name).jsonl"))
        let tested = try #require(FileManager.default.contents(atPath: Paths.recording(name)))
        #expect(demo == tested)
    }
}
