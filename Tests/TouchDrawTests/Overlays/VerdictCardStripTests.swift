// The verdict card never hides what it explains: where no corner of the scene is free of the
// views the touches hit and of their paths, it collapses to a strip (its title band) at the
// scene's top or bottom edge; its open button shows it whole, and a touch on the strip
// outside its buttons is the scene's.
import Testing
@testable import TouchDraw

@Suite("The verdict card collapses to a strip when no corner is free")
struct VerdictCardStripTests {
    let m = EstimatedTextMeasurer()

    /// A drag on a pad of an 800×600 scene (the scene in a 1280×800 window) along a rectangle
    /// 100 points in from the scene's edges: it passes under every corner a card would take.
    func dragAround() -> (OverlayRig, [Point]) {
        let rig = OverlayRig()
        let pad = rig.view("pad", 100, 100, 600, 400)
        pad.addGestureRecognizer(PanGestureRecognizer(id: "pan"))
        var path: [Point] = []
        for x in stride(from: 100.0, through: 700, by: 20) { path.append(Point(x: x, y: 100)) }
        for y in stride(from: 120.0, through: 500, by: 20) { path.append(Point(x: 700, y: y)) }
        for x in stride(from: 680.0, through: 100, by: -20) { path.append(Point(x: x, y: 500)) }
        for y in stride(from: 480.0, through: 120, by: -20) { path.append(Point(x: 100, y: y)) }
        var t = 1.0
        rig.down(1, path[0].x, path[0].y, at: t)
        for p in path.dropFirst() { t += 0.01; rig.move(1, p.x, p.y, at: t) }
        rig.up(1, path[path.count - 1].x, path[path.count - 1].y, at: t + 0.01)
        rig.advance(t + 1)
        return (rig, path)
    }

    @Test("no corner free: a strip of the title at the top or bottom edge, off the path, with an open button and the close button of 44 units; the rest of it lets touches through to the scene")
    func strip() throws {
        let (rig, scenePath) = dragAround()
        let p = Panels(canvas: Size(width: 1280, height: 800), sceneSize: Size(width: 800, height: 600))
        var state = OverlayState()
        func context() -> PanelContext {
            DebugOverlay.context(app: rig.app, log: rig.log, state: state, sceneTransform: p.sceneTransform, sceneRect: p.scene,
                                 sidePanel: p.side, measurer: m, extras: DebugOverlayExtras(now: rig.t))
        }
        let c = context()
        let g = try #require(VerdictCard.shown(c), "no card")
        let path = scenePath.map { p.sceneTransform.apply($0) }
        // Whole, in any corner, the card would cover part of the path (what this test needs).
        let whole = VerdictCard.layout(g, scene: p.scene, avoiding: path, collapse: false, style: c.style, measurer: m)
        #expect(path.contains { whole.rect.contains($0) }, "a corner is free: \(whole.rect)")
        let L = VerdictCard.layout(c, g)
        #expect(L.collapsed)
        #expect(!path.contains { L.rect.contains($0) }, "the strip \(L.rect) covers the path")
        #expect(p.scene.contains(L.rect, tolerance: 0.001))
        let atTop = abs(L.rect.minY - (p.scene.minY + 8)) < 0.5, atBottom = abs(L.rect.maxY - (p.scene.maxY - 8)) < 0.5
        #expect(atTop || atBottom, "the strip \(L.rect) is at neither edge of \(p.scene)")
        #expect(L.rect.height < 2 * VerdictCard.target, "a strip, not a card: \(L.rect)")
        #expect(L.rows.isEmpty && L.lines.allSatisfy { $0.kind == .title })
        let open = try #require(L.expand)
        for b in [open, L.close] { #expect(b.width >= 44 - 1e-9 && b.height >= 44 - 1e-9 && L.rect.contains(b, tolerance: 0.001)) }
        #expect(!open.intersects(L.close.insetBy(dx: 0.5, dy: 0.5)))

        // A touch on the strip's title is the scene's; its buttons are the card's.
        let s = PanelSurface(context: c, side: p.side, bottom: p.bottom, unit: 1)
        #expect(DebugOverlay.grab(at: Point(x: L.rect.minX + 6, y: L.rect.midY), on: s) == nil, "the strip took a touch on its title")
        #expect(DebugOverlay.grab(at: Point(x: open.midX, y: open.midY), on: s)?.panel == .verdictCard)
        #expect(DebugOverlay.grab(at: Point(x: L.close.midX, y: L.close.midY), on: s)?.panel == .verdictCard)

        // The open button shows it whole (its rows), in the corner that covers least.
        let hit = try #require(VerdictCard.interaction.hit?(c, PanelPoint(point: Point(x: open.midX, y: open.midY), rect: p.scene, tolerance: 22)))
        VerdictCard.interaction.tap?(hit, c, &state)
        let opened = VerdictCard.layout(context(), g)
        #expect(!opened.collapsed && opened.expand == nil && !opened.rows.isEmpty)
        #expect(opened.rect.height > L.rect.height)
    }

    @Test("a corner free of the path and of the views hit: the card is whole, as before")
    func wholeWhereFree() {
        let scene = Rect(x: 0, y: 0, width: 800, height: 600)
        let g = [SequenceVerdict(start: 1, end: 1.1, touches: [VerdictTouch(id: 1, view: "pad")], settled: true)]
        // Fingers only at the top left: the bottom right corner is free.
        let L = VerdictCard.layout(g, scene: scene, avoiding: [Point(x: 50, y: 50), Point(x: 60, y: 60)], style: OverlayStyle(), measurer: m)
        #expect(!L.collapsed && L.expand == nil)
        #expect(abs(L.rect.maxX - 792) < 1e-9 && abs(L.rect.maxY - 592) < 1e-9)
    }

    @Test("a view under every corner (a pad half the scene) leaves the card no room and does not collapse it")
    func bigViewIsNoReason() {
        let scene = Rect(x: 0, y: 0, width: 800, height: 600)
        let g = [SequenceVerdict(start: 1, end: 1.1, touches: [VerdictTouch(id: 1, view: "pad")], settled: true)]
        let pad = Rect(x: 100, y: 100, width: 600, height: 400)
        let L = VerdictCard.layout(g, scene: scene, avoiding: [Point(x: 400, y: 300)], avoidingRects: [pad], style: OverlayStyle(), measurer: m)
        #expect(!L.collapsed)
        #expect(!L.rect.contains(Point(x: 400, y: 300)))
    }
}
