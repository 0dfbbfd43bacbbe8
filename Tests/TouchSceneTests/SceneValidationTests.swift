import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// Expects exactly one diagnostic containing `fragment` at `line`:`column`.
func expectOne(_ yaml: String, _ line: Int, _ column: Int, _ fragment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let d = diagnostics(yaml)
    #expect(d.count == 1, "\(d.map(\.rendered))", sourceLocation: sourceLocation)
    guard let first = d.first else { return }
    #expect(first.line == line && first.column == column, "\(first.rendered)", sourceLocation: sourceLocation)
    #expect(first.message.contains(fragment), "\(first.rendered)", sourceLocation: sourceLocation)
}

@Suite("Scene validation")
struct SceneValidationTests {
    @Test("a minimal scene loads with documented defaults")
    func minimalScene() throws {
        let s = try scene(minimal("  - {id: a, frame: [0, 0, 10, 10]}\n"))
        let v = s.views[0]
        #expect(v.kind == .view && v.alpha == 1 && v.userInteraction && !v.multipleTouch && !v.handlesTouches)
        #expect(v.color == .clear && v.hitRule == .normal && v.touchOutset == .zero)
        #expect(v.location == SourceLocation(line: 4, column: 5))
        #expect(s.background.description == "#202020")
    }

    @Test("diagnostics render as FILE:LINE:COLUMN: message")
    func rendering() {
        let d = SceneDiagnostic(file: "scenes/a.yaml", line: 3, column: 7, message: "expected a number")
        #expect(d.rendered == "scenes/a.yaml:3:7: expected a number")
    }

    @Test("a YAML syntax error is reported at Yams' position")
    func syntax() {
        expectOne("scene: t\nwindow: [800, 600\nviews: []\n", 3, 6, "YAML syntax error")
    }

    @Test("an unknown key suggests the closest known key")
    func unknownKey() {
        expectOne(minimal("  - id: a\n    frame: [0, 0, 10, 10]\n    colr: red\n"), 6, 5, "unknown key `colr` in a view; did you mean `color`?")
        expectOne("scene: t\nwindow: [8, 6]\nveiws: []\n", 3, 1, "did you mean `views`?")
    }

