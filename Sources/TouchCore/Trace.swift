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
    public var view: String
    public var verdict: HitVerdict
    public init(view: String, verdict: HitVerdict) { self.view = view; self.verdict = verdict }
}

/// A touch phase as UIKit names it.
public enum TouchPhase: String, Sendable, Hashable {
    case began, moved, stationary, ended, cancelled
}

/// The states of a gesture recognizer. `recognized` is `ended` for discrete recognizers:
/// traces name it `recognized` for discrete ones and `ended` for continuous ones.
public enum GestureState: String, Sendable, Hashable, CaseIterable {
    case possible, began, changed, ended, recognized, cancelled, failed

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
public struct GestureOutputs: Sendable, Hashable {
    public var location: Point?
    public var scale: Double?
    public var rotation: Double?
    public var translation: Point?
    /// Scalar velocity (pinch: scale/s, rotation: rad/s).
    public var velocity: Double?
    /// Vector velocity in points/s (pan, screen-edge pan).
    public var velocityVector: Point?
    public var numberOfTouches: Int?
    public init(location: Point? = nil, scale: Double? = nil, rotation: Double? = nil,
                translation: Point? = nil, velocity: Double? = nil, velocityVector: Point? = nil,
                numberOfTouches: Int? = nil) {
        self.location = location; self.scale = scale; self.rotation = rotation
        self.translation = translation; self.velocity = velocity
        self.velocityVector = velocityVector; self.numberOfTouches = numberOfTouches
    }
}

/// Motion event phases (shake).
public enum MotionPhase: String, Sendable, Hashable { case began, ended, cancelled }

/// One trace record. `t` is the host time in seconds (virtual in headless replay).
public struct TraceRecord: Sendable, Hashable {
    public var t: Double
    public var body: Body
    public init(t: Double, _ body: Body) { self.t = t; self.body = body }

    public enum Body: Sendable, Hashable {
        /// A hit test for a touch that began: the visiting order with verdicts, and the result.
        case hitTest(touch: Int, point: Point, path: [HitStep], view: String?)
        /// A touch message to one responder (one record per responder that receives it).
        /// `reason` says why it was sent (forwarded, delayed, cancelled by a recognizer, ...).
        case touches(phase: TouchPhase, view: String, touches: [Int], reason: String?)
        /// A recognizer transition with its reason and outputs. Boxed (`indirect`): its
        /// payload is three times the next largest, and every record (kept by the thousand
        /// in the trace log's ring) would otherwise be that large; a copy of a boxed one is a
        /// single retain.
        indirect case gesture(recognizer: String, view: String, from: GestureState, to: GestureState,
                     reason: String, outputs: GestureOutputs)
        /// A control event sent by a control.
        case control(control: String, event: String)
        /// An action message: who sent it, its name, the explicit target (nil: travels the
        /// responder chain), and who handled it (nil: nobody).
        /// Boxed, like `motion` and `gesture`: the largest payloads are boxed so that every
        /// record, the common `touches` ones included, is small.
        indirect case action(sender: String, action: String, target: String?, handledBy: String?)
        /// A motion event (shake) delivered to a responder.
        indirect case motion(phase: MotionPhase, subtype: String, view: String?, reason: String?)
        /// A remote-control command and who handled it (nil: not delivered).
        case remote(command: String, handledBy: String?, reason: String?)
        /// The first responder changed.
        case firstResponder(from: String?, to: String?, reason: String)
        /// The device orientation changed (`portrait`, `landscapeLeft`, ...).
        case orientation(from: String, to: String)
        /// A recognizer that asked to leave `possible` is held there until the recognizers
        /// it requires to fail have failed (SPEC.md section 5, failure requirements). The
        /// trace file writes it as the `gesture` note `waitNote` makes.
        case failureWait(recognizer: String, waitingFor: [String])
        /// A decision worth showing that fits none of the kinds above (ignoring interaction,
        /// a dropped touch, a capability check). `topic` names it.
        case note(topic: String, text: String)
    }

