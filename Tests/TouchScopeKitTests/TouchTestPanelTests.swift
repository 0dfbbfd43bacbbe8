// The touchtest window's panel: at 1280×800, 800×1280 and 2560×1600, on every page and with
// the targets' verdict shown, every line of text fits whole inside the panel above its
// buttons, and every button is a touch target of at least 44 points inside the panel,
// none overlapping another.
import Foundation
import Testing
import TouchCore
import TouchDraw
import TouchSDL
@testable import TouchScene
@testable import TouchScopeKit

@Suite("touchtest: the panel's layout")
struct TouchTestPanelTests {
    /// The test on every page in turn, the targets page with its verdict.
    static func states(_ window: Size) -> [TouchTest] {
        var test = TouchTest(window: window, sizeMM: nil, device: "Synthetic Panel")
        var t = 0.0, f = 0
        for target in test.targets {
            f += 1
            test.handle(RawInput(t: t, .fingerDown(finger: f, x: target.x + 3, y: target.y - 2)))
            test.handle(RawInput(t: t + 0.05, .fingerUp(finger: f, x: target.x + 3, y: target.y - 2)))
            t += 0.3
        }
        var out = [test]
        for _ in 0..<5 { test.next(at: t); out.append(test) }
        return out
    }

    @Test("every page's text and buttons fit at 1280×800, 800×1280 and 2560×1600")
    func fits() throws {
        let measurer = EstimatedTextMeasurer()
        for window in [Size(width: 1280, height: 800), Size(width: 800, height: 1280), Size(width: 2560, height: 1600)] {
            let states = Self.states(window)
            #expect(states.first?.status[.targets] == .done)
            #expect(states.map(\.page) == TouchTest.Page.allCases)
            for test in states {
                for upper in [false, true] {
                    let p = TouchTestPanel(test, upper: upper, message: "Wrote /tmp/99-touchscreen-calibration.rules; copy it to /etc/udev/rules.d/",
                                           udevPath: "99-touchscreen-calibration.rules", measurer: measurer)
                    let at = "\(window) \(test.page)"
                    #expect(p.fits, "\(at)")
                    let top = p.buttons.map(\.rect.minY).min() ?? p.rect.maxY
                    for line in p.lines {
                        let size = measurer.measure(line.text, size: line.size, font: .sans)
                        #expect(line.origin.x >= p.rect.minX && line.origin.x + size.width <= p.rect.maxX, "\(at): \(line.text)")
                        #expect(line.origin.y >= p.rect.minY && line.origin.y + size.height <= top, "\(at): \(line.text)")
                    }
                    for (i, b) in p.buttons.enumerated() {
                        #expect(b.rect.width >= 44 && b.rect.height >= 44, "\(at): \(b.id)")
                        #expect(p.rect.contains(b.rect.origin) && b.rect.maxX <= p.rect.maxX && b.rect.maxY <= p.rect.maxY, "\(at): \(b.id)")
                        #expect(measurer.measure(b.label, size: b.size, font: .sans).width <= b.rect.width, "\(at): \(b.id)")
                        for c in p.buttons[(i + 1)...] {
                            #expect(b.rect.maxX <= c.rect.minX || c.rect.maxX <= b.rect.minX, "\(at): \(b.id) overlaps \(c.id)")
                        }
                    }
                    let ids = Set(p.buttons.map(\.id))
                    switch test.page {
                    case .targets: #expect(ids == ["skip", "next", "try", "udev"], "\(at)")
                    case .summary: #expect(ids == ["back", "finish"], "\(at)")
                    case .draw: #expect(ids == ["back", "skip", "next", "move"], "\(at)")
                    default: #expect(ids == ["back", "skip", "next"], "\(at)")
                    }
                }
            }
        }
    }
}

@MainActor
@Suite("touchtest: fingers on the panel and on the surface")
struct TouchTestWindowInputTests {
    /// No paths given: the files go to a folder of the test's own.
    static var options: TouchTestOptions { var o = TouchTestOptions(); o.savedFolder = Paths.temporary("touchtest-saved"); return o }

