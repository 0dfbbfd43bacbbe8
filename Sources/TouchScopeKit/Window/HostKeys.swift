// HostKeys: the window's own keys, in one table that both the dispatch and the F1 help read.
import TouchScene
import TouchDraw
import TouchSDL

/// Keys the window keeps for itself (everything else goes to the event model's input map).
/// Each entry is one row of the help panel (F1) and the keys it takes: a new key is one entry.
let hostKeys: [HostKey] = [
    .panelKey(function: 1),
    HostKey("F2 / Shift+F2", "show or hide every debugging panel / "
            + (PanelRegistry.keyRows.first { $0.input == "Shift+F2" }?.effect ?? "no panel"), keys: ["f2"], .always) {
        if $0.shift {
            if $0.frame.togglePanel(forKey: "f2", shift: true) { $0.showPanels() }
        } else {
            $0.frame.overlays.toggle(); $0.host?.togglePanels()
        }
    },
    .panelKey(function: 3),
    .panelKey(function: 4),
    .panelKey(function: 5),
    .panelKey(function: 6),
    HostKey("Space / Home", "pause the timeline / follow live again", keys: ["space", "home"], .unlessTyping) {
        if $0.key == "space" { $0.frame.state.togglePaused(now: $0.now) } else { $0.frame.state.goLive() }
    },
    HostKey(", / .", "step the paused timeline one frame (1/60 s) back / forward", keys: [",", "."], .unlessTyping) {
        // Pauses the timeline first.
        if $0.frame.state.followLive { $0.frame.state.togglePaused(now: $0.now) }
        $0.frame.state.scrollTimeline(by: $0.key == "," ? -1.0 / 60 : 1.0 / 60, now: $0.now)
    },
    HostKey("Left / Right", "step to the previous / next decision in the selected lane (pauses; the header and the detail show it)",
            keys: ["left", "right"], .unlessTyping) {
        $0.frame.state.selectTransition(step: $0.key == "left" ? -1 : 1, in: $0.frame.log, now: $0.now)
    },
    HostKey("E", "Left / Right step over every record (resets, each changed→changed) or the decisions only (default)",
            keys: ["e"], .unlessTyping) {
        $0.frame.state.stepEveryRecord.toggle()
    },
    HostKey("Up / Down", "select the previous / next timeline lane (the place in time stays)", keys: ["up", "down"], .unlessTyping) {
        let lanes = DebugOverlay.timelineLanes(app: $0.app, log: $0.frame.log, state: $0.frame.state, now: $0.now)
        $0.frame.state.selectLane(step: $0.key == "up" ? -1 : 1, in: lanes)
    },
    HostKey("PageUp / PageDown", "scroll the timeline back / forward (Shift: the event log, a page of lines)",
            keys: ["pageup", "pagedown"], .unlessTyping) {
        if $0.shift {
            $0.frame.state.logScroll = max(0, $0.frame.state.logScroll + ($0.key == "pageup" ? 10 : -10))
        } else {
            $0.frame.state.pageTimeline($0.key == "pageup" ? -1 : 1, now: $0.now)
        }
    },
    HostKey("End", "the event log back to its newest line", keys: ["end"], .unlessTyping) {
        $0.frame.state.logScroll = 0
    },
    HostKey("= / -", "zoom the timeline in / out about the selection (none: the newest time)",
            keys: ["=", "keypad +", "-", "keypad -"], .unlessTyping) {
        $0.frame.state.zoomTimelineKey(by: $0.key == "=" || $0.key == "keypad +" ? 0.5 : 2, now: $0.now)
    },
    HostKey("L", "timeline lanes: follow the action (the touched view's recognizers and every one out of possible in view) or show all",
            keys: ["l"], .unlessTyping) {
        $0.frame.state.lanesOfTouchedViewsOnly.toggle()
    },
    HostKey("[ / ]", "select the previous / next view in the inspector", keys: ["[", "]"], .unlessTyping) {
        $0.frame.state.selectNextView(in: $0.app.window, step: $0.key == "[" ? -1 : 1)
    },
    HostKey("V / Shift+V", "verdict card: select its next / previous recognizer's decision (its record in the timeline and the detail)",
            keys: ["v"], .unlessTyping) {
        $0.frame.state.stepVerdictRow(step: $0.shift ? -1 : 1, log: $0.frame.log, now: $0.now)
    },
    HostKey("T", "pick the next touch for the hit-test path", keys: ["t"], .unlessTyping) {
        $0.frame.state.pickNextTouch(in: $0.frame.log, step: 1)
    },
    HostKey("C", "touch coverage of the whole window, full size (bring-up: where fingers landed, edges and panels included); C, Escape or its Close button closes it",
            keys: ["c"], .unlessTyping) {
        $0.frame.state.toggle(.coverage)
    },
    HostKey("1 … 7 (Shift: solo), 0",
            "event-log filters: hit-test, touches, gestures, controls, actions, motion, remote; 0 shows all",
            keys: ["0"] + logKinds.indices.map { String($0 + 1) }, .unlessTyping) { press in
        guard press.key != "0" else {
            for k in logKinds where !press.frame.state.logKinds.contains(k) { press.frame.state.toggleLogKind(k) }
            return
        }
        let kind = logKinds[Int(press.key)! - 1]
        if press.shift { press.frame.state.soloLogKind(kind) } else { press.frame.state.toggleLogKind(kind) }
    },
    HostKey("F10", "start or stop recording the input (touchscope-recording-N.jsonl; a program: NAME-recording-N.jsonl)", keys: ["f10"], .always) {
        $0.target.toggleRecording()
    },
    HostKey("F11", "full screen on or off", keys: ["f11"], .always) {
        if let host = $0.host { host.setFullscreen(!host.isFullscreen) }
    },
    HostKey("F12", "screenshot of the whole window (touchscope-N.png; a program: NAME-N.png)", keys: ["f12"], .always) {
        $0.target.saveScreenshot()
    },
    HostKey("Ctrl+R", "reload the scene (also automatic when the file changes)", keys: ["r"], .withCtrl) {
        $0.target.reloadScene()
    },
    HostKey("Ctrl+Q", "quit (as do closing the window, SIGINT and SIGTERM)", keys: ["q"], .withCtrl) {
        $0.host?.requestQuit()
    },
    // The right click is the window's too, but not a key: `LiveApp.handle` takes it.
    HostKey("right click", "select the view under the pointer in the inspector (not a touch)", keys: [], .always) { _ in },
]

