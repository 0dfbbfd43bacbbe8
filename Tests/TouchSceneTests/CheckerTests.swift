import Testing
@testable import TouchScene

@Suite("Checker and responders")
struct CheckerTests {
    @Test("the checker reports every problem of every file and counts the good ones")
    func checker() {
        let good = Paths.scenes + "/double-tap.yaml"
        let broken = Paths.fixtures + "/broken-scene.yaml"
        let result = SceneChecker.check(paths: [good, broken, Paths.fixtures + "/empty.yaml", "/nonexistent.yaml"])
        #expect(result.okCount == 1)
        #expect(result.diagnostics.count == 5 + 1 + 1)
        #expect(result.diagnostics.allSatisfy { $0.rendered.contains(".yaml:") })
    }

    @Test("controllers, next overrides and the app delegate are described")
    func responderChain() throws {
        let s = try SceneLoader.load(path: Paths.scenes + "/responder-chain.yaml")
        #expect(s.controllers.map(\.id) == ["rootVC", "cardVC"])
        #expect(s.controllers.map(\.view) == ["root", "card"])
        #expect(s.controllers[1].responder.actions == ["save"])
        #expect(s.view("detour")?.next?.id == "rootVC")
        #expect(s.appDelegate?.actions == ["openSettings"])
        #expect(s.application.actions == ["about"])
        #expect(s.firstResponder?.id == "card")
        let direct = try #require(s.view("directButton")?.control?.targets.first)
        #expect(direct.target?.id == "rootVC")
        #expect(s.view("saveButton")?.control?.targets.first?.target == nil)
    }

    @Test("a controller's traits can make it first responder and override its next")
    func controllerTraits() throws {
        let s = try scene("""
        scene: t
        window: [8, 6]
        firstResponder: vc
        views: [{id: a, frame: [0, 0, 1, 1], controller: vc}]
        controllers: [{id: vc, canBecomeFirstResponder: true, handlesMotion: true, next: application}]
        """)
        #expect(s.controllers.first?.responder.canBecomeFirstResponder == true)
        #expect(s.controllers.first?.next?.id == "application")
    }

    @Test("a large flat scene (5,000 views) loads quickly")
    func largeScene() throws {
        var text = "scene: big\nwindow: [800, 600]\nviews:\n"
        for k in 0..<5_000 { text += "  - {id: v\(k), frame: [\(k % 800), 0, 10, 10]}\n" }
        let clock = ContinuousClock()
        var count = 0
        let elapsed = try clock.measure { count = try scene(text).views.count }
        #expect(count == 5_000)
        #expect(elapsed < .seconds(5 * testTimeScale))
    }
}
