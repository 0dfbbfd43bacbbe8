// The window's live what-if replays the session's input with the contacts the touch device
// reported (a live evdev device's, or a device recording played in the window), as a
// recorded replay does: a pen stays a pencil touch, a palm stays out (docs/touch-types.md).
// Headless: the window's what-if object fed as LiveApp feeds it, no SDL.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene

@MainActor
@Suite("The window's what-if keeps a device's contacts", .serialized)
struct WhatIfWindowContactsTests {
    static let scene = """
        scene: pen
        window: [800, 600]
        views:
          - id: pad
            frame: [0, 0, 800, 600]
            handlesTouches: true
            recognizers:
              - id: penTap
                type: tap
                allowedTouchTypes: [pencil]
        """

    @Test("a device's pen tap noted with its contacts: the what-if's runs see a pencil touch, which penTap recognizes before the change")
    func penTapKeepsItsType() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("window-what-if-\(UUID().uuidString).yaml").path
        try Self.scene.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let window = Size(width: 800, height: 600)
        // tool-types.evemu: a finger turning into a palm, a palm, then a pen tap (tool 1).
        let reader = try RecordingReader.open(path: Paths.root + "/Tests/TouchSceneTests/Fixtures/import/tool-types.evemu", window: window)
        let whatIf = WhatIfWindow(scenePath: path, types: SceneTypes())
        var last = 0.0
        while let input = try reader.next() {
            whatIf.note(input, contact: reader.lastContact, device: reader.rawDevice)
            last = input.t
        }
        #expect(whatIf.contacts.count == whatIf.inputs.count)
        #expect(whatIf.device != nil)
        var edits = WhatIfEdits()
        edits.set("penTap", "taps", to: "2", original: "1")
        _ = whatIf.update(&edits, window: window, selected: [], now: last + 1)
        let end = Date().addingTimeInterval(20)
        while whatIf.outcome == nil && Date() < end {
            usleep(5_000)
            _ = whatIf.update(&edits, window: window, selected: [], now: last + 1)
        }
        let outcome = try #require(whatIf.outcome, "the what-if run did not finish")
        #expect(outcome.before.sequences.flatMap(\.recognizers).contains { $0.id == "penTap" && $0.outcome == .recognized },
                "\(outcome.before.sequences)")
        #expect(!outcome.after.sequences.flatMap(\.recognizers).contains { $0.id == "penTap" && $0.outcome == .recognized })
    }

    @Test("input without contacts (SDL's fingers, the mouse) keeps no contact list")
    func noContacts() {
        let whatIf = WhatIfWindow(scenePath: nil, types: SceneTypes())
        whatIf.note(RawInput(t: 0, .fingerDown(finger: 1, x: 1, y: 1)))
        whatIf.note(RawInput(t: 0.1, .fingerUp(finger: 1, x: 1, y: 1)))
        #expect(whatIf.contacts.isEmpty && whatIf.device == nil)
    }
}
