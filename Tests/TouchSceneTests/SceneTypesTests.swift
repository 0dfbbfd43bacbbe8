import Testing
@testable import TouchScene

// A program's own types, registered by name and used from a scene file (SceneTypes).

/// A program's own recognizer: one finger stroked at least `length` points in `direction`.
final class StrokeGestureRecognizer: DiscreteGestureRecognizer {
    enum Direction: String, CaseIterable, Sendable { case right, left, up, down }
    let length: Double
    let direction: Direction
    private var start: Point?

    init(id: String, length: Double, direction: Direction) {
        self.length = length; self.direction = direction
        super.init(id: id)
    }

    override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        if trackedTouches.count > 1 { fail("failed: a stroke is drawn with one finger"); return }
        start = t.locationInWindow
    }

    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible, let s = start, let t = touches.first else { return }
        let d = t.locationInWindow - s
        let along = switch direction {
        case .right: d.x
        case .left: -d.x
        case .up: -d.y
        case .down: d.y
        }
        if along >= length {
            recognize("recognized: stroked \(fmt(along)) pt \(direction.rawValue)")
        } else {
            fail("failed: stroked \(fmt(along)) pt \(direction.rawValue), needs \(fmt(length))")
        }
    }

    override func reset() { start = nil }
}

/// A program's own control: each touch up inside turns it by `step`, up to 1 (valueChanged).
final class StepDial: Control {
    private(set) var value: Double
    let step: Double

    init(id: String, frame: Rect, value: Double, step: Double) {
        self.value = value; self.step = step
        super.init(id: id, frame: frame)
    }

    override func endTracking(_ touch: Touch, with event: Event) {
        guard isTouchInside else { return }
        value = min(1, value + step)
        sendActions(for: .valueChanged)
    }
}

/// A program's own plain view: shows a count.
final class Badge: View {
    let count: Int
    init(id: String, frame: Rect, count: Int) {
        self.count = count
        super.init(id: id, frame: frame)
        text = String(count)
    }
}

/// The built-in types plus `stroke`, `dial`, `badge` and `drag` (a pan that can be bound).
func programTypes() -> SceneTypes {
    var types = SceneTypes()
    types.register(recognizer: "stroke") { p in
        let length = p.number("length", default: 100, min: 1)
        let direction = p.choice("direction", default: StrokeGestureRecognizer.Direction.right)
        return { id in StrokeGestureRecognizer(id: id, length: length, direction: direction) }
    }
    types.register(control: "dial") { p in
        let value = p.number("value", default: 0, min: 0, max: 1)
        let step = p.number("step", default: 0.1, min: 0)
        if step > 1 - value { p.error("`step` \(fmt(step)) turns the dial past 1 at once (value \(fmt(value)))", at: "step") }
        return { id, frame in StepDial(id: id, frame: frame, value: value, step: step) }
    }
    types.register(view: "badge") { p in
        p.require("count")
        let count = p.int("count", default: 0, min: 0, max: 99)
        return { id, frame in Badge(id: id, frame: frame, count: count) }
    }
    types.register(recognizer: "drag", binds: .translation) { _ in
        { id in PanGestureRecognizer(id: id) }
    }
    return types
}

/// A scene using the program's types with parameters and the shared keys.
let customScene = """
scene: custom
window: [400, 300]
application: {actions: [turned]}
views:
  - id: knob
    kind: dial
    frame: [20, 20, 100, 100]
    color: blue
    value: 0.5
    step: 0.25
    targets: [{event: valueChanged, action: turned, target: application}]
  - id: count
    kind: badge
    frame: [140, 20, 40, 40]
    color: red
    count: 3
  - id: pad
    frame: [200, 20, 180, 260]
    actions: [stroked]
    handlesTouches: true
    recognizers:
      - {id: tap, type: tap, maximumDistance: 200, requireToFail: [swipeRight]}
      - {id: swipeRight, type: stroke, length: 80, direction: right, action: {action: stroked, target: pad}}

"""

/// Loads `yaml` with the program's types, recording every problem.
func loadCustom(_ yaml: String) throws -> SceneDescription {
    do throws(SceneLoadError) {
        return try SceneLoader.parse(text: yaml, file: "t.yaml", folder: "/tmp", types: programTypes())
    } catch {
        Issue.record("unexpected diagnostics:\n\(error)")
        throw error
    }
}

