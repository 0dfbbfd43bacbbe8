// touchscope test: a suite of recordings against expected verdicts (NAME.verdicts.json) or
// hand-written decisions (NAME.expect): one recording regressing, named by its line and by the
// JUnit file; shards that together run every recording exactly once; --update; bad input.
// The expected verdicts are written by hand from SPEC.md section 5 and scenes/double-tap.yaml
// (doubleTap: 2 taps; singleTap requires doubleTap to fail; the tap interval 0.35 s).
import Foundation
import Testing
@testable import TouchScopeKit
import TouchScene
import TouchCore

/// Two taps 0.12 s apart (under the 0.35 s interval), then a lone tap at 2.0.
private let doubleTaps = """
    {"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}
    {"t":0.18,"type":"finger-up","finger":1,"x":400,"y":300}
    {"t":0.3,"type":"finger-down","finger":1,"x":400,"y":300}
    {"t":0.38,"type":"finger-up","finger":1,"x":400,"y":300}
    {"t":2,"type":"finger-down","finger":1,"x":400,"y":300}
    {"t":2.08,"type":"finger-up","finger":1,"x":400,"y":300}

    """

/// Two taps 0.42 s apart (lift to landing): each a lone tap.
private let slowTaps = """
    {"t":0.1,"type":"finger-down","finger":1,"x":400,"y":300}
    {"t":0.18,"type":"finger-up","finger":1,"x":400,"y":300}
    {"t":0.6,"type":"finger-down","finger":1,"x":400,"y":300}
    {"t":0.68,"type":"finger-up","finger":1,"x":400,"y":300}

    """

/// SPEC 5: taps within the interval are the double tap, and the single tap, which waited for
/// it to fail, fails; a lone tap: the interval runs out (tapInterval) and the single tap
/// recognizes with its one tap (tapCount).
private let doubleTapVerdicts = """
    {"verdicts": 1, "sequences": [
    {"winners": ["doubleTap"], "recognizers": [{"id": "doubleTap", "outcome": "recognized", "rule": "tapCount"}, {"id": "singleTap", "outcome": "failed", "rule": "failureRequirement"}]},
    {"winners": ["doubleTap"], "recognizers": [{"id": "doubleTap", "outcome": "recognized", "rule": "tapCount"}]},
    {"winners": ["singleTap"], "recognizers": [{"id": "doubleTap", "outcome": "failed", "rule": "tapInterval"}, {"id": "singleTap", "outcome": "recognized", "rule": "tapCount"}]}
    ]}

    """

private let slowTapVerdicts = """
    {"verdicts": 1, "sequences": [
    {"winners": ["singleTap"], "recognizers": [{"id": "doubleTap", "outcome": "failed", "rule": "tapInterval"}, {"id": "singleTap", "outcome": "recognized", "rule": "tapCount"}]},
    {"winners": ["singleTap"], "recognizers": [{"id": "doubleTap", "outcome": "failed", "rule": "tapInterval"}, {"id": "singleTap", "outcome": "recognized", "rule": "tapCount"}]}
    ]}

    """

/// A fresh suite folder: the double-tap scene copied in as `scene.yaml`, and `files` (name → text).
private func suite(_ name: String, _ files: [String: String]) throws -> String {
    let dir = Paths.temporary("suite-\(name)")
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Paths.scene("double-tap"), toPath: dir + "/scene.yaml")
    for (file, text) in files {
        let path = dir + "/" + file
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return dir
}

/// A recording whose header names `scene`, with `body`'s lines.
private func recording(scene: String, _ body: String) -> String {
    "{\"recording\":1,\"window\":[800,600],\"scene\":\"\(scene)\"}\n" + body
}

