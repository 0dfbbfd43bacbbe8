// TapRecognizerType: `type: tap` in a scene file, read into a TapGestureRecognizer maker
// (registered in ShippedTypes.swift).

extension SceneTypes {
    /// Reads a `tap` node: `taps` (1…10, default 1), `touches` (1…10, default 1),
    /// `maximumInterval` (seconds between taps, default the scene's `tapInterval`) and
    /// `maximumDistance` (points a tap may move, default `tapSlop`).
    static func readTap(_ p: SceneParameters) -> MakeRecognizer {
        p.refusesNull = true
        let taps = p.int("taps", default: 1, min: 1, max: 10)
        let touches = p.int("touches", default: 1, min: 1, max: 10)
        let interval = p.number("maximumInterval", min: 0)
        let distance = p.number("maximumDistance", min: 0)
        return { id in
            let t = TapGestureRecognizer(id: id)
            t.numberOfTapsRequired = taps
            t.numberOfTouchesRequired = touches
            t.maximumTapInterval = interval
            t.allowableMovement = distance
            return t
        }
    }
}
