// TouchToolbar: the toolbar and its menu as a frame draws them, and where a point on the
// debugger's own UI lands (a button, a menu cell, a panel line), from the same layout.
import TouchScene
import TouchDraw
import TouchSDL

/// What the toolbar shows besides the panels' state: its menu, the buttons held down, and
/// the window's own switches (recording, full screen), which the live window keeps current.
package struct ToolbarState: Sendable, Hashable {
    /// A button of the bar (by index in bar order) or a cell of the menu (counting through
    /// its sections).
    package enum Target: Sendable, Hashable {
        case button(Int)
        case cell(Int)
    }
    package var menuOpen = false
    /// The targets a finger or the mouse is down on (drawn pressed).
    package var pressed: Set<Target> = []
    package var recording = false
    package var fullscreen = false
    package init() {}
}

extension FrameState {
    /// The bar's controls in bar order: as many as the layout shows.
    func toolbarControls(_ layout: HostLayout) -> [TouchControl] {
        ToolbarButton.allCases.prefix(layout.toolbarButtonsShown).map(TouchControls.control)
    }

    /// The menu's sections for this layout (the bar's overflow last) and where its cells are;
    /// nil when the menu is closed or there is no toolbar.
    func toolbarMenu(_ layout: HostLayout, measurer: TextMeasurer) -> (sections: [(title: String, controls: [TouchControl])], layout: ToolbarMenuLayout)? {
        guard toolbar.menuOpen, let region = layout.toolbarMenuRegion, let bar = layout.toolbarButtonFrames.first else { return nil }
        let sections = TouchControls.menu(shown: layout.toolbarButtonsShown)
        let drawn = sections.map { ToolbarMenuSection($0.title, $0.controls.map { $0.item(self, pressed: false) }) }
        let menu = Toolbar.menuLayout(drawn, region: region, minWidth: layout.toolbarMenuMinWidth, cellHeight: bar.height,
                                      style: layout.overlayStyle, measurer: measurer)
        return (sections, menu)
    }

    /// Draws the bar (and the menu when open) over everything else.
    func drawToolbar(into list: inout DisplayList, layout: HostLayout, measurer: TextMeasurer) {
        guard let bar = layout.toolbar else { return }
        let style = layout.overlayStyle
        let items = toolbarControls(layout).enumerated().map { i, c in c.item(self, pressed: toolbar.pressed.contains(.button(i))) }
        Toolbar.draw(items, frames: layout.toolbarButtonFrames, bar: bar, style: style, measurer: measurer, into: &list)
        guard let menu = toolbarMenu(layout, measurer: measurer) else { return }
        var k = 0
        let sections = menu.sections.map { s in
            ToolbarMenuSection(s.title, s.controls.map { c in
                defer { k += 1 }
                return c.item(self, pressed: toolbar.pressed.contains(.cell(k)))
            })
        }
        Toolbar.drawMenu(sections, layout: menu.layout, style: style, measurer: measurer, into: &list)
    }

    /// What a tap at `p` (canvas pixels) on the panels points at (`DebugOverlay.hit`), nil
    /// off the panels or with the panels hidden.
    func panelHit(at p: Point, session: SceneSession, layout: HostLayout, measurer: TextMeasurer) -> PanelHit? {
        guard overlays else { return nil }
        let s = panelSurface(session, layout: layout, measurer: measurer)
        return DebugOverlay.hit(at: p, context: s.context, side: s.side, bottom: s.bottom, tolerance: s.tolerance)
    }

    /// The panels as pointers meet them now (`PanelSurface`): a finger is `panelScale` canvas
    /// pixels a unit, and lands within 22 units of what it aims at.
    func panelSurface(_ session: SceneSession, layout: HostLayout, measurer: TextMeasurer) -> PanelSurface {
        let c = DebugOverlay.context(app: session.app, log: log, state: state, sceneTransform: layout.sceneTransform,
                                     sceneRect: layout.sceneRect, sidePanel: layout.sidePanel, measurer: measurer,
                                     extras: extras(session, layout: layout))
        return PanelSurface(context: c, side: layout.sidePanel, bottom: layout.bottomPanel, unit: layout.panelScale)
    }

    /// The timeline's geometry in the bottom panel (for drags and pinches), nil when it is not shown.
    func timelineLayout(_ session: SceneSession, layout: HostLayout) -> TimelineLayout? {
        guard overlays, state.isOn(.timeline), let bottom = layout.bottomPanel else { return nil }
        return TimelinePanel.layout(app: session.app, log: log, state: state, views: DebugOverlay.viewsByID(session.app.window),
                                    now: session.app.time, in: bottom, style: layout.overlayStyle)
    }
}