    @Test("a wrong type names what was expected")
    func wrongTypes() {
        expectOne(minimal("  - {id: a, frame: [0, 0, 10]}\n"), 4, 20, "expected a list of 4 numbers [x, y, width, height] for `frame`, found a list of 3 items")
        expectOne(minimal("  - {id: a, frame: [0, 0, 10, 10], alpha: high}\n"), 4, 43, "expected a number for `alpha`, found `high`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 10, 10], hidden: 3}\n"), 4, 44, "expected true or false for `hidden`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 10, 10], text: [1]}\n"), 4, 42, "expected a string for `text`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 10, 10], kind: buton}\n"), 4, 42, "unknown view kind `buton` (known: button, image, label, pageControl, player, scrollView, segmented, slider, stepper, switch, textField, view)")
        expectOne(minimal("  - {id: a, frame: [0, 0, 10, 10], kind: buton}\n"), 4, 42, "did you mean `button`?")
        expectOne(minimal("  - {id: a, frame: [\"0\", 0, 10, 10]}\n"), 4, 21, "expected a number for `frame`, found the string \"0\"")
        expectOne("scene: t\nwindow: 800\n", 2, 9, "expected a list of 2 numbers [width, height] for `window`")
        expectOne("scene: t\nwindow: [8, 6]\nviews: {a: 1}\n", 3, 8, "expected a list for `views`")
    }

    @Test("missing required keys are reported at their mapping")
    func missingKeys() {
        expectOne("scene: t\n", 1, 1, "missing required key `window` in the scene")
        expectOne(minimal("  - id: a\n    color: red\n"), 4, 5, "missing required key `frame` in a view")
        expectOne(minimal("  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - type: tap\n"), 7, 9, "missing required key `id` in a recognizer")
    }

    @Test("duplicate ids across views, recognizers and controllers are refused")
    func duplicateIDs() {
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1]}\n  - {id: a, frame: [0, 0, 1, 1]}\n"), 5, 5, "duplicate id `a`: already used by the view at line 4, column 5")
        expectOne(minimal("  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers: [{id: a, type: tap}]\n"), 6, 19, "duplicate id `a`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], controller: a}\n"), 4, 46, "duplicate id `a`")
    }

    @Test("references to unknown elements are refused with a suggestion")
    func unknownReferences() {
        let taps = "  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: doubleTap, type: tap, taps: 2}\n"
        expectOne(minimal(taps + "      - {id: single, type: tap, requireToFail: [dubleTap]}\n"), 8, 49, "unknown recognizer `dubleTap` in `requireToFail`; did you mean `doubleTap`?")
        expectOne(minimal(taps + "      - {id: s, type: tap, simultaneousWith: [nope]}\n"), 8, 47, "unknown recognizer `nope` in `simultaneousWith`")
        expectOne(minimal(taps + "      - {id: s, type: tap, requireFailureOf: [a]}\n"), 8, 47, "unknown recognizer `a` in `requireFailureOf` (`a` is a view)")
        expectOne(minimal(taps + "      - {id: s, type: tap, requiredToFailBy: [x]}\n"), 8, 47, "unknown recognizer `x` in `requiredToFailBy`")
        expectOne(minimal(taps + "      - {id: p, type: pan, bind: {view: b}}\n"), 8, 41, "unknown view `b` in `bind.view`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], next: b}\n"), 4, 40, "unknown responder `b` in `next`")
        expectOne(minimal("  - {id: a, kind: button, frame: [0, 0, 1, 1], targets: [{event: touchUpInside, action: go, target: zz}]}\n"), 4, 101, "unknown responder `zz` in `targets.target`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], next: appDelegate}\n"), 4, 40, "the scene has no `appDelegate` section")
        expectOne("scene: t\nwindow: [8, 6]\nfirstResponder: nobody\n", 3, 17, "unknown view `nobody` in `firstResponder`")
        expectOne("scene: t\nwindow: [8, 6]\nfirstResponder: a\nviews: [{id: a, frame: [0, 0, 1, 1]}]\n", 3, 17, "cannot become first responder")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1]}\n") + "controllers: [{id: vc}]\n", 5, 20, "controller `vc` is not the controller of any view")
    }

    @Test("failure-requirement cycles are refused, including a recognizer requiring itself")
    func cycles() {
        let head = "  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n"
        expectOne(minimal(head + "      - {id: x, type: tap, requireToFail: [x]}\n"), 7, 44, "recognizer `x` requires itself to fail")
        let d = diagnostics(minimal(head + "      - {id: x, type: tap, requireToFail: [y]}\n      - {id: y, type: tap, requireToFail: [z]}\n      - {id: z, type: tap, requireToFail: [x]}\n"))
        #expect(d.count == 1)
        #expect(d.first?.message.contains("failure requirements form a cycle: `x` → `y` → `z` → `x`") == true, "\(d)")
        #expect(d.first?.line == 9)
        let viaDelegate = diagnostics(minimal(head + "      - {id: x, type: tap, requireToFail: [y]}\n      - {id: y, type: tap, requiredToFailBy: [x]}\n"))
        #expect(viaDelegate.isEmpty, "requiredToFailBy in the same direction is no cycle: \(viaDelegate)")
        let loop = diagnostics(minimal(head + "      - {id: x, type: tap, requireToFail: [y]}\n      - {id: y, type: tap, requireFailureOf: [x]}\n"))
        #expect(loop.count == 1 && loop[0].message.contains("cycle"))
    }

    @Test("next-responder overrides that loop are refused")
    func nextLoop() {
        let d = diagnostics(minimal("  - {id: a, frame: [0, 0, 1, 1], next: b}\n  - {id: b, frame: [0, 0, 1, 1], next: a}\n"))
        #expect(d.count == 1 && d[0].message.contains("responder chain loop"), "\(d)")
    }

    @Test("negative and non-finite numbers are refused")
    func numbers() {
        expectOne(minimal("  - {id: a, frame: [0, 0, -10, 10]}\n"), 4, 20, "width and height must not be negative")
        expectOne(minimal("  - {id: a, frame: [0, 0, .nan, 10]}\n"), 4, 27, "`frame` must be a finite number, found `.nan`")
        expectOne(minimal("  - {id: a, frame: [0, 0, .inf, 10]}\n"), 4, 27, "finite number")
        expectOne(minimal("  - {id: a, frame: [-.inf, 0, 1, 10]}\n"), 4, 21, "finite number")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], alpha: 1.5}\n"), 4, 41, "`alpha` must be at most 1")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], borderWidth: -1}\n"), 4, 47, "`borderWidth` must be at least 0")
        expectOne("scene: t\nwindow: [0, 600]\n", 2, 9, "`window` must be a positive size")
        expectOne("scene: t\nwindow: [8, 6]\ndefaults: {tapInterval: -0.1}\n", 3, 25, "at least 0")
        expectOne("scene: t\nwindow: [8, 6]\ndefaults: {tapIntervall: 0.1}\n", 3, 12, "did you mean `tapInterval`?")
    }

    @Test("invalid colours are refused")
    func colours() {
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], color: \"#12345\"}\n"), 4, 41, "invalid colour `#12345`")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], color: \"#ggg\"}\n"), 4, 41, "hexadecimal digits")
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], color: gren}\n"), 4, 41, "did you mean `green`?")
        #expect(Color(parsing: "#abc") == Color(r: 0xaa, g: 0xbb, b: 0xcc))
        #expect(Color(parsing: "#11223344") == Color(r: 0x11, g: 0x22, b: 0x33, a: 0x44))
    }

    @Test("keys that do not apply to a view kind or recognizer type are refused")
    func kindSpecific() {
        expectOne(minimal("  - {id: a, frame: [0, 0, 1, 1], on: true}\n"), 4, 34, "`on` applies only to views of kind `switch`")
        expectOne(minimal("  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers: [{id: p, type: pan, taps: 2}]\n"), 6, 38, "`taps` applies only to recognizers of type `tap`, `longPress`")
        expectOne(minimal("  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers: [{id: p, type: rotation, bind: {property: scale}}]\n"), 6, 60, "drives `rotation`, not `scale`")
    }

    @Test("UIKit's recognizer keys keep the format's rules: another type's key is refused with its value still checked, null is a wrong value, `direction` spells `directions`")
    func builtInRecognizerKeys() {
        func rendered(_ recognizer: String) -> [String] {
            diagnostics(minimal("  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers: [\(recognizer)]\n")).map(\.rendered)
        }
        #expect(rendered("{id: p, type: pan, taps: 0}") == [
            "t.yaml:6:38: `taps` applies only to recognizers of type `tap`, `longPress`; `p` is a `pan`",
            "t.yaml:6:44: `taps` must be at least 1, found `0`",
        ])
        #expect(rendered("{id: s, type: swipe, directions: null}")
                == ["t.yaml:6:52: expected one of [right, left, up, down] for `directions`, found nothing (null)"])
        #expect(rendered("{id: s, type: swipe, directions: [left], direction: up}") == ["t.yaml:6:60: give either `directions` or `direction`, not both"])
        #expect(rendered("{id: p, type: pan, maxTouches: null}") == [])
    }

    @Test("asset paths may not leave the scene's folder or assets/")
    func assets() throws {
        let dir = Paths.temporary("assets-scene")
        mkdir(dir, 0o755)
        writeFile(dir + "/ok.png", [1, 2, 3])
        unlink(dir + "/escape.png")
        symlink("/etc/hostname", dir + "/escape.png")
        func d(_ path: String) -> [SceneDiagnostic] {
            diagnostics(minimal("  - {id: a, frame: [0, 0, 1, 1], image: \"\(path)\"}\n"), folder: dir)
        }
        #expect(d("ok.png").isEmpty)
        #expect(d("../ok.png").first?.message.contains("contains `..`") == true)
        #expect(d("/etc/passwd").first?.message.contains("is absolute") == true)
        #expect(d("escape.png").first?.message.contains("outside the scene's folder and assets/") == true)
        #expect(d("missing.png").first?.message.contains("not found") == true)
        #expect(d("../ok.png").first?.column == 41)
        let s = try SceneLoader.parse(text: minimal("  - {id: a, frame: [0, 0, 1, 1], image: ok.png}\n"), folder: dir)
        #expect(s.views[0].image?.resolved.hasSuffix("/ok.png") == true)
    }

    @Test("all errors of a file are reported, in file order")
    func allErrors() {
        let d = diagnostics(minimal("  - {id: a, frame: [0, 0, 1], colr: red}\n  - {id: a, frame: [0, 0, 1, 1], alpha: x}\n"))
        #expect(d.count == 4, "\(d.map(\.rendered))")
        #expect(d.map(\.line) == [4, 4, 5, 5])
        #expect(d == d.sorted { $0.location < $1.location })
    }

    @Test("recognizer options are read with their types")
    func recognizerOptions() throws {
        let s = try scene(minimal("""
          - id: a
            frame: [0, 0, 100, 100]
            recognizers:
              - {id: s, type: swipe, direction: left, touches: 2, minimumSpeed: 300}
              - {id: e, type: screenEdgePan, edges: [left, top], simultaneousWith: all}
              - {id: l, type: longPress, duration: 1, shouldReceiveTouch: {outside: [a]}, action: held}
              - {id: p, type: pan, maxTouches: 2, shouldBegin: false, bind: {limits: {max: 100}}}
        """ + "\n"))
        let g = s.views[0].recognizers
        let built = SceneBuilder.build(s).recognizers
        let swipe = try #require(built["s"] as? SwipeGestureRecognizer)
        #expect(swipe.direction == .left && swipe.numberOfTouchesRequired == 2 && swipe.minimumSpeed == 300)
        #expect((built["e"] as? ScreenEdgePanGestureRecognizer)?.edges == [.left, .top] && g[1].simultaneousWith == .all)
        let press = try #require(built["l"] as? LongPressGestureRecognizer)
        #expect(press.minimumPressDuration == 1 && press.numberOfTapsRequired == 0 && g[2].action?.action == "held")
        if case .outside(let refs) = g[2].shouldReceiveTouch { #expect(refs.map(\.id) == ["a"]) } else { Issue.record("filter") }
        #expect((built["p"] as? PanGestureRecognizer)?.maximumNumberOfTouches == 2)
        #expect(!g[3].shouldBegin && g[3].bind?.property == .translation && g[3].bind?.maximum == 100)
    }

    @Test("a recognizer with an invalid type is reported once, not again by its references")
    func noCascade() {
        let d = diagnostics(minimal("  - id: a\n    frame: [0, 0, 1, 1]\n    recognizers:\n      - {id: one, type: tapp}\n      - {id: two, type: tap, requireToFail: [one]}\n"))
        #expect(d.count == 1 && d.first?.message.contains("unknown recognizer type `tapp` (known: ") == true
                && d.first?.message.hasSuffix("; did you mean `tap`?") == true, "\(d)")
    }
}
