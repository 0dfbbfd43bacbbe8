// End-to-end contracts for the other demo scenes: exclusive touch, the responder chain,
// swipe versus pan, long press, scrolling, text fields, the check mark and momentum.
import Foundation
import Testing
import TouchCore
import TouchScene

@Suite("Exclusive and multiple touch (exclusive.yaml)")
struct ExclusiveSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "exclusive", recording: "exclusive") }

    @Test("while exclusive tracks a touch, a touch on multi is dropped; while multi tracks one, exclusive gets none")
    func exclusiveBothWays() {
        #expect(replay.touches(of: "exclusive").map(\.touches) == [[1], [1]])
        #expect(replay.phases(of: "exclusive") == [.began, .ended])
        #expect(replay.notes.contains { $0.text == "touch 2 dropped: exclusive is exclusive-touch and is tracking touch 1" })
        #expect(replay.notes.contains { $0.text == "touch 4 dropped: exclusive is exclusive-touch and multi is tracking touch 3" })
        #expect(!replay.touches(of: "multi").contains { $0.touches.contains(2) })
    }

    @Test("a single-touch view gets only its first touch; a multiple-touch view gets both")
    func multipleTouch() {
        #expect(replay.touches(of: "single").map(\.touches) == [[5], [5]])
        #expect(replay.notes.contains { $0.text == "touch 6 not delivered to single: multipleTouchEnabled is false and it is tracking another touch" })
        let multi = replay.touches(of: "multi").map { "\($0.phase.rawValue)\($0.touches)" }
        #expect(multi == ["began[3]", "ended[3]", "began[7]", "began[8]", "ended[8]", "ended[7]"])
    }
}

@Suite("Responder chain (responder-chain.yaml)")
struct ResponderChainSceneTests {
    @Test("nil-targeted actions reach cardVC, rootVC, the app delegate, the application or nobody; an explicit target wins")
    func actions() throws {
        let replay = try Replay(scene: "responder-chain", recording: "responder-chain")
        let got = replay.actions.map { "\($0.sender) \($0.action) → \($0.target ?? "nil") → \($0.handledBy ?? "nobody")" }
        #expect(got == [
            "saveButton save → nil → cardVC",
            "shareButton share → nil → rootVC",
            "settingsButton openSettings → nil → appDelegate",
            "aboutButton about → nil → application",
            "lostButton nobodyHandles → nil → nobody",
            "directButton save → rootVC → rootVC",
        ])
    }

    @Test("view controllers stay in the responder chain after the scene is built")
    func controllersAlive() throws {
        let session = SceneSession(scene: try SceneLoader.load(path: Paths.scene("responder-chain")))
        let card = try #require(session.built.views["card"])
        #expect(card.responderChain.map(\.id) == ["card", "cardVC", "root", "rootVC", "window", "application", "appDelegate"])
        let detour = try #require(session.built.views["detour"])
        #expect(detour.responderChain.map(\.id) == ["detour", "rootVC", "window", "application", "appDelegate"])
    }
}

@Suite("Swipe versus pan (swipe-pan.yaml)")
struct SwipePanSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "swipe-pan", recording: "swipe-pan") }

    @Test("a quick flick recognizes swipe and fails pan, which requires swipe to fail")
    func flick() throws {
        let first = replay.transitions(of: "swipe").filter { $0.t < 1 && $0.to != .possible }
        #expect(first.map(\.to) == [.recognized])
        let pan = replay.transitions(of: "pan").filter { $0.t < 1 && $0.to != .possible }
        #expect(pan.map(\.to) == [.failed])
        #expect(pan.first?.reason == "failed: requires swipe to fail, which recognized")
        #expect(replay.actions.first { $0.sender == "swipe" }?.handledBy == "boardVC")
    }

    @Test("a slow drag fails swipe, then pan begins and moves the token by the drag")
    func slowDrag() throws {
        let swipe = replay.transitions(of: "swipe").filter { $0.t > 1 && $0.to != .possible }
        #expect(swipe.map(\.to) == [.failed])
        let pan = replay.transitions(of: "pan").filter { $0.t > 1 && $0.to != .possible }
        #expect(pan.first?.to == .began)
        #expect(pan.first?.reason == "began: swipe failed")
        #expect(pan.last?.to == .ended)
        #expect(pan.first?.t == swipe.first?.t)
        let m = try replay.transform(of: "token")
        #expect(close(m["tx"], 100, 0.5) && close(m["ty"], 0, 0.5), "\(m)")
        let board = try replay.transform(of: "board")
        #expect(board["tx"] == 0 && board["ty"] == 0)
    }
}

@Suite("Long press with pan (long-press.yaml)")
struct LongPressSceneTests {
    @Test("holding 0.5 s begins the press; dragging then pans at the same time; both end on release")
    func pressThenDrag() throws {
        let replay = try Replay(scene: "long-press", recording: "long-press")
        let press = replay.transitions(of: "press")
        let began = try #require(press.first { $0.to == .began })
        #expect(close(began.t, 0.6, 0.001))
        #expect(press.last { $0.to != .possible }?.to == .ended)
        let drag = replay.transitions(of: "drag")
        #expect(drag.first?.to == .began)
        #expect(drag.last { $0.to != .possible }?.to == .ended)
        #expect(!replay.states(of: "press").contains(.cancelled) && !replay.states(of: "drag").contains(.failed))
        let m = try replay.transform(of: "tile")
        #expect(close(m["tx"], 100, 0.5) && close(m["ty"], 0, 0.5), "\(m)")
    }
}

