// The verdict card on a real sitting, read as the window shows it (`FrameState.cardText`, the
// text FILE.cards gets): a card is one attempt (taps seconds apart are separate cards; a late
// tap within the limit again joins, newest attempt first), a double tap that got no second
// tap says so ("no tap 2 within 0.35 s"), and a sequence no recognizer won says who handled
// it. Input played into the live window (no SDL); expected texts from SPEC.md, Defaults.swift
// (tapInterval 0.35 s) and the scene files.
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene

@MainActor
@Suite("The verdict card answers a real sitting", .serialized)
struct CardAnswerTests {
    /// The card's text without its Fix row: the row comes from a search on a thread of its
    /// own, there or not yet depending on timing (CardFixTests reads it).
    static func answer(_ rig: LiveRig) -> String? {
        rig.frame.cardText.map { $0.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("Fix") }.joined(separator: "\n") }
    }

    /// One-finger taps of 0.08 s at `starts` (scene points), then time runs to `until`.
    static func taps(_ rig: LiveRig, at starts: [Double], x: Double = 400, y: Double = 300, until: Double) {
        for t in starts {
            rig.live.handle(RawInput(t: t, .fingerDown(finger: 1, x: x, y: y)))
            rig.live.handle(RawInput(t: t + 0.08, .fingerUp(finger: 1, x: x, y: y)))
        }
        rig.t = until
        rig.settle(0)
    }

    // Taps at 2.532 and 6.708 s (the sitting): the first lifts at 2.612, its doubleTap
    // fails at 2.962 by its timer; the second lands 4.096 s after that lift, far past 0.70 s: a
    // new attempt, its own card.
    @Test("two single taps 4 s apart are two cards: the newest says doubleTap got no tap 2 within 0.35 s, nothing is 3.79 s too late")
    func tapsApart() throws {
        let rig = try LiveRig(scene: "double-tap")
        Self.taps(rig, at: [2.532, 6.708], until: 8)
        let card = try #require(Self.answer(rig))
        #expect(card == """
            singleTap won
            touch sequence 6.708 → 6.788 s (0.080 s), 1 touch
            views hit: pad (touch 2)
            ✓ singleTap recognized at 7.138 s, on pad
            tapCount: 1, limit 1
            reason: recognized: doubleTap failed
            ✗ doubleTap failed at 7.138 s, on pad
            tapInterval: limit 0.35 s
            no tap 2 within 0.35 s
            reason: failed: waited 0.35 s for tap 2 of 2
            waits
            singleTap waited 0.350 s for doubleTap (6.788 → 7.138 s)
            """, "\(card)")
    }

    // Taps at 0.1 and 0.6 (double-tap-slow): the second lands 0.42 s after the first lift,
    // within 0.70 s: the late tap of the first attempt (0.07 s too late), and an attempt of its
    // own that fails at 1.03 with no tap after it. One card, the newest attempt's rows first.
    @Test("a tap 0.07 s too late joins the failed attempt on one card, the newest attempt first")
    func lateTapJoins() throws {
        let rig = try LiveRig(scene: "double-tap")
        Self.taps(rig, at: [0.1, 0.6], until: 2)
        let card = try #require(Self.answer(rig))
        #expect(card == """
            singleTap won
            2 touch sequences 0.100 → 0.680 s (0.580 s), 2 touches
            views hit: pad (touches 1, 2)
            ✓ singleTap recognized at 1.030 s, on pad
            tapCount: 1, limit 1
            reason: recognized: doubleTap failed
            ✓ singleTap recognized at 0.530 s, on pad
            tapCount: 1, limit 1
            reason: recognized: doubleTap failed
            ✗ doubleTap failed at 1.030 s, on pad
            tapInterval: limit 0.35 s
            no tap 2 within 0.35 s
            reason: failed: waited 0.35 s for tap 2 of 2
            ✗ doubleTap failed at 0.530 s, on pad
            tapInterval: 0.42 s, limit 0.35 s
            0.07 s too late
            reason: failed: waited 0.35 s for tap 2 of 2
            waits
            singleTap waited 0.350 s for doubleTap (0.680 → 1.030 s)
            singleTap waited 0.350 s for doubleTap (0.180 → 0.530 s)
            """, "\(card)")
    }

    // controls.yaml: the button at [50, 50, 200, 80] in the panel at [100, 100]: (250, 190) is
    // on it. panelTap is a single tap on the panel: the button's default action keeps it out.
    @Test("a tap on a button: the card names the control, its action and who handled it, and the recognizer kept out")
    func buttonCard() throws {
        let rig = try LiveRig(scene: "controls")
        Self.taps(rig, at: [0.1], x: 250, y: 190, until: 1)
        let card = try #require(Self.answer(rig))
        #expect(card == """
            nothing won
            touch sequence 0.100 → 0.180 s (0.080 s), 1 touch
            views hit: button (touch 1)
            button tracked touch 1 as a control: touchDown, touchUpInside, primaryActionTriggered
            button sent buttonTapped up the responder chain; controlsVC handled it
            panelTap did not analyse touch 1: button's default action wins (rule control: a control keeps the touches its default action needs from the recognizers of its ancestors)
            no recognizer analysed these touches
            """, "\(card)")
    }

    // welcome.yaml: "Tap me" (helloButton at [30, 130, 180, 60]); its action runs.
    @Test("\"Tap me\" on the welcome scene: the card says the button's action ran and who handled it")
    func welcomeCard() throws {
        let rig = try LiveRig(scene: "welcome")
        Self.taps(rig, at: [0.1], x: 120, y: 160, until: 1)
        let card = try #require(Self.answer(rig))
        #expect(card.hasPrefix("""
            nothing won
            touch sequence 0.100 → 0.180 s (0.080 s), 1 touch
            views hit: helloButton (touch 1)
            helloButton tracked touch 1 as a control: touchDown, touchUpInside, primaryActionTriggered
            helloButton sent sayHello up the responder chain; welcomeVC handled it
            """), "\(card)")
    }

    // hit-test.yaml: A handles touches; (600, 400) hits E, in C, in A.
    @Test("a touch on a view no recognizer analyses: the card says how far up the responder chain it went")
    func responderCard() throws {
        let rig = try LiveRig(scene: "hit-test")
        Self.taps(rig, at: [0.1], x: 600, y: 400, until: 1)
        let card = try #require(Self.answer(rig))
        #expect(card.contains("\ntouch 1 went to E, then up the responder chain to C and A; A kept it\n"), "\(card)")
    }
}

@MainActor
@Suite("The verdict card never takes the scene's touches", .serialized)
struct CardPassThroughTests {
    @Test("in the window at 1280×800, 800×1280 and 2560×1600, a touch on the card off its close button and rows reaches the scene; one on a row stays the card's",
          arguments: [(1280.0, 800.0, 1.0), (800.0, 1280.0, 1.0), (2560.0, 1600.0, 2.0)])
    func passThrough(width: Double, height: Double, scale: Double) throws {
        let rig = try LiveRig(scene: "double-tap", canvas: Size(width: width, height: height), pixelScale: scale)
        CardAnswerTests.taps(rig, at: [0.1, 0.25], until: 1)
        // A frame drawn, as the window draws one before the next touch (the card's area is known then).
        func drawFrame() {
            var list = DisplayList(size: rig.layout.canvasSize)
            rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        }
        drawFrame()
        let c = rig.context()
        let g = try #require(VerdictCard.shown(c), "no card")
        let L = VerdictCard.layout(c, g)
        func hitTests() -> Int { rig.count(.hitTest) }
        let before = hitTests()
        // The title band, left of the close button.
        rig.tap(Point(x: L.header.minX + 6 * scale, y: L.header.midY))
        rig.settle(1)
        #expect(hitTests() == before + 1, "the touch on the card's title did not reach the scene")
        // A row is the card's: no hit test, its decision selected.
        drawFrame()
        let shown = try #require(VerdictCard.shown(rig.context()), "no card after the second tap")
        let row = try #require(VerdictCard.layout(rig.context(), shown).rows.first)
        let after = hitTests()
        rig.tap(Point(x: row.rect.midX, y: row.rect.midY))
        rig.settle(0)
        #expect(hitTests() == after, "a tap on a card's row reached the scene")
    }
}

@MainActor
@Suite("Help opened by finger")
struct HelpByFingerTests {
    @Test("help opened by a finger on the toolbar at 2560×1600 lists the touch rows first, as on a touchscreen")
    func touchFirst() throws {
        let rig = try LiveRig(scene: "welcome", canvas: Size(width: 2560, height: 1600), pixelScale: 2)
        #expect(!HelpPanel.touchFirst(rig.context()), "touch first before any finger")
        rig.tap(try rig.button(.help))
        #expect(rig.state.isOn(.help))
        let c = rig.context()
        #expect(HelpPanel.touchFirst(c))
        #expect(HelpPanel.ordered(c.extras.help, touchFirst: HelpPanel.touchFirst(c)).first?.section == HelpPanel.touchSection)
    }
}

@MainActor
@Suite("The verdict card keeps off the touches' paths")
struct CardPathTests {
    // double-tap.yaml's pad is half the scene, so every corner covers part of it; the card
    // then takes the corner with the fewest points of where the finger went. A drag along the
    // pad's foot, left to right, ends under the default (bottom right) corner.
    @Test("after a drag, the card covers no point of the finger's path, at 1280×800, 800×1280 and 2560×1600",
          arguments: [(1280.0, 800.0, 1.0), (800.0, 1280.0, 1.0), (2560.0, 1600.0, 2.0)])
    func offThePath(width: Double, height: Double, scale: Double) throws {
        let rig = try LiveRig(scene: "double-tap", canvas: Size(width: width, height: height), pixelScale: scale)
        let path = stride(from: 150.0, through: 650, by: 25).map { rig.layout.sceneToCanvas(Point(x: $0, y: 480)) }
        rig.finger(path)
        rig.settle(1)
        let c = rig.context()
        let L = VerdictCard.layout(c, try #require(VerdictCard.shown(c), "no card"))
        #expect(!path.contains { L.rect.contains($0) }, "the card \(L.rect) covers the path")
    }
}