    /// The trace file's `kind` for this record, as a static string (writers append it
    /// without building a String).
    public var kindName: StaticString {
        switch body {
        case .hitTest: "hit-test"
        case .touches: "touches"
        case .gesture: "gesture"
        case .control: "control"
        case .action: "action"
        case .motion: "motion"
        case .remote: "remote"
        case .firstResponder: "first-responder"
        case .orientation: "orientation"
        case .note, .failureWait: "note"
        }
    }
    /// The trace file's `kind` for this record.
    public var kind: String { kindName.description }
}

extension TraceRecord.Body {
    /// How a failure wait reads: "pan blocked until swipe fails".
    public static func waitNote(recognizer: String, waitingFor: [String]) -> String {
        "\(recognizer) blocked until \(waitingFor.joined(separator: ", ")) fail\(waitingFor.count == 1 ? "s" : "")"
    }
}

/// Where trace records go. Costs one branch per decision when nobody listens.
public final class Tracer {
    /// Called for every record; nil turns tracing off. The sink owns the record it is given
    /// (`consuming`): one that keeps it (the in-memory log) stores it without copying it.
    @exclusivity(unchecked) public var sink: ((consuming TraceRecord) -> Void)?
    /// Optional, and only used while `sink` is set: the records most of the trace is made
    /// of go here as plain messages instead of to `sink` as records. A touch message for one
    /// touch, sent directly or forwarded, is a `TouchMessage` (one per responder a message
    /// climbs through: no references, nothing formatted); a recognizer transition is a
    /// `GestureMessage` (ids as symbols, nothing boxed). Their `record(_:)` turns one into
    /// the record `sink` would have had, byte for byte the same once written.
    ///
    /// An object rather than two closures: the tracer reaches it without a retain and
    /// release per message (calling a closure kept in a property retains its context).
    @_spi(TouchScopeInternals) @exclusivity(unchecked) public var messageSink: TraceMessageSink? {
        didSet { messageRef = messageSink.map { Unmanaged.passUnretained($0) } }
    }
    @exclusivity(unchecked) private var messageRef: Unmanaged<TraceMessageSink>?
    /// The responder and recognizer ids of `TouchMessage`s and `GestureMessage`s.
    @_spi(TouchScopeInternals) public let symbols: TraceSymbols
    private let symbolsRef: Unmanaged<TraceSymbols>
    public init(sink: ((consuming TraceRecord) -> Void)? = nil) {
        self.sink = sink
        symbols = TraceSymbols()
        symbolsRef = Unmanaged.passUnretained(symbols)
    }
    /// Whether plain messages have somewhere to go (tracing on and a `messageSink`).
    @inline(__always) var takesMessages: Bool { messageRef != nil && sink != nil }
    /// `body` with the message sink, borrowed (call only when `takesMessages`).
    @inline(__always) func withMessageSink(_ body: (TraceMessageSink) -> Void) { messageRef?._withUnsafeGuaranteedRef(body) }
    /// `body` with the symbol table, borrowed.
    @inline(__always) func withSymbols<R>(_ body: (TraceSymbols) -> R) -> R { symbolsRef._withUnsafeGuaranteedRef(body) }
    @inline(__always) public var isOn: Bool { sink != nil }
    @inline(__always) public func emit(_ t: Double, _ body: @autoclosure () -> TraceRecord.Body) {
        if let sink { sink(TraceRecord(t: t, body())) }
    }
}

/// Where a tracer's plain messages go (`Tracer.messageSink`): subclass it and override
/// both methods (the defaults drop the message). The trace log's `follow(_:)` installs one.
@_spi(TouchScopeInternals) open class TraceMessageSink {
    public init() {}
    /// A touch message for one touch.
    open func take(_ m: TouchMessage) {}
    /// A recognizer transition.
    open func take(_ m: borrowing GestureMessage) {}
}

/// An object the trace names by a symbol (responders and recognizers): it caches its
/// number for one table, the one whose `serial` it keeps.
protocol TraceSymbolCaching: AnyObject {
    var id: String { get }
    var traceSymbol: TraceSymbol { get set }
    var traceSymbolSerial: Int { get set }
}

/// A responder id as a small integer (an index in a `TraceSymbols` table).
@_spi(TouchScopeInternals) public typealias TraceSymbol = Int32

/// The responder ids of one tracer's touch messages, interned: each responder gets its
/// number the first time it appears and keeps it (in the responder, so finding it again
/// is a field read, not a hash). The table only grows, by one entry per responder.
@_spi(TouchScopeInternals) public final class TraceSymbols {
    /// Tells tables apart (a responder caches its number for one table).
    let serial: Int
    /// The ids, by symbol (`@usableFromInline`: `count` and `name` are read for every
    /// message on another module's hot path, inlined there).
    @usableFromInline @exclusivity(unchecked) private(set) var names: [String] = []
    public init() { serial = TraceSymbols.nextSerial() }

    /// The id a symbol stands for.
    @inlinable public func name(_ s: TraceSymbol) -> String { names[Int(s)] }
    /// How many ids the table holds.
    @inlinable public var count: Int { names.count }

