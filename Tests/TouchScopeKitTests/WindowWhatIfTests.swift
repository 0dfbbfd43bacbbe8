// The window's live what-if (issue 30 item 2), without SDL: a slow double tap played into the
// live window (`LiveApp` with a layout and no host), the inspector's editor opened and
// doubleTap's maximumTapInterval raised with its + stepper by finger, the re-run picked up
// from its thread. Its decisions must be those of `touchscope diff`'s code path with the same
// --set, and the outcome the one SPEC.md predicts: the recording's second tap lands 0.42 s
// after the first lift (0.18 → 0.60), so with the default tapInterval (0.35 s, Defaults.swift)
// doubleTap fails and singleTap wins each tap; at 0.45 s the two taps are a double tap.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("The window's what-if", .serialized)
struct WindowWhatIfTests {
    /// "recognizer from→to @t rule" for each decision.
    static func summary(_ records: [TraceRecord]) -> [String] {
        records.compactMap { r in
            guard case let .gesture(id, _, from, to, _, _) = r.body else { return nil }
            return "\(id.string) \(from.rawValue)→\(to.rawValue) @\(TraceFormat.short(r.t, 3))" + (r.decision.map { " \($0.rule.rawValue)" } ?? "")
        }
    }

    /// The inspector's section as drawn now.
    static func inspectorRect(_ rig: LiveRig) throws -> Rect {
        let side = try #require(rig.layout.sidePanel)
        return try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .inspector }?.rect)
    }

    /// Plays the recording's input into the window as live input.
    static func play(_ recording: String, into rig: LiveRig) throws {
        let reader = try RecordingReader(path: recording.hasPrefix("/") ? recording : Paths.root + "/scenes/recordings/\(recording).jsonl")
        while let entry = try reader.nextEntry() {
            if case .input(let i) = entry { rig.live.handle(i) }
        }
        rig.t = 2
        rig.settle(0)
    }

    /// Waits (up to 20 s) for the what-if run to be picked up by the window's loop turns.
    static func waitForRun(_ rig: LiveRig) -> WhatIfShown? {
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            _ = rig.live.advance(to: rig.t)
            if let w = rig.frame.whatIf, w.status != .running { return w }
            usleep(5_000)
        }
        return nil
    }

    @Test("+ on doubleTap's maximumTapInterval by finger re-runs the slow double tap: the decisions of `diff --set`, doubleTap wins at 0.45 s")
    func steppedRerun() throws {
        let rig = try LiveRig(scene: "double-tap")
        try Self.play("double-tap-slow", into: rig)
        // The window's own run: singleTap wins each tap.
        #expect(Self.summary(rig.records.filter(RunDiff.isDecision)).prefix(2)
                == ["doubleTap possible→failed @0.53 tapInterval", "singleTap possible→recognized @0.53 tapCount"])
        // Open the editor by finger: the button at the inspector's foot.
        let open = try #require(WhatIfEditor.split(try Self.inspectorRect(rig), style: rig.layout.overlayStyle).button)
        rig.tap(open)
        #expect(rig.state.whatIf.editing)
        func plus() throws -> Rect {
            let L = WhatIfEditor.layout(rig.context(), in: try Self.inspectorRect(rig))
            let row = try #require(L.shown.first { L.rows[$0.index].id == "doubleTap" && L.rows[$0.index].key == "maximumInterval" })
            return try #require(row.targets.first { $0.name == "plus" }?.rect)
        }
        // 0.40 s: still shorter than the 0.42 s gap: the same decisions (the failure comes later).
        rig.tap(try plus())
        #expect(rig.state.whatIf.settings.map(\.argument) == ["doubleTap.maximumInterval=0.4"])
        let same = try #require(Self.waitForRun(rig))
        #expect(same.status == .ready && same.first == nil, "\(same.summary)")
        // 0.45 s: the second tap is in time.
        rig.tap(try plus())
        #expect(rig.state.whatIf.settings.map(\.argument) == ["doubleTap.maximumInterval=0.45"])
        let shown = try #require(Self.waitForRun(rig))
        #expect(shown.status == .ready)
        let outcome = try #require(rig.live.whatIf.outcome)
        #expect(Self.summary(outcome.after.records) == ["doubleTap possible→recognized @0.68 tapCount",
                                                        "singleTap possible→failed @0.68 failureRequirement"])
        // The command's code path (`touchscope diff SCENE REC --set ...`): the same records, the same comparison.
        let recording = Paths.root + "/scenes/recordings/double-tap-slow.jsonl"
        let a = try sceneSource(Paths.scene("double-tap")).decisions(recording: recording)
        let b = try sceneSource(Paths.scene("double-tap"), settings: ["doubleTap.maximumInterval=0.45"]).decisions(recording: recording)
        #expect(b.records.map { TraceWriter.line($0) } == outcome.after.records.map { TraceWriter.line($0) })
        #expect(a.records.map { TraceWriter.line($0) } == outcome.before.records.map { TraceWriter.line($0) })
        #expect(RunDiff(a: a.records, b: b.records, sequencesA: a.sequences, sequencesB: b.sequences).json == outcome.diff.json)
        // What the window says: the first change at 0.53 s (doubleTap's failure, now gone), and
        // doubleTap winning the first sequence instead of singleTap.
        #expect(shown.first?.at == 0.53 && shown.first?.recognizer == "doubleTap")
        #expect(shown.changes.first.map { WhatIfShown.winnerWords($0) } == "doubleTap would win instead of singleTap")
        #expect(shown.steps["doubleTap"]?.contains { $0.to == .recognized && abs($0.t - 0.68) < 1e-9 } == true)
        // The timeline: the new run under the old one (doubleTap's recognition, green, in the foot
        // of its lane at 0.68 s, where the window's own run has none) and the first change marked.
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        #expect(textRuns(list).contains { $0.string == "what if: first change (doubleTap)" })
        let bottom = try #require(rig.layout.bottomPanel)
        let c = rig.context()
        let L = TimelinePanel.layout(app: rig.app, log: rig.frame.log, state: rig.state, views: c.views, now: c.now, in: bottom, style: c.style)
        let lane = try #require(L.visible.first { $0.lane == .recognizer("doubleTap") }?.rect)
        let x = L.x(for: 0.68)
        let green = OverlayStyle.color(of: .recognized)
        func greenAt(_ x: Double, lowerHalf: Bool) -> Bool {
            list.commands.contains { cmd in
                guard case let .polygon(points, color) = cmd, color == green, let minX = points.map(\.x).min(),
                      let maxX = points.map(\.x).max(), let minY = points.map(\.y).min() else { return false }
                return minX <= x + 1 && maxX >= x - 1 && minY >= lane.minY && minY < lane.maxY
                    && (minY >= lane.midY) == lowerHalf
            }
        }
        #expect(greenAt(x, lowerHalf: true), "no new-run bar at 0.68 s in doubleTap's lane \(lane)")
        #expect(!greenAt(x, lowerHalf: false), "the window's own run recognized doubleTap at 0.68 s?")
    }

    @Test("the editing inspector's text is whole and its targets at least 44 points at 1280×800, 800×1280 and 2560×1600, scales 1 and 2",
          arguments: WindowSize.all)
    func editorFits(size: WindowSize) throws {
        let w = try WelcomeFrame(scene: "double-tap")
        w.shotName = "whatif"
        w.frame.state.selectView("pad")
        w.frame.state.selectedLane = .recognizer("doubleTap")
        let m = WindowMeasurer.shared
        let layout = w.layout(size)
        func inspector() throws -> (PanelContext, Rect) {
            let side = try #require(layout.sidePanel)
            let c = DebugOverlay.context(app: w.session.app, log: w.frame.log, state: w.frame.state, sceneTransform: layout.sceneTransform,
                                         sceneRect: layout.sceneRect, sidePanel: side, measurer: m,
                                         extras: w.frame.extras(w.session, layout: layout))
            return (c, try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .inspector }?.rect))
        }
        let point = 44 * layout.pixelScale - 0.001
        // The details, with the button that opens the editor at the foot.
        var list = w.draw(size)
        var (c, rect) = try inspector()
        let open = try #require(WhatIfEditor.split(rect, style: c.style).button, "\(size): no What if button")
        #expect(open.height >= point)
        #expect(textRuns(list).contains { $0.string.hasPrefix("What if") && open.contains($0.position) })
        var cut = cutTexts(list.commands, measurer: m) { rect.contains($0.position) }
        #expect(cut.isEmpty, "\(size): \(cut)")
        // The editor, with changed values, a long outcome and a file note.
        w.frame.state.whatIf.editing = true
        w.frame.state.whatIf.set("doubleTap", "maximumInterval", to: "0.45", original: "0.35")
        w.frame.state.whatIf.set("doubleTap", "delaysTouchesEnded", to: "false", original: "true")
        var shown = WhatIfShown(status: .ready, settings: w.frame.state.whatIf.settings.map(\.argument))
        shown.first = .init(at: 0.53, recognizer: "doubleTap", before: "doubleTap failed (tapInterval) at 0.530 s",
                            after: "doubleTap recognized (tapCount) at 0.680 s")
        shown.changes = [.init(start: 0.1, before: ["singleTap"], after: ["doubleTap"]), .init(start: 0.6, before: ["singleTap"], after: ["doubleTap"])]
        shown.fileNote = "written to /home/someone/projects/touch/scenes/double-tap.yaml: doubleTap.maximumInterval=0.45 (Revert restores the file)"
        w.frame.whatIf = shown
        list = w.draw(size)
        (c, rect) = try inspector()
        let L = WhatIfEditor.layout(c, in: rect)
        #expect(L.shown.filter { !$0.targets.isEmpty }.count >= 3, "\(size): \(L.shown.count) rows shown")
        #expect(L.rows.first { $0.key == "maximumInterval" }?.value == "0.45")
        for b in L.buttons { #expect(b.rect.width >= point && b.rect.height >= point, "\(size): \(b.name) \(b.rect)") }
        for s in L.shown { for t in s.targets { #expect(t.rect.width >= point && t.rect.height >= point, "\(size): \(t.rect)") } }
        let drawn = textRuns(list).filter { rect.contains($0.position) }.map(\.string)
        #expect(drawn.contains { $0.hasPrefix("maximumTapInterval") }, "\(size): \(drawn)")
        #expect(drawn.contains { $0.hasPrefix("0.45 s") }, "\(size): \(drawn)")
        cut = cutTexts(list.commands, measurer: m) { rect.contains($0.position) }
        #expect(cut.isEmpty, "\(size): \(cut)")
    }

    // long-press-flick (see touchscopeTests' WhatIfTests.sweepChanges for the arithmetic): a
    // 20 pt flick between 0.120 and 0.130 s that ticks of 60 and 90 Hz miss (press recognizes)
    // and ticks of 120 and 240 Hz catch (press fails, drag begins).
    @Test("the editor's Sweep rates button replays the card's sequence at 60/90/120/240 Hz off the window thread: press, press, drag, drag, not stable")
    func sweepSequence() throws {
        let rig = try LiveRig(scene: "long-press")
        try Self.play(Paths.recording("long-press-flick"), into: rig)
        let open = try #require(WhatIfEditor.split(try Self.inspectorRect(rig), style: rig.layout.overlayStyle).button)
        rig.tap(open)
        let sweepButton = try #require(WhatIfEditor.layout(rig.context(), in: try Self.inspectorRect(rig)).buttons.first { $0.name == "sweep" })
        #expect(sweepButton.rect.width >= 44 && sweepButton.rect.height >= 44)
        rig.tap(sweepButton.rect)
        let end = Date().addingTimeInterval(20)
        var sweep: WhatIfShown.Sweep?
        while Date() < end {
            _ = rig.live.advance(to: rig.t)
            if let s = rig.frame.whatIf?.sweep, !s.running { sweep = s; break }
            usleep(5_000)
        }
        let s = try #require(sweep)
        #expect(s.failure == nil)
        #expect(s.rates == [60, 90, 120, 240])
        #expect(s.sequences == [.init(start: 0.1, winners: [["press"], ["press"], ["drag"], ["drag"]], stable: false)])
        // The card says it, per rate.
        let card = try #require(rig.frame.cardText)
        #expect(card.contains("report rates 60, 90, 120, 240 Hz\ndepends on the rate: 60 Hz press; 90 Hz press; 120 Hz drag; 240 Hz drag"), "\(card)")
    }
}
