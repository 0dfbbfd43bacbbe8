import Testing
@testable import touchscope
import TouchDraw

/// The window's key table and the panel registry agree: the help panel lists the window's
/// keys exactly as before the registry, and the registry's keys toggle its panels.
@Suite("Panel keys")
struct PanelKeysTests {
    @Test("every panel row of the registry is a row of the window's key table, and merging changes nothing")
    func registryRowsAreHostRows() {
        for row in PanelRegistry.keyRows {
            #expect(hostKeys.contains { $0.input == row.input && $0.effect == row.effect }, "\(row.input)")
        }
        let merged = PanelRegistry.keyTable(merging: hostKeys)
        #expect(merged.map(\.input) == hostKeys.map(\.input))
        #expect(merged.map(\.effect) == hostKeys.map(\.effect))
    }

    @Test("FrameState toggles the panel of a function key")
    func toggleByKey() {
        let frame = FrameState(overlays: true, threadedLog: false)
        #expect(!frame.state.isOn(.nowPlaying))
        #expect(frame.togglePanel(forKey: "F5", shift: true))
        #expect(frame.state.isOn(.nowPlaying))
        #expect(!frame.togglePanel(forKey: "F2", shift: false))
    }
}
