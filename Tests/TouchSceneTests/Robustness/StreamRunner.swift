// StreamRunner: generated input streams (fingers, faults, shake, remote) played into a scene,
// with the invariants checked on every trace record and once time has settled.
import PropertyBased
@testable import TouchCore
@testable import TouchScene

/// One generated step, as small integers so the library can shrink it: what happens
/// (`op`), to which finger, where (per mille of the window, -100…1100: outside it too),
/// and how long after the previous step (milliseconds).
struct Op: Sendable, Hashable, CustomStringConvertible {
    var op: Int
    var finger: Int
    var x: Int
    var y: Int
    var dt: Int

    var description: String { "Op(\(op), \(finger), \(x), \(y), \(dt))" }

    static let opCount = 120
    static var gen: Generator<Op, some Sequence & SendableMetatype> {
        zip(Gen.int(in: 0...(opCount - 1)), Gen.int(in: 0...9), Gen.int(in: -100...1100),
            Gen.int(in: -100...1100), Gen.int(in: 0...700))
            .map { Op(op: $0, finger: $1, x: $2, y: $3, dt: $4) }
    }
    static var stream: Generator<[Op], some Sequence & SendableMetatype> { gen.array(of: 1...60) }
}

/// A step of a run: an input, or a scene reload (cancel every touch, build the scene anew).
enum Step: Hashable, CustomStringConvertible {
    case input(RawInput)
    case reload(t: Double)

    var t: Double {
        switch self {
        case let .input(r): r.t
        case let .reload(t): t
        }
    }
    var description: String {
        switch self {
        case let .input(r): RecordingWriter.line(r)
        case let .reload(t): "{\"t\":\(t),\"type\":\"reload\"}"
        }
    }
}

enum StreamRunner {
    /// Turns generated ops into steps in `window` (scene points). Fingers 8 and 9 come from a
    /// second touch device. Mouse, keys and the gamepad are mixed in.
    static func steps(_ ops: [Op], window: Size) -> [Step] {
        var t = 0.0
        var out: [Step] = []
        for o in ops {
            t += Double(o.dt) / 1000
            let x = window.width * Double(o.x) / 1000, y = window.height * Double(o.y) / 1000
            let device: Int? = o.finger >= 8 ? 1 : nil
            let pressure: Double? = o.finger == 3 ? Double(o.x.clamped(0, 1000)) / 1000 : nil
            let kind: RawInput.Kind
            switch o.op {
            case 0..<30: kind = .fingerDown(finger: o.finger, x: x, y: y, pressure: pressure, device: device)
            case 30..<65: kind = .fingerMove(finger: o.finger, x: x, y: y, pressure: pressure, device: device)
            case 65..<88: kind = .fingerUp(finger: o.finger, x: x, y: y, pressure: pressure, device: device)
            case 88..<90: kind = .focusLost
            case 90: kind = .focusGained
            case 91: kind = .touchDeviceRemoved
            case 92: kind = .resize(width: Double(200 + abs(o.x)), height: Double(200 + abs(o.y)))
            case 93: out.append(.reload(t: t)); continue
            case 94, 95: kind = .keyDown(key: "Z", mods: [.ctrl])
            case 96: kind = .keyUp(key: "Z", mods: [.ctrl])
            case 97: kind = .padDown(button: "back")
            case 98: kind = .padUp(button: "back")
            case 99: kind = .padRemoved
            case 100: kind = .padAdded
            case 101: kind = .padAccel(x: Double(o.x) / 20, y: Double(o.y) / 20, z: 9.8)
            case 102: kind = .keyDown(key: ["AudioPlay", "AudioFastForward", "F9", "Escape"][o.finger % 4])
            case 103: kind = .keyUp(key: ["AudioPlay", "AudioFastForward", "F9", "Escape"][o.finger % 4])
            case 104: kind = .padDown(button: ["a", "righttrigger", "dpleft", "leftshoulder"][o.finger % 4])
            case 105: kind = .padUp(button: ["a", "righttrigger", "dpleft", "leftshoulder"][o.finger % 4])
            case 106..<109:
                kind = .mouseDown(x: x, y: y, button: o.finger == 9 ? .middle : .left, mods: mods(o.finger))
            case 109..<115: kind = .mouseMove(x: x, y: y, button: .left, mods: mods(o.finger))
            default: kind = .mouseUp(x: x, y: y, button: .left, mods: mods(o.finger))
            }
            out.append(.input(RawInput(t: t, kind)))
        }
        return out
    }

