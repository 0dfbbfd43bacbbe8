// The code the TouchScene DocC article and docs/library.md show (the registered types' sample,
// the session example), compiled and run here, and compared with their text so they
// cannot drift apart. The sample is also compiled in Examples/CircleGesture against that
// package's real CircleGestureRecognizer (make test builds it); here a stand-in with the
// same API lets the same lines compile and load the article's scene.
import Foundation
import Testing
import TouchScene

/// Examples/CircleGesture's recognizer's API (its circle detection is not needed to load
/// and build a scene).
final class CircleGestureRecognizer: DiscreteGestureRecognizer {
    var minimumTurn = 300.0
    var minimumRadius = 40.0
    override init(id: String) { super.init(id: id) }
}

// Article code: begin
import TouchScene

/// A dial of your own: each tap inside turns it a quarter, up to 1 (`valueChanged`).
final class Dial: Control {
    private(set) var value: Double
    init(id: String, frame: Rect, value: Double) {
        self.value = value
        super.init(id: id, frame: frame)
    }
    override func endTracking(_ touch: Touch, with event: Event) {
        guard isTouchInside else { return }
        value = min(1, value + 0.25)
        sendActions(for: .valueChanged)
    }
}

func knobTypes() -> SceneTypes {
    var types = SceneTypes()                          // the built-in types, and checkmark
    types.register(recognizer: "circle") { p in       // when a scene loads: read the parameters
        let radius = p.number("radius", default: 40, min: 10)
        let turns = p.number("turns", default: 1, min: 0.5, max: 5)
        return { id in                                // when the scene is built
            let circle = CircleGestureRecognizer(id: id)   // Examples/CircleGesture's
            circle.minimumRadius = radius
            circle.minimumTurn = turns * 360
            return circle
        }
    }
    types.register(control: "dial") { p in            // register(view:) for a view that is not a control
        let value = p.number("value", default: 0, min: 0, max: 1)
        return { id, frame in Dial(id: id, frame: frame, value: value) }
    }
    return types
}

func openKnobs() throws -> SceneSession {
    SceneSession(scene: try SceneLoader.load(path: "knobs.yaml", types: knobTypes()))
}
// Article code: end

/// The article's session example, as it shows it (its path is relative to the package's
/// root, where `swift test` runs).
@discardableResult
func articleSessionExample() throws -> SceneSession {
    // Session example: begin
    let session = SceneSession(scene: try SceneLoader.load(path: "scenes/photo.yaml"))
    session.app.tracer.sink = TraceCallback { print($0) }   // each record's JSON line
    session.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 400, y: 300)))
    session.advance(to: 1)
    // Session example: end
    return session
}

@Suite("TouchScene DocC article")
struct TouchSceneDocCArticleTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let articlePath = "Sources/TouchScene/TouchScene.docc/SceneFilesAndRegisteredTypes.md"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The article's fenced block of `language`, the first one.
    static func block(_ language: String, in markdown: String) -> String {
        markdown.components(separatedBy: "```\(language)\n")[1].components(separatedBy: "```")[0]
    }

    /// What loading `yaml` with the article's types reports (nothing: it loaded).
    static func load(_ yaml: String) -> [String] {
        do throws(SceneLoadError) {
            _ = try SceneLoader.parse(text: yaml, file: "knobs.yaml", types: knobTypes())
            return []
        } catch {
            return error.diagnostics.map(\.rendered)
        }
    }

    @Test("the article and the library page (docs/library.md) show the registration compiled here and in Examples/CircleGesture, line for line")
    func showsTheCode() throws {
        let article = try Self.text(Self.articlePath)
        let readme = try Self.text("docs/library.md")
        let here = try Self.text("Tests/TouchSceneTests/Docs/DocCArticleTests.swift")
        let code = here.components(separatedBy: "// Article code: begin\n")[1].components(separatedBy: "// Article code: end\n")[0]
        let example = try Self.text("Examples/CircleGesture/Sources/circle-gesture/SceneTypesSample.swift")
        let compiled = example.components(separatedBy: "// Doc sample: begin\n")[1].components(separatedBy: "// Doc sample: end\n")[0]
        #expect(code == compiled)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.contains(code), "the article does not show the sample")
        let readmeBlocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(readmeBlocks.contains(code), "docs/library.md does not show the sample")
    }

    @Test("the article's session example is the code run here, and it runs")
    func sessionExample() throws {
        let article = try Self.text(Self.articlePath)
        let here = try Self.text("Tests/TouchSceneTests/Docs/DocCArticleTests.swift")
        let code = here.components(separatedBy: "    // Session example: begin\n")[1].components(separatedBy: "    // Session example: end\n")[0]
        let unindented = code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.dropFirst(4) }.joined(separator: "\n")
        #expect(Self.block("swift", in: article) == unindented)
        let session = try articleSessionExample()
        #expect(session.app.time == 1)
    }

    @Test("the article's scene loads with those types, builds them, and its two mistakes read as the article says")
    func sceneLoads() throws {
        let article = try Self.text(Self.articlePath)
        let yaml = Self.block("yaml", in: article)
        #expect(Self.load(yaml) == [])
        let scene = try SceneLoader.parse(text: yaml, file: "knobs.yaml", types: knobTypes())
        let built = SceneBuilder.build(scene)
        #expect((built.views["knob"] as? Dial)?.value == 0.25)
        #expect((built.recognizers["spin"] as? CircleGestureRecognizer)?.minimumTurn == 720)
        #expect((built.recognizers["spin"] as? CircleGestureRecognizer)?.minimumRadius == 60)
        let radius = Self.load(yaml.replacingOccurrences(of: "radius: 60", with: "radius: 4"))
        let typo = Self.load(yaml.replacingOccurrences(of: "type: circle", with: "type: circel"))
        let messages = Self.block("", in: article.components(separatedBy: "A bad value")[1])
        #expect(messages == radius.joined(separator: "\n") + "\n" + typo.joined(separator: "\n") + "\n")
    }
}
