// The verdict card (VerdictCardPanel.swift): what it says for a verdict, that nothing of it is
// cut at the window's three sizes, which sequences make one card, and that a tap on a loser
// selects its decision record (the timeline's and the detail box's selection).
import Foundation
import Testing
@testable import TouchDraw

@Suite("Verdict card")
struct VerdictCardTests {
    let m = EstimatedTextMeasurer()

    /// A too-slow double tap's first tap, by hand: doubleTap's wait for tap 2 ran out
    /// (0.35 s, the documented tapInterval), the late tap came 0.45 s after the first lift;
    /// singleTap waited for doubleTap to fail, then recognized.
    func tooSlow() -> SequenceVerdict {
        let dt = RecognizerVerdict(id: "doubleTap", view: "pad", outcome: .failed, at: 0.45,
                                   reason: "failed: waited 0.35 s for tap 2 of 2",
                                   decision: GestureDecision(.tapInterval, measured: 0.45, limit: 0.35, unit: .s))
        let st = RecognizerVerdict(id: "singleTap", view: "pad", outcome: .recognized, at: 0.45,
                                   reason: "recognized: doubleTap failed",
                                   decision: GestureDecision(.failureRequirement, by: ["doubleTap"]),
                                   waits: [VerdictWait(waitedFor: ["doubleTap"], from: 0.1, until: 0.45)])
        return SequenceVerdict(start: 0.1, end: 0.15, touches: [VerdictTouch(id: 1, view: "pad")], recognizers: [dt, st],
                               settled: true)
    }

    /// The photo scene's kind of verdict: two fingers, five recognizers, long reasons.
    func busy() -> SequenceVerdict {
        let long = "cancelled: a reason long enough that no card of any size could hold it on one line, so it has to wrap over several"
        let rs = [
            RecognizerVerdict(id: "pan", view: "photo", outcome: .began, at: 1.2, reason: "began: moved 12.1 pt",
                              decision: GestureDecision(.slop, measured: 12.1, limit: 10, unit: .pt)),
            RecognizerVerdict(id: "pinch", view: "photo", outcome: .began, at: 1.25, reason: "began: spread 14 pt",
                              decision: GestureDecision(.slop, measured: 14, limit: 10, unit: .pt)),
            RecognizerVerdict(id: "rotation", view: "photo", outcome: .neverBegan, at: 1.9,
                              reason: "failed: its touches ended before it began",
                              decision: GestureDecision(.slop, measured: 2.9, limit: 5, unit: .deg, neverBegan: true)),
            RecognizerVerdict(id: "longPressWithAVeryLongIdentifierIndeed", view: "photo", outcome: .failed, at: 1.3, reason: long,
                              decision: GestureDecision(.pressMovement, measured: 14.5, limit: 10, unit: .pt)),
            RecognizerVerdict(id: "swipe", view: "canvasWithAnEvenLongerIdentifierThanThat", outcome: .failed, at: 1.22,
                              reason: "failed: moved against its direction",
                              decision: GestureDecision(.direction), waits: [VerdictWait(waitedFor: ["pan", "pinch"], from: 1.0, until: 1.22)]),
        ]
        return SequenceVerdict(start: 1.0, end: 1.9, touches: [VerdictTouch(id: 4, view: "photo"), VerdictTouch(id: 5, view: nil)],
                               recognizers: rs, settled: true)
    }

