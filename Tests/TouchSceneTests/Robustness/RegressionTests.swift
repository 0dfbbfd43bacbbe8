// Regressions: streams the property tests once shrank to, kept as recordings in
// Fixtures/regressions/ (the header's `scene` names the demo scene) or inline here.
import Foundation
import Testing
@testable import TouchCore
@testable import TouchScene

@Suite("Regressions found by the property tests")
struct RegressionTests {
    static let files: [String] = {
        let dir = Paths.fixtures + "/regressions"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }()

    @Test("the kept recordings are read from Fixtures/regressions (an unreadable folder would test none)")
    func filesFound() throws {
        let listed = try FileManager.default.contentsOfDirectory(atPath: Paths.fixtures + "/regressions").filter { $0.hasSuffix(".jsonl") }
        #expect(!listed.isEmpty)
        #expect(Self.files == listed.sorted())
    }

    @Test("each kept recording keeps every promise and replays identically", arguments: files)
    func recording(name: String) throws {
        let path = Paths.fixtures + "/regressions/" + name
        let header = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
        let sceneName = try #require(header.firstMatch(of: /"scene":"([^"]+)"/)?.1).description
        let scene = try loadDemoScene(sceneName)
        let steps = try RecordingReader(path: path).readAll().map(Step.input)
        let problems = StreamRunner.check(scene, steps)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("reload in the middle of a two-finger pinch, a finger still down moving after it")
    func reloadMidPinch() throws {
        let scene = try loadDemoScene("photo")
        let steps: [Step] = [
            .input(RawInput(t: 0, .fingerDown(finger: 1, x: 350, y: 300))),
            .input(RawInput(t: 0, .fingerDown(finger: 2, x: 450, y: 300))),
            .input(RawInput(t: 0.05, .fingerMove(finger: 2, x: 500, y: 300))),
            .reload(t: 0.1),
            .input(RawInput(t: 0.15, .fingerMove(finger: 2, x: 550, y: 300))),
            .input(RawInput(t: 0.2, .fingerUp(finger: 1, x: 350, y: 300))),
        ]
        let r = StreamRunner.run(scene, steps)
        #expect(r.problems.isEmpty, "\(r.problems)")
        #expect(!r.lines.contains { $0.hasPrefix("1 ") && $0.contains("\"began\"") }, "a finger from before the reload began a touch in the new scene")
    }
}
