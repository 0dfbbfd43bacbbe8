import CSDL2
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchSDL

/// Whether every number of an input is finite.
private func finite(_ inputs: [RawInput]) -> Bool { inputs.allSatisfy(\.isFinite) }

@Suite("A window too small to show the scene")
struct TinyWindowTests {
    @Test("a 20×20 canvas with the panels on maps window units to finite scene points")
    func tinyLayoutMapsFinitely() {
        for size in [Size(width: 20, height: 20), Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: 20, height: 0)] {
            for panels in [true, false] {
                let l = HostLayout(canvasSize: size, sceneSize: Size(width: 800, height: 600),
                                   options: LayoutOptions(panelsVisible: panels))
                for p in [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 500, y: -40)] {
                    let q = l.windowToScene(p)
                    #expect(q.x.isFinite && q.y.isFinite, "\(size) panels \(panels): \(p) -> \(q)")
                }
            }
        }
    }

    @Test("mouse and finger input in a 20×20 window translate to finite scene points")
    func tinyTranslation() {
        let l = HostLayout(canvasSize: Size(width: 20, height: 20), sceneSize: Size(width: 800, height: 600))
        var tr = InputTranslator(layout: l)
        tr.modState = { 0 }
        var motion = SDL_Event()
        motion.type = SDL_MOUSEMOTION.rawValue
        motion.motion.state = 1
        motion.motion.x = 12
        motion.motion.y = 9
        var out = tr.translate(mouseButtonEvent(SDL_MOUSEBUTTONDOWN, x: 5, y: 5), time: 0)
        out += tr.translate(motion, time: 0.1)
        out += tr.translate(fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.5, y: 0.5), time: 0.2)
        #expect(out.count == 3)
        #expect(finite(out), "\(out)")
    }

    @Test("a window resized to nothing sends no resize the recording could not read back")
    func zeroResize() {
        let l = HostLayout(canvasSize: Size(width: 800, height: 600), sceneSize: Size(width: 800, height: 600))
        var tr = InputTranslator(layout: l)
        let out = tr.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED, 0, 20), time: 0)
        #expect(out.isEmpty, "\(out)")
        // A window with an area, however small, does send its resize, in canvas pixels.
        let tiny = tr.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED, 20, 20), time: 0.1)
        #expect(tiny.count == 1, "\(tiny)")
        guard case let .resize(w, h)? = tiny.first?.kind else { Issue.record("not a resize: \(tiny)"); return }
        #expect(w == 20 * l.pixelScale && h == 20 * l.pixelScale, "\(w)×\(h)")
    }
}

@MainActor
@Suite("The window's minimum size", .serialized)
struct MinimumWindowSizeTests {
    @Test("the window cannot be made smaller than 320×240")
    func minimumSize() throws {
        let host = try HostTests.makeHost()
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowMinimumSize(host.window, &w, &h)
        #expect(w == 320 && h == 240)
        SDL_SetWindowSize(host.window, 20, 20)
        SDL_GetWindowSize(host.window, &w, &h)
        #expect(w >= 320 && h >= 240, "\(w)×\(h)")
    }
}
