// The code the TouchScene DocC article shows (Sources/TouchScene/TouchScene.docc), compiled
// and run here, and compared with the article's text so the two cannot drift apart.
import Foundation
import Testing
import TouchScene

/// The article's recognizer, reduced to what the example needs: one finger moved at least
/// `radius × turns` points.
final class CircleGestureRecognizer: DiscreteGestureRecognizer {
    let radius: Double, turns: Int
    init(id: String, radius: Double, turns: Int) {
        self.radius = radius; self.turns = turns
        super.init(id: id)
    }
}

/// The article's control: a knob with a value 0…1.
final class Knob: Control {
    var value: Double
    init(id: String, frame: Rect, value: Double) {
        self.value = value
        super.init(id: id, frame: frame)
    }
}

// Article code: begin
func knobTypes() -> SceneTypes {
    var types = SceneTypes()                          // the built-in types, and checkmark
    types.register(recognizer: "circle") { p in       // when a scene loads: read the parameters
        let radius = p.number("radius", default: 80, min: 10)
        let turns = p.int("turns", default: 1, min: 1, max: 5)
        return { id in CircleGestureRecognizer(id: id, radius: radius, turns: turns) }  // when it is built
    }
    types.register(control: "knob") { p in            // register(view:) for a view that is not a control
        let value = p.number("value", default: 0, min: 0, max: 1)
        return { id, frame in Knob(id: id, frame: frame, value: value) }
    }
    return types
}
// Article code: end

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

    @Test("the article shows the registration compiled here, line for line")
    func showsTheCode() throws {
        let article = try Self.text(Self.articlePath)
        let here = try Self.text("Tests/TouchSceneTests/Docs/DocCArticleTests.swift")
        let code = here.components(separatedBy: "// Article code: begin\n")[1].components(separatedBy: "// Article code: end\n")[0]
        #expect(Self.block("swift", in: article) == "import TouchScene\n\n" + code)
    }

    @Test("the article's scene loads with those types, builds them, and its two mistakes read as the article says")
    func sceneLoads() throws {
        let article = try Self.text(Self.articlePath)
        let yaml = Self.block("yaml", in: article)
        #expect(Self.load(yaml) == [])
        let scene = try SceneLoader.parse(text: yaml, file: "knobs.yaml", types: knobTypes())
        let built = SceneBuilder.build(scene)
        #expect((built.views["knob"] as? Knob)?.value == 0.25)
        #expect((built.recognizers["spin"] as? CircleGestureRecognizer)?.turns == 2)
        let radius = Self.load(yaml.replacingOccurrences(of: "radius: 60", with: "radius: 4"))
        let typo = Self.load(yaml.replacingOccurrences(of: "type: circle", with: "type: circel"))
        let messages = Self.block("", in: article.components(separatedBy: "A bad value")[1])
        #expect(messages == radius.joined(separator: "\n") + "\n" + typo.joined(separator: "\n") + "\n")
    }
}
