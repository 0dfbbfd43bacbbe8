// TouchIndex: the trace's touches — each one's hit test, span and receivers, by touch id.
import TouchCore

/// What the trace says about each touch: its hit test and its messages. Bounded: the
/// oldest touches are forgotten past a few hundred.
struct TouchIndex {
    private var hitTestsByTouch: [Int: HitTestInfo] = [:]
    private var hitTestOrder: [Int] = []
    private(set) var latestHitTest: HitTestInfo?
    /// Each touch's span and receivers, by touch id (one look-up per touch per record).
    private var touchInfo = IntTable<TouchReceivers>()
    /// Touch ids in the order they began (bounded).
    private(set) var touchOrder: [Int] = []

    /// A hit test: the touch's span starts over at it.
    mutating func note(_ info: HitTestInfo) {
        let touch = info.touch
        latestHitTest = info
        if hitTestsByTouch[touch] == nil { hitTestOrder.append(touch) }
        hitTestsByTouch[touch] = info
        if hitTestOrder.count > 256 {
            for id in hitTestOrder.prefix(64) { hitTestsByTouch[id] = nil; touchInfo.removeValue(forKey: id) }
            hitTestOrder.removeFirst(64)
        }
        var times: [Double] = []
        times.reserveCapacity(32)   // a message per move: no regrowth from 1 for most touches
        times.append(info.t)
        let span = TouchSpan(touch: touch, began: info.t, end: nil, lastPhase: .began, view: info.view, messageTimes: times)
        if let i = touchInfo.slot(of: touch) {
            touchInfo[slot: i].span = span
        } else {
            touchOrder.append(touch)
            touchInfo.insert(TouchReceivers(span: span), forKey: touch)
        }
        if touchOrder.count > 256 { touchOrder.removeFirst(64) }
    }

    // Always inlined, as the log's other per-record lookups here: the dispatch bench's
    // instructions per event name the cost (docs/performance.md, the idiom table).
    /// A touch message to `view`: the touch's span and receivers. Updated in place (through
    /// the table's slot): copying a span out and back would copy its message times on every
    /// message. One look-up per touch.
    @inline(__always)
    mutating func noteMessage(_ phase: TouchPhase, view: TraceName, touch id: Int, t: Double) {
        let i = slot(id, phase: phase, t: t)
        touchInfo[slot: i].note(phase, at: t)
        touchInfo[slot: i].note(phase, for: view)
    }
    /// The `touchInfo` slot of a touch, made on its first message.
    @inline(__always)
    private mutating func slot(_ id: Int, phase: TouchPhase, t: Double) -> Int {
        if let found = touchInfo.slot(of: id) { return found }
        touchOrder.append(id)
        return touchInfo.insert(TouchReceivers(span: TouchSpan(touch: id, began: t, end: nil, lastPhase: phase, view: nil,
                                                               messageTimes: [])), forKey: id).slot
    }

    /// The hit test of a touch.
    func hitTest(forTouch id: Int) -> HitTestInfo? { hitTestsByTouch[id] }
    /// One touch's span.
    func span(ofTouch id: Int) -> TouchSpan? { touchInfo[id]?.span }
    /// Every touch span kept, in the order the touches began.
    var spans: [TouchSpan] { touchOrder.compactMap { touchInfo[$0]?.span } }
    /// The responders that received messages for a touch, in the order they first did.
    func receivers(ofTouch id: Int) -> [(view: String, phases: [TouchPhase])] {
        touchInfo[id]?.receivers.map { ($0.view.string, $0.phases) } ?? []
    }
}
