// The code the DocC articles show (Sources/TouchCore/TouchCore.docc), compiled and run here,
// and compared with the articles' text so the two cannot drift apart.
import Foundation
import Testing
import TouchCore

// Article code: begin
final class GestureLog: TraceSink {
    var transitions: [(String, GestureState)] = []
    func receive(_ record: consuming TraceRecord) {
        if case let .gesture(recognizer, _, _, to, _, _) = record.body {
            transitions.append((recognizer.string, to))
        }
    }
}
// Article code: end

// Article code: begin
/// A list whose check mark beats its tap: the tap waits for the check mark to fail.
@MainActor func makeList(in app: Application) -> (list: View, check: CheckmarkGestureRecognizer, tap: TapGestureRecognizer) {
    let list = View(id: "list", frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(list)
    let check = CheckmarkGestureRecognizer(id: "check")
    check.addAction("markDone", target: nil)
    let tap = TapGestureRecognizer(id: "tap")
    tap.require(toFail: check)
    list.addGestureRecognizer(check)
    list.addGestureRecognizer(tap)
    return (list, check, tap)
}
// Article code: end

@Suite("DocC articles")
struct DocCArticleTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The blocks between `// Article code: begin` and `// Article code: end` in `file`.
    static func marked(_ source: String) -> [String] {
        source.components(separatedBy: "// Article code: begin\n").dropFirst().map {
            $0.components(separatedBy: "// Article code: end\n")[0]
        }
    }

    /// The fenced Swift blocks of a Markdown text.
    static func swiftBlocks(_ markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test("Getting started shows the README's example and the trace reader, line for line")
    func gettingStarted() throws {
        let article = try Self.text("Sources/TouchCore/TouchCore.docc/GettingStarted.md")
        let readmeTest = try Self.text("Tests/TouchCoreTests/Readme/ReadmeExampleTests.swift")
        let example = readmeTest.components(separatedBy: "// README example: begin\n")[1]
            .components(separatedBy: "// README example: end\n")[0]
        #expect(article.contains("```swift\nimport TouchCore\n\n" + example + "```"))
        let here = try Self.text("Tests/TouchCoreTests/Readme/DocCArticleTests.swift")
        #expect(article.contains("```swift\n" + Self.marked(here)[0] + "```"))
    }

    @Test("the trace reader of Getting started collects the card's transitions")
    @MainActor func gestureLog() async {
        let app = Application(windowSize: Size(width: 800, height: 600))
        _ = makeCard(in: app)
        let log = GestureLog()
        app.tracer.sink = log
        tap(app, at: Point(x: 200, y: 200), time: 0)
        app.advance(to: 1)
        #expect(log.transitions.contains { $0 == ("doubleTap", .failed) })
        #expect(log.transitions.contains { $0 == ("singleTap", .recognized) })
    }

    @Test("Writing a custom recognizer shows CheckmarkGestureRecognizer's own code and a usage that compiles")
    func customRecognizer() throws {
        let article = try Self.text("Sources/TouchCore/TouchCore.docc/WritingACustomRecognizer.md")
        let checkmark = try Self.text("Sources/TouchCore/Gestures/CheckmarkGestureRecognizer.swift")
        let here = try Self.text("Tests/TouchCoreTests/Readme/DocCArticleTests.swift")
        let usage = Self.marked(here)[1]
        let blocks = Self.swiftBlocks(article)
        #expect(blocks.last == usage)
        // The other blocks, in order, are the whole class as the file has it, from its
        // declaration to its closing brace (blank lines between the pieces aside).
        let shown = blocks.dropLast().map { $0.trimmingCharacters(in: .newlines) }.joined(separator: "\n\n")
        let declaration = try #require(checkmark.range(of: "public final class CheckmarkGestureRecognizer"))
        let whole = String(checkmark[declaration.lowerBound...]).trimmingCharacters(in: .newlines)
        #expect(shown == whole, "WritingACustomRecognizer.md does not show CheckmarkGestureRecognizer.swift's class whole")
    }

    @Test("the usage: a check mark recognizes and sends its action; a tap waits for it to fail, then recognizes")
    @MainActor func checkmarkUsage() {
        let app = Application(windowSize: Size(width: 800, height: 600))
        let (list, _, _) = makeList(in: app)
        list.handledActions = ["markDone"]
        var records: [TraceRecord] = []
        app.tracer.sink = TraceCallback { records.append($0) }
        let finger = TouchKey(device: 0, finger: 1)
        app.send(.touchDown(finger, Point(x: 100, y: 100)), at: 0)
        app.send(.touchMove(finger, Point(x: 115, y: 115)), at: 0.05)
        app.send(.touchMove(finger, Point(x: 130, y: 130)), at: 0.1)
        app.send(.touchMove(finger, Point(x: 160, y: 100)), at: 0.15)
        app.send(.touchUp(finger, Point(x: 190, y: 70)), at: 0.2)
        app.advance(to: 1)
        let lines = records.map(\.description)
        #expect(lines.contains { $0.contains(#""recognizer":"check""#) && $0.contains(#""to":"recognized""#) })
        #expect(lines.contains { $0.contains(#""kind":"action""#) && $0.contains(#""action":"markDone""#) && $0.contains(#""handledBy":"list""#) })

        records.removeAll()
        app.send(.touchDown(finger, Point(x: 300, y: 200)), at: 2)
        app.send(.touchUp(finger, Point(x: 300, y: 200)), at: 2.05)
        app.advance(to: 3)
        let tapLines = records.map(\.description)
        #expect(tapLines.contains { $0.contains(#""recognizer":"check""#) && $0.contains(#""to":"failed""#) })
        #expect(tapLines.contains { $0.contains(#""recognizer":"tap""#) && $0.contains(#""to":"recognized""#) })
    }
}
