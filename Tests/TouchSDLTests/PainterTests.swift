import CSDL2
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

@MainActor
@Suite("Painting display lists offscreen", .serialized)
struct PainterTests {
    /// The repository's bundled fonts (tests run from the package root).
    static var bundledFonts: FontFiles {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/fonts").path
        return FontFiles(sans: dir + "/DejaVuSans.ttf", mono: dir + "/DejaVuSansMono.ttf", source: "test")
    }

    func count(_ canvas: OffscreenCanvas, in r: Rect, where pred: (Color) -> Bool) -> Int {
        var n = 0
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) where pred(canvas.pixel(x: x, y: y)) { n += 1 } }
        return n
    }

    @Test("rects, rotated quads, discs and lines land on the expected pixels")
    func shapes() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 100), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 200, height: 100), background: .black)
        list.fillRect(Rect(x: 10, y: 10, width: 30, height: 20), Color.hex("#ff0000"))
        list.withTransform(AffineTransform(rotationAngle: .pi / 4).concatenating(AffineTransform(translationX: 100, y: 50))) { l in
            l.fillRect(Rect(x: -10, y: -10, width: 20, height: 20), Color.hex("#00ff00"))
        }
        list.fillCircle(center: Point(x: 170, y: 30), radius: 12, Color.hex("#0000ff"))
        list.line(from: Point(x: 10, y: 80), to: Point(x: 190, y: 80), .white, width: 4)
        list.roundedRect(Rect(x: 140, y: 60, width: 40, height: 30), radius: 8, fill: Color.hex("#ffff00"))
        canvas.paint(list)
        #expect(canvas.pixel(x: 20, y: 20) == Color.hex("#ff0000"))
        #expect(canvas.pixel(x: 5, y: 5) == .black)
        #expect(canvas.pixel(x: 100, y: 50) == Color.hex("#00ff00"))
        #expect(canvas.pixel(x: 100, y: 37) == Color.hex("#00ff00"), "the rotated square's top corner reaches y ≈ 35.9")
        #expect(canvas.pixel(x: 89, y: 40) == .black, "the unrotated square's corner is empty")
        #expect(canvas.pixel(x: 170, y: 30) == Color.hex("#0000ff"))
        #expect(canvas.pixel(x: 100, y: 80) == .white)
        #expect(canvas.pixel(x: 160, y: 75) == Color.hex("#ffff00"))
        #expect(canvas.pixel(x: 141, y: 61) == .black, "rounded corner left empty")
    }

    @Test("alpha blends over what is below")
    func blending() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 20, height: 20), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 20, height: 20), background: .white)
        list.fillRect(Rect(x: 0, y: 0, width: 20, height: 20), Color(r: 0, g: 0, b: 0, a: 128))
        canvas.paint(list)
        let p = canvas.pixel(x: 10, y: 10)
        #expect((120...135).contains(Int(p.r)))
    }

    @Test("clips restrict drawing until popped, nested clips intersect")
    func clipping() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 100, height: 100), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 100, height: 100), background: .black)
        list.pushClip(Rect(x: 0, y: 0, width: 50, height: 100))
        list.pushClip(Rect(x: 0, y: 0, width: 100, height: 50))
        list.fillRect(Rect(x: 0, y: 0, width: 100, height: 100), .white)
        list.popClip()
        list.fillRect(Rect(x: 0, y: 60, width: 100, height: 10), .red)
        list.popClip()
        list.fillRect(Rect(x: 0, y: 90, width: 100, height: 10), .blue)
        canvas.paint(list)
        #expect(canvas.pixel(x: 25, y: 25) == .white)
        #expect(canvas.pixel(x: 75, y: 25) == .black)
        #expect(canvas.pixel(x: 25, y: 75) == .black)
        #expect(canvas.pixel(x: 25, y: 65) == .red)
        #expect(canvas.pixel(x: 75, y: 65) == .black)
        #expect(canvas.pixel(x: 75, y: 95) == .blue)
    }

    @Test("text renders with the bundled DejaVu font, in its colour, inside its measured box")
    func ttfText() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 60), fonts: Self.bundledFonts)
        let m = canvas.painter.measurer
        #expect(m is FontCache)
        let box = m.measure("Hello", size: 20, font: .sans)
        #expect(box.width > 30 && box.width < 80)
        #expect(box.height >= 20 && box.height < 30)
        var list = DisplayList(size: Size(width: 200, height: 60), background: .black)
        list.text("Hello", at: Point(x: 10, y: 10), size: 20, color: Color.hex("#00ff00"))
        canvas.paint(list)
        let lit = count(canvas, in: Rect(x: 0, y: 0, width: 200, height: 60)) { $0.g > 128 && $0.r < 60 }
        #expect(lit > 40)
        let outside = count(canvas, in: Rect(x: 10 + box.width + 2, y: 0, width: 200 - 12 - box.width, height: 60)) { $0 != .black }
        #expect(outside == 0)
        #expect(canvas.painter.text.count == 1)
    }

    @Test("text falls back to the built-in bitmap font when there is no font file")
    func bitmapText() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 60), fonts: .bitmap)
        #expect(canvas.painter.measurer is FontCache)
        #expect(canvas.painter.measurer.measure("Hi", size: 16, font: .mono) == Size(width: 32, height: 19))
        var list = DisplayList(size: Size(width: 200, height: 60), background: .black)
        list.text("Hi!", at: Point(x: 100, y: 30), size: 16, color: .white, alignment: .center, baseline: .middle)
        canvas.paint(list)
        let lit = count(canvas, in: Rect(x: 0, y: 0, width: 200, height: 60)) { $0 == .white }
        #expect(lit > 50)
        #expect(count(canvas, in: Rect(x: 0, y: 0, width: 70, height: 60)) { $0 != .black } == 0, "centred")
    }

    @Test("long text is truncated to its maximum width")
    func truncation() throws {
        let canvas = try OffscreenCanvas(size: Size(width: 200, height: 40), fonts: .bitmap)
        var list = DisplayList(size: Size(width: 200, height: 40), background: .black)
        list.text(String(repeating: "W", count: 40), at: Point(x: 0, y: 0), size: 8, color: .white, maxWidth: 50)
        canvas.paint(list)
        #expect(count(canvas, in: Rect(x: 51, y: 0, width: 149, height: 40)) { $0 != .black } == 0)
        #expect(count(canvas, in: Rect(x: 0, y: 0, width: 50, height: 40)) { $0 != .black } > 20)
    }

    @Test("a missing image is drawn as a visible placeholder; a PNG image is drawn over its quad")
    func images() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-img-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Make a red 8×8 PNG with the offscreen canvas itself.
        var red = DisplayList(size: Size(width: 8, height: 8), background: Color.hex("#ff0000"))
        red.fillRect(Rect(x: 0, y: 0, width: 1, height: 1), .red)
        try SDLHost.renderOffscreen(red, toPNG: dir + "/red.png", fonts: .bitmap)

        let canvas = try OffscreenCanvas(size: Size(width: 100, height: 50), fonts: .bitmap)
        canvas.painter.imageBaseDirectory = dir
        var list = DisplayList(size: Size(width: 100, height: 50), background: .black)
        list.image("red.png", in: Rect(x: 0, y: 0, width: 40, height: 40))
        list.image("missing.png", in: Rect(x: 50, y: 0, width: 40, height: 40))
        canvas.paint(list)
        #expect(canvas.pixel(x: 20, y: 20) == Color.hex("#ff0000"))
        #expect(canvas.pixel(x: 60, y: 30) != .black)
    }

    @Test("renderOffscreen writes a PNG of the list's size")
    func offscreenPNG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-off-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var list = DisplayList(size: Size(width: 64, height: 32), background: .blue)
        list.text("ok", at: Point(x: 2, y: 2), size: 12)
        try SDLHost.renderOffscreen(list, toPNG: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // IHDR width and height, big-endian, at bytes 16…23.
        #expect(Array(data[16..<24]) == [0, 0, 0, 64, 0, 0, 0, 32])
    }
}
