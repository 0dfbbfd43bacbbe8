// A panel added to the registry (docs/contributing.md, "Add a panel") in the live window: its
// one entry, added for the test (`PanelRegistry.$added`), is enough for the window's pointers
// (PanelPointers) to give it taps and drags, and to keep them from the scene.
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw

extension OverlayPanel {
    /// The test's panel.
    static let tally = OverlayPanel("tally")
}

/// Counts taps (`state[.tally, "taps"]`) and scrolls with a vertical drag (`state[.tally, "scroll"]`,
/// down: more).
enum TallyPanel {
    static let entry = PanelEntry(
        id: .tally, title: "tally", key: PanelKey(8), place: .side(weight: 1),
        interaction: PanelInteraction(
            hit: { _, at in .item(.tally, "tap") },
            tap: { hit, _, state in if hit == .item(.tally, "tap") { state[.tally, "taps"] += 1 } },
            drag: PanelInteraction.scrollRows(\OverlayState[.tally, "scroll"], downward: 1))
    ) { c, rect, list in
        list.text("taps: \(c.state[.tally, "taps"])", at: rect.origin, size: c.style.fontSize, color: c.style.text)
    }
}

@MainActor
@Suite("A panel added to the registry, in the window")
struct AddedPanelTests {
    @Test("the window's pointers give an added panel its taps and drags, and none of them reaches the scene")
    func tapAndDrag() throws {
        try PanelRegistry.$added.withValue([TallyPanel.entry]) {
            let rig = try LiveRig()
            #expect(rig.state.isOn(.tally))
            let side = try #require(rig.layout.sidePanel)
            let section = try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .tally })
            let mid = Point(x: section.rect.midX, y: section.rect.midY)
            rig.tap(mid)
            rig.tap(mid)
            #expect(rig.state[.tally, "taps"] == 2)
            // Drawn with what the taps did.
            var list = DisplayList(size: rig.layout.canvasSize)
            rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
            #expect(list.commands.contains { if case let .text(run) = $0 { run.string == "taps: 2" } else { false } })
            // A drag down by three lines scrolls it three, and is no tap.
            let line = rig.layout.overlayStyle.lineHeight
            rig.finger([mid, Point(x: mid.x, y: mid.y + 3 * line)])
            #expect(rig.state[.tally, "scroll"] == 3)
            #expect(rig.state[.tally, "taps"] == 2)
            rig.settle()
            #expect(rig.count(.hitTest) == 0 && rig.recordedLines().isEmpty, "the panel's fingers are not the scene's")
        }
    }
}
