// TouchReceivers: one touch's span and the responders that received its messages, each with
// the phases it received packed in bits.
import TouchCore

/// A responder that received messages for a touch, and the phases it received in the
/// order it first did; `seen` has a bit per phase, so a repeated phase (every move)
/// is recognized without reading the list. The list is packed in `order` (a phase's
/// bit index plus one, three bits each, first phase lowest), not an array: a touch
/// climbs a chain of a handful of responders, and an array each was an allocation
/// and a regrowth per responder per touch.
struct Receiver {
    var view: TraceName
    private var seen: UInt8 = 0
    private var order: UInt16 = 0
    private var count: UInt8 = 0

    init(view: TraceName, first phase: TouchPhase) {
        self.view = view
        add(phase)
    }
    /// The phases in the order first received.
    var phases: [TouchPhase] {
        (0..<Int(count)).map { i in Self.phase(code: Int(order >> (3 * i)) & 7) }
    }
    // Always inlined, as the log's other per-record lookups here: the dispatch bench's
    // instructions per event name the cost (docs/performance.md, the idiom table).
    /// Lists `phase` unless it is listed already.
    @inline(__always) mutating func add(_ phase: TouchPhase) {
        let bit = Self.bit(phase)
        if seen & bit != 0 { return }
        seen |= bit
        order |= UInt16(bit.trailingZeroBitCount + 1) << (3 * UInt16(count))
        count += 1
    }
    private static func phase(code: Int) -> TouchPhase {
        switch code {
        case 1: .began
        case 2: .moved
        case 3: .stationary
        case 4: .ended
        default: .cancelled
        }
    }
    private static func bit(_ p: TouchPhase) -> UInt8 {
        switch p {
        case .began: 1
        case .moved: 2
        case .stationary: 4
        case .ended: 8
        case .cancelled: 16
        }
    }
}

/// One touch as the trace shows it: its span and its receivers.
struct TouchReceivers {
    var span: TouchSpan
    private(set) var receivers: [Receiver] = []
    /// Where the next receiver is likely listed: a message travels the chain in the
    /// same order every time (the leaf, its superview, ... the application).
    private var cursor = 0

    init(span: TouchSpan) { self.span = span }

    /// A message of `phase` at `t`: the span's last phase, end and message times.
    mutating func note(_ phase: TouchPhase, at t: Double) {
        span.lastPhase = phase
        if phase == .ended || phase == .cancelled { span.end = max(span.end ?? t, t) }
        if span.messageTimes.last != t { span.messageTimes.append(t) }
        if span.messageTimes.count > 512 { span.messageTimes.removeFirst(256) }
    }

    /// `view` received `phase` (names compare by number).
    mutating func note(_ phase: TouchPhase, for view: TraceName) {
        let found = find { $0.view == view }
        if found < 0 { return add(Receiver(view: view, first: phase)) }
        mark(phase, receiver: found)
    }

    /// A known receiver got `phase`: listed once per phase, in the order first received.
    @inline(__always)
    private mutating func mark(_ phase: TouchPhase, receiver found: Int) {
        cursor = found + 1
        receivers[found].add(phase)
    }

    /// The receiver that `matches`, or -1: the one after the last one first (a message
    /// travels the chain in the same order every time), then the first one, then all.
    @inline(__always)
    private func find(_ matches: (Receiver) -> Bool) -> Int {
        let n = receivers.count
        if cursor < n, matches(receivers[cursor]) { return cursor }
        if n > 0, matches(receivers[0]) { return 0 }
        for i in 0..<n where matches(receivers[i]) { return i }
        return -1
    }
    private mutating func add(_ r: Receiver) {
        if receivers.isEmpty { receivers.reserveCapacity(8) }
        receivers.append(r)
        cursor = receivers.count
    }
}
