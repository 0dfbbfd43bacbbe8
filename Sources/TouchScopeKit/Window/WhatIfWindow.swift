// WhatIfWindow: the window's live what-if. It keeps the input the session got (what a
// recording of it would hold), and when the inspector's editor changes a setting
// (`OverlayState.whatIf`, TouchDraw's WhatIfEditor) it plays that input again, with and
// without the settings, through `WhatIf.run` (the scene loaded as `replay --set` loads it, the
// replay `touchscope diff` compares) on a thread of its own (`WhatIfRunner`): the window
// thread only hands the job over and, each loop turn, picks up a finished outcome; a newer
// change supersedes a run under way. The buttons write the settings into the scene file in
// place (`SceneFileEdit`) and revert (the settings dropped, a written file restored).
import Foundation
import TouchScene
import TouchDraw

@MainActor
final class WhatIfWindow {
    /// The scene file the runs load (nil: the application is built in code).
    let scenePath: String?
    let types: SceneTypes
    /// Every input the session got since the scene was loaded, in order.
    private(set) var inputs: [RawInput] = []
    /// The contact a touch device reported with each of `inputs` (nil for the others; empty
    /// while none came): a live device's or a device recording's, as a recording keeps them.
    private(set) var contacts: [RawContact?] = []
    /// The device the contacts came from (its axes: the touches' size).
    private(set) var device: RawDevice?
    /// What the panels show (nil: nothing changed).
    private(set) var shown: WhatIfShown?
    /// The last run's outcome.
    private(set) var outcome: WhatIfOutcome?
    private let runner = WhatIfRunner<Result<WhatIfOutcome, WhatIfWindow.Failure>>()
    /// The report-rate sweep of a selected sequence: its own thread, its own outcome.
    private let sweeper = WhatIfRunner<Result<SweepReport, WhatIfWindow.Failure>>()
    private var sweep: WhatIfShown.Sweep?
    /// The verdict card's Fix row: its own thread (WhatIfFix.swift), its own outcome.
    let fixer = WhatIfRunner<WhatIfShown.Fix>()
    var fix: WhatIfShown.Fix?
    /// The rates the window sweeps (as `touchscope sweep` by default).
    nonisolated static let rates = [60, 90, 120, 240]
    /// The starts of the sequences the sweep under way is for.
    private var sweepStarts: [Double] = []
    /// The edits' revision and the input count of the run last handed over.
    private var ranRevision = 0
    private var ranInputs = 0
    /// New input starts a new run once it pauses this long (seconds): not on every move.
    static let inputPause = 0.3
    /// The lines the writes since the last revert changed in the scene file (Revert puts back
    /// those lines only).
    private(set) var writes: SceneFileWrites?
    /// What the last write or revert did, for the editor.
    private var fileNote: String?

    struct Failure: Error, Sendable { var message: String }

    init(scenePath: String?, types: SceneTypes) {
        self.scenePath = scenePath
        self.types = types
    }

    /// The session got `input`, with the contact and device a touch device reported it with
    /// (the runs replay them, so the touches keep their type, pressure and size).
    func note(_ input: RawInput, contact: RawContact? = nil, device: RawDevice? = nil) {
        if contact != nil, contacts.isEmpty { contacts = Array(repeating: nil, count: inputs.count) }
        if !contacts.isEmpty { contacts.append(contact) }
        if contact != nil, let device { self.device = device }
        inputs.append(input)
    }

    /// The scene was replaced (a reload): its input starts again, and a run under way is dropped.
    func sceneReplaced() {
        inputs = []
        contacts = []
        device = nil
        ranInputs = 0
        runner.cancel()
        sweeper.cancel()
        sweep = nil
        fixer.cancel()
        fix = nil
        if shown?.status == .running { shown?.status = .failed("the scene was reloaded") }
    }

    /// Whether a run is under way (the window wakes to pick it up).
    var isBusy: Bool { runner.isBusy || sweeper.isBusy || fixer.isBusy }
    /// Whether settings were changed at the last loop turn.
    private var hasSettings = false

    /// When new input will have paused long enough to be played again (nil: nothing waits).
    var nextRunTime: Double? {
        guard hasSettings, inputs.count != ranInputs, !runner.isBusy, let last = inputs.last else { return nil }
        return last.t + Self.inputPause
    }

