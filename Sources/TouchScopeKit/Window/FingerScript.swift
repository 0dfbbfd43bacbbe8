// FingerScript: a test hook for the live window under Xvfb, which has no touchscreen.
// With TOUCHSCOPE_TEST_FINGERS=FILE the window reads the lines appended to FILE, each
//
//     down|move|up FINGER X Y        X, Y in window units (as xdotool's mouse)
//
// and injects them as SDL finger events: the host's input source `InjectedFingers` (TouchSDL)
// reads FILE, and the events take the touchscreen's whole path: translation, the toolbar and
// panels, the scene, the recording. This file keeps FILE.state up to date: the toolbar's
// buttons and the panels (in window units) and what the debugger shows, one fact a line,
// for the script to read. FILE.cards gets the verdict card's text each time it changes (a
// card shown, a too-slow tap's margin filled in, the next sequence's card), each one under a
// line `card`, one paragraph a line.
import Foundation
import TouchScene
import TouchDraw
import TouchSDL

@MainActor
final class FingerScript {
    static let variable = InjectedFingers.variable

    let path: String
    private var lastState = ""

    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[Self.variable], !path.isEmpty else { return nil }
        self.path = path
    }

    /// Writes FILE.state when what it says changed.
    func report(_ state: String) {
        guard state != lastState else { return }
        lastState = state
        try? state.write(toFile: path + ".state", atomically: true, encoding: .utf8)
    }

    private var lastCard: String?

    /// Appends the verdict card's text to FILE.cards when it changed (nil: no card shown).
    func reportCard(_ text: String?) {
        guard let text, text != lastCard else { return }
        lastCard = text
        let file = path + ".cards"
        if !FileManager.default.fileExists(atPath: file) { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: file) else { return }
        handle.seekToEndOfFile()
        handle.write(Data("card\n\(text)\n".utf8))
        handle.closeFile()
    }
}

extension FrameState {
    /// The verdict card's text as shown now (nil: no card).
    var cardText: String? {
        guard overlays, let g = VerdictCard.shown(log: log, state: state) else { return nil }
        return VerdictCard.text(for: g, whatIf: whatIf)
    }
}

