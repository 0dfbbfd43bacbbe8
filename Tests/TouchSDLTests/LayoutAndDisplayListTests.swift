import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

@Suite("Host layout")
struct HostLayoutTests {
    @Test("at 1024×640 the scene keeps its aspect ratio left of the side panel and above the bottom panel")
    func smallLandscape() {
        let l = HostLayout(canvasSize: Size(width: 1024, height: 640), sceneSize: Size(width: 800, height: 600))
        let side = try! #require(l.sidePanel)
        let bottom = try! #require(l.bottomPanel)
        let toolbar = try! #require(l.toolbar)
        #expect(side.maxX == 1024 && side.maxY == 640)
        #expect(toolbar.minY == 0 && toolbar.maxY == side.minY && toolbar.minX == side.minX && toolbar.width == side.width)
        #expect(bottom.maxY == 640 && bottom.maxX <= side.minX)
        #expect(l.sceneRect.maxX <= side.minX && l.sceneRect.maxY <= bottom.minY)
        #expect(abs(l.sceneRect.width / l.sceneRect.height - 800.0 / 600) < 1e-9)
        #expect(l.sceneRect.width > 400)
    }

    @Test("in portrait the panels stack under the scene")
    func portrait() {
        let l = HostLayout(canvasSize: Size(width: 800, height: 1280), sceneSize: Size(width: 800, height: 600))
        let side = try! #require(l.sidePanel)
        #expect(side.width == 800)
        #expect(l.sceneRect.maxY <= side.minY)
    }

    @Test("scene points and canvas pixels convert both ways")
    func roundTrip() {
        let l = HostLayout(canvasSize: Size(width: 2560, height: 1600), windowSize: Size(width: 1280, height: 800),
                           sceneSize: Size(width: 390, height: 844))
        let p = Point(x: 123.25, y: 456.5)
        let back = l.canvasToScene(l.sceneToCanvas(p))
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        #expect(l.pixelScale == 2)
        #expect(l.sceneTransform.apply(.zero) == l.sceneRect.origin)
    }

    @Test("with panels hidden the scene is letterboxed in the whole canvas")
    func hidden() {
        let l = HostLayout(canvasSize: Size(width: 1000, height: 600), sceneSize: Size(width: 800, height: 600),
                           options: LayoutOptions(panelsVisible: false, margin: 0))
        #expect(l.sidePanel == nil && l.bottomPanel == nil)
        #expect(l.sceneRect == Rect(x: 100, y: 0, width: 800, height: 600))
    }
}

@Suite("Display list")
struct DisplayListTests {
    @Test("colours parse #RGB, #RGBA, #RRGGBB and #RRGGBBAA and reject the rest")
    func hex() {
        #expect(Color(hex: "#36c") == Color(r: 0x33, g: 0x66, b: 0xcc))
        #expect(Color(hex: "#36c8") == Color(r: 0x33, g: 0x66, b: 0xcc, a: 0x88))
        #expect(Color(hex: "#FF8000") == Color(r: 255, g: 128, b: 0))
        #expect(Color(hex: "ff800080") == Color(r: 255, g: 128, b: 0, a: 128))
        #expect(Color(hex: "#12345") == nil)
        #expect(Color(hex: "#gg0000") == nil)
        #expect(Color(hex: "#ff800080")?.hexString == "#ff800080")
        #expect(Color(red: 1, green: 0.5, blue: 0) == Color(r: 255, g: 128, b: 0))
    }

    @Test("helpers bake the current transform into canvas points; save and restore nest")
    func transforms() {
        var list = DisplayList(size: Size(width: 100, height: 100))
        list.save()
        list.translate(x: 10, y: 20)
        list.scale(x: 2, y: 2)
        list.fillRect(Rect(x: 1, y: 1, width: 2, height: 2), .red)
        list.text("a", at: Point(x: 0, y: 0), size: 10)
        list.restore()
        list.fillCircle(center: Point(x: 5, y: 5), radius: 3, .blue)
        #expect(list.commands[0] == .polygon(points: [Point(x: 12, y: 22), Point(x: 16, y: 22), Point(x: 16, y: 26), Point(x: 12, y: 26)], color: .red))
        guard case let .text(run) = list.commands[1] else { Issue.record("no text"); return }
        #expect(run.position == Point(x: 10, y: 20) && run.size == 20)
        #expect(list.commands[2] == .circle(center: Point(x: 5, y: 5), radius: 3, color: .blue, lineWidth: nil))
    }

