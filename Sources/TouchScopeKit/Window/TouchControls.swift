// TouchControls: the toolbar's buttons and its menu's cells, each bound to a window key
// (`hostKeys`): a tap runs the very action the key runs, so the toolbar, the keys and the
// help can never disagree. What the keys do that no button does, the panels do by touch
// (`PanelPointers`: drag and pinch the timeline, tap a lane, a log line, a view in the tree).
import TouchScene
import TouchDraw
import TouchSDL

/// One toolbar button or menu cell: its label, the window key it presses, and whether what
/// it switches is on.
struct TouchControl {
    let label: String
    /// The SDL key name (lower case) and modifiers of the window key it presses.
    let key: String
    let mods: [KeyModifier]
    /// Whether what it switches is on (nil: a one-shot action).
    let isOn: ((FrameState) -> Bool)?
    /// Whether a tap on its menu cell closes the menu (window-wide actions do; toggles leave
    /// it open so several can be switched).
    let closesMenu: Bool
    /// The colour of its on state (nil: the accent).
    let onColor: Color?

    init(_ label: String, key: String, mods: [KeyModifier] = [], closesMenu: Bool = false, onColor: Color? = nil,
         isOn: ((FrameState) -> Bool)? = nil) {
        self.label = label; self.key = key; self.mods = mods; self.isOn = isOn
        self.closesMenu = closesMenu; self.onColor = onColor
    }

    /// How it is drawn now.
    func item(_ frame: FrameState, pressed: Bool) -> ToolbarItem {
        ToolbarItem(label, isOn: isOn?(frame) ?? false, isPressed: pressed, onColor: onColor)
    }
}

enum TouchControls {
    /// The key each toolbar button presses.
    static func control(_ button: ToolbarButton) -> TouchControl {
        switch button {
        case .menu: TouchControl("☰ Menu", key: "", isOn: { $0.toolbar.menuOpen })
        case .pause: TouchControl("❚❚ Pause", key: "space", isOn: { !$0.state.followLive })
        case .stepBack: TouchControl("◀ Prev", key: "left")
        case .stepForward: TouchControl("Next ▶", key: "right")
        case .help: TouchControl("? Help", key: "f1", isOn: { $0.overlays && $0.state.isOn(.help) })
        case .screenshot: TouchControl("▣ Shot", key: "f12")
        case .record: TouchControl("● Rec", key: "f10", closesMenu: true, onColor: OverlayStyle.recording, isOn: { $0.toolbar.recording })
        case .lanes: TouchControl("All lanes", key: "l", isOn: { !$0.state.lanesOfTouchedViewsOnly })
        case .reload: TouchControl("↻ Reload", key: "r", mods: [.ctrl], closesMenu: true)
        case .fullscreen: TouchControl("Full screen", key: "f11", closesMenu: true, isOn: { $0.toolbar.fullscreen })
        case .quit: TouchControl("✕ Quit", key: "q", mods: [.ctrl], closesMenu: true)
        }
    }

    /// The menu's sections: every panel of the registry on or off (and all of them, F2), the
    /// event log's filters (keys 1–7, 0) with the timeline's stepping switch (key E), and the buttons the bar has no room for
    /// (`shown`: how many it shows).
    static func menu(shown: Int) -> [(title: String, controls: [TouchControl])] {
        let panels = [TouchControl("all panels", key: "f2", isOn: { $0.overlays })] + PanelRegistry.all.map { e in
            TouchControl(e.title, key: "f\(e.key.function)", mods: e.key.shift ? [.shift] : [],
                         isOn: { $0.overlays && $0.state.isOn(e.id) })
        }
        let kinds = logKinds.enumerated().map { i, kind in
            TouchControl(kindLabel(kind), key: String(i + 1), isOn: { $0.state.logKinds.contains(kind) })
        } + [TouchControl("all kinds", key: "0", isOn: { f in logKinds.allSatisfy(f.state.logKinds.contains) })]
        // ◀ Prev / Next ▶ stop at every record, or at the decisions only (key E): with the
        // filters, in the section's last row (a section of its own does not fit a portrait menu).
        let steps = [TouchControl("every step", key: "e", isOn: { $0.state.stepEveryRecord })]
        var sections = [("Panels", panels), ("Event log, and Prev / Next", kinds + steps)]
        let overflow = ToolbarButton.allCases.dropFirst(shown).map(control)
        if !overflow.isEmpty { sections.append(("Window", overflow)) }
        return sections
    }

    /// The event-log filters' names as the key table says them.
    static func kindLabel(_ kind: TraceKind) -> String {
        switch kind {
        case .hitTest: "hit-test"
        case .touches: "touches"
        case .gesture: "gestures"
        case .control: "controls"
        case .action: "actions"
        case .motion: "motion"
        case .remote: "remote"
        default: kind.rawValue
        }
    }

    /// The help's rows for the toolbar and the panels' gestures (before the window's keys).
    static let help: [HelpEntry] = [
        ("toolbar", "each button does its key's job: Pause Space, ◀ Prev / Next ▶ Left / Right, Help F1, "
            + "Shot F12, Rec F10, All lanes L, Reload Ctrl+R, Full screen F11, Quit Ctrl+Q; Menu: panels, event-log filters"),
        ("help", "the Help button (or F1) opens and closes this help; drag it up when rows are left below"),
        ("timeline", "drag: scroll time (pauses); pinch: zoom; tap: select a transition, event or touch"),
        ("event log", "tap a line: its record in full, reason and outputs (tap the box to close it)"),
        ("inspector", "tap a view in the tree to inspect it; What if: − / + and boxes change a setting and play the input again with it"),
        ("verdict card", "tap a recognizer: its decision in the timeline and the detail; × dismisses the card; drag: scroll it"),
        ("scene", "a finger that lands on the toolbar or a panel stays the debugger's: never the scene's"),
    ].map { HelpEntry(input: $0.0, effect: $0.1, section: HelpPanel.touchSection) }

    /// Window keys no button or cell presses, and what does the same by touch instead.
    static let doneOnThePanels: [String: String] = [
        "home": "the Pause button, when paused, follows live again",
        ",": "drag the timeline", ".": "drag the timeline",
        "pageup": "drag the timeline (Shift: drag the event log)", "pagedown": "drag the timeline (Shift: drag the event log)",
        "end": "drag the event log up to its newest line",
        "=": "pinch the timeline", "-": "pinch the timeline", "keypad +": "pinch the timeline", "keypad -": "pinch the timeline",
        "up": "tap a lane of the timeline", "down": "tap a lane of the timeline",
        "[": "tap a view in the inspector's tree", "]": "tap a view in the inspector's tree",
        "t": "tap a touch in the timeline's touches lane",
        "v": "tap a recognizer on the verdict card",
        "c": "tap the touch devices panel's coverage button (the sheet's Close button closes it)",
    ]
}

extension HostKeyTarget {
    /// Runs the action of the window key `key` with `mods`, as the key would (the toolbar's
    /// buttons and the menu's cells). It acts even while a text field is being edited: a tap
    /// is not typing. False when no window key takes it.
    @discardableResult
    func pressHostKey(_ key: String, mods: [KeyModifier] = []) -> Bool {
        guard let entry = HostKey.taking(key, mods, editing: false) else { return false }
        entry.action(HostKeyPress(key: key, shift: mods.contains(.shift), now: timelineNow, target: self))
        host?.setNeedsDisplay()
        return true
    }
}
