// check --lint (issue 30 item 6): each check with a scene that triggers it and one that does
// not. The scenes are written here; what must be found follows from SPEC.md (section 2: hit
// testing; section 5: failure requirements, exclusivity, controls' default actions; section 6:
// delaysTouchesBegan).
import Testing
import TouchCore
@testable import TouchScene

@Suite("Scene lint")
struct SceneLintTests {
    static func lint(_ yaml: String) throws -> [SceneLintWarning] {
        SceneLint.check(try SceneLoader.parse(text: "scene: lint\nwindow: [800, 600]\n" + yaml, file: "lint.yaml"))
    }
    static func checks(_ yaml: String) throws -> [String] { try lint(yaml).map(\.check) }

    @Test("a failure requirement on a recognizer that never sees the same touches: found; on an ancestor's: not")
    func requirement() throws {
        let apart = """
            views:
              - id: left
                frame: [0, 0, 400, 600]
                recognizers: [{id: single, type: tap, requireToFail: [double]}]
              - id: right
                frame: [400, 0, 400, 600]
                recognizers: [{id: double, type: tap, taps: 2}]
            """
        let found = try Self.lint(apart)
        #expect(found.map(\.check) == ["requirement"])
        #expect(found.first?.line == 6 && found.first?.description.hasPrefix("lint.yaml:6:") == true, "\(found)")
        #expect(found.first?.message.contains("`single` requires `double` to fail") == true)
        let nested = """
            views:
              - id: outer
                frame: [0, 0, 800, 600]
                recognizers: [{id: double, type: tap, taps: 2}]
                children:
                  - id: inner
                    frame: [100, 100, 200, 200]
                    recognizers: [{id: single, type: tap, requireToFail: [double]}]
            """
        #expect(try Self.checks(nested).isEmpty)
    }

    @Test("a recognizer on a view no touch reaches (hidden, interaction off, zero size, outside its parent, covered by a sibling): found; on a reachable one: not")
    func unreachable() throws {
        func scene(_ view: String, sibling: String = "") -> String {
            """
            views:
              - id: parent
                frame: [100, 100, 400, 300]
                children:
                  - id: target
            \(view)
                    recognizers: [{id: tap, type: tap}]
            \(sibling)
            """
        }
        let cases: [(String, String, String)] = [
            ("        frame: [10, 10, 100, 100]\n        hidden: true", "", "is hidden"),
            ("        frame: [10, 10, 100, 100]\n        userInteraction: false", "", "userInteraction: false"),
            ("        frame: [10, 10, 0, 100]", "", "zero size"),
            ("        frame: [500, 10, 100, 100]", "", "outside its superview `parent`"),
            ("        frame: [10, 10, 100, 100]",
             "      - id: cover\n        frame: [0, 0, 400, 300]\n        handlesTouches: true", "covered everywhere by `cover`"),
        ]
        for (view, sibling, why) in cases {
            let found = try Self.lint(scene(view, sibling: sibling))
            #expect(found.map(\.check) == ["unreachable"], "\(why): \(found)")
            #expect(found.first?.message.contains(why) == true, "\(why): \(found)")
        }
        // Half covered: the other half still takes touches.
        let half = scene("        frame: [10, 10, 100, 100]", sibling: "      - id: cover\n        frame: [0, 0, 60, 300]")
        #expect(try Self.checks(half).isEmpty)
    }

    @Test("a control's default action keeping touches from an ancestor's tap: found, once per recognizer; with shouldReceiveTouch leaving it out: not")
    func defaultAction() throws {
        func scene(_ filter: String) -> String {
            """
            views:
              - id: panel
                frame: [100, 100, 600, 400]
                recognizers: [{id: panelTap, type: tap\(filter)}]
                children:
                  - {id: button, kind: button, frame: [50, 50, 200, 80], title: "B"}
                  - {id: toggle, kind: switch, frame: [300, 70, 80, 40]}
            """
        }
        let found = try Self.lint(scene(""))
        #expect(found.map(\.check) == ["default-action"])
        #expect(found.first?.message.contains("`button`, `toggle`") == true, "\(found)")
        #expect(try Self.checks(scene(", shouldReceiveTouch: {outside: [button, toggle]}")).isEmpty)
    }

    @Test("delaysTouchesBegan on a view that handles no touches: found; on one that does: not")
    func delaysTouches() throws {
        func scene(_ handles: Bool) -> String {
            """
            views:
              - id: pad
                frame: [0, 0, 800, 600]
                handlesTouches: \(handles)
                recognizers: [{id: pan, type: pan, delaysTouchesBegan: true}]
            """
        }
        #expect(try Self.checks(scene(false)) == ["delays-touches"])
        #expect(try Self.checks(scene(true)).isEmpty)
    }

    @Test("two recognizers of one view, the same kind, nothing between them: found on the later; with requireToFail or simultaneity: not")
    func exclusivePair() throws {
        func scene(_ link: String) -> String {
            """
            views:
              - id: pad
                frame: [0, 0, 800, 600]
                recognizers:
                  - {id: doubleTap, type: tap, taps: 2}
                  - {id: singleTap, type: tap\(link)}
                  - {id: pan, type: pan}
            """
        }
        let found = try Self.lint(scene(""))
        #expect(found.map(\.check) == ["exclusive-pair"])
        #expect(found.first?.line == 8, "\(found)")
        #expect(found.first?.message.contains("`singleTap` and `doubleTap` on `pad` are both `tap` recognizers") == true)
        #expect(try Self.checks(scene(", requireToFail: [doubleTap]")).isEmpty)
        #expect(try Self.checks(scene(", simultaneousWith: [doubleTap]")).isEmpty)
    }

    @Test("the demo scenes: only the controls scene's panelTap, which the scene shows on purpose")
    func demoScenes() throws {
        let result = SceneChecker.check(paths: demoSceneNames.map { Paths.scenes + "/\($0).yaml" }, lint: true)
        #expect(demoSceneNames.count >= 16)
        #expect(result.diagnostics.isEmpty)
        #expect(result.warnings.map { "\($0.file.split(separator: "/").last ?? ""):\($0.check)" } == ["controls.yaml:default-action"])
    }
}
