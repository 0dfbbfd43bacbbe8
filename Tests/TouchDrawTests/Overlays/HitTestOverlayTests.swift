import Testing
@testable import TouchDraw
import TouchScene
import TouchBench
#if canImport(Glibc)
import Glibc
#endif

@Suite("Hit-test overlay")
struct HitTestOverlayTests {
    /// other (outside) · root (inside) › off (disabled), ghost (hidden), card (hit).
    func scene() -> OverlayRig {
        let rig = OverlayRig()
        let root = rig.view("root", 0, 0, 400, 400)
        rig.view("card", 50, 50, 100, 100, in: root)
        rig.view("ghost", 0, 0, 200, 200, in: root).isHidden = true
        rig.view("off", 300, 300, 50, 50, in: root).isUserInteractionEnabled = false
        rig.view("other", 500, 0, 100, 100)
        return rig
    }

    let m = AffineTransform(translationX: 10, y: 20)

    @Test("the hit-test overlay outlines the visited views in visiting order with their verdicts")
    func marksInOrder() throws {
        let rig = scene()
        rig.down(1, 60, 60, at: 0)
        let hit = try #require(rig.log.latestHitTest)
        let marks = HitTestOverlay.marks(for: hit, views: DebugOverlay.viewsByID(rig.app.window), sceneTransform: m, style: OverlayStyle())
        #expect(marks.map(\.label) == ["1 other: outside", "2 root: inside", "3 off: disabled", "4 ghost: hidden", "5 card: hit"])
        // Quads are the views' corners in canvas pixels.
        #expect(marks[4].quad == [Point(x: 60, y: 70), Point(x: 160, y: 70), Point(x: 160, y: 170), Point(x: 60, y: 170)])
        #expect(marks[0].quad.first == Point(x: 510, y: 20))
        // Labels sit outside their views (nothing here needs them elsewhere), and apart.
        let boxes = marks.map { HitTestLayout.box($0.label, at: $0.labelPosition, style: OverlayStyle(), measurer: EstimatedTextMeasurer()) }
        for (mark, box) in zip(marks, boxes) {
            #expect(!mark.gathered)
            #expect(!box.intersects(boundingBox(mark.quad)), "\(mark.label) at \(box) inside its view")
        }
        for i in boxes.indices { for j in boxes.indices where j > i { #expect(!boxes[i].intersects(boxes[j])) } }
    }

    @Test("the drawn overlay has each label at its place and fills the hit-test view")
    func drawn() throws {
        let rig = scene()
        rig.down(1, 60, 60, at: 0)
        var list = DisplayList(size: Size(width: 800, height: 600))
        let views = DebugOverlay.viewsByID(rig.app.window)
        HitTestOverlay.draw(hit: rig.log.latestHitTest, window: rig.app.window, views: views, sceneTransform: m,
                            sceneRect: Rect(x: 10, y: 20, width: 800, height: 600), style: OverlayStyle(),
                            measurer: EstimatedTextMeasurer(), into: &list)
        let runs = texts(list)
        let card = try #require(runs.first { $0.string == "5 card: hit" })
        let latest = try #require(rig.log.latestHitTest)
        let mark = try #require(HitTestOverlay.marks(for: latest, views: views, sceneTransform: m,
                                                     style: OverlayStyle(), sceneRect: Rect(x: 10, y: 20, width: 800, height: 600))
            .first { $0.view == "card" })
        #expect(card.position == Point(x: mark.labelPosition.x, y: mark.labelPosition.y + 7))
        #expect(card.color == OverlayStyle.color(of: .hit))
        #expect(runs.contains { $0.string == "touch 1 → card" })
        let fills = list.commands.compactMap { if case let .polygon(p, c) = $0 { return (p, c) }; return nil }
        #expect(fills.contains { $0.0 == [Point(x: 60, y: 70), Point(x: 160, y: 70), Point(x: 160, y: 170), Point(x: 60, y: 170)] && $0.1 == Color.yellow.withAlpha(0.22) })
    }

