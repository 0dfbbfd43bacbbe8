// Touch types through scene files, recordings and `why`: the scene keys
// `allowedTouchTypes`, `requiresExclusiveTouchType` and `supportsIndirectInputEvents`, a
// recording's raw `tool` (ABS_MT_TOOL_TYPE: 0 finger, 1 pen, 2 palm, linux/input.h), and
// the answer with rule `touchType`. UIKit's documentation: allowedTouchTypes "The default
// value of this property contains all touch types"; requiresExclusiveTouchType defaults to
// true (UIGestureRecognizer.h).
import Foundation
import Testing
import TouchCore
import TouchScene

@Suite("Touch types in scene files, recordings and why")
struct TouchTypeSceneTests {
    static let penScene = RuleVerdictTests.view("""
              - id: penTap
                type: tap
                allowedTouchTypes: [pencil]
              - id: anyTap
                type: tap
                requiresExclusiveTouchType: false
        """)

    @Test("the scene keys set the recognizer's properties; left out, UIKit's defaults")
    func sceneKeys() throws {
        let s = try scene(Self.penScene)
        let rs = s.allViews.flatMap(\.recognizers)
        let pen = try #require(rs.first { $0.id == "penTap" })
        let any = try #require(rs.first { $0.id == "anyTap" })
        #expect(pen.allowedTouchTypes == [.pencil])
        #expect(pen.requiresExclusiveTouchType)
        #expect(any.allowedTouchTypes == [.direct, .indirect, .pencil, .indirectPointer])
        #expect(!any.requiresExclusiveTouchType)
        #expect(!s.supportsIndirectInputEvents)
        let built = SceneSession(scene: s)
        #expect(!built.app.supportsIndirectInputEvents)
        let indirect = try scene("scene: s\nwindow: [100, 100]\nsupportsIndirectInputEvents: true\n")
        #expect(SceneSession(scene: indirect).app.supportsIndirectInputEvents)
    }

    @Test("an unknown touch type is a located error naming the choices")
    func badType() {
        let d = diagnostics(RuleVerdictTests.view("""
                  - id: t
                    type: tap
                    allowedTouchTypes: [finger]
            """))
        #expect(d.count == 1)
        #expect(d.first?.message.contains("finger") == true)
        #expect(d.first?.message.contains("pencil") == true)
        #expect(d.first?.line == 10)
    }

