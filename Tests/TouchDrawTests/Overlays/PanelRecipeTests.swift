// docs/contributing.md, "Add a panel", followed by a test: a test-only interactive panel
// written as one file would be (its id, its drawing, its `PanelInteraction`, its entry), and
// its one registry entry added for the test (`PanelRegistry.$added`, the registry's test
// hook: the same as a line at the end of `PanelRegistry.shipped`). It is drawn by the
// composition, toggled by its key, named in the key table, and takes a tap and a drag through
// the calls the window's pointers make (`DebugOverlay.grab`, `drag`, `tap`), with no case for
// it anywhere else.
import Testing
@testable import TouchDraw

// MARK: The new panel's file

extension OverlayPanel {
    /// The recipe's panel.
    static let recipe = OverlayPanel("recipe")
}

/// Numbered rows: a tap selects one (`state[.recipe, "selected"]`), a vertical drag scrolls
/// them (`state[.recipe, "scroll"]`, up: later rows); its header counts the help rows the
/// host gave it (it declares `.help` in `needs`).
enum RecipePanel {
    static let rowCount = 40

    /// The rows shown in `rect`, from the scroll on, under a header line.
    static func rows(_ state: OverlayState, in rect: Rect, style: OverlayStyle) -> [(row: Int, rect: Rect)] {
        var out: [(Int, Rect)] = []
        var y = rect.minY + style.lineHeight
        var row = max(0, state[.recipe, "scroll"])
        while row < rowCount, y + style.lineHeight <= rect.maxY {
            out.append((row, Rect(x: rect.minX, y: y, width: rect.width, height: style.lineHeight)))
            y += style.lineHeight; row += 1
        }
        return out
    }

    static func draw(_ c: PanelContext, in rect: Rect, into list: inout DisplayList) {
        list.text("recipe: \(c.extras.help.count) help rows", at: Point(x: rect.minX, y: rect.minY), size: c.style.fontSize,
                  color: c.style.text, maxWidth: rect.width)
        let selected = c.state.panelValues[PanelValueKey(panel: .recipe, name: "selected")]
        for (row, r) in rows(c.state, in: rect, style: c.style) {
            list.text((row == selected ? "> " : "") + "row \(row)", at: r.origin, size: c.style.fontSize, color: c.style.text,
                      maxWidth: rect.width)
        }
    }

    static let interaction = PanelInteraction(
        hit: { c, at in
            rows(c.state, in: at.rect, style: c.style).first { $0.rect.contains(at.point) }.map { .item(.recipe, "\($0.row)") }
        },
        tap: { hit, _, state in
            if case let .item(.recipe, row) = hit, let n = Int(row) { state[.recipe, "selected"] = n }
        },
        drag: PanelInteraction.scrollRows(\OverlayState[.recipe, "scroll"], downward: -1, limit: { _ in rowCount - 1 }))

    /// The one registry entry.
    static let entry = PanelEntry(id: .recipe, title: "recipe panel", key: PanelKey(8), defaultOn: false,
                                  place: .side(weight: 1), needs: [.help], interaction: interaction) { c, rect, list in
        draw(c, in: rect, into: &list)
    }
}

// MARK: The test

@Suite("Add a panel (docs/contributing.md)")
struct PanelRecipeTests {
    let side = Rect(x: 900, y: 0, width: 340, height: 800)
    let scene = Rect(x: 0, y: 0, width: 800, height: 600)
    let m = EstimatedTextMeasurer()

    func surface(_ rig: OverlayRig, _ state: OverlayState, help: [HelpEntry] = []) -> PanelSurface {
        // As the host passes them: only what the shown panels need.
        let extras = DebugOverlayExtras(help: help, now: 1).keeping(PanelRegistry.needs(state))
        let c = DebugOverlay.context(app: rig.app, log: rig.log, state: state, sceneTransform: .identity, sceneRect: scene,
                                     sidePanel: side, measurer: m, extras: extras)
        return PanelSurface(context: c, side: side, bottom: nil, unit: 1)
    }

    func texts(_ list: DisplayList) -> [TextRun] {
        list.commands.compactMap { if case let .text(run) = $0 { run } else { nil } }
    }