    /// What the panels show: the what-if run's outcome and the sweep (nil: neither).
    var forPanels: WhatIfShown? {
        guard sweep != nil || fix != nil else { return shown }
        var s = shown ?? WhatIfShown(status: .ready, settings: [])
        s.sweep = sweep
        s.fix = fix
        return s
    }

    /// One loop turn on the window thread: acts on a button, starts a run when the settings
    /// changed (or input came while settings are changed, no run is under way and the input
    /// has paused for `inputPause`), and picks
    /// up a finished run. Never waits for a run. True: what the panels show changed.
    /// `selected`: the starts of the touch sequences a sweep is for (the verdict card's gesture);
    /// `fixFor`: the loser the verdict card's Fix row is for (`VerdictCard.fixTarget`).
    func update(_ edits: inout WhatIfEdits, window: Size, selected: [Double], fixFor: WhatIfShown.FixTarget? = nil,
                now: Double) -> Bool {
        var changed = updateFix(fixFor, window: window)
        defer { hasSettings = !edits.settings.isEmpty }
        if let request = edits.request {
            edits.request = nil
            if request == .sweep { startSweep(edits, window: window, starts: selected) } else { perform(request, &edits) }
            // What the write or revert did shows now, not with the next run's outcome.
            if !edits.settings.isEmpty {
                if shown == nil { shown = WhatIfShown(status: .ready, settings: []) }
                shown?.fileNote = fileNote
            }
            changed = true
        }
        if let result = sweeper.take() {
            switch result {
            case .success(let report):
                let mine = report.starts.indices.filter { i in sweepStarts.contains { abs($0 - report.starts[i]) < 1e-6 } }
                sweep = WhatIfShown.Sweep(rates: report.rates, running: false, sequences: mine.map { i in
                    .init(start: report.starts[i], winners: report.rates.indices.map { report.winners(sequence: i, rate: $0) },
                          stable: report.stable(i))
                })
            case .failure(let f):
                sweep = WhatIfShown.Sweep(rates: Self.rates, running: false, failure: f.message)
            }
            changed = true
        }
        if edits.settings.isEmpty {
            if ranRevision != edits.revision || !(shown?.settings.isEmpty ?? true) || shown?.fileNote != fileNote {
                runner.cancel()
                shown = fileNote.map { note in
                    var s = WhatIfShown(status: .ready, settings: [])
                    s.fileNote = note
                    return s
                }
                ranRevision = edits.revision
                changed = true
            }
        } else if edits.revision != ranRevision
                    || (inputs.count != ranInputs && !runner.isBusy && now - (inputs.last?.t ?? 0) >= Self.inputPause) {
            start(edits, window: window)
            changed = true
        }
        if let result = runner.take() {
            switch result {
            case .success(let outcome):
                self.outcome = outcome
                shown = Self.shown(outcome)
            case .failure(let f):
                shown = WhatIfShown(status: .failed(f.message), settings: edits.settings.map(\.argument))
            }
            shown?.fileNote = fileNote
            changed = true
        }
        return changed
    }

    /// Hands the sweep of the sequences starting at `starts` over to its thread: the input so
    /// far (with `edits`' settings) resampled at each rate and replayed (`SweepReport`, as
    /// `touchscope sweep` runs it).
    private func startSweep(_ edits: WhatIfEdits, window: Size, starts: [Double]) {
        guard let path = scenePath else {
            sweep = WhatIfShown.Sweep(rates: Self.rates, running: false, failure: "the application is built in code: there is no scene file")
            return
        }
        guard !starts.isEmpty else {
            sweep = WhatIfShown.Sweep(rates: Self.rates, running: false)
            return
        }
        sweepStarts = starts
        sweep = WhatIfShown.Sweep(rates: Self.rates, running: true)
        let settings = edits.settings.map { SceneSetting(id: $0.id, key: $0.key, value: $0.value) }
        let inputs = self.inputs, types = self.types
        sweeper.submit {
            do {
                let scene = try SceneLoader.load(path: path, settings: settings, types: types)
                return .success(try SweepReport(rates: Self.rates, inputs: inputs) { rate, resampled in
                    try RunDecisions.replay(RecordingReader(text: WhatIf.recordingText(window: window, inputs: resampled),
                                                            file: "the window's input at \(rate) Hz"),
                                            into: SceneSession(scene: scene), types: types).sequences
                })
            } catch let e as SceneLoadError {
                return .failure(Failure(message: e.diagnostics.first?.description ?? "the scene does not load"))
            } catch {
                return .failure(Failure(message: "\(error)"))
            }
        }
    }

