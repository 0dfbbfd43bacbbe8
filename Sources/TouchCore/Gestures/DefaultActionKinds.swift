// What each built-in recognizer would take from a control (SPEC.md section 5, "controls win
// their default action"): Control.defaultActionWins(over:) reads these.

extension TapGestureRecognizer: DefaultActionDescribing {
    /// A tap of its taps and fingers: a control decides at touch-down whether it keeps it.
    public var defaultActionKind: DefaultActionKind {
        .tap(taps: numberOfTapsRequired, touches: numberOfTouchesRequired)
    }
}

extension SwipeGestureRecognizer: DefaultActionDescribing {
    /// A swipe of its fingers, horizontal and/or vertical from its directions: a slider or
    /// switch keeps one along its own axis.
    public var defaultActionKind: DefaultActionKind {
        .swipe(touches: numberOfTouchesRequired,
               horizontal: direction.contains(.left) || direction.contains(.right),
               vertical: direction.contains(.up) || direction.contains(.down))
    }
}

extension PanGestureRecognizer: DefaultActionDescribing {
    /// A pan of its finger range: a slider or switch keeps one that runs along it.
    public var defaultActionKind: DefaultActionKind {
        .pan(minimumTouches: minimumNumberOfTouches, maximumTouches: maximumNumberOfTouches)
    }
}
