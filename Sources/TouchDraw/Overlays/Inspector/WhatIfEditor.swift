// WhatIfEditor: the inspector's what-if mode. The selected view's recognizers (the one selected
// on the timeline or the verdict card first) and the view itself, each setting a row: numbers
// with − and + steppers, flags with a box, failure requirements chosen from the scene's
// recognizers. A change is a setting `ID.KEY=VALUE` as `replay --set` takes it, kept in
// `OverlayState.whatIf`; the host plays the window's input so far again with the settings,
// off the window's thread, and hands the outcome to the panels (`DebugOverlayExtras.whatIf`):
// the status here, the new run under the old one on the timeline, what changed on the card.
//
//   [What if: change a setting ▸]        (the inspector's foot: opens the editor)
//   [Details] [Write to file] [Revert]   (back to the details; the settings into the scene
//                                         file, in place; drop the changes, and undo a write)
//   maximumTapInterval (maximumInterval)         [−] [+]
//   0.45 s  (was 0.35)
//
// Every target is at least 44 units square. The step of each number (`numberKeys`):
// counts (taps, touches, minTouches) 1; seconds (maximumInterval, duration) 0.05 s; points
// (maximumDistance, allowableMovement, minimumDistance) 5 pt; swipe minimumSpeed 50 pt/s;
// pinch and rotation threshold 0.05.

/// One setting changed in the window: `id.key=value`, the key as scene files name it and the
/// value as YAML.
public struct WhatIfEdit: Sendable, Hashable {
    public var id: String
    public var key: String
    public var value: String
    public init(id: String, key: String, value: String) { self.id = id; self.key = key; self.value = value }
    /// `ID.KEY=VALUE`, as `replay --set` takes it.
    public var argument: String { "\(id).\(key)=\(value)" }
}

/// The what-if state of the window (`OverlayState.whatIf`): whether the inspector edits, the
/// settings changed, and what the host is asked to do next.
public struct WhatIfEdits: Sendable, Hashable {
    /// What a button asks of the host.
    public enum Request: Sendable, Hashable {
        /// Write the settings into the scene file.
        case write
        /// Drop the settings (and restore the scene file a write changed).
        case revert
        /// Replay the selected touch sequence at the report rates (`WhatIfShown.Sweep`).
        case sweep
    }
    /// The inspector shows the editor instead of the details.
    public var editing = false
    /// The settings changed, in the order they were first changed.
    public var settings: [WhatIfEdit] = []
    /// Counts the changes: the host plays the input again when it differs from its run's.
    public var revision = 0
    /// A button pressed, for the host to act on (it clears it).
    public var request: Request?

    public init() {}

    /// The value a setting was changed to (nil: unchanged).
    public func value(of id: String, _ key: String) -> String? { settings.first { $0.id == id && $0.key == key }?.value }

    /// Sets `id.key` to `value`; back at `original` (the scene's), the change is dropped.
    public mutating func set(_ id: String, _ key: String, to value: String, original: String) {
        settings.removeAll { $0.id == id && $0.key == key }
        if value != original { settings.append(WhatIfEdit(id: id, key: key, value: value)) }
        revision += 1
    }

    /// Drops every change.
    public mutating func clear() {
        guard !settings.isEmpty else { return }
        settings = []
        revision += 1
    }
}

/// What the host's what-if run found, for the panels: its status, the new run's states per
/// recognizer, the first decision that changed and the touch sequences whose winners changed.
public struct WhatIfShown: Sendable {
    public enum Status: Sendable, Hashable {
        /// Playing the input again.
        case running
        /// Done: the fields below hold the outcome.
        case ready
        /// It could not run (the message says why).
        case failed(String)
    }
    /// A state a recognizer entered in the new run, and when.
    public struct Step: Sendable, Hashable {
        public var t: Double
        public var to: GestureState
        public init(t: Double, to: GestureState) { self.t = t; self.to = to }
    }
    /// The first decision that differs: when, whose, and both versions in words.
    public struct FirstChange: Sendable, Hashable {
        public var at: Double
        public var recognizer: String
        public var before: String
        public var after: String
        public init(at: Double, recognizer: String, before: String, after: String) {
            self.at = at; self.recognizer = recognizer; self.before = before; self.after = after
        }
    }
    /// A touch sequence whose winners changed: its start, the winners before and after.
    public struct Change: Sendable, Hashable {
        public var start: Double
        public var before: [String]
        public var after: [String]
        public init(start: Double, before: [String], after: [String]) { self.start = start; self.before = before; self.after = after }
    }

