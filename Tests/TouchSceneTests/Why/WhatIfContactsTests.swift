// The what-if replay keeps a device's contacts: a touch's tool type, pressure and size
// reach both runs as they reached the session (docs/touch-types.md). The fixture
// tool-types.evemu (written by hand from linux/input.h: MT_TOOL_FINGER 0, MT_TOOL_PEN 1,
// MT_TOOL_PALM 2): a finger that turns into a palm, a palm, then a pen tap at 0.1 s with
// ABS_MT_TOUCH_MAJOR 10 on an x axis of 0…1000 units.
import Foundation
import Testing
import TouchCore
import TouchScene

@Suite("What-if with a device's contacts")
struct WhatIfContactsTests {
    static let penScene = RuleVerdictTests.view("""
              - id: penTap
                type: tap
                allowedTouchTypes: [pencil]
        """, frame: "[0, 0, 800, 600]")
    static let window = Size(width: 800, height: 600)

    /// The fixture's input, each with its contact, and the device.
    static func deviceInput() throws -> (inputs: [RawInput], contacts: [RawContact?], device: RawDevice?) {
        let reader = try RecordingReader.open(path: Paths.fixtures + "/import/tool-types.evemu", window: window)
        var inputs: [RawInput] = [], contacts: [RawContact?] = []
        while let input = try reader.next() {
            inputs.append(input)
            contacts.append(reader.lastContact)
        }
        return (inputs, contacts, reader.rawDevice)
    }

    @Test("the recording text keeps each finger line's raw contact and the device's axes; replayed, the pen is a pencil touch with its size")
    func recordingText() throws {
        let (inputs, contacts, device) = try Self.deviceInput()
        let text = WhatIf.recordingText(window: Self.window, inputs: inputs, contacts: contacts, device: device)
        #expect(text.split(separator: "\n").first?.contains(#""rawDevice":{"#) == true)
        let session = SceneSession(scene: try scene(Self.penScene))
        var began: [FingerSample] = []
        session.app.tracer.sink = TraceCallback { r in if case let .touchSample(s) = r.body, s.phase == .began { began.append(s) } }
        try Replayer(session: session, recording: try RecordingReader(text: text, file: "what-if")).run(until: nil)
        // The palm never lands; the finger and the pen do. X spans 0…1000 units over 800 pt:
        // the pen's major of 10 units is 8 pt across, a radius of 4 pt.
        #expect(began.map(\.traits.type) == [.direct, .pencil])
        #expect(abs((began.last?.traits.majorRadius ?? 0) - 4) < 1e-9)
        // Without the contacts, as before: every touch a finger of no size, the palm delivered.
        let plain = WhatIf.recordingText(window: Self.window, inputs: inputs)
        #expect(!plain.contains(#""raw""#))
    }

    @Test("WhatIf.run with the contacts: penTap recognizes the pen's tap as the session did, and two taps required makes it fail")
    func runKeepsTypes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("what-if-contacts-\(UUID().uuidString).yaml").path
        try Self.penScene.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (inputs, contacts, device) = try Self.deviceInput()
        let settings = [try SceneSetting(parsing: "penTap.taps=2")]
        let outcome = try WhatIf.run(scenePath: path, settings: settings, inputs: inputs, contacts: contacts, device: device,
                                     window: Self.window)
        let before = outcome.before.sequences.flatMap(\.recognizers).filter { $0.id == "penTap" }.map(\.outcome)
        #expect(before.contains(.recognized), "\(outcome.before.sequences)")
        #expect(!outcome.after.sequences.flatMap(\.recognizers).contains { $0.id == "penTap" && $0.outcome == .recognized })
        // Without them (the window's what-if before it kept them), penTap never saw a pencil touch.
        let blind = try WhatIf.run(scenePath: path, settings: settings, inputs: inputs, window: Self.window)
        #expect(!blind.before.sequences.flatMap(\.recognizers).contains { $0.id == "penTap" && $0.outcome == .recognized })
    }
}
