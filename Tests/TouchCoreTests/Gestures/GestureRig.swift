import TouchCore

// GestureRig: an application with one big view, a manual timeline and the trace collected.
// Only the public API of TouchCore is used (plain `import`), as a host program would.

final class GestureRig {
    let app = Application(windowSize: Size(width: 800, height: 600))
    let view = View(id: "canvas", frame: Rect(x: 0, y: 0, width: 800, height: 600))
    private(set) var records: [TraceRecord] = []
    /// The time of the latest input.
    private(set) var now = 0.0

    init() {
        app.window.addSubview(view)
        app.tracer.sink = TraceCallback { [unowned self] r in self.records.append(r) }
    }

    func add(_ r: GestureRecognizer) { view.addGestureRecognizer(r) }

    func key(_ finger: Int) -> TouchKey { TouchKey(device: 0, finger: finger) }
    func down(_ finger: Int, _ x: Double, _ y: Double, at t: Double) {
        now = t; app.send(.touchDown(key(finger), Point(x: x, y: y)), at: t)
    }
    func move(_ finger: Int, _ x: Double, _ y: Double, at t: Double) {
        now = t; app.send(.touchMove(key(finger), Point(x: x, y: y)), at: t)
    }
    func up(_ finger: Int, _ x: Double, _ y: Double, at t: Double) {
        now = t; app.send(.touchUp(key(finger), Point(x: x, y: y)), at: t)
    }
    func advance(to t: Double) { now = t; app.advance(to: t) }

    /// Moves one finger in a straight line from `a` to `b`, `steps` moves evenly spread
    /// over `duration` seconds starting at `t` (the first move lands at `t + duration/steps`).
    func drag(_ finger: Int, from a: Point, to b: Point, at t: Double, duration: Double, steps: Int) {
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(finger, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: t + duration * f)
        }
    }

    /// The gesture transitions of recognizer `id`, in order.
    func transitions(_ id: String) -> [Transition] {
        records.compactMap { rec in
            guard case let .gesture(recognizer, _, from, to, reason, outputs) = rec.body, recognizer == id else { return nil }
            return Transition(t: rec.t, from: from, to: to, reason: reason.string, outputs: outputs)
        }
    }
    /// The `to` states of recognizer `id`, in order.
    func states(_ id: String) -> [GestureState] { transitions(id).map(\.to) }

    struct Transition {
        var t: Double
        var from: GestureState
        var to: GestureState
        var reason: String
        var outputs: GestureOutputs
    }
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool { a.distance(to: b) <= tolerance }
func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { a.map { near($0, b, tolerance) } ?? false }
func near(_ a: Point?, _ b: Point, _ tolerance: Double = 1e-6) -> Bool { a.map { near($0, b, tolerance) } ?? false }
