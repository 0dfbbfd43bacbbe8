import Testing
@testable import TouchCore

/// A test rig: an application, its trace, and a clock the test moves by hand.
final class Rig {
    let app: Application
    var records: [TraceRecord] = []
    var t: Double = 0

    init(width: Double = 800, height: Double = 600) {
        app = Application(windowSize: Size(width: width, height: height))
        app.tracer.sink = TraceCallback { [unowned self] in self.records.append($0) }
    }

    @discardableResult
    func view(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, in parent: View? = nil, handles: Bool = false) -> View {
        let v = View(id: id, frame: Rect(x: x, y: y, width: w, height: h))
        v.handlesTouches = handles
        (parent ?? app.window).addSubview(v)
        return v
    }

    func down(_ f: Int, _ x: Double, _ y: Double, at time: Double? = nil) {
        if let time { t = time }
        app.send(.touchDown(TouchKey(device: 0, finger: f), Point(x: x, y: y)), at: t)
    }
    func move(_ f: Int, _ x: Double, _ y: Double, at time: Double? = nil) {
        if let time { t = time }
        app.send(.touchMove(TouchKey(device: 0, finger: f), Point(x: x, y: y)), at: t)
    }
    func up(_ f: Int, _ x: Double, _ y: Double, at time: Double? = nil) {
        if let time { t = time }
        app.send(.touchUp(TouchKey(device: 0, finger: f), Point(x: x, y: y)), at: t)
    }
    func tap(_ x: Double, _ y: Double, at time: Double, finger: Int = 1) {
        down(finger, x, y, at: time)
        up(finger, x, y, at: time + 0.05)
    }
    func advance(_ time: Double) { t = time; app.advance(to: time) }

    /// The touch messages one responder received, as "began 1" strings.
    func messages(to view: String) -> [String] {
        records.compactMap {
            if case let .touches(phase, v, touches, _) = $0.body, v == view {
                return "\(phase.rawValue) \(touches.map(String.init).joined(separator: ","))"
            }
            return nil
        }
    }
    /// Gesture transitions of one recognizer, as "possible>recognized".
    func transitions(of r: String) -> [String] {
        records.compactMap {
            if case let .gesture(rid, _, from, to, _, _) = $0.body, rid == r { return "\(from.rawValue)>\(to.rawValue)" }
            return nil
        }
    }
    func gestureRecords(of r: String) -> [(from: GestureState, to: GestureState, reason: String, outputs: GestureOutputs)] {
        records.compactMap {
            if case let .gesture(rid, _, from, to, reason, outputs) = $0.body, rid == r { return (from, to, reason.string, outputs) }
            return nil
        }
    }
    var hitTests: [(path: [HitStep], view: TraceName?)] {
        records.compactMap {
            if case let .hitTest(_, _, path, view, _, _) = $0.body { return (path, view) }
            return nil
        }
    }
}
