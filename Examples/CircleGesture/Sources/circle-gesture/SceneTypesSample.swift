// docs/library.md's and TouchScene's article's sample of registered scene types, compiled here against
// this package's real CircleGestureRecognizer (the package's tests check that both show it
// as it is). Unused by the program: `circle-gesture` builds its views in code.
import TouchScopeKit
// Doc sample: begin
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
// Doc sample: end

/// A program whose scene files use these types makes touchscope's command line its own with
/// one call from its `main` (docs/library.md shows this line).
@MainActor func knobScenesMain() -> Never {
    TouchScopeApp.main(name: "knob-scenes", types: knobTypes(), defaultScene: "scenes/knobs.yaml")
}
