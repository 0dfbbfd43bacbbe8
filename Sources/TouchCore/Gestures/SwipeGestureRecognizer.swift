// SwipeGestureRecognizer: a quick straight stroke in an allowed direction, as UISwipeGestureRecognizer.
//
//   possible ──(far enough, fast enough, straight enough, in an allowed direction)──▶ recognized
//   possible ──(wrong direction / too far off / too slow / too long / wrong touch count / lifted short)──▶ failed
import RealModule

/// Recognizes a swipe, discrete: it recognizes during the stroke, as soon as the motion of
/// `numberOfTouchesRequired` fingers (the mean of their displacements from where each
/// began) in one of `direction`'s directions
/// - is at least `minimumDistance` (50 pt) long,
/// - is at most `maximumAngle` (0.46 rad, about 26.6°) off that direction,
/// - has an average speed (distance along the direction / time since the first finger
///   landed) of at least `minimumSpeed` (200 pt/s),
/// - and all that within `maximumDuration` (0.5 s) of the first finger landing.
///
/// It fails as soon as the motion, once `minimumDistance` long, points nearest to a
/// direction not allowed or is too far off it or too slow; when `maximumDuration` passes
/// (a timer, so a finger held still fails too); when more fingers than required land; and
/// when a finger lifts before it recognized.
///
///     let swipe = SwipeGestureRecognizer(id: "swipe")
///     swipe.direction = [.left, .right]
public final class SwipeGestureRecognizer: DiscreteGestureRecognizer {
    /// The allowed directions (UIKit default: right).
    public var direction: Direction = .right
    /// How many fingers must swipe together (UIKit default 1).
    public var numberOfTouchesRequired = 1
    /// Shortest stroke along the direction (default `Defaults.swipeMinDistance`).
    @FromDefaults({ $0.swipeMinDistance }) public var minimumDistance: Double
    /// Slowest average speed along the direction (default `Defaults.swipeMinSpeed`).
    @FromDefaults({ $0.swipeMinSpeed }) public var minimumSpeed: Double
    /// Largest angle between the stroke and the direction, radians (default `Defaults.swipeMaxAngle`).
    @FromDefaults({ $0.swipeMaxAngle }) public var maximumAngle: Double
    /// Longest a swipe may take (default `Defaults.swipeMaxDuration`).
    @FromDefaults({ $0.swipeMaxDuration }) public var maximumDuration: Double

    /// When the first finger landed.
    private var startTime: Double?

    /// A one-finger, rightward swipe recognizer named `id`, with the defaults' thresholds.
    public override init(id: String) { super.init(id: id) }

