// End-to-end contracts: recordings replayed headless through SceneSession and Replayer,
// asserting the behaviour SPEC.md promises for each demo scene.
import Foundation
import Testing
import TouchCore
import TouchScene

private func verdicts(_ path: [HitStep]) -> [String] { path.map { "\($0.view):\($0.verdict.rawValue)" } }

@Suite("Hit testing (hit-test.yaml)")
struct HitTestSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "hit-test", recording: "hit-test") }

    @Test("a tap in E visits A, C and E and hits E")
    func tapInE() throws {
        let hit = try #require(replay.hitTests.first)
        #expect(hit.point == Point(x: 600, y: 400))
        #expect(verdicts(hit.path) == ["A:inside", "C:inside", "E:hit"])
        #expect(hit.view == "E")
    }

    @Test("a tap in B skips C (outside), H (disabled) and G (hidden), hits B, and visits I as B's child")
    func tapInB() throws {
        try #require(replay.hitTests.count == 3)
        let hit = replay.hitTests[1]
        #expect(hit.point == Point(x: 100, y: 100))
        #expect(verdicts(hit.path) == ["A:inside", "C:outside", "H:disabled", "G:hidden", "B:hit", "I:outside"])
        #expect(hit.view == "B")
    }

    @Test("a tap where I is drawn outside B lands in A: I is never asked there")
    func tapOnIOutsideB() throws {
        try #require(replay.hitTests.count == 3)
        let hit = replay.hitTests[2]
        #expect(hit.point == Point(x: 300, y: 300))
        #expect(verdicts(hit.path) == ["A:hit", "C:outside", "H:disabled", "G:hidden", "B:outside"])
        #expect(!hit.path.contains { $0.view == "I" })
        #expect(hit.view == "A")
    }

    @Test("A handles every touch: E, C and B forward theirs up to A, and nothing goes past A")
    func aHandlesTouches() {
        #expect(replay.touchReceivers == ["A", "B", "C", "E"])
        #expect(replay.phases(of: "A") == [.began, .ended, .began, .ended, .began, .ended])
        #expect(replay.touches(of: "A").map(\.touches) == [[1], [1], [2], [2], [3], [3]])
        #expect(replay.touches(of: "A").map(\.reason) == ["forwarded by C", "forwarded by C", "forwarded by B", "forwarded by B", nil, nil])
        #expect(replay.touches(of: "C").allSatisfy { $0.reason == "forwarded by E" })
    }
}

@Suite("Controls (controls.yaml)")
struct ControlsSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "controls", recording: "controls") }

    @Test("a tap on the button sends touchDown and touchUpInside, and buttonTapped reaches controlsVC")
    func buttonTap() {
        let events = replay.controlEvents.filter { $0.control == "button" }.map(\.event)
        // A tap (no movement): touchDown at the landing, touchUpInside and the button's primary
        // action at the lift, nothing else (SPEC.md 7).
        #expect(events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(replay.actions.contains { $0.sender == "button" && $0.action == "buttonTapped" && $0.handledBy == "controlsVC" })
    }

    @Test("the button wins its default action: panelTap recognizes only for the tap on free panel space")
    func panelTap() {
        let recognized = replay.transitions(of: "panelTap").filter { $0.to == .recognized }
        #expect(recognized.count == 1)
        // The second tap lifts at t = 1.08; the first (on the button) at 0.18.
        #expect(recognized.allSatisfy { $0.t >= 1.0 })
        #expect(replay.actions.contains { $0.sender == "panelTap" && $0.action == "panelTapped" && $0.handledBy == "controlsVC" })
        #expect(replay.controlEvents.allSatisfy { $0.control == "button" })
    }
}

