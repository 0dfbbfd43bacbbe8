// Issue 31 item 6 in the window: a replayed device recording shows its axes in the touch
// devices panel, each touch's slot and tracking id beside its id, and its touch size as an
// ellipse; a TouchScope recording says the raw data is not known. No text of it is cut at
// 1280×800, 800×1280 and 2560×1600, pixel scales 1 and 2.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("Raw view in the window", .serialized)
struct RawViewWindowTests {
    static let cintiq = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/real/wacom-cintiq-13hd-touch-finger.evemu"

    /// The photo scene with `recording` replayed into it until `until`, the touches overlay
    /// and the touch devices panel on.
    func replayed(_ recording: String, until: Double) throws -> (FrameState, SceneSession) {
        let scene = try SceneLoader.load(path: Paths.scene("photo"))
        let reader = try RecordingReader.open(path: recording, window: scene.window)
        let session = SceneSession(scene: scene)
        let frame = FrameState(overlays: true, threadedLog: false)
        frame.follow(session)
        frame.takeRecording(reader)
        frame.state.set(.devices, true)
        frame.state.set(.touches, true)
        let replayer = Replayer(session: session, recording: reader)
        try replayer.run(until: until)
        frame.rawContacts = replayer.rawContacts
        return (frame, session)
    }

    func draw(_ frame: FrameState, _ session: SceneSession, _ size: WindowSize, shot: String) -> DisplayList {
        let layout = HostLayout(canvasSize: size.canvas, windowSize: size.window, sceneSize: session.scene.window)
        var list = DisplayList(size: size.canvas, background: Color(r: 24, g: 24, b: 28))
        frame.draw(session, into: &list, layout: layout, measurer: WindowMeasurer.shared)
        if let dir = ProcessInfo.processInfo.environment["TOUCHSCOPE_LAYOUT_SHOTS"],
           let canvas = try? OffscreenCanvas(size: size.canvas, fonts: FontLocator.locate()) {
            canvas.paint(list)
            try? canvas.savePNG(dir + "/\(shot)-\(size).png")
        }
        return list
    }

    @Test("a Wacom Cintiq recording mid-touch: every axis line whole in the panel (the ones that do not fit counted, and brought in by scrolling), 'slot 0 id 1' beside the touch, its touch major drawn as an ellipse",
          arguments: WindowSize.all)
    func deviceRecording(size: WindowSize) throws {
        // At 0.12 s the finger is down with the touch major of E: 0.100006 (84 units).
        let (frame, session) = try replayed(Self.cintiq, until: 0.12)
        let m = WindowMeasurer.shared
        let raw = try #require(frame.rawDevice)
        let touch = try #require(frame.rawContacts.byTouch.first)
        #expect(touch.value == RawContact(slot: 0, trackingID: 1, touchMajor: 84, orientation: 1))
        // (Words compared with single spaces: a wrapped line loses the double spaces at its breaks.)
        func words(_ s: String) -> String { s.split(separator: " ").joined(separator: " ") }
        var seen: [String] = []
        var scroll = 0
        while true {
            frame.state[.devices, "scroll"] = scroll
            let list = draw(frame, session, size, shot: scroll == 0 ? "raw-view" : "raw-view-scrolled")
            let runs = textRuns(list).map(\.string)
            seen += runs.map(words)
            // The touch's label, with its slot and tracking id.
            #expect(runs.contains(TouchesOverlay.idLabel(touch.key, touch.value)), "\(size)")
            // None of the raw view's text is cut, nor the notice of lines out of sight.
            let rawTexts = Set(runs.filter { $0.contains("ABS_") || $0.contains("raw:") || $0.contains("slot 0 id 1") || $0.hasPrefix("… ") })
            let cut = cutTexts(list.commands, measurer: m) { rawTexts.contains($0.string) }
            #expect(cut.isEmpty, "\(size) scrolled \(scroll): \(cut)")
            // The ellipse: one closed outline of 36 points.
            let outlines = list.commands.filter { c in
                if case let .polyline(p, _, _, closed) = c { return closed && p.count == 36 }
                return false
            }
            #expect(outlines.count == 1, "\(size)")
            // Lines below the panel's foot are counted ("… N more lines: drag up to read them").
            guard runs.contains(where: { $0.hasPrefix("… ") && $0.contains("more") }), scroll < 40 else { break }
            scroll += 3
        }
        for line in DevicePanel.rawLines(raw) {
            #expect(WindowTextFitTests.wrappedIn(seen, line), "\(size): never shown whole: \(line)")
        }
    }

    @Test("a TouchScope recording replayed: the panel says the raw data is not known, and touches carry their ids alone",
          arguments: [WindowSize(width: 1280, height: 800, scale: 1), WindowSize(width: 800, height: 1280, scale: 2)])
    func ownRecording(size: WindowSize) throws {
        let (frame, session) = try replayed(Paths.recording("photo-pan"), until: 0.2)
        #expect(frame.rawDevice == nil && frame.rawContacts.byTouch.isEmpty)
        let list = draw(frame, session, size, shot: "raw-view-jsonl")
        let runs = textRuns(list).map(\.string)
        #expect(WindowTextFitTests.wrappedIn(runs, RawTouches.notKnown), "\(size): \(runs)")
        #expect(!runs.contains { $0.contains("slot ") })
        let note = Set(runs.filter { RawTouches.notKnown.contains($0) && $0.count > 8 })
        let cut = cutTexts(list.commands, measurer: WindowMeasurer.shared) { note.contains($0.string) }
        #expect(cut.isEmpty, "\(size): \(cut)")
    }

    @Test("a finger or the mouse dragging up on the touch devices panel brings in the axis lines below its foot",
          arguments: [true, false])
    func dragScrolls(byFinger: Bool) throws {
        let rig = try LiveRig(canvas: Size(width: 800, height: 1280))
        rig.frame.takeRecording(try RecordingReader.open(path: Self.cintiq, window: rig.live.session.scene.window))
        rig.frame.state.set(.devices, true)
        let side = try #require(rig.layout.sidePanel)
        let section = try #require(DebugOverlay.sections(rig.context(), side: side).first { $0.panel == .devices })
        func shown() -> [String] {
            var list = DisplayList(size: rig.layout.canvasSize)
            rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
            return textRuns(list).map(\.string)
        }
        #expect(shown().contains { $0.hasPrefix("… ") && $0.contains("more lines: drag up to read them") })
        // Up by four lines from low in the section (under the coverage button).
        let line = rig.layout.overlayStyle.lineHeight
        let from = Point(x: section.rect.midX, y: section.rect.maxY - line)
        let to = Point(x: from.x, y: from.y - 4 * line)
        if byFinger {
            rig.finger([from, to])
        } else {
            let a = rig.scene(from), b = rig.scene(to)
            rig.send(.mouseDown(x: a.x, y: a.y, button: .left))
            rig.send(.mouseMove(x: b.x, y: b.y, button: .left))
            rig.send(.mouseUp(x: b.x, y: b.y, button: .left))
        }
        #expect(rig.state[.devices, "scroll"] == 4)
        #expect(shown().contains { $0.hasPrefix("… 4 lines above: drag down to read them") || $0 == "… 4 above" })
        #expect(!rig.state.isOn(.coverage))   // a drag is no tap on the button
    }
}
