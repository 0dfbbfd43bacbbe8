// ScreenEdgePanGestureRecognizer: a pan that starts at an edge of the window, as UIScreenEdgePanGestureRecognizer.
//
//   possible ──(began within edgeWidth of an edge in `edges`, moved away from it past panSlop)──▶ began ──▶ changed* ──▶ ended
//   possible ──(began away from those edges / moved along or toward the edge)──▶ failed
//   (otherwise as PanGestureRecognizer)

/// The edges of a rectangle (`UIRectEdge`).
public struct RectEdge: OptionSet, Sendable, Hashable {
    /// The edges as bits: top 1, left 2, bottom 4, right 8.
    public let rawValue: Int
    /// The edges whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge (where iOS's back gesture starts).
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan whose first finger must land within `edgeWidth` (20 pt, our number; UIKit does
/// not document its own) of one of `edges` of the window, and whose motion, when the pan
/// would begin, must point away from that edge: its component away from the edge must be
/// positive and at least as large as its component along the edge (within 45° of straight
/// in). Everything else (outputs, re-basing, touch counts) is `PanGestureRecognizer`'s.
///
///     let back = ScreenEdgePanGestureRecognizer(id: "back")
///     back.edges = .left
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges a pan may start from (UIKit default: none, so set it).
    public var edges: RectEdge = []
    /// How close to the edge the first finger must land, in points.
    public var edgeWidth: Double = 20
    /// The selected edges the first finger landed near.
    private var startEdges: RectEdge = []

    /// A screen-edge pan named `id`. Set ``edges``: with none it fails every touch.
    public override init(id: String) { super.init(id: id) }

    /// The first finger must land within ``edgeWidth`` of one of ``edges`` (else it fails,
    /// naming the edges); then as ``PanGestureRecognizer``.
    public override func touchesBegan(_ touches: [Touch], with event: Event) {
        if state == .possible, trackedTouches.count == 1, let t = touches.first {
            startEdges = edgesNear(t).intersection(edges)
            if startEdges.isEmpty {
                fail("failed: touch began more than \(fmt: edgeWidth) pt from the \(names(edges)) edge of the window",
                     because: GestureDecision(.edge, measured: distanceToEdges(t), limit: edgeWidth, unit: .pt))
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    override func refusalToBegin(translation d: Point) -> (reason: TraceText, decision: GestureDecision)? {
        let away: [(RectEdge, Double, Double)] = [
            (.left, d.x, abs(d.y)), (.right, -d.x, abs(d.y)), (.top, d.y, abs(d.x)), (.bottom, -d.y, abs(d.x)),
        ]
        for (edge, out, along) in away where startEdges.contains(edge) && out > 0 && out >= along { return nil }
        return ("failed: moved along or toward the \(names(startEdges)) edge, not away from it", GestureDecision(.direction))
    }

    /// Forgets the edge the pan started from, and clears the pan.
    public override func reset() {
        super.reset()
        startEdges = []
    }

    /// The window edges within `edgeWidth` of where `touch` landed.
    private func edgesNear(_ touch: Touch) -> RectEdge {
        guard let w = touch.window else { return [] }
        let p = touch.startLocationInWindow, b = w.bounds
        var e: RectEdge = []
        if p.x - b.minX <= edgeWidth { e.insert(.left) }
        if b.maxX - p.x <= edgeWidth { e.insert(.right) }
        if p.y - b.minY <= edgeWidth { e.insert(.top) }
        if b.maxY - p.y <= edgeWidth { e.insert(.bottom) }
        return e
    }
    /// How far `touch` landed from the nearest of ``edges`` (nil: no window, or no edge set).
    private func distanceToEdges(_ touch: Touch) -> Double? {
        guard let w = touch.window else { return nil }
        let p = touch.startLocationInWindow, b = w.bounds
        let all: [(RectEdge, Double)] = [(.left, p.x - b.minX), (.right, b.maxX - p.x), (.top, p.y - b.minY), (.bottom, b.maxY - p.y)]
        return all.filter { edges.contains($0.0) }.map(\.1).min()
    }
    private func names(_ e: RectEdge) -> String {
        [(RectEdge.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")]
            .filter { e.contains($0.0) }.map(\.1).joined(separator: " or ")
    }
}
