// `test` for a program that builds its application in code (`circle-gesture test`): each
// recording replays into the program's own application, checked against the verdicts beside
// it; and the verdicts kept interned, each distinct one once.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("Recordings as tests: a program's own application, and verdicts kept once each")
struct SuiteApplicationTests {
    /// A pad of 800 × 600 with one tap recognizer, `tap`, built in code.
    private func session() -> SceneSession {
        SceneSession(name: "pad", window: Size(width: 800, height: 600)) { app in
            let pad = View(id: "pad", frame: Rect(x: 0, y: 0, width: 800, height: 600))
            pad.addGestureRecognizer(TapGestureRecognizer(id: "tap"))
            app.window.addSubview(pad)
        }
    }

    /// A folder with one recording (a tap: down and up 0.08 s apart, in place) and `verdicts` beside it.
    private func suite(verdicts: String) throws -> (dir: String, item: SuiteItem) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("suite-app-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
            {"recording":1,"window":[800,600]}
            {"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}
            {"t":0.18,"type":"finger-up","finger":1,"x":400,"y":300}

            """.write(toFile: dir + "/tap.jsonl", atomically: true, encoding: .utf8)
        try verdicts.write(toFile: dir + "/tap.verdicts.json", atomically: true, encoding: .utf8)
        let plan = try SuitePlan.find([dir])
        return (dir, try #require(plan.items.first))
    }

    // SPEC.md, tap: a discrete recognizer that recognizes when the finger lifts after the
    // required number of taps (1 by default) without moving past its limit; the verdict names
    // the rule that decided it, tapCount.
    @Test("a recording with no scene plays in the program's application and passes its verdicts")
    func programPasses() throws {
        let (dir, item) = try suite(verdicts: """
            {"verdicts":1,"sequences":[
            {"winners":["tap"],"recognizers":[{"id":"tap","outcome":"recognized","rule":"tapCount"}]}
            ]}

            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = SuiteRunner(resolveName: { $0 }).run(item) { session() }
        #expect(r.status == .passed, "\(r.problems)")
        #expect(r.sequences == 1)
        #expect(r.scene == "<pad>")
        // The same recording without the program's application names no scene: bad input.
        #expect(SuiteRunner(resolveName: { $0 }).run(item).status == .badInput)
    }

    @Test("a verdict the program's application does not give fails, in words")
    func programFails() throws {
        let (dir, item) = try suite(verdicts: """
            {"verdicts":1,"sequences":[
            {"winners":[],"recognizers":[{"id":"tap","outcome":"failed","rule":"tapMovement"}]}
            ]}

            """)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = SuiteRunner(resolveName: { $0 }).run(item) { session() }
        #expect(r.status == .failed)
        #expect(r.problems == ["sequence 1: won by tap, expected no winner; tap recognized (tapCount), expected failed (tapMovement)"])
    }

    @Test("suite.yaml settings are refused for a program's application: there is no scene file to change")
    func programSettingsRefused() throws {
        let (dir, item) = try suite(verdicts: "{\"verdicts\":1,\"sequences\":[]}\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var set = item
        set.settings = ["tap.taps=2"]
        let r = SuiteRunner(resolveName: { $0 }).run(set) { session() }
        #expect(r.status == .badInput)
        #expect(r.problems.first?.hasPrefix("\(item.recording):1:1: suite.yaml sets tap.taps=2 for it") == true, "\(r.problems)")
    }

    @Test("200,000 sequences of two verdicts keep two verdicts and a position each, and read back the same")
    func interned() throws {
        let won = ExpectedSequence(winners: ["doubleTap"], recognizers: [ExpectedRecognizer(id: "doubleTap", outcome: "recognized", rule: "tapCount")])
        let lost = ExpectedSequence(winners: ["singleTap"], recognizers: [ExpectedRecognizer(id: "doubleTap", outcome: "failed", rule: "tapInterval"),
                                                                         ExpectedRecognizer(id: "singleTap", outcome: "recognized", rule: "tapCount")])
        var s = InternedSequences()
        for k in 0..<200_000 { s.append(k % 3 == 0 ? won : lost) }
        #expect(s.distinct.count == 2)
        #expect(s.count == 200_000)
        #expect(s[3] == won && s[4] == lost)
        let e = VerdictExpectation(interned: s)
        let back = try VerdictExpectation.parse(Array(e.text.utf8), file: "x")
        #expect(back.interned.distinct.count == 2)
        #expect(back == e)
        var changed = s
        changed.append(won)
        #expect(e.changes(to: changed) == ["sequence 200001: not expected, the replay has one (won by doubleTap)"])
    }
}
