// The panels painted aside (`AsideParts`): in the window's loop a panel whose picture changed
// is painted off to the side a slice at a time, after the frame's present, and stops when
// input waits; the window shows the panel's last whole picture until the new one is whole,
// never half of one; the scene is drawn every frame. Outside the loop, on a cleared window
// and for a screenshot the panels are painted whole before the present.
import CSDL2
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
@testable import TouchSDL

@MainActor
@Suite("The panels painted aside, a slice at a time", .serialized)
struct AsidePartsTests {
    typealias Rig = FramePartsTests

    /// The pixels of `r` (canvas pixels) in `pixels` of a canvas `width` wide.
    static func region(_ pixels: [UInt32], width: Int, _ r: Rect) -> [UInt32] {
        var out: [UInt32] = []
        for y in Int(r.minY)..<Int(r.maxY) {
            out += pixels[(y * width + Int(r.minX))..<(y * width + Int(r.maxX))]
        }
        return out
    }

    /// Puts a finger event in SDL's queue (and leaves it there): input waits.
    static func inputWaits(on host: SDLHost) {
        var e = SDL_Event()
        e.type = SDL_FINGERMOTION.rawValue
        e.tfinger.touchId = 9; e.tfinger.fingerId = 1
        e.tfinger.x = 0.5; e.tfinger.y = 0.5; e.tfinger.pressure = 1
        e.tfinger.windowID = SDL_GetWindowID(host.window)
        SDL_PushEvent(&e)
    }