    /// The ids of the symbols from `first` on, in order (to keep a copy of the table in
    /// step on another thread, as `TraceLogFeed` does).
    public func names(from first: Int) -> [String] { Array(names[first...]) }
    /// Appends ids as the next symbols, in order: a copy that was given every id of another
    /// table this way gives each the same number as that table.
    public func append(contentsOf ids: [String]) { names.append(contentsOf: ids) }

    /// The symbol of a responder or recognizer, made on first sight (a recognizer and a
    /// responder with the same id get two symbols for the same name).
    @inline(__always) func symbol<T: TraceSymbolCaching>(of o: T) -> TraceSymbol {
        if o.traceSymbolSerial == serial { return o.traceSymbol }
        return intern(o)
    }
    private func intern<T: TraceSymbolCaching>(_ o: T) -> TraceSymbol {
        names.append(o.id)
        let s = TraceSymbol(names.count - 1)
        o.traceSymbol = s
        o.traceSymbolSerial = serial
        return s
    }

    /// Tables are made on any thread (tests build applications in parallel).
    private static let counter = Atomic<Int>(0)
    private static func nextSerial() -> Int { counter.add(1, ordering: .relaxed).newValue }
}

/// A touch message for one touch as `Tracer.messageSink` gets it: plain numbers, no
/// strings, no arrays. The record it stands for is
/// `touches(phase:, view: <view>, touches: [touch], reason: nil | "forwarded by <forwarder>")`.
@_spi(TouchScopeInternals) public struct TouchMessage: Sendable, Hashable {
    public var t: Double
    public var touch: Int
    /// The responder that receives it.
    public var view: TraceSymbol
    /// The responder that passed it on (`forwarded by …`); -1: sent directly (no reason).
    public var forwardedBy: TraceSymbol
    public var phase: TouchPhase
    public init(t: Double, touch: Int, view: TraceSymbol, forwardedBy: TraceSymbol, phase: TouchPhase) {
        self.t = t; self.touch = touch; self.view = view; self.forwardedBy = forwardedBy; self.phase = phase
    }

    /// The trace record, with the ids from `symbols` (the tracer's table).
    public func record(_ symbols: TraceSymbols) -> TraceRecord {
        TraceRecord(t: t, .touches(phase: phase, view: symbols.name(view), touches: [touch],
                                   reason: forwardedBy < 0 ? nil : "forwarded by \(symbols.name(forwardedBy))"))
    }
}

/// A recognizer transition as `Tracer.messageSink` gets it: the ids as symbols, the
/// payload inline (nothing boxed, nothing copied to build it). The record it stands for is
/// `gesture(recognizer: <recognizer>, view: <view> or "", from:, to:, reason:, outputs:)`.
@_spi(TouchScopeInternals) public struct GestureMessage: Sendable, Hashable {
    public var t: Double
    public var recognizer: TraceSymbol
    /// The view the recognizer is attached to; -1: none (the record's view is "").
    public var view: TraceSymbol
    public var from: GestureState
    public var to: GestureState
    /// The reason as the recognizer gave it, formatted when read (`reason`).
    public var reasonText: TraceText
    /// The reason, formatted.
    public var reason: String {
        get { reasonText.description }
        set { reasonText = TraceText(newValue) }
    }
    public var outputs: GestureOutputs
    public init(t: Double, recognizer: TraceSymbol, view: TraceSymbol, from: GestureState, to: GestureState,
                reason: TraceText, outputs: GestureOutputs) {
        self.t = t; self.recognizer = recognizer; self.view = view; self.from = from; self.to = to
        self.reasonText = reason; self.outputs = outputs
    }
    @_disfavoredOverload
    public init(t: Double, recognizer: TraceSymbol, view: TraceSymbol, from: GestureState, to: GestureState,
                reason: String, outputs: GestureOutputs) {
        self.init(t: t, recognizer: recognizer, view: view, from: from, to: to, reason: TraceText(reason), outputs: outputs)
    }

    /// The view id the record names ("" when the recognizer had no view).
    public func viewName(_ symbols: TraceSymbols) -> String { view < 0 ? "" : symbols.name(view) }

    /// The trace record, with the ids from `symbols` (the tracer's table).
    public func record(_ symbols: TraceSymbols) -> TraceRecord {
        TraceRecord(t: t, .gesture(recognizer: symbols.name(recognizer), view: viewName(symbols), from: from, to: to,
                                   reason: reason, outputs: outputs))
    }
}