@Suite("Controls keep only the drags along them (control-drags.yaml)")
struct ControlDragsSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "control-drags", recording: "control-drags") }

    private func controlEvents(_ id: String, from t0: Double, to t1: Double) -> [String] {
        replay.controlEvents.filter { $0.control == id && $0.t >= t0 && $0.t < t1 }.map(\.event)
    }

    @Test("a vertical flick on the slider's thumb is the panel's swipe; the slider's touch is cancelled")
    func flickAcrossSlider() {
        let swipe = replay.transitions(of: "panelSwipe").filter { $0.t < 1 }
        #expect(swipe.map(\.to) == [.recognized, .possible])
        #expect(swipe.first?.reason == "recognized: swiped up 70 pt in 0.06 s")
        let events = controlEvents("volume", from: 0, to: 1)
        #expect(events.first == "touchDown")
        #expect(events.last == "touchCancel")
    }

    @Test("a sideways drag on the slider's thumb stays with the slider: the swipe fails with the reason")
    func dragAlongSlider() {
        let swipe = replay.transitions(of: "panelSwipe").filter { $0.t >= 1 && $0.t < 2 }
        #expect(swipe.map(\.to) == [.failed, .possible])
        #expect(swipe.first?.reason == "failed: volume's default action wins (the motion runs along it)")
        let events = controlEvents("volume", from: 1, to: 2)
        #expect(events.contains("valueChanged"))
        #expect(events.last == "touchUpInside")
    }

    @Test("a vertical drag on the switch's thumb is the panel's pan; the switch's touch is cancelled")
    func dragAcrossSwitch() {
        let pan = replay.transitions(of: "panelPan").filter { $0.t >= 2 && $0.t < 3 }
        #expect(pan.first?.to == .began)
        #expect(pan.map(\.to).suffix(2) == [.ended, .possible])
        // The switch follows the finger until the pan takes the touch.
        let events = controlEvents("wifi", from: 2, to: 3)
        #expect(events.first == "touchDown")
        #expect(events.last == "touchCancel")
        #expect(!events.contains("valueChanged"))
    }

    @Test("a sideways drag on the switch's thumb stays with the switch, which turns on")
    func dragAlongSwitch() {
        let pan = replay.transitions(of: "panelPan").filter { $0.t >= 3 }
        #expect(pan.map(\.to) == [.failed, .possible])
        #expect(pan.first?.reason == "failed: wifi's default action wins (the motion runs along it)")
        let events = controlEvents("wifi", from: 3, to: 4)
        #expect(events.contains("valueChanged"))
        #expect(events.last == "touchUpInside")
    }
}

@Suite("Media remote and shake (media.yaml)")
struct MediaSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "media", recording: "media") }

    @Test("remote commands before playback reach nobody: the scene is not the Now Playing app yet")
    func beforePlayback() throws {
        let before = replay.remotes.filter { $0.t < 1 }
        #expect(before.map(\.command) == ["togglePlayPause", "togglePlayPause"])
        #expect(before.allSatisfy { $0.handledBy == nil })
    }

    @Test("tapping Play sends the nil-targeted play action along the chain to the player")
    func playButton() {
        #expect(replay.controlEvents.filter { $0.control == "playButton" }.map(\.event)
                == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        let play = replay.actions.filter { $0.action == "play" }
        #expect(play.count == 1)
        #expect(play.first?.sender == "playButton")
        #expect(play.first?.target == nil)
        #expect(play.first?.handledBy == "player")
    }

    @Test("remote commands after playback starts are handled by the player")
    func afterPlayback() {
        let after = replay.remotes.filter { $0.t > 1 }
        #expect(after.map(\.command) == ["nextTrack", "togglePlayPause"])
        #expect(after.allSatisfy { $0.handledBy == "player" })
    }

    @Test("a Ctrl+Z shake reaches the first responder, the player: began then ended")
    func shake() {
        let shake = replay.motions.filter { $0.subtype == "shake" }
        #expect(shake.map(\.phase) == [.began, .ended])
        #expect(shake.allSatisfy { $0.view == "player" })
    }
}

@Suite("Direct manipulation (photo.yaml)")
struct PhotoSceneTests {
    @Test("spreading two fingers from 100 to 200 points apart scales the photo by 2")
    func pinch() throws {
        let replay = try Replay(scene: "photo", recording: "photo-pinch")
        let m = try replay.transform(of: "photo")
        #expect(close(m["a"], 2) && close(m["d"], 2), "\(m)")
        #expect(close(m["b"], 0) && close(m["c"], 0), "\(m)")
        #expect(close(m["tx"], 0, 0.5) && close(m["ty"], 0, 0.5), "\(m)")
        #expect(replay.states(of: "pinch").first == .began)
        #expect(replay.states(of: "pinch").last == .ended)
        let last = try #require(replay.transitions(of: "pinch").last { $0.to == .ended })
        #expect(close(last.outputs.scale, 2))
    }

    @Test("turning two fingers a quarter turn clockwise about the centre rotates the photo by +π/2")
    func rotate() throws {
        let replay = try Replay(scene: "photo", recording: "photo-rotate")
        let m = try replay.transform(of: "photo")
        #expect(close(m["a"], 0) && close(m["d"], 0), "\(m)")
        #expect(close(m["b"], 1) && close(m["c"], -1), "\(m)")
        #expect(replay.states(of: "rotate").last == .ended)
        let last = try #require(replay.transitions(of: "rotate").last { $0.to == .ended })
        #expect(close(last.outputs.rotation, .pi / 2))
    }

