// The toolbar's place in the layout: touch targets of at least 44 points each way at every
// supported size and pixel scale, inside the canvas and never over the scene, tiling their
// bar; the strip across the top while the panels are hidden.
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

@Suite("Toolbar layout")
struct ToolbarLayoutTests {
    static let scenes = [Size(width: 800, height: 600), Size(width: 390, height: 844), Size(width: 1600, height: 600)]

    @Test("every toolbar button is at least 44 points each way (44 window units, more on a canvas grown past 1280×800)",
          arguments: Screen.supported + Screen.doubled)
    func targets(screen: Screen) throws {
        for scene in Self.scenes {
            let l = screen.layout(scene: scene)
            let frames = l.toolbarButtonFrames
            #expect(frames.count == l.toolbarButtonsShown && frames.count >= 8, "\(screen.testDescription): \(frames.count) buttons")
            for f in frames {
                // In window units: never under 44.
                #expect(f.width / screen.pixelScale >= 44 - 1e-9 && f.height / screen.pixelScale >= 44 - 1e-9,
                        "\(screen.testDescription): \(f) is \(f.width / screen.pixelScale)×\(f.height / screen.pixelScale) window units")
                // And 44 points at the layout's scale (grown with the canvas).
                #expect(f.height >= 44 * l.panelScale - 1e-9)
            }
        }
    }

    @Test("the buttons tile the toolbar row by row, off each other, and the toolbar lies off the scene",
          arguments: Screen.supported + Screen.doubled)
    func tiling(screen: Screen) throws {
        for scene in Self.scenes {
            let l = screen.layout(scene: scene)
            let bar = try #require(l.toolbar)
            let frames = l.toolbarButtonFrames
            #expect(!bar.intersects(l.sceneRect) && !bar.intersects(l.sceneArea))
            for (i, f) in frames.enumerated() {
                #expect(f.minX >= bar.minX - 1e-9 && f.maxX <= bar.maxX + 1e-9 && f.minY >= bar.minY - 1e-9 && f.maxY <= bar.maxY + 1e-9)
                for g in frames[(i + 1)...] {
                    let w = min(f.maxX, g.maxX) - max(f.minX, g.minX), h = min(f.maxY, g.maxY) - max(f.minY, g.minY)
                    #expect(w < 1e-9 || h < 1e-9, "\(f) overlaps \(g)")
                }
                // Every canvas point of a button is debugger UI (a finger there never reaches the scene).
                #expect(l.isOnDebuggerUI(Point(x: f.midX, y: f.midY)))
            }
            #expect(!l.isOnDebuggerUI(Point(x: l.sceneRect.midX, y: l.sceneRect.midY)))
        }
    }

    @Test("landscape shows every button, in as many rows as the side panel needs; portrait one row, the rest in the menu",
          arguments: Screen.supported + Screen.doubled)
    func rows(screen: Screen) throws {
        let l = screen.layout()
        let all = ToolbarButton.allCases.count
        if screen.isPortrait {
            #expect(l.toolbarRows == 1)
            // A 400-unit-wide window holds 9 buttons of 44; wider ones hold every button.
            #expect(l.toolbarButtonsShown == min(all, Int(screen.window.width / 44)))
        } else {
            #expect(l.toolbarButtonsShown == all)
            #expect(l.toolbarRows == (all + l.toolbarColumns - 1) / l.toolbarColumns)
        }
        // The menu opens under the bar, inside the canvas.
        let region = try #require(l.toolbarMenuRegion)
        #expect(region.minY == l.toolbar?.maxY && region.maxY == screen.canvas.height && region.width == screen.canvas.width)
    }

    @Test("with the panels hidden, a one-row strip across the top when asked for; the scene keeps the rest")
    func strip() throws {
        for screen in Screen.supported {
            let l = screen.layout(options: LayoutOptions(panelsVisible: false, toolbarWhenHidden: true))
            let bar = try #require(l.toolbar)
            #expect(bar == Rect(x: 0, y: 0, width: screen.canvas.width, height: bar.height))
            #expect(l.toolbarRows == 1 && bar.height / screen.pixelScale >= 44)
            #expect(l.sceneArea.minY == bar.maxY && l.sceneArea.maxY == screen.canvas.height)
            #expect(!bar.intersects(l.sceneRect))
            #expect(l.sidePanel == nil && l.bottomPanel == nil)
            // Not asked for: no toolbar, the scene fills the canvas as before.
            let plain = screen.layout(options: LayoutOptions(panelsVisible: false))
            #expect(plain.toolbar == nil && plain.sceneArea == Rect(origin: .zero, size: screen.canvas))
        }
    }

    @Test("scene points map back to canvas pixels exactly, even in a window too small to show the scene")
    func exactInverse() {
        for canvas in [Size(width: 1280, height: 800), Size(width: 12, height: 12)] {
            let l = HostLayout(canvasSize: canvas, sceneSize: Size(width: 800, height: 600))
            for p in [Point(x: 3, y: 4), Point(x: 1200, y: 700)] {
                let back = l.canvasToScene(l.sceneToCanvasExact(l.canvasToScene(p)))
                let once = l.canvasToScene(p)
                #expect(abs(back.x - once.x) < 1e-9 && abs(back.y - once.y) < 1e-9)
            }
        }
    }
}
