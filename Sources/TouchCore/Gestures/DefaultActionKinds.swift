// What each built-in recognizer would take from a control (SPEC.md section 5, "controls win
// their default action"): Control.defaultActionWins(over:) reads these.

extension TapGestureRecognizer: DefaultActionDescribing {
    public var defaultActionKind: DefaultActionKind {
        .tap(taps: numberOfTapsRequired, touches: numberOfTouchesRequired)
    }
}

extension SwipeGestureRecognizer: DefaultActionDescribing {
    public var defaultActionKind: DefaultActionKind {
        .swipe(touches: numberOfTouchesRequired,
               horizontal: direction.contains(.left) || direction.contains(.right),
               vertical: direction.contains(.up) || direction.contains(.down))
    }
}

extension PanGestureRecognizer: DefaultActionDescribing {
    public var defaultActionKind: DefaultActionKind {
        .pan(minimumTouches: minimumNumberOfTouches, maximumTouches: maximumNumberOfTouches)
    }
}
