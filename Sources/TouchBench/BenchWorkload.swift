// Bench workloads: a generated view tree with recognizers, and a synthetic multi-finger stream.
//
// Everything here is deterministic (a seeded SplitMix64), so two runs dispatch the same
// events into the same scene and `touchscope bench` figures are comparable run to run.
import TouchCore
import TouchScene
import RealModule

/// A small, fast, seeded random number generator (SplitMix64): the same seed, the same numbers.
public struct BenchRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A double in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
    /// A double in `lo..<hi`.
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    /// An int in `lo...hi`.
    public mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
}

/// The shape of a generated scene: `fanOut` children per view, `depth` levels below the
/// window, and `recognizers` recognizers spread over inner views and leaves.
///
///     let scene = BenchScene.make(BenchScene.Shape(fanOut: 10, depth: 4, recognizers: 1000))
///     scene.allViews.count  // 11110 (10 + 100 + 1000 + 10000)
public enum BenchScene {
    public struct Shape: Sendable, Hashable {
        public var fanOut: Int
        public var depth: Int
        public var recognizers: Int
        public var window: Size
        public init(fanOut: Int = 10, depth: Int = 4, recognizers: Int = 1000,
                    window: Size = Size(width: 1280, height: 800)) {
            self.fanOut = fanOut; self.depth = depth; self.recognizers = recognizers; self.window = window
        }
        /// Views below the window: fanOut + fanOut² + … + fanOut^depth.
        public var viewCount: Int {
            var n = 0, level = 1
            for _ in 0..<depth { level *= fanOut; n += level }
            return n
        }
        /// Leaves (the deepest level): fanOut^depth.
        public var leafCount: Int {
            var level = 1
            for _ in 0..<depth { level *= fanOut }
            return level
        }
    }

    /// The recognizer kinds, in the proportions the generator hands them out: continuous ones
    /// (pan, pinch + rotation pairs, long press) on inner views, taps on leaves.
    static func recognizerPlan(_ shape: Shape) -> [Int: [String]] {
        // Per level (1 = the window's children): how many views get which kinds.
        var plan: [Int: [String]] = [:]
        let budget = shape.recognizers
        guard budget > 0, shape.depth > 0 else { return plan }
        if shape.depth == 1 {
            plan[1] = ["tap", "pan", "longPress"]
            return plan
        }
        switch shape.depth {
        case 2:
            plan[1] = ["pan", "longPress", "pinch", "rotation"]
        case 3:
            plan[1] = ["pan"]
            plan[2] = ["pinch", "rotation", "longPress"]
        default:
            plan[1] = ["pan"]
            plan[2] = ["pinch", "rotation"]
            plan[shape.depth - 1] = ["pan", "longPress"]
        }
        plan[shape.depth] = ["tap"]
        return plan
    }

    /// A recognizer of one of TouchScope's own types with its defaults (the plan names only
    /// those, so the registry cannot refuse it).
    static func recognizer(_ type: String, id: String, _ types: SceneTypes) -> RecognizerDescription {
        do { return try types.recognizer(type, id: id) } catch { preconditionFailure("bench recognizer `\(type)`: \(error)") }
    }

