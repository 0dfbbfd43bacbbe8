// Verdict: the answer to "why did my gesture (not) fire?" for one touch sequence.
//
//   records ──VerdictBuilder.add(_:)──▶ sequences, each: touches and the views they hit,
//                                        the winners, and each recognizer's outcome with
//                                        its rule, reason, numbers, margin and waits
//
// A sequence starts when a finger lands with none down and ends when the last lifts or is
// cancelled; it is settled once every recognizer that analysed its touches has decided
// (a double tap's first tap settles only when the second tap decides, or the wait runs
// out). `touchscope why` prints the verdicts of a recording; the window's verdict card
// shows the newest settled one. Both read only trace records, so a verdict is the same
// from a live window, a replay and a trace file.

/// One touch of a sequence and the view its hit test chose.
public struct VerdictTouch: Sendable, Hashable {
    /// The application's touch id.
    public var id: Int
    /// The hit-test view (nil: the touch hit nothing).
    public var view: TraceName?
    /// A touch `id` that hit `view`.
    public init(id: Int, view: TraceName?) { self.id = id; self.view = view }
}

/// How a recognizer's attempt on a sequence came out.
public enum VerdictOutcome: String, Sendable, Hashable, CaseIterable {
    /// A discrete gesture happened.
    case recognized
    /// A continuous gesture began (and went on to end or change).
    case began
    /// It was decided against: by its own rule, or by arbitration.
    case failed
    /// It was under way and was called off.
    case cancelled
    /// Its touches ended while it was still in `possible`: its condition was not reached.
    case neverBegan
    /// Not decided yet (the sequence is under way, or the recording ends first).
    case undecided
}

/// One wait of a recognizer for others to fail (SPEC.md section 5, failure requirements).
public struct VerdictWait: Sendable, Hashable {
    /// The recognizers it waited for.
    public var waitedFor: [TraceName]
    /// When the wait began.
    public var from: Double
    /// When it ended (nil: still waiting).
    public var until: Double?
    /// A wait for `waitedFor` from `from` until `until`.
    public init(waitedFor: [TraceName], from: Double, until: Double?) {
        self.waitedFor = waitedFor; self.from = from; self.until = until
    }
    /// How long it waited (nil while waiting).
    public var duration: Double? { until.map { $0 - from } }
}

/// One recognizer's part in a sequence: its outcome, the decision behind it and its waits.
public struct RecognizerVerdict: Sendable, Hashable {
    /// The recognizer's id.
    public var id: TraceName
    /// The view it is attached to.
    public var view: TraceName
    /// How its attempt came out.
    public var outcome: VerdictOutcome
    /// When it was decided (the outcome's transition).
    public var at: Double
    /// The reason text of the deciding transition.
    public var reason: String
    /// The rule and numbers of the deciding transition (nil: none recorded).
    public var decision: GestureDecision?
    /// Its waits for other recognizers to fail, in order.
    public var waits: [VerdictWait]
    /// The last state it reached before its reset: the outcome's state, or what a gesture
    /// under way went on to (`changed`, `ended`, `cancelled`). Nil while undecided.
    public var finalState: GestureState?
    /// A verdict for recognizer `id` on `view`.
    public init(id: TraceName, view: TraceName, outcome: VerdictOutcome, at: Double, reason: String,
                decision: GestureDecision?, waits: [VerdictWait] = [], finalState: GestureState? = nil) {
        self.id = id; self.view = view; self.outcome = outcome; self.at = at; self.reason = reason
        self.decision = decision; self.waits = waits; self.finalState = finalState
    }
    /// Every recognizer it waited for, in order, each once.
    public var waitedFor: [TraceName] {
        var out: [TraceName] = []
        for w in waits { for n in w.waitedFor where !out.contains(n) { out.append(n) } }
        return out
    }
    /// Whether it won: recognized or began.
    public var won: Bool { outcome == .recognized || outcome == .began }
}

