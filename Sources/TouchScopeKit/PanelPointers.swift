// PanelPointers: fingers and the mouse on the debugger's own UI (the toolbar, its menu, the
// panels). A pointer that goes down there belongs to the UI until it lifts: it never reaches
// the scene, the trace or the recording. A pointer that goes down on the scene stays the
// scene's, wherever it moves.
//
//   on a button or menu cell   pressed while over it; a lift over it runs its window key's action
//   on the timeline            1 finger (or the mouse) drags time, pausing follow-live;
//                              2 fingers pinch horizontally to zoom about their middle;
//                              a tap selects the transition (or event, or touch) under it
//   on the event log           a tap selects the line's record (shown in full; again: closed);
//                              a vertical drag scrolls it (down: older records)
//   on the inspector's tree    a tap selects the view
//   on the selection detail    a tap closes it
//   on the help                a vertical drag scrolls it
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
        case timeline
        /// The help (covering the side panel): a vertical drag scrolls it.
        case help
        /// The event log: a vertical drag scrolls it, a tap selects a line.
        case eventLog
        case panel
        /// A mouse button other than the left one.
        case ignored
    }

    struct Pointer {
        var grab: Grab
        var start: Point
        var last: Point
        /// Moved past the slop: a drag, not a tap.
        var moved = false
        /// The help's or the event log's scroll when it went down.
        var startScroll = 0
        /// It pinched the timeline with another: no tap when it lifts.
        var pinched = false
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
            pointers[id] = Pointer(grab: left ? grab : .ignored, start: c, last: c,
                                   startScroll: grab == .eventLog ? ui.frame.state.logScroll : ui.frame.state.helpScroll)
            if left, case .target(let t) = grab { ui.frame.toolbar.pressed.insert(t) }
            return true
        case .moved:
            guard var p = pointers[id] else { return false }
            let previous = p.last
            p.last = c
            let slop = 10 * layout.panelScale
            // A drag scrolls from where it went down, once it is one: what was under the finger stays under it.
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
            case .timeline:
                drag(id, from: previous, dragFrom: dragFrom, to: c, moved: p.moved, ui: ui, layout: layout)
            case .help where p.moved:
                // The rows follow the finger: dragging up shows later rows.
                let rows = Int(((p.start.y - c.y) / max(1, layout.overlayStyle.lineHeight)).rounded())
                ui.frame.state.helpScroll = max(0, min(ui.frame.help.count, p.startScroll + rows))
            case .eventLog where p.moved:
                // The lines follow the finger: dragging down shows older records.
                let rows = Int(((c.y - p.start.y) / max(1, layout.overlayStyle.lineHeight)).rounded())
                ui.frame.state.logScroll = max(0, p.startScroll + rows)
            case .help, .eventLog, .outsideMenu, .panel, .ignored:
                break
            }
            return true
        default:
            guard let p = pointers.removeValue(forKey: id) else { return false }
            if case .target(let t) = p.grab { ui.frame.toolbar.pressed.remove(t) }
            if !p.moved && !p.pinched { tap(p.grab, at: c, ui: ui, layout: layout, measurer: measurer) }
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
        guard layout.isOnDebuggerUI(c) else { return nil }
        if let bottom = layout.bottomPanel, bottom.contains(c), frame.overlays, frame.state.isOn(.timeline) { return .timeline }
        if let side = layout.sidePanel, side.contains(c), frame.overlays, frame.state.isOn(.help) { return .help }
        switch frame.panelHit(at: c, session: ui.session, layout: layout, measurer: measurer) {
        case .logRecord?, .panel(.eventLog)?: return .eventLog
        default: return .panel
        }
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

    /// A pointer on the timeline moved from `a` to `b`: with two on it, a pinch zooms about
    /// their middle (horizontal distance only); alone, past the slop, the timeline follows it
    /// (from `dragFrom`: where it went down, the first time).
    @MainActor
    private mutating func drag(_ id: ID, from a: Point, dragFrom: Point, to b: Point, moved: Bool, ui: some HostKeyTarget,
                               layout: HostLayout) {
        guard let L = ui.frame.timelineLayout(ui.session, layout: layout), L.plotRect.width > 0 else { return }
        let now = ui.session.app.time
        let others = pointers.filter { $0.key != id && $0.value.grab == .timeline }
        if let (otherID, o) = others.first {
            let other = o.last
            pointers[id]?.pinched = true
            pointers[otherID]?.pinched = true
            let least = 20 * layout.panelScale   // fingers closer than this do not zoom further
            let before = max(least, abs(a.x - other.x)), after = max(least, abs(b.x - other.x))
            let anchor = L.time(atX: (b.x + other.x) / 2)
            ui.frame.state.zoomTimeline(by: before / after, anchor: anchor, now: now)
        } else if moved, pointers[id]?.pinched == false {
            // The time under the finger stays under it: dragging right goes back in time.
            ui.frame.state.scrollTimeline(by: -(b.x - dragFrom.x) * (L.t1 - L.t0) / L.plotRect.width, now: now)
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
        case .timeline, .panel, .help, .eventLog:
            let now = ui.session.app.time
            switch frame.panelHit(at: c, session: ui.session, layout: layout, measurer: measurer) {
            case .detail?: frame.state.selectedRecord = nil
            case .logRecord(let seq)?: frame.state.selectedRecord = frame.state.selectedRecord == seq ? nil : seq
            case .inspectorView(let id)?: frame.state.selectView(id)
            case .timeline(let tap)?: frame.state.select(tap, now: now)
            case .panel?, nil: break
            }
        case .outsideMenu, .ignored:
            break
        }
    }
}