    @Test("dragging one finger by (100, 50) translates the photo by (100, 50)")
    func pan() throws {
        let replay = try Replay(scene: "photo", recording: "photo-pan")
        let m = try replay.transform(of: "photo")
        #expect(close(m["a"], 1) && close(m["d"], 1) && close(m["b"], 0), "\(m)")
        #expect(close(m["tx"], 100, 0.5) && close(m["ty"], 50, 0.5), "\(m)")
        #expect(replay.states(of: "pan").first == .began)
        #expect(replay.states(of: "pan").last == .ended)
        #expect(!replay.states(of: "pinch").contains(.began))
    }

    @Test("an Alt-drag from (450, 300) to (500, 300) mirrors a finger about the window centre: scale ×2")
    func altDrag() throws {
        let replay = try Replay(scene: "photo", recording: "photo-alt-drag")
        let began = replay.hitTests
        #expect(began.count == 2)
        #expect(Set(began.map(\.point)) == [Point(x: 450, y: 300), Point(x: 350, y: 300)])
        let m = try replay.transform(of: "photo")
        #expect(close(m["a"], 2) && close(m["d"], 2), "\(m)")
        #expect(close(m["b"], 0) && close(m["c"], 0), "\(m)")
    }
}

@Suite("Failure requirements (double-tap.yaml)")
struct DoubleTapSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "double-tap", recording: "double-tap") }

    @Test("a double tap recognizes doubleTap and fails singleTap because doubleTap recognized")
    func doubleTap() throws {
        let first = replay.transitions(of: "doubleTap").filter { $0.t < 1 && $0.to != .possible }
        #expect(first.map(\.to) == [.recognized])
        let single = replay.transitions(of: "singleTap").filter { $0.t < 1 && $0.to != .possible }
        #expect(single.map(\.to) == [.failed])
        #expect(single.first?.reason == "failed: requires doubleTap to fail, which recognized")
    }

    @Test("a single tap recognizes singleTap once doubleTap fails, the tap interval (0.35 s) later")
    func singleTap() throws {
        let double = replay.transitions(of: "doubleTap").filter { $0.t > 1 && $0.to != .possible }
        #expect(double.map(\.to) == [.failed])
        let single = replay.transitions(of: "singleTap").filter { $0.t > 1 && $0.to != .possible }
        #expect(single.map(\.to) == [.recognized])
        let failedAt = try #require(double.first?.t)
        let recognizedAt = try #require(single.first?.t)
        #expect(recognizedAt == failedAt)
        // The single tap lifted at 2.08: doubleTap waits one tap interval for a second tap.
        #expect(close(failedAt, 2.08 + 0.35, 0.01))
    }
}

@Suite("Delivery options (delivery.yaml, SPEC.md 6)")
struct DeliverySceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "delivery", recording: "delivery") }

    @Test("double tap with delaysTouchesEnded: the view gets began, began, cancelled, cancelled")
    func delayed() {
        #expect(replay.phases(of: "delayed") == [.began, .began, .cancelled, .cancelled])
        #expect(replay.states(of: "delayedDoubleTap").contains(.recognized))
    }

    @Test("double tap without delaysTouchesEnded: the view gets began, ended, began, cancelled")
    func immediate() {
        #expect(replay.phases(of: "immediate") == [.began, .ended, .began, .cancelled])
        #expect(replay.states(of: "immediateDoubleTap").contains(.recognized))
    }

    @Test("a pan with cancelsTouchesInView: the view gets began, maybe moves, then cancelled and never ended")
    func panCancels() {
        let phases = replay.phases(of: "panCancels")
        #expect(phases.first == .began)
        #expect(phases.last == .cancelled)
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .moved })
        #expect(!phases.contains(.ended))
        #expect(replay.states(of: "cancellingPan").contains(.began))
    }

    @Test("a pan without cancelsTouchesInView: the view gets began, moves, then ended and never cancelled")
    func panKeeps() {
        let phases = replay.phases(of: "panKeeps")
        #expect(phases.first == .began)
        #expect(phases.last == .ended)
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .moved })
        #expect(phases.contains(.moved))
        #expect(!phases.contains(.cancelled))
        #expect(replay.states(of: "keepingPan").last == .ended)
    }

    @Test("delivery is complete: every touch that began for a view ends or is cancelled exactly once")
    func complete() {
        for view in ["delayed", "immediate", "panCancels", "panKeeps"] {
            var open: [Int: Int] = [:]
            for m in replay.touches(of: view) {
                for id in m.touches {
                    switch m.phase {
                    case .began: open[id, default: 0] += 1
                    case .ended, .cancelled: open[id, default: 0] -= 1
                    case .moved, .stationary: break
                    }
                }
            }
            #expect(open.values.allSatisfy { $0 == 0 }, "\(view): \(open)")
        }
    }
}