    /// A finger landed: fails when more than ``numberOfTouchesRequired`` are down; the first
    /// finger starts the ``maximumDuration`` timer.
    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        if trackedTouches.count > numberOfTouchesRequired {
            fail("failed: \(trackedTouches.count) touches, swipe requires \(numberOfTouchesRequired)",
                 because: GestureDecision(.touchCount, measured: Double(trackedTouches.count),
                                          limit: Double(numberOfTouchesRequired), unit: .touches))
            return
        }
        if startTime == nil {
            startTime = time
            deadline = time + maximumDuration
        }
    }

    /// Decides from the stroke so far: recognizes, fails (wrong direction, too far off, too
    /// slow, too long) or waits.
    public override func touchesMoved(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        evaluate()
    }

    /// The lift may complete the stroke; otherwise the swipe fails ("lifted before swiping 50 pt
    /// right").
    public override func touchesEnded(_ touches: [Touch], with event: Event) {
        guard state == .possible else { return }
        evaluate()  // the lift may complete the stroke
        guard state == .possible else { return }
        fail("failed: lifted before swiping \(fmt: minimumDistance) pt \(allowed)",
             because: GestureDecision(.swipeDistance, measured: distanceSwiped(), limit: minimumDistance, unit: .pt,
                                      neverBegan: true))
    }

    /// How far the stroke went in the allowed direction that it went farthest in (0: none).
    private func distanceSwiped() -> Double {
        guard !trackedTouches.isEmpty else { return 0 }
        var d = Point.zero
        for t in trackedTouches { d = d + (t.locationInWindow - t.startLocationInWindow) }
        d = d / Double(trackedTouches.count)
        let along = [Direction.right, .left, .up, .down].filter { direction.contains($0) }
            .map { d.x * $0.unit.x + d.y * $0.unit.y }
        return max(0, along.max() ?? 0)
    }

    /// Still possible when its touches end: how far the stroke got of ``minimumDistance``.
    public override var unmetCondition: GestureDecision? {
        GestureDecision(.swipeDistance, measured: distanceSwiped(), limit: minimumDistance, unit: .pt, neverBegan: true)
    }

    /// A stroke completed exactly ``maximumDuration`` after the first finger landed is in
    /// time (the longest a swipe may take): the timer fails it only after that.
    override var inputAtDeadlineIsInTime: Bool { true }

    /// ``maximumDuration`` passed without a swipe: fails ("too long").
    public override func deadlineReached() {
        guard state == .possible else { return }
        // The time ran out before the stroke was a swipe: the limit decided, and there is no
        // measured duration to set against it (the stroke never completed).
        fail("failed: no swipe within \(fmt: maximumDuration) s (too long)",
             because: GestureDecision(.swipeDuration, limit: maximumDuration, unit: .s))
    }

    /// Forgets when the first finger landed.
    public override func reset() { startTime = nil }

    /// The allowed directions, for reasons.
    private var allowed: String {
        [Direction.right, .left, .up, .down].filter { direction.contains($0) }.map(\.name).joined(separator: " or ")
    }

    /// Decides from the stroke so far: recognize, fail, or wait.
    private func evaluate() {
        guard let start = startTime, trackedTouches.count == numberOfTouchesRequired else { return }
        // Up to the latest sample (a move delivered once per frame arrives after it was taken).
        var latest = start
        for t in trackedTouches where t.timestamp > latest { latest = t.timestamp }
        let elapsed = latest - start
        if elapsed > maximumDuration {
            fail("failed: took \(show: elapsed) s, longer than \(fmt: maximumDuration) s (too long)",
                 because: GestureDecision(.swipeDuration, measured: elapsed, limit: maximumDuration, unit: .s)); return
        }
        var d = Point.zero
        for t in trackedTouches { d = d + (t.locationInWindow - t.startLocationInWindow) }
        d = d / Double(trackedTouches.count)
        guard d.length >= minimumDistance else { return }
        // The cardinal direction the stroke is nearest to.
        let candidates: [Direction] = [.right, .left, .up, .down]
        var best = Direction.right
        var bestAlong = -Double.infinity
        for c in candidates {
            let along = d.x * c.unit.x + d.y * c.unit.y
            if along > bestAlong { best = c; bestAlong = along }
        }
        guard direction.contains(best) else {
            fail("failed: swiped \(best.name), not \(allowed) (wrong direction)", because: GestureDecision(.direction)); return
        }
        let across = abs(d.x * best.unit.y - d.y * best.unit.x)
        let angle = Double.atan2(y: across, x: bestAlong)
        guard angle <= maximumAngle else {
            // In degrees, with the decimals that keep the two apart (a failure: formatted now).
            let d = GestureDecision(.direction, measured: angle * 180 / .pi, limit: maximumAngle * 180 / .pi, unit: .deg)
            fail(TraceText("failed: stroke \(d.shown(angle * 180 / .pi))° off \(best.name), more than \(d.shown(maximumAngle * 180 / .pi))°"),
                 because: d); return
        }
        guard bestAlong >= minimumDistance else { return }
        let speed = elapsed > 0 ? bestAlong / elapsed : .infinity
        guard speed >= minimumSpeed else {
            fail("failed: \(show: speed) pt/s, slower than \(fmt: minimumSpeed) pt/s (too slow)",
                 because: GestureDecision(.swipeSpeed, measured: speed, limit: minimumSpeed, unit: .ptPerS)); return
        }
        recognize("recognized: swiped \(best.name) \(show: bestAlong) pt in \(show: elapsed) s",
                  because: GestureDecision(.swipeDistance, measured: bestAlong, limit: minimumDistance, unit: .pt))
    }
}

extension SwipeGestureRecognizer {
    /// The directions a swipe may take (`UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Sendable, Hashable {
        /// The directions as bits: right 1, left 2, up 4, down 8.
        public let rawValue: Int
        /// The directions whose bits are set in `rawValue`.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Toward +x (`UISwipeGestureRecognizer.Direction.right`).
        public static let right = Direction(rawValue: 1 << 0)
        /// Toward -x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Toward -y, up the screen.
        public static let up = Direction(rawValue: 1 << 2)
        /// Toward +y, down the screen.
        public static let down = Direction(rawValue: 1 << 3)
        /// All four directions.
        public static let all: Direction = [.right, .left, .up, .down]

        /// The unit vector of a single direction (y points down).
        var unit: Point {
            switch self {
            case .left: Point(-1, 0)
            case .up: Point(0, -1)
            case .down: Point(0, 1)
            default: Point(1, 0)
            }
        }
        var name: String {
            switch self {
            case .right: "right"
            case .left: "left"
            case .up: "up"
            case .down: "down"
            default: "\(rawValue)"
            }
        }
    }
}
