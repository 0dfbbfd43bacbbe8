// PanRecognizerType: `type: pan` in a scene file, read into a PanGestureRecognizer maker
// (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `pan` node: `minTouches` (1…10, default 1), `maxTouches` (1…10, not below
    /// `minTouches`; default or `null`: unbounded) and `minimumDistance` (points before the
    /// pan begins, default the scene's `panSlop`).
    static func readPan(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let minTouches = p.int("minTouches", default: 1, min: 1, max: 10)
        p.refusesNull = false   // `maxTouches: null` is "unbounded"
        var maxTouches = p.int("maxTouches", min: 1, max: 10)
        p.refusesNull = true
        if let most = maxTouches, most < minTouches {
            p.error("`maxTouches` (\(most)) must not be below `minTouches` (\(minTouches))", at: "maxTouches")
            maxTouches = nil
        }
        let distance = p.number("minimumDistance", min: 0)
        return { [maxTouches] id in
            let g = PanGestureRecognizer(id: id)
            g.minimumNumberOfTouches = minTouches
            g.maximumNumberOfTouches = maxTouches ?? Int.max
            if let distance { g.panSlop = distance }
            return g
        }
    }
}