/// The `<testcase>` elements of a JUnit file: each one's name and whether it holds a failure / an error.
private func testcases(_ xml: String) -> [(name: String, failure: Bool, error: Bool)] {
    xml.components(separatedBy: "<testcase ").dropFirst().map { chunk in
        let body = chunk.components(separatedBy: "</testcase>").first ?? chunk
        let name = body.components(separatedBy: " name=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
        let own = body.hasPrefix("classname") && body.contains("/>\n") && !body.contains("<failure") && !body.contains("<error")
        return (name, !own && body.contains("<failure"), !own && body.contains("<error"))
    }
}

@Suite("touchscope test")
struct TestCommandTests {
    @Test("a suite that passes, then one recording regresses: exit 1, its line says how, the JUnit file names it, the other passes")
    func regression() throws {
        let dir = try suite("regress", [
            "double.jsonl": recording(scene: "scene.yaml", doubleTaps), "double.verdicts.json": doubleTapVerdicts,
            "taps/slow.jsonl": recording(scene: "../scene.yaml", slowTaps), "taps/slow.verdicts.json": slowTapVerdicts,
        ])
        let junit = dir + "/report.xml"
        let pass = try CLIRun.run(["test", dir, "--junit", junit])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("ok    \(dir)/double.jsonl (3 sequences)\n"), "\(pass.stdout)")
        #expect(pass.stdout.contains("ok    \(dir)/taps/slow.jsonl (2 sequences)\n"), "\(pass.stdout)")
        #expect(pass.stdout.hasSuffix("2 recordings: 2 passed (") || pass.stdout.contains("\n2 recordings: 2 passed ("), "\(pass.stdout)")
        // The scene's interval cut to 0.1 s for double.jsonl: its taps 0.12 s apart are now two
        // lone taps (SPEC 5), so its first sequence goes to singleTap.
        try "recordings:\n  double.jsonl: {set: [doubleTap.maximumInterval=0.1]}\n".write(toFile: dir + "/suite.yaml", atomically: true, encoding: .utf8)
        let fail = try CLIRun.run(["test", dir, "--junit", junit])
        #expect(fail.status == 1, "\(fail.stdout)\(fail.stderr)")
        #expect(fail.stdout.contains("FAIL  \(dir)/double.jsonl: sequence 1: won by singleTap, expected doubleTap; "
                                     + "doubleTap failed (tapInterval), expected recognized (tapCount); singleTap recognized (tapCount), expected failed (failureRequirement)"),
                "\(fail.stdout)")
        #expect(fail.stdout.contains("ok    \(dir)/taps/slow.jsonl"), "\(fail.stdout)")
        #expect(fail.stdout.contains("2 recordings: 1 passed, 1 failed"), "\(fail.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"2\" failures=\"1\" errors=\"0\""), "\(xml)")
        let cases = testcases(xml)
        #expect(cases.map(\.name) == ["\(dir)/double.jsonl", "\(dir)/taps/slow.jsonl"])
        #expect(cases.map(\.failure) == [true, false], "\(xml)")
        #expect(xml.contains("<failure message=\"sequence 1: won by singleTap, expected doubleTap;"), "\(xml)")
    }

    @Test("--shard K/N for K = 1…N: together every recording exactly once, each shard the indexes ≡ K−1 mod N in path order",
          arguments: [1, 2, 3, 4])
    func shards(n: Int) throws {
        var files: [String: String] = [:]
        let names = ["a", "b", "c/d", "c/e", "f", "g", "h"]
        for name in names {
            files["\(name).jsonl"] = recording(scene: name.contains("/") ? "../scene.yaml" : "scene.yaml", slowTaps)
            files["\(name).verdicts.json"] = slowTapVerdicts
        }
        let dir = try suite("shards-\(n)", files)
        let all = names.map { "\(dir)/\($0).jsonl" }.sorted()
        var seen: [String] = []
        for k in 1...n {
            let junit = dir + "/shard-\(k).xml"
            let run = try CLIRun.run(["test", dir, "--shard", "\(k)/\(n)", "--junit", junit, "--jobs", "2"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let ran = testcases(try String(contentsOfFile: junit, encoding: .utf8)).map(\.name)
            #expect(ran == all.enumerated().filter { $0.offset % n == k - 1 }.map(\.element), "shard \(k)/\(n)")
            #expect(run.stdout.contains("shard \(k)/\(n): \(ran.count) recording"), "\(run.stdout)")
            seen += ran
        }
        #expect(seen.sorted() == all)
        #expect(Set(seen).count == seen.count)
    }

    @Test("a recording with no expectation fails and says how to make one; --update writes the verdicts SPEC calls for, then it passes")
    func update() throws {
        let dir = try suite("update", ["double.jsonl": recording(scene: "scene.yaml", doubleTaps)])
        let missing = try CLIRun.run(["test", dir])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("FAIL  \(dir)/double.jsonl: no expectation: run `touchscope test --update \(dir)/double.jsonl` to write \(dir)/double.verdicts.json"),
                "\(missing.stdout)")
        let update = try CLIRun.run(["test", dir, "--update"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.contains("wrote \(dir)/double.verdicts.json\n      new: 3 sequences\n"), "\(update.stdout)")
        let written = try VerdictExpectation.read(path: dir + "/double.verdicts.json")
        let wanted = try VerdictExpectation.parse(Array(doubleTapVerdicts.utf8), file: "hand-written")
        #expect(written == wanted)
        #expect(try CLIRun.run(["test", dir]).status == 0)
        // The scene changes: --update rewrites the file in place and prints what changed.
        try "set: [doubleTap.maximumInterval=0.1]\n".write(toFile: dir + "/suite.yaml", atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: dir + "/double.verdicts.json")[.systemFileNumber] as? Int
        let changed = try CLIRun.run(["test", dir, "--update"])
        #expect(changed.status == 0, "\(changed.stdout)\(changed.stderr)")
        #expect(changed.stdout.contains("wrote \(dir)/double.verdicts.json\n      sequence 1: won by singleTap, expected doubleTap;"), "\(changed.stdout)")
        #expect(changed.stdout.contains("      sequence 2: won by singleTap, expected doubleTap;"), "\(changed.stdout)")
        let after = try FileManager.default.attributesOfItem(atPath: dir + "/double.verdicts.json")[.systemFileNumber] as? Int
        #expect(before == after, "rewritten in place")
        #expect(try CLIRun.run(["test", dir]).status == 0)
    }

    @Test("a hand-written .expect beside the recording is checked as the repository's expectations are: a wrong time fails, naming the line")
    func traceExpectation() throws {
        let expect = try String(contentsOfFile: Paths.root + "/Tests/touchscopeTests/Expectations/double-tap.expect", encoding: .utf8)
        let body = try String(contentsOfFile: Paths.recording("double-tap"), encoding: .utf8).split(separator: "\n", maxSplits: 1)[1]
        let dir = try suite("expect", ["double.jsonl": recording(scene: "scene.yaml", String(body)), "double.expect": expect])
        let pass = try CLIRun.run(["test", dir])
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        try expect.replacingOccurrences(of: "2.43 gesture doubleTap possible>failed", with: "2.44 gesture doubleTap possible>failed")
            .write(toFile: dir + "/double.expect", atomically: true, encoding: .utf8)
        let fail = try CLIRun.run(["test", dir])
        #expect(fail.status == 1)
        #expect(fail.stdout.contains("FAIL  \(dir)/double.jsonl: \(dir)/double.expect:"), "\(fail.stdout)")
        #expect(fail.stdout.contains("2.44 gesture doubleTap possible>failed: trace record t=2.43 gesture doubleTap possible>failed: at t=2.43, expected t=2.44"),
                "\(fail.stdout)")
    }

    @Test("bad input exits 2 with FILE:LINE:COLUMN: no scene in the header, a bad verdicts file, a bad suite.yaml, a missing path, a bad --shard")
    func badInput() throws {
        let noScene = try suite("no-scene", ["a.jsonl": "{\"recording\":1,\"window\":[800,600]}\n" + slowTaps, "a.verdicts.json": slowTapVerdicts])
        let run = try CLIRun.run(["test", noScene])
        #expect(run.status == 2)
        #expect(run.stdout.contains("ERROR \(noScene)/a.jsonl:1:1: the recording names no scene: add \"scene\""), "\(run.stdout)")
        let badVerdicts = try suite("bad-verdicts", ["a.jsonl": recording(scene: "scene.yaml", slowTaps),
                                                      "a.verdicts.json": "{\"verdicts\": 1, \"sequences\": [\n{\"winners\": [], \"recognizers\": [{\"id\": \"x\", \"outcome\": \"won\"}]}\n]}\n"])
        let bad = try CLIRun.run(["test", badVerdicts])
        #expect(bad.status == 2)
        #expect(bad.stdout.contains("ERROR \(badVerdicts)/a.verdicts.json:2:1: sequence 1, recognizer 1 (x): `outcome` must be one of recognized, began,"), "\(bad.stdout)")
        let badSuite = try suite("bad-suite", ["a.jsonl": recording(scene: "scene.yaml", slowTaps), "suite.yaml": "recordings:\n  b.jsonl: scene.yaml\n"])
        let suiteRun = try CLIRun.run(["test", badSuite])
        #expect(suiteRun.status == 2)
        #expect(suiteRun.stderr.hasPrefix("\(badSuite)/suite.yaml:2:3: suite.yaml lists b.jsonl, which is not in \(badSuite)"), "\(suiteRun.stderr)")
        let missingScene = try suite("missing-scene", ["a.jsonl": recording(scene: "no-such-scene", slowTaps)])
        let sceneRun = try CLIRun.run(["test", missingScene])
        #expect(sceneRun.status == 2)
        #expect(sceneRun.stdout.contains("scene \"no-such-scene\": no such file beside the recording, nor a scene of that name in scenes/"), "\(sceneRun.stdout)")
        #expect(try CLIRun.run(["test", Paths.temporary("no-such-folder")]).status == 2)
        for shard in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
            let r = try CLIRun.run(["test", noScene, "--shard", shard])
            #expect(r.status == 2, "\(shard)")
            #expect(r.stderr.contains("--shard must be K/N"), "\(r.stderr)")
        }
    }

    @Test("a scene named in the header resolves as the command line resolves names; import --scene writes the field")
    func sceneNames() throws {
        let dir = try suite("names", ["a.jsonl": recording(scene: "double-tap", slowTaps), "a.verdicts.json": slowTapVerdicts])
        let run = try CLIRun.run(["test", dir + "/a.jsonl"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let out = dir + "/imported.jsonl"
        let imported = try CLIRun.run(["import", Paths.recordings + "/photo-pan.evemu", "--output", out, "--scene", "scenes/photo.yaml"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let header = try RecordingReader(path: out).header
        #expect(header.scene.map { SceneReference.file($0, recording: out) } == .some(Paths.scene("photo")))
        let byName = try CLIRun.run(["import", Paths.recordings + "/photo-pan.evemu", "--output", out, "--scene", "photo"])
        #expect(byName.status == 0)
        #expect(try RecordingReader(path: out).header.scene == "photo")
        let none = try CLIRun.run(["import", Paths.recordings + "/photo-pan.evemu", "--output", out, "--scene", "no-such-scene"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--scene: no scene file no-such-scene"), "\(none.stderr)")
    }

    @Test("--record's header names the scene file relative to the recording's folder")
    func recordHeader() {
        let h = LiveRecording.header(window: Size(width: 800, height: 600), scenePath: "/work/x/scenes/photo.yaml", recording: "/work/x/runs/a.jsonl")
        #expect(h.scene == "../scenes/photo.yaml")
        // The window delivers moves once per frame, so its recordings keep the instants (touchFrames).
        #expect(RecordingWriter.headerLine(h) == "{\"recording\":1,\"window\":[800,600],\"scene\":\"../scenes/photo.yaml\",\"touchFrames\":true}\n")
        #expect(LiveRecording.header(window: Size(width: 800, height: 600), scenePath: nil, recording: "a.jsonl").scene == nil)
    }
}
