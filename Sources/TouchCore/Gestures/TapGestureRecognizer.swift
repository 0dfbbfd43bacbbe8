// TapGestureRecognizer: taps × touches, discrete.
//
//   possible ──(all taps done with the right number of fingers)──▶ recognized
//   possible ──(moved past the slop, too many fingers, next tap too late or too far)──▶ failed

/// Recognizes `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers, as
/// `UITapGestureRecognizer`. Between taps it waits at most `maximumTapInterval`; a finger
/// may not move more than `allowableMovement`; each tap lands within `maximumTapDistance`
/// of the first.
///
///     let doubleTap = TapGestureRecognizer(id: "doubleTap"); doubleTap.numberOfTapsRequired = 2
open class TapGestureRecognizer: DiscreteGestureRecognizer {
    /// How many taps make the gesture (`UITapGestureRecognizer.numberOfTapsRequired`,
    /// default 1). With more than one, each lift starts the wait for the next tap.
    public var numberOfTapsRequired = 1
    /// How many fingers each tap is made of (`numberOfTouchesRequired`, default 1). More
    /// fingers down at once fail the tap.
    public var numberOfTouchesRequired = 1
    /// Defaults.tapInterval unless set.
    public var maximumTapInterval: Double?
    /// Defaults.tapSlop unless set.
    public var allowableMovement: Double?
    /// Defaults.tapDistance unless set.
    public var maximumTapDistance: Double?

    private var tapsDone = 0
    private var fingersThisTap = 0
    private var firstTapLocation: Point?
    private var starts: [ObjectIdentifier: Point] = [:]
    /// Where the fingers of the current tap (or of the last one, until the next lands)
    /// start in `trackedTouches`, which holds every tap's fingers in order.
    private var tapStart = 0

    /// A single-tap, single-finger recognizer named `id`.
    override public init(id: String) { super.init(id: id) }

    /// The tap's location (the centroid of its fingers, down or lifted) and the number of
    /// touches down.
    override open var outputs: GestureOutputs {
        GestureOutputs(location: location(in: nil), numberOfTouches: numberOfTouches)
    }
    /// A tap is where its fingers are, down or lifted: their centroid.
    override open var locationTouches: [Touch]? {
        let all = trackedTouches
        return tapStart < all.count ? Array(all[tapStart...]) : nil
    }

    /// A finger of the current tap landed: fails when more fingers are down than
    /// ``numberOfTouchesRequired``, or when a later tap lands farther than
    /// ``maximumTapDistance`` from the first.
    override open func touchesBegan(_ touches: [Touch], with event: Event) {
        deadline = nil
        if fingersThisTap == 0 { tapStart = max(trackedTouches.count - touches.count, 0) }
        for t in touches {
            starts[ObjectIdentifier(t)] = t.locationInWindow
            fingersThisTap += 1
        }
        let here = location(in: nil)
        if fingersThisTap > numberOfTouchesRequired {
            fail("failed: \(fingersThisTap) fingers down, needs \(numberOfTouchesRequired)",
                 because: GestureDecision(.touchCount, measured: Double(fingersThisTap),
                                          limit: Double(numberOfTouchesRequired), unit: .touches))
            return
        }
        // Where a tap lands is the centroid of all its fingers: compared once they are down.
        if tapsDone > 0, fingersThisTap == numberOfTouchesRequired, let first = firstTapLocation {
            let away = here.distance(to: first), farthest = maximumTapDistance ?? defaults.tapDistance
            if away > farthest {
                fail("failed: tap \(tapsDone + 1) landed \(fmt: (away * 10).rounded() / 10) pt from the first",
                     because: GestureDecision(.tapMovement, measured: away, limit: farthest, unit: .pt))
            }
        }
    }

    /// Fails when a finger strays more than ``allowableMovement`` from where it landed.
    override open func touchesMoved(_ touches: [Touch], with event: Event) {
        let slop = allowableMovement ?? defaults.tapSlop
        for t in touches {
            if let s = starts[ObjectIdentifier(t)], t.locationInWindow.distance(to: s) > slop {
                fail("failed: touch \(t.id) moved more than \(fmt: slop) pt",
                     because: GestureDecision(.tapMovement, measured: t.locationInWindow.distance(to: s), limit: slop, unit: .pt))
                return
            }
        }
        _ = location(in: nil)
    }

    /// When the tap's last finger lifts: fails a tap of the wrong finger count; recognizes
    /// after the last tap, or starts waiting ``maximumTapInterval`` for the next one.
    override open func touchesEnded(_ touches: [Touch], with event: Event) {
        guard numberOfTouches == 0 else { return }
        if fingersThisTap != numberOfTouchesRequired {
            fail("failed: tap with \(fingersThisTap) finger\(fingersThisTap == 1 ? "" : "s"), needs \(numberOfTouchesRequired)",
                 because: GestureDecision(.touchCount, measured: Double(fingersThisTap),
                                          limit: Double(numberOfTouchesRequired), unit: .touches))
            return
        }
        tapsDone += 1
        fingersThisTap = 0
        if firstTapLocation == nil { firstTapLocation = location(in: nil) }
        if tapsDone >= numberOfTapsRequired {
            recognize("recognized: \(numberOfTapsRequired) tap\(numberOfTapsRequired == 1 ? "" : "s") of \(numberOfTouchesRequired) finger\(numberOfTouchesRequired == 1 ? "" : "s")",
                      because: GestureDecision(.tapCount, measured: Double(tapsDone), limit: Double(numberOfTapsRequired)))
        } else {
            deadline = time + (maximumTapInterval ?? defaults.tapInterval)
        }
    }

    /// Still possible when its touches end: a tap cut short (taps made of taps needed).
    override open var unmetCondition: GestureDecision? {
        GestureDecision(.tapCount, measured: Double(tapsDone), limit: Double(numberOfTapsRequired))
    }

    /// A tap that lands exactly ``maximumTapInterval`` after the previous lift is in time
    /// (the longest pause, as `Touch.tapCount` counts it): the wait fails only after that.
    override var inputAtDeadlineIsInTime: Bool { true }

    /// The wait for the next tap ran out: fails ("failed: waited 0.3 s for tap 2 of 2").
    override open func deadlineReached() {
        // The next tap has not come: how late it comes is known only when (if) it lands,
        // so the decision has the limit and no measured value (`why` adds it then).
        let interval = maximumTapInterval ?? defaults.tapInterval
        fail("failed: waited \(fmt: interval) s for tap \(tapsDone + 1) of \(numberOfTapsRequired)",
             because: GestureDecision(.tapInterval, limit: interval, unit: .s))
    }

    /// Forgets the taps counted so far.
    override open func reset() {
        tapsDone = 0
        fingersThisTap = 0
        firstTapLocation = nil
        starts.removeAll()
        tapStart = 0
    }
}