    /// Hands a run of the input so far with `edits`' settings over to the runner.
    private func start(_ edits: WhatIfEdits, window: Size) {
        ranRevision = edits.revision
        ranInputs = inputs.count
        let settings = edits.settings.map { SceneSetting(id: $0.id, key: $0.key, value: $0.value) }
        var s = WhatIfShown(status: .running, settings: settings.map(\.argument))
        // Keep the last outcome's bars while the next one runs.
        if let old = shown, old.status == .ready { s.steps = old.steps; s.first = old.first; s.changes = old.changes }
        s.fileNote = fileNote
        shown = s
        guard let path = scenePath else {
            shown?.status = .failed("the application is built in code: there is no scene file to change")
            return
        }
        let inputs = self.inputs, contacts = self.contacts, device = self.device, types = self.types
        runner.submit {
            do {
                return .success(try WhatIf.run(scenePath: path, settings: settings, inputs: inputs, contacts: contacts,
                                               device: device, window: window, types: types))
            } catch let e as SceneLoadError {
                return .failure(Failure(message: e.diagnostics.first?.description ?? "the scene does not load"))
            } catch {
                return .failure(Failure(message: "\(error)"))
            }
        }
    }

    /// Write: every setting into the scene file in place (`SceneFileWrites`: the file keeps
    /// its inode, so a symlink, its mode, owner and hard links stay, and a failed write leaves
    /// the old text); the settings are then the file's, and hot reload loads them. Revert: the
    /// settings dropped, and the lines the writes changed put back (refused, with the reason,
    /// when one of them changed since).
    func perform(_ request: WhatIfEdits.Request, _ edits: inout WhatIfEdits) {
        guard let path = scenePath else {
            fileNote = "the application is built in code: there is no scene file to write"
            return
        }
        switch request {
        case .write:
            guard !edits.settings.isEmpty else { fileNote = "nothing to write: no setting is changed"; return }
            var writes = self.writes ?? SceneFileWrites(path: path)
            do {
                try writes.write(edits.settings.map { SceneSetting(id: $0.id, key: $0.key, value: $0.value) })
                self.writes = writes
                fileNote = "written to \(path): " + edits.settings.map(\.argument).joined(separator: ", ") + " (Revert restores those lines)"
                edits.clear()
            } catch {
                fileNote = "not written: \(error.message)"
            }
        case .sweep:
            break
        case .revert:
            edits.clear()
            guard var writes, !writes.isEmpty else { fileNote = nil; return }
            let written = writes.settings.joined(separator: ", ")
            do {
                try writes.revert()
                self.writes = nil
                fileNote = "\(path): the lines written for \(written) restored"
            } catch {
                fileNote = "not restored: \(error.message)"
            }
        }
    }

    /// The outcome as the panels show it.
    static func shown(_ o: WhatIfOutcome) -> WhatIfShown {
        var w = WhatIfShown(status: .ready, settings: o.settings.map(\.argument))
        for r in o.after.transitions {
            if case let .gesture(id, _, _, to, _, _) = r.body { w.steps[id.string, default: []].append(.init(t: r.t, to: to)) }
        }
        if let f = o.diff.first {
            w.first = .init(at: f.at, recognizer: (f.b ?? f.a).map(recognizer) ?? "", before: f.a.map(words) ?? "no decision",
                            after: f.b.map(words) ?? "no decision")
        }
        w.changes = o.diff.sequences.map { .init(start: $0.start, before: $0.winnersA, after: $0.winnersB) }
        w.decisions = (o.before.records.count, o.after.records.count)
        return w
    }

    static func recognizer(_ r: TraceRecord) -> String {
        if case let .gesture(id, _, _, _, _, _) = r.body { return id.string }
        return ""
    }

    /// "doubleTap failed (tapInterval) at 0.530 s".
    static func words(_ r: TraceRecord) -> String {
        guard case let .gesture(id, _, _, to, _, _) = r.body else { return r.description }
        return "\(id.string) \(to.rawValue)" + (r.decision.map { " (\($0.rule.rawValue))" } ?? "") + " at \(TraceFormat.fixed(r.t)) s"
    }
}