    @Test("one entry added: the panel is registered, keyed, drawn in its section, and takes a tap and a drag")
    func recipe() throws {
        // Not there without its entry.
        #expect(PanelRegistry.entry(.recipe) == nil && PanelRegistry.panel(forKey: "F8", shift: false) == nil)
        try PanelRegistry.$added.withValue([RecipePanel.entry]) {
            #expect(OverlayPanel.allCases.last == .recipe)
            #expect(PanelRegistry.panel(forKey: "F8", shift: false) == .recipe)
            #expect(PanelRegistry.keyRows.last.map { "\($0.input): \($0.effect)" } == "F8: recipe panel on or off")
            #expect(DebugOverlay.sideOrder.last == .recipe)
            var state = OverlayState()
            #expect(!state.isOn(.recipe))   // defaultOn: false
            #expect(!PanelRegistry.needs(state).contains(.help))
            state.toggle(try #require(PanelRegistry.panel(forKey: "F8", shift: false)))
            #expect(PanelRegistry.needs(state).contains(.help))

            // Drawn in its section (the last of the side panel), with the host data it declared.
            let rig = OverlayRig()
            let help = (1...3).map { HelpEntry(input: "K\($0)", effect: "e") }
            let s = surface(rig, state, help: help)
            let section = try #require(DebugOverlay.sections(s.context, side: side).last)
            #expect(section.panel == .recipe)
            var list = DisplayList(size: Size(width: 1240, height: 800))
            DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: .identity, sceneRect: scene, sidePanel: side,
                              bottomPanel: nil, measurer: m, into: &list, extras: s.context.extras)
            let header = try #require(texts(list).first { $0.string.hasPrefix("recipe:") })
            #expect(header.string == "recipe: 3 help rows")
            #expect(section.clip.contains(header.position))
            let rows = RecipePanel.rows(state, in: section.rect, style: s.context.style)
            #expect(rows.count >= 3 && rows.first?.row == 0)
            #expect(texts(list).contains { $0.string == "row 0" && section.clip.contains($0.position) })

            // A tap on row 2: the window's calls (down, then a lift that did not move).
            let p = Point(x: rows[2].rect.midX, y: rows[2].rect.midY)
            #expect(DebugOverlay.hit(at: p, context: s.context, side: side, bottom: nil, tolerance: 22) == .item(.recipe, "2"))
            let grab = try #require(DebugOverlay.grab(at: p, on: s))
            #expect(grab.panel == .recipe)
            DebugOverlay.tap(at: p, on: s, state: &state)
            #expect(state[.recipe, "selected"] == 2)
            var after = DisplayList(size: Size(width: 1240, height: 800))
            DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: .identity, sceneRect: scene, sidePanel: side,
                              bottomPanel: nil, measurer: m, into: &after, extras: s.context.extras)
            #expect(texts(after).contains { $0.string == "> row 2" })

            // A drag up by five lines scrolls five rows; a move within the slop does nothing.
            let lh = s.context.style.lineHeight
            let near = Point(x: p.x, y: p.y - 3)
            _ = DebugOverlay.drag(grab, PanelDragStep(start: p, previous: p, point: near, from: p, isDrag: false,
                                                      startState: grab.startState), on: surface(rig, state), state: &state)
            #expect(state[.recipe, "scroll"] == 0)
            let up = Point(x: p.x, y: p.y - 5 * lh)
            _ = DebugOverlay.drag(grab, PanelDragStep(start: p, previous: near, point: up, from: p, isDrag: true,
                                                      startState: grab.startState), on: surface(rig, state), state: &state)
            #expect(state[.recipe, "scroll"] == 5)
            #expect(RecipePanel.rows(state, in: section.rect, style: s.context.style).first?.row == 5)
            // Never past its last row.
            let far = Point(x: p.x, y: p.y - 100 * lh)
            _ = DebugOverlay.drag(grab, PanelDragStep(start: p, previous: up, point: far, from: p, isDrag: true,
                                                      startState: grab.startState), on: surface(rig, state), state: &state)
            #expect(state[.recipe, "scroll"] == RecipePanel.rowCount - 1)
        }
        // Gone again after the call, for every other test.
        #expect(PanelRegistry.entry(.recipe) == nil && !OverlayPanel.allCases.contains(.recipe))
    }

    @Test("host data a panel does not declare does not reach it")
    func undeclaredHostData() {
        var entry = RecipePanel.entry
        entry.needs = []
        PanelRegistry.$added.withValue([entry]) {
            var state = OverlayState()
            state.set(.recipe, true)
            let rig = OverlayRig()
            let s = surface(rig, state, help: [HelpEntry(input: "K", effect: "e")])
            var list = DisplayList(size: Size(width: 1240, height: 800))
            DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: .identity, sceneRect: scene, sidePanel: side,
                              bottomPanel: nil, measurer: m, into: &list, extras: s.context.extras)
            #expect(texts(list).contains { $0.string == "recipe: 0 help rows" })
        }
    }
}