    public var status: Status
    /// The settings the run had (`ID.KEY=VALUE`).
    public var settings: [String]
    /// The new run's states, per recognizer, in time order.
    public var steps: [String: [Step]] = [:]
    /// Nil: the same decisions (once ready).
    public var first: FirstChange?
    public var changes: [Change] = []
    /// How many decisions each run made.
    public var decisions: (before: Int, after: Int) = (0, 0)
    /// What the last write or revert did to the scene file.
    public var fileNote: String?
    /// The report-rate sweep of the selected touch sequence (nil: none asked for).
    public var sweep: Sweep?
    /// The fix of the verdict card's loser (nil: the card has none; VerdictCardFix.swift).
    public var fix: Fix?

    /// The selected touch sequence (the verdict card's) replayed with its fingers resampled
    /// at each report rate (as `touchscope sweep`): per sequence of the gesture, the winners
    /// at each rate and whether they are the same at every rate.
    public struct Sweep: Sendable, Hashable {
        public struct Sequence: Sendable, Hashable {
            public var start: Double
            /// Per rate (in `rates` order).
            public var winners: [[String]]
            public var stable: Bool
            public init(start: Double, winners: [[String]], stable: Bool) { self.start = start; self.winners = winners; self.stable = stable }
        }
        public var rates: [Int]
        public var running: Bool
        public var sequences: [Sequence]
        public var failure: String?
        public init(rates: [Int], running: Bool, sequences: [Sequence] = [], failure: String? = nil) {
            self.rates = rates; self.running = running; self.sequences = sequences; self.failure = failure
        }

        /// One sequence in words: "stable: doubleTap at 60, 90, 120, 240 Hz", or each rate's winners.
        public func words(_ s: Sequence) -> String {
            func list(_ w: [String]) -> String { w.isEmpty ? "nothing" : w.joined(separator: " and ") }
            if s.stable { return "stable: \(list(s.winners.first ?? [])) at " + rates.map(String.init).joined(separator: ", ") + " Hz" }
            return "depends on the rate: " + zip(rates, s.winners).map { "\($0) Hz \(list($1))" }.joined(separator: "; ")
        }

        /// In words, for the editor.
        public var summary: String {
            if let failure { return "report rates: could not replay: \(failure)" }
            if running { return "replaying the sequence at " + rates.map(String.init).joined(separator: ", ") + " Hz …" }
            if sequences.isEmpty { return "report rates: no touch sequence to sweep" }
            return sequences.map { "report rates at \(TraceFormat.fixed($0.start)) s: " + words($0) + "." }.joined(separator: " ")
        }
    }

    public init(status: Status, settings: [String]) { self.status = status; self.settings = settings }

    /// The new run's states of `recognizer` between `t0` and `t1`.
    public func segments(of recognizer: String, from t0: Double, to t1: Double) -> [LaneSegment] {
        guard let list = steps[recognizer], !list.isEmpty else { return [] }
        var i = TraceLog.upperBound(list, t0, key: { $0.t })
        var state: GestureState = i > 0 ? list[i - 1].to : .possible
        var start = t0
        var out: [LaneSegment] = []
        while i < list.count, list[i].t <= t1 {
            if list[i].t >= start { out.append(LaneSegment(start: start, end: list[i].t, state: state)) }
            state = list[i].to
            start = max(start, list[i].t)
            i += 1
        }
        if t1 >= start { out.append(LaneSegment(start: start, end: t1, state: state)) }
        return out
    }

