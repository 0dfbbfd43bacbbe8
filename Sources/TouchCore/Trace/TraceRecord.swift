// Trace records: every decision the event model makes, as data (DESIGN.md "Trace").
import Synchronization

/// Why a view visited during hit testing was or was not chosen.
public enum HitVerdict: String, Sendable, Hashable {
    /// The point is inside the view, but a subview was chosen (or the view passes through).
    case inside
    /// The point is outside the view's bounds (enlarged touch area included): skipped with its subtree.
    case outside
    /// The view is hidden: skipped with its subtree.
    case hidden
    /// The view's alpha is below 0.01: skipped with its subtree.
    case transparent
    /// The view has user interaction off: skipped with its subtree.
    case disabled
    /// The view is the hit-test view.
    case hit
}

/// One view visited by a hit test, in visiting order.
public struct HitStep: Sendable, Hashable {
    /// The visited view's id.
    public var view: TraceName
    /// What the hit test decided about it.
    public var verdict: HitVerdict
    /// A step: `view` (a view's name) visited with `verdict`.
    public init(view: TraceName, verdict: HitVerdict) { self.view = view; self.verdict = verdict }
}

/// A touch phase as UIKit names it.
public enum TouchPhase: String, Sendable, Hashable {
    /// The finger touched down (`UITouch.Phase.began`).
    case began
    /// The finger moved (`.moved`).
    case moved
    /// The finger is down and did not move while another touch of the sequence moved
    /// (`.stationary`). Responders hear it as `touchesMoved`.
    case stationary
    /// The finger lifted (`.ended`).
    case ended
    /// The system ended the touch: a recognizer took it, focus was lost, the device went
    /// away, the scene reloaded (`.cancelled`).
    case cancelled
}

/// The states of a gesture recognizer. `recognized` is `ended` for discrete recognizers:
/// traces name it `recognized` for discrete ones and `ended` for continuous ones.
public enum GestureState: String, Sendable, Hashable, CaseIterable {
    /// The recognizer has not decided yet: the state it starts in and resets to.
    case possible
    /// A continuous gesture started (`UIGestureRecognizer.State.began`); actions are sent.
    case began
    /// A continuous gesture under way changed (`.changed`); actions are sent.
    case changed
    /// A continuous gesture finished (`.ended`); actions are sent.
    case ended
    /// A discrete gesture happened (`.recognized`, which UIKit makes equal to `.ended`);
    /// actions are sent.
    case recognized
    /// A continuous gesture under way was cancelled: its touches were cancelled, or the
    /// recognizer was disabled or removed (`.cancelled`); actions are sent.
    case cancelled
    /// The input is not this gesture (`.failed`); recognizers that require this one to fail
    /// may now proceed. No action is sent.
    case failed

    /// The position in `allCases` (a switch: `allCases` builds an array on every call).
    var index: Int {
        switch self {
        case .possible: 0
        case .began: 1
        case .changed: 2
        case .ended: 3
        case .recognized: 4
        case .cancelled: 5
        case .failed: 6
        }
    }
}

/// The outputs of a recognizer at the moment of a transition (those that apply).
///
/// Every gesture record carries one, so it is laid out small: the values side by side and
/// which of them apply in one byte (88 bytes, where seven optionals took 136); each property
/// reads as an optional.
public struct GestureOutputs: Sendable, Hashable {
    // The values (zero when absent, so that equal outputs are equal fields) and the bits of
    // those present: one bit per property, in the order they are declared.
    private var locationValue = Point.zero
    private var translationValue = Point.zero
    private var velocityVectorValue = Point.zero
    private var scaleValue = 0.0
    private var rotationValue = 0.0
    private var velocityValue = 0.0
    private var numberOfTouchesValue = 0
    private var present: UInt8 = 0

    private static let locationBit: UInt8 = 1, scaleBit: UInt8 = 2, rotationBit: UInt8 = 4, translationBit: UInt8 = 8
    private static let velocityBit: UInt8 = 16, velocityVectorBit: UInt8 = 32, numberOfTouchesBit: UInt8 = 64

    private func get<T>(_ bit: UInt8, _ value: T) -> T? { present & bit != 0 ? value : nil }
    private static func set<T>(_ bit: UInt8, _ new: T?, _ zero: T, _ field: inout T, _ present: inout UInt8) {
        if let new { field = new; present |= bit } else { field = zero; present &= ~bit }
    }

