// GestureDecision: the rule that decided a recognizer's transition, and the numbers.
//
//   doubleTap possible → failed   rule tapInterval, limit 0.3 s              "failed: waited 0.3 s for tap 2 of 2"
//   pan       possible → began    rule slop, measured 12.1 pt, limit 10 pt, margin +2.1 "2.1 pt past the 10 pt slop"
//   press     possible → failed   rule pressDuration, 0.3 s of 0.5 s, margin -0.2      "0.2 s too early"
//   single    possible → failed   rule failureRequirement, by [doubleTap]
//
// Every gesture record may carry one (`TraceRecord.decision`), besides its reason text: the
// reason is for a person, the decision is for the answers (`why`, the verdict card), which
// say how close a gesture came to the other outcome. The margin is `measured - limit`,
// signed, in the rule's unit.

/// The name of the rule that decided a transition. The shipped recognizers and arbitration
/// use the names below; a recognizer of your own names its own
/// (`GestureRule("turn")`), or is reported as ``custom``.
public struct GestureRule: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The rule's name as the trace and `why --json` write it.
    public let rawValue: String
    /// A rule named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rule named `name`.
    public init(_ name: String) { rawValue = name }
    /// A rule written as a literal (`"turn"`).
    public init(stringLiteral value: String) { rawValue = value }
    /// The rule's name.
    public var description: String { rawValue }

    /// Enough taps were made (a tap recognizer's success), or too few.
    public static let tapCount: GestureRule = "tapCount"
    /// The next tap came too late (`maximumTapInterval`), or landed too far from the first.
    public static let tapInterval: GestureRule = "tapInterval"
    /// A finger of a tap moved too far (`allowableMovement`), or a tap landed too far from the first.
    public static let tapMovement: GestureRule = "tapMovement"
    /// The number of fingers: too many, too few.
    public static let touchCount: GestureRule = "touchCount"
    /// How long a press was held (`minimumPressDuration`).
    public static let pressDuration: GestureRule = "pressDuration"
    /// How far a press moved while held (`allowableMovement`).
    public static let pressMovement: GestureRule = "pressMovement"
    /// How far the touches moved (or pinched, or turned) before a continuous gesture begins.
    public static let slop: GestureRule = "slop"
    /// The direction of a swipe.
    public static let direction: GestureRule = "direction"
    /// How far a swipe travelled.
    public static let swipeDistance: GestureRule = "swipeDistance"
    /// How long a swipe took.
    public static let swipeDuration: GestureRule = "swipeDuration"
    /// How fast a swipe went (`minimumSpeed`; beyond the issue's minimum vocabulary).
    public static let swipeSpeed: GestureRule = "swipeSpeed"
    /// Where a screen-edge pan started.
    public static let edge: GestureRule = "edge"
    /// A recognizer this one requires to fail began or recognized (or it waited, and then went ahead).
    public static let failureRequirement: GestureRule = "failureRequirement"
    /// Another recognizer of the same touches got there first (default exclusivity).
    public static let exclusivity: GestureRule = "exclusivity"
    /// A delegate (or the view) said no (`gestureRecognizerShouldBegin`).
    public static let delegate: GestureRule = "delegate"
    /// A control's default action owns the motion (a drag along a slider's thumb).
    public static let control: GestureRule = "control"
    /// The recognizer left a touch out for its type (`allowedTouchTypes`,
    /// `requiresExclusiveTouchType`).
    public static let touchType: GestureRule = "touchType"
    /// The touches were cancelled, the recognizer disabled, or the sequence interrupted.
    public static let interrupted: GestureRule = "interrupted"
    /// A recognizer of your own decided without naming a rule.
    public static let custom: GestureRule = "custom"
    /// A hover: the pointer (the mouse with no button down, a pen in range not touching) is
    /// over the view, began or moved on; or it left the view. A hover that never began is
    /// measured by how near the pointer came (pt from the view, limit 0).
    public static let pointerOver: GestureRule = "pointerOver"
    /// A hover ended because the pointer became a touch: a button went down, the pen touched.
    public static let pointerTouched: GestureRule = "pointerTouched"
    /// A hover ended because the pen left the range (`BTN_TOOL_PEN` 0).
    public static let penOutOfRange: GestureRule = "penOutOfRange"

    /// The rules the shipped recognizers and arbitration use, in the order of the vocabulary.
    public static let vocabulary: [GestureRule] = [
        .tapCount, .tapInterval, .tapMovement, .touchCount, .pressDuration, .pressMovement, .slop,
        .direction, .swipeDistance, .swipeDuration, .swipeSpeed, .edge, .failureRequirement, .exclusivity,
        .delegate, .control, .touchType, .interrupted, .custom, .pointerOver, .pointerTouched, .penOutOfRange,
    ]
}

