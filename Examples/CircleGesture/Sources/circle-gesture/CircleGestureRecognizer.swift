#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchScopeKit

// CircleGestureRecognizer: one finger draws a closed loop around a centre; a custom
// recognizer written outside TouchScope, against the public subclassing contract only.
//
//   possible ──(lift: turned 300° or more around the centre, round, radius 40 pt or more, within 2 s)──▶ recognized
//   possible ──(a second finger / 2 s pass / lift with any other path)──▶ failed

/// Recognizes a circle drawn with one finger: a loop that turns at least `minimumTurn`
/// (300°) around its centre, at a radius of at least `minimumRadius` (40 pt), drawn within
/// `maximumDuration` (2 s). It decides when the finger lifts.
///
/// How the path is read:
/// - The centre is the middle of the path's bounding box.
/// - The turn is the angle the finger sweeps around the centre, summed point to point (a
///   loop drawn either way round counts; a straight line sweeps at most about 180°).
/// - The radius is the mean distance of the path from the centre; the loop is round enough
///   when no point is nearer the centre than half of it, or farther than one and a half.
///
///     let circle = CircleGestureRecognizer(id: "circle")
///     circle.addAction("circled", target: nil)
///     canvas.addGestureRecognizer(circle)
final class CircleGestureRecognizer: DiscreteGestureRecognizer {
    /// Smallest angle (degrees) the finger must sweep around the centre.
    var minimumTurn = 300.0
    /// Smallest mean distance from the centre, in points.
    var minimumRadius = 40.0
    /// Longest time from touch down to lift, in seconds.
    var maximumDuration = 2.0

    /// The finger's path in the window's space.
    private var path: [Point] = []

    override init(id: String) { super.init(id: id) }

    override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        guard trackedTouches.count == 1, let t = touches.first else {
            fail("failed: a circle is drawn with one finger, not \(trackedTouches.count)",
                 because: GestureDecision(.touchCount, measured: Double(trackedTouches.count), limit: 1, unit: .touches))
            return
        }
        path = [t.locationInWindow]
        deadline = t.timestamp + maximumDuration
    }

    override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        path.append(t.locationInWindow)
    }

    override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible, let t = touches.first else { return }
        if path.last != t.locationInWindow { path.append(t.locationInWindow) }
        let loop = Loop(path)
        if loop.turn < minimumTurn {
            // A rule of its own, "turn", with its numbers: `why` says "119° short of the 300° needed".
            fail("failed: turned \(Int(loop.turn.rounded()))° of \(Int(minimumTurn))°",
                 because: GestureDecision("turn", measured: loop.turn, limit: minimumTurn, unit: .deg))
        } else if loop.radius < minimumRadius {
            fail("failed: a radius of \(fmt: loop.radius.rounded()) pt, less than \(fmt: minimumRadius) pt",
                 because: GestureDecision("radius", measured: loop.radius, limit: minimumRadius, unit: .pt))
        } else if loop.nearest < loop.radius / 2 || loop.farthest > loop.radius * 1.5 {
            fail("failed: not round: \(fmt: loop.nearest.rounded()) to \(fmt: loop.farthest.rounded()) pt from the centre",
                 because: GestureDecision("roundness"))
        } else {
            recognize("recognized: a circle of radius \(fmt: loop.radius.rounded()) pt, turned \(Int(loop.turn.rounded()))°",
                      because: GestureDecision("turn", measured: loop.turn, limit: minimumTurn, unit: .deg))
        }
    }

    override func deadlineReached() {
        guard state == .possible else { return }
        fail("failed: not lifted within \(fmt: maximumDuration) s",
             because: GestureDecision("duration", measured: maximumDuration, limit: maximumDuration, unit: .s))
    }

    override func reset() { path.removeAll() }
}

/// A path measured around its centre.
private struct Loop {
    /// The degrees swept around the centre (either way round).
    var turn = 0.0
    /// The mean, least and greatest distance from the centre.
    var radius = 0.0, nearest = 0.0, farthest = 0.0

    init(_ path: [Point]) {
        guard let first = path.first else { return }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in path {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let centre = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let distances = path.map { ($0 - centre).length }
        radius = distances.reduce(0, +) / Double(distances.count)
        nearest = distances.min() ?? 0
        farthest = distances.max() ?? 0
        // The sweep: each step's change of angle, taken the short way round.
        var swept = 0.0
        for (a, b) in zip(path, path.dropFirst()) {
            let u = a - centre, v = b - centre
            guard u.length > 0, v.length > 0 else { continue }
            var d = atan2(v.y, v.x) - atan2(u.y, u.x)
            if d > Double.pi { d -= 2 * Double.pi }
            if d < -Double.pi { d += 2 * Double.pi }
            swept += d
        }
        turn = abs(swept) * 180 / Double.pi
    }
}