    /// Builds the scene. Views are laid out in a grid inside their parent (each cell 90% of
    /// its slot, so some points hit inner views or the window), coloured by level.
    public static func make(_ shape: Shape, name: String = "bench") -> SceneDescription {
        var scene = SceneDescription(name: name, window: shape.window)
        let types = SceneTypes()
        let plan = recognizerPlan(shape)
        var left = shape.recognizers
        var serial = 0
        let cols = max(1, Int(Double(shape.fanOut).squareRoot().rounded(.up)))
        let rows = max(1, (shape.fanOut + cols - 1) / cols)
        // How many views per level get recognizers: spread the budget evenly over the levels
        // in the plan, weighted by how many kinds each level takes.
        let kindsTotal = plan.values.reduce(0) { $0 + $1.count }
        var perLevel: [Int: Int] = [:]
        var levelSize = 1
        for level in 1...max(1, shape.depth) {
            levelSize *= shape.fanOut
            guard let kinds = plan[level] else { continue }
            let share = shape.recognizers * kinds.count / max(1, kindsTotal)
            perLevel[level] = min(levelSize, max(1, share / kinds.count))
        }
        var given: [Int: Int] = [:]
        let colors = ["#3a4a5a", "#4a6a4a", "#6a5a3a", "#5a3a6a", "#3a6a6a", "#6a3a3a"]

        func build(level: Int, index: Int, slot: Rect) -> ViewDescription {
            serial += 1
            let id = "v\(level)_\(index)"
            let w = slot.width * 0.9, h = slot.height * 0.9
            var v = ViewDescription(id: id, frame: Rect(x: slot.minX + slot.width * 0.05, y: slot.minY + slot.height * 0.05, width: w, height: h))
            v.color = Color(parsing: colors[level % colors.count]) ?? .clear
            v.multipleTouch = true
            if let kinds = plan[level], let quota = perLevel[level], given[level, default: 0] < quota,
               left >= kinds.count, index % max(1, levelCount(level) / quota) == 0 {
                given[level, default: 0] += 1
                for k in kinds {
                    left -= 1
                    var r = recognizer(k, id: "\(k)_\(id)", types)
                    if k == "pinch" || k == "rotation" {
                        let other = k == "pinch" ? "rotation_\(id)" : "pinch_\(id)"
                        r.simultaneousWith = .recognizers([Reference(other)])
                    }
                    v.recognizers.append(r)
                }
            }
            if level < shape.depth {
                let cw = w / Double(cols), ch = h / Double(rows)
                for c in 0..<shape.fanOut {
                    let cell = Rect(x: Double(c % cols) * cw, y: Double(c / cols) * ch, width: cw, height: ch)
                    v.children.append(build(level: level + 1, index: index * shape.fanOut + c, slot: cell))
                }
            }
            return v
        }
        func levelCount(_ level: Int) -> Int {
            var n = 1
            for _ in 0..<level { n *= shape.fanOut }
            return n
        }
        let cw = shape.window.width / Double(cols), ch = shape.window.height / Double(rows)
        for c in 0..<shape.fanOut where shape.depth > 0 {
            let cell = Rect(x: Double(c % cols) * cw, y: Double(c / cols) * ch, width: cw, height: ch)
            scene.views.append(build(level: 1, index: c, slot: cell))
        }
        // Whatever the levels did not take goes to taps on leaves, front to back.
        if left > 0 {
            var stack = scene.views.indices.map { [$0] }
            while left > 0, let path = stack.popLast() {
                let v = scene.views[path: path]
                if v.children.isEmpty {
                    if v.recognizers.isEmpty {
                        scene.views[path: path].recognizers.append(recognizer("tap", id: "tap_\(v.id)", types))
                        left -= 1
                    }
                } else {
                    for i in v.children.indices { stack.append(path + [i]) }
                }
            }
        }
        _ = serial
        return scene
    }

    /// The scene as YAML (the subset of keys `make` uses), for `touchscope replay`.
    public static func yaml(_ scene: SceneDescription) -> String {
        var out = "scene: \(scene.name)\nwindow: [\(num(scene.window.width)), \(num(scene.window.height))]\nviews:\n"
        func emit(_ v: ViewDescription, indent: String) {
            out += "\(indent)- id: \(v.id)\n"
            let i = indent + "  "
            out += "\(i)frame: [\(num(v.frame.minX)), \(num(v.frame.minY)), \(num(v.frame.width)), \(num(v.frame.height))]\n"
            out += "\(i)color: \"\(hex(v.color))\"\n"
            if v.multipleTouch { out += "\(i)multipleTouch: true\n" }
            if !v.recognizers.isEmpty {
                out += "\(i)recognizers:\n"
                for r in v.recognizers {
                    out += "\(i)  - {id: \(r.id), type: \(r.type.name)"
                    if case let .recognizers(refs) = r.simultaneousWith {
                        out += ", simultaneousWith: [\(refs.map(\.id).joined(separator: ", "))]"
                    }
                    out += "}\n"
                }
            }
            if !v.children.isEmpty {
                out += "\(i)children:\n"
                for c in v.children { emit(c, indent: i + "  ") }
            }
        }
        for v in scene.views { emit(v, indent: "  ") }
        return out
    }

    private static func num(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
    private static func hex(_ c: Color) -> String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
        return "#" + h(c.r) + h(c.g) + h(c.b)
    }
}

extension Array where Element == ViewDescription {
    /// The view at an index path (first index in this array, then in `children`).
    fileprivate subscript(path path: [Int]) -> ViewDescription {
        get {
            var v = self[path[0]]
            for i in path.dropFirst() { v = v.children[i] }
            return v
        }
        set {
            if path.count == 1 { self[path[0]] = newValue; return }
            self[path[0]].children[path: [Int](path.dropFirst())] = newValue
        }
    }
}