/// The unit of a decision's numbers.
public enum DecisionUnit: String, Sendable, Hashable, CaseIterable {
    /// Scene points (distance).
    case pt
    /// Seconds.
    case s
    /// Points per second (speed).
    case ptPerS = "pt/s"
    /// Degrees (angle).
    case deg
    /// A count of touches (or taps).
    case touches
}

/// Why a recognizer's transition happened, as data: the rule, and where a number decided,
/// the value measured, the limit and its unit. The reason text says the same for a person.
///
///     fail("failed: touch \(t.id) moved more than \(fmt: slop) pt",
///          because: GestureDecision(.tapMovement, measured: moved, limit: slop, unit: .pt))
public struct GestureDecision: Sendable, Hashable {
    // The fields live in one immutable object, so a decision is a single reference: the
    // arbitration passes `GestureDecision?` through every transition (nil for a gesture that
    // moves on), and a reference is copied, tested and dropped inline, where a struct of
    // these fields went through its type's generic copy (docs/performance.md). Setting a
    // field makes a new object; decisions are made once and rarely changed.
    private final class Fields: Sendable {
        let rule: GestureRule
        let measured: Double?, limit: Double?
        let unit: DecisionUnit?
        let by: [TraceName]
        let neverBegan: Bool
        let recognizer: TraceName?
        init(rule: GestureRule, measured: Double?, limit: Double?, unit: DecisionUnit?, by: [TraceName], neverBegan: Bool,
             recognizer: TraceName? = nil) {
            self.rule = rule; self.measured = measured; self.limit = limit; self.unit = unit
            self.by = by; self.neverBegan = neverBegan; self.recognizer = recognizer
        }
    }
    private var fields: Fields

    /// The rule that decided.
    public var rule: GestureRule {
        get { fields.rule }
        set { fields = Fields(rule: newValue, measured: measured, limit: limit, unit: unit, by: by, neverBegan: neverBegan, recognizer: recognizer) }
    }
    /// The value measured (distance moved, time held, fingers down), when a number decided.
    public var measured: Double? {
        get { fields.measured }
        set { fields = Fields(rule: rule, measured: newValue, limit: limit, unit: unit, by: by, neverBegan: neverBegan, recognizer: recognizer) }
    }
    /// The threshold it was compared with.
    public var limit: Double? {
        get { fields.limit }
        set { fields = Fields(rule: rule, measured: measured, limit: newValue, unit: unit, by: by, neverBegan: neverBegan, recognizer: recognizer) }
    }
    /// The unit of `measured` and `limit`.
    public var unit: DecisionUnit? {
        get { fields.unit }
        set { fields = Fields(rule: rule, measured: measured, limit: limit, unit: newValue, by: by, neverBegan: neverBegan, recognizer: recognizer) }
    }
    /// The recognizers (or views) whose outcome decided this one: the recognizer it required
    /// to fail, the one that got there first, the control whose action won.
    public var by: [TraceName] {
        get { fields.by }
        set { fields = Fields(rule: rule, measured: measured, limit: limit, unit: unit, by: newValue, neverBegan: neverBegan, recognizer: recognizer) }
    }
    /// True when the recognizer was still in `possible` when its touches ended: it never
    /// began, and `rule` (with the numbers) is the condition it had not reached.
    public var neverBegan: Bool {
        get { fields.neverBegan }
        set { fields = Fields(rule: rule, measured: measured, limit: limit, unit: unit, by: by, neverBegan: newValue, recognizer: recognizer) }
    }

    /// The recognizer the decision is about, when its record does not name one: a `note`
    /// that a recognizer does not analyse a touch (rule ``GestureRule/control``: a control's
    /// default action keeps it out). Nil on a gesture record, which names its recognizer.
    public var recognizer: TraceName? {
        get { fields.recognizer }
        set { fields = Fields(rule: rule, measured: measured, limit: limit, unit: unit, by: by, neverBegan: neverBegan, recognizer: newValue) }
    }

