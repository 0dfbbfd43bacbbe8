// The parts of `touchscope test`: shards, the verdicts file, suite.yaml, the JUnit text and the
// scene reference a recording's header holds.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("Recordings as tests: the suite's parts")
struct SuiteTests {
    /// A plan of `count` items named 0, 1, ... in path order.
    private func plan(_ count: Int) -> SuitePlan {
        SuitePlan(items: (0..<count).map { SuiteItem(recording: String(format: "%03d.jsonl", $0), scene: nil, settings: [], expectation: .missing("x")) })
    }

    @Test("shards 1…N of any suite hold every recording exactly once, shard K the indexes ≡ K−1 mod N")
    func shardsPartition() {
        for count in 0...13 {
            for n in 1...6 {
                let p = plan(count)
                var seen: [String] = []
                for k in 1...n {
                    let part = p.shard(k, of: n).map(\.recording)
                    #expect(part == stride(from: k - 1, to: count, by: n).map { String(format: "%03d.jsonl", $0) })
                    seen += part
                }
                #expect(seen.sorted() == p.items.map(\.recording), "\(count) in \(n)")
            }
        }
    }

    @Test("--shard takes K/N with 1 ≤ K ≤ N, nothing else")
    func shardArgument() {
        #expect(SuitePlan.parseShard("2/4")! == (2, 4))
        #expect(SuitePlan.parseShard("1/1")! == (1, 1))
        for bad in ["0/4", "5/4", "1/0", "-1/2", "a/b", "1/2/3", "", "/", "2"] { #expect(SuitePlan.parseShard(bad) == nil, "\(bad)") }
    }

    @Test("a verdicts file reads back what it writes")
    func verdictsRoundTrip() throws {
        let e = VerdictExpectation(sequences: [
            ExpectedSequence(winners: ["doubleTap"], recognizers: [ExpectedRecognizer(id: "doubleTap", outcome: "recognized", rule: "tapCount"),
                                                                   ExpectedRecognizer(id: "singleTap", outcome: "failed", rule: "failureRequirement")]),
            ExpectedSequence(winners: [], recognizers: []),
            ExpectedSequence(winners: [], recognizers: [ExpectedRecognizer(id: "a \"quoted\" id", outcome: "undecided", rule: nil)]),
        ])
        #expect(e.text.split(separator: "\n").count == 5, "one sequence a line")
        #expect(try VerdictExpectation.parse(Array(e.text.utf8), file: "x") == e)
        #expect(try VerdictExpectation.parse(Array(VerdictExpectation(sequences: []).text.utf8), file: "x").sequences.isEmpty)
    }

    @Test("a bad verdicts file is FILE:LINE:COLUMN: what is wrong", arguments: [
        ("", "v:1:1: bad JSON: expected `{`"),
        ("{\"verdicts\": 2, \"sequences\": []}", "v:1:14: `verdicts` must be 1"),
        ("{\"sequences\": []}", "v:1:1: missing `\"verdicts\": 1`"),
        ("{\"verdicts\": 1}", "v:1:1: missing `sequences`"),
        ("{\"verdicts\": 1, \"extra\": 3, \"sequences\": []}", "v:1:17: unknown key `extra`"),
        ("{\"verdicts\": 1, \"sequences\": [\n{\"winners\": [1], \"recognizers\": []}]}", "v:2:1: sequence 1: `winners` must be a list of recognizer ids"),
        ("{\"verdicts\": 1, \"sequences\": [\n{},\n{\"winners\": [], \"recognizers\": [{\"id\": \"p\", \"outcome\": \"began\", \"rule\": 3}]}]}",
         "v:2:1: sequence 1: `winners` must be"),
        ("{\"verdicts\": 1, \"sequences\": [\n{\"winners\": [], \"recognizers\": []},\n{\"winners\": [], \"recognizers\": [{\"id\": \"p\", \"outcome\": \"began\", \"rule\": 3}]}]}",
         "v:3:1: sequence 2, recognizer 1 (p): `rule` must be null or a rule name"),
        ("{\"verdicts\": 1, \"sequences\": []} x", "v:1:34: bad JSON: unexpected text after the object"),
    ])
    func badVerdicts(text: String, message: String) {
        do {
            _ = try VerdictExpectation.parse(Array(text.utf8), file: "v")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("verdicts compared: each sequence that differs, in words; more or fewer sequences")
    func changes() {
        let won = ExpectedSequence(winners: ["doubleTap"], recognizers: [ExpectedRecognizer(id: "doubleTap", outcome: "recognized", rule: "tapCount")])
        let lost = ExpectedSequence(winners: [], recognizers: [ExpectedRecognizer(id: "doubleTap", outcome: "failed", rule: "tapInterval")])
        let e = VerdictExpectation(sequences: [won, won])
        #expect(e.changes(to: [won, won]).isEmpty)
        #expect(e.changes(to: [won, lost]) == ["sequence 2: no winner, expected doubleTap; doubleTap failed (tapInterval), expected recognized (tapCount)"])
        #expect(e.changes(to: [won]) == ["sequence 2: expected (won by doubleTap), the replay has no sequence 2"])
        #expect(e.changes(to: [won, won, lost]) == ["sequence 3: not expected, the replay has one (no winner)"])
    }

    @Test("suite.yaml: scenes, settings and expectations per recording, the folder's defaults, and located errors")
    func manifest() throws {
        let m = try SuiteManifest.parse(text: """
            scene: photo
            set: [photo.userInteraction=false]
            recordings:
              a.jsonl: double-tap
              b.jsonl: {set: [doubleTap.maximumInterval=0.45], expect: ../x/b.expect}
            """, file: "suite.yaml")
        #expect(m.entry(for: "a.jsonl").scene == "double-tap")
        #expect(m.entry(for: "b.jsonl").scene == "photo")
        #expect(m.entry(for: "b.jsonl").settings == ["photo.userInteraction=false", "doubleTap.maximumInterval=0.45"])
        #expect(m.entry(for: "b.jsonl").expect == "../x/b.expect")
        #expect(m.entry(for: "c.jsonl").scene == "photo")
        for (text, message) in [
            ("recordings: [a]", "suite.yaml:1:13: `recordings` must be a mapping"),
            ("recordings:\n  a.jsonl: {sceen: x}", "suite.yaml:2:13: unknown key `sceen`"),
            ("recordings:\n  a.jsonl: {set: [nodot]}", "suite.yaml:2:19: "),
            ("recordings:\n  a.jsonl: {expect: a.txt}", "suite.yaml:2:21: `expect` names a NAME.verdicts.json or NAME.expect file"),
            ("recordings:\n  sub/a.jsonl: x", "suite.yaml:2:3: `sub/a.jsonl`: a suite file maps the recordings of its own folder"),
            ("scenes: x", "suite.yaml:1:1: unknown key `scenes`"),
            ("a: [", "suite.yaml:"),
        ] {
            do {
                _ = try SuiteManifest.parse(text: text, file: "suite.yaml")
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.description.hasPrefix(message), "\(text): \(error.description)")
            }
        }
    }

    @Test("JUnit XML escapes what XML cannot hold as it is, and counts failures and errors")
    func junit() {
        var failed = SuiteResult(recording: "a<&>\"'.jsonl", status: .failed)
        failed.problems = ["sequence 1: won by \"x\" & <y>", "second\u{1}line"]
        var bad = SuiteResult(recording: "b.jsonl", status: .badInput)
        bad.problems = ["b.jsonl:1:1: missing header"]
        let xml = SuiteReport.junit([SuiteResult(recording: "ok.jsonl", status: .passed), failed, bad], seconds: 1.5)
        #expect(xml.contains("<testsuites tests=\"3\" failures=\"1\" errors=\"1\" time=\"1.500\">"))
        #expect(xml.contains("name=\"a&lt;&amp;&gt;&quot;&apos;.jsonl\""))
        #expect(xml.contains("<failure message=\"sequence 1: won by &quot;x&quot; &amp; &lt;y&gt;\" type=\"decisions\">sequence 1: won by &quot;x&quot; &amp; &lt;y&gt;\nsecondline</failure>"))
        #expect(xml.contains("<error message=\"b.jsonl:1:1: missing header\" type=\"badInput\">"))
        #expect(xml.contains("<testcase classname=\"touchscope.test\" name=\"ok.jsonl\" time=\"0.000\"/>"))
    }

    @Test("a scene file named relative to the recording's folder, and found again from it")
    func sceneReference() throws {
        #expect(SceneReference.relative(scene: "/a/scenes/photo.yaml", recording: "/a/runs/x/r.jsonl") == "../../scenes/photo.yaml")
        #expect(SceneReference.relative(scene: "/a/photo.yaml", recording: "/a/r.jsonl") == "photo.yaml")
        #expect(SceneReference.relative(scene: "/a/b/photo.yaml", recording: "/a/r.jsonl") == "b/photo.yaml")
        let recording = Paths.scenes + "/recordings/double-tap.jsonl"
        #expect(SceneReference.file("../double-tap.yaml", recording: recording) == Paths.scenes + "/double-tap.yaml")
        #expect(SceneReference.file("double-tap", recording: recording) == nil, "a name, for the resolver")
        #expect(SceneReference.file("..", recording: recording) == nil, "a folder is not a scene")
    }

    @Test("the header's scene field reads back; a scene that is not text is refused")
    func headerField() throws {
        let r = try RecordingReader(text: "{\"recording\":1,\"window\":[800,600],\"scene\":\"double-tap\"}\n")
        #expect(r.header.scene == "double-tap")
        #expect(RecordingWriter.headerLine(r.header) == "{\"recording\":1,\"window\":[800,600],\"scene\":\"double-tap\"}\n")
        #expect(throws: InputFileError.self) { try RecordingReader(text: "{\"recording\":1,\"window\":[800,600],\"scene\":3}\n") }
    }
}
