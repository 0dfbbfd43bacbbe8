// Whole frames in windows of any size, down to a single pixel: without a window manager the
// window's 320×240 minimum is not enforced, so the layout, the toolbar and the panels must
// draw (and end) at every size SDL can report.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("Frames in windows of any size, panels on", .serialized)
struct SmallWindowFrameTests {
    /// The photo scene after a pinch, the panels on as the window opens them, plus the
    /// toolbar's menu when `menu`: a frame (scene, panels, toolbar) drawn for a canvas of
    /// `size`, and a tap's panel lookup at its centre, as the live window does each frame.
    final class Frames {
        let session: SceneSession
        let frame = FrameState(overlays: true, threadedLog: false)
        let sceneSize: Size

        init() throws {
            let description = try SceneLoader.load(path: Paths.scene("photo"))
            sceneSize = description.window
            session = SceneSession(scene: description)
            frame.follow(session)
            try Replayer(session: session, recording: try RecordingReader(path: Paths.recording("photo-pinch"))).run(until: 0.45)
            frame.state.selectedViewID = "photo"
            frame.state.selectedRecord = frame.log.transitions(of: "pinch").last?.seq
        }

        /// The number of commands the frame drew, and whether every number in them is finite.
        func draw(_ size: Size, menu: Bool) -> (commands: Int, finite: Bool) {
            frame.toolbar.menuOpen = menu
            let layout = HostLayout(canvasSize: size, sceneSize: sceneSize)
            var list = DisplayList(size: size)
            frame.draw(session, into: &list, layout: layout, measurer: EstimatedTextMeasurer())
            _ = frame.panelHit(at: Point(x: size.width / 2, y: size.height / 2), session: session, layout: layout,
                               measurer: EstimatedTextMeasurer())
            return (list.commands.count, list.commands.allSatisfy(\.isFinite))
        }
    }

    @Test("every window from 1×1 to 64×64 pixels draws its whole frame, toolbar and panels on, menu closed and open")
    func everySmallSize() throws {
        let frames = try Frames()
        var drawn = 0
        for w in 1...64 {
            for h in 1...64 {
                for menu in [false, true] {
                    let (commands, finite) = frames.draw(Size(width: Double(w), height: Double(h)), menu: menu)
                    #expect(commands > 0, "\(w)×\(h) menu \(menu): nothing drawn")
                    #expect(finite, "\(w)×\(h) menu \(menu): a command holds a number that is not finite")
                    drawn += 1
                }
            }
        }
        #expect(drawn == 64 * 64 * 2)
    }

    @Test("windows one pixel wide or high, and other odd sizes, draw their whole frame")
    func oddSizes() throws {
        let frames = try Frames()
        let sizes: [(Double, Double)] = [(1, 800), (800, 1), (1, 1280), (1280, 1), (2, 600), (600, 2), (16, 16), (20, 20),
                                         (30, 30), (3, 4000), (4000, 3), (65, 7), (7, 65), (319, 239), (100, 13), (13, 100)]
        for (w, h) in sizes {
            for menu in [false, true] {
                let (commands, finite) = frames.draw(Size(width: w, height: h), menu: menu)
                #expect(commands > 0 && finite, "\(w)×\(h) menu \(menu)")
            }
        }
    }
}

@Suite("Text wrapping at any width")
struct TextWrapWidthTests {
    let m = EstimatedTextMeasurer()

    @Test("a width of zero or less breaks a label into one character per line, and ends")
    func nonPositiveWidth() {
        for width in [0.0, -1, -7.5, -1e9] {
            #expect(m.wrap("Pan", toWidth: width, size: 11, font: .sans) == ["P", "a", "n"], "width \(width)")
            #expect(m.wrap("a bc", toWidth: width, size: 11, font: .mono) == ["a", "b", "c"], "width \(width)")
        }
    }

    @Test("an empty string is one empty line at any width, a line break two")
    func emptyString() {
        for width in [100.0, 0, -20] {
            #expect(m.wrap("", toWidth: width, size: 11, font: .sans) == [""], "width \(width)")
            #expect(m.wrap("\n", toWidth: width, size: 11, font: .sans) == ["", ""], "width \(width)")
        }
    }
}

private extension Point {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

private extension Rect {
    var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }
}

extension DrawCommand {
    /// Whether every coordinate and length of the command is a finite number.
    fileprivate var isFinite: Bool {
        switch self {
        case .polygon(let points, _): points.allSatisfy(\.isFinite)
        case .roundedRect(let r): r.rect.isFinite && r.radius.isFinite && r.lineWidth.isFinite
            && [r.transform.a, r.transform.b, r.transform.c, r.transform.d, r.transform.tx, r.transform.ty].allSatisfy(\.isFinite)
        case .polyline(let points, let width, _, _): points.allSatisfy(\.isFinite) && width.isFinite
        case .circle(let center, let radius, _, let lineWidth): center.isFinite && radius.isFinite && (lineWidth?.isFinite ?? true)
        case .text(let run): run.position.isFinite && run.size.isFinite && (run.maxWidth?.isFinite ?? true)
        case .image(_, let corners, let alpha): corners.allSatisfy(\.isFinite) && alpha.isFinite
        case .pushClip(let r): r.isFinite
        case .popClip: true
        }
    }
}