/// A synthetic finger stream: sequences of 2 to 5 fingers landing near each other somewhere
/// in the window, moving together (a random mix of drag, spread and twist) and lifting, one
/// after the other. Fingers are recorded as SDL gives them (`finger-down/move/up`), with
/// timestamps 4 ms apart, so long presses and multi-tap intervals come and go.
///
///     var s = FingerStream(window: Size(width: 1280, height: 800), seed: 1)
///     var batch: [RawInput] = []
///     s.fill(&batch, count: 4096)
public struct FingerStream: Sendable {
    public let window: Size
    private var rng: BenchRandom
    /// The time of the next event (seconds).
    public private(set) var t = 0.0
    /// Seconds between two events.
    public var step = 0.004
    /// Events generated so far.
    public private(set) var produced = 0

    // The sequence under way.
    private var fingers: [(id: Int, x: Double, y: Double)] = []
    private var phase = 0          // 0: landing, 1: moving, 2: lifting
    private var landed = 0
    private var movesLeft = 0
    private var cursor = 0
    private var centre = Point.zero
    private var drift = Point.zero
    private var spread = 1.0
    private var twist = 0.0
    private var nextFinger = 1

    public init(window: Size, seed: UInt64 = 0x5eed) {
        self.window = window
        rng = BenchRandom(seed: seed)
        startSequence()
    }

    private mutating func startSequence() {
        let n = rng.int(2, 5)
        centre = Point(x: rng.uniform(0, window.width), y: rng.uniform(0, window.height))
        let radius = rng.uniform(4, 120)
        fingers.removeAll(keepingCapacity: true)
        for k in 0..<n {
            let a = Double(k) / Double(n) * 6.283185307179586 + rng.uniform(0, 0.5)
            let r = radius * rng.uniform(0.5, 1)
            fingers.append((nextFinger, clampX(centre.x + r * Double.cos(a)), clampY(centre.y + r * Double.sin(a))))
            nextFinger += 1
        }
        if nextFinger > 1_000_000 { nextFinger = 1 }
        // Mostly long drags and pinches; some short taps (no moves) and still holds.
        movesLeft = rng.unit() < 0.2 ? 0 : rng.int(4, 40)
        drift = Point(x: rng.uniform(-6, 6), y: rng.uniform(-6, 6))
        spread = rng.uniform(0.97, 1.03)
        twist = rng.uniform(-0.03, 0.03)
        phase = 0
        landed = 0
        cursor = 0
    }

    private func clampX(_ x: Double) -> Double { min(max(x, 0), window.width - 0.5) }
    private func clampY(_ y: Double) -> Double { min(max(y, 0), window.height - 0.5) }

    /// The next input event.
    public mutating func next() -> RawInput {
        let now = t
        t += step
        produced += 1
        switch phase {
        case 0:
            let f = fingers[landed]
            landed += 1
            if landed == fingers.count { phase = movesLeft > 0 ? 1 : 2; cursor = 0 }
            return RawInput(t: now, .fingerDown(finger: f.id, x: f.x, y: f.y))
        case 1:
            // One finger moves per event; every finger moves once per round.
            var f = fingers[cursor]
            let dx = f.x - centre.x, dy = f.y - centre.y
            let c = Double.cos(twist), s = Double.sin(twist)
            f.x = clampX(centre.x + drift.x + spread * (c * dx - s * dy))
            f.y = clampY(centre.y + drift.y + spread * (s * dx + c * dy))
            fingers[cursor] = f
            cursor += 1
            if cursor == fingers.count {
                cursor = 0
                centre = Point(x: clampX(centre.x + drift.x), y: clampY(centre.y + drift.y))
                movesLeft -= 1
                if movesLeft == 0 { phase = 2 }
            }
            return RawInput(t: now, .fingerMove(finger: f.id, x: f.x, y: f.y))
        default:
            let f = fingers[cursor]
            cursor += 1
            if cursor == fingers.count { startSequence() }
            return RawInput(t: now, .fingerUp(finger: f.id, x: f.x, y: f.y))
        }
    }

    /// Replaces `batch` with the next `count` events (reusing its storage).
    public mutating func fill(_ batch: inout [RawInput], count: Int) {
        batch.removeAll(keepingCapacity: true)
        for _ in 0..<count { batch.append(next()) }
    }
}

