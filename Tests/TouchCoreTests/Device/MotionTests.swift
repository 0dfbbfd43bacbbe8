import Testing
@testable import TouchCore

/// An application with panel ⊃ player, player the first responder, and a trace log.
final class MotionFixture {
    let app = Application(windowSize: Size(width: 800, height: 600))
    let panel = View(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let player = View(id: "player", frame: Rect(x: 10, y: 10, width: 100, height: 100))
    var records: [TraceRecord] = []

    init() {
        app.window.addSubview(panel)
        panel.addSubview(player)
        player.canBecomeFirstResponder = true
        player.becomeFirstResponder()
        app.tracer.sink = TraceCallback { [unowned self] in self.records.append($0) }
    }

    var motions: [(phase: MotionPhase, view: TraceName?)] {
        records.compactMap { r in
            if case let .motion(phase, _, view, _) = r.body { return (phase, view) } else { return nil }
        }
    }
    var orientations: [String] {
        records.compactMap { r in
            if case let .orientation(from, to) = r.body { return "\(from)→\(to)" } else { return nil }
        }
    }
}

@Suite("Motion")
struct MotionTests {
    @Test("a shake goes to the first responder and up the chain to a responder that handles motion")
    func shakeUpTheChain() {
        let f = MotionFixture()
        f.panel.handlesMotion = true
        f.app.send(.shakeBegan, at: 0)
        f.app.send(.shakeEnded, at: 0.5)
        #expect(f.motions.map(\.phase) == [.began, .ended])
        #expect(f.motions.map(\.view) == ["panel", "panel"])
    }

    @Test("a first responder that handles motion keeps the shake")
    func shakeAtFirstResponder() {
        let f = MotionFixture()
        f.panel.handlesMotion = true
        f.player.handlesMotion = true
        f.app.send(.shakeBegan, at: 0)
        #expect(f.motions.first?.view == "player")
    }

    @Test("an unhandled shake is traced with no receiver")
    func shakeUnhandled() {
        let f = MotionFixture()
        f.app.send(.shakeBegan, at: 0)
        #expect(f.motions.first?.view == nil)
    }

    @Test("a shake held past the limit is cancelled")
    func shakeTooLong() {
        let f = MotionFixture()
        f.panel.handlesMotion = true
        f.app.send(.shakeBegan, at: 0)
        f.app.advance(to: 2.9)
        #expect(f.app.motion.isShaking)
        f.app.advance(to: 3.1)
        #expect(!f.app.motion.isShaking)
        f.app.send(.shakeEnded, at: 4)
        #expect(f.motions.map(\.phase) == [.began, .cancelled])
    }

    @Test("the interrupt key cancels a shake under way")
    func interruptCancels() {
        let f = MotionFixture()
        f.panel.handlesMotion = true
        var m = InputMapper(sceneSize: Size(width: 800, height: 600), defaults: Defaults())
        for (t, k) in [(0.0, RawInput.Kind.keyDown(key: "Z", mods: [.ctrl])), (0.5, .keyDown(key: "Escape")),
                       (0.6, .keyUp(key: "Z"))] {
            for e in m.map(RawInput(t: t, k)) { f.app.send(e, at: t) }
        }
        #expect(f.motions.map(\.phase) == [.began, .cancelled])
    }

    @Test("orientation notifications are sent only while generating")
    func orientationGeneration() {
        let f = MotionFixture()
        var heard: [DeviceOrientation] = []
        f.app.motion.onOrientationChange = { _, new in heard.append(new) }
        #expect(f.app.motion.isGeneratingDeviceOrientationNotifications)
        f.app.send(.orientation(.landscapeLeft), at: 0)
        f.app.motion.endGeneratingDeviceOrientationNotifications()
        #expect(f.app.motion.orientation == .unknown)
        f.app.send(.orientation(.faceUp), at: 1)
        #expect(f.app.motion.physicalOrientation == .faceUp)
        f.app.motion.beginGeneratingDeviceOrientationNotifications()
        f.app.motion.beginGeneratingDeviceOrientationNotifications()
        f.app.motion.endGeneratingDeviceOrientationNotifications()
        #expect(f.app.motion.orientation == .faceUp)
        #expect(f.orientations == ["portrait→landscapeLeft", "unknown→faceUp"])
        #expect(heard == [.landscapeLeft, .faceUp])
    }

    @Test("accelerometer samples go to subscribers, not the responder chain")
    func subscriptions() {
        let f = MotionFixture()
        f.panel.handlesMotion = true
        var got: [MotionSample] = []
        let token = f.app.motion.subscriptions.subscribe(.accelerometer) { got.append($0) }
        f.app.motion.subscriptions.subscribe(.gyroscope) { _ in Issue.record("gyroscope subscriber got an accelerometer sample") }
        f.app.send(.motionSample(MotionSample(.accelerometer, x: 0, y: 9.81, z: 0)), at: 0.25)
        #expect(got.count == 1)
        #expect(got.first?.timestamp == 0.25)
        #expect(f.motions.isEmpty)
        #expect(f.app.motion.subscriptions.isActive(.accelerometer))
        f.app.motion.subscriptions.unsubscribe(token)
        f.app.send(.motionSample(MotionSample(.accelerometer, x: 0, y: 9.81, z: 0)), at: 0.5)
        #expect(got.count == 1)
        #expect(f.app.motion.subscriptions.latest[.accelerometer]?.timestamp == 0.5)
    }

    @Test("gravity on SDL's axes names the orientation")
    func gravityConvention() {
        let g = standardGravity
        #expect(DeviceOrientation(gravityX: 0, y: g, z: 0) == .portrait)
        #expect(DeviceOrientation(gravityX: 0, y: -g, z: 0) == .portraitUpsideDown)
        #expect(DeviceOrientation(gravityX: g, y: 0, z: 0) == .landscapeLeft)
        #expect(DeviceOrientation(gravityX: -g, y: 0, z: 0) == .landscapeRight)
        #expect(DeviceOrientation(gravityX: 0, y: 0, z: g) == .faceUp)
        #expect(DeviceOrientation(gravityX: 0, y: 0, z: -g) == .faceDown)
        #expect(DeviceOrientation(gravityX: 0, y: 25, z: 0) == nil) // accelerating: no answer
        #expect(DeviceOrientation(gravityX: 6, y: 6, z: 5) == nil)   // between orientations
    }

    @Test("a missing required capability is named, with its stand-in, and traced")
    func capabilities() {
        let f = MotionFixture()
        let caps = DeviceCapabilities(accelerometer: false, gyroscope: false, touchscreen: false, gamepad: true)
        let messages = f.app.checkRequiredCapabilities([.accelerometer, .gamepad], available: caps.available)
        #expect(messages.count == 2)
        #expect(messages[0].hasPrefix("missing accelerometer"))
        #expect(messages[1] == "has gamepad")
        let note = f.records.compactMap { r -> String? in
            if case let .note(topic, text) = r.body, topic == "capabilities" { return text.string } else { return nil }
        }
        #expect(note.first?.hasPrefix("the device lacks accelerometer") == true)
        #expect(checkRequiredCapabilities([], available: []).isEmpty)
    }
}