    /// The gesture's location in window coordinates (scene points): the centroid of its
    /// touches, or where a discrete gesture happened.
    public var location: Point? {
        get { get(Self.locationBit, locationValue) }
        set { Self.set(Self.locationBit, newValue, .zero, &locationValue, &present) }
    }
    /// Pinch: the scale factor since the gesture began (1 is the size it began at).
    public var scale: Double? {
        get { get(Self.scaleBit, scaleValue) }
        set { Self.set(Self.scaleBit, newValue, 0, &scaleValue, &present) }
    }
    /// Rotation: the angle since the gesture began, in radians, positive clockwise on screen.
    public var rotation: Double? {
        get { get(Self.rotationBit, rotationValue) }
        set { Self.set(Self.rotationBit, newValue, 0, &rotationValue, &present) }
    }
    /// Pan and screen-edge pan: the distance moved since the gesture began, in window
    /// coordinates (points).
    public var translation: Point? {
        get { get(Self.translationBit, translationValue) }
        set { Self.set(Self.translationBit, newValue, .zero, &translationValue, &present) }
    }
    /// Scalar velocity (pinch: scale/s, rotation: rad/s).
    public var velocity: Double? {
        get { get(Self.velocityBit, velocityValue) }
        set { Self.set(Self.velocityBit, newValue, 0, &velocityValue, &present) }
    }
    /// Vector velocity in points/s (pan, screen-edge pan).
    public var velocityVector: Point? {
        get { get(Self.velocityVectorBit, velocityVectorValue) }
        set { Self.set(Self.velocityVectorBit, newValue, .zero, &velocityVectorValue, &present) }
    }
    /// How many touches the recognizer is tracking.
    public var numberOfTouches: Int? {
        get { get(Self.numberOfTouchesBit, numberOfTouchesValue) }
        set { Self.set(Self.numberOfTouchesBit, newValue, 0, &numberOfTouchesValue, &present) }
    }
    /// Outputs with the given fields; nil fields do not apply and are left out of the trace.
    public init(location: Point? = nil, scale: Double? = nil, rotation: Double? = nil,
                translation: Point? = nil, velocity: Double? = nil, velocityVector: Point? = nil,
                numberOfTouches: Int? = nil) {
        self.location = location; self.scale = scale; self.rotation = rotation
        self.translation = translation; self.velocity = velocity
        self.velocityVector = velocityVector; self.numberOfTouches = numberOfTouches
    }
}

/// Motion event phases (shake).
public enum MotionPhase: String, Sendable, Hashable {
    /// The shake started (`motionBegan`).
    case began
    /// The shake ended (`motionEnded`).
    case ended
    /// The shake was cancelled (`motionCancelled`): too long, or interrupted.
    case cancelled
}

/// One trace record. `t` is the host time in seconds (virtual in headless replay).
public struct TraceRecord: Sendable, Hashable {
    /// The host time of the decision, in seconds since the start (the virtual clock in
    /// headless replay). Written first in the trace line as `"t"`.
    public var t: Double
    /// What was decided: the kind of record and its fields.
    public var body: Body
    /// The rule and numbers that decided a gesture transition (nil for other kinds, and for
    /// transitions no rule is named for): what `why` and the verdict card report. The
    /// gesture's reason carries it (``TraceText/decision``), so a record is no larger for it.
    public var decision: GestureDecision? {
        get {
            if case let .gesture(_, _, _, _, reason, _) = body { return reason.decision }
            return nil
        }
        set {
            guard case let .gesture(r, v, from, to, reason, outputs) = body else { return }
            body = .gesture(recognizer: r, view: v, from: from, to: to, reason: reason.with(decision: newValue), outputs: outputs)
        }
    }
    /// A record of `body` at time `t`.
    public init(t: Double, _ body: Body) { self.t = t; self.body = body }
    /// A record of `body` at time `t`, with the `decision` of a gesture transition (given to
    /// a record of another kind, it is dropped). A separate initializer, so that the one
    /// every decision makes stays a plain copy of its two fields.
    public init(t: Double, _ body: Body, decision: GestureDecision?) {
        self.init(t: t, body)
        if decision != nil { self.decision = decision }
    }

