// Faults in the middle of gestures: focus lost, touch device removed, window resized, scene
// reloaded, gamepad unplugged, each during a pinch, a pan, a double tap, a long press and a
// shake. Cancelling faults must reach the views and recognizers with a readable reason;
// the others must leave the gesture alone. Either way the system settles.
import Testing
@testable import TouchCore
@testable import TouchScene

enum Fault: String, CaseIterable, Sendable, CustomStringConvertible {
    case focusLost, touchDeviceRemoved, resize, reload, gamepadUnplugged
    var description: String { rawValue }
    /// The reason cancellations carry (nil: the fault cancels nothing).
    var touchReason: String? {
        switch self {
        case .focusLost: "window lost focus"
        case .touchDeviceRemoved: "touch device removed"
        case .reload: "scene reloaded"
        case .resize, .gamepadUnplugged: nil
        }
    }
    var shakeReason: String? {
        switch self {
        case .focusLost: "window lost focus"
        case .reload: "scene reloaded"
        case .gamepadUnplugged: "gamepad removed"
        case .touchDeviceRemoved, .resize: nil
        }
    }
}

enum Gesture: String, CaseIterable, Sendable, CustomStringConvertible {
    case pinch, pan, doubleTap, longPress, shake
    var description: String { rawValue }
    var scene: String {
        switch self {
        case .pinch, .pan: "photo"
        case .doubleTap: "double-tap"
        case .longPress: "long-press"
        case .shake: "media"
        }
    }
    /// The recognizer the fault interrupts (nil for shake).
    var recognizer: String? {
        switch self {
        case .pinch: "pinch"
        case .pan: "pan"
        case .doubleTap: "doubleTap"
        case .longPress: "press"
        case .shake: nil
        }
    }

    /// The inputs before the fault (ending mid-gesture) and after it (finishing the gesture).
    func inputs() -> (before: [RawInput], faultAt: Double, after: [RawInput]) {
        func down(_ t: Double, _ f: Int, _ x: Double, _ y: Double) -> RawInput { RawInput(t: t, .fingerDown(finger: f, x: x, y: y)) }
        func move(_ t: Double, _ f: Int, _ x: Double, _ y: Double) -> RawInput { RawInput(t: t, .fingerMove(finger: f, x: x, y: y)) }
        func up(_ t: Double, _ f: Int, _ x: Double, _ y: Double) -> RawInput { RawInput(t: t, .fingerUp(finger: f, x: x, y: y)) }
        switch self {
        case .pinch:
            var before = [down(0, 1, 350, 300), down(0, 2, 450, 300)]
            for k in 1...5 { let d = Double(k) * 10; before += [move(Double(k) * 0.02, 1, 350 - d, 300), move(Double(k) * 0.02, 2, 450 + d, 300)] }
            return (before, 0.12, [move(0.14, 1, 290, 300), move(0.14, 2, 510, 300), up(0.16, 1, 290, 300), up(0.16, 2, 510, 300)])
        case .pan:
            var before = [down(0, 1, 400, 300)]
            for k in 1...5 { before.append(move(Double(k) * 0.02, 1, 400 + Double(k) * 10, 300)) }
            return (before, 0.12, [move(0.14, 1, 470, 300), up(0.16, 1, 470, 300)])
        case .doubleTap:
            return ([down(0, 1, 400, 300), up(0.05, 1, 400, 300), down(0.15, 1, 400, 300)], 0.18, [up(0.2, 1, 400, 300)])
        case .longPress:
            return ([down(0, 1, 400, 300)], 0.7, [up(0.8, 1, 400, 300)])
        case .shake:
            return ([RawInput(t: 0, .padAdded), RawInput(t: 0.1, .padDown(button: "back"))], 0.5, [RawInput(t: 0.8, .padUp(button: "back"))])
        }
    }
}