/// The rendered diagnostics of `yaml` loaded with the program's types (empty: it loads).
func customDiagnostics(_ yaml: String, types: SceneTypes = programTypes()) -> [String] {
    do throws(SceneLoadError) {
        _ = try SceneLoader.parse(text: yaml, file: "t.yaml", folder: "/tmp", types: types)
        return []
    } catch {
        return error.diagnostics.map(\.rendered)
    }
}

/// The built scene with its trace written as JSON lines (as trace files hold it: no touch samples).
final class TracedScene {
    let built: BuiltScene
    var lines: [String] = []
    init(_ scene: SceneDescription) {
        built = SceneBuilder.build(scene)
        built.app.tracer.sink = TraceCallback { [unowned self] r in if r.isWrittenToFiles { self.lines.append(TraceWriter.line(r)) } }
    }
    func down(_ x: Double, _ y: Double, at t: Double) { built.app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: x, y: y)), at: t) }
    func move(_ x: Double, _ y: Double, at t: Double) { built.app.send(.touchMove(TouchKey(device: 0, finger: 1), Point(x: x, y: y)), at: t) }
    func up(_ x: Double, _ y: Double, at t: Double) { built.app.send(.touchUp(TouchKey(device: 0, finger: 1), Point(x: x, y: y)), at: t) }
}

@Suite("Registered scene types")
struct SceneTypesTests {
    @Test("a registered recognizer, control and view load with their parameters and are built as the program's classes")
    func builtWithParameters() throws {
        let scene = try loadCustom(customScene)
        let stroke = try #require(scene.view("pad")?.recognizers.last?.type)
        #expect(stroke.name == "stroke" && stroke.parameters == ["length": .plain("80"), "direction": .plain("right")])
        #expect(scene.view("pad")?.recognizers.last?.action?.target?.id == "pad")
        #expect(scene.view("knob")?.kind.name == "dial" && scene.view("knob")?.kind.isControl == true)
        #expect(scene.view("knob")?.control?.targets.map(\.action) == ["turned"])
        #expect(scene.view("count")?.kind.isControl == false)
        // The same text loads to an equal description; another parameter value does not.
        #expect(try loadCustom(customScene) == scene)
        #expect(try loadCustom(customScene.replacingOccurrences(of: "length: 80", with: "length: 81")) != scene)

        let built = SceneBuilder.build(scene)
        let swipe = try #require(built.recognizers["swipeRight"] as? StrokeGestureRecognizer)
        #expect(swipe.length == 80 && swipe.direction == .right && swipe.view === built.views["pad"])
        #expect(built.recognizers["tap"]?.failureRequirements.first === swipe)
        let knob = try #require(built.views["knob"] as? StepDial)
        #expect(knob.value == 0.5 && knob.step == 0.25 && knob.backgroundColor == Color(parsing: "blue"))
        let badge = try #require(built.views["count"] as? Badge)
        #expect(badge.count == 3 && badge.text == "3" && badge.backgroundColor == Color(parsing: "red"))
    }