@Suite("Scroll view (scroll.yaml)")
struct ScrollSceneTests {
    let replay: Replay
    init() throws { replay = try Replay(scene: "scroll", recording: "scroll") }

    @Test("a quick tap is held back for the scroll delay, then delivered: touchDown, touchUpInside, openRow")
    func quickTap() {
        let row1 = replay.touches(of: "row1")
        #expect(row1.map(\.phase) == [.began, .ended])
        #expect(row1.first?.reason == "delivered late: no recognizer delays it any more")
        #expect(replay.controlEvents.filter { $0.control == "row1" }.map(\.event).prefix(2) == ["touchDown", "touchUpInside"])
        #expect(replay.actions.contains { $0.sender == "row1" && $0.action == "openRow" && $0.handledBy == "listVC" })
    }

    @Test("a press held past the delay reaches the button, which then keeps it: UIKit does not cancel controls")
    func heldPress() {
        #expect(replay.phasesWithoutMoves(of: "row2") == [.began, .ended])
        #expect(replay.transitions(of: "scroller.pan").contains {
            $0.to == .failed && $0.reason == "failed: scroller.touchesShouldCancel(in: row2) returned false"
        })
        #expect(replay.controlEvents.filter { $0.control == "row2" }.last?.event == "touchUpOutside")
    }

    @Test("a drag that moves within the delay scrolls: the row never hears of the touch")
    func scrolls() throws {
        let late = replay.transitions(of: "scroller.pan").filter { $0.t > 2.4 && $0.to != .possible && $0.to != .changed }
        #expect(late.map(\.to) == [.began, .ended])
        #expect(!replay.touches(of: "row2").contains { $0.touches.contains(3) })
        let scroller = try #require(replay.session.built.views["scroller"] as? ScrollView)
        #expect(scroller.contentOffset.y > 190)
        #expect(scroller.contentOffset.y <= 1100)
    }
}

@Suite("Text fields (text-field.yaml)")
struct TextFieldSceneTests {
    @Test("tapping a text field makes it first responder; tapping another moves first responder and ends editing")
    func firstResponder() throws {
        let replay = try Replay(scene: "text-field", recording: "text-field")
        let changes = replay.records.compactMap { r -> String? in
            if case let .firstResponder(from, to, _) = r.body { return "\(from ?? "nil")→\(to ?? "nil")" }
            return nil
        }
        #expect(changes == ["nil→nameField", "nameField→noteField"])
        let editing = replay.controlEvents.filter { $0.event.hasPrefix("editing") }.map { "\($0.control).\($0.event)" }
        #expect(editing == ["nameField.editingDidBegin", "nameField.editingDidEnd", "noteField.editingDidBegin"])
        #expect(replay.session.app.firstResponder?.id == "noteField")
    }
}

@Suite("Custom recognizer (checkmark.yaml)")
struct CheckmarkSceneTests {
    @Test("a check mark recognizes check and sends checked to padVC; a straight line fails with its reason")
    func checkmark() throws {
        let replay = try Replay(scene: "checkmark", recording: "checkmark")
        let done = replay.transitions(of: "check").filter { $0.to != .possible }
        #expect(done.map(\.to) == [.recognized, .failed])
        // The straight stroke (200,300) to (500,300) never goes down: a 0 pt down-right stroke.
        #expect(done.last?.reason == "failed: not a check mark: the down-right stroke is 0 pt, shorter than 20")
        #expect(replay.actions.map { "\($0.sender) \($0.action) \($0.handledBy ?? "nobody")" } == ["check checked padVC"])
        #expect(replay.phasesWithoutMoves(of: "pad") == [.began, .cancelled, .began, .ended])
    }
}

@Suite("Momentum and limits (momentum.yaml)")
struct MomentumSceneTests {
    @Test("a flung photo keeps moving after release, then comes to rest")
    func fling() throws {
        let released = try Replay(scene: "momentum", recording: "momentum-fling", until: 0.22)
        let atRelease = try released.transform(of: "photo")
        #expect(close(atRelease["tx"], 100, 0.5), "\(atRelease)")
        let later = try Replay(scene: "momentum", recording: "momentum-fling", until: 6)
        let m = try later.transform(of: "photo")
        let tx = try #require(m["tx"])
        #expect(tx > 300, "\(m)")
        #expect(close(m["ty"], 0, 0.5) && m["a"] == 1 && m["d"] == 1, "\(m)")
        let evenLater = try Replay(scene: "momentum", recording: "momentum-fling", until: 10)
        #expect(try evenLater.transform(of: "photo")["tx"] == tx, "still moving after 6 s")
    }

    @Test("a pinch past the maximum springs back inside the 0.5…4 limits after release")
    func limits() throws {
        let replay = try Replay(scene: "momentum", recording: "momentum-pinch", until: 4)
        #expect(replay.transitions(of: "pinch").last { $0.to == .ended }.map { close($0.outputs.scale, 6) } == true)
        // At release the photo is past the maximum (rubber band), then it springs back to 4.
        let released = try Replay(scene: "momentum", recording: "momentum-pinch", until: 0.7)
        #expect(try released.transform(of: "photo")["a"].map { $0 > 4 } == true)
        let m = try replay.transform(of: "photo")
        #expect(close(m["a"], 4, 0.001) && close(m["d"], 4, 0.001), "\(m)")
        #expect(m["tx"] == 0 && m["ty"] == 0)
    }
}

