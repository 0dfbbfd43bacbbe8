// Issue 29, item 6: the overlays over the scene hide nothing the user needs (the controls, the
// views' titles, the welcome heading), and the hit-test overlay respects the drawing order (C
// covers I on scenes/hit-test.yaml). Each test reads the demo scene it names.
import Testing
@testable import TouchDraw
import TouchScene

@MainActor
@Suite("Overlay placement on the demo scenes")
struct OverlayPlacementTests {
    /// A demo scene, built, its trace going into a log.
    final class Demo {
        let session: SceneSession
        let log = TraceLog()
        var app: Application { session.app }
        init(_ name: String) throws {
            let root = String("\(#filePath)".dropLast("Tests/TouchDrawTests/Overlays/OverlayPlacementTests.swift".count))
            session = SceneSession(scene: try SceneLoader.load(path: root + "scenes/\(name).yaml"))
            session.app.tracer.sink = log
        }
        func down(_ x: Double, _ y: Double, at t: Double = 0.5) {
            app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: x, y: y)), at: t)
        }
        func view(_ id: String) throws -> View { try #require(DebugOverlay.viewsByID(app.window)[id]) }

        /// The frame at 1280×800 with the hit-test path and the touches overlay on (the panels
        /// at their default sizes, `Panels`), at `scale` canvas pixels per unit.
        func draw(scale: Double, at now: Double = 0.55) -> (list: DisplayList, panels: Panels, style: OverlayStyle) {
            let panels = Panels(canvas: Size(width: 1280 * scale, height: 800 * scale), sceneSize: app.window.bounds.size)
            let style = OverlayStyle().scaled(by: scale)
            var state = OverlayState()
            state.panels = [.hitTest, .touches]
            var list = DisplayList(size: panels.canvas)
            SceneRenderer().draw(app.window, into: &list, toCanvas: panels.sceneTransform)
            DebugOverlay.draw(app: app, log: log, state: state, sceneTransform: panels.sceneTransform, sceneRect: panels.scene,
                              sidePanel: nil, bottomPanel: nil, measurer: EstimatedTextMeasurer(), into: &list,
                              extras: DebugOverlayExtras(now: now, style: style))
            return (list, panels, style)
        }
    }

    static let measurer = EstimatedTextMeasurer()

    /// The box a text run takes (as the harness measures it).
    static func box(_ run: TextRun) -> Rect {
        var size = measurer.measure(run.string, size: run.size, font: run.font)
        if let mw = run.maxWidth { size.width = min(size.width, mw) }
        return Rect(origin: run.topLeft(for: size), size: size)
    }

    /// The runs the hit-test overlay draws: "N view: verdict" and "touch N → view".
    static func hitTestLabels(_ list: DisplayList) -> [TextRun] {
        texts(list).filter { run in
            run.font == .mono && (run.string.hasPrefix("touch ") || run.string.range(of: #"^\d+ \S+: \w+$"#, options: .regularExpression) != nil)
        }
    }

    /// A view's box on the canvas.
    static func canvasBox(_ v: View, _ m: AffineTransform) -> Rect { boundingBox(v.cornersInRoot().map(m.apply)) }

    /// The glyph box of a view's title as SceneRenderer draws it (centred text, `fontSize` tall).
    static func titleBox(_ v: View, _ m: AffineTransform) -> Rect {
        let s = abs(m.determinant).squareRoot()
        let size = v.fontSize * s
        let w = measurer.measure(v.text ?? "", size: size, font: v.font).width
        let c = m.apply(v.convertToRoot(Point(x: v.bounds.midX, y: v.bounds.midY)))
        return Rect(x: c.x - w / 2, y: c.y - size / 2, width: w, height: size)
    }

    @Test("controls.yaml: a tap on the free panel point puts no hit-test label on a control (scales 1 and 2)", arguments: [1.0, 2])
    func labelsOffTheControls(scale: Double) throws {
        let demo = try Demo("controls")
        demo.down(500, 400)   // the free panel point (400, 300) in panel coordinates
        let hit = try #require(demo.log.latestHitTest)
        #expect(hit.view == "panel")
        let (list, panels, _) = demo.draw(scale: scale)
        let labels = Self.hitTestLabels(list)
        // Every visited view has its label (the panel, then its seven controls), and the touch's.
        #expect(labels.count == hit.path.count + 1)
        #expect(labels.contains { $0.string == "2 field: outside" } && labels.contains { $0.string == "7 toggle: outside" })
        let controls = try ["button", "toggle", "stepper", "slider", "segments", "pages", "field"].map { try demo.view($0) }
        #expect(controls.allSatisfy { $0 is Control })
        for run in labels {
            let b = Self.box(run)
            #expect(panels.scene.contains(b, tolerance: 0.5), "\(run.string) at \(b) leaves the scene \(panels.scene)")
            for c in controls {
                let cb = Self.canvasBox(c, panels.sceneTransform)
                #expect(!b.intersects(cb), "\(run.string) at \(b) hides \(c.id) at \(cb)")
            }
        }
    }

    @Test("double-tap.yaml: 'touch 1 → pad' does not overwrite the pad's title, however the finger lands on it (scales 1 and 2)",
          arguments: [1.0, 2])
    func touchLabelOffTheTitle(scale: Double) throws {
        let demo = try Demo("double-tap")
        let pad = try demo.view("pad")
        #expect(pad.text == "Tap once or twice")
        // On the title's middle: the label beside the ring would have run across the title.
        let centre = pad.convertToRoot(Point(x: pad.bounds.midX, y: pad.bounds.midY))
        demo.down(centre.x, centre.y)
        let (list, panels, _) = demo.draw(scale: scale)
        let label = try #require(Self.hitTestLabels(list).first { $0.string == "touch 1 → pad" })
        let title = Self.titleBox(pad, panels.sceneTransform)
        #expect(!Self.box(label).intersects(title), "the label at \(Self.box(label)) over the title at \(title)")
    }

    @Test("welcome.yaml: the pointer header band does not cover the heading (scales 1 and 2)", arguments: [1.0, 2])
    func headerOffTheHeading(scale: Double) throws {
        let demo = try Demo("welcome")
        demo.down(120, 300)
        let (list, panels, style) = demo.draw(scale: scale)
        let header = try #require(texts(list).first { $0.string.hasPrefix("P: 1/1") })
        // The band is the width of the scene, centred on the header line.
        let band = Rect(x: panels.scene.minX, y: header.position.y - (style.lineHeight + 4 * style.scale) / 2,
                        width: panels.scene.width, height: style.lineHeight + 4 * style.scale)
        let heading = try demo.view("heading")
        #expect(heading.text == "TouchScope: UIKit's touch handling, made visible")
        let title = Self.titleBox(heading, panels.sceneTransform)
        #expect(!band.intersects(title), "the header band \(band) covers the heading \(title)")
        // Still over the scene, across its whole width.
        #expect(panels.scene.contains(band, tolerance: 0.5))
    }

    /// The tinted polygons and hatch lines of the untouchable areas.
    static func untouchableDrawing(_ list: DisplayList) -> (tint: [[Point]], hatch: [[Point]]) {
        let tint = Color(r: 255, g: 59, b: 48, a: 60), hatch = Color(r: 255, g: 90, b: 80, a: 170)
        var t: [[Point]] = [], h: [[Point]] = []
        for c in list.commands {
            if case let .polygon(points, color) = c, color == tint { t.append(points) }
            if case let .polyline(points, _, color, _) = c, color == hatch { h.append(points) }
        }
        return (t, h)
    }

    /// Whether `p` lies strictly inside the axis-aligned `r`, `margin` in from its edges.
    static func strictlyInside(_ p: Point, _ r: Rect, margin: Double = 0.5) -> Bool {
        p.x > r.minX + margin && p.x < r.maxX - margin && p.y > r.minY + margin && p.y < r.maxY - margin
    }

    @Test("hit-test.yaml: after a click at (400, 310), I's hatching is not painted over C, which is drawn above it (scales 1 and 2)",
          arguments: [1.0, 2])
    func hatchingUnderC(scale: Double) throws {
        let demo = try Demo("hit-test")
        demo.down(400, 310)
        let (list, panels, _) = demo.draw(scale: scale)
        let m = panels.sceneTransform
        let c = Self.canvasBox(try demo.view("C"), m)
        let (tint, hatch) = Self.untouchableDrawing(list)
        #expect(!tint.isEmpty && !hatch.isEmpty)
        let point = m.apply(Point(x: 400, y: 310))
        for poly in tint {
            #expect(!Geometry2D.isInside([point, point, point], poly), "a tinted piece \(poly) covers (400, 310)")
            for p in poly { #expect(!Self.strictlyInside(p, c), "a tinted piece reaches into C: \(p)") }
        }
        for line in hatch {
            for p in line { #expect(!Self.strictlyInside(p, c), "a hatch line reaches into C: \(p)") }
        }
        // What is left is I outside B (340…440 × 240…340 and 290…340 × 280…340: 13,000 pt²)
        // less what C (x ≥ 380: 6,000 pt²) and H (290…340 × 320…340: 1,000 pt²) cover.
        let k = abs(m.determinant)
        let area = tint.reduce(0) { $0 + Geometry2D.area($1) } / k
        #expect(abs(area - 6000) < 1, "untouchable area shown: \(area) pt²")
    }

    @Test("hit-test.yaml: the hit-test view I's outline is not drawn over C (a touch on I inside B)")
    func outlineUnderC() throws {
        let demo = try Demo("hit-test")
        demo.down(300, 250)
        #expect(demo.log.latestHitTest?.view == "I")
        let (list, panels, _) = demo.draw(scale: 1)
        let c = Self.canvasBox(try demo.view("C"), panels.sceneTransform)
        let yellow = list.commands.compactMap { cmd -> [Point]? in
            if case let .polyline(points, width, color, _) = cmd, color == OverlayStyle.color(of: .hit), width == 3 { return points }
            return nil
        }
        #expect(!yellow.isEmpty)
        for line in yellow {
            for (a, b) in zip(line, line.dropFirst()) {
                let mid = (a + b) / 2
                #expect(!Self.strictlyInside(mid, c) && !Self.strictlyInside(a, c) && !Self.strictlyInside(b, c),
                        "I's outline runs over C: \(a) – \(b)")
            }
        }
        // The part of I's outline left of C is drawn (290…380 along the top edge at y = 240).
        let top = panels.sceneTransform.apply(Point(x: 300, y: 240))
        #expect(yellow.contains { line in zip(line, line.dropFirst()).contains { a, b in
            abs(a.y - top.y) < 0.5 && abs(b.y - top.y) < 0.5 && min(a.x, b.x) <= top.x && max(a.x, b.x) >= top.x } })
    }

    @Test("when controls leave no room by their views, the labels are gathered in a legend box inside the scene, off the touch")
    func legend() throws {
        // A scene tiled with buttons edge to edge: no label fits outside or inside any of them.
        let rig = OverlayRig(width: 400, height: 300)
        let root = rig.view("root", 0, 0, 400, 300)
        for row in 0..<3 { for col in 0..<4 {
            root.addSubview(Button(id: "b\(row)\(col)", frame: Rect(x: Double(col) * 100, y: Double(row) * 100, width: 100, height: 100)))
        } }
        rig.down(1, 150, 150, at: 0)
        let hit = try #require(rig.log.latestHitTest)
        let m = AffineTransform(translationX: 10, y: 20)
        let sceneRect = Rect(x: 10, y: 20, width: 400, height: 300)
        let needed = (0..<12).map { i in Rect(x: 10 + Double(i % 4) * 100, y: 20 + Double(i / 4) * 100, width: 100, height: 100) }
        let L = HitTestOverlay.layout(for: hit, views: DebugOverlay.viewsByID(rig.app.window), sceneTransform: m, style: OverlayStyle(),
                                      sceneRect: sceneRect, needed: needed)
        #expect(L.marks.allSatisfy { $0.gathered })
        let legend = try #require(L.legend)
        #expect(sceneRect.contains(legend, tolerance: 0.5))
        // One row per gathered label (the touch's label found room beside its ring, or is the first row).
        let rows = L.marks.count + (L.touchLabelGathered ? 1 : 0)
        #expect(abs(legend.height - Double(rows) * OverlayStyle().lineHeight) < 0.01)
        for mark in L.marks {
            #expect(legend.contains(HitTestLayout.box(mark.label, at: mark.labelPosition, style: OverlayStyle(),
                                                      measurer: EstimatedTextMeasurer()), tolerance: 2.5))
        }
        // Not over the touch.
        #expect(!legend.contains(m.apply(Point(x: 150, y: 150))))
    }
}
