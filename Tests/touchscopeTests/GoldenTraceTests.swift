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
        let trace = try Replay(scene: scene, recording: recording).traceText
        #expect(!trace.isEmpty)
        let path = Paths.golden(recording)
        if Self.updating {
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

    @Test("replaying the same recording twice gives the same trace", arguments: recordingScenes.map(\.recording))
    func deterministic(recording: String) throws {
        let scene = try #require(recordingScenes.first { $0.recording == recording }?.scene)
        let a = try Replay(scene: scene, recording: recording).traceText
        let b = try Replay(scene: scene, recording: recording).traceText
        #expect(a == b)
    }

    @Test("every golden trace reads back as trace records and every record re-encodes to its line")
    func goldensRoundTrip() throws {
        for (recording, _) in recordingScenes {
            let path = Paths.golden(recording)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n").map(String.init)
            let values = try TraceReader.read(text: text, file: path)
            #expect(values.count == lines.count)
            for (k, v) in values.enumerated() {
                let record = try #require(TraceReader.record(from: v), "\(path):\(k + 1): not a trace record")
                #expect(TraceWriter.line(record) == lines[k], "\(path):\(k + 1)")
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
    static let names = ["photo-pinch", "double-tap", "media"]

    @Test("the demo recordings in scenes/recordings are the tested ones, byte for byte", arguments: names)
    func identical(name: String) throws {
        let demo = try #require(FileManager.default.contents(atPath: Paths.demoRecordings + "/\(name).jsonl"))
        let tested = try #require(FileManager.default.contents(atPath: Paths.recording(name)))
        #expect(demo == tested)
    }
}
