// CheckmarkGestureRecognizer: one finger draws a check mark (✓); a custom recognizer written against the public subclassing contract only.
//
//   possible ──(lift: a down-right stroke, then a longer up-right stroke, both straight enough)──▶ recognized
//   possible ──(a second finger / lift with any other shape)──▶ failed
import RealModule

/// Recognizes a check mark drawn with one finger: a stroke down and to the right, then a
/// longer stroke up and to the right. It decides when the finger lifts.
///
/// This file uses nothing but the public API a program outside TouchCore has (subclass
/// `DiscreteGestureRecognizer`, override the touch methods, read `trackedTouches`, call
/// `recognize` / `fail`), to show that the subclassing contract is enough.
///
/// How the path is read (angles with y pointing down, so "down-right" is +45°):
/// - The vertex is the lowest point of the path (largest y); the first stroke runs from
///   the start to it, the second from it to the lift.
/// - The first stroke is at least `minimumStrokeLength` (20 pt) long and points within
///   `angleTolerance` (35°) of down-right (+45°); the second points within the same
///   tolerance of up-right (−45°) and is at least `minimumLengthRatio` (1.2) times as long.
/// - Each stroke is straight enough: no point of the path strays from the stroke's chord
///   by more than `straightnessTolerance` (0.25) times the stroke's length.
///
///     let check = CheckmarkGestureRecognizer(id: "check")
///     check.addAction("markDone", target: nil)
///     list.addGestureRecognizer(check)
public final class CheckmarkGestureRecognizer: DiscreteGestureRecognizer {
    /// Shortest first stroke, in points.
    public var minimumStrokeLength = 20.0
    /// How much longer than the first stroke the second must be.
    public var minimumLengthRatio = 1.2
    /// Largest angle (radians) between a stroke and its ideal direction (±45°).
    public var angleTolerance = 35.0 * Double.pi / 180
    /// Largest distance of the path from a stroke's chord, as a fraction of its length.
    public var straightnessTolerance = 0.25

    /// The finger's path in the window's space.
    private var path: [Point] = []

    /// A check-mark recognizer named `id`, with the default tolerances.
    public override init(id: String) { super.init(id: id) }

    /// Starts the path at the finger; a second finger fails the gesture.
    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        guard trackedTouches.count == 1, let t = touches.first else {
            fail("failed: a check mark is drawn with one finger",
                 because: GestureDecision(.touchCount, measured: Double(trackedTouches.count), limit: 1, unit: .touches))
            return
        }
        path = [t.locationInWindow]
    }

    /// Adds the finger's position to the path.
    public override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        path.append(t.locationInWindow)
    }

    /// Reads the path when the finger lifts: recognizes a check mark, or fails with what is
    /// wrong ("failed: not a check mark: the second stroke is 52.3° off up-right").
    public override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        if path.last != t.locationInWindow { path.append(t.locationInWindow) }
        if let problem = shapeProblem() {
            fail("failed: not a check mark: \(problem.text)", because: problem.decision)
        } else {
            recognize("recognized: check mark", because: GestureDecision("checkMark"))
        }
    }

    /// Forgets the path.
    public override func reset() { path.removeAll() }

    /// What keeps the path from being a check mark (nil: it is one), and the rule it breaks
    /// with its numbers (rules of this recognizer's own: strokeLength, strokeRatio,
    /// strokeAngle, straightness).
    private func shapeProblem() -> (text: String, decision: GestureDecision)? {
        guard let first = path.first, let last = path.last, path.count >= 3 else {
            return ("too few points", GestureDecision("strokeLength", measured: Double(path.count), limit: 3))
        }
        var vertexIndex = 0
        for (i, p) in path.enumerated() where p.y > path[vertexIndex].y { vertexIndex = i }
        let vertex = path[vertexIndex]
        let down = vertex - first, up = last - vertex
        if down.length < minimumStrokeLength {
            return ("the down-right stroke is \(show(down.length)) pt, shorter than \(show(minimumStrokeLength))",
                    GestureDecision("strokeLength", measured: down.length, limit: minimumStrokeLength, unit: .pt))
        }
        if up.length < down.length * minimumLengthRatio {
            return ("the up-right stroke is \(show(up.length)) pt, not \(show(minimumLengthRatio)) times the first (\(show(down.length)) pt)",
                    GestureDecision("strokeRatio", measured: up.length, limit: down.length * minimumLengthRatio, unit: .pt))
        }
        let ideal = Double.pi / 4
        let downOff = abs(Double.atan2(y: down.y, x: down.x) - ideal)
        if downOff > angleTolerance {
            return ("the first stroke is \(degrees(downOff))° off down-right",
                    GestureDecision("strokeAngle", measured: downOff * 180 / .pi, limit: angleTolerance * 180 / .pi, unit: .deg))
        }
        let upOff = abs(Double.atan2(y: up.y, x: up.x) + ideal)
        if upOff > angleTolerance {
            return ("the second stroke is \(degrees(upOff))° off up-right",
                    GestureDecision("strokeAngle", measured: upOff * 180 / .pi, limit: angleTolerance * 180 / .pi, unit: .deg))
        }
        if let bent = strayOf(path[0...vertexIndex], from: first, to: vertex) {
            return ("the first stroke bends \(show(bent)) pt away from straight",
                    GestureDecision("straightness", measured: bent, limit: straightnessTolerance * down.length, unit: .pt))
        }
        if let bent = strayOf(path[vertexIndex...], from: vertex, to: last) {
            return ("the second stroke bends \(show(bent)) pt away from straight",
                    GestureDecision("straightness", measured: bent, limit: straightnessTolerance * up.length, unit: .pt))
        }
        return nil
    }

    /// The largest distance of `points` from the chord `a`–`b`, when it is too large.
    private func strayOf(_ points: ArraySlice<Point>, from a: Point, to b: Point) -> Double? {
        let chord = b - a
        let length = chord.length
        guard length > 0 else { return nil }
        var worst = 0.0
        for p in points {
            let v = p - a
            worst = max(worst, abs(v.x * chord.y - v.y * chord.x) / length)
        }
        return worst > straightnessTolerance * length ? worst : nil
    }

    private func show(_ v: Double) -> String { fmt((v * 10).rounded() / 10) }
    private func degrees(_ r: Double) -> String { show(r * 180 / Double.pi) }
}