@Suite("Faults in the middle of gestures")
struct FaultTests {
    @Test("a fault in the middle of a gesture cancels it with a readable reason, or leaves it alone, and the system settles",
          arguments: Fault.allCases, Gesture.allCases)
    func faultDuringGesture(fault: Fault, gesture: Gesture) throws {
        let scene = try loadDemoScene(gesture.scene)
        var records: [TraceRecord] = []
        var session = SceneSession(scene: scene)
        let checker = InvariantChecker()
        session.app.tracer.sink = TraceCallback { checker.observe($0); records.append($0) }
        let (before, faultAt, after) = gesture.inputs()
        for raw in before { session.advance(to: raw.t); session.handle(raw) }
        session.advance(to: faultAt)

        // The gesture is under way.
        if let id = gesture.recognizer, gesture != .doubleTap {
            #expect(session.built.recognizers[id]?.state.isActive == true, "\(id) should be under way before the fault")
        }
        if gesture == .shake { #expect(session.app.motion.isShaking) }
        let touchesBefore = session.app.hot.activeTouches.count
        let faultStart = records.count

        var old: SceneSession?
        switch fault {
        case .focusLost: session.handle(RawInput(t: faultAt, .focusLost))
        case .touchDeviceRemoved: session.handle(RawInput(t: faultAt, .touchDeviceRemoved))
        case .resize: session.handle(RawInput(t: faultAt, .resize(width: 1024, height: 700)))
        case .gamepadUnplugged: session.handle(RawInput(t: faultAt, .padRemoved))
        case .reload:
            old = session
            session = SceneSession(scene: scene, replacing: session, reason: "scene reloaded")
        }
        let during = Array(records[faultStart...])

        let cancels = gesture == .shake ? fault.shakeReason : fault.touchReason
        if let reason = cancels {
            if gesture == .shake {
                #expect(during.contains { r in
                    if case let .motion(.cancelled, _, view, why) = r.body { return view == "player" && why == reason }
                    return false
                }, "shake should be cancelled with reason \(reason): \(during.map(TraceWriter.line))")
            } else {
                let id = gesture.recognizer ?? ""
                #expect(during.contains { r in
                    if case let .gesture(rid, _, _, to, why, _) = r.body {
                        return rid == id && (to == .cancelled || to == .failed) && why.string.contains(reason)
                    }
                    return false
                }, "\(id) should be cancelled or fail with reason \(reason): \(during.map(TraceWriter.line))")
                #expect(touchesBefore > 0)
                #expect(during.contains { r in
                    if case let .note("cancel", text) = r.body { return text.string.contains(reason) }
                    return false
                })
                // Every view that still held one of the touches got touchesCancelled, saying why.
                // Which views held which touches: began, not yet ended or cancelled, before the fault.
                var held = Set<String>()
                for r in records[..<faultStart] {
                    guard case let .touches(phase, view, touches, _) = r.body else { continue }
                    for t in touches {
                        if phase == .began { held.insert("\(view) \(t)") }
                        if phase == .ended || phase == .cancelled { held.remove("\(view) \(t)") }
                    }
                }
                // A touch still down gets touchesCancelled; one already lifted whose touchesEnded
                // a recognizer held back gets it now (the recognizer failed: SPEC.md 6) or a
                // cancel. Either way every view that held a touch hears the last of it.
                var cancelled = Set<String>(), finished = Set<String>()
                for r in during {
                    guard case let .touches(phase, view, touches, _) = r.body, phase == .cancelled || phase == .ended else { continue }
                    for t in touches {
                        finished.insert("\(view) \(t)")
                        if phase == .cancelled { cancelled.insert("\(view) \(t)") }
                    }
                }
                #expect(held.isSubset(of: finished), "held \(held.sorted()), ended or cancelled \(finished.sorted())")
                // The double tap's pad handles touches: the second tap's finger is down at the
                // fault (cancelled), the first's touchesEnded is held back by doubleTap.
                if gesture == .doubleTap {
                    #expect(held == ["pad 1", "pad 2"], "\(held.sorted())")
                    #expect(cancelled.contains("pad 2"), "\(cancelled.sorted())")
                }
                for r in during {
                    if case let .touches(.cancelled, view, _, why) = r.body {
                        #expect(why?.contains(reason) == true || why?.hasPrefix("forwarded by") == true,
                                "\(view) got cancelled without the reason: \(why ?? "nil")")
                    }
                }
                #expect((old ?? session).app.hot.activeTouches.isEmpty)
            }
        } else {
            // Nothing is cancelled: no cancel note, no cancelled message, the gesture goes on.
            #expect(!during.contains { r in
                switch r.body {
                case .touches(.cancelled, _, _, _), .motion(.cancelled, _, _, _): return true
                case let .gesture(_, _, _, to, _, _): return to == .cancelled
                default: return false
                }
            }, "\(fault) should cancel nothing: \(during.map(TraceWriter.line))")
        }

        // Finish the gesture's inputs (fingers still down after a cancel stay swallowed).
        for raw in after { session.advance(to: raw.t); session.handle(raw) }
        if cancels == nil {
            // Left alone, the gesture completes.
            let finished = records.contains { r in
                switch (gesture, r.body) {
                case (.shake, .motion(.ended, _, let view, _)): return view == "player"
                case (_, let .gesture(rid, _, _, to, _, _)): return rid.string == gesture.recognizer && (to == .ended || to == .recognized)
                default: return false
                }
            }
            #expect(finished, "\(gesture) should complete after \(fault): \(records.map(TraceWriter.line).suffix(12))")
        } else if let id = gesture.recognizer {
            // After a cancel, the rest of the gesture's fingers make nothing new happen.
            #expect(!records[faultStart...].contains { r in
                if case let .gesture(rid, _, _, to, _, _) = r.body { return rid == id && (to == .began || to == .recognized) }
                return false
            })
        }

        let end = (after.last?.t ?? faultAt) + 0.01
        for dt in [0.5, 1.0, 5.0, 10.0] {
            old?.advance(to: end + dt)
            session.advance(to: end + dt)
        }
        if let old { checker.checkSettled(old) } else { checker.checkSettled(session) }
        #expect(checker.problems.isEmpty, "\(checker.problems.joined(separator: "\n"))")
        #expect(session.app.hot.activeTouches.isEmpty)
        #expect(!session.app.motion.isShaking)
        for r in session.built.recognizers.values { #expect(r.state == .possible, "\(r.id) is \(r.state)") }
    }

    @Test("a finger still down across a scene reload does not come back as a new touch")
    func fingerAcrossReload() throws {
        let scene = try loadDemoScene("photo")
        var session = SceneSession(scene: scene)
        session.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 400, y: 300)))
        session.handle(RawInput(t: 0.05, .fingerMove(finger: 1, x: 420, y: 300)))
        session = SceneSession(scene: scene, replacing: session)
        var records: [TraceRecord] = []
        session.app.tracer.sink = TraceCallback { records.append($0) }
        session.handle(RawInput(t: 0.1, .fingerMove(finger: 1, x: 460, y: 300)))
        session.handle(RawInput(t: 0.2, .fingerUp(finger: 1, x: 480, y: 300)))
        #expect(records.isEmpty, "\(records.map(TraceWriter.line))")
        // The next finger is a new touch as usual.
        session.handle(RawInput(t: 0.3, .fingerDown(finger: 1, x: 400, y: 300)))
        #expect(session.app.hot.activeTouches.count == 1)
    }
}

@Suite("Interruptions between taps")
struct InterruptBetweenTapsTests {
    @Test("focus lost between the two taps of a double tap: nothing recognizes, both fail saying why")
    func focusLostBetweenTaps() throws {
        let session = SceneSession(scene: try loadDemoScene("double-tap"))
        var records: [TraceRecord] = []
        session.app.tracer.sink = TraceCallback { records.append($0) }
        session.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 400, y: 300)))
        session.handle(RawInput(t: 0.05, .fingerUp(finger: 1, x: 400, y: 300)))
        session.handle(RawInput(t: 0.1, .focusLost))
        session.advance(to: 2)
        let ends = records.compactMap { r -> (String, GestureState, String)? in
            if case let .gesture(id, _, _, to, why, _) = r.body, to != .possible { return (id.string, to, why.string) }
            return nil
        }
        #expect(ends.count == 2, "\(ends)")
        #expect(ends.allSatisfy { $0.1 == .failed && $0.2.contains("window lost focus") }, "\(ends)")
    }
}