    /// In words, for the editor: what the run says.
    public var summary: String {
        let with = settings.joined(separator: ", ")
        if settings.isEmpty { return WhatIfEditor.hint }
        switch status {
        case .running: return "playing the window's input again with \(with) …"
        case .failed(let m): return "could not play it again with \(with): \(m)"
        case .ready:
            guard let first else { return "with \(with): the same decisions (\(decisions.before))." }
            var s = "with \(with): the decisions differ from \(TraceFormat.fixed(first.at)) s: \(first.before) → \(first.after)."
            for c in changes { s += " At \(TraceFormat.fixed(c.start)) s " + Self.winnerWords(c) + "." }
            if changes.isEmpty { s += " Every touch sequence has the same winners." }
            return s
        }
    }

    /// "doubleTap would win instead of singleTap".
    public static func winnerWords(_ c: Change) -> String {
        func list(_ w: [String]) -> String { w.isEmpty ? "nothing" : w.joined(separator: " and ") }
        if c.after.isEmpty { return "nothing would win instead of \(list(c.before))" }
        return "\(list(c.after)) would win instead of \(list(c.before))"
    }
}

/// One row of the editor.
public struct WhatIfRow: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A recognizer's or the view's name over its rows.
        case heading
        /// A number: − and + step it by `step`, never below `min` nor above `max`.
        case number(step: Double, min: Double, max: Double?, unit: String)
        /// A flag: the box turns it on and off.
        case flag
        /// Whether the recognizer requires the one named to fail (`requireToFail`).
        case requirement(String)
    }
    public var kind: Kind
    /// The view's or recognizer's id, and the key as scene files name it.
    public var id: String
    public var key: String
    /// The name a program knows it by (UIKit's), or the heading's text.
    public var name: String
    /// The value now (changed or the scene's), and the scene's, as YAML.
    public var value: String
    public var original: String

    public init(_ kind: Kind, id: String, key: String, name: String, value: String, original: String) {
        self.kind = kind; self.id = id; self.key = key; self.name = name; self.value = value; self.original = original
    }

    /// Whether the row shows a changed value.
    public var isChanged: Bool { value != original }
}

/// Where everything of the editor is (canvas pixels), for drawing and for taps.
public struct WhatIfEditorLayout: Sendable {
    public var title: Rect
    /// "details", "write", "revert": their labels and targets.
    public var buttons: [(name: String, label: String, rect: Rect)]
    /// The status in lines, and where the first goes.
    public var status: [String]
    public var statusTop: Double
    /// The rows shown: their index in `rows`, where, and their targets ("minus", "plus", "toggle").
    public var shown: [(index: Int, rect: Rect, targets: [(name: String, rect: Rect)])]
    public var rows: [WhatIfRow]
    /// Rows scrolled past, and rows below the last shown.
    public var above: Int
    public var below: Int
    /// Where the line that counts the rows below goes (nil: all shown).
    public var moreLine: Rect?
}

public enum WhatIfEditor {
    /// What the editor says before a setting is changed.
    public static let hint = "Step a number or tap a box: the window's input so far plays again with the change, next to this run."

    /// The least size of a touch target, in units.
    public static let target = 44.0