    @Test("the card says who won, the views hit, each loser's rule, numbers, margin in words and reason, and the waits")
    func content() {
        let text = VerdictCard.paragraphs(for: tooSlow()).map(\.text)
        #expect(text == [
            "singleTap won",
            "touch sequence 0.100 → 0.150 s (0.050 s), 1 touch",
            "views hit: pad (touch 1)",
            "✓ singleTap recognized at 0.450 s, on pad",
            "failureRequirement, by doubleTap",
            "reason: recognized: doubleTap failed",
            "✗ doubleTap failed at 0.450 s, on pad",
            "tapInterval: 0.45 s, limit 0.35 s",
            "0.1 s too late",
            "reason: failed: waited 0.35 s for tap 2 of 2",
            "waits",
            "singleTap waited 0.350 s for doubleTap (0.100 → 0.450 s)",
        ])
        let photo = VerdictCard.paragraphs(for: busy()).map(\.text)
        #expect(photo.first == "pan and pinch won")
        #expect(photo.contains("views hit: photo (touch 4), nothing (touch 5)"))
        #expect(photo.contains("✗ rotation never began at 1.900 s, on photo"))
        #expect(photo.contains("slop: 2.9°, limit 5°"))
        #expect(photo.contains("2.1° short of the 5° slop"))
        #expect(photo.contains("4.5 pt past the 10 pt limit"))
        #expect(photo.contains("swipe waited 0.220 s for pan and pinch (1.000 → 1.220 s)"))
        // Winners' rows first, then the losers', in the order they analysed the touches.
        #expect(VerdictCard.rowOrder(busy()).map(\.id.string) == ["pan", "pinch", "rotation", "longPressWithAVeryLongIdentifierIndeed", "swipe"])
        // Nothing won, nothing analysed.
        let none = SequenceVerdict(start: 2, end: 2.1, touches: [VerdictTouch(id: 9, view: nil)], settled: true)
        #expect(VerdictCard.paragraphs(for: none).map(\.text).prefix(5) == [
            "nothing won", "touch sequence 2.000 → 2.100 s (0.100 s), 1 touch", "views hit: nothing (touch 9)",
            "touch 9 hit no view", "no recognizer analysed these touches",
        ])
    }

    /// The scene rect and the panels' style of the window's layout (TouchSDL's HostLayout) for
    /// an 800×600 scene: at 1280×800 and 800×1280 the panels at scale 1, at 2560×1600 the
    /// 1280×800 layout grown ×2 (margins 8 units; side panel 340, timeline 170, a 44-unit
    /// toolbar row over the panels in portrait).
    static let windows: [(name: String, scene: Rect, scale: Double)] = [
        ("1280×800", Rect(x: 8 + (924 - 800 * 614.0 / 600) / 2, y: 8, width: 800 * 614.0 / 600, height: 614), 1),
        ("800×1280", Rect(x: 8, y: 8 + (624 - 588) / 2, width: 784, height: 588), 1),
        ("2560×1600", Rect(x: 16 + (1848 - 800 * 1228.0 / 600) / 2, y: 16, width: 800 * 1228.0 / 600, height: 1228), 2),
    ]

    /// Every line of `L` inside the card, within its width: nothing cut.
    func checkInside(_ L: VerdictCardLayout, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in L.lines {
            let w = m.measure(line.text, size: line.size, font: line.font).width
            let h = line.size * 1.17
            #expect(line.origin.x >= L.rect.minX && line.origin.x + w <= L.rect.maxX + 0.5,
                    "\(name): \"\(line.text)\" runs out of the card", sourceLocation: sourceLocation)
            #expect(line.origin.y - h / 2 >= L.rect.minY - 0.5 && line.origin.y + h / 2 <= L.rect.maxY + 0.5,
                    "\(name): \"\(line.text)\" is cut at the card's edge", sourceLocation: sourceLocation)
        }
    }

    /// Words in order: wrapping only breaks lines at spaces.
    func words(_ s: [String]) -> [Substring] { s.flatMap { $0.split(separator: " ") } }

    @Test("nothing is cut at 1280×800, 800×1280 and 2560×1600: every paragraph wrapped in the card, the card in the scene, targets of 44 units",
          arguments: [0, 1, 2])
    func nothingCut(window: Int) {
        let (name, scene, scale) = Self.windows[window]
        let style = OverlayStyle().scaled(by: scale)
        for v in [tooSlow(), busy()] {
            let L = VerdictCard.layout([v], scene: scene, style: style, measurer: m)
            #expect(scene.contains(L.rect, tolerance: 0.001), "\(name): the card \(L.rect) leaves the scene \(scene)")
            #expect(L.maxScroll == 0 && L.hiddenAbove == 0 && L.hiddenBelow == 0, "\(name): the card does not fit")
            checkInside(L, name)
            // Every word of every paragraph, in order: nothing lost to wrapping.
            #expect(words(L.lines.map(\.text)) == words(VerdictCard.paragraphs(for: v).map(\.text)), "\(name)")
            // A touch target each: the close button and every row.
            #expect(L.close.width >= 44 * scale && L.close.height >= 44 * scale && L.rect.contains(L.close, tolerance: 0.001))
            #expect(Set(L.rows.map(\.row)) == Set(VerdictCard.rowOrder(v).indices))
            for row in L.rows { #expect(row.rect.height >= 44 * scale - 0.001, "\(name): row \(row.row) is \(row.rect.height) high") }
            // Drawn as laid out: the very lines, none truncated, nothing outside the card.
            var list = DisplayList(size: Size(width: 2560, height: 1600))
            VerdictCard.draw(L, style: style, into: &list)
            let drawn = texts(list).map(\.string)
            #expect(drawn == L.lines.map(\.text))
            #expect(!drawn.contains { $0.contains("…") })
            for (box, _, _) in commandBoxes(list, measurer: m) {
                #expect(L.rect.contains(box, tolerance: 1), "\(name): drawing at \(box) outside the card \(L.rect)")
            }
        }
    }

    @Test("a card taller than the scene scrolls: no line is drawn in part, and scrolled to the end the last line shows")
    func scrolls() throws {
        let (_, scene, _) = Self.windows[0]
        var v = busy()
        v.recognizers = (0..<40).map { i in
            RecognizerVerdict(id: TraceName("tap\(i)"), view: "pad", outcome: .failed, at: 1.1, reason: "failed: touch 1 moved more than 10 pt",
                              decision: GestureDecision(.tapMovement, measured: 12, limit: 10, unit: .pt))
        }
        let top = VerdictCard.layout([v], scene: scene, style: OverlayStyle(), measurer: m)
        #expect(scene.contains(top.rect, tolerance: 0.001))
        #expect(top.maxScroll > 0 && top.hiddenAbove == 0 && top.hiddenBelow > 0)
        checkInside(top, "top")
        let end = VerdictCard.layout([v], scene: scene, scroll: 10_000, style: OverlayStyle(), measurer: m)
        #expect(end.hiddenBelow == 0 && end.hiddenAbove > 0)
        checkInside(end, "end")
        let last = try #require(VerdictCard.paragraphs(for: v).last?.text)
        #expect(end.lines.last?.text == last)
        // Every line is shown or counted as hidden, whatever the scroll.
        #expect(top.lines.count + top.hiddenAbove + top.hiddenBelow == end.lines.count + end.hiddenAbove + end.hiddenBelow)
    }

    @Test("the card goes to the corner of the scene farthest from where the fingers landed")
    func keepsOffTheFingers() {
        let scene = Rect(x: 0, y: 0, width: 800, height: 600)
        let free = VerdictCard.layout([tooSlow()], scene: scene, style: OverlayStyle(), measurer: m).rect
        #expect(abs(free.maxX - 792) < 1e-9 && abs(free.maxY - 592) < 1e-9)   // bottom right, 8 units in
        let finger = Point(x: free.midX, y: free.midY)
        let moved = VerdictCard.layout([tooSlow()], scene: scene, avoiding: [finger], style: OverlayStyle(), measurer: m).rect
        #expect(!moved.contains(finger))
        #expect(scene.contains(moved, tolerance: 0.001))
    }

    @Test("sequences that share a recognizer's attempt, or a too-slow tap's late tap, make one card; others do not")
    func gestures() {
        // A double tap: doubleTap's one attempt is in both taps' sequences; singleTap only in the first's.
        let dt = RecognizerVerdict(id: "doubleTap", view: "pad", outcome: .recognized, at: 0.3, reason: "recognized", decision: nil)
        let st = RecognizerVerdict(id: "singleTap", view: "pad", outcome: .failed, at: 0.3, reason: "failed", decision: nil)
        let first = SequenceVerdict(start: 0, end: 0.05, touches: [VerdictTouch(id: 1, view: "pad")], recognizers: [dt, st], settled: true)
        let second = SequenceVerdict(start: 0.25, end: 0.3, touches: [VerdictTouch(id: 2, view: "pad")], recognizers: [dt], settled: true)
        let earlier = SequenceVerdict(start: -2, end: -1.9, recognizers: [RecognizerVerdict(id: "doubleTap", view: "pad", outcome: .failed,
                                                                                            at: -1.5, reason: "", decision: nil)], settled: true)
        let g = VerdictCard.gesture(in: [earlier, first, second])
        #expect(g == [first, second])
        let merged = VerdictCard.merged(g)
        #expect(merged?.winners == ["doubleTap"] && merged?.losers.map(\.id) == ["singleTap"])
        #expect(merged?.touches.map(\.id) == [1, 2] && merged?.start == 0 && merged?.end == 0.3)
        #expect(VerdictCard.paragraphs(for: g)[1].text == "2 touch sequences 0.000 → 0.300 s (0.300 s), 2 touches")
        // A sequence under way is not shown: the newest settled one is.
        var under = second; under.settled = false; under.end = nil
        #expect(VerdictCard.gesture(in: [earlier, first, under]) == [first])
        // A too-slow double tap: the first tap's failure measured to the second tap's landing.
        var late = tooSlow()   // doubleTap failed at 0.45 after 0.35 s: the wait began at 0.1; measured 0.45: the tap landed at 0.55
        late.recognizers[1].waits = []
        let next = SequenceVerdict(start: 0.55, end: 0.6, touches: [VerdictTouch(id: 2, view: "pad")], settled: true)
        #expect(VerdictCard.gesture(in: [late, next]) == [late, next])
        let unrelated = SequenceVerdict(start: 0.9, end: 1.0, touches: [VerdictTouch(id: 2, view: "pad")], settled: true)
        #expect(VerdictCard.gesture(in: [late, unrelated]) == [unrelated])
    }

    /// A double tap on the double-tap scene's pad, traced into the log.
    func doubleTapRig() -> OverlayRig {
        let rig = OverlayRig()
        let pad = rig.view("pad", 100, 100, 600, 400)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        pad.addGestureRecognizer(dt); pad.addGestureRecognizer(st)
        rig.tap(200, 180, at: 1.0)
        rig.tap(200, 180, at: 1.15)
        rig.advance(2)
        return rig
    }

    func surface(_ rig: OverlayRig, _ state: OverlayState, _ p: Panels) -> PanelSurface {
        let c = DebugOverlay.context(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                                     sidePanel: p.side, measurer: m, extras: DebugOverlayExtras(now: rig.t))
        return PanelSurface(context: c, side: p.side, bottom: p.bottom, unit: 1)
    }

    @Test("a tap on a loser's row selects its decision record, as the timeline does, and frames the sequence; × dismisses the card")
    func tapSelectsTheLosersRecord() throws {
        let rig = doubleTapRig()
        let p = Panels(canvas: Size(width: 1280, height: 800), sceneSize: Size(width: 800, height: 600))
        var state = OverlayState()
        let s = surface(rig, state, p)
        let g = try #require(VerdictCard.shown(s.context))
        let v = try #require(VerdictCard.merged(g))
        #expect(v.winners == ["doubleTap"])
        let rows = VerdictCard.rowOrder(v)
        let i = try #require(rows.firstIndex { $0.id == "singleTap" })
        #expect(rows[i].outcome == .failed && rows[i].decision?.rule == .failureRequirement)
        let L = VerdictCard.layout(s.context, g)
        let row = try #require(L.rows.first { $0.row == i })
        let at = Point(x: row.rect.midX, y: row.rect.midY)
        // The record the timeline would select: singleTap's possible → failed.
        let record = try #require((rig.log.firstSeq..<rig.log.endSeq).first { seq in
            if case let .gesture(r, _, .possible, .failed, _, _)? = rig.log.record(seq)?.body { return r == "singleTap" }
            return false
        })
        // The window's calls: the finger goes down on the card (not the scene's), then lifts.
        #expect(DebugOverlay.grab(at: at, on: s)?.panel == .verdictCard)
        DebugOverlay.tap(at: at, on: s, state: &state)
        #expect(state.selectedRecord == record)
        #expect(state.selectedLane == .recognizer("singleTap"))
        #expect(state.selectedTime == rig.log.record(record)?.t)
        // The timeline pauses with the whole sequence in view; the detail box shows the record.
        let end = try #require(v.end)
        #expect(!state.followLive && state.timelineEnd - state.timelineSpan <= v.start && state.timelineEnd >= end)
        let after = surface(rig, state, p)
        let detail = try #require(DebugOverlay.selectionDetail(after.context, side: p.side, bottom: p.bottom))
        #expect(detail.lines.contains("singleTap on pad: possible → failed"))
        // The timeline frames the sequence: the "sequence" mark at its start.
        var list = DisplayList(size: p.canvas)
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                          sidePanel: p.side, bottomPanel: p.bottom, measurer: m, into: &list, extras: DebugOverlayExtras(now: rig.t))
        let mark = try #require(texts(list).first { $0.string == "sequence" })
        let T = TimelinePanel.layout(app: rig.app, log: rig.log, state: state, views: after.context.views, now: rig.t, in: p.bottom,
                                     style: OverlayStyle())
        #expect(abs(mark.position.x - (T.x(for: v.start) + 3)) < 0.01)
        // Off the card the pointer is the scene's.
        #expect(DebugOverlay.grab(at: Point(x: p.scene.minX + 20, y: p.scene.minY + 20), on: after) == nil)
        // The close button dismisses it: the scene has the whole of its area again.
        DebugOverlay.tap(at: Point(x: L.close.midX, y: L.close.midY), on: after, state: &state)
        let closed = surface(rig, state, p)
        #expect(VerdictCard.shown(closed.context) == nil)
        #expect(DebugOverlay.grab(at: at, on: closed) == nil)
        // The next sequence's card replaces it.
        rig.tap(600, 450, at: 3)
        rig.advance(4)
        let next = try #require(VerdictCard.shown(surface(rig, state, p).context))
        #expect(next.last?.touches.map(\.id) == [3])
        #expect(VerdictCard.merged(next)?.winners == ["singleTap"])
    }

    @Test("the log's verdicts read the records when asked, in trace order, however often; records the ring dropped meanwhile are only missed")
    func readWhenAsked() throws {
        for readBetween in [false, true] {
            let rig = OverlayRig(capacity: 64)
            let pad = rig.view("pad", 100, 100, 600, 400)
            let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
            let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
            pad.addGestureRecognizer(dt); pad.addGestureRecognizer(st)
            // A long press-and-drag first: far more records than the ring keeps.
            rig.down(1, 150, 150, at: 0)
            for i in 1...300 { rig.move(1, 150 + Double(i % 7), 150, at: 0.01 * Double(i)) }
            rig.up(1, 150, 150, at: 3.1)
            rig.advance(4)
            if readBetween { #expect(rig.log.latestGesture.last?.touches.map(\.id) == [1]) }
            rig.tap(200, 180, at: 5)
            if readBetween { #expect(rig.log.latestGesture.last?.touches.map(\.id) == [1]) }   // the first tap waits for the second
            rig.tap(200, 180, at: 5.15)
            rig.advance(6)
            let g = rig.log.latestGesture
            let v = try #require(VerdictCard.merged(g))
            #expect(g.flatMap(\.touches).map(\.id) == [2, 3], "read between: \(readBetween)")
            #expect(v.winners == ["doubleTap"] && v.losers.map(\.id) == ["singleTap"])
            #expect(v.losers.first?.decision?.rule == .failureRequirement)
            #expect(rig.log.latestVerdict?.touches.map(\.id) == [3])
        }
    }

    @Test("the V key's step goes through the card's rows, winners first, selecting each decision")
    func keySteps() throws {
        let rig = doubleTapRig()
        var state = OverlayState()
        state.stepVerdictRow(step: 1, log: rig.log, now: rig.t)
        #expect(state.selectedLane == .recognizer("doubleTap"))
        state.stepVerdictRow(step: 1, log: rig.log, now: rig.t)
        #expect(state.selectedLane == .recognizer("singleTap"))
        state.stepVerdictRow(step: -1, log: rig.log, now: rig.t)
        #expect(state.selectedLane == .recognizer("doubleTap"))
        let seq = try #require(state.selectedRecord)
        if case let .gesture(r, _, .possible, .recognized, _, _)? = rig.log.record(seq)?.body { #expect(r == "doubleTap") } else {
            Issue.record("record \(seq) is not doubleTap's recognition")
        }
    }
}

@Suite("Verdict numbers true to their margin")
struct VerdictNumbersTests {
    func loser(_ d: GestureDecision, id: TraceName = "doubleTap") -> [String] {
        let r = RecognizerVerdict(id: id, view: "pad", outcome: .failed, at: 1, reason: "", decision: d)
        return VerdictCard.paragraphs(for: SequenceVerdict(start: 0, end: 0.1, touches: [VerdictTouch(id: 1, view: "pad")],
                                                           recognizers: [r], settled: true)).map(\.text)
    }

    @Test("a gap of 0.552 s against a 0.55 s limit shows 0.552 s and 0.002 s too late, never 0.55 s or 0 s")
    func closeToTheLimit() {
        let d = GestureDecision(.tapInterval, measured: 0.552, limit: 0.55, unit: .s)
        #expect(d.decimals == 3)
        #expect(loser(d).contains("tapInterval: 0.552 s, limit 0.55 s"))
        #expect(d.marginText == "0.002 s too late")
        // Under the limit by less than a thousandth: four decimals keep it under.
        let e = GestureDecision(.pressDuration, measured: 0.4996, limit: 0.5, unit: .s)
        #expect(e.decimals == 4 && e.marginText == "0.0004 s too early")
        #expect(loser(e).contains("pressDuration: 0.4996 s, limit 0.5 s"))
        // Two decimals as before where they keep the sides; a limit set with three keeps them.
        #expect(GestureDecision(.tapInterval, measured: 0.42, limit: 0.35, unit: .s).decimals == 2)
        #expect(GestureDecision(.slop, measured: 12.134, limit: 10, unit: .pt).decimals == 2)
        #expect(GestureDecision(.tapInterval, measured: 0.2, limit: 0.125, unit: .s).decimals == 3)
        // Degrees: atan(0.5002) (0.463830 rad, 26.5742°) against 0.4636 rad (26.5623°), a swipe's angle.
        let angle = GestureDecision(.direction, measured: atan2(50.02, 100) * 180 / .pi, limit: 0.4636 * 180 / .pi, unit: .deg)
        #expect(loser(angle, id: "swipe").contains("direction: 26.57°, limit 26.56°"))
    }
}

@Suite("The verdict card keeps out of the scene's way")
struct VerdictCardPlacementTests {
    let m = EstimatedTextMeasurer()

    /// A tap on a token at the bottom right of an 800×600 scene, by hand.
    func tap(on view: TraceName) -> SequenceVerdict {
        SequenceVerdict(start: 1, end: 1.1, touches: [VerdictTouch(id: 1, view: view)], settled: true)
    }

    @Test("the card takes a corner that covers none of the views the touches hit, even where no finger landed under it")
    func avoidsViewsHit() {
        let scene = Rect(x: 0, y: 0, width: 800, height: 600)
        // The token under the bottom-right corner (where the card goes by default); the finger
        // landed on its top-left edge, outside where the card would be.
        let token = Rect(x: 560, y: 420, width: 220, height: 160)
        let free = VerdictCard.layout([tap(on: "token")], scene: scene, style: OverlayStyle(), measurer: m).rect
        #expect(free.intersects(token), "the default corner must cover the token for this test: \(free)")
        let L = VerdictCard.layout([tap(on: "token")], scene: scene, avoiding: [Point(x: 565, y: 425)], avoidingRects: [token],
                                   style: OverlayStyle(), measurer: m)
        #expect(!L.rect.intersects(token), "the card \(L.rect) covers the token \(token)")
        #expect(scene.contains(L.rect, tolerance: 0.001))
    }

    @Test("a touch on the card outside its close button and rows is the scene's; its buttons and rows stay the card's")
    func passesThrough() throws {
        let rig = OverlayRig()
        let pad = rig.view("pad", 100, 100, 600, 400)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        let st = TapGestureRecognizer(id: "singleTap"); st.require(toFail: dt)
        pad.addGestureRecognizer(dt); pad.addGestureRecognizer(st)
        rig.tap(200, 180, at: 1.0)
        rig.tap(200, 180, at: 1.15)
        rig.advance(2)
        let p = Panels(canvas: Size(width: 1280, height: 800), sceneSize: Size(width: 800, height: 600))
        let c = DebugOverlay.context(app: rig.app, log: rig.log, state: OverlayState(), sceneTransform: p.sceneTransform, sceneRect: p.scene,
                                     sidePanel: p.side, measurer: m, extras: DebugOverlayExtras(now: rig.t))
        let s = PanelSurface(context: c, side: p.side, bottom: p.bottom, unit: 1)
        let g = try #require(VerdictCard.shown(c))
        let L = VerdictCard.layout(c, g)
        // The title band, left of the close button: text, not a button.
        let title = Point(x: L.header.minX + 4, y: L.header.midY)
        #expect(L.rect.contains(title) && !L.close.contains(title))
        #expect(DebugOverlay.grab(at: title, on: s) == nil, "the card took a touch on its title")
        #expect(DebugOverlay.grab(at: Point(x: L.close.midX, y: L.close.midY), on: s)?.panel == .verdictCard)
        let row = try #require(L.rows.first)
        #expect(DebugOverlay.grab(at: Point(x: row.rect.midX, y: row.rect.midY), on: s)?.panel == .verdictCard)
    }
}

@Suite("The verdict card in the window's smaller ways")
struct VerdictCardWindowTests {
    @Test("after a tap on a card's row framed the sequence, Home follows live again at the zoom the timeline had before")
    func homeUndoesTheFraming() throws {
        let rig = OverlayRig()
        let pad = rig.view("pad", 100, 100, 600, 400)
        let dt = TapGestureRecognizer(id: "doubleTap"); dt.numberOfTapsRequired = 2
        pad.addGestureRecognizer(dt)
        rig.tap(200, 180, at: 1.0)
        rig.tap(200, 180, at: 1.15)
        rig.advance(2)
        var state = OverlayState()
        let before = state.timelineSpan
        state.stepVerdictRow(step: 1, log: rig.log, now: rig.t)
        #expect(!state.followLive && state.timelineSpan < before, "the card did not frame the sequence: \(state.timelineSpan)")
        state.goLive()
        #expect(state.followLive && state.timelineSpan == before, "Home left the timeline at \(state.timelineSpan) s")
    }

    @Test("the card is opaque: no text behind it shows through")
    func opaque() {
        #expect(VerdictCard.fill.a == 255)
    }
}
