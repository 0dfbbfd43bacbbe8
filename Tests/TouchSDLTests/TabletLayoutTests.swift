// Tablet layouts: every supported screen, from 800×1280 portrait to 2560×1600 landscape, at
// pixel scales 1 and 2, keeps the scene at least half the canvas, the panels inside the
// canvas and off the scene (below it in portrait), and the panels' text legible.
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

/// One screen: a canvas in pixels and the window in window units (canvas ÷ pixel scale).
struct Screen: CustomTestStringConvertible, Sendable {
    var canvas: Size
    var pixelScale: Double
    var window: Size { Size(width: canvas.width / pixelScale, height: canvas.height / pixelScale) }
    var testDescription: String { "\(Int(canvas.width))×\(Int(canvas.height)) at scale \(Int(pixelScale))" }
    var isPortrait: Bool { canvas.height > canvas.width }

    func layout(scene: Size = Size(width: 800, height: 600), options: LayoutOptions = LayoutOptions()) -> HostLayout {
        HostLayout(canvasSize: canvas, windowSize: window, sceneSize: scene, options: options)
    }

    /// The supported sizes (canvas pixels) × pixel scales 1 and 2.
    static let supported: [Screen] = {
        let sizes = [(800.0, 1280.0), (1280, 800), (1920, 1200), (2560, 1600), (1600, 2560)]
        return sizes.flatMap { w, h in [1.0, 2].map { Screen(canvas: Size(width: w, height: h), pixelScale: $0) } }
    }()
    /// The same windows on a screen of twice the pixels (the canvas is the size × 2).
    static let doubled: [Screen] = [(800.0, 1280.0), (1280, 800), (1920, 1200), (2560, 1600), (1600, 2560)].map { w, h in
        Screen(canvas: Size(width: 2 * w, height: 2 * h), pixelScale: 2)
    }
}

private func area(_ r: Rect) -> Double { max(0, r.width) * max(0, r.height) }

private func overlap(_ a: Rect, _ b: Rect) -> Double {
    let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
    return max(0, w) * max(0, h)
}

private func inside(_ r: Rect, _ outer: Rect, tolerance: Double = 1e-6) -> Bool {
    r.minX >= outer.minX - tolerance && r.minY >= outer.minY - tolerance
        && r.maxX <= outer.maxX + tolerance && r.maxY <= outer.maxY + tolerance
}

/// The advance of DejaVu Sans Mono, the panels' font, as a share of its size.
private let monoAdvance = 0.602

@Suite("Tablet layouts: 800×1280 to 2560×1600 at scales 1 and 2")
struct TabletLayoutTests {
    static let scenes = [Size(width: 800, height: 600), Size(width: 390, height: 844), Size(width: 1600, height: 600)]

    @Test("the scene area keeps at least half the canvas, and the scene fills it keeping its aspect ratio",
          arguments: Screen.supported + Screen.doubled)
    func sceneKeepsHalf(screen: Screen) {
        for scene in Self.scenes {
            let l = screen.layout(scene: scene)
            let canvas = Rect(origin: .zero, size: screen.canvas)
            #expect(area(l.sceneArea) >= 0.5 * area(canvas) * (1 - 1e-9), "\(screen.testDescription), scene \(scene)")
            #expect(inside(l.sceneRect, l.sceneArea))
            #expect(abs(l.sceneRect.width / l.sceneRect.height - scene.width / scene.height) < 1e-9)
            // Fitted: it touches the area's margin on one axis.
            let inner = l.sceneArea.insetBy(dx: l.options.margin * l.panelScale, dy: l.options.margin * l.panelScale)
            #expect(abs(l.sceneRect.width - inner.width) < 1e-6 || abs(l.sceneRect.height - inner.height) < 1e-6)
        }
    }

    @Test("the panels lie inside the canvas, off the scene and off each other, and with the scene area fill it",
          arguments: Screen.supported + Screen.doubled)
    func panelsTileTheCanvas(screen: Screen) throws {
        for scene in Self.scenes {
            let l = screen.layout(scene: scene)
            let canvas = Rect(origin: .zero, size: screen.canvas)
            let side = try #require(l.sidePanel), bottom = try #require(l.bottomPanel), toolbar = try #require(l.toolbar)
            for p in [side, bottom, toolbar] {
                #expect(inside(p, canvas), "\(p) outside \(canvas)")
                #expect(p.width > 0 && p.height > 0)
                #expect(overlap(p, l.sceneArea) < 1e-6, "\(p) overlaps the scene area \(l.sceneArea)")
                #expect(!p.intersects(l.sceneRect))
            }
            #expect(overlap(side, bottom) < 1e-6 && overlap(toolbar, side) < 1e-6 && overlap(toolbar, bottom) < 1e-6)
            #expect(abs(area(side) + area(bottom) + area(toolbar) + area(l.sceneArea) - area(canvas)) < 1e-3 * area(canvas))
        }
    }