    /// The number settings of the shipped recognizers: UIKit's name, the scene file's key, the
    /// step, the least and greatest value, the unit, and how to read the value now.
    package static func numbers(of r: GestureRecognizer) -> [(name: String, key: String, step: Double, min: Double, max: Double?, unit: String, value: Double)] {
        switch r {
        case let t as TapGestureRecognizer:
            return [("maximumTapInterval", "maximumInterval", 0.05, 0, nil, " s", t.maximumTapInterval ?? t.defaults.tapInterval),
                    ("numberOfTapsRequired", "taps", 1, 1, 10, "", Double(t.numberOfTapsRequired)),
                    ("allowableMovement", "maximumDistance", 5, 0, nil, " pt", t.allowableMovement ?? t.defaults.tapSlop),
                    ("numberOfTouchesRequired", "touches", 1, 1, 10, "", Double(t.numberOfTouchesRequired))]
        case let g as LongPressGestureRecognizer:
            return [("minimumPressDuration", "duration", 0.05, 0, nil, " s", g.minimumPressDuration),
                    ("allowableMovement", "allowableMovement", 5, 0, nil, " pt", g.allowableMovement),
                    ("numberOfTapsRequired", "taps", 1, 0, 10, "", Double(g.numberOfTapsRequired)),
                    ("numberOfTouchesRequired", "touches", 1, 1, 10, "", Double(g.numberOfTouchesRequired))]
        case let g as PanGestureRecognizer:
            return [("panSlop", "minimumDistance", 5, 0, nil, " pt", g.panSlop),
                    ("minimumNumberOfTouches", "minTouches", 1, 1, 10, "", Double(g.minimumNumberOfTouches))]
        case let g as SwipeGestureRecognizer:
            return [("minimumDistance", "minimumDistance", 5, 0, nil, " pt", g.minimumDistance),
                    ("minimumSpeed", "minimumSpeed", 50, 0, nil, " pt/s", g.minimumSpeed),
                    ("numberOfTouchesRequired", "touches", 1, 1, 10, "", Double(g.numberOfTouchesRequired))]
        case let g as PinchGestureRecognizer:
            return [("pinchThreshold", "threshold", 0.05, 0, nil, "", g.pinchThreshold)]
        case let g as RotationGestureRecognizer:
            return [("rotationThreshold", "threshold", 0.05, 0, nil, " rad", g.rotationThreshold)]
        default:
            return []
        }
    }

    /// A number as the editor writes it (and as the setting's YAML value).
    public static func format(_ x: Double) -> String { TraceFormat.short((x * 1_000_000).rounded() / 1_000_000, 6) }

    /// The ids in a `[a, b]` list value.
    public static func ids(_ list: String) -> [String] {
        list.filter { $0 != "[" && $0 != "]" && $0 != " " }.split(separator: ",").map(String.init).filter { !$0.isEmpty }
    }

    /// The rows for `view`: each recognizer of it (`first` first) with its numbers, flags and
    /// failure requirements (one row per other recognizer of the scene), then the view's flags.
    public static func rows(of view: View, app: Application, edits: WhatIfEdits, first: String? = nil) -> [WhatIfRow] {
        var out: [WhatIfRow] = []
        func add(_ kind: WhatIfRow.Kind, _ id: String, _ key: String, _ name: String, _ original: String) {
            out.append(WhatIfRow(kind, id: id, key: key, name: name, value: edits.value(of: id, key) ?? original, original: original))
        }
        func flag(_ b: Bool) -> String { b ? "true" : "false" }
        var all: [GestureRecognizer] = []
        func collect(_ v: View) { all += v.gestureRecognizers; for s in v.subviews { collect(s) } }
        collect(app.window)
        let recognizers = view.gestureRecognizers.filter { $0.id == first } + view.gestureRecognizers.filter { $0.id != first }
        for r in recognizers {
            out.append(WhatIfRow(.heading, id: r.id, key: "", name: "◆ \(r.id) (\(String(describing: type(of: r))))", value: "", original: ""))
            for n in numbers(of: r) {
                add(.number(step: n.step, min: n.min, max: n.max, unit: n.unit), r.id, n.key, n.name, format(n.value))
            }
            add(.flag, r.id, "enabled", "isEnabled", flag(r.isEnabled))
            add(.flag, r.id, "cancelsTouchesInView", "cancelsTouchesInView", flag(r.cancelsTouchesInView))
            add(.flag, r.id, "delaysTouchesBegan", "delaysTouchesBegan", flag(r.delaysTouchesBegan))
            add(.flag, r.id, "delaysTouchesEnded", "delaysTouchesEnded", flag(r.delaysTouchesEnded))
            let required = "[" + r.failureRequirements.map(\.id).joined(separator: ", ") + "]"
            for other in all where other !== r {
                add(.requirement(other.id), r.id, "requireToFail", "requires \(other.id) to fail", required)
            }
        }
        out.append(WhatIfRow(.heading, id: view.id, key: "", name: "▣ \(view.id) (view)", value: "", original: ""))
        add(.flag, view.id, "userInteraction", "isUserInteractionEnabled", flag(view.isUserInteractionEnabled))
        add(.flag, view.id, "hidden", "isHidden", flag(view.isHidden))
        add(.flag, view.id, "multipleTouch", "isMultipleTouchEnabled", flag(view.isMultipleTouchEnabled))
        add(.flag, view.id, "exclusiveTouch", "isExclusiveTouch", flag(view.isExclusiveTouch))
        return out
    }

