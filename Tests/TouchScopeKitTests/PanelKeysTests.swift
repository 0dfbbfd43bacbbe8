import Testing
@testable import TouchScopeKit
import TouchDraw

/// The window's key table and the panel registry agree: the help panel lists the window's
/// keys exactly as before the registry, and the registry's keys toggle its panels.
@Suite("Panel keys")
struct PanelKeysTests {
    @Test("every panel key of the registry has its row in the window's key table (add `.panelKey(function:)` for a new one)")
    func registryRowsAreHostRows() {
        for row in PanelRegistry.keyRows {
            // Shift+F2 (the hit map) shares F2's row: F2 alone shows or hides every panel.
            if row.input == "Shift+F2" {
                #expect(hostKeys.contains { $0.input == "F2 / Shift+F2" && $0.effect.hasSuffix(" / " + row.effect) }, "\(row.input)")
                continue
            }
            #expect(hostKeys.contains { $0.input == row.input && $0.effect == row.effect }, "\(row.input)")
        }
        #expect(hostKeys.prefix(6).map(\.input) == ["F1 / Shift+F1", "F2 / Shift+F2", "F3 / Shift+F3", "F4 / Shift+F4", "F5 / Shift+F5", "F6 / Shift+F6"])
        #expect(hostKeys[1].effect == "show or hide every debugging panel / hit map (where touches land) on or off")
        #expect(hostKeys[2].effect == "touches overlay / event log on or off")
    }

    @Test("FrameState toggles the panel of a function key")
    func toggleByKey() {
        let frame = FrameState(overlays: true, threadedLog: false)
        #expect(!frame.state.isOn(.nowPlaying))
        #expect(frame.togglePanel(forKey: "F5", shift: true))
        #expect(frame.state.isOn(.nowPlaying))
        #expect(!frame.togglePanel(forKey: "F2", shift: false))
        #expect(frame.togglePanel(forKey: "F2", shift: true))
        #expect(frame.state.isOn(.hitMap))
    }
}