    @Test("in portrait the panels go below the scene, full width; in landscape the side panel is on the right",
          arguments: Screen.supported + Screen.doubled)
    func orientation(screen: Screen) throws {
        let l = screen.layout()
        let side = try #require(l.sidePanel), bottom = try #require(l.bottomPanel), toolbar = try #require(l.toolbar)
        #expect(l.isPortrait == screen.isPortrait)
        if screen.isPortrait {
            // Scene, toolbar, side sections, timeline, top to bottom.
            #expect(toolbar.minY >= l.sceneArea.maxY - 1e-6 && side.minY >= toolbar.maxY - 1e-6)
            #expect(bottom.minY >= side.maxY - 1e-6 && toolbar.width == screen.canvas.width)
            #expect(side.minX == 0 && side.width == screen.canvas.width && bottom.width == screen.canvas.width)
            #expect(l.sceneArea.minY == 0 && l.sceneArea.width == screen.canvas.width)
        } else {
            // The toolbar atop the side panel's column, the column the canvas's height.
            #expect(toolbar.minY == 0 && toolbar.maxY == side.minY && toolbar.minX == side.minX && toolbar.width == side.width)
            #expect(side.maxX == screen.canvas.width && side.maxY == screen.canvas.height)
            #expect(side.minX >= l.sceneArea.maxX - 1e-6 && bottom.minY >= l.sceneArea.maxY - 1e-6)
            #expect(bottom.maxX <= side.minX + 1e-6)
        }
    }

    @Test("the panels' text is legible: at least 11 px, 8.25 window units on HiDPI, and grows with the canvas",
          arguments: Screen.supported + Screen.doubled)
    func legibleText(screen: Screen) {
        let l = screen.layout()
        let style = l.overlayStyle
        #expect(style == OverlayStyle().scaled(by: l.overlayScale))
        #expect(style.fontSize >= 11 - 1e-9)
        #expect(style.fontSize >= 11 * HostLayout.minimumTextScale(pixelScale: screen.pixelScale) - 1e-9)
        #expect(style.fontSize / screen.pixelScale >= 8.25 - 1e-9, "\(style.fontSize) px at scale \(screen.pixelScale)")
        // Not tiny on a large canvas: at least one line in 80 of its short side (20 px at 2560×1600).
        #expect(style.fontSize >= min(screen.canvas.width, screen.canvas.height) / 80 - 1e-9)
        // Never larger than the panels' own scale.
        #expect(l.overlayScale <= l.panelScale + 1e-12)
    }

    @Test("the panels' text fits: the side panel holds 40 columns and 16 lines, the timeline its header, axis and 4 full lanes",
          arguments: Screen.supported + Screen.doubled)
    func textFits(screen: Screen) throws {
        let l = screen.layout()
        let style = l.overlayStyle
        let side = try #require(l.sidePanel), bottom = try #require(l.bottomPanel)
        #expect(side.width >= 40 * monoAdvance * style.fontSize, "side \(side.width) px for \(style.fontSize) px text")
        #expect(side.height >= 16 * style.lineHeight, "side \(side.height) px for \(style.lineHeight) px lines")
        let u = style.scale
        let timeline = (style.lineHeight + 4 * u) + (style.lineHeight + 2 * u) + 4 * 18 * u
        #expect(bottom.height >= timeline, "timeline \(bottom.height) px, needs \(timeline)")
        // And a text line of the panels is not taller than a twentieth of the canvas height.
        #expect(style.lineHeight <= screen.canvas.height / 20)
    }