/// The event-log filters on keys 1–7.
let logKinds: [TraceKind] = [.hitTest, .touches, .gesture, .control, .action, .motion, .remote]

/// One of the window's keys: its row in the help, the keys it takes, and what it does.
struct HostKey: Sendable {
    /// When a key acts.
    enum Scope: Sendable {
        /// With any modifiers, even while a text field is being edited (the F keys).
        case always
        /// Only with Ctrl held, then even while a text field is being edited.
        case withCtrl
        /// Only without Ctrl or Alt and while no text field is being edited, so typing is never taken.
        case unlessTyping
    }

    /// The keys as the help shows them ("F3 / Shift+F3").
    let input: String
    /// What they do, as the help says it.
    let effect: String
    /// The SDL key names taken, lower case ("f3", "pageup", ","); none for a help-only row.
    let keys: [String]
    let scope: Scope
    let action: @MainActor @Sendable (HostKeyPress) -> Void

    init(_ input: String, _ effect: String, keys: [String], _ scope: Scope,
         action: @escaping @MainActor @Sendable (HostKeyPress) -> Void) {
        self.input = input
        self.effect = effect
        self.keys = keys
        self.scope = scope
        self.action = action
    }

    /// The row of a panel function key: its wording and what it toggles come from the panel
    /// registry (`PanelRegistry.all`), which binds panels to keys; this only places the row.
    static func panelKey(function: Int) -> HostKey {
        let name = "F\(function)"
        let row = PanelRegistry.keyRows.first { $0.input == name || $0.input.hasPrefix(name + " ") }
        return HostKey(row?.input ?? name, row?.effect ?? "no panel", keys: [name.lowercased()], .always) {
            if $0.frame.togglePanel(forKey: $0.key, shift: $0.shift) { $0.showPanels() }
        }
    }

    /// The entry that takes `key` (lower case) with these modifiers, nil when the key goes to the scene.
    static func taking(_ key: String, _ mods: [KeyModifier], editing: Bool) -> HostKey? {
        let ctrl = mods.contains(.ctrl), alt = mods.contains(.alt)
        return hostKeys.first { entry in
            guard entry.keys.contains(key) else { return false }
            switch entry.scope {
            case .always: return true
            case .withCtrl: return ctrl
            case .unlessTyping: return !ctrl && !alt && !editing
            }
        }
    }
}

/// What the window's keys act on: the panels, the scene, the host, and the live window's own jobs.
@MainActor
protocol HostKeyTarget: AnyObject {
    var frame: FrameState { get }
    var session: SceneSession { get }
    var host: SDLHost? { get }
    /// F10: starts or stops recording the input.
    func toggleRecording()
    /// Ctrl+R: loads the scene file again.
    func reloadScene()
    /// F12: saves a screenshot of the whole window.
    func saveScreenshot()
}

/// A key the window took, as its action sees it.
@MainActor
struct HostKeyPress {
    /// The SDL key name, lower case.
    let key: String
    let shift: Bool
    /// The timeline's "now" when the key went down (`HostKeyTarget.timelineNow`).
    let now: Double
    let target: any HostKeyTarget

    var frame: FrameState { target.frame }
    var app: Application { target.session.app }
    var host: SDLHost? { target.host }

    /// Turns the panels back on if F2 hid them, so a panel's key shows it.
    func showPanels() {
        if !frame.overlays { frame.overlays = true; host?.togglePanels() }
    }
}

extension HostKeyTarget {
    /// The time the timeline's keys act at: the scene's time, or while following live the
    /// time the live axis stopped at (`TimelinePanel.liveNow`), so pausing after an idle
    /// spell freezes the picture shown instead of jumping ahead to an empty stretch.
    var timelineNow: Double {
        TimelinePanel.liveNow(log: frame.log, state: frame.state, now: session.app.time)
    }

    /// Handles the window's own keys; true when `input` was one of them (its key-up too, so
    /// the scene never sees half of a host key).
    func handleHostKey(_ input: RawInput) -> Bool {
        // Keys without F or Ctrl do not act while a text field is being edited.
        var editing: Bool { session.app.firstResponder is TextField }
        switch input.kind {
        case let .keyDown(key, mods):
            let key = key.lowercased()
            guard let entry = HostKey.taking(key, mods, editing: editing) else { return false }
            entry.action(HostKeyPress(key: key, shift: mods.contains(.shift), now: timelineNow, target: self))
            host?.setNeedsDisplay()
            return true
        case let .keyUp(key, mods):
            return HostKey.taking(key.lowercased(), mods, editing: editing) != nil
        default:
            return false
        }
    }
}
