// RecognizerRecipeTests: docs/contributing.md "Add a recognizer" followed for a test-only
// type: its file (ZigzagRecognizerType.swift) and one registration line, then loaded from
// scene text with a parameter and driven by touches.

import Testing
import TouchScene

@Suite("Recipe: add a recognizer")
struct RecognizerRecipeTests {
    /// What `registerShippedTypes` gets for a shipped type: one line.
    static func types() -> SceneTypes {
        var types = SceneTypes()
        types.register(recognizer: "zigzag", SceneTypes.readZigzag)
        return types
    }

    static func text(turns: String) -> String {
        """
        scene: zigzag
        window: [400, 300]
        application: {actions: [wiggled]}
        views:
          - id: pad
            frame: [0, 0, 400, 300]
            recognizers:
              - {id: wiggle, type: zigzag, turns: \(turns), action: wiggled}

        """
    }

    /// A one-finger stroke right, left, right, left: three turns.
    static func zigzag(_ s: TracedScene) {
        s.down(100, 150, at: 0)
        s.move(160, 150, at: 0.02)
        s.move(120, 150, at: 0.04)
        s.move(180, 150, at: 0.06)
        s.move(140, 150, at: 0.08)
        s.up(140, 150, at: 0.1)
        s.built.app.advance(to: 1)
    }

    @Test("a recognizer type added in one file and one registration loads with its parameter and recognizes from touches")
    func addedTypeWorks() throws {
        let scene = try SceneLoader.parse(text: Self.text(turns: "3"), file: "t.yaml", folder: "/tmp", types: Self.types())
        let s = TracedScene(scene)
        let wiggle = try #require(s.built.recognizers["wiggle"] as? ZigzagGestureRecognizer)
        #expect(wiggle.turns == 3 && wiggle.view === s.built.views["pad"])
        Self.zigzag(s)
        #expect(s.lines.contains(#"{"t":0.1,"kind":"gesture","recognizer":"wiggle","view":"pad","from":"possible","to":"recognized","reason":"recognized: 3 turns","location":[140,150],"numberOfTouches":0,"rule":"custom"}"#))
        #expect(s.lines.contains(#"{"t":0.1,"kind":"action","sender":"wiggle","action":"wiggled","target":null,"handledBy":"application"}"#))

        // The parameter is what decides: four turns are not drawn by the same touches.
        let strict = TracedScene(try SceneLoader.parse(text: Self.text(turns: "4"), file: "t.yaml", folder: "/tmp", types: Self.types()))
        Self.zigzag(strict)
        #expect(strict.lines.contains { $0.contains(#""recognizer":"wiggle""#) && $0.contains(#""reason":"failed: 3 turns, needs 4""#) })
        #expect(!strict.lines.contains { $0.contains(#""kind":"action""#) })
    }

    @Test("a bad parameter value of the added type is refused where it stands")
    func badParameterIsLocated() {
        #expect(customDiagnostics(Self.text(turns: "0"), types: Self.types())
                == ["t.yaml:8:43: `turns` must be at least 1, found `0`"])
        #expect(customDiagnostics(Self.text(turns: "many"), types: Self.types())
                == ["t.yaml:8:43: expected a whole number for `turns`, found `many`"])
        // Without the registration line the type is unknown.
        #expect(customDiagnostics(Self.text(turns: "3"), types: SceneTypes()).first?.hasPrefix("t.yaml:8:28: unknown recognizer type `zigzag`") == true)
    }
}
