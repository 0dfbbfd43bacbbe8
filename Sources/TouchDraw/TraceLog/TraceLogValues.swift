// TraceLogValues: what the trace log hands the panels — hit tests, recognizer transitions,
// failure waits, lane events and touch spans, each a plain value.

/// One hit test from the trace.
public struct HitTestInfo: Sendable, Hashable {
    public var t: Double
    public var seq: Int
    public var touch: Int
    public var point: Point
    public var path: [HitStep]
    public var view: TraceName?
}

/// One recognizer transition from the trace.
public struct GestureTransition: Sendable, Hashable {
    public var t: Double
    public var seq: Int
    public var from: GestureState
    public var to: GestureState
    /// The reason as the recognizer gave it: formatted only when a panel reads `reason`.
    public var reasonText: TraceText
    public var reason: String { reasonText.description }
    public var outputs: GestureOutputs
}

/// A `failureWait` record as the log keeps it: when a recognizer was held in `possible` by a
/// failure requirement, and the recognizers it waits for. (TouchCore's `FailureWait` is the
/// recognizer's own state while it waits.)
public struct FailureWaitEvent: Sendable, Hashable {
    public var t: Double
    public var recognizer: TraceName
    public var waitingFor: [TraceName]
    public init(t: Double, recognizer: TraceName, waitingFor: [TraceName]) {
        self.t = t; self.recognizer = recognizer; self.waitingFor = waitingFor
    }
}

/// A point event for a timeline lane (control events, motion, remote, actions).
public struct LaneEvent: Sendable, Hashable {
    public var t: Double
    public var seq: Int
    /// Who it is about (control id, receiver, handler).
    public var subject: TraceName?
    /// What happened (`touchUpInside`, `began`, `play`...).
    public var label: String
}

/// One touch's life as the trace shows it: began at its hit test, ended at its last message.
public struct TouchSpan: Sendable, Hashable {
    public var touch: Int
    public var began: Double
    public var end: Double?
    /// The last phase any responder received for it.
    public var lastPhase: TouchPhase
    /// The hit-test view.
    public var view: TraceName?
    /// Times of the messages (began, moved, ended...), for ticks. Bounded.
    public var messageTimes: [Double]
}