    @Test("the side panel's sections each get 36 columns and their header and two lines; under a portrait scene they split into two columns",
          arguments: Screen.supported + Screen.doubled)
    func sections(screen: Screen) throws {
        let l = screen.layout()
        let style = l.overlayStyle
        let side = try #require(l.sidePanel)
        for panels in [PanelRegistry.defaultOn, Set(OverlayPanel.allCases).subtracting([.help])] {
            var state = OverlayState()
            state.panels = panels
            let sections = DebugOverlay.sideLayout(state: state, sidePanel: side, preferred: [:], style: style)
            #expect(sections.map(\.panel) == DebugOverlay.sideOrder.filter(panels.contains))
            for (i, s) in sections.enumerated() {
                #expect(inside(s.rect, side))
                #expect(s.rect.width >= Double(DebugOverlay.minimumColumns) * monoAdvance * style.fontSize, "\(s.panel) \(s.rect)")
                #expect(s.rect.height >= style.headerSize * 1.25 + 2 * style.lineHeight - 1e-9, "\(s.panel) \(s.rect)")
                for t in sections[(i + 1)...] { #expect(overlap(s.rect, t.rect) < 1e-6, "\(s.panel) overlaps \(t.panel)") }
            }
            let columns = Set(sections.map(\.rect.minX)).count
            #expect(columns == (screen.isPortrait ? 2 : 1), "\(columns) columns")
        }
    }

    @Test("the same window gives the same layout in window units whether the canvas has 1 or 2 pixels per unit, for 1280×800 and up")
    func scaleIndependent() throws {
        for (w, h) in [(1280.0, 800.0), (2560, 1600)] {
            let one = HostLayout(canvasSize: Size(width: w, height: h), sceneSize: Size(width: 800, height: 600))
            let two = HostLayout(canvasSize: Size(width: 2 * w, height: 2 * h), windowSize: Size(width: w, height: h),
                                 sceneSize: Size(width: 800, height: 600))
            let s1 = try #require(one.sidePanel), s2 = try #require(two.sidePanel)
            #expect(abs(s2.width - 2 * s1.width) < 1e-9)
            #expect(abs(two.sceneRect.width - 2 * one.sceneRect.width) < 1e-9)
            #expect(abs(two.overlayStyle.fontSize - 2 * one.overlayStyle.fontSize) < 1e-9)
        }
    }

    @Test("1280×800 at scale 1 keeps the scene and panel widths it always had; the toolbar takes two rows atop the side panel")
    func referenceUnchanged() throws {
        let l = HostLayout(canvasSize: Size(width: 1280, height: 800), sceneSize: Size(width: 800, height: 600))
        #expect(l.panelScale == 1 && l.overlayScale == 1)
        #expect(l.toolbar == Rect(x: 940, y: 0, width: 340, height: 88))
        #expect(l.toolbarRows == 2 && l.toolbarColumns == 6 && l.toolbarButtonsShown == ToolbarButton.allCases.count)
        #expect(l.sidePanel == Rect(x: 940, y: 88, width: 340, height: 712))
        #expect(l.bottomPanel == Rect(x: 0, y: 630, width: 940, height: 170))
        #expect(l.sceneArea == Rect(x: 0, y: 0, width: 940, height: 630))
        let s = (630.0 - 16) / 600
        #expect(abs(l.sceneRect.height - 614) < 1e-9 && abs(l.sceneRect.width - 800 * s) < 1e-9)
        #expect(l.overlayStyle == OverlayStyle())
    }

    @Test("window units map to the same scene points at every supported size (mouse input lands where it is drawn)",
          arguments: Screen.supported)
    func windowMapping(screen: Screen) {
        let l = screen.layout()
        for p in [Point(x: 0, y: 0), Point(x: 400, y: 300), Point(x: 799, y: 599)] {
            let c = l.sceneToCanvas(p)
            let back = l.windowToScene(Point(x: c.x / screen.pixelScale, y: c.y / screen.pixelScale))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
    }

    @Test("landscape panels that would take more than half shrink together to leave the scene exactly half")
    func shrinkIsExact() {
        let k = HostLayout.shrinkToKeep(0.5, width: 1280, height: 800, side: 576, bottom: 280)
        #expect(k > 0.7 && k < 0.75)
        let left = (1280 - k * 576) * (800 - k * 280)
        #expect(left >= 0.5 * 1280 * 800 && left < 0.5 * 1280 * 800 * (1 + 1e-9))
        #expect(HostLayout.shrinkToKeep(0.5, width: 1280, height: 800, side: 340, bottom: 170) == 1)
        #expect(HostLayout.shrinkToKeep(0.5, width: 1000, height: 800, side: 700, bottom: 0) > 0.71)
    }
}