    private static func mods(_ f: Int) -> [KeyModifier] {
        switch f {
        case 0...4: []
        case 5, 6: [.alt]
        case 7: [.alt, .shift]
        case 8: [.shift]
        default: [.ctrl]
        }
    }

    /// Lifts everything the stream may have left down: every finger of both devices, the
    /// mouse, held keys and buttons.
    static func closing(at t: Double) -> [RawInput] {
        var out: [RawInput] = []
        for f in 0...9 {
            out.append(RawInput(t: t, .fingerUp(finger: f, x: 0, y: 0, device: f >= 8 ? 1 : nil)))
        }
        out.append(RawInput(t: t, .mouseUp(x: 0, y: 0, button: .left)))
        for k in ["Z", "AudioPlay", "AudioFastForward", "F9", "Escape"] { out.append(RawInput(t: t, .keyUp(key: k))) }
        for b in ["back", "a", "righttrigger", "dpleft", "leftshoulder"] { out.append(RawInput(t: t, .padUp(button: b))) }
        return out
    }

    struct Result {
        /// Every trace line, prefixed with the session's number (a reload starts a new one).
        var lines: [String] = []
        var problems: [String] = []
    }

    /// Plays `steps` into `scene`, then lifts everything and lets 10 s pass; checks every
    /// promise. `reload` builds the replacement session (default: as the live window does).
    static func run(_ scene: SceneDescription, _ steps: [Step]) -> Result {
        var result = Result()
        var generation = 0
        var session = SceneSession(scene: scene)
        var checker = InvariantChecker(label: "session 0, ")
        func connect() {
            let g = generation, c = checker
            session.app.tracer.sink = TraceCallback { record in
                c.observe(record)
                result.lines.append("\(g) " + TraceWriter.line(record))
            }
        }
        func settle(_ s: SceneSession, from t: Double) {
            for dt in [0.5, 1, 2, 5, 10] { s.advance(to: t + dt) }
        }
        connect()
        for step in steps {
            switch step {
            case let .input(raw):
                session.advance(to: raw.t)
                session.handle(raw)
            case let .reload(t):
                session.advance(to: t)
                let old = session
                session = SceneSession(scene: scene, replacing: old, reason: "scene reloaded")
                // The old scene is gone: it must settle on its own, with nothing left open.
                settle(old, from: t)
                checker.checkSettled(old)
                old.app.tracer.sink = nil
                result.problems += checker.problems
                generation += 1
                checker = InvariantChecker(label: "session \(generation), ")
                connect()
                session.advance(to: t)
            }
        }
        let end = (steps.last?.t ?? 0) + 0.01
        session.advance(to: end)
        for raw in closing(at: end) { session.handle(raw) }
        // Resting fingers (middle click) lift with a second click where they rest.
        for f in session.mapper.emulatedFingers where f.resting {
            session.handle(RawInput(t: end, .mouseDown(x: f.location.x, y: f.location.y, button: .middle)))
            session.handle(RawInput(t: end, .mouseUp(x: f.location.x, y: f.location.y, button: .middle)))
        }
        settle(session, from: end)
        checker.checkSettled(session)
        result.problems += checker.problems
        return result
    }

    /// Runs twice and also checks that both runs gave the same trace, line for line.
    static func check(_ scene: SceneDescription, _ steps: [Step]) -> [String] {
        let a = run(scene, steps)
        var problems = a.problems
        if problems.isEmpty {
            let b = run(scene, steps)
            if a.lines != b.lines {
                let i = zip(a.lines, b.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.lines.count, b.lines.count)
                problems.append("traces differ run to run at line \(i + 1): \(a.lines.dropFirst(i).first ?? "<end>") vs \(b.lines.dropFirst(i).first ?? "<end>")")
            }
        }
        return problems
    }

    /// The steps as a recording (reloads shown as a `reload` line), for failure messages.
    static func render(_ steps: [Step]) -> String { steps.map(\.description).joined(separator: "\n") }
}

extension Int {
    func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), hi) }
}