    /// A decision by `rule`; with `measured`, `limit` and `unit` when a number decided.
    public init(_ rule: GestureRule, measured: Double? = nil, limit: Double? = nil, unit: DecisionUnit? = nil,
                by: [TraceName] = [], neverBegan: Bool = false) {
        fields = Fields(rule: rule, measured: measured, limit: limit, unit: unit, by: by, neverBegan: neverBegan)
    }

    /// A decision by `rule` about `recognizer`, made where no gesture record names it (a note).
    public init(_ rule: GestureRule, about recognizer: TraceName, by: [TraceName]) {
        fields = Fields(rule: rule, measured: nil, limit: nil, unit: nil, by: by, neverBegan: false, recognizer: recognizer)
    }

    /// Whether the two decisions have the same rule, numbers, `by`, `neverBegan` and `recognizer`.
    public static func == (a: GestureDecision, b: GestureDecision) -> Bool {
        a.fields === b.fields || (a.rule == b.rule && a.measured == b.measured && a.limit == b.limit && a.unit == b.unit
                                  && a.by == b.by && a.neverBegan == b.neverBegan && a.recognizer == b.recognizer)
    }
    /// Hashes the fields `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule); hasher.combine(measured); hasher.combine(limit); hasher.combine(unit)
        hasher.combine(by); hasher.combine(neverBegan); hasher.combine(recognizer)
    }

    /// How far the measured value is from the limit, signed, in `unit`: `measured - limit`
    /// (nil unless both are known). Negative: short of the limit; positive: beyond it.
    public var margin: Double? {
        guard let measured, let limit else { return nil }
        return measured - limit
    }

    /// How many decimals the answers show `measured` and `limit` with: two (three for a limit
    /// set with three, such as 0.125 s), and more, up to six, while the two values rounded
    /// would not be on the sides of each other they were decided on (a gap of 0.552 s against
    /// a limit of 0.55 s is "0.552 s", never "0.55 s"). Trailing zeros are dropped when shown.
    public var decimals: Int {
        guard let limit else { return 2 }
        func rounded(_ v: Double, _ d: Int) -> Double { (v * pow10(d)).rounded() / pow10(d) }
        func exact(_ d: Int) -> Bool { abs(rounded(limit, d) - limit) <= 1e-9 * max(1, abs(limit)) }
        var d = !exact(2) && exact(3) ? 3 : 2
        guard let measured else { return d }
        let side = measured == limit ? 0 : (measured > limit ? 1 : -1)
        func sideShown(_ d: Int) -> Int {
            let m = rounded(measured, d), l = rounded(limit, d)
            return m == l ? 0 : (m > l ? 1 : -1)
        }
        while d < 6, sideShown(d) != side { d += 1 }
        return d
    }

    /// `v` to `decimals`, trailing zeros dropped: how the answers write a decision's numbers.
    public func shown(_ v: Double) -> String { TraceFormat.short(v, decimals) }

    /// The margin in words: "0.06 s too late", "0.2 s too early", "2.1 pt short of the 10 pt
    /// slop", "2.1 pt past the 10 pt limit", "119° short of the 300° needed". Nil without a margin.
    /// Its numbers have the decision's `decimals`; the margin more while it would show as 0.
    public var marginText: String? {
        guard let margin, let limit else { return nil }
        var places = decimals
        while places < 6, margin != 0, TraceFormat.short(abs(margin), places) == "0" { places += 1 }
        let amount = TraceFormat.short(abs(margin), places)
        func quantity(_ text: String) -> String {
            switch unit {
            case nil: text
            case .deg?: "\(text)°"
            case .touches?: "\(text) \(text == "1" ? "touch" : "touches")"
            case let u?: "\(text) \(u.rawValue)"
            }
        }
        if margin == 0 { return "exactly at the \(quantity(shown(limit))) limit" }
        switch unit {
        case .s?:
            return "\(quantity(amount)) \(margin > 0 ? "too late" : "too early")"
        default:
            let noun = rule == .slop ? "slop" : (margin < 0 ? "needed" : "limit")
            return "\(quantity(amount)) \(margin > 0 ? "past" : "short of") the \(quantity(shown(limit))) \(noun)"
        }
    }
}

/// 10 to the power `d` (d from 0 to 6).
private func pow10(_ d: Int) -> Double {
    var p = 1.0
    for _ in 0..<d { p *= 10 }
    return p
}
