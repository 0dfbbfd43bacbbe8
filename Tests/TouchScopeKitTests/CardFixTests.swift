// The verdict card's Fix row, without SDL: a slow double tap played into the live window
// (`LiveApp` with a layout and no host). What the row must say comes from SPEC.md and the
// scene, not from a run: scenes/double-tap.yaml's doubleTap has the default maximum interval
// of 0.35 s between taps (UIKit's UITapGestureRecognizer fails when the next tap does not
// begin in time); the recording's second tap lands 0.42 s after the first lift (0.18 → 0.60),
// so doubleTap fails and singleTap wins each tap. The what-if editor steps a time by 0.05 s:
// 0.40 s is still short of 0.42 s, 0.45 s is the least that makes the two taps a double tap;
// and it changes the other tap's sequence too (singleTap → doubleTap): "1 other sequence".
import Foundation
import Testing
@testable import TouchScopeKit
import TouchCore
import TouchDraw
import TouchScene
import TouchSDL

@MainActor
@Suite("The verdict card's Fix row", .serialized)
struct CardFixTests {
    /// Loop turns (up to 30 s) until the Fix row is no longer checking.
    static func waitForFix(_ rig: LiveRig) -> WhatIfShown.Fix? {
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            _ = rig.live.advance(to: rig.t)
            if let f = rig.frame.whatIf?.fix, f.status != .checking { return f }
            usleep(5_000)
        }
        return nil
    }

    @Test("a slow double tap: the card says checking at once, then the verified fix doubleTap.maximumInterval=0.45; a tap on it tries it in the what-if editor")
    func slowDoubleTap() throws {
        let rig = try LiveRig(scene: "double-tap")
        try WindowWhatIfTests.play("double-tap-slow", into: rig)
        // The first loop turn hands the search over and returns: the row says it is checking.
        _ = rig.live.advance(to: rig.t)
        let checking = try #require(rig.frame.whatIf?.fix)
        #expect(checking.target.recognizer == "doubleTap")
        if checking.status == .checking {
            #expect(rig.frame.cardText?.contains("Fix: checking doubleTap …") == true, "\(rig.frame.cardText ?? "no card")")
        }
        let fix = try #require(Self.waitForFix(rig))
        #expect(fix.status == .found(set: "doubleTap.maximumInterval=0.45", from: "0.35", changes: 1))
        let card = try #require(rig.frame.cardText)
        #expect(card.contains("Fix: doubleTap.maximumInterval=0.45 (verified; changes 1 other sequence) · tap to try it"), "\(card)")
        // The row is a target of its own on the card, at least 44 points high.
        let g = try #require(VerdictCard.shown(log: rig.frame.log, state: rig.state))
        // The pad leaves no corner free at this size: the card is a strip until opened.
        rig.live.frame.state.openVerdict(try #require(g.last))
        let L = VerdictCard.layout(rig.context(), g)
        let row = try #require(L.fix)
        #expect(row.height >= 44 && L.rect.contains(Point(x: row.midX, y: row.midY)))
        for r in L.rows { #expect(!r.rect.intersects(row.insetBy(dx: 0, dy: 0.5)), "\(r.rect) \(row)") }
        // A tap on it: the editor opens with the setting, and the input plays again with it.
        var list = DisplayList(size: rig.layout.canvasSize)
        rig.frame.draw(rig.live.session, into: &list, layout: rig.layout, measurer: EstimatedTextMeasurer())
        rig.tap(row)
        #expect(rig.state.whatIf.settings.map(\.argument) == ["doubleTap.maximumInterval=0.45"])
        #expect(rig.state.whatIf.editing)
        let run = try #require(WindowWhatIfTests.waitForRun(rig))
        #expect(run.status == .ready)
        let after = try #require(rig.frame.cardText)
        #expect(after.contains("doubleTap would win instead of singleTap"), "\(after)")
        #expect(after.contains("Fix: doubleTap.maximumInterval=0.45 (verified; changes 1 other sequence) · in the what-if editor"), "\(after)")
    }

    @Test("the row's words, and the setting split for the editor")
    func words() {
        let t = WhatIfShown.FixTarget(start: 0.1, recognizer: "pan")
        #expect(WhatIfShown.Fix(target: t, status: .checking).words() == "Fix: checking pan …")
        #expect(WhatIfShown.Fix(target: t, status: .none("no single setting: it lost to swipe by exclusivity")).words()
                == "Fix for pan: no single setting: it lost to swipe by exclusivity")
        let found = WhatIfShown.Fix(target: t, status: .found(set: "swipe.requireToFail=[pan]", from: "[]", changes: 0))
        #expect(found.words() == "Fix: swipe.requireToFail=[pan] (verified; changes 0 other sequences) · tap to try it")
        #expect(found.edit.map { [$0.id, $0.key, $0.value, $0.original] } == ["swipe", "requireToFail", "[pan]", "[]"])
        #expect(WhatIfShown.Fix(target: t, status: .checking).edit == nil)
    }
}
