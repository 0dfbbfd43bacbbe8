// TraceKind: the kinds of trace record, in the order the event-log filter shows them.

/// The trace kinds, in the order the event-log filter shows them.
public enum TraceKind: String, CaseIterable, Sendable, Hashable {
    case hitTest = "hit-test", touches, gesture, control, action, motion, remote
    case firstResponder = "first-responder", orientation, note

    /// The kind a record is listed under (a touch sample, never kept by the log, as a
    /// touch message).
    init(_ body: TraceRecord.Body) {
        switch body {
        case .touchSample: self = .touches
        case .hitTest: self = .hitTest
        case .touches: self = .touches
        case .gesture: self = .gesture
        case .control: self = .control
        case .action: self = .action
        case .motion: self = .motion
        case .remote: self = .remote
        case .firstResponder: self = .firstResponder
        case .orientation: self = .orientation
        case .note, .failureWait: self = .note
        }
    }
    /// The position in `allCases` (a switch: `allCases` builds an array on every call).
    var index: Int {
        switch self {
        case .hitTest: 0
        case .touches: 1
        case .gesture: 2
        case .control: 3
        case .action: 4
        case .motion: 5
        case .remote: 6
        case .firstResponder: 7
        case .orientation: 8
        case .note: 9
        }
    }
}

extension TraceRecord {
    public var traceKind: TraceKind { TraceKind(body) }
}
