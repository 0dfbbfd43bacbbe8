import Testing
@testable import TouchDraw

/// The panel registry (`PanelRegistry.all`): the composition, the toggles and the key table read it.
@Suite("Panel registry")
struct PanelRegistryTests {
    @Test("the panels, their default state and their places")
    func table() {
        #expect(Set(OverlayPanel.allCases) == [.touches, .hitTest, .verdictCard, .responderChain, .timeline, .eventLog, .inspector,
                                               .nowPlaying, .devices, .help, .hitMap])
        #expect(PanelRegistry.entry(.hitMap)?.place == .scene(aboveSelection: false))
        #expect(OverlayPanel.allCases.count == PanelRegistry.all.count)
        #expect(OverlayState().panels == [.touches, .hitTest, .verdictCard, .responderChain, .timeline, .eventLog, .inspector])
        #expect(PanelRegistry.entry(.verdictCard)?.place == .scene(aboveSelection: true))
        #expect(DebugOverlay.sideOrder == [.responderChain, .nowPlaying, .devices, .inspector, .eventLog])
    }

    @Test("each function key toggles its panel")
    func keys() {
        #expect(PanelRegistry.panel(forKey: "F1", shift: false) == .help)
        #expect(PanelRegistry.panel(forKey: "F1", shift: true) == .verdictCard)
        #expect(PanelRegistry.panel(forKey: "f3", shift: false) == .touches)
        #expect(PanelRegistry.panel(forKey: "F3", shift: true) == .eventLog)
        #expect(PanelRegistry.panel(forKey: "F4", shift: false) == .hitTest)
        #expect(PanelRegistry.panel(forKey: "F4", shift: true) == .inspector)
        #expect(PanelRegistry.panel(forKey: "F5", shift: false) == .responderChain)
        #expect(PanelRegistry.panel(forKey: "F5", shift: true) == .nowPlaying)
        #expect(PanelRegistry.panel(forKey: "F6", shift: false) == .timeline)
        #expect(PanelRegistry.panel(forKey: "F6", shift: true) == .devices)
        #expect(PanelRegistry.panel(forKey: "F7", shift: false) == nil)   // the input map's remote key
        #expect(PanelRegistry.panel(forKey: "F2", shift: false) == nil)   // F2: every panel (the window's key)
        #expect(PanelRegistry.panel(forKey: "F2", shift: true) == .hitMap)
    }

    @Test("the key table's rows for the panels, and merging them into a host's table")
    func keyRows() {
        let rows = PanelRegistry.keyRows.map { "\($0.input): \($0.effect)" }
        #expect(rows == [
            "F1 / Shift+F1: help / verdict card on or off",
            "Shift+F2: hit map (where touches land) on or off",
            "F3 / Shift+F3: touches overlay / event log on or off",
            "F4 / Shift+F4: hit-test path / inspector on or off",
            "F5 / Shift+F5: responder chain / Now Playing and devices on or off",
            "F6 / Shift+F6: timeline / touch devices on or off",
        ])
    }
}
