// EventLanes: the trace's point events for the timeline (controls, actions, motion, remote,
// failure waits) and the latest of each for the panels.

/// The records that are not touches, hit tests or recognizer transitions, kept as lanes of
/// point events. Each lane keeps at most `capacity` events (dropping a quarter when over).
struct EventLanes {
    let capacity: Int
    private(set) var waits: [FailureWaitEvent] = []
    private(set) var controls: [LaneEvent] = []
    private(set) var motion: [LaneEvent] = []
    private(set) var remote: [LaneEvent] = []
    private(set) var actions: [LaneEvent] = []
    private(set) var lastMotion: LaneEvent?
    private(set) var lastRemote: LaneEvent?
    private(set) var lastAction: (t: Double, sender: TraceName, action: String, handledBy: TraceName?)?
    private(set) var lastFirstResponder: (t: Double, to: TraceName?)?

    init(capacity: Int) { self.capacity = capacity }

    /// Files a record of sequence number `seq`; records of other kinds are ignored.
    mutating func note(_ r: TraceRecord, seq: Int) {
        switch r.body {
        case let .control(control, event):
            controls.append(LaneEvent(t: r.t, seq: seq, subject: control, label: event)); bounded(&controls)
        case let .action(sender, action, _, handledBy):
            actions.append(LaneEvent(t: r.t, seq: seq, subject: handledBy, label: action)); bounded(&actions)
            lastAction = (r.t, sender, action, handledBy)
        case let .motion(phase, subtype, view, _):
            let e = LaneEvent(t: r.t, seq: seq, subject: view, label: "\(subtype) \(phase.rawValue)")
            motion.append(e); bounded(&motion)
            lastMotion = e
        case let .remote(command, handledBy, _):
            let e = LaneEvent(t: r.t, seq: seq, subject: handledBy, label: command)
            remote.append(e); bounded(&remote)
            lastRemote = e
        case let .firstResponder(_, to, _):
            lastFirstResponder = (r.t, to)
        case let .failureWait(recognizer, waitingFor):
            waits.append(FailureWaitEvent(t: r.t, recognizer: recognizer, waitingFor: waitingFor)); bounded(&waits)
        default:
            break
        }
    }

    private func bounded<T>(_ a: inout [T]) {
        if a.count > capacity { a.removeFirst(a.count - capacity * 3 / 4) }
    }
}