    @Test("a finger lifted on a button presses it and is not recorded; one lifted off it presses nothing; fingers on the surface are the test's")
    func routing() throws {
        let window = TouchTestWindow(window: Size(width: 1280, height: 800), device: nil, options: Self.options)
        let panel = TouchTestPanel(window.test, upper: false, message: nil, udevPath: "x", measurer: EstimatedTextMeasurer())
        let skip = try #require(panel.buttons.first { $0.id == "skip" }).rect.center
        // Down on Skip, slid off the panel, lifted: nothing pressed, nothing recorded.
        window.handle(RawInput(t: 0, .fingerDown(finger: 1, x: skip.x, y: skip.y)))
        window.handle(RawInput(t: 0.1, .fingerMove(finger: 1, x: 600, y: 100)))
        window.handle(RawInput(t: 0.2, .fingerUp(finger: 1, x: 600, y: 100)))
        #expect(window.test.page == .targets)
        #expect(window.test.inputs.isEmpty)
        // A tap on the surface: the test's, recorded.
        window.handle(RawInput(t: 0.5, .fingerDown(finger: 2, x: 128, y: 80)))
        window.handle(RawInput(t: 0.55, .fingerUp(finger: 2, x: 128, y: 80)))
        #expect(window.test.inputs.count == 2)
        #expect(window.test.tapsDone == 1)
        // Lifted on Skip: pressed; the button's finger is not recorded.
        window.handle(RawInput(t: 1, .fingerDown(finger: 3, x: skip.x, y: skip.y)))
        window.handle(RawInput(t: 1.1, .fingerUp(finger: 3, x: skip.x + 2, y: skip.y)))
        #expect(window.test.page == .lines)
        #expect(window.test.status[.targets] == .skipped)
        #expect(window.test.inputs.count == 2)
        // The mouse's left button is a finger too (-1), on the buttons and on the surface.
        let back = try #require(TouchTestPanel(window.test, upper: false, message: nil, udevPath: "x", measurer: EstimatedTextMeasurer())
            .buttons.first { $0.id == "back" }).rect.center
        window.handle(RawInput(t: 2, .mouseDown(x: back.x, y: back.y, button: .left)))
        window.handle(RawInput(t: 2.1, .mouseUp(x: back.x, y: back.y, button: .left)))
        #expect(window.test.page == .targets)
        window.handle(RawInput(t: 3, .mouseDown(x: 300, y: 300, button: .left)))
        window.handle(RawInput(t: 3.1, .mouseUp(x: 300, y: 300, button: .left)))
        #expect(window.test.inputs.count == 4)
    }
}

@MainActor
@Suite("touchtest at 2560×1600, pixel scale 2", .serialized)
struct TouchTestScaleTwoTests {
    static var options: TouchTestOptions { TouchTestWindowInputTests.options }
    /// The repository's bundled fonts (tests run from the package root).
    static var bundledFonts: FontFiles {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/fonts").path
        return FontFiles(sans: dir + "/DejaVuSans.ttf", mono: dir + "/DejaVuSansMono.ttf", source: "test")
    }

    @Test("a 2560×1600 canvas at scale 2 (1280×800 window units): every page drawn at twice the points, its panel's text whole with the real font; TOUCHTEST_SHOTS=DIR keeps the frames")
    func scaleTwo() throws {
        let units = Size(width: 1280, height: 800), canvasSize = Size(width: 2560, height: 1600)
        // The window the host gives touchtest at scale 2: the scene is its window units.
        let layout = HostLayout(canvasSize: canvasSize, windowSize: units, sceneSize: units,
                                options: LayoutOptions(panelsVisible: false, margin: 0, toolbar: false))
        #expect(layout.pixelScale == 2)
        let canvas = try OffscreenCanvas(size: canvasSize, fonts: Self.bundledFonts)
        let window = TouchTestWindow(window: units, device: "Synthetic Panel", options: Self.options)
        window.measurer = canvas.painter.measurer
        // Taps on every target (3 right, 2 up): the targets page's verdict, then a ghost on the draw page.
        var t = 0.0, f = 0
        for target in window.test.targets {
            f += 1
            window.handle(RawInput(t: t, .fingerDown(finger: f, x: target.x + 3, y: target.y - 2)))
            window.handle(RawInput(t: t + 0.05, .fingerUp(finger: f, x: target.x + 3, y: target.y - 2)))
            t += 0.3
        }
        #expect(window.test.status[.targets] == .done)
        let shots = ProcessInfo.processInfo.environment["TOUCHTEST_SHOTS"]
        for page in TouchTest.Page.allCases {
            if page == .draw {
                window.handle(RawInput(t: t, .fingerDown(finger: 99, x: 300, y: 200)))
                window.handle(RawInput(t: t + 0.01, .fingerUp(finger: 99, x: 300, y: 200)))
                #expect(window.test.anomalies.map(\.kind) == ["ghost-touch"])
            }
            #expect(window.test.page == page)
            let panel = TouchTestPanel(window.test, upper: false, message: nil, udevPath: "99-touchscreen-calibration.rules",
                                       measurer: canvas.painter.measurer)
            #expect(panel.fits, "\(page)")
            var list = DisplayList(size: canvasSize, background: .black)
            window.draw(into: &list, layout: layout)
            canvas.paint(list)
            // The panel is drawn at twice its points: its fill just inside its corners in canvas
            // pixels, the page's background just outside.
            let r = panel.rect
            let inside = canvas.pixel(x: Int(r.maxX * 2) - 24, y: Int(r.maxY * 2) - 4)
            let outside = canvas.pixel(x: Int(r.maxX * 2) + 6, y: Int(r.maxY * 2) + 6)
            #expect(inside.r >= 28 && inside.r <= 36 && inside.b >= 34 && inside.b <= 42, "\(page): \(inside)")
            #expect(outside.r <= 20 || page == .draw, "\(page): \(outside)")
            if let shots { try canvas.savePNG(shots + "/touchtest-2560x1600@2-\(page.rawValue).png") }
            let next = try #require(panel.buttons.first { $0.id == (page == .summary ? "back" : "next") }).rect.center
            if page != .summary {
                window.handle(RawInput(t: t + 0.1, .fingerDown(finger: 200, x: next.x, y: next.y)))
                window.handle(RawInput(t: t + 0.2, .fingerUp(finger: 200, x: next.x, y: next.y)))
            }
            t += 1
        }
    }
}