    @Test("a registered recognizer takes part like a built-in one: it recognizes, sends its action, and the tap waiting for it fails")
    func strokeRecognizes() throws {
        let s = TracedScene(try loadCustom(customScene))
        s.down(220, 100, at: 0)
        s.move(260, 102, at: 0.05)
        s.up(320, 104, at: 0.1)
        s.built.app.advance(to: 1)
        #expect(s.lines == [
            #"{"t":0,"kind":"hit-test","touch":1,"point":[220,100],"path":[{"view":"pad","verdict":"hit"}],"view":"pad","recognizers":["tap","swipeRight"]}"#,
            #"{"t":0,"kind":"touches","phase":"began","view":"pad","touches":[1]}"#,
            #"{"t":0.05,"kind":"touches","phase":"moved","view":"pad","touches":[1]}"#,
            #"{"t":0.1,"kind":"note","topic":"gesture","text":"tap blocked until swipeRight fails"}"#,
            #"{"t":0.1,"kind":"gesture","recognizer":"swipeRight","view":"pad","from":"possible","to":"recognized","reason":"recognized: stroked 100 pt right","location":[320,104],"numberOfTouches":0,"rule":"custom"}"#,
            #"{"t":0.1,"kind":"touches","phase":"cancelled","view":"pad","touches":[1],"reason":"cancelled: swipeRight recognized (cancelsTouchesInView)"}"#,
            #"{"t":0.1,"kind":"action","sender":"swipeRight","action":"stroked","target":"pad","handledBy":"pad"}"#,
            #"{"t":0.1,"kind":"gesture","recognizer":"tap","view":"pad","from":"possible","to":"failed","reason":"failed: requires swipeRight to fail, which recognized","location":[320,104],"numberOfTouches":0,"rule":"failureRequirement","by":["swipeRight"]}"#,
            #"{"t":0.1,"kind":"gesture","recognizer":"tap","view":"pad","from":"failed","to":"possible","reason":"reset: its touches are over"}"#,
            #"{"t":0.1,"kind":"gesture","recognizer":"swipeRight","view":"pad","from":"recognized","to":"possible","reason":"reset: its touches are over"}"#,
        ])
    }

    @Test("a short touch fails the registered recognizer with its reason, and the tap waiting for it recognizes")
    func strokeFails() throws {
        let s = TracedScene(try loadCustom(customScene))
        s.down(220, 100, at: 0)
        s.up(222, 101, at: 0.05)
        s.built.app.advance(to: 1)
        #expect(s.lines == [
            #"{"t":0,"kind":"hit-test","touch":1,"point":[220,100],"path":[{"view":"pad","verdict":"hit"}],"view":"pad","recognizers":["tap","swipeRight"]}"#,
            #"{"t":0,"kind":"touches","phase":"began","view":"pad","touches":[1]}"#,
            #"{"t":0.05,"kind":"note","topic":"gesture","text":"tap blocked until swipeRight fails"}"#,
            #"{"t":0.05,"kind":"gesture","recognizer":"swipeRight","view":"pad","from":"possible","to":"failed","reason":"failed: stroked 2 pt right, needs 80","location":[222,101],"numberOfTouches":0,"rule":"custom"}"#,
            #"{"t":0.05,"kind":"gesture","recognizer":"tap","view":"pad","from":"possible","to":"recognized","reason":"recognized: swipeRight failed","location":[222,101],"numberOfTouches":0,"rule":"tapCount","measured":1,"limit":1,"margin":0}"#,
            #"{"t":0.05,"kind":"touches","phase":"cancelled","view":"pad","touches":[1],"reason":"cancelled: tap recognized (cancelsTouchesInView)"}"#,
            #"{"t":0.05,"kind":"gesture","recognizer":"tap","view":"pad","from":"recognized","to":"possible","reason":"reset: its touches are over"}"#,
            #"{"t":0.05,"kind":"gesture","recognizer":"swipeRight","view":"pad","from":"failed","to":"possible","reason":"reset: its touches are over"}"#,
        ])
    }

    @Test("a registered control has the shared control keys: its targets are sent")
    func dialTurns() throws {
        let s = TracedScene(try loadCustom(customScene))
        s.down(70, 70, at: 0)
        s.up(70, 70, at: 0.05)
        s.built.app.advance(to: 1)
        #expect((s.built.views["knob"] as? StepDial)?.value == 0.75)
        #expect(s.lines == [
            #"{"t":0,"kind":"hit-test","touch":1,"point":[70,70],"path":[{"view":"pad","verdict":"outside"},{"view":"count","verdict":"outside"},{"view":"knob","verdict":"hit"}],"view":"knob"}"#,
            #"{"t":0,"kind":"touches","phase":"began","view":"knob","touches":[1]}"#,
            #"{"t":0,"kind":"control","control":"knob","event":"touchDown"}"#,
            #"{"t":0.05,"kind":"touches","phase":"ended","view":"knob","touches":[1]}"#,
            #"{"t":0.05,"kind":"control","control":"knob","event":"valueChanged"}"#,
            #"{"t":0.05,"kind":"action","sender":"knob","action":"turned","target":"application","handledBy":"application"}"#,
            #"{"t":0.05,"kind":"control","control":"knob","event":"touchUpInside"}"#,
        ])
    }

    @Test("a bad parameter, a missing one and a key the type does not take are reported where they stand")
    func badParameters() {
        let d = customDiagnostics("""
        scene: t
        window: [400, 300]
        views:
          - id: knob
            kind: dial
            frame: [0, 0, 50, 50]
            value: 0.9
            step: 0.5
          - id: badge
            kind: badge
            frame: [0, 0, 10, 10]
          - id: pad
            frame: [0, 0, 100, 100]
            recognizers:
              - {id: s1, type: stroke, length: -5, taps: 2}
              - {id: s2, type: stroke, direction: sideways, lenght: 3}

        """)
        #expect(d == [
            "t.yaml:8:11: `step` 0.5 turns the dial past 1 at once (value 0.9)",
            "t.yaml:10:11: missing required key `count` in a `badge` view `badge`",
            "t.yaml:15:40: `length` must be at least 1, found `-5`",
            "t.yaml:15:44: unknown key `taps` in a `stroke` recognizer (`stroke` takes `length`, `direction`); did you mean `type`?",
            "t.yaml:16:43: expected one of [right, left, up, down] for `direction`, found `sideways`",
            "t.yaml:16:53: unknown key `lenght` in a `stroke` recognizer (`stroke` takes `length`, `direction`); did you mean `length`?",
        ])
    }

    @Test("an unknown recognizer type or view kind lists every name the registry knows, and its other keys are not reported")
    func unknownNames() {
        let yaml = minimal("""
          - id: pad
            kind: dail
            frame: [0, 0, 100, 100]
            value: 0.3
            recognizers:
              - {id: s, type: strok, length: 80}

        """)
        #expect(customDiagnostics(yaml) == [
            "t.yaml:5:11: unknown view kind `dail` (known: badge, button, dial, image, label, pageControl, player, scrollView, segmented, slider, stepper, switch, textField, view); did you mean `dial`?",
            "t.yaml:9:23: unknown recognizer type `strok` (known: checkmark, drag, hover, longPress, pan, pinch, rotation, screenEdgePan, stroke, swipe, tap); did you mean `stroke`?",
        ])
        // Loaded without the program's types, its names are unknown.
        let plain = minimal("  - {id: pad, frame: [0, 0, 100, 100], recognizers: [{id: s, type: stroke, length: 80}]}\n")
        #expect(customDiagnostics(plain, types: SceneTypes()) == [
            "t.yaml:4:68: unknown recognizer type `stroke` (known: checkmark, hover, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap)",
        ])
        #expect(programTypes().recognizerNames == ["checkmark", "drag", "hover", "longPress", "pan", "pinch", "rotation", "screenEdgePan", "stroke", "swipe", "tap"])
        #expect(programTypes().registeredViewNames == ["badge", "dial"])
    }

    @Test("checkmark is a registered type like a program's: SceneTypes() registers it, its parameters are read, and a program can replace it")
    func checkmarkThroughTheRegistry() throws {
        #expect(SceneTypes().registeredRecognizerNames == ["checkmark", "hover", "longPress", "pan", "pinch", "rotation", "screenEdgePan", "swipe", "tap"])

        let file = try SceneLoader.load(path: Paths.scenes + "/checkmark.yaml")
        let check = try #require(file.view("pad")?.recognizers.first?.type)
        #expect(check.name == "checkmark" && check.parameters.isEmpty && check.binds == nil)
        let standard = try #require(SceneBuilder.build(file).recognizers["check"] as? CheckmarkGestureRecognizer)
        let fresh = CheckmarkGestureRecognizer(id: "fresh")
        #expect(standard.minimumStrokeLength == fresh.minimumStrokeLength && standard.angleTolerance == fresh.angleTolerance
                && standard.minimumLengthRatio == fresh.minimumLengthRatio && standard.straightnessTolerance == fresh.straightnessTolerance)

        let tuned = try scene(minimal("  - {id: pad, frame: [0, 0, 100, 100], recognizers: [{id: check, type: checkmark, minimumStrokeLength: 30, angleTolerance: 0.5}]}\n"))
        let c = try #require(SceneBuilder.build(tuned).recognizers["check"] as? CheckmarkGestureRecognizer)
        #expect(c.minimumStrokeLength == 30 && c.angleTolerance == 0.5 && c.minimumLengthRatio == fresh.minimumLengthRatio)

        var replaced = SceneTypes()
        replaced.register(recognizer: "checkmark") { _ in { id in StrokeGestureRecognizer(id: id, length: 10, direction: .down) } }
        let other = try SceneLoader.load(path: Paths.scenes + "/checkmark.yaml", types: replaced)
        #expect(SceneBuilder.build(other).recognizers["check"] is StrokeGestureRecognizer)
    }

    @Test("a scene built in code makes registered types through the same readers, with the same errors")
    func builtInCode() throws {
        let types = programTypes()
        var scene = SceneDescription(name: "code", window: Size(width: 400, height: 300))
        scene.application.actions = ["turned"]
        var knob = try types.view("dial", id: "knob", frame: Rect(x: 20, y: 20, width: 100, height: 100), parameters: ["value": 0.5, "step": 0.25])
        knob.control?.targets = [TargetAction(event: .valueChanged, action: "turned", target: Reference("application"))]
        knob.recognizers = [try types.recognizer("stroke", id: "swipeLeft", parameters: ["length": 50, "direction": "left"])]
        scene.views = [knob]

        let s = TracedScene(scene)
        let swipe = try #require(s.built.recognizers["swipeLeft"] as? StrokeGestureRecognizer)
        #expect(swipe.length == 50 && swipe.direction == .left)
        s.down(70, 70, at: 0)
        s.up(70, 70, at: 0.05)
        #expect((s.built.views["knob"] as? StepDial)?.value == 0.75)
        #expect(s.lines.contains(#"{"t":0.05,"kind":"action","sender":"knob","action":"turned","target":"application","handledBy":"application"}"#))

        func thrown(_ make: () throws(SceneLoadError) -> Void) -> [String] {
            do throws(SceneLoadError) { try make(); return [] } catch { return error.diagnostics.map(\.rendered) }
        }
        #expect(thrown { () throws(SceneLoadError) in _ = try types.recognizer("stroke", id: "s", parameters: ["length": 0]) }
                == ["<code>:1:1: `length` must be at least 1, found `0`"])
        #expect(thrown { () throws(SceneLoadError) in _ = try types.recognizer("stroke", id: "s", parameters: ["enabled": false]) }
                == ["<code>:1:1: `enabled` is a key every element of this kind has: set it on the description, not in `parameters`"])
        #expect(thrown { () throws(SceneLoadError) in _ = try types.view("dail", id: "d", frame: .zero) }.first?.hasPrefix("<code>:1:1: unknown view kind `dail` (known: badge, button, dial,") == true)
        // UIKit's types are registered too: their parameters are given the same way.
        let doubleTap = try types.recognizer("tap", id: "t", parameters: ["taps": 2])
        #expect(doubleTap.type.name == "tap" && (doubleTap.type.make(id: "t") as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
        #expect(thrown { () throws(SceneLoadError) in _ = try types.recognizer("tap", id: "t", parameters: ["taps": 0]) }
                == ["<code>:1:1: `taps` must be at least 1, found `0`"])
    }

    @Test("a registered type with `binds` drives a view's transform; one without refuses `bind`, naming the types that can")
    func binding() throws {
        let d = customDiagnostics(minimal("  - {id: pad, frame: [0, 0, 300, 300], recognizers: [{id: s, type: stroke, bind: {}}]}\n"))
        #expect(d == ["t.yaml:4:82: `bind` needs a continuous recognizer with an output (pinch, rotation, pan, screenEdgePan, drag); `s` is a `stroke`"])

        let s = TracedScene(try loadCustom(minimal("  - {id: pad, frame: [0, 0, 300, 300], recognizers: [{id: move, type: drag, bind: {}}]}\n")))
        #expect(s.built.bindings.count == 1 && s.built.bindings.first?.component == .translation)
        #expect(s.built.recognizers["move"] is PanGestureRecognizer)
        s.down(50, 50, at: 0)
        s.move(80, 50, at: 0.05)
        s.move(150, 50, at: 0.1)
        s.up(150, 50, at: 0.15)
        s.built.app.advance(to: 1)
        let moved = try #require(s.built.views["pad"]?.transform)
        #expect(moved.tx == 100 && moved.ty == 0)
    }

    @Test("the README's example reports what the README says")
    func readmeExample() throws {
        var types = SceneTypes()
        types.register(recognizer: "circle") { p in
            let radius = p.number("radius", default: 80, min: 10)
            let turns = p.int("turns", default: 1, min: 1, max: 5)
            return { id in StrokeGestureRecognizer(id: id, length: radius * Double(turns), direction: .right) }
        }
        types.register(control: "dial") { p in
            let value = p.number("value", default: 0, min: 0, max: 1)
            return { id, frame in StepDial(id: id, frame: frame, value: value, step: 0.1) }
        }
        let yaml = """
        scene: knobs
        window: [800, 600]
        views:
          - id: knob
            kind: dial
            frame: [100, 100, 200, 200]
            value: 0.25
            targets: [{event: valueChanged, action: turned}]
            recognizers:
              - {id: spin, type: circle, radius: 60, turns: 2, requireToFail: [tap], action: spun}
              - {id: tap, type: tap}

        """
        func load(_ text: String) -> [String] {
            do throws(SceneLoadError) {
                _ = try SceneLoader.parse(text: text, file: "knobs.yaml", types: types)
                return []
            } catch {
                return error.diagnostics.map(\.rendered)
            }
        }
        #expect(load(yaml) == [])
        #expect(load(yaml.replacingOccurrences(of: "radius: 60", with: "radius: 4")) == ["knobs.yaml:10:42: `radius` must be at least 10, found `4`"])
        #expect(load(yaml.replacingOccurrences(of: "type: circle", with: "type: circel"))
                == ["knobs.yaml:10:26: unknown recognizer type `circel` (known: checkmark, circle, hover, longPress, pan, pinch, rotation, screenEdgePan, swipe, tap); did you mean `circle`?"])
    }
}