    @Test("a finger tap: penTap leaves it out with rule touchType, and why says so")
    func whyTouchType() throws {
        let sequences = try RuleVerdictTests.verdicts(scene: Self.penScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":300,"y":300,"raw":{"tool":0}}"#,
            #"{"t":0.15,"type":"finger-up","finger":1,"x":300,"y":300,"raw":{"tool":0}}"#,
        ])
        let keptOut = try #require(sequences.first?.keptOut.first)
        #expect(keptOut.recognizer == "penTap")
        #expect(keptOut.rule == .touchType)
        #expect(keptOut.control == "direct")
        // anyTap recognized the tap; penTap has no row, so the answer names it anyway.
        #expect(sequences.first?.answer == ["penTap did not analyse touch 1: it is direct, and allowedTouchTypes is [pencil] (rule touchType)"])
        #expect(WhyReport.text(sequences).contains("penTap did not analyse touch 1: it is direct, and allowedTouchTypes is [pencil] (rule touchType)"))
        let json = WhyReport.json(sequences)
        #expect(json.contains(#"{"recognizer":"penTap","touch":1,"by":"direct","rule":"touchType"}"#))
    }

    @Test("a pen tap (raw tool 1) reaches penTap; a palm (tool 2) reaches nothing")
    func penAndPalm() throws {
        let pen = try RuleVerdictTests.verdicts(scene: Self.penScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":300,"y":300,"pressure":0.3,"raw":{"tool":1}}"#,
            #"{"t":0.15,"type":"finger-up","finger":1,"x":300,"y":300,"pressure":0.3,"raw":{"tool":1}}"#,
        ])
        #expect(try RuleVerdictTests.verdict("penTap", in: pen).outcome == .recognized)
        #expect(pen.first?.keptOut.isEmpty == true)
        let palm = try RuleVerdictTests.verdicts(scene: Self.penScene, input: [
            #"{"t":0.1,"type":"finger-down","finger":1,"x":300,"y":300,"raw":{"tool":2}}"#,
            #"{"t":0.15,"type":"finger-up","finger":1,"x":300,"y":300,"raw":{"tool":2}}"#,
        ])
        #expect(palm.isEmpty)
    }

    @Test("a recording's raw tool reads back, and a bad one is a located error")
    func recordingTool() throws {
        let text = #"""
        {"recording":1,"window":[800,600]}
        {"t":0.1,"type":"finger-down","finger":1,"x":3,"y":3,"raw":{"slot":0,"tool":1}}
        {"t":0.2,"type":"finger-up","finger":1,"x":3,"y":3,"raw":{"tool":"pen"}}
        """#
        let r = try RecordingReader(text: text)
        _ = try r.next()
        #expect(r.lastContact?.toolType == 1)
        #expect(r.lastContact?.slot == 0)
        #expect(throws: InputFileError.self) { _ = try r.next() }
    }
}

@Suite("Touch types from a device recording")
struct ToolTypeImportTests {
    static let path = Paths.fixtures + "/import/tool-types.evemu"

    @Test("import keeps ABS_MT_TOOL_TYPE in each finger line's contact, and a change of tool alone is a move")
    func importKeepsTool() throws {
        let reader = try RecordingReader.open(path: Self.path, window: Size(width: 800, height: 600))
        var seen: [String] = []
        while let input = try reader.next() {
            let what: String
            switch input.kind {
            case let .fingerDown(f, _, _, _, _): what = "down \(f)"
            case let .fingerMove(f, _, _, _, _): what = "move \(f)"
            case let .fingerUp(f, _, _, _, _): what = "up \(f)"
            default: continue
            }
            seen.append("\(what) tool \(reader.lastContact?.toolType.map(String.init) ?? "-")")
        }
        // The fixture's frames: slot 0 finger (tool 0); slot 1 palm (tool 2); slot 0 turns
        // into a palm without moving; both lift; slot 0 again as a pen (tool 1), lifts.
        #expect(seen == ["down 1 tool 0", "down 2 tool 2", "move 1 tool 2", "up 1 tool 2", "up 2 tool 2", "down 1 tool 1", "up 1 tool 1"])
    }

    @Test("replayed: the finger is cancelled when it turns into a palm, the palm never lands, the pen is pencil with its force and radius")
    func replayTypes() throws {
        let s = try scene("scene: s\nwindow: [800, 600]\nviews:\n  - id: pad\n    frame: [0, 0, 800, 600]\n    handlesTouches: true\n")
        let session = SceneSession(scene: s)
        var records: [TraceRecord] = []
        session.app.tracer.sink = TraceCallback { records.append($0) }
        try Replayer(session: session, recording: try RecordingReader.open(path: Self.path, window: s.window)).run(until: nil)
        let messages = records.compactMap { r -> String? in
            if case let .touches(phase, _, touches, reason) = r.body {
                return "\(phase.rawValue) \(touches.map(String.init).joined())" + (reason.map { " (\($0))" } ?? "")
            }
            return nil
        }
        #expect(messages == ["began 1", "cancelled 1 (cancelled: touch became a palm (MT_TOOL_PALM))", "began 2", "ended 2"])
        let began = records.compactMap { r -> FingerSample? in
            if case let .touchSample(f) = r.body, f.phase == .began { return f }
            return nil
        }
        #expect(began.count == 2)
        // X spans 0…1000 units over 800 pt: 0.8 pt per unit. The finger's major is 40 units
        // (32 pt across, radius 16 pt); the pen's 10 units (radius 4 pt); the major axis's
        // fuzz is 4 units: ± 2 units on the radius, 1.6 pt.
        #expect(began.first?.traits.type == .direct)
        #expect(abs((began.first?.traits.majorRadius ?? 0) - 16) < 1e-9)
        let pen = try #require(began.last)
        #expect(pen.traits.type == .pencil)
        #expect(abs(pen.traits.majorRadius - 4) < 1e-9)
        #expect(abs(pen.traits.majorRadiusTolerance - 1.6) < 1e-9)
        // Pressure 25 of 0…100 is 0.25; UIKit's unit puts the average touch (1.0) at 0.5.
        #expect(pen.pressure == 0.25)
        #expect(pen.pressure * pen.traits.maximumPossibleForce == 0.5)
        let palmNote = records.contains { r in
            if case let .note(_, text) = r.body { return text.string == "palm on finger 2 not delivered: the device reports MT_TOOL_PALM" }
            return false
        }
        #expect(palmNote)
    }
}

@Suite("Touch types in what-if")
struct TouchTypeWhatIfTests {
    @Test("what-if takes allowedTouchTypes: letting direct touches in makes penTap recognize the finger's tap")
    func whatIfAllowedTypes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touch-types-\(UUID().uuidString).yaml").path
        try TouchTypeSceneTests.penScene.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try WhatIf.run(scenePath: path, settings: [try SceneSetting(parsing: "penTap.allowedTouchTypes=[direct, pencil]")],
                                     inputs: [RawInput(t: 0.1, .fingerDown(finger: 1, x: 300, y: 300)),
                                              RawInput(t: 0.15, .fingerUp(finger: 1, x: 300, y: 300))],
                                     window: Size(width: 800, height: 600))
        #expect(outcome.before.sequences.first?.keptOut.map(\.rule) == [.touchType])
        #expect(outcome.before.sequences.first?.recognizers.contains { $0.id == "penTap" } != true)
        #expect(outcome.after.sequences.first?.keptOut.isEmpty == true)
        #expect(outcome.after.sequences.first?.recognizers.first { $0.id == "penTap" }?.outcome == .recognized)
    }
}