    /// The value a row's target gives (nil: none, or at the limit): "minus" and "plus" step a
    /// number, "toggle" turns a flag over or adds or removes a failure requirement.
    public static func value(_ row: WhatIfRow, after target: String) -> String? {
        switch (row.kind, target) {
        case let (.number(step, lo, hi, _), "minus"), let (.number(step, lo, hi, _), "plus"):
            guard let x = Double(row.value) else { return nil }
            var y = x + (target == "plus" ? step : -step)
            y = max(lo, y)
            if let hi { y = min(hi, y) }
            let out = format(y)
            return out == row.value ? nil : out
        case (.flag, "toggle"):
            return row.value == "true" ? "false" : "true"
        case let (.requirement(other), "toggle"):
            var list = ids(row.value)
            if let i = list.firstIndex(of: other) { list.remove(at: i) } else { list.append(other) }
            return "[" + list.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }

    /// The view the inspector shows in `c`, and the recognizer selected on the timeline.
    static func subject(_ c: PanelContext) -> (view: View, first: String?)? {
        guard let id = c.state.selectedViewID ?? c.log.hitTest(forTouch: c.state.pickedTouchID)?.view?.string,
              let v = c.views[id] else { return nil }
        if case let .recognizer(r)? = c.state.selectedLane { return (v, r) }
        return (v, nil)
    }

    /// The inspector's section split into its body and, at its foot, the button that opens
    /// the editor (nil: the section is too low for it).
    public static func split(_ rect: Rect, style: OverlayStyle) -> (body: Rect, button: Rect?) {
        let t = target * style.scale, gap = 4 * style.scale
        guard rect.height >= 3 * t else { return (rect, nil) }
        return (Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - t - gap),
                Rect(x: rect.minX, y: rect.maxY - t, width: rect.width, height: t))
    }

    /// The open button's label: the first that fits.
    static func openLabel(width: Double, style: OverlayStyle, measurer: TextMeasurer) -> String {
        fitting(["What if: change a setting ▸", "What if ▸"], width: width - 2 * style.padding, size: style.headerSize, measurer: measurer)
    }

    static func fitting(_ texts: [String], width: Double, size: Double, font: FontFace = .sans, measurer: TextMeasurer) -> String {
        texts.first { measurer.measure($0, size: size, font: font).width <= width } ?? texts.last ?? ""
    }

