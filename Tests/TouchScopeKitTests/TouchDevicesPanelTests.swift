// Issue 29, item 7: the touch devices panel for bring-up — a full-size coverage view of the
// whole window (screen edges and the panel area included), opened by touch and by key; the
// device's name from a replayed evemu or libinput file's header; "over a frame" not cut; the
// latency readout counting only input that went to the scene.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("Touch devices panel for bring-up", .serialized)
struct TouchDevicesPanelTests {
    /// A window point (window units) as the scene point the translator gives for it.
    func scenePoint(_ rig: LiveRig, _ x: Double, _ y: Double) -> Point {
        rig.layout.canvasToScene(Point(x: x * rig.layout.pixelScale, y: y * rig.layout.pixelScale))
    }
    /// A finger tap at a window point.
    func tap(_ rig: LiveRig, _ x: Double, _ y: Double) {
        rig.tap(Point(x: x * rig.layout.pixelScale, y: y * rig.layout.pixelScale))
    }
    func box(_ pts: [Point]) -> Rect {
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.5 }
    func cell(_ x: Double, _ y: Double) -> TouchDeviceStats.Cell {
        TouchDeviceStats.Cell(column: Int(x / WindowCoverage.cell), row: Int(y / WindowCoverage.cell))
    }

    @Test("C opens a coverage sheet of the whole window: fingers on the screen's edges, the side panel, the timeline and the toolbar count where they landed, and none reaches the scene; Close closes it",
          arguments: [(1280.0, 800.0, 1.0), (800, 1280, 1), (1280, 800, 2)])
    func wholeWindow(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        let rig = try LiveRig(canvas: Size(width: w * scale, height: h * scale), pixelScale: scale)
        rig.send(.keyDown(key: "C", mods: []))
        rig.send(.keyUp(key: "C", mods: []))
        #expect(rig.state.isOn(.coverage))
        let side = try #require(rig.layout.sidePanel), bottom = try #require(rig.layout.bottomPanel)
        let toolbar = try #require(rig.layout.toolbar)
        let k = rig.layout.pixelScale
        // Window points (units): the four edges, the side panel, the timeline, the toolbar.
        let points = [(0.0, h / 2), (w / 2, 0), (w - 1, h / 2), (w / 3, h - 1),
                      (side.midX / k, side.midY / k), (bottom.midX / k, bottom.midY / k), (toolbar.minX / k + 10, toolbar.maxY / k - 10)]
        let touchesBefore = rig.count(.touches)
        let buttons = CoverageSheet.buttons(canvas: rig.layout.canvasSize, unit: rig.layout.panelScale)
        for (x, y) in points {
            // None of them lands on the sheet's own buttons.
            #expect(![buttons.close, buttons.clear].contains { $0.contains(Point(x: x * k, y: y * k)) })
            tap(rig, x, y)
            #expect((rig.frame.coverage.cells[0]?[cell(x, y)] ?? 0) >= 1, "no coverage at (\(x), \(y))")
        }
        rig.settle()
        #expect(rig.count(.touches) == touchesBefore, "a finger on the sheet reached the scene")
        for edge in WindowCoverage.Edge.allCases { #expect((rig.frame.coverage.nearestEdge[edge] ?? 99) < 1, "\(edge) not reached") }

        // Drawn full size: the sheet covers the canvas, and a cell is drawn where the finger on
        // the side panel landed, at the size of a cell.
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        let fills = list.commands.compactMap { c -> Rect? in if case let .polygon(p, _) = c { return box(p) }; return nil }
        let canvas = Rect(origin: .zero, size: rig.layout.canvasSize)
        #expect(fills.contains { near($0.width, canvas.width) && near($0.height, canvas.height) })
        let onSide = Point(x: side.midX, y: side.midY)
        let c = cell(side.midX / k, side.midY / k)
        let expected = Rect(x: Double(c.column) * WindowCoverage.cell * k, y: Double(c.row) * WindowCoverage.cell * k,
                            width: WindowCoverage.cell * k, height: WindowCoverage.cell * k)
        let drawn = fills.filter { near($0.minX, expected.minX) && near($0.minY, expected.minY) }
        #expect(drawn.contains { near($0.width, expected.width) && $0.contains(onSide) })

        // The Close button (a touch target) closes it; the next finger is the scene's again.
        let close = CoverageSheet.buttons(canvas: rig.layout.canvasSize, unit: rig.layout.panelScale).close
        #expect(close.width >= 44 * rig.layout.panelScale - 0.5 && close.height >= 44 * rig.layout.panelScale - 0.5)
        rig.tap(close)
        #expect(!rig.state.isOn(.coverage))
        rig.tap(rig.layout.sceneToCanvas(Point(x: 400, y: 300)))
        rig.settle()
        #expect(rig.count(.touches) > touchesBefore)
    }

    @Test("a tap on the touch devices panel's coverage button opens the sheet; Escape closes it")
    func byTouch() throws {
        let rig = try LiveRig()
        rig.frame.state.set(.devices, true)
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .devices })
        let button = DevicePanel.coverageButton(in: section.rect, style: rig.layout.overlayStyle)
        #expect(button.height >= 2 * rig.layout.overlayStyle.lineHeight)
        rig.tap(button)
        #expect(rig.state.isOn(.coverage))
        rig.send(.keyDown(key: "Escape", mods: []))
        #expect(!rig.state.isOn(.coverage))
    }

    @Test("the latency readout counts only input that went to the scene: taps on the toolbar and the panels do not")
    func latencyRoutes() throws {
        let rig = try LiveRig()
        func route(_ kind: RawInput.Kind) -> LiveApp.InputRoute {
            rig.t += 0.02
            return rig.live.route(RawInput(t: rig.t, kind))
        }
        func finger(_ c: Point) -> [LiveApp.InputRoute] {
            let p = rig.scene(c)
            return [route(.fingerDown(finger: 9, x: p.x, y: p.y)), route(.fingerUp(finger: 9, x: p.x, y: p.y))]
        }
        let pause = try rig.button(.pause)
        #expect(finger(Point(x: pause.midX, y: pause.midY)).allSatisfy { !$0.countsForLatency })
        let side = try #require(rig.layout.sidePanel), bottom = try #require(rig.layout.bottomPanel)
        #expect(finger(Point(x: side.midX, y: side.maxY - 20)).allSatisfy { !$0.countsForLatency })
        #expect(finger(Point(x: bottom.midX, y: bottom.midY)).allSatisfy { !$0.countsForLatency })
        #expect(!route(.keyDown(key: "F3", mods: [])).countsForLatency)
        let hover = rig.scene(Point(x: side.midX, y: side.midY))
        #expect(!route(.mouseMove(x: hover.x, y: hover.y, button: nil, mods: [])).countsForLatency)
        // A finger on the scene counts.
        #expect(finger(rig.layout.sceneToCanvas(Point(x: 400, y: 300))) == [.scene, .scene])
    }

    @Test("a replayed evemu or libinput file shows its device's name from its header, not 'device 0 (from the trace)'",
          arguments: [("Tests/touchscopeTests/Recordings/photo-pan.evemu", "Test Tablet Touchscreen", "evemu"),
                      ("Tests/TouchSceneTests/Fixtures/import/touch.yml", "Test Wacom Finger", "libinput-record")])
    func recordedName(file: String, name: String, format: String) throws {
        let path = Paths.root + "/" + file
        let scene = try SceneLoader.load(path: Paths.scene("photo"))
        let reader = try RecordingReader.open(path: path, window: scene.window)
        let session = SceneSession(scene: scene)
        let frame = FrameState(overlays: true, threadedLog: false)
        frame.follow(session)
        frame.recordedDevice = reader.recordedDevice
        frame.state.set(.devices, true)
        let replayer = Replayer(session: session, recording: reader)
        try replayer.run(until: nil)
        let layout = HostLayout(canvasSize: Size(width: 1280, height: 800), sceneSize: scene.window)
        var list = DisplayList(size: layout.canvasSize)
        frame.draw(session, into: &list, layout: layout, measurer: EstimatedTextMeasurer())
        let runs = list.commands.compactMap { c -> String? in if case let .text(r) = c { return r.string }; return nil }
        let fileName = String(file.split(separator: "/").last ?? "")
        // The panel's lines, joined (a line too long for the panel wraps; spaces compare as one).
        let text = runs.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("\(name) (replayed from \(fileName) (\(format)))"), "\(text)")
        #expect(!runs.contains { $0.contains("(from the trace)") })
        #expect(runs.contains { $0.hasPrefix("  fingers ") })   // the name's row carries the replay's statistics
    }

    @Test("the latency line 'over a frame' is never cut: it wraps in the side panel (1280×800 and 800×1280, scales 1 and 2)",
          arguments: [(1280.0, 800.0, 1.0), (800, 1280, 1), (1280, 800, 2), (800, 1280, 2)])
    func overAFrame(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        let rig = try LiveRig(canvas: Size(width: w * scale, height: h * scale), pixelScale: scale)
        rig.frame.state.set(.devices, true)
        rig.frame.latency = LatencyReadout(p50: 12.5, p99: 48.25, count: 120)
        rig.frame.touchDevices = [TouchDeviceInfo(sdlID: 42, traceDevice: 0, name: "ELAN9008:00 04F3:2C82 touchscreen with a long name",
                                                  kind: .direct, display: "display 0 (eDP-1)")]
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .devices })
        let runs = list.commands.compactMap { c -> TextRun? in if case let .text(r) = c { return r }; return nil }
            .filter { section.clip.contains($0.position) }
        let m = EstimatedTextMeasurer()
        for run in runs {
            #expect(!run.string.contains("…"), "cut: \(run.string)")
            let width = m.measure(run.string, size: run.size, font: run.font).width
            #expect(width <= (run.maxWidth ?? .infinity) + 0.01, "\(run.string): \(width) > \(run.maxWidth ?? 0)")
        }
        let text = runs.map(\.string).joined(separator: " ")
        #expect(text.contains("over a frame"))
        #expect(text.contains("48.3 ms") || text.contains("48.2 ms"))
        #expect(text.contains("ELAN9008:00") && text.contains("eDP-1)"))
    }
}
