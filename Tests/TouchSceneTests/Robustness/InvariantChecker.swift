// InvariantChecker: the promises TouchScope keeps about any input, checked on the trace as it
// is written (record by record) and on the session once time has settled.
@testable import TouchCore
@testable import TouchScene

/// Watches one application's trace and collects every broken promise as a sentence.
///
/// Per record:
/// - touches: per (responder, touch id), `began` comes first and once, then `moved`s, then
///   exactly one `ended` or `cancelled`, and nothing after it;
/// - gesture: every transition is a legal edge of the recognizer's state machine and starts
///   from the state the recognizer was last seen in;
/// - motion: a shake that began gets exactly one `ended` or `cancelled` before the next begins;
/// - note: no "illegal transition" is ever refused (so none was attempted);
/// - touch-sample: a touch's samples begin with `began`, right after the hit test of that
///   touch id, and end with one `ended` or `cancelled`; one device finger is down as one
///   touch at a time.
///
/// After the stream (`checkSettled`): no (responder, touch) pair is left open, every
/// recognizer is in `possible`, no touch is active, no control is highlighted or tracking,
/// no shake is under way.
final class InvariantChecker {
    enum PairState { case open, closed }
    private(set) var problems: [String] = []
    private var pairs: [String: PairState] = [:]   // "view#touch"
    private var states: [String: GestureState] = [:]
    private var shaking = false
    /// Touch samples: the touch each finger down is, and the touches whose samples ended.
    private var touchOfFinger: [TouchKey: Int] = [:]
    private var endedTouches: Set<Int> = []
    private var lastHitTouch: Int?
    private let label: String

    init(label: String = "") { self.label = label }

    private func problem(_ t: Double, _ text: String) {
        if problems.count < 20 { problems.append("\(label)t=\(t): \(text)") }
    }

    static func isLegal(_ from: GestureState, _ to: GestureState) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .recognized), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        case (.recognized, .possible), (.ended, .possible), (.cancelled, .possible), (.failed, .possible): true
        default: false
        }
    }

    func observe(_ r: TraceRecord) {
        switch r.body {
        case let .touches(phase, view, touches, _):
            for id in touches {
                let key = "\(view)#\(id)"
                switch (phase, pairs[key]) {
                case (.began, nil): pairs[key] = .open
                case (.began, _): problem(r.t, "\(view) got began twice for touch \(id)")
                case (.moved, .open), (.stationary, .open): break
                case (.ended, .open), (.cancelled, .open): pairs[key] = .closed
                case (_, .closed): problem(r.t, "\(view) got \(phase.rawValue) for touch \(id) after it ended or was cancelled")
                case (_, nil): problem(r.t, "\(view) got \(phase.rawValue) for touch \(id) without began")
                }
            }
        case let .gesture(name, _, from, to, reason, _):
            let recognizer = name.string
            let known = states[recognizer] ?? .possible
            if known != from { problem(r.t, "\(recognizer): transition from \(from.rawValue) but it was \(known.rawValue)") }
            if !Self.isLegal(from, to) { problem(r.t, "\(recognizer): illegal edge \(from.rawValue) → \(to.rawValue) (\(reason))") }
            if reason.string.isEmpty { problem(r.t, "\(recognizer): \(from.rawValue) → \(to.rawValue) without a reason") }
            states[recognizer] = to
        case let .motion(phase, _, _, _):
            switch phase {
            case .began:
                if shaking { problem(r.t, "shake began twice") }
                shaking = true
            case .ended, .cancelled:
                if !shaking { problem(r.t, "shake \(phase.rawValue) without began") }
                shaking = false
            }
        case let .note(_, text):
            if text.string.contains("illegal transition") { problem(r.t, "note: \(text)") }
        case let .hitTest(touch, _, _, _, _, _):
            lastHitTouch = touch
        case let .touchSample(s):
            switch s.phase {
            case .began:
                if lastHitTouch != s.touch { problem(r.t, "sample began for touch \(s.touch) without its hit test just before") }
                if let other = touchOfFinger[s.key] { problem(r.t, "finger \(s.key) began touch \(s.touch) while it was touch \(other)") }
                touchOfFinger[s.key] = s.touch
            case .moved, .stationary, .ended, .cancelled:
                if endedTouches.contains(s.touch) { problem(r.t, "sample \(s.phase.rawValue) for touch \(s.touch) after it ended") }
                if touchOfFinger[s.key] != s.touch { problem(r.t, "sample \(s.phase.rawValue) for touch \(s.touch), not the touch of finger \(s.key)") }
                if s.phase == .ended || s.phase == .cancelled {
                    touchOfFinger[s.key] = nil
                    endedTouches.insert(s.touch)
                }
            }
        case .control, .action, .remote, .firstResponder, .orientation, .failureWait, .custom, .coalescedTouches:
            break
        }
    }

    /// The promises that hold once the stream is over and time has run well past every timer.
    func checkSettled(_ session: SceneSession) {
        let app = session.app
        let t = app.time
        for (key, state) in pairs.sorted(by: { $0.key < $1.key }) where state == .open {
            problem(t, "\(key.replacingOccurrences(of: "#", with: " never got ended or cancelled for touch "))")
        }
        for (id, s) in states.sorted(by: { $0.key < $1.key }) where s != .possible {
            problem(t, "\(id) left in \(s.rawValue) (trace)")
        }
        for v in allViews(app.window) {
            for r in v.gestureRecognizers where r.state != .possible {
                problem(t, "\(r.id) is \(r.state.rawValue), not possible")
            }
            if let c = v as? Control {
                if c.isHighlighted { problem(t, "control \(c.id) is still highlighted") }
                if c.isTracking { problem(t, "control \(c.id) is still tracking") }
            }
        }
        if !app.hot.activeTouches.isEmpty { problem(t, "\(app.hot.activeTouches.count) touch(es) still active") }
        for (key, touch) in touchOfFinger.sorted(by: { $0.key < $1.key }) {
            problem(t, "touch \(touch) (finger \(key)) has no ended or cancelled sample")
        }
        if app.hot.currentEvent != nil { problem(t, "a touch event is still current") }
        if app.motion.isShaking || shaking { problem(t, "a shake is still under way") }
    }

    func allViews(_ root: View) -> [View] {
        var out: [View] = [root]
        var i = 0
        while i < out.count { out += out[i].subviews; i += 1 }
        return out
    }
}
