import Testing
@testable import TouchCore

// Expected values quote Apple's UIKit documentation (developer.apple.com/documentation/uikit):
// UIGestureRecognizer.allowedTouchTypes, .requiresExclusiveTouchType, UITouch.force,
// .maximumPossibleForce, .majorRadius; and the kernel's linux/input.h for MT_TOOL_*.

private let tk1 = TouchKey(device: 0, finger: 1)
private let tk2 = TouchKey(device: 0, finger: 2)

private func typeNotes(_ rig: Rig, topic: String? = nil) -> [TraceText] {
    rig.records.compactMap {
        if case let .note(t, text) = $0.body, topic == nil || t == topic { return text }
        return nil
    }
}

@Suite("Touch types: allowedTouchTypes and requiresExclusiveTouchType")
struct TouchTypeFilterTests {
    @Test("defaults: every touch type allowed, exclusive touch type required")
    func defaults() {
        let r = TapGestureRecognizer(id: "tap")
        // "The default value of this property contains all touch types."
        #expect(Set(r.allowedTouchTypes) == [.direct, .indirect, .pencil, .indirectPointer])
        // UIGestureRecognizer.h: requiresExclusiveTouchType "defaults to YES".
        #expect(r.requiresExclusiveTouchType)
        // UITouch.TouchType's cases, in UIKit's order.
        #expect(TouchType.allCases.map(\.rawValue) == ["direct", "indirect", "pencil", "indirectPointer"])
    }

    @Test("a recognizer that allows only pencil ignores a finger, says so with rule touchType, and takes a pen")
    func allowedTypes() {
        let rig = Rig()
        let canvas = rig.view("canvas", 0, 0, 400, 400)
        // The sample of TouchCore's article "Touches from today's hardware", as it is there.
        let penTap = TapGestureRecognizer(id: "penTap")
        penTap.allowedTouchTypes = [.pencil]
        canvas.addGestureRecognizer(penTap)
        rig.tap(100, 100, at: 0)
        #expect(rig.transitions(of: "penTap").isEmpty)
        let refusal = typeNotes(rig, topic: "gesture").first { $0.decision?.rule == .touchType }
        #expect(refusal?.string == "penTap does not analyse touch 1: it is direct, and allowedTouchTypes is [pencil]")
        #expect(refusal?.decision?.recognizer == TraceName("penTap"))

        rig.app.send(.touchTraits(tk1, TouchTraits(type: .pencil)), at: 1)
        rig.tap(100, 100, at: 1)
        #expect(rig.transitions(of: "penTap") == ["possible>recognized", "recognized>possible"])
    }

    @Test("with requiresExclusiveTouchType a touch of another type than the first is ignored; without it, taken")
    func exclusiveType() {
        for exclusive in [true, false] {
            let rig = Rig()
            let v = rig.view("canvas", 0, 0, 400, 400)
            let two = TapGestureRecognizer(id: "twoFingers")
            two.numberOfTouchesRequired = 2
            two.requiresExclusiveTouchType = exclusive
            v.addGestureRecognizer(two)
            rig.down(1, 100, 100, at: 0)
            rig.app.send(.touchTraits(tk2, TouchTraits(type: .pencil)), at: 0.01)
            rig.down(2, 150, 100, at: 0.01)
            rig.up(1, 100, 100, at: 0.05)
            rig.up(2, 150, 100, at: 0.05)
            // "When the value of this property is true, the gesture recognizer automatically
            // ignores new touches whose type doesn't match the type of the initial touch. When
            // the value is false, the gesture recognizer receives all touches whose types are
            // listed in the allowedTouchTypes property."
            if exclusive {
                let refusal = typeNotes(rig).first { $0.decision?.rule == .touchType }
                #expect(refusal?.string == "twoFingers does not analyse touch 2: it is pencil, and with requiresExclusiveTouchType it follows only direct touches since touch 1")
                #expect(!rig.transitions(of: "twoFingers").contains("possible>recognized"))
            } else {
                #expect(typeNotes(rig).allSatisfy { $0.decision?.rule != .touchType })
                #expect(rig.transitions(of: "twoFingers").first == "possible>recognized")
            }
        }
    }

    @Test("the mouse is a direct touch unless the application supports indirect input events")
    func mouseType() {
        for indirect in [false, true] {
            let rig = Rig()
            rig.view("v", 0, 0, 400, 400, handles: true)
            rig.app.supportsIndirectInputEvents = indirect
            rig.app.send(.touchDown(TouchKey(device: -1, finger: 0), Point(x: 10, y: 10), emulated: true), at: 0)
            let touch = rig.app.hot.activeTouches.values.first
            #expect(touch?.type == (indirect ? .indirectPointer : .direct))
            // The mouse has no pressure: no force, and no maximum.
            #expect(touch?.force == 0)
            #expect(touch?.maximumPossibleForce == 0)
        }
    }
}

@Suite("Touch force and radius")
struct TouchForceTests {
    @Test("force is in UIKit's unit: the middle of the pressure range is the average touch, 1.0")
    func forceMapping() {
        let rig = Rig()
        rig.view("v", 0, 0, 400, 400, handles: true)
        // "The force of the touch, where a value of 1.0 represents the force of an average
        // touch": TouchScope's average touch is pressure 0.5 of 0…1.
        rig.app.send(.touchDown(tk1, Point(x: 10, y: 10), pressure: 0.5), at: 0)
        let touch = rig.app.hot.activeTouches.values.first
        #expect(touch?.force == 1.0)
        // "The value of this property is sufficiently high to provide a wide dynamic range
        // for values of the force property": the top of the range, pressure 1.
        #expect(touch?.maximumPossibleForce == 2)
        rig.app.send(.touchMove(tk1, Point(x: 20, y: 10), pressure: 1), at: 0.1)
        #expect(touch?.force == touch?.maximumPossibleForce)
        #expect(touch?.pressure == 1)
    }

