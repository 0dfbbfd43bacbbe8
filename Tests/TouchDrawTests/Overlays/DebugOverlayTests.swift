import Testing
@testable import TouchDraw

@Suite("Debug overlay layout")
struct DebugOverlayTests {
    /// A scene with nesting, a transform, a spill, recognizers and a little of everything in the trace.
    func busyRig() -> OverlayRig {
        let rig = OverlayRig()
        let root = rig.view("aVeryLongRootViewIdentifierThatWillNotFitAnywhereInThePanelAtAll", 0, 0, 800, 600)
        let card = rig.view("card", 100, 100, 300, 200, in: root)
        card.transform = AffineTransform(rotationAngle: 0.2)
        rig.view("spill", 250, 150, 120, 120, in: card)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        card.addGestureRecognizer(dt); card.addGestureRecognizer(st)
        root.addGestureRecognizer(TapGestureRecognizer(id: "rootTap"))
        rig.tap(200, 200, at: 0)
        rig.advance(0.5)
        rig.tap(200, 200, at: 1); rig.tap(202, 200, at: 1.2)
        rig.down(1, 150, 150, at: 2)
        for i in 1...20 { rig.move(1, 150 + Double(i) * 3, 150 + Double(i), at: 2 + 0.016 * Double(i)) }
        rig.down(2, 400, 300, at: 2.4)
        rig.send(.shakeBegan, at: 2.5)
        rig.send(.remote(.play), at: 2.6)
        rig.send(.orientation(.landscapeLeft), at: 2.7)
        rig.app.remote.nowPlaying = NowPlayingInfo(title: "A title long enough to need truncation in a narrow panel, surely", artist: "Artist", duration: 180)
        return rig
    }

    func help() -> [HelpEntry] {
        (1...40).map { HelpEntry(input: "Ctrl+Shift+\($0)", effect: "a rather long description of what key \($0) does in the sandbox") }
    }

