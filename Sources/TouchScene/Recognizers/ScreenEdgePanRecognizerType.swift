// ScreenEdgePanRecognizerType: `type: screenEdgePan` in a scene file, read into a
// ScreenEdgePanGestureRecognizer maker (registered in ShippedTypes.swift).

/// Screen edges (`edges`).
public enum ScreenEdge: String, Sendable, Hashable, CaseIterable {
    /// The window's left edge.
    case left
    /// The window's right edge.
    case right
    /// The window's top edge.
    case top
    /// The window's bottom edge.
    case bottom
}

extension SceneTypes {
    /// Reads a `screenEdgePan` node: `edges` (one or a list, default [left]) and
    /// `minimumDistance` (points before the pan begins, default the scene's `panSlop`).
    static func readScreenEdgePan(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let edges = p.choices("edges", atLeastOne: "edge", default: [ScreenEdge.left])
        let distance = p.number("minimumDistance", min: 0)
        return { id in
            let g = ScreenEdgePanGestureRecognizer(id: id)
            var set: RectEdge = []
            for e in edges {
                switch e {
                case .left: set.insert(.left)
                case .right: set.insert(.right)
                case .top: set.insert(.top)
                case .bottom: set.insert(.bottom)
                }
            }
            g.edges = set
            if let distance { g.panSlop = distance }
            return g
        }
    }
}
