// SceneGenerator: a random but valid scene (YAML) from a seed: nested views with every hit
// rule and delivery flag, every recognizer type with random delivery options, links and
// simultaneity, and the control kit.

import TouchScene
import TouchBench

/// SplitMix64: a small deterministic generator, so a seed always gives the same scene
/// (the bench's own, `BenchRandom`).
typealias SplitMix = BenchRandom

enum SceneGenerator {
    static let recognizerTypes = ["tap", "pinch", "rotation", "pan", "swipe", "longPress", "screenEdgePan", "checkmark"]
    static let controlKinds = ["button", "switch", "slider", "stepper", "segmented", "pageControl", "textField"]

    static func yaml(seed: UInt64) -> String {
        var rng = SplitMix(seed: seed)
        var out = "scene: generated\nwindow: [800, 600]\n"
        if Bool.random(using: &rng) { out += "defaults: {tapInterval: 0.3, longPressDuration: 0.4, shakeMaxDuration: 2}\n" }
        var ids: [String] = []          // views
        var recognizers: [String] = []
        var firstResponderCandidates: [String] = []
        var n = 0

        func b(_ p: Double = 0.5) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        func pick<T>(_ a: [T]) -> T { a[Int.random(in: 0..<a.count, using: &rng)] }

        func recognizer(indent: String) -> String {
            n += 1
            let id = "r\(n)"
            let type = pick(recognizerTypes)
            var s = "\(indent)- id: \(id)\n\(indent)  type: \(type)\n"
            if b(0.3) { s += "\(indent)  cancelsTouchesInView: \(b())\n" }
            if b(0.3) { s += "\(indent)  delaysTouchesBegan: \(b())\n" }
            if b(0.3) { s += "\(indent)  delaysTouchesEnded: \(b())\n" }
            if b(0.1) { s += "\(indent)  shouldBegin: false\n" }
            if b(0.1) { s += "\(indent)  enabled: false\n" }
            if type == "tap" { s += "\(indent)  taps: \(Int.random(in: 1...3, using: &rng))\n\(indent)  touches: \(pick([1, 1, 2]))\n" }
            if type == "longPress", b(0.3) { s += "\(indent)  taps: 1\n" }
            if type == "pan", b(0.3) { s += "\(indent)  minTouches: 2\n" }
            if type == "swipe" { s += "\(indent)  directions: [\(pick(["left", "right", "up", "down"]))]\n" }
            if !recognizers.isEmpty && b(0.3) { s += "\(indent)  requireToFail: [\(pick(recognizers))]\n" }
            if !recognizers.isEmpty && b(0.2) { s += "\(indent)  requireFailureOf: [\(pick(recognizers))]\n" }
            if b(0.3) { s += "\(indent)  simultaneousWith: all\n" }
            else if !recognizers.isEmpty && b(0.3) { s += "\(indent)  simultaneousWith: [\(pick(recognizers))]\n" }
            if b(0.2) { s += "\(indent)  action: {action: gestured}\n" }
            if ["pinch", "rotation", "pan"].contains(type), b(0.4) {
                s += "\(indent)  bind: {momentum: \(b()), spring: \(b())\(type == "pinch" ? ", limits: {min: 0.5, max: 3}" : "")}\n"
            }
            recognizers.append(id)
            return s
        }

        func view(depth: Int, indent: String) -> String {
            n += 1
            let id = "v\(n)"
            ids.append(id)
            let isControl = depth > 0 && b(0.3)
            let isScroll = !isControl && b(0.1)
            let kind = isControl ? pick(controlKinds) : (isScroll ? "scrollView" : "view")
            let w = Int.random(in: 40...500, using: &rng), h = Int.random(in: 40...400, using: &rng)
            let x = Int.random(in: -50...700, using: &rng), y = Int.random(in: -50...500, using: &rng)
            var s = "\(indent)- id: \(id)\n\(indent)  kind: \(kind)\n\(indent)  frame: [\(x), \(y), \(w), \(h)]\n"
            if b(0.2) { s += "\(indent)  transform: {rotation: \(Double(Int.random(in: -30...30, using: &rng)) / 10), scale: \(pick([0.5, 1, 1.5]))}\n" }
            if b(0.4) { s += "\(indent)  multipleTouch: true\n" }
            if b(0.15) { s += "\(indent)  exclusiveTouch: true\n" }
            if !isControl, b(0.5) { s += "\(indent)  handlesTouches: true\n" }
            if b(0.05) { s += "\(indent)  hidden: true\n" }
            if b(0.05) { s += "\(indent)  userInteraction: false\n" }
            if b(0.05) { s += "\(indent)  alpha: 0.005\n" }
            if b(0.1) { s += "\(indent)  hitRule: \(pick(["passThrough", "selfOnly"]))\n" }
            if b(0.1) { s += "\(indent)  touchOutset: 20\n" }
            if b(0.2) { s += "\(indent)  handlesMotion: true\n" }
            if b(0.1) { s += "\(indent)  canBecomeFirstResponder: true\n"; firstResponderCandidates.append(id) }
            if kind == "textField" { firstResponderCandidates.append(id) }
            if isControl {
                switch kind {
                case "segmented": s += "\(indent)  segments: [\"A\", \"B\", \"C\"]\n"
                case "stepper": s += "\(indent)  autorepeat: \(b())\n"
                default: break
                }
                if b(0.1) { s += "\(indent)  enabled: false\n" }
                s += "\(indent)  targets: [{event: primaryActionTriggered, action: pressed}]\n"
            }
            if isScroll { s += "\(indent)  contentSize: [\(w * 2), \(h * 3)]\n\(indent)  delaysContentTouches: \(b())\n" }
            let recCount = pick([0, 0, 1, 1, 2, 3])
            if recCount > 0 {
                s += "\(indent)  recognizers:\n"
                for _ in 0..<recCount { s += recognizer(indent: indent + "    ") }
            }
            if depth < 3, !isControl {
                let kids = pick(isScroll ? [1, 2] : [0, 0, 1, 2, 3])
                if kids > 0 {
                    s += "\(indent)  children:\n"
                    for _ in 0..<kids { s += view(depth: depth + 1, indent: indent + "    ") }
                }
            }
            return s
        }

        out += "views:\n"
        for _ in 0..<Int.random(in: 1...4, using: &rng) { out += view(depth: 0, indent: "  ") }
        if let fr = firstResponderCandidates.first, b(0.5) { out += "firstResponder: \(fr)\n" }
        if b(0.3) { out += "player: {title: \"Song\", duration: 60}\n" }
        return out
    }
}