/// An action message a control sent while tracking a sequence's touch.
public struct VerdictAction: Sendable, Hashable {
    /// The action's name (`buttonTapped`).
    public var action: String
    /// The explicit target (nil: it travelled the responder chain).
    public var target: TraceName?
    /// The responder that handled it (nil: none did).
    public var handledBy: TraceName?
    /// Action `action` sent to `target`, handled by `handledBy`.
    public init(action: String, target: TraceName?, handledBy: TraceName?) {
        self.action = action; self.target = target; self.handledBy = handledBy
    }
}

/// A control that tracked a sequence's touches: the control events it sent (`touchDown`,
/// `touchUpInside`, `valueChanged`, …) and the action messages they triggered.
public struct VerdictControl: Sendable, Hashable {
    /// The control's id.
    public var control: TraceName
    /// Its control events, in order.
    public var events: [String]
    /// The actions it sent, in order.
    public var actions: [VerdictAction]
    /// Control `control` with its `events` and `actions`.
    public init(control: TraceName, events: [String] = [], actions: [VerdictAction] = []) {
        self.control = control; self.events = events; self.actions = actions
    }
}

/// A recognizer that never analysed a touch of the sequence because a control's default
/// action needed it (SPEC.md section 5, "controls win their default action"; rule `control`),
/// or because of the touch's type (rule `touchType`: `allowedTouchTypes`,
/// `requiresExclusiveTouchType`).
public struct VerdictKeptOut: Sendable, Hashable {
    /// The recognizer kept out.
    public var recognizer: TraceName
    /// The touch it did not analyse.
    public var touch: Int
    /// The control whose default action won; for rule `touchType`, the touch's type.
    public var control: TraceName
    /// The rule: ``GestureRule/control`` or ``GestureRule/touchType``.
    public var rule: GestureRule = .control
    /// The trace note's words (rule `touchType`: which setting left the touch out).
    public var reason: String?
    /// Recognizer `recognizer` kept from touch `touch` by `control`.
    public init(recognizer: TraceName, touch: Int, control: TraceName) {
        self.recognizer = recognizer; self.touch = touch; self.control = control
    }
}

/// How far up the responder chain one touch's messages went: every responder that got its
/// `touchesBegan`, in order (the view it landed on first, then each next responder it was
/// passed to). The last one kept it, unless it is the application (no responder did).
public struct VerdictResponders: Sendable, Hashable {
    /// The touch.
    public var touch: Int
    /// The responders that got its `touchesBegan`, in order.
    public var chain: [TraceName]
    /// Touch `touch`'s responders.
    public init(touch: Int, chain: [TraceName]) { self.touch = touch; self.chain = chain }
}

/// The verdict of one touch sequence.
public struct SequenceVerdict: Sendable, Hashable {
    /// When the first finger landed.
    public var start: Double
    /// When the last finger lifted or was cancelled (nil: under way).
    public var end: Double?
    /// Its touches, in landing order, with the views they hit.
    public var touches: [VerdictTouch]
    /// The recognizers that analysed its touches, in the order they first did.
    public var recognizers: [RecognizerVerdict]
    /// Whether every recognizer of the sequence has decided and its fingers are up.
    public var settled: Bool
    /// When it settled: its last lift, or the last decision after it (nil: not settled).
    public var settledAt: Double?
    /// The controls that tracked its touches, with their events and actions.
    public var controls: [VerdictControl] = []
    /// The recognizers a control's default action kept from its touches.
    public var keptOut: [VerdictKeptOut] = []
    /// Per touch that reached a responder, how far up the responder chain it went.
    public var responders: [VerdictResponders] = []
    /// A sequence that started at `start`.
    public init(start: Double, end: Double? = nil, touches: [VerdictTouch] = [],
                recognizers: [RecognizerVerdict] = [], settled: Bool = false, settledAt: Double? = nil) {
        self.start = start; self.end = end; self.touches = touches
        self.recognizers = recognizers; self.settled = settled; self.settledAt = settledAt
    }
    /// The recognizers that won (recognized or began), in order.
    public var winners: [TraceName] { recognizers.filter(\.won).map(\.id) }
    /// The recognizers that did not win.
    public var losers: [RecognizerVerdict] { recognizers.filter { !$0.won } }
}
