// The code of the article "Why didn't my gesture fire?" (TouchScene.docc), compiled and run
// here; what it prints is what the article quotes for the double-tap recording. (The
// article's `touchscope why` outputs are checked against the binary in touchscopeTests'
// WhyCommandTests.)
import Foundation
import Testing
import TouchScene

// Article code: begin
/// Adds every record of the trace to a verdict builder.
final class VerdictSink: TraceSink {
    var builder = VerdictBuilder()
    func receive(_ record: consuming TraceRecord) { builder.add(record) }
}

func printVerdicts() throws {
    let session = SceneSession(scene: try SceneLoader.load(path: "scenes/double-tap.yaml"))
    let verdicts = VerdictSink()
    session.app.tracer.sink = verdicts
    let recording = try RecordingReader(path: "scenes/recordings/double-tap.jsonl")
    try Replayer(session: session, recording: recording).run(until: nil)
    print(WhyReport.text(verdicts.builder.sequences), terminator: "")
}
// Article code: end

// Article code: begin
func printHovers(scene: String, recording path: String) throws {
    let session = SceneSession(scene: try SceneLoader.load(path: scene))
    let hovers = HoverWhy(app: session.app)
    session.app.tracer.sink = hovers
    let recording = try RecordingReader.open(path: path, window: session.scene.window)
    let replayer = Replayer(session: session, recording: recording)
    replayer.onInput = { hovers.note($0) }
    try replayer.run(until: nil)
    print(HoverWhy.text(hovers.verdicts), terminator: "")
}
// Article code: end

@Suite("Why article")
struct WhyArticleTests {
    static let articlePath = "Sources/TouchScene/TouchScene.docc/WhyDidntMyGestureFire.md"

    @Test("the article shows the code compiled here, and its double-tap output is what that code makes")
    func showsTheCode() throws {
        let article = try String(contentsOfFile: Paths.root + "/" + Self.articlePath, encoding: .utf8)
        let here = try String(contentsOfFile: Paths.root + "/Tests/TouchSceneTests/Docs/WhyArticleTests.swift", encoding: .utf8)
        let code = here.components(separatedBy: "// Article code: begin\n").dropFirst().map { $0.components(separatedBy: "// Article code: end\n")[0] }
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks == code)
        let scene = Paths.temporary("article-pen.yaml")
        try "scene: pen\nwindow: [800, 600]\nviews:\n  - {id: canvas, frame: [0, 0, 800, 600], recognizers: [{id: pencilHover, type: hover}]}\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        try printHovers(scene: scene, recording: Paths.fixtures + "/import/pen-hover.cintiq-13hd.evemu")
        try printVerdicts()
        // The same steps, with the paths from the repository root.
        let session = SceneSession(scene: try SceneLoader.load(path: Paths.scenes + "/double-tap.yaml"))
        let verdicts = VerdictSink()
        session.app.tracer.sink = verdicts
        try Replayer(session: session, recording: try RecordingReader(path: Paths.root + "/scenes/recordings/double-tap.jsonl")).run(until: nil)
        let command = "$ touchscope why scenes/double-tap.yaml scenes/recordings/double-tap.jsonl\n"
        let quoted = article.components(separatedBy: "```\n" + command).dropFirst().first?.components(separatedBy: "```")[0]
        #expect(quoted == WhyReport.text(verdicts.builder.sequences))
    }
}