    /// The editor in `rect` (the inspector's section).
    public static func layout(_ c: PanelContext, in rect: Rect) -> WhatIfEditorLayout {
        let style = c.style, m = c.measurer
        let u = style.scale, t = target * u, gap = 4 * u
        let titleH = max(style.lineHeight, style.headerSize * 1.25)
        var y = rect.minY + titleH + gap
        let names = [("details", ["Details", "◂"]), ("write", ["Write to file", "Write"]), ("revert", ["Revert", "Undo"]),
                     ("sweep", ["Sweep rates", "Rates", "Hz"])]
        let bw = (rect.width - Double(names.count - 1) * gap) / Double(names.count)
        var buttons: [(String, String, Rect)] = []
        for (k, (name, labels)) in names.enumerated() {
            let r = Rect(x: rect.minX + Double(k) * (bw + gap), y: y, width: bw, height: t)
            buttons.append((name, fitting(labels, width: bw - 2 * style.padding, size: style.fontSize, measurer: m), r))
        }
        y += t + gap
        let text = c.extras.whatIf.map(\.summary) ?? (c.state.whatIf.settings.isEmpty ? hint : "playing the window's input again …")
        let note = c.extras.whatIf?.fileNote
        // The file note first: what a write or revert did is never left out; the sweep next.
        var status = note.map { m.wrap($0, toWidth: rect.width, size: style.fontSize, font: .sans) } ?? []
        if let sweep = c.extras.whatIf?.sweep { status += m.wrap(sweep.summary, toWidth: rect.width, size: style.fontSize, font: .sans) }
        status += m.wrap(text, toWidth: rect.width, size: style.fontSize, font: .sans)
        let maxStatus = max(2, Int((rect.height * 0.3 / style.lineHeight).rounded(.down)))
        if status.count > maxStatus {
            status = Array(status.prefix(maxStatus - 1))
                + m.wrap("… (the rest in the verdict card)", toWidth: rect.width, size: style.fontSize, font: .sans).prefix(1)
        }
        let statusTop = y
        y += Double(status.count) * style.lineHeight + gap
        var rows: [WhatIfRow] = []
        if let s = subject(c) { rows = self.rows(of: s.view, app: c.app, edits: c.state.whatIf, first: s.first) }
        let scroll = max(0, min(c.state[.inspector, "whatIfScroll"], max(0, rows.count - 1)))
        var shown: [(Int, Rect, [(String, Rect)])] = []
        var i = scroll
        let lh = style.lineHeight
        while i < rows.count {
            let row = rows[i]
            let h = row.kind == .heading ? lh * 1.5 : t
            // Room for the row, and for the line that counts the rest when it is not the last.
            let reserve = i == rows.count - 1 ? 0 : lh
            guard y + h + reserve <= rect.maxY + 0.001 else { break }
            let r = Rect(x: rect.minX, y: y, width: rect.width, height: h)
            var targets: [(String, Rect)] = []
            switch row.kind {
            case .heading: break
            case .number:
                targets = [("minus", Rect(x: r.maxX - 2 * t - gap, y: y, width: t, height: t)),
                           ("plus", Rect(x: r.maxX - t, y: y, width: t, height: t))]
            case .flag, .requirement:
                targets = [("toggle", Rect(x: r.maxX - t, y: y, width: t, height: t))]
            }
            shown.append((i, r, targets))
            y += h + (row.kind == .heading ? 0 : gap / 2)
            i += 1
        }
        let below = rows.count - i
        return WhatIfEditorLayout(title: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: titleH),
                                  buttons: buttons.map { (name: $0.0, label: $0.1, rect: $0.2) }, status: status, statusTop: statusTop,
                                  shown: shown.map { (index: $0.0, rect: $0.1, targets: $0.2.map { (name: $0.0, rect: $0.1) }) },
                                  rows: rows, above: scroll, below: below,
                                  moreLine: below > 0 ? Rect(x: rect.minX, y: y, width: rect.width, height: lh) : nil)
    }

    /// A row's two lines (name, value), each the first of its variants that fits `width`.
    static func texts(_ row: WhatIfRow, width: Double, style: OverlayStyle, measurer: TextMeasurer) -> (String, String) {
        let size = style.fontSize
        switch row.kind {
        case .heading:
            return (fitting([row.name, String(row.name.prefix { $0 != " " }) + " " + row.id], width: width, size: style.headerSize,
                            measurer: measurer), "")
        case let .number(_, _, _, unit):
            let name = fitting(row.name == row.key ? [row.key] : ["\(row.name) (\(row.key))", row.name, row.key], width: width, size: size,
                               measurer: measurer)
            let value = fitting(row.isChanged ? ["\(row.value)\(unit)  (was \(row.original)\(unit))", "\(row.value)\(unit) (was \(row.original))",
                                                 "\(row.value)\(unit)"] : ["\(row.value)\(unit)"],
                                width: width, size: size, measurer: measurer)
            return (name, value)
        case .flag:
            let name = fitting(row.name == row.key ? [row.key] : ["\(row.name) (\(row.key))", row.name, row.key], width: width, size: size,
                               measurer: measurer)
            let on = row.value == "true" ? "on" : "off"
            let value = fitting(row.isChanged ? ["\(on)  (was \(row.original == "true" ? "on" : "off"))", on] : [on], width: width, size: size,
                                measurer: measurer)
            return (name, value)
        case let .requirement(other):
            let on = ids(row.value).contains(other), was = ids(row.original).contains(other)
            let name = fitting(["requires \(other) to fail", "requires \(other)", other], width: width, size: size, measurer: measurer)
            let value = fitting(on != was ? ["requireToFail" + (on ? " (added)" : " (removed)"), on ? "added" : "removed"] : ["requireToFail"],
                                width: width, size: size, measurer: measurer)
            return (name, value)
        }
    }

    /// Whether a row's box is ticked.
    static func ticked(_ row: WhatIfRow) -> Bool {
        switch row.kind {
        case .flag: row.value == "true"
        case let .requirement(other): ids(row.value).contains(other)
        default: false
        }
    }

    /// The editor, drawn in the inspector's section.
    public static func draw(_ c: PanelContext, in rect: Rect, into list: inout DisplayList) {
        let style = c.style, m = c.measurer, u = style.scale
        let L = layout(c, in: rect)
        var col = TextColumn(L.title, style: style, measurer: m)
        col.header(fitting(["What if  (\(subject(c)?.view.id ?? "no view"))", "What if"], width: rect.width, size: style.headerSize,
                           measurer: m), into: &list)
        let edited = !c.state.whatIf.settings.isEmpty
        for b in L.buttons {
            let active = b.name == "details" || b.name == "sweep" || edited || (b.name == "revert" && c.extras.whatIf?.fileNote != nil)
            list.roundedRect(b.rect, radius: 6 * u, fill: Color(r: 52, g: 58, b: 72, a: 255), stroke: active ? style.accent : style.grid,
                             lineWidth: u)
            list.text(b.label, at: Point(x: b.rect.midX, y: b.rect.midY), size: style.fontSize, color: active ? style.text : style.dim,
                      font: .sans, alignment: .center, baseline: .middle, maxWidth: b.rect.width - 2 * style.padding)
        }
        for (k, line) in L.status.enumerated() {
            list.text(line, at: Point(x: rect.minX, y: L.statusTop + (Double(k) + 0.5) * style.lineHeight), size: style.fontSize,
                      color: c.extras.whatIf?.first != nil ? style.selection : style.dim, font: .sans, baseline: .middle, maxWidth: rect.width)
        }
        for s in L.shown {
            let row = L.rows[s.index]
            let controls = s.targets.isEmpty ? 0 : s.targets.map(\.rect.width).reduce(0, +) + Double(s.targets.count - 1) * 4 * u + 4 * u
            let width = rect.width - controls
            let (name, value) = texts(row, width: width, style: style, measurer: m)
            if row.kind == .heading {
                list.text(name, at: Point(x: rect.minX, y: s.rect.midY), size: style.headerSize, color: .hex("#64d2ff"), font: .sans,
                          baseline: .middle, maxWidth: width)
                continue
            }
            if row.isChanged { list.fillRect(Rect(x: s.rect.minX, y: s.rect.minY, width: 3 * u, height: s.rect.height), style.selection) }
            let x = rect.minX + 6 * u
            list.text(name, at: Point(x: x, y: s.rect.minY + s.rect.height * 0.3), size: style.fontSize, color: style.text, font: .sans,
                      baseline: .middle, maxWidth: width - 6 * u)
            list.text(value, at: Point(x: x, y: s.rect.minY + s.rect.height * 0.72), size: style.fontSize,
                      color: row.isChanged ? style.selection : style.dim, font: .sans, baseline: .middle, maxWidth: width - 6 * u)
            for target in s.targets {
                let r = target.rect.insetBy(dx: 2 * u, dy: 2 * u)
                list.roundedRect(r, radius: 5 * u, fill: Color(r: 52, g: 58, b: 72, a: 255), stroke: style.grid, lineWidth: u)
                let mid = Point(x: r.midX, y: r.midY), arm = r.width * 0.22
                switch target.name {
                case "minus", "plus":
                    list.line(from: Point(x: mid.x - arm, y: mid.y), to: Point(x: mid.x + arm, y: mid.y), style.text, width: 2 * u)
                    if target.name == "plus" {
                        list.line(from: Point(x: mid.x, y: mid.y - arm), to: Point(x: mid.x, y: mid.y + arm), style.text, width: 2 * u)
                    }
                default:
                    if ticked(row) {
                        list.polyline([Point(x: mid.x - arm, y: mid.y), Point(x: mid.x - arm / 3, y: mid.y + arm * 0.8),
                                       Point(x: mid.x + arm, y: mid.y - arm * 0.8)], .green, width: 2.5 * u)
                    }
                }
            }
        }
        if let r = L.moreLine {
            let text = fitting(["… \(L.below) more rows: drag up to see them", "… \(L.below) more"], width: rect.width, size: style.fontSize,
                               measurer: m)
            list.text(text, at: Point(x: rect.minX, y: r.midY), size: style.fontSize, color: style.dim, font: .sans, baseline: .middle,
                      maxWidth: rect.width)
        }
    }

    /// The open button at the inspector's foot.
    public static func drawOpenButton(_ rect: Rect, style: OverlayStyle, measurer: TextMeasurer, into list: inout DisplayList) {
        let u = style.scale
        list.roundedRect(rect.insetBy(dx: 0, dy: 2 * u), radius: 6 * u, fill: Color(r: 52, g: 58, b: 72, a: 255), stroke: style.accent,
                         lineWidth: u)
        list.text(openLabel(width: rect.width, style: style, measurer: measurer), at: Point(x: rect.midX, y: rect.midY),
                  size: style.headerSize, color: style.text, font: .sans, alignment: .center, baseline: .middle,
                  maxWidth: rect.width - 2 * style.padding)
    }

    // MARK: Pointers (through the inspector's `PanelInteraction`)

    /// What a point on the inspector's section points at, for the what-if part: the open
    /// button, or (editing) a button or a row's target ("whatif:NAME" or "whatif:TARGET:ROW").
    static func hit(_ c: PanelContext, _ at: PanelPoint) -> PanelHit? {
        if c.state.whatIf.editing {
            let L = layout(c, in: at.rect)
            if let b = L.buttons.first(where: { $0.rect.contains(at.point) }) { return .item(.inspector, "whatif:\(b.name)") }
            for s in L.shown {
                if let t = s.targets.first(where: { $0.rect.contains(at.point) }) { return .item(.inspector, "whatif:\(t.name):\(s.index)") }
            }
            return .panel(.inspector)
        }
        if let b = split(at.rect, style: c.style).button, b.contains(at.point) { return .item(.inspector, "whatif:open") }
        return nil
    }

    /// A tap on what `hit` found.
    static func tap(_ what: String, _ c: PanelContext, _ state: inout OverlayState) {
        let parts = what.split(separator: ":").map(String.init)
        guard parts.first == "whatif", parts.count >= 2 else { return }
        switch parts[1] {
        case "open": state.whatIf.editing = true; state[.inspector, "whatIfScroll"] = 0
        case "details": state.whatIf.editing = false
        case "write": if !state.whatIf.settings.isEmpty { state.whatIf.request = .write }
        case "revert": state.whatIf.request = .revert
        case "sweep": state.whatIf.request = .sweep
        default:
            guard parts.count == 3, let i = Int(parts[2]), let s = subject(c) else { return }
            let rows = self.rows(of: s.view, app: c.app, edits: state.whatIf, first: s.first)
            guard rows.indices.contains(i), let value = value(rows[i], after: parts[1]) else { return }
            state.whatIf.set(rows[i].id, rows[i].key, to: value, original: rows[i].original)
        }
    }

    /// A vertical drag on the editor scrolls its rows (up: later rows).
    static func drag(_ step: PanelDragStep, _ c: PanelContext, _ state: inout OverlayState) {
        guard step.isDrag else { return }
        let rows = Int((-(step.point.y - step.start.y) / (target * c.style.scale * 0.6)).rounded())
        let count = subject(c).map { self.rows(of: $0.view, app: c.app, edits: state.whatIf, first: $0.first).count } ?? 0
        state[.inspector, "whatIfScroll"] = max(0, min(max(0, count - 1), step.startState[.inspector, "whatIfScroll"] + rows))
    }
}
