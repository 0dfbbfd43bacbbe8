// ZigzagRecognizerType: a test-only recognizer type, added to scene files as
// docs/contributing.md "Add a recognizer" says: this one file (the type's reader, and here
// also its class, which a real addition has in TouchCore's Gestures/ or in a program) and
// one `register` line (RecognizerRecipeTests).

import TouchScene

/// Recognizes a one-finger stroke whose horizontal direction turns at least `turns` times.
final class ZigzagGestureRecognizer: DiscreteGestureRecognizer {
    let turns: Int
    private var lastX: Double?
    private var heading = 0
    private var turned = 0

    init(id: String, turns: Int) {
        self.turns = turns
        super.init(id: id)
    }

    override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        lastX = t.locationInWindow.x
    }

    override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first, let last = lastX else { return }
        let x = t.locationInWindow.x
        if x != last {
            let now = x > last ? 1 : -1
            if heading != 0, now != heading { turned += 1 }
            heading = now
        }
        lastX = x
    }

    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        if turned >= turns { recognize("recognized: \(turned) turns") } else { fail("failed: \(turned) turns, needs \(turns)") }
    }

    override func reset() { lastX = nil; heading = 0; turned = 0 }
}

extension SceneTypes {
    /// Reads a `zigzag` node: `turns` (1…20, default 2).
    static func readZigzag(_ p: SceneParameters) -> MakeRecognizer {
        let turns = p.int("turns", default: 2, min: 1, max: 20)
        return { id in ZigzagGestureRecognizer(id: id, turns: turns) }
    }
}