/// A program's own view whose maker sets shared properties itself: two fingers at once, a
/// rounded corner, an orange fill.
final class TwoFingerPad: View {
    override init(id: String, frame: Rect) {
        super.init(id: id, frame: frame)
        isMultipleTouchEnabled = true
        cornerRadius = 12
        backgroundColor = Color(r: 255, g: 128, b: 0)
        handlesTouches = true
    }
}

@Suite("A registered view keeps what its maker set")
struct RegisteredViewKeysTests {
    static var types: SceneTypes {
        var t = SceneTypes()
        t.register(view: "twoFingerPad") { _ in { id, frame in TwoFingerPad(id: id, frame: frame) } }
        return t
    }

    static func scene(_ keys: String) -> String {
        """
        scene: pads
        window: [400, 300]
        views:
          - id: pad
            kind: twoFingerPad
            frame: [0, 0, 400, 300]
        \(keys.isEmpty ? "" : "    " + keys)
        """
    }

    static func build(_ keys: String) throws -> BuiltScene {
        let scene = try SceneLoader.parse(text: Self.scene(keys), file: "pads.yaml", folder: "/tmp", types: Self.types)
        return SceneBuilder.build(scene)
    }

    @Test("keys the scene leaves out keep the maker's values; a second finger reaches the view")
    func unnamedKeysKept() throws {
        let built = try Self.build("")
        let pad = try #require(built.app.window.view(withID: "pad"))
        #expect(pad.isMultipleTouchEnabled)
        #expect(pad.cornerRadius == 12)
        #expect(pad.backgroundColor == Color(r: 255, g: 128, b: 0))
        // SPEC 4.4: a view with isMultipleTouchEnabled gets the second touch of a sequence too.
        let session = SceneSession(scene: try SceneLoader.parse(text: Self.scene(""), file: "pads.yaml", folder: "/tmp", types: Self.types))
        var records: [String] = []
        session.app.tracer.sink = TraceCallback { r in
            if case let .touches(phase, view, touches, _) = r.body, phase == .began { records.append("\(view) \(touches)") }
        }
        session.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 100, y: 100, pressure: nil, device: nil)))
        session.handle(RawInput(t: 0.01, .fingerDown(finger: 2, x: 200, y: 100, pressure: nil, device: nil)))
        #expect(records == ["pad [1]", "pad [2]"])
    }

    @Test("keys the scene names replace the maker's values")
    func namedKeysApplied() throws {
        let built = try Self.build("cornerRadius: 3\n    multipleTouch: false\n    color: '#000000'")
        let pad = try #require(built.app.window.view(withID: "pad"))
        #expect(!pad.isMultipleTouchEnabled)
        #expect(pad.cornerRadius == 3)
        #expect(pad.backgroundColor == Color(r: 0, g: 0, b: 0))
    }

    @Test("a built-in kind still gets every key's default where the scene is silent")
    func builtInDefaults() throws {
        let scene = try SceneLoader.parse(text: "scene: s\nwindow: [100, 100]\nviews:\n  - id: v\n    frame: [0, 0, 10, 10]\n",
                                          file: "s.yaml", folder: "/tmp")
        let v = try #require(SceneBuilder.build(scene).app.window.view(withID: "v"))
        #expect(!v.isMultipleTouchEnabled && v.cornerRadius == 0 && v.backgroundColor == .clear)
    }
}
