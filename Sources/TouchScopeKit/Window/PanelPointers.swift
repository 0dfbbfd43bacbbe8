// PanelPointers: fingers and the mouse on the debugger's own UI (the toolbar, its menu, the
// panels). A pointer that goes down there belongs to the UI until it lifts: it never reaches
// the scene, the trace or the recording. A pointer that goes down on the scene stays the
// scene's, wherever it moves.
//
//   on a button or menu cell   pressed while over it; a lift over it runs its window key's action
//   on a panel                 what its registry entry says (`PanelEntry.interaction`, through
//                              TouchDraw's PanelHits): the timeline drags, pinches and selects,
//                              the event log scrolls and selects, the inspector's tree selects
//                              (and its what-if editor's buttons, steppers and boxes change settings),
//                              the help scrolls; a tap on the selection detail closes it
//   on the verdict card        (over the scene, where it was last drawn) a tap on a recognizer
//                              selects its decision, on × dismisses the card; a drag scrolls it
//   with the menu open         a touch outside it and the bar closes it (and does nothing else)
//
// Mouse clicks do what taps do (the left button; the others do nothing on the UI).
import TouchScene
import TouchDraw
import TouchSDL

struct PanelPointers {
    enum ID: Hashable {
        case finger(Int)
        case mouse
    }

    /// What a pointer went down on.
    enum Grab: Equatable {
        case target(ToolbarState.Target)
        /// Anywhere off the open menu and the bar: the menu closed.
        case outsideMenu
        /// The panels (nil: the debugger's UI off the toolbar's buttons with the panels hidden).
        case panel(PanelGrab?)
        /// A mouse button other than the left one.
        case ignored
    }

    struct Pointer {
        var grab: Grab
        var start: Point
        var last: Point
        /// Moved past the slop: a drag, not a tap.
        var moved = false
        /// It pinched a panel with another: no tap when it lifts.
        var pinched = false

        /// Whether it holds `panel`.
        func holds(_ panel: OverlayPanel?) -> Bool {
            if case .panel(let g?) = grab { g.panel == panel } else { false }
        }
    }

    private(set) var pointers: [ID: Pointer] = [:]

    /// Whether the UI holds a pointer.
    var isEmpty: Bool { pointers.isEmpty }

    /// Takes `input` when it is the UI's: a pointer going down on the toolbar, the open menu
    /// or a panel, or one the UI holds moving or lifting. True: the input must go no further
    /// (not to the scene, not into the recording). Focus loss cancels what the pointers were
    /// doing (they stay the UI's until they lift: SDL still sends their ends); a removed
    /// touch device and the end let go of them (and pass on).
    @MainActor
    mutating func take(_ input: RawInput, for ui: some HostKeyTarget, layout: HostLayout, measurer: TextMeasurer) -> Bool {
        let id: ID, point: Point, phase: TouchPhase, left: Bool
        switch input.kind {
        case let .fingerDown(f, x, y, _, _): (id, point, phase, left) = (.finger(f), Point(x: x, y: y), .began, true)
        case let .fingerMove(f, x, y, _, _): (id, point, phase, left) = (.finger(f), Point(x: x, y: y), .moved, true)
        case let .fingerUp(f, x, y, _, _): (id, point, phase, left) = (.finger(f), Point(x: x, y: y), .ended, true)
        case let .mouseDown(x, y, button, _): (id, point, phase, left) = (.mouse, Point(x: x, y: y), .began, button == .left)
        case let .mouseMove(x, y, button?, _): (id, point, phase, left) = (.mouse, Point(x: x, y: y), .moved, button == .left)
        case let .mouseUp(x, y, button, _): (id, point, phase, left) = (.mouse, Point(x: x, y: y), .ended, button == .left)
        case .focusLost:
            for id in pointers.keys { pointers[id]?.grab = .ignored }
            ui.frame.toolbar.pressed.removeAll()
            return false
        case .touchDeviceRemoved:
            // The translator forgot the fingers; their ids will be given again.
            pointers = pointers.filter { $0.key == .mouse }
            ui.frame.toolbar.pressed.removeAll()
            return false
        case .quit, .displayLost:
            pointers.removeAll(); ui.frame.toolbar.pressed.removeAll()
            return false
        default:
            return false
        }
        let c = layout.sceneToCanvasExact(point)
        switch phase {
        case .began:
            // The mouse's other buttons while the UI holds it: the UI's, and nothing happens.
            // (A finger id is only given again once its finger lifted: an old one is stale.)
            if id == .mouse, pointers[id] != nil { return true }
            pointers[id] = nil
            guard let grab = self.grab(at: c, ui: ui, layout: layout, measurer: measurer) else { return false }
            pointers[id] = Pointer(grab: left ? grab : .ignored, start: c, last: c)
            if left, case .target(let t) = grab { ui.frame.toolbar.pressed.insert(t) }
            return true
        case .moved:
            guard var p = pointers[id] else { return false }
            let previous = p.last
            p.last = c
            let slop = 10 * layout.panelScale
            // A drag counts from where it went down, once it is one: what was under the finger stays under it.
            var dragFrom = previous
            if !p.moved, abs(c.x - p.start.x) > slop || abs(c.y - p.start.y) > slop {
                p.moved = true
                dragFrom = p.start
            }
            pointers[id] = p
            switch p.grab {
            case .target(let t):
                // Pressed while over it, as a button is.
                if frame(of: t, ui: ui, layout: layout, measurer: measurer)?.contains(c) == true {
                    ui.frame.toolbar.pressed.insert(t)
                } else {
                    ui.frame.toolbar.pressed.remove(t)
                }
            case .panel(let g?) where g.panel != nil && ui.frame.overlays:
                // The others holding the same panel (a second finger on the timeline pinches).
                let others = pointers.filter { $0.key != id && $0.value.holds(g.panel) }
                let step = PanelDragStep(start: p.start, previous: previous, point: c, from: dragFrom, isDrag: p.moved,
                                         pinched: p.pinched, others: others.map(\.value.last), startState: g.startState,
                                         unit: layout.panelScale)
                if DebugOverlay.drag(g, step, on: ui.frame.panelSurface(ui.session, layout: layout, measurer: measurer),
                                     state: &ui.frame.state), let other = others.first {
                    pointers[id]?.pinched = true
                    pointers[other.key]?.pinched = true
                }
            case .panel, .outsideMenu, .ignored:
                break
            }
            return true
        default:
            guard let p = pointers.removeValue(forKey: id) else { return false }
            if case .target(let t) = p.grab { ui.frame.toolbar.pressed.remove(t) }
            if !p.moved && !p.pinched {
                // Whether the UI was last worked by a finger: the help then lists the touch rows first.
                if case .target = p.grab { ui.frame.state[.help, "byFinger"] = id == .mouse ? 0 : 1 }
                tap(p.grab, at: c, ui: ui, layout: layout, measurer: measurer)
            }
            return true
        }
    }