@Suite("The program ending mid-gesture (photo.yaml)")
struct QuitReplayTests {
    @Test("a recording that quits mid-pan ends with the pan cancelled, every touch over, and nothing after the quit")
    func quitMidPan() throws {
        let path = Paths.temporary("quit-mid-pan.jsonl")
        var text = "{\"recording\":1,\"window\":[800,600]}\n{\"t\":0.5,\"type\":\"mouse-down\",\"x\":400,\"y\":300,\"button\":\"left\"}\n"
        for i in 1...10 { text += "{\"t\":\(0.5 + Double(i) * 0.02),\"type\":\"mouse-move\",\"x\":\(400 + i * 8),\"y\":300,\"button\":\"left\"}\n" }
        text += "{\"t\":1.2,\"type\":\"quit\"}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let replay = try Replay(scene: "photo", recording: path)
        let pan = replay.transitions(of: "pan")
        #expect(pan.map(\.to).suffix(2) == [.cancelled, .possible], "\(pan.map(\.to))")
        #expect(pan.last(where: { $0.to == .cancelled })?.reason == "cancelled: touches cancelled by program ending")
        for view in replay.touchReceivers {
            let phases = replay.phasesWithoutMoves(of: view)
            #expect(phases.filter { $0 == .began }.count == phases.filter { $0 == .ended || $0 == .cancelled }.count, "\(view): \(phases)")
        }
        #expect(replay.records.allSatisfy { $0.t <= 1.2 }, "records after the quit")
    }
}

@Suite("Hot reloads in recordings (photo.yaml)")
struct ReloadReplayTests {
    @Test("a recorded reload replays as the live reload: touches cancelled (\"scene reloaded\"), then the recorded scene")
    func reloadReplaysAsLive() throws {
        let original = try String(contentsOfFile: Paths.scene("photo"), encoding: .utf8)
        // The reloaded scene has no pan: a drag after the reload moves nothing.
        let edited = original.replacingOccurrences(of: "            type: pan\n", with: "            type: pan\n            enabled: false\n")
        #expect(edited != original)
        let drag: (Double, Double) -> [RawInput] = { t0, x0 in
            [RawInput(t: t0, .mouseDown(x: x0, y: 300, button: .left))]
                + (1...8).map { RawInput(t: t0 + Double($0) * 0.02, .mouseMove(x: x0 + Double($0) * 8, y: 300, button: .left)) }
        }
        // As the window's loop turns: each move delivered by a frame at its instant (recorded).
        func framed(_ inputs: [RawInput]) -> [RawInput] {
            inputs.flatMap { i in if case .mouseMove = i.kind { [i, RawInput(t: i.t, .touchFrame)] } else { [i] } }
        }
        let before = framed(drag(0.5, 400)), after = framed(drag(2, 300)) + [RawInput(t: 2.3, .mouseUp(x: 364, y: 300, button: .left))]
        let reloadAt = 1.0

        // What the live program does: the same inputs, and a reload by hand at 1 s.
        var live: [TraceRecord] = []
        var session = SceneSession(scene: try SceneLoader.load(path: Paths.scene("photo")))
        session.app.coalescesTouches = true
        session.app.tracer.sink = TraceCallback { live.append($0) }
        for i in before { session.advance(to: i.t); session.handle(i) }
        session.advance(to: reloadAt)
        let folder = Paths.scenes
        session = SceneSession(scene: try SceneLoader.parse(text: edited, file: Paths.scene("photo"), folder: folder),
                               replacing: session, reason: "scene reloaded")
        session.app.coalescesTouches = true
        session.app.tracer.sink = TraceCallback { live.append($0) }
        for i in after { session.advance(to: i.t); session.handle(i) }
        session.advance(to: 3.3)

        // The recording of it, replayed.
        let path = Paths.temporary("reload-replay.jsonl")
        var header = RecordingHeader(window: Size(width: 800, height: 600))
        header.touchFrames = true
        let w = try RecordingWriter(path: path, header: header)
        for i in before { w.write(i) }
        w.write(SceneReload(t: reloadAt, path: Paths.scene("photo"), scene: edited))
        for i in after { w.write(i) }
        w.close()
        let replay = try Replay(scene: "photo", recording: path)

        #expect(replay.records.contains { if case let .gesture(r, _, _, to, reason, _) = $0.body { r == "pan" && to == .cancelled && reason == "cancelled: touches cancelled by scene reloaded" } else { false } })
        #expect(replay.transitions(of: "pan").filter { $0.to == .began }.count == 1, "the drag after the reload panned")
        #expect(replay.traceText == live.filter(\.isWrittenToFiles).map { TraceWriter.line($0) + "\n" }.joined())
    }
}