    /// The kinds of record, one case per trace `kind`, with the kind's fields as plain values
    /// (the ids of responders and recognizers as ``TraceName``s, reasons as strings or
    /// ``TraceText``):
    /// `switch` over it, or match one case (`if case let .gesture(r, _, _, to, _, _) = record.body`).
    public enum Body: Sendable, Hashable {
        /// A hit test for a touch that began: the visiting order with verdicts, the result,
        /// and the recognizers that analyse the touch (the hit view's and its ancestors',
        /// in that order; those that declined it are left out), and the touch's type, force and
        /// size as it landed, unless it is a plain finger or mouse touch (``TouchDetails``).
        case hitTest(touch: Int, point: Point, path: [HitStep], view: TraceName?, recognizers: [TraceName] = [],
                     details: TouchDetails? = nil)
        /// A touch message to one responder (one record per responder that receives it).
        /// `reason` says why it was sent (forwarded, delayed, cancelled by a recognizer, ...).
        /// `touches` is the touch's own one-element list for a one-touch message (shared, not
        /// built per message); `reason` is nil for a message sent directly.
        case touches(phase: TouchPhase, view: TraceName, touches: [Int], reason: String?)
        /// A recognizer transition with its reason and outputs. `view` is `TraceName.none`
        /// for a recognizer attached to no view. The reason is kept as the recognizer wrote
        /// it and formatted when read (`TraceText`).
        case gesture(recognizer: TraceName, view: TraceName, from: GestureState, to: GestureState,
                     reason: TraceText, outputs: GestureOutputs)
        /// One input sample of a finger as the application took it, with the touch id the
        /// application gave it: what the touches overlay draws trails from. Not part of
        /// trace files (the recording holds the input).
        case touchSample(FingerSample)
        /// A move delivered once per frame: every sample of the touch since its last
        /// delivery, oldest first (the last is where the touch is now), and the samples
        /// predicted ahead of it (`Event.coalescedTouches(for:)`, `predictedTouches(for:)`),
        /// and the touch's type, force and size at the delivery, unless it is a plain finger
        /// or mouse touch (``TouchDetails``).
        case coalescedTouches(touch: Int, samples: [TouchSample], predicted: [TouchSample], details: TouchDetails? = nil)
        /// A control event sent by a control.
        case control(control: TraceName, event: String)
        /// An action message: who sent it, its name, the explicit target (nil: travels the
        /// responder chain), and who handled it (nil: nobody). The sender is a responder, a
        /// recognizer or the edit menu; the target and the handler are responders.
        case action(sender: TraceName, action: String, target: TraceName?, handledBy: TraceName?)
        /// A motion event (shake) delivered to a responder.
        case motion(phase: MotionPhase, subtype: String, view: TraceName?, reason: String?)
        /// A remote-control command and who handled it (nil: not delivered): a responder, or
        /// the name a command-centre handler was added with.
        case remote(command: String, handledBy: TraceName?, reason: String?)
        /// The first responder changed.
        case firstResponder(from: TraceName?, to: TraceName?, reason: String)
        /// The device orientation changed (`portrait`, `landscapeLeft`, ...).
        case orientation(from: String, to: String)
        /// A recognizer that asked to leave `possible` is held there until the recognizers
        /// it requires to fail have failed (SPEC.md section 5, failure requirements). The
        /// trace file writes it as the `gesture` note `waitNote` makes ("pan blocked until
        /// swipe fails"); readers use the fields, never the text.
        case failureWait(recognizer: TraceName, waitingFor: [TraceName])
        /// A decision worth showing that fits none of the kinds above (ignoring interaction,
        /// a dropped touch, a capability check). `topic` names it.
        case note(topic: String, text: TraceText)
        /// A record of a kind that is not a case here (a program's or a test's own): it
        /// carries its table entry and its fields (`TraceKinds.swift`).
        case custom(TraceCustom)
    }

    /// The trace file's `kind` for this record, as a static string (writers append it
    /// without building a String): its table entry's name (`"custom"` for a kind read from a
    /// file that this program has no entry for: ``kind`` names it). `touch-sample` records
    /// are not written to trace files.
    public var kindName: StaticString { body.entry.name }
    /// The trace file's `kind` for this record (its table entry's ``TraceKindEntry/kind``).
    public var kind: String { body.entry.kind }
    /// Whether trace files hold records like this one: all but touch samples, which repeat
    /// the input a recording holds.
    public var isWrittenToFiles: Bool {
        if case .touchSample = body { return false }
        return true
    }
}