    @Test("a rounded rect's outline stays inside its rect and cuts the corners")
    func roundedOutline() {
        let rr = RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 50), radius: 10)
        let pts = rr.outline(segmentsPerCorner: 4)
        #expect(pts.count == 20)
        #expect(pts.allSatisfy { $0.x >= -1e-9 && $0.x <= 100 + 1e-9 && $0.y >= -1e-9 && $0.y <= 50 + 1e-9 })
        #expect(!pts.contains(Point(x: 0, y: 0)))
        #expect(RoundedRect(rect: Rect(x: 0, y: 0, width: 10, height: 10), radius: 0).outline().count == 4)
    }

    @Test("unbalanced popClip is ignored; invisible shapes are not recorded")
    func clipsAndInvisible() {
        var list = DisplayList()
        list.popClip()
        list.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), .clear)
        #expect(list.isEmpty)
        list.clipped(to: Rect(x: 0, y: 0, width: 5, height: 5)) { $0.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), .red) }
        #expect(list.commands.count == 3)
    }

    @Test("the estimated measurer and truncation need no fonts")
    func measuring() {
        let m = EstimatedTextMeasurer()
        let w = m.measure("abcdefghij", size: 10, font: .mono).width
        #expect(w > 50 && w < 70)
        let cut = m.truncate("abcdefghijklmnop", toWidth: 40, size: 10, font: .mono)
        #expect(cut.hasSuffix("…") && m.measure(cut, size: 10, font: .mono).width <= 40)
        let run = TextRun("x", position: Point(x: 100, y: 50), alignment: .right, baseline: .middle)
        #expect(run.topLeft(for: Size(width: 30, height: 10)) == Point(x: 70, y: 45))
    }
}

@Suite("Font lookup")
struct FontLocatorTests {
    let repoFonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/fonts").path

    @Test("TOUCHSCOPE_FONT_DIR comes first, then assets/fonts in the current directory")
    func order() {
        let f = FontLocator.locate(environment: ["TOUCHSCOPE_FONT_DIR": repoFonts], currentDirectory: "/nonexistent", executablePath: nil)
        #expect(f.source == "TOUCHSCOPE_FONT_DIR" && f.sans?.hasSuffix("DejaVuSans.ttf") == true)
        let repo = (repoFonts as NSString).deletingLastPathComponent
        let g = FontLocator.locate(environment: [:], currentDirectory: (repo as NSString).deletingLastPathComponent, executablePath: nil)
        #expect(g.source == "assets/fonts")
        #expect(g.mono?.hasSuffix("DejaVuSansMono.ttf") == true)
    }

    @Test("assets/fonts is found above the executable, as from .build/debug/touchscope")
    func aboveExecutable() {
        let root = ((repoFonts as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let f = FontLocator.locate(environment: [:], currentDirectory: "/nonexistent",
                                   executablePath: root + "/.build/debug/touchscope")
        #expect(f.source == "assets/fonts above the executable")
    }

    @Test("an installed tree's fonts are found from its bin/; then the system's folder, fontconfig, and none with the reason")
    func installedSystemAndNone() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        try FileManager.default.createDirectory(atPath: prefix + "/share/touchscope/assets/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repoFonts + "/DejaVuSans.ttf", toPath: prefix + "/share/touchscope/assets/fonts/DejaVuSans.ttf")
        let installed = FontLocator.locate(environment: [:], currentDirectory: "/nonexistent", executablePath: prefix + "/bin/touchscope",
                                           system: "/nonexistent", fontconfig: false)
        #expect(installed.source == "installed share/touchscope/assets/fonts")
        #expect(installed.sans == prefix + "/share/touchscope/assets/fonts/DejaVuSans.ttf" && installed.mono == nil)
        #expect(installed.description == prefix + "/share/touchscope/assets/fonts/DejaVuSans.ttf (installed share/touchscope/assets/fonts)")
        // A system folder of fonts (here the repository's, standing in for Debian's).
        let system = FontLocator.locate(environment: [:], currentDirectory: "/nonexistent", executablePath: nil,
                                        system: repoFonts, fontconfig: false)
        #expect(system.source == repoFonts && system.mono == repoFonts + "/DejaVuSansMono.ttf")
        // Nothing anywhere: the bitmap font, said as such.
        let none = FontLocator.locate(environment: [:], currentDirectory: "/nonexistent", executablePath: nil,
                                      system: "/nonexistent", fontconfig: false)
        #expect(none.isBitmap && none.source == FontLocator.noneFound.source)
        #expect(none.description == "none found: the built-in bitmap font")
        #expect(FontLocator.message.contains("fonts-dejavu-core"))
        // fontconfig, when it is there: a TrueType or OpenType file it matches for sans-serif.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fc-match") {
            let matched = FontLocator.locate(environment: [:], currentDirectory: "/nonexistent", executablePath: nil,
                                             system: "/nonexistent")
            #expect(matched.source == "fontconfig (fc-match)", "\(matched)")
            #expect(matched.sans.map { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") } == true)
        }
    }

    @Test("TOUCHSCOPE_FONT=bitmap forces the bitmap font; a file is used for both faces")
    func explicit() {
        #expect(FontLocator.locate(environment: ["TOUCHSCOPE_FONT": "bitmap"]).isBitmap)
        let file = repoFonts + "/DejaVuSansMono.ttf"
        let f = FontLocator.locate(environment: ["TOUCHSCOPE_FONT": file])
        #expect(f.sans == file && f.mono == file)
    }
}