    /// What a pointer going down at `c` takes hold of; nil when it is the scene's.
    @MainActor
    private func grab(at c: Point, ui: some HostKeyTarget, layout: HostLayout, measurer: TextMeasurer) -> Grab? {
        let frame = ui.frame
        let button = layout.toolbarButtonFrames.firstIndex { $0.contains(c) }
        if frame.toolbar.menuOpen, let menu = frame.toolbarMenu(layout, measurer: measurer) {
            if let k = menu.layout.cell(at: c) { return .target(.cell(k)) }
            if let i = button { return .target(.button(i)) }
            // A touch off the menu closes it, like a popover's, and does nothing else.
            frame.toolbar.menuOpen = false
            return .outsideMenu
        }
        if let i = button { return .target(.button(i)) }
        // The scene's, unless a panel over it (the verdict card, the help sheet) took that part of it.
        let sheet = frame.overlays && PanelRegistry.all.contains { $0.place == .cover && frame.state.isOn($0.id) }
            && layout.sheetRegions.contains { $0.contains(c) }
        let onUI = layout.isOnDebuggerUI(c) || sheet
        guard onUI || (frame.overlays && frame.sceneAreas.contains { $0.contains(c) }) else { return nil }
        let grabbed = frame.overlays ? DebugOverlay.grab(at: c, on: frame.panelSurface(ui.session, layout: layout, measurer: measurer)) : nil
        // Over the scene, a panel that takes nothing there (the verdict card off its buttons
        // and rows) leaves the point to the scene.
        if !onUI && grabbed == nil { return nil }
        return .panel(grabbed)
    }

    /// Where a button or menu cell is now.
    @MainActor
    private func frame(of t: ToolbarState.Target, ui: some HostKeyTarget, layout: HostLayout, measurer: TextMeasurer) -> Rect? {
        switch t {
        case .button(let i):
            let frames = layout.toolbarButtonFrames
            return i < frames.count ? frames[i] : nil
        case .cell(let k):
            guard let cells = ui.frame.toolbarMenu(layout, measurer: measurer)?.layout.cells, k < cells.count else { return nil }
            return cells[k]
        }
    }

    /// A tap (or a click) on what the pointer went down on.
    @MainActor
    private func tap(_ grab: Grab, at c: Point, ui: some HostKeyTarget, layout: HostLayout, measurer: TextMeasurer) {
        let frame = ui.frame
        switch grab {
        case .target(let t):
            guard self.frame(of: t, ui: ui, layout: layout, measurer: measurer)?.contains(c) == true else { return }
            switch t {
            case .button(let i):
                let button = ToolbarButton.allCases[i]
                if button == .menu { frame.toolbar.menuOpen.toggle(); return }
                let control = TouchControls.control(button)
                if control.closesMenu { frame.toolbar.menuOpen = false }
                ui.pressHostKey(control.key, mods: control.mods)
            case .cell(let k):
                guard let controls = frame.toolbarMenu(layout, measurer: measurer)?.sections.flatMap(\.controls), k < controls.count
                else { return }
                if controls[k].closesMenu { frame.toolbar.menuOpen = false }
                ui.pressHostKey(controls[k].key, mods: controls[k].mods)
            }
        case .panel:
            guard frame.overlays else { return }
            DebugOverlay.tap(at: c, on: frame.panelSurface(ui.session, layout: layout, measurer: measurer), state: &frame.state)
        case .outsideMenu, .ignored:
            break
        }
    }
}