extension TraceRecord.Body {
    /// How a failure wait reads: "pan blocked until swipe fails".
    public static func waitNote(recognizer: TraceName, waitingFor: [TraceName]) -> String {
        "\(recognizer) blocked until \(waitingFor.map(\.string).joined(separator: ", ")) fail\(waitingFor.count == 1 ? "s" : "")"
    }
}

/// One input sample of a finger (`TraceRecord.Body.touchSample`): which touch it moved, the
/// device and finger it came from, where, in what phase, how hard, and whether the mouse
/// made it.
public struct FingerSample: Sendable, Hashable {
    /// The application's touch id (the one hit tests and touch messages name).
    public var touch: Int
    /// The device and the device's finger id (`TouchKey`; the mouse is device -1).
    public var key: TouchKey
    /// Where the finger is, in window coordinates (scene points).
    public var point: Point
    /// The touch's phase with this sample: `began`, `moved`, `ended` or `cancelled`.
    public var phase: TouchPhase
    /// The touch's force, 0…1 (1 when the device reports none; the mouse gives 1).
    public var pressure: Double
    /// Made by the mouse rather than a touch device.
    public var isEmulated: Bool
    /// The touch's type, force range and size (`Touch.type`, `maximumPossibleForce`,
    /// `majorRadius`): the overlays show them, and the record's JSON writes them (with the
    /// force) unless they are a plain finger's or the mouse's.
    public var traits = TouchTraits.finger
    /// The touch's force in UIKit's unit (`Touch.force`): the pressure × the maximum.
    public var force: Double { pressure * traits.maximumPossibleForce }
    /// A sample of `key` for touch `touch`, at `point`.
    public init(touch: Int, key: TouchKey, point: Point, phase: TouchPhase, pressure: Double, isEmulated: Bool) {
        self.touch = touch; self.key = key; self.point = point; self.phase = phase
        self.pressure = pressure; self.isEmulated = isEmulated
    }
}

/// A responder's or recognizer's id as the trace names it: the string, and a number that
/// stands for that string everywhere in the process (equal ids, equal numbers). Readers
/// that index by id (the trace log's lanes) use `number` and never hash the text; everyone
/// else reads `string`, or compares with a string (`name == "photo"`).
///
/// Objects make theirs once, when they are created (`Responder.traceName`,
/// `GestureRecognizer.traceName`): a record carrying one copies the string's reference,
/// nothing is allocated or looked up.
public struct TraceName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The id as text.
    public let string: String
    /// The id's number in the process-wide table (stable for the life of the process).
    public let number: Int32

    /// The name of `string`, numbered in the process-wide table (looked up once).
    public init(_ string: String) {
        self.string = string
        number = TraceName.number(of: string)
    }
    /// A name written as a literal (`let n: TraceName = "photo"`).
    public init(stringLiteral value: String) { self.init(value) }

    /// The name of "no view" (a recognizer attached to none): the empty string.
    public static let none = TraceName("")

    /// The id as text: ``string``.
    public var description: String { string }
    /// Whether this is ``none``, the empty name.
    public var isEmpty: Bool { string.isEmpty }

    /// Whether two names are the same id (compares their numbers, not their text).
    public static func == (a: TraceName, b: TraceName) -> Bool { a.number == b.number }
    /// Hashes the name's number.
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
    /// By text, so that sorted names read alphabetically.
    public static func < (a: TraceName, b: TraceName) -> Bool { a.string < b.string }
    /// Whether the name is `b` (`record.view == "photo"`).
    public static func == (a: TraceName, b: String) -> Bool { a.string == b }
    /// Whether `a` is the name `b`.
    public static func == (a: String, b: TraceName) -> Bool { a == b.string }
    /// Whether the name is not `b`.
    public static func != (a: TraceName, b: String) -> Bool { a.string != b }
    /// Whether `a` is not the name `b`.
    public static func != (a: String, b: TraceName) -> Bool { a != b.string }

    /// Every id named so far and its number. Only grows: by one entry per distinct id the
    /// process ever names (the ids of the scenes it loads), looked up once per object.
    private static let table = Mutex<[String: Int32]>([:])
    private static func number(of s: String) -> Int32 {
        table.withLock { t in
            if let n = t[s] { return n }
            let n = Int32(t.count)
            t[s] = n
            return n
        }
    }
}

