// Whole frames (scene and every panel, after a replayed recording) at every supported tablet
// size and pixel scale: everything the panels draw stays on the canvas and in its panel, and
// no panel text is drawn smaller than the layout's legible minimum.
import Testing
@testable import touchscope
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("Tablet frames: every panel at 800×1280 to 2560×1600, scales 1 and 2")
struct TabletFrameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var width: Double, height: Double, scale: Double
        var testDescription: String { "\(Int(width))×\(Int(height)) at scale \(Int(scale))" }
    }
    nonisolated static let cases: [Case] = [(800.0, 1280.0), (1280, 800), (1920, 1200), (2560, 1600), (1600, 2560)]
        .flatMap { w, h in [1.0, 2].map { Case(width: w, height: h, scale: $0) } }

    /// The photo scene after a pinch, every panel on (help too when `help`), a transition
    /// selected (its detail shown), the toolbar's menu open when `menu`, drawn for `c`: the
    /// layout, the scene's own commands and the whole frame.
    func frame(_ c: Case, help: Bool, menu: Bool = false) throws -> (layout: HostLayout, sceneCommands: Int, list: DisplayList, menu: Rect?) {
        let description = try SceneLoader.load(path: Paths.scene("photo"))
        let session = SceneSession(scene: description)
        let frame = FrameState(overlays: true, threadedLog: false)
        frame.follow(session)
        try Replayer(session: session, recording: try RecordingReader(path: Paths.recording("photo-pinch"))).run(until: 0.45)
        for panel in OverlayPanel.allCases where panel != .help || help { frame.state.set(panel, true) }
        frame.state.lanesOfTouchedViewsOnly = false
        frame.state.selectedViewID = "photo"
        frame.state.selectedRecord = frame.log.transitions(of: "pinch").last?.seq
        frame.toolbar.menuOpen = menu
        let canvas = Size(width: c.width, height: c.height)
        let layout = HostLayout(canvasSize: canvas, windowSize: Size(width: c.width / c.scale, height: c.height / c.scale),
                                sceneSize: description.window)
        var scene = DisplayList(size: canvas)
        SceneRenderer().draw(session.app.window, into: &scene, toCanvas: layout.sceneTransform)
        var list = DisplayList(size: canvas)
        frame.draw(session, into: &list, layout: layout, measurer: EstimatedTextMeasurer())
        return (layout, scene.commands.count, list, frame.toolbarMenu(layout, measurer: EstimatedTextMeasurer())?.layout.rect)
    }

    @Test("the panels draw inside the canvas and inside their own panel or the scene", arguments: cases)
    func insidePanels(c: Case) throws {
        for (help, menu) in [(false, false), (true, false), (false, true)] {
            let (layout, sceneCommands, list, menuRect) = try frame(c, help: help, menu: menu)
            let canvas = Rect(x: 0, y: 0, width: c.width, height: c.height)
            var places = [layout.sceneRect, try #require(layout.sidePanel), try #require(layout.bottomPanel), try #require(layout.toolbar)]
            if menu { places.append(try #require(menuRect)) }
            // The help is a sheet over the whole window but the toolbar: its regions' box (the
            // toolbar, drawn after it, stays on top).
            if help, let first = layout.sheetRegions.first {
                places.append(layout.sheetRegions.dropFirst().reduce(first) { a, r in
                    Rect(x: min(a.minX, r.minX), y: min(a.minY, r.minY), width: max(a.maxX, r.maxX) - min(a.minX, r.minX),
                         height: max(a.maxY, r.maxY) - min(a.minY, r.minY))
                })
            }
            func within(_ r: Rect, _ outer: Rect, _ tolerance: Double) -> Bool {
                r.minX >= outer.minX - tolerance && r.minY >= outer.minY - tolerance
                    && r.maxX <= outer.maxX + tolerance && r.maxY <= outer.maxY + tolerance
            }
            #expect(menuRect.map { within($0, canvas, 0) } ?? true)
            var clips: [Rect] = []
            var checked = 0
            for (i, command) in list.commands.enumerated() {
                switch command {
                case .pushClip(let r): clips.append(r); continue
                case .popClip: _ = clips.popLast(); continue
                default: break
                }
                guard i >= sceneCommands else { continue }   // the scene's own drawing
                checked += 1
                if let clip = clips.last {
                    #expect(places.contains { within(clip, $0, 1) }, "\(c.testDescription): clip \(clip) outside every panel")
                } else if case let .text(run) = command {
                    let size = EstimatedTextMeasurer().measure(run.string, size: run.size, font: run.font)
                    let box = Rect(origin: run.topLeft(for: size), size: size)
                    #expect(within(box, canvas, 2), "\(c.testDescription): \(run.string) off the canvas")
                }
            }
            #expect(checked > 100)
        }
    }

    @Test("no panel text is smaller than 90 % of the layout's legible minimum, and every line fits its width", arguments: cases)
    func legibleText(c: Case) throws {
        for menu in [false, true] {
        let (layout, sceneCommands, list, _) = try frame(c, help: false, menu: menu)
        let minimum = 11 * HostLayout.minimumTextScale(pixelScale: c.scale)
        var runs = 0
        for command in list.commands.dropFirst(sceneCommands) {
            guard case let .text(run) = command else { continue }
            runs += 1
            #expect(run.size >= 0.9 * minimum - 1e-9, "\(c.testDescription): \"\(run.string)\" at \(run.size) px")
            #expect(run.size <= 2.5 * layout.overlayStyle.fontSize, "\(c.testDescription): \"\(run.string)\" at \(run.size) px")
            if let mw = run.maxWidth {
                #expect(EstimatedTextMeasurer().measure(run.string, size: run.size, font: run.font).width <= mw + 0.5)
            }
        }
        #expect(runs > 30)   // every panel shares the side: at 1280×800, scale 2, about 40 lines
        }
    }
}