    @Test("a contact's radius is half its major axis in points, its tolerance half the fuzz")
    func radius() {
        // 0…1000 units across a 500 pt window: 0.5 pt per unit. A major axis of 40 units is
        // 20 pt across, a radius of 10 pt; a fuzz of 4 units is 2 pt, ± 1 pt on the radius.
        let device = RawDevice(name: "panel", protocol: "multitouch B (slots)", axes: [
            RawAxis(name: "ABS_MT_TOUCH_MAJOR", code: 0x30, min: 0, max: 255, fuzz: 4, resolution: 10),
            RawAxis(name: "ABS_MT_POSITION_X", code: 0x35, min: 0, max: 1000, resolution: 10),
            RawAxis(name: "ABS_MT_POSITION_Y", code: 0x36, min: 0, max: 600, resolution: 10),
        ], window: Size(width: 500, height: 300))
        let t = TouchTraits(contact: RawContact(slot: 0, trackingID: 1, touchMajor: 40), device: device, hasPressure: false)
        #expect(t.majorRadius == 10)
        #expect(t.majorRadiusTolerance == 1)
        #expect(t.type == .direct)
        #expect(t.maximumPossibleForce == 0)
        // MT_TOOL_PEN is 1, MT_TOOL_PALM 2 (linux/input.h).
        #expect(TouchTraits(contact: RawContact().with(toolType: 1), device: nil, hasPressure: true).type == .pencil)
        #expect(TouchTraits(contact: RawContact().with(toolType: 2), device: nil, hasPressure: true).isPalm)
    }
}

@Suite("Palms")
struct PalmTests {
    private func run(_ inputs: [(RawInput, TouchTraits?)]) -> Rig {
        let rig = Rig()
        rig.view("v", 0, 0, 400, 400, handles: true).isMultipleTouchEnabled = true
        var mapper = InputMapper(sceneSize: Size(width: 400, height: 400), defaults: Defaults())
        for (raw, traits) in inputs {
            var out: [InputEvent] = []
            mapper.map(raw, traits: traits, into: &out)
            for e in out { rig.app.send(e, at: raw.t) }
        }
        return rig
    }
    private let palm = TouchTraits(isPalm: true)

    @Test("a contact that is a palm from its first frame is never delivered")
    func palmFromTheStart() {
        let rig = run([
            (RawInput(t: 0, .fingerDown(finger: 1, x: 10, y: 10, pressure: 0.5)), palm),
            (RawInput(t: 0.1, .fingerMove(finger: 1, x: 20, y: 10, pressure: 0.5)), palm),
            (RawInput(t: 0.2, .fingerUp(finger: 1, x: 20, y: 10, pressure: 0.5)), palm),
        ])
        #expect(rig.messages(to: "v").isEmpty)
        #expect(rig.hitTests.isEmpty)
        #expect(typeNotes(rig, topic: "delivery").map(\.string) == ["palm on finger 1 not delivered: the device reports MT_TOOL_PALM"])
    }

    @Test("a finger that turns into a palm is cancelled with the reason, and the rest of it is swallowed")
    func fingerBecomesPalm() {
        let finger = TouchTraits()
        let rig = run([
            (RawInput(t: 0, .fingerDown(finger: 1, x: 10, y: 10, pressure: 0.5)), finger),
            (RawInput(t: 0.1, .fingerMove(finger: 1, x: 20, y: 10, pressure: 0.5)), palm),
            (RawInput(t: 0.2, .fingerMove(finger: 1, x: 30, y: 10, pressure: 0.5)), finger),
            (RawInput(t: 0.3, .fingerUp(finger: 1, x: 30, y: 10, pressure: 0.5)), finger),
        ])
        #expect(rig.messages(to: "v") == ["began 1", "cancelled 1"])
        let cancelled = rig.records.compactMap { r -> String? in
            if case let .touches(.cancelled, _, _, reason) = r.body { return reason }
            return nil
        }
        #expect(cancelled == ["cancelled: touch became a palm (MT_TOOL_PALM)"])
        #expect(rig.app.hot.activeTouches.isEmpty)
    }

    @Test("another finger goes on when one turns into a palm")
    func otherFingerGoesOn() {
        let rig = run([
            (RawInput(t: 0, .fingerDown(finger: 1, x: 10, y: 10)), TouchTraits()),
            (RawInput(t: 0, .fingerDown(finger: 2, x: 100, y: 10)), TouchTraits()),
            (RawInput(t: 0.1, .fingerMove(finger: 1, x: 20, y: 10)), palm),
            (RawInput(t: 0.2, .fingerMove(finger: 2, x: 110, y: 10)), TouchTraits()),
            (RawInput(t: 0.3, .fingerUp(finger: 2, x: 110, y: 10)), TouchTraits()),
        ])
        #expect(rig.messages(to: "v") == ["began 1", "began 2", "cancelled 1", "moved 2", "ended 2"])
    }
}
