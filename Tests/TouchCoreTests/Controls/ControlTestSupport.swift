import Testing
@testable import TouchCore

/// Collects trace records from an application.
final class Recorder {
    var records: [TraceRecord] = []
    /// `control.event` for every control record.
    var controlEvents: [String] {
        records.compactMap { r in
            if case let .control(c, e) = r.body { return "\(c).\(e)" }
            return nil
        }
    }
    /// Events of one control, in order.
    func events(of control: String) -> [String] {
        records.compactMap { r in
            if case let .control(c, e) = r.body, c == control { return e }
            return nil
        }
    }
    /// `(sender, action, target, handledBy)` for every action record.
    var actions: [(sender: TraceName, action: String, target: TraceName?, handledBy: TraceName?)] {
        records.compactMap { r in
            if case let .action(s, a, t, h) = r.body { return (s, a, t, h) }
            return nil
        }
    }
    /// `phase view` for every touches record to `view`.
    func touchMessages(to view: String) -> [String] {
        records.compactMap { r in
            if case let .touches(p, v, _, _) = r.body, v == view { return p.rawValue }
            return nil
        }
    }
    func gestureTransitions(of recognizer: String) -> [String] {
        records.compactMap { r in
            if case let .gesture(g, _, _, to, _, _) = r.body, g == recognizer { return to.rawValue }
            return nil
        }
    }
    func notes(_ topic: String) -> [String] {
        records.compactMap { r in
            if case let .note(t, text) = r.body, t == topic { return text.string }
            return nil
        }
    }
    func clear() { records.removeAll() }
}

func makeApp(width: Double = 800, height: Double = 600) -> (Application, Recorder) {
    let app = Application(windowSize: Size(width: width, height: height))
    let rec = Recorder()
    app.tracer.sink = TraceCallback { rec.records.append($0) }
    return (app, rec)
}

let finger1 = TouchKey(device: 0, finger: 1)
let finger2 = TouchKey(device: 0, finger: 2)

extension Application {
    func down(_ x: Double, _ y: Double, at t: Double, finger: TouchKey = finger1) {
        send(.touchDown(finger, Point(x: x, y: y)), at: t)
    }
    func move(_ x: Double, _ y: Double, at t: Double, finger: TouchKey = finger1) {
        send(.touchMove(finger, Point(x: x, y: y)), at: t)
    }
    func up(_ x: Double, _ y: Double, at t: Double, finger: TouchKey = finger1) {
        send(.touchUp(finger, Point(x: x, y: y)), at: t)
    }
    func tap(_ x: Double, _ y: Double, at t: Double, finger: TouchKey = finger1) {
        down(x, y, at: t, finger: finger)
        up(x, y, at: t + 0.05, finger: finger)
    }
}