    @Test("with the touches overlay on, labels keep out of its header band and the touch's label out of its ring, at scales 1 and 2",
          arguments: [1.0, 2])
    func clearOfTouches(scale: Double) throws {
        let rig = scene()
        rig.down(1, 60, 60, at: 0)
        rig.move(1, 90, 60, at: 0.1)
        let style = OverlayStyle().scaled(by: scale)
        let sceneRect = Rect(x: 10, y: 20, width: 800, height: 600)
        let band = TouchesOverlay.headerBand(sceneRect: sceneRect, style: style, window: rig.app.window, sceneTransform: m,
                                             measurer: EstimatedTextMeasurer())
        var state = OverlayState()
        state.panels = [.hitTest, .touches]
        var list = DisplayList(size: Size(width: 820, height: 640))
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: m, sceneRect: sceneRect, sidePanel: nil,
                          bottomPanel: nil, measurer: EstimatedTextMeasurer(), into: &list, extras: DebugOverlayExtras(now: 0.1, style: style))
        let measurer = EstimatedTextMeasurer()
        let runs = texts(list)
        let header = try #require(runs.first { $0.string.hasPrefix("P: 1/1") })
        // The hit-test overlay's labels: "2 root: inside", "touch 1 → card".
        let labels = runs.filter { $0.string != header.string && ($0.string.contains(": ") || $0.string.contains("→")) }
        #expect(labels.count == 6)
        for run in labels {
            let size = measurer.measure(run.string, size: run.size, font: run.font)
            let box = Rect(origin: run.topLeft(for: size), size: size)
            #expect(!box.intersects(band), "\(run.string) at \(box) under the header band \(band)")
        }
        // The touch's label sits right of the ring around the finger (now at 90, 60).
        let label = try #require(runs.first { $0.string == "touch 1 → card" })
        let finger = m.apply(Point(x: 90, y: 60))
        #expect(label.position.x >= finger.x + TouchesOverlay.ringRadius * scale)
    }

    @Test("the picked touch's hit test is shown, not the latest")
    func picked() {
        let rig = scene()
        rig.tap(60, 60, at: 0)
        rig.tap(550, 50, at: 1)
        #expect(rig.log.hitTest(forTouch: nil)?.view == "other")
        #expect(rig.log.hitTest(forTouch: 1)?.view == "card")
    }

    @Test("the part of a subview outside its unclipped superview is marked untouchable")
    func untouchable() {
        let rig = OverlayRig()
        let frame = rig.view("frame", 100, 100, 100, 100)
        rig.view("spill", 50, 50, 100, 100, in: frame)
        let areas = HitTestOverlay.untouchableAreas(window: rig.app.window, sceneTransform: .identity)
        #expect(Set(areas.map(\.view)) == ["spill"])
        let total = areas.reduce(0) { $0 + Geometry2D.area($1.polygon) }
        #expect(abs(total - 7500) < 0.01)
        // Every piece lies outside the frame (150…250 minus 100…200).
        for (_, poly) in areas {
            let c = poly.reduce(Point.zero, +) / Double(poly.count)
            #expect(!(c.x > 100 && c.x < 200 && c.y > 100 && c.y < 200))
        }
        frame.clipsToBounds = true
        #expect(HitTestOverlay.untouchableAreas(window: rig.app.window, sceneTransform: .identity).isEmpty)
    }

    @Test("a rotated superview's untouchable area follows the rotation")
    func rotated() {
        let rig = OverlayRig()
        let frame = rig.view("frame", 100, 100, 100, 100)
        frame.transform = AffineTransform(rotationAngle: Double.pi / 4)
        rig.view("spill", 50, 50, 100, 100, in: frame)
        let total = HitTestOverlay.untouchableAreas(window: rig.app.window, sceneTransform: .identity)
            .reduce(0) { $0 + Geometry2D.area($1.polygon) }
        #expect(abs(total - 7500) < 0.01)
    }

    @Test("a polygon inside a convex one is its own intersection and leaves nothing to subtract (the overlay's shortcut)")
    func insideShortcut() {
        var rng = BenchRandom(seed: 77)
        func quad(_ cx: Double, _ cy: Double, _ w: Double, _ h: Double, _ angle: Double) -> [Point] {
            let c = cos(angle), s = sin(angle)
            return [(-w, -h), (w, -h), (w, h), (-w, h)].map { Point(x: cx + $0.0 * c - $0.1 * s, y: cy + $0.0 * s + $0.1 * c) }
        }
        var insideSeen = 0, outsideSeen = 0
        for i in 0..<4000 {
            let outer = quad(rng.uniform(0, 400), rng.uniform(0, 400), rng.uniform(10, 200), rng.uniform(10, 200),
                             i % 3 == 0 ? 0 : rng.uniform(-3.2, 3.2))
            // Inner quads: exactly on the outer one, shrunk into it, grown just past it, or anywhere.
            let inner: [Point]
            let c = outer.reduce(Point.zero, +) / 4
            switch i % 4 {
            case 0: inner = outer
            case 1: inner = outer.map { c + ($0 - c) * rng.uniform(0.1, 1) }
            case 2: inner = outer.map { c + ($0 - c) * rng.uniform(0.999, 1.01) }
            default: inner = quad(rng.uniform(0, 400), rng.uniform(0, 400), rng.uniform(1, 100), rng.uniform(1, 100), rng.uniform(-3.2, 3.2))
            }
            if Geometry2D.isInside(inner, outer) {
                insideSeen += 1
                #expect(Geometry2D.intersect(inner, outer) == inner)
                #expect(Geometry2D.subtract(inner, convex: outer).allSatisfy { Geometry2D.area($0) <= 1 })
            } else {
                outsideSeen += 1
            }
        }
        #expect(insideSeen > 1000 && outsideSeen > 1000)
        let nan = [Point(x: .nan, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)]
        #expect(!Geometry2D.isInside(nan, quad(0, 0, 10, 10, 0)))
    }
}
