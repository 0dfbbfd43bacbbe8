// Touch-only operation: every debugger function by touch, with no keyboard. The live window
// without SDL (`LiveApp` with a layout and no host): taps on the toolbar run the window keys'
// actions, the menu switches panels and filters, the timeline drags and pinches, taps on the
// panels select, and no finger on the debugger's UI reaches the scene or the recording.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
final class LiveRig {
    let live: LiveApp
    /// The window's layout (what the host would give).
    var layout: HostLayout { didSet { live.layoutWithoutHost = layout } }
    let recordPath: String
    var t = 1.0
    private var nextFinger = 1

    init(scene: String = "photo", canvas: Size = Size(width: 1280, height: 800), pixelScale: Double = 1,
         file: String = #function) throws {
        let path = Paths.scene(scene)
        let description = try SceneLoader.load(path: path)
        recordPath = Paths.temporary("touch-\(scene)-\(file.prefix { $0 != "(" })-\(UUID().uuidString.prefix(6)).jsonl")
        live = try LiveApp(source: .sceneFile(path: path, description),
                           options: LiveOptions(traceFile: nil, recordFile: recordPath, noOverlays: false, fullscreen: false, display: nil))
        layout = HostLayout(canvasSize: canvas, windowSize: Size(width: canvas.width / pixelScale, height: canvas.height / pixelScale),
                            sceneSize: description.window, options: LayoutOptions(toolbarWhenHidden: true))
        live.layoutWithoutHost = layout
    }

    var frame: FrameState { live.frame }
    var state: OverlayState { live.frame.state }
    var app: Application { live.session.app }

    /// A canvas point as the scene point the translator would give.
    func scene(_ p: Point) -> Point { layout.canvasToScene(p) }

    func send(_ kind: RawInput.Kind) {
        t += 0.02
        live.handle(RawInput(t: t, kind))
    }

    /// A finger down at `points[0]`, through the others, up at the last (canvas pixels).
    func finger(_ points: [Point]) {
        let f = nextFinger
        nextFinger += 1
        for (i, c) in points.enumerated() {
            let p = scene(c)
            send(i == 0 ? .fingerDown(finger: f, x: p.x, y: p.y) : .fingerMove(finger: f, x: p.x, y: p.y))
        }
        let p = scene(points[points.count - 1])
        send(.fingerUp(finger: f, x: p.x, y: p.y))
    }
    func tap(_ c: Point) { finger([c]) }
    func tap(_ r: Rect) { tap(Point(x: r.midX, y: r.midY)) }

    func button(_ b: ToolbarButton) throws -> Rect {
        let i = try #require(ToolbarButton.allCases.firstIndex(of: b))
        return try #require(layout.toolbarButtonFrames.indices.contains(i) ? layout.toolbarButtonFrames[i] : nil)
    }

    /// The open menu's cell labelled `label`.
    func cell(_ label: String) throws -> Rect {
        let menu = try #require(frame.toolbarMenu(layout, measurer: EstimatedTextMeasurer()))
        let i = try #require(menu.sections.flatMap(\.controls).firstIndex { $0.label == label })
        return menu.layout.cells[i]
    }

    /// Lets time run (timers fire) and puts the recording on disk.
    func settle(_ seconds: Double = 0.5) {
        t += seconds
        _ = live.advance(to: t)
        frame.sync()
    }

    /// The recording's input lines (the header left out).
    func recordedLines() -> [String] {
        settle(0)
        let text = (try? String(contentsOfFile: recordPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().map(String.init)
    }

    var records: [TraceRecord] { frame.log.allRecords }
    func count(_ kind: TraceKind) -> Int { records.filter { $0.traceKind == kind }.count }

    /// The panels' context, as drawn.
    func context() -> PanelContext {
        DebugOverlay.context(app: app, log: frame.log, state: state, sceneTransform: layout.sceneTransform,
                             sceneRect: layout.sceneRect, sidePanel: layout.sidePanel, measurer: EstimatedTextMeasurer(),
                             extras: frame.extras(live.session, layout: layout))
    }
}

@MainActor
@Suite("Touch-only operation", .serialized)
struct TouchOperationTests {
    @Test("a tap on a toolbar button runs its window key's action: help, pause, lanes, step back")
    func buttonsRunKeyActions() throws {
        let rig = try LiveRig()
        // Something on the timeline to step to.
        rig.finger([Point(x: 400, y: 300), Point(x: 440, y: 300), Point(x: 480, y: 300)])
        rig.settle()
        #expect(!rig.state.isOn(.help))
        rig.tap(try rig.button(.help))
        #expect(rig.state.isOn(.help))
        rig.tap(try rig.button(.help))
        #expect(!rig.state.isOn(.help))

        #expect(rig.state.followLive)
        rig.tap(try rig.button(.pause))
        #expect(!rig.state.followLive)
        rig.tap(try rig.button(.pause))
        #expect(rig.state.followLive)

        rig.tap(try rig.button(.lanes))
        #expect(!rig.state.lanesOfTouchedViewsOnly)

        // Step back: with no lane selected, the newest transition's lane is taken; its record
        // becomes the selection shown in full.
        rig.tap(try rig.button(.stepBack))
        #expect(!rig.state.followLive)
        let seq = try #require(rig.state.selectedRecord)
        guard case .gesture? = rig.frame.log.record(seq)?.body else { Issue.record("not a transition"); return }
        rig.tap(try rig.button(.stepForward))
        #expect(rig.state.selectedRecord != nil)
    }

    @Test("each toolbar button presses the key the help lists for it (the same action closure)")
    func buttonsAreKeys() throws {
        for button in ToolbarButton.allCases where button != .menu {
            let c = TouchControls.control(button)
            let entry = try #require(HostKey.taking(c.key, c.mods, editing: false), "\(button) presses no window key")
            #expect(!entry.input.isEmpty)
        }
        #expect(TouchControls.control(.help).key == "f1" && TouchControls.control(.screenshot).key == "f12")
        #expect(TouchControls.control(.record).key == "f10" && TouchControls.control(.fullscreen).key == "f11")
        #expect(TouchControls.control(.reload).mods == [.ctrl] && TouchControls.control(.reload).key == "r")
        #expect(TouchControls.control(.quit).mods == [.ctrl] && TouchControls.control(.quit).key == "q")
        #expect(TouchControls.control(.lanes).key == "l" && TouchControls.control(.pause).key == "space")
        #expect(TouchControls.control(.stepBack).key == "left" && TouchControls.control(.stepForward).key == "right")
    }

    @Test("every window key is reachable by touch: a button, a menu cell, or a gesture on the panels")
    func everyKeyByTouch() {
        // The narrowest bar (9 buttons) puts the rest in the menu; together they hold every button.
        for shown in [ToolbarButton.allCases.count, 9] {
            let bar = ToolbarButton.allCases.prefix(shown).map(TouchControls.control)
            let pressed = Set((bar + TouchControls.menu(shown: shown).flatMap(\.controls)).map { $0.key + ($0.mods.isEmpty ? "" : "+mods") })
            for entry in hostKeys {
                for key in entry.keys {
                    let name = entry.scope == .withCtrl ? key + "+mods" : key
                    #expect(pressed.contains(name) || pressed.contains(key) || TouchControls.doneOnThePanels[key] != nil,
                            "\(entry.input): \(key) has no touch target")
                }
            }
        }
    }

    @Test("the menu switches panels (and all of them) and event-log filters; a touch outside closes it")
    func menu() throws {
        let rig = try LiveRig()
        rig.tap(try rig.button(.menu))
        #expect(rig.frame.toolbar.menuOpen)
        #expect(rig.state.isOn(.eventLog))
        rig.tap(try rig.cell("event log"))
        #expect(!rig.state.isOn(.eventLog) && rig.frame.toolbar.menuOpen)
        rig.tap(try rig.cell("event log"))
        #expect(rig.state.isOn(.eventLog))
        // The event-log filter (key 2): every kind shows by default, touches too.
        #expect(rig.state.logKinds.contains(.touches))
        rig.tap(try rig.cell("touches"))
        #expect(!rig.state.logKinds.contains(.touches))
        rig.tap(try rig.cell("touches"))
        #expect(rig.state.logKinds.contains(.touches))
        // The timeline's stepping switch (key E): every step, then the decisions again.
        #expect(!rig.state.stepEveryRecord)
        rig.tap(try rig.cell("every step"))
        #expect(rig.state.stepEveryRecord)
        rig.tap(try rig.cell("every step"))
        #expect(!rig.state.stepEveryRecord)
        rig.tap(try rig.cell("all panels"))
        #expect(!rig.frame.overlays)
        rig.tap(try rig.cell("all panels"))
        #expect(rig.frame.overlays)
        // A touch on the scene while the menu is open closes it and is not the scene's.
        let hits = rig.count(.hitTest)
        rig.tap(rig.layout.sceneToCanvas(Point(x: 400, y: 300)))
        #expect(!rig.frame.toolbar.menuOpen)
        rig.settle()
        #expect(rig.count(.hitTest) == hits)
    }

    @Test("a finger on the toolbar, the menu or a panel reaches neither the application nor the recording")
    func uiFingersStayOffTheScene() throws {
        let rig = try LiveRig()
        rig.tap(try rig.button(.lanes))
        rig.tap(try rig.button(.menu))
        rig.tap(try rig.cell("hit-test"))
        rig.tap(try rig.button(.menu))
        let side = try #require(rig.layout.sidePanel), bottom = try #require(rig.layout.bottomPanel)
        rig.finger([Point(x: side.midX, y: side.midY), Point(x: side.midX - 300, y: side.midY)])   // off the panel onto the scene
        rig.finger([Point(x: bottom.midX, y: bottom.midY), Point(x: bottom.midX - 100, y: bottom.midY)])
        rig.settle()
        #expect(rig.count(.hitTest) == 0 && rig.count(.touches) == 0)
        #expect(rig.recordedLines().isEmpty, "\(rig.recordedLines())")

        // The mouse as well: a click on a button is a tap, and not scene input.
        let help = try rig.button(.help)
        let p = rig.scene(Point(x: help.midX, y: help.midY))
        rig.send(.mouseDown(x: p.x, y: p.y, button: .left))
        rig.send(.mouseUp(x: p.x, y: p.y, button: .left))
        #expect(rig.state.isOn(.help))
        rig.settle()
        #expect(rig.count(.hitTest) == 0 && rig.recordedLines().isEmpty)
        // The help is a sheet over the scene too: a finger on it is the help's.
        rig.finger([rig.layout.sceneToCanvas(Point(x: 400, y: 300))])
        rig.settle()
        #expect(rig.count(.hitTest) == 0 && rig.recordedLines().isEmpty)
        rig.tap(help)
        #expect(!rig.state.isOn(.help))

        // A finger on the scene is the scene's, even when it moves over the panels.
        rig.finger([rig.layout.sceneToCanvas(Point(x: 400, y: 300)), Point(x: side.midX, y: side.midY)])
        rig.settle()
        #expect(rig.count(.hitTest) == 1)
        let lines = rig.recordedLines()
        #expect(lines.count == 3 && lines[0].contains("finger-down") && lines[2].contains("finger-up"), "\(lines)")
    }

    @Test("focus lost mid-press: the finger stays the debugger's (no tap, nothing recorded); a removed device frees its ids")
    func focusAndDevices() throws {
        let rig = try LiveRig()
        let help = try rig.button(.help)
        let p = rig.scene(Point(x: help.midX, y: help.midY))
        rig.send(.fingerDown(finger: 1, x: p.x, y: p.y))
        #expect(rig.frame.toolbar.pressed == [.button(ToolbarButton.allCases.firstIndex(of: .help)!)])
        rig.send(.focusLost)
        #expect(rig.frame.toolbar.pressed.isEmpty)
        rig.send(.fingerUp(finger: 1, x: p.x, y: p.y))
        #expect(!rig.state.isOn(.help))
        let lines = rig.recordedLines()
        #expect(lines.count == 1 && lines[0].contains("focus-lost"), "\(lines)")
        // A finger held on a button when its device goes: the id, given again, is a new finger on the scene.
        rig.send(.focusGained)
        rig.send(.fingerDown(finger: 1, x: p.x, y: p.y))
        rig.send(.touchDeviceRemoved)
        let q = rig.scene(rig.layout.sceneToCanvas(Point(x: 400, y: 300)))
        rig.send(.fingerDown(finger: 1, x: q.x, y: q.y))
        rig.send(.fingerUp(finger: 1, x: q.x, y: q.y))
        rig.settle()
        #expect(rig.count(.hitTest) == 1)
    }

    @Test("a tap on an event-log line selects its record; the detail shows it whole, wrapped, reason and all")
    func logTapShowsDetail() throws {
        let rig = try LiveRig(scene: "double-tap")
        // One tap: singleTap waits for doubleTap to fail, then recognizes.
        rig.tap(rig.layout.sceneToCanvas(Point(x: 400, y: 300)))
        rig.settle(1)
        let c = rig.context()
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .eventLog })
        let L = EventLogPanel.layout(log: rig.frame.log, state: rig.state, in: section.rect, detailTop: side.minY,
                                     style: rig.layout.overlayStyle, measurer: EstimatedTextMeasurer())
        // The line of doubleTap's failure, whose reason is longer than the panel is wide.
        let row = try #require(L.rows.first { row in
            if case let .gesture(r, _, _, to, _, _)? = rig.frame.log.record(row.seq)?.body { return r == "doubleTap" && to == .failed }
            return false
        })
        guard case let .gesture(_, _, _, _, reasonText, _)? = rig.frame.log.record(row.seq)?.body else { return }
        let reason = reasonText.description
        rig.tap(row.rect)
        #expect(rig.state.selectedRecord == row.seq)
        let detail = try #require(DebugOverlay.selectionDetail(rig.context(), side: side, bottom: rig.layout.bottomPanel))
        let style = rig.layout.overlayStyle
        for line in detail.lines {
            #expect(EstimatedTextMeasurer().measure(line, size: style.fontSize, font: .mono).width <= detail.rect.width - 2 * style.padding)
        }
        #expect(detail.lines.joined(separator: " ").contains("reason: " + reason), "\(detail.lines)")
        #expect(detail.rect.height >= SelectionDetail.height(lines: detail.lines.count, style: style) - 1e-9)
        // Drawn in the frame.
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        let texts = list.commands.compactMap { if case let .text(run) = $0 { run.string } else { nil } }
        for line in detail.lines { #expect(texts.contains(line), "\(line) not drawn") }
        // A tap on the detail closes it; a tap on the line again too.
        rig.tap(detail.rect)
        #expect(rig.state.selectedRecord == nil)
    }

    @Test("one finger drags the timeline back in time and pauses it; two pinch it to zoom")
    func timelineGestures() throws {
        let rig = try LiveRig()
        rig.finger([Point(x: 400, y: 300), Point(x: 450, y: 300)].map(rig.layout.sceneToCanvas))
        rig.settle(3)
        let bottom = try #require(rig.layout.bottomPanel)
        let y = bottom.midY, x = bottom.midX
        let span = rig.state.timelineSpan
        let L = try #require(rig.frame.timelineLayout(rig.live.session, layout: rig.layout))
        // The right edge shown: following live, the time the axis stopped at once the two
        // fingers' gesture was in view (TimelinePanel.liveNow), not the clock 3 s on.
        let now = L.t1
        rig.finger([Point(x: x, y: y), Point(x: x + 5, y: y), Point(x: x + 50, y: y), Point(x: x + 150, y: y)])
        #expect(!rig.state.followLive)
        // Once past the slop, the time under the finger stays under it: 150 px worth of time back.
        let expected = now - 150 * span / L.plotRect.width
        #expect(abs(rig.state.timelineEnd - expected) < 1e-9, "end \(rig.state.timelineEnd), expected about \(expected)")
        #expect(rig.state.selectedRecord == nil, "a drag is not a tap")

        // Pinch: fingers 100 px apart spread to 200: the span halves.
        let a = Point(x: x - 50, y: y), b = Point(x: x + 50, y: y)
        let pa = rig.scene(a), pb = rig.scene(b)
        rig.send(.fingerDown(finger: 11, x: pa.x, y: pa.y))
        rig.send(.fingerDown(finger: 12, x: pb.x, y: pb.y))
        for step in 1...5 {
            let qa = rig.scene(Point(x: a.x - Double(step) * 10, y: y)), qb = rig.scene(Point(x: b.x + Double(step) * 10, y: y))
            rig.send(.fingerMove(finger: 11, x: qa.x, y: qa.y))
            rig.send(.fingerMove(finger: 12, x: qb.x, y: qb.y))
        }
        rig.send(.fingerUp(finger: 11, x: pa.x, y: pa.y))
        rig.send(.fingerUp(finger: 12, x: pb.x, y: pb.y))
        #expect(abs(rig.state.timelineSpan - span / 2) < 1e-6, "span \(rig.state.timelineSpan)")
        rig.settle()
        #expect(rig.count(.hitTest) == 1, "the timeline's fingers are not the scene's")
    }

    @Test("a tap on a timeline transition selects it (a click too), and its record for the detail")
    func timelineTap() throws {
        let rig = try LiveRig(scene: "double-tap")
        rig.tap(rig.layout.sceneToCanvas(Point(x: 400, y: 300)))
        rig.settle(1)
        rig.tap(try rig.button(.pause))
        let L = try #require(rig.frame.timelineLayout(rig.live.session, layout: rig.layout))
        let lane = try #require(L.visible.first { $0.lane == .recognizer("singleTap") })
        let tr = try #require(rig.frame.log.transitions(of: "singleTap").first { $0.to == .recognized })
        // A finger a little off the transition still takes it.
        rig.tap(Point(x: L.x(for: tr.t) + 6, y: lane.rect.midY))
        #expect(rig.state.selectedLane == .recognizer("singleTap"))
        #expect(rig.state.selectedTime == tr.t && rig.state.selectedRecord == tr.seq)
        // The mouse: a click does the same.
        rig.state.selectedRecord.map { _ in rig.frame.state.selectedRecord = nil }
        let p = rig.scene(Point(x: L.x(for: tr.t) - 4, y: lane.rect.midY))
        rig.send(.mouseDown(x: p.x, y: p.y, button: .left))
        rig.send(.mouseUp(x: p.x, y: p.y, button: .left))
        #expect(rig.state.selectedRecord == tr.seq)
        // The touches lane picks the touch for the hit-test path.
        let touches = try #require(L.visible.first { $0.lane == .touches })
        let span = try #require(rig.frame.log.touchSpans.first)
        rig.tap(Point(x: L.x(for: span.began), y: touches.rect.minY + touches.rect.height / 6 + Double(span.touch % 3) * touches.rect.height / 3))
        #expect(rig.state.pickedTouchID == span.touch)
    }

    @Test("a finger dragged down the event log scrolls it back to older records; End returns to the newest")
    func logScrolls() throws {
        let rig = try LiveRig(scene: "double-tap")
        for i in 0..<6 {
            rig.tap(rig.layout.sceneToCanvas(Point(x: 400, y: 300)))
            rig.settle(Double(i + 1))
        }
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .eventLog })
        let line = rig.layout.overlayStyle.lineHeight
        let mid = Point(x: section.rect.midX, y: section.rect.midY)
        rig.finger([mid, Point(x: mid.x, y: mid.y + 4 * line)])
        #expect(rig.state.logScroll == 4)
        rig.finger([mid, Point(x: mid.x, y: mid.y - 10 * line)])
        #expect(rig.state.logScroll == 0)
        rig.frame.state.logScroll = 7
        #expect(rig.live.pressHostKey("end"))
        #expect(rig.state.logScroll == 0)
        rig.settle()
        #expect(rig.count(.hitTest) == 6, "the log's fingers are not the scene's")
    }

    @Test("the help lists the toolbar and the panels' gestures, a finger drags it (on the scene too, never the scene's), and the Help button closes it")
    func helpScrolls() throws {
        let rig = try LiveRig()
        #expect(rig.frame.help.contains { $0.input == "toolbar" && $0.section == HelpPanel.touchSection }
                && rig.frame.help.contains { $0.input == "timeline" && $0.section == HelpPanel.touchSection })
        rig.tap(try rig.button(.help))
        let side = try #require(rig.layout.sidePanel)
        let line = rig.layout.overlayStyle.lineHeight
        rig.finger([Point(x: side.midX, y: side.midY), Point(x: side.midX, y: side.midY - 5 * line)])
        #expect(rig.state.helpScroll == 5)
        rig.finger([Point(x: side.midX, y: side.midY), Point(x: side.midX, y: side.midY + 50 * line)])
        #expect(rig.state.helpScroll == 0)
        // The sheet covers the scene too: a finger there drags the help, the scene never sees it.
        let scene = rig.layout.sceneRect
        rig.finger([Point(x: scene.midX, y: scene.midY), Point(x: scene.midX, y: scene.midY - 3 * line)])
        #expect(rig.state.helpScroll == 3)
        // And the timeline under it: a drag there moves the help, not the (hidden) timeline.
        let bottom = try #require(rig.layout.bottomPanel)
        rig.finger([Point(x: bottom.midX, y: bottom.midY), Point(x: bottom.midX - 6 * line, y: bottom.midY - 2 * line)])
        #expect(rig.state.helpScroll == 5 && rig.state.followLive)
        rig.settle()
        #expect(rig.count(.hitTest) == 0)
        // The Help button (not covered) closes it.
        rig.tap(try rig.button(.help))
        #expect(!rig.state.isOn(.help))
    }

    @Test("a tap on a view in the inspector's tree selects it")
    func inspectorTap() throws {
        let rig = try LiveRig()
        let c = rig.context()
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(c, side: side).first { $0.panel == .inspector })
        let tree = InspectorPanel.treeLayout(app: rig.app, log: rig.frame.log, state: rig.state, in: section.rect,
                                             style: rig.layout.overlayStyle)
        let canvas = try #require(tree.rows.first { $0.view.id == "canvas" })
        rig.tap(canvas.rect)
        #expect(rig.state.selectedViewID == "canvas")
    }

    @Test("at every supported size and scale the open menu holds every cell on the canvas, each a 44-point target",
          arguments: [(800.0, 1280.0), (1280, 800), (1920, 1200), (2560, 1600), (1600, 2560)].flatMap { w, h in [1.0, 2].map { (w, h, $0) } })
    func menuFits(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        let rig = try LiveRig(canvas: Size(width: w, height: h), pixelScale: scale)
        rig.tap(try rig.button(.menu))
        let menu = try #require(rig.frame.toolbarMenu(rig.layout, measurer: EstimatedTextMeasurer()))
        let bar = try #require(rig.layout.toolbar)
        #expect(menu.layout.cells.count == menu.sections.flatMap(\.controls).count)
        #expect(menu.sections.flatMap(\.controls).count == PanelRegistry.all.count + 1 + logKinds.count + 1 + 1
                + ToolbarButton.allCases.count - rig.layout.toolbarButtonsShown)
        for cell in menu.layout.cells {
            #expect(cell.minX >= menu.layout.rect.minX - 1e-9 && cell.maxX <= menu.layout.rect.maxX + 1e-9)
            #expect(cell.minY >= menu.layout.rect.minY - 1e-9 && cell.maxY <= menu.layout.rect.maxY + 1e-9, "\(cell) below the menu \(menu.layout.rect)")
            #expect(cell.width / scale >= 44 - 1e-9 && cell.height / scale >= 44 - 1e-9)
            #expect(!cell.intersects(bar))
        }
        #expect(menu.layout.rect.maxY <= h && menu.layout.rect.minX >= 0)
    }

    @Test("with the panels hidden, the strip's menu brings them back; at a narrow portrait size the menu holds what the bar cannot")
    func stripAndOverflow() throws {
        let rig = try LiveRig(canvas: Size(width: 800, height: 1280), pixelScale: 2)
        #expect(rig.layout.toolbarButtonsShown == 9)
        rig.tap(try rig.button(.menu))
        let quit = try rig.cell("✕ Quit")
        #expect(quit.height >= 88 - 1e-9 && quit.width >= 88 - 1e-9)
        let full = try rig.cell("Full screen")
        #expect(full.minY >= 0 && full.maxY <= 1280)
        // The other rig: panels off by the menu's "all panels", back on from the strip.
        let wide = try LiveRig()
        wide.tap(try wide.button(.menu))
        wide.tap(try wide.cell("all panels"))
        #expect(!wide.frame.overlays)
        let strip = HostLayout(canvasSize: wide.layout.canvasSize, sceneSize: wide.layout.sceneSize,
                               options: LayoutOptions(panelsVisible: false, toolbarWhenHidden: true))
        wide.layout = strip
        let menu = strip.toolbarButtonFrames[0]
        wide.tap(menu)   // closes the menu left open
        wide.tap(menu)
        let cells = try #require(wide.frame.toolbarMenu(strip, measurer: EstimatedTextMeasurer()))
        let i = try #require(cells.sections.flatMap(\.controls).firstIndex { $0.label == "all panels" })
        wide.tap(cells.layout.cells[i])
        #expect(wide.frame.overlays)
        wide.settle()
        #expect(wide.count(.hitTest) == 0)
    }
}