extension FrameState {
    /// The facts FILE.state holds (see `FingerScript`): rects in window units.
    func scriptState(_ session: SceneSession, layout: HostLayout, measurer: TextMeasurer) -> String {
        let k = layout.pixelScale
        func r(_ rect: Rect?) -> String {
            guard let rect else { return "none" }
            return [rect.minX, rect.minY, rect.width, rect.height].map { String(Int(($0 / k).rounded())) }.joined(separator: " ")
        }
        var out = ["window \(Int(layout.windowSize.width)) \(Int(layout.windowSize.height)) scale \(layout.pixelScale)",
                   "scene \(r(layout.sceneRect))", "toolbar \(r(layout.toolbar))",
                   "side \(r(layout.sidePanel))", "bottom \(r(layout.bottomPanel))"]
        for (button, frame) in zip(ToolbarButton.allCases, layout.toolbarButtonFrames) { out.append("button \(button.rawValue) \(r(frame))") }
        if let menu = toolbarMenu(layout, measurer: measurer) {
            for (control, cell) in zip(menu.sections.flatMap(\.controls), menu.layout.cells) {
                out.append("cell \(control.label.replacingOccurrences(of: " ", with: "_")) \(r(cell))")
            }
        }
        if overlays, let side = layout.sidePanel {
            let c = DebugOverlay.context(app: session.app, log: log, state: state, sceneTransform: layout.sceneTransform,
                                         sceneRect: layout.sceneRect, sidePanel: side, measurer: measurer,
                                         extras: extras(session, layout: layout))
            if let section = DebugOverlay.sections(c, side: side).first(where: { $0.panel == .eventLog }) {
                let L = EventLogPanel.layout(log: log, state: state, in: section.rect, detailTop: side.minY,
                                             style: layout.overlayStyle, measurer: measurer)
                for row in L.rows { out.append("logrow \(row.seq) \(r(row.rect))") }
                if let detail = L.detail { out.append("detail \(r(detail))") }
                // The detail's heading ("#seq  t s  kind") and what happened, as drawn.
                if !L.detailLines.isEmpty { out.append("detail-text " + L.detailLines.prefix(3).joined(separator: " ")) }
            }
        }
        // The verdict card: where it is, its close button, each recognizer's row with the
        // record a tap on it selects.
        if overlays, let g = VerdictCard.shown(log: log, state: state), let v = VerdictCard.merged(g) {
            let c = DebugOverlay.context(app: session.app, log: log, state: state, sceneTransform: layout.sceneTransform,
                                         sceneRect: layout.sceneRect, sidePanel: layout.sidePanel, measurer: measurer,
                                         extras: extras(session, layout: layout))
            let L = VerdictCard.layout(c, g)
            out += ["card \(r(L.rect))", "card-close \(r(L.close))"]
            // Collapsed to a strip (no corner free): its open button.
            if let e = L.expand { out.append("card-open \(r(e))") }
            // The Fix row, when a fix was found (a tap tries it in the what-if editor).
            if let f = L.fix { out.append("card-fix \(r(f))") }
            let rows = VerdictCard.rowOrder(v)
            for (i, rect) in L.rows where rows.indices.contains(i) {
                let seq = VerdictCard.decision(of: rows[i], in: log)?.seq
                out.append("card-row \(rows[i].id.string) \(seq.map(String.init) ?? "none") \(r(rect))")
            }
        } else {
            out.append("card none")
        }
        // The inspector's what-if: the button that opens the editor, or the editor's buttons
        // and rows (`whatif-row ID.KEY INDEX VALUE` then each target's rect), and its status.
        if overlays, let side = layout.sidePanel {
            let c = DebugOverlay.context(app: session.app, log: log, state: state, sceneTransform: layout.sceneTransform,
                                         sceneRect: layout.sceneRect, sidePanel: side, measurer: measurer,
                                         extras: extras(session, layout: layout))
            if let rect = DebugOverlay.sections(c, side: side).first(where: { $0.panel == .inspector })?.rect {
                if state.whatIf.editing {
                    let L = WhatIfEditor.layout(c, in: rect)
                    for b in L.buttons { out.append("whatif-button \(b.name) \(r(b.rect))") }
                    for s in L.shown where !s.targets.isEmpty {
                        let row = L.rows[s.index]
                        let id = row.kind == .heading ? row.id : "\(row.id).\(row.key)" + (row.name.hasPrefix("requires ") ? ":\(row.name)" : "")
                        out.append("whatif-row \(id.replacingOccurrences(of: " ", with: "_")) \(s.index) \(row.value.replacingOccurrences(of: " ", with: "")) "
                                   + s.targets.map { "\($0.name) \(r($0.rect))" }.joined(separator: " "))
                    }
                    out.append("whatif-scroll \(L.above) \(L.below)")
                } else if let b = WhatIfEditor.split(rect, style: layout.overlayStyle).button {
                    out.append("whatif-open \(r(b))")
                }
            }
        }
        out.append("whatif-settings " + (state.whatIf.settings.isEmpty ? "none" : state.whatIf.settings.map(\.argument).joined(separator: " ")))
        out.append("whatif-status " + (whatIf.map { w -> String in
            switch w.status {
            case .running: return "running"
            case .failed: return "failed"
            case .ready: return w.settings.isEmpty ? "none" : (w.first == nil ? "same" : "differ")
            }
        } ?? "none"))
        out.append("whatif-summary " + (whatIf?.summary ?? "none"))
        out.append("whatif-file " + (whatIf?.fileNote ?? "none"))
        out.append("whatif-sweep " + (whatIf?.sweep.map { $0.running ? "running" : $0.summary } ?? "none"))
        // The coverage sheet's buttons while it is open; the touch devices panel's button that opens it.
        if state.isOn(.coverage) {
            let b = CoverageSheet.buttons(canvas: layout.canvasSize, unit: layout.panelScale)
            out += ["coverage-close \(r(b.close))", "coverage-clear \(r(b.clear))",
                    "coverage-samples \(coverage.samples.values.reduce(0, +))"]
        } else if overlays, state.isOn(.devices), let side = layout.sidePanel {
            let c = DebugOverlay.context(app: session.app, log: log, state: state, sceneTransform: layout.sceneTransform,
                                         sceneRect: layout.sceneRect, sidePanel: side, measurer: measurer,
                                         extras: extras(session, layout: layout))
            if let section = DebugOverlay.sections(c, side: side).first(where: { $0.panel == .devices }) {
                out.append("coverage-button \(r(DevicePanel.coverageButton(in: section.rect, style: layout.overlayStyle)))")
            }
        }
        // The labels over the scene and what they keep off (for the layout checks): the hit
        // map's labels, the scene's text and controls, the banner.
        if overlays, state.isOn(.hitMap) {
            let m = layout.sceneTransform, style = layout.overlayStyle
            let needed = SceneContent.neededRects(window: session.app.window, sceneTransform: m, measurer: measurer)
            for rect in needed { out.append("scene-needed \(r(rect))") }
            let map = HitMap(window: session.app.window, step: HitMapOverlay.step(m, style))
            let controls = SceneContent.controlBoxes(window: session.app.window, sceneTransform: m)
            for (id, box) in controls { out.append("scene-control \(r(box)) \(id)") }
            for l in HitMapOverlay.layout(map, sceneTransform: m, sceneRect: layout.sceneRect, needed: needed, controls: controls,
                                          style: style, measurer: measurer) {
                out.append("hitmap-label \(r(l.rect)) \(l.text)")
            }
        }
        out.append("banner-rect \(r(bannerRect(session, layout: layout, measurer: measurer)))")
        out += ["overlays \(overlays)",
                "panels " + state.panels.map(\.rawValue).sorted().joined(separator: ","),
                "live \(state.followLive)",
                "timeline-end \(TraceFormat.fixed(state.timelineEnd)) span \(TraceFormat.fixed(state.timelineSpan))",
                "lanes \(state.lanesOfTouchedViewsOnly ? "follow" : "all")",
                "menu \(toolbar.menuOpen ? "open" : "closed")",
                "recording \(toolbar.recording)",
                "selected-record \(state.selectedRecord.map(String.init) ?? "none")",
                "timeline-header \(TimelinePanel.describedRecord(log: log, state: state) ?? "none")",
                "timeline-edge \(TraceFormat.fixed(TimelinePanel.rightEdge(log: log, state: state, now: session.app.time)))",
                "selected-view \(state.selectedViewID ?? "none")",
                "banner \(banner ?? "none")",
                "notice \(notice?.text ?? "none")"]
        return out.joined(separator: "\n") + "\n"
    }
}