/// Where trace records go: the one protocol every reader of the trace implements (the trace
/// file writer, the in-memory log the panels read, a test's list, your own code).
///
///     final class Printer: TraceSink {
///         func receive(_ record: consuming TraceRecord) { print(record.t, record.kind) }
///     }
///     app.tracer.sink = Printer()
///
/// Records come on the thread that sends input to the application, in trace order, one
/// call each, before the decision's effects go on (a sink must not send input itself).
/// The sink owns the record it is given (`consuming`): one that keeps it stores it without
/// a copy.
public protocol TraceSink: AnyObject {
    /// Takes one record. Called in trace order on the application's isolation domain; a sink
    /// must not send input to the application from here.
    func receive(_ record: consuming TraceRecord)
}

/// A sink that calls a closure with each record.
///
///     var records: [TraceRecord] = []
///     app.tracer.sink = TraceCallback { records.append($0) }
public final class TraceCallback: TraceSink {
    private let body: (TraceRecord) -> Void
    /// A sink that calls `body` with each record, on the application's isolation domain, in
    /// order.
    public init(_ body: @escaping (TraceRecord) -> Void) { self.body = body }
    /// Calls the closure with `record`.
    public func receive(_ record: consuming TraceRecord) { body(record) }
}

/// A sink that hands each record to several sinks, in order (a trace file and the panels).
public final class TraceTee: TraceSink {
    /// The sinks, in the order each record reaches them.
    public let sinks: [any TraceSink]
    /// A sink that gives every record to each of `sinks`, in order.
    public init(_ sinks: [any TraceSink]) { self.sinks = sinks }
    /// Gives `record` to each sink in turn (a copy to all but the last, which takes it).
    public func receive(_ record: consuming TraceRecord) {
        for s in sinks.dropLast() { s.receive(copy record) }
        sinks.last?.receive(record)
    }
}

/// Where an application's trace records go. With no sink set, no record is made.
public final class Tracer {
    /// Gets every record; nil turns tracing off.
    public var sink: (any TraceSink)? {
        get { installed?.sink }
        set {
            // A sink replaced while a record is being given to it (from its own `receive`)
            // stays alive until that record is delivered (see `emit`).
            if delivering > 0, let installed { retired.append(installed) }
            installed = newValue.map(InstalledSink.init)
            borrowed = installed.map { Unmanaged.passUnretained($0) }
        }
    }
    /// The sink, owned. Read for every decision: its exclusivity is not checked at run time
    /// (docs/performance.md).
    @exclusivity(unchecked) private var installed: InstalledSink?
    /// `installed`, not retained: `emit` calls the sink through it without a retain and a
    /// release of the sink per record (docs/performance.md).
    @exclusivity(unchecked) private var borrowed: Unmanaged<InstalledSink>?
    /// How many records are being delivered now (more than one: a sink that emits).
    @exclusivity(unchecked) private var delivering = 0
    /// Sinks replaced while a record was being delivered, released once none is.
    @exclusivity(unchecked) private var retired: [InstalledSink] = []
    /// How many replaced sinks are kept alive now (tests).
    var retiredSinks: Int { retired.count }

    /// A tracer that sends records to `sink` (nil: tracing off). An ``Application`` makes its
    /// own: set its ``sink``.
    public init(sink: (any TraceSink)? = nil) { self.sink = sink }
    /// Whether a sink is set. Code that builds something only for the trace checks it first.
    public var isOn: Bool { borrowed != nil }
    /// Sends a record to the sink; `body` is not evaluated when tracing is off.
    public func emit(_ t: Double, _ body: @autoclosure () -> TraceRecord.Body) {
        guard let borrowed else { return }
        delivering += 1
        borrowed._withUnsafeGuaranteedRef { $0.sink.receive(TraceRecord(t: t, body())) }
        delivering -= 1
        if delivering == 0 && !retired.isEmpty { retired.removeAll() }
    }
}

/// The installed sink in an object of its own whose one field never changes, so that a
/// borrowed reference to it reaches the sink without retaining it.
private final class InstalledSink {
    let sink: any TraceSink
    init(_ sink: any TraceSink) { self.sink = sink }
}