    func check(_ list: DisplayList, _ p: Panels, also: [Rect] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let panels = [p.scene, p.side, p.bottom] + also
        let canvas = Rect(origin: .zero, size: p.canvas)
        for (box, clip, command) in commandBoxes(list, measurer: EstimatedTextMeasurer()) {
            if let clip {
                #expect(panels.contains { $0.contains(clip, tolerance: 1) }, "clip \(clip) outside every panel", sourceLocation: sourceLocation)
                if case .text = command {
                    // Text is truncated to its column; it may only overflow where the clip cuts it.
                    #expect(canvas.contains(box, tolerance: 2), "text \(command) off the canvas", sourceLocation: sourceLocation)
                }
            } else {
                #expect(panels.contains { $0.contains(box, tolerance: 2) }, "\(command) outside every panel", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("everything stays inside its panel at 1024×640 and 1920×1080, with and without help",
          arguments: [Size(width: 1024, height: 640), Size(width: 1920, height: 1080)])
    func insidePanels(canvas: Size) {
        let rig = busyRig()
        let p = Panels(canvas: canvas, sceneSize: Size(width: 800, height: 600))
        var state = OverlayState()
        state.panels = Set(OverlayPanel.allCases).subtracting([.help])
        state.selectedViewID = "card"
        state.lanesOfTouchedViewsOnly = false
        var list = DisplayList(size: canvas)
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                          sidePanel: p.side, bottomPanel: p.bottom, measurer: EstimatedTextMeasurer(), into: &list,
                          extras: DebugOverlayExtras(pads: [ConnectedPad(name: "pad", hasAccel: true, hasGyro: false)], help: help()))
        #expect(list.commands.count > 50)
        check(list, p)
        // Every text run fits its width: truncated with the measurer.
        for run in texts(list) {
            if let mw = run.maxWidth {
                #expect(EstimatedTextMeasurer().measure(run.string, size: run.size, font: run.font).width <= mw + 0.5)
            }
        }
        // The sections share the side panel without overlapping, in order.
        let sections = DebugOverlay.sideLayout(state: state, sidePanel: p.side, preferred: [:], style: OverlayStyle())
        #expect(sections.map(\.panel) == [.responderChain, .nowPlaying, .devices, .inspector, .eventLog])
        for (a, b) in zip(sections, sections.dropFirst()) { #expect(a.rect.maxY <= b.rect.minY) }
        #expect(sections.allSatisfy { p.side.contains($0.rect, tolerance: 0) && $0.rect.height > 40 })

        state.set(.help, true)
        var helpList = DisplayList(size: canvas)
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                          sidePanel: p.side, bottomPanel: p.bottom, measurer: EstimatedTextMeasurer(), into: &helpList,
                          extras: DebugOverlayExtras(help: help()))
        // The help is a sheet over the scene and both panels, from the side panel's top down.
        let sheet = Rect(x: 0, y: p.side.minY, width: p.canvas.width, height: p.canvas.height - p.side.minY)
        check(helpList, p, also: [sheet])
        #expect(texts(helpList).contains { $0.string == "Ctrl+Shift+1" })
        // Every row is shown whole in the sheet (the sheet holds all 40).
        for i in 1...40 { #expect(texts(helpList).contains { $0.string == "Ctrl+Shift+\(i)" }, "row \(i)") }
    }

    @Test("with the panels hidden only the scene overlays draw, inside the scene")
    func panelsHidden() {
        let rig = busyRig()
        let p = Panels(canvas: Size(width: 1024, height: 640), sceneSize: Size(width: 800, height: 600))
        var list = DisplayList(size: p.canvas)
        var state = OverlayState()
        state.set(.help, true)
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                          sidePanel: nil, bottomPanel: nil, measurer: EstimatedTextMeasurer(), into: &list,
                          extras: DebugOverlayExtras(help: help()))
        for (box, clip, _) in commandBoxes(list, measurer: EstimatedTextMeasurer()) {
            #expect(p.scene.contains(clip ?? box, tolerance: 2))
        }
    }

    @Test("a full log with fifty lanes draws a bounded number of commands")
    func fullLog() {
        let rig = OverlayRig()
        let log = rig.log
        var t = 0.0
        for i in 0..<25_000 {
            let r = "r\(i % 50)"
            let states: [(GestureState, GestureState)] = [(.possible, .began), (.began, .changed), (.changed, .ended), (.ended, .possible)]
            let (from, to) = states[(i / 50) % 4]
            log.append(TraceRecord(t: t, .gesture(recognizer: TraceName(r), view: "v", from: from, to: to, reason: "because", outputs: GestureOutputs())))
            if i % 10 == 0 { log.append(TraceRecord(t: t, .touches(phase: .moved, view: "v", touches: [1], reason: nil))) }
            t += 0.001
        }
        #expect(log.count == 20_000)
        var state = OverlayState()
        state.panels = Set(OverlayPanel.allCases).subtracting([.help])
        state.lanesOfTouchedViewsOnly = false
        state.timelineSpan = 600
        let p = Panels(canvas: Size(width: 1920, height: 1080), sceneSize: Size(width: 800, height: 600))
        let clock = ContinuousClock()
        var list = DisplayList(size: p.canvas)
        let elapsed = clock.measure {
            for _ in 0..<5 {
                list = DisplayList(size: p.canvas)
                DebugOverlay.draw(app: rig.app, log: log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                                  sidePanel: p.side, bottomPanel: p.bottom, measurer: EstimatedTextMeasurer(), into: &list)
            }
        }
        #expect(list.commands.count < 20_000)
        #expect(DebugOverlay.timelineLanes(app: rig.app, log: log, state: state).count == 51)
        // Generous: debug build on a shared machine; the point is no O(n²).
        #expect(elapsed < .seconds(10 * testTimeScale))
        check(list, p)
    }
}