    @Test("while input waits, a changed side panel takes a step a frame at most, the window shows the old panel whole until the new one is whole, which is the panel drawn whole pixel for pixel, and the scene is drawn every frame; at 1280×800 and at 2560×1600",
          arguments: [1.0, 2.0])
    func slicedWhileInputWaits(scale: Double) throws {
        let (session, frame) = try Rig.session(labels: 0)
        let host = try Rig.host(window: Size(width: 1280, height: 800), scale: scale)
        let client = Rig.Client(session: session, frame: frame, inParts: true)
        client.hostDidStart(host)
        host.drawFrame(client)
        guard let side = host.layout.sidePanel else {
            Issue.record("no side panel")
            return
        }
        let width = Int(host.layout.canvasSize.width)
        let old = Self.region(Rig.pixels(host), width: width, side)

        // The new picture, drawn whole in a window of its own.
        frame.state.set(.inspector, !frame.state.isOn(.inspector))
        let reference = try Rig.host(window: Size(width: 1280, height: 800), scale: scale)
        let referenceClient = Rig.Client(session: session, frame: frame, inParts: false)
        referenceClient.hostDidStart(reference)
        reference.drawFrame(referenceClient)
        let new = Self.region(Rig.pixels(reference), width: width, side)
        #expect(old != new, "toggling the inspector must change the side panel, else this checks nothing")

        client.hostDidStart(host)
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        Self.inputWaits(on: host)
        defer { SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
        #expect(host.inputWaiting())
        host.schedule.slice = 0   // a slice is one command
        var frames = 0, halfway = 0, mostSteps = 0
        let scenesBefore = client.scenePartsDrawn
        while frames < 2000 {
            let owes = host.drawLoopFrame(client, streaming: true, readsInput: false)
            frames += 1
            mostSteps = max(mostSteps, host.schedule.asideStepsInLastFrame)
            let shown = Self.region(Rig.pixels(host), width: width, side)
            if shown == new { break }
            if shown != old { halfway += 1 }
            #expect(owes, "panel work is left, so the loop owes a frame")
        }
        #expect(halfway == 0, "the window showed a panel that was neither the old nor the new one in \(halfway) frames")
        #expect(Self.region(Rig.pixels(host), width: width, side) == new, "the new side panel never showed in \(frames) frames")
        #expect(frames > 4, "with input waiting the panel must be painted over several frames, not in \(frames)")
        #expect(mostSteps == 1, "with input waiting a frame takes one step at most (and some take one): \(mostSteps)")
        #expect(client.scenePartsDrawn - scenesBefore == frames, "the scene is drawn every frame")
        #expect(host.inputWaiting(), "the panels' work must leave the input where it is")
    }

    @Test("with no input waiting the loop paints a changed panel whole after the present and owes the frame that shows it; outside the loop (drawFrame) it is painted whole before the present")
    func wholeWithoutInput() throws {
        let (session, frame) = try Rig.session(labels: 0)
        let host = try Rig.host(window: Size(width: 1280, height: 800), scale: 1)
        let client = Rig.Client(session: session, frame: frame, inParts: true)
        client.hostDidStart(host)
        host.drawFrame(client)
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        #expect(host.layout.sidePanel != nil, "the side panel must be on")
        let painted = host.painter.partStats.painted["side"] ?? 0
        frame.state.set(.inspector, !frame.state.isOn(.inspector))
        let owes = host.drawLoopFrame(client, streaming: false, readsInput: false)
        #expect(host.painter.partStats.painted["side"] ?? 0 == painted + 1, "the side panel is painted in the frame")
        #expect(owes, "a panel copied in after the present shows with the next frame: the loop owes it")
        // The next frame presents it, and then nothing is owed (every part drawn, unchanged).
        #expect(!host.drawLoopFrame(client, streaming: false, readsInput: false))
        #expect(host.painter.partStats.painted["side"] ?? 0 == painted + 1, "an unchanged panel is not painted again")

        frame.state.set(.inspector, !frame.state.isOn(.inspector))
        Self.inputWaits(on: host)
        defer { SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
        host.drawFrame(client)   // outside the loop: whole, whatever waits
        #expect(host.painter.partStats.painted["side"] ?? 0 == painted + 2)
        #expect(host.schedule.painting == nil)
        #expect(host.painter.painted.parts["side"]?.commands == Self.newestSide(frame, session, host),
                "the side panel on screen is not the newest")
    }

    /// The side panel's commands as the newest state draws them.
    static func newestSide(_ frame: FrameState, _ session: SceneSession, _ host: SDLHost) -> [DrawCommand] {
        var list = DisplayList(size: host.layout.canvasSize, background: host.options.background)
        if let part = frame.frameParts(layout: host.layout)?.first(where: { $0.name == "side" }) {
            frame.draw(part, session, into: &list, layout: host.layout, measurer: host.textMeasurer)
        }
        return list.commands
    }

    /// A 1280×800 window whose side panel changed (the inspector toggled) and is half painted
    /// aside: input waits (left in SDL's queue: the caller flushes it), a slice is one command,
    /// and four frames drew the panel's list and painted one slice of it. (Not streaming: while
    /// input streams a panel is also held to the display's refresh, which would make this depend
    /// on the time the frames take.)
    static func halfPaintedSide() throws -> (SceneSession, FrameState, SDLHost, Rig.Client) {
        let (session, frame) = try Rig.session(labels: 0)
        let host = try Rig.host(window: Size(width: 1280, height: 800), scale: 1)
        let client = Rig.Client(session: session, frame: frame, inParts: true)
        client.hostDidStart(host)
        host.drawFrame(client)
        frame.state.set(.inspector, !frame.state.isOn(.inspector))
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        inputWaits(on: host)
        host.schedule.slice = 0
        for _ in 0..<4 { _ = host.drawLoopFrame(client, streaming: false, readsInput: false) }
        return (session, frame, host, client)
    }

    @Test("a screenshot asked for while a panel is half painted aside shows the new panel whole")
    func screenshotFinishesThePanels() throws {
        let (session, frame, host, client) = try Self.halfPaintedSide()
        defer { SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
        #expect(host.schedule.painting != nil, "the side panel must be half painted aside before the screenshot")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aside-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        host.saveScreenshot(to: path)
        _ = host.drawLoopFrame(client, streaming: false, readsInput: false)
        #expect(host.schedule.painting == nil)
        #expect(host.painter.painted.parts["side"]?.commands == Self.newestSide(frame, session, host),
                "the screenshot's frame shows the newest side panel")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a window resized while a panel is half painted aside drops that work and shows the frame at the new size whole, pixel for pixel as drawn whole")
    func resizeDropsTheWork() throws {
        let (session, frame, host, client) = try Self.halfPaintedSide()
        defer { SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
        #expect(host.schedule.painting != nil, "the side panel must be half painted aside before the resize")

        SDL_SetWindowSize(host.window, 1000, 700)
        _ = host.refreshLayout()
        #expect(host.layout.canvasSize == Size(width: 1000, height: 700))
        _ = host.drawLoopFrame(client, streaming: false, readsInput: false)
        #expect(host.schedule.painting == nil, "the work for the old size must be dropped")

        let reference = try Rig.host(window: Size(width: 1000, height: 700), scale: 1)
        let referenceClient = Rig.Client(session: session, frame: frame, inParts: false)
        referenceClient.hostDidStart(reference)
        reference.drawFrame(referenceClient)
        let shown = Rig.pixels(host), whole = Rig.pixels(reference)
        #expect(shown.count == whole.count)
        #expect(zip(shown, whole).filter { $0 != $1 }.count == 0, "the resized window differs from the frame drawn whole")
    }
}
