// The window's labels cover neither each other nor what the scene shows, at 1280×800,
// 800×1280 and 2560×1600 (canvas pixels; the last at pixel scale 2): the hit map's labels on
// the welcome scene ("stage" was written over the photo's "pinch", "hint: userInteraction
// off" over the hint's own text), and the Rec banner (it covered the welcome heading).
import Foundation
import Testing
@testable import TouchScopeKit
@testable import TouchDraw
import TouchCore
import TouchScene
import TouchSDL

@MainActor
@Suite("The window's labels do not overlap", .serialized)
struct WindowOverlapTests {
    nonisolated static let sizes: [(Double, Double, Double)] = [(1280, 800, 1), (800, 1280, 1), (2560, 1600, 2)]

    /// Every pair of rects that overlap (by more than rounding).
    static func overlaps(_ rects: [(String, Rect)]) -> [String] {
        var out: [String] = []
        for i in rects.indices {
            for j in rects.indices where j > i {
                let a = rects[i].1.insetBy(dx: 0.5, dy: 0.5), b = rects[j].1.insetBy(dx: 0.5, dy: 0.5)
                if a.intersects(b) { out.append("\(rects[i].0) \(rects[i].1) × \(rects[j].0) \(rects[j].1)") }
            }
        }
        return out
    }

    /// The scene's text rects and controls, by view (what the user needs to see), walked as
    /// the renderer draws them.
    static func needed(_ rig: LiveRig) -> [(String, Rect)] {
        var out: [(String, Rect)] = []
        let measurer = EstimatedTextMeasurer()
        func walk(_ v: View, parent: TouchCore.AffineTransform) {
            if v.isHidden || v.alpha <= 0 { return }
            let t = SceneRenderer.localToSuper(v).concatenating(parent)
            if v is Control {
                out.append((v.id, SceneContent.boundingBox(DisplayList.corners(of: v.bounds).map { t.apply($0) })))
            } else if let text = v.text, !text.isEmpty {
                out.append((v.id + " text", SceneContent.textRect(text, of: v, t, measurer: measurer)))
            }
            for s in v.subviews { walk(s, parent: t) }
        }
        for s in rig.app.window.subviews { walk(s, parent: rig.layout.sceneTransform) }
        return out
    }

    @Test("the hit map's labels on the welcome scene: none over another, none over the scene's text or controls, each view's on its own part of the map",
          arguments: sizes)
    func hitMapLabels(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        let rig = try LiveRig(scene: "welcome", canvas: Size(width: w, height: h), pixelScale: scale)
        let style = rig.layout.overlayStyle, m = rig.layout.sceneTransform
        let map = HitMap(window: rig.app.window, step: HitMapOverlay.step(m, style))
        let needed = Self.needed(rig)
        let controls = SceneContent.controlBoxes(window: rig.app.window, sceneTransform: m)
        let labels = HitMapOverlay.layout(map, sceneTransform: m, sceneRect: rig.layout.sceneRect, needed: needed.map(\.1),
                                          controls: controls, style: style, measurer: EstimatedTextMeasurer())
        #expect(Self.overlaps(labels.map { ($0.text, $0.rect) }).isEmpty, "\(Self.overlaps(labels.map { ($0.text, $0.rect) }))")
        for l in labels {
            #expect(rig.layout.sceneRect.contains(l.rect, slack: 0.5), "\(l.text) \(l.rect) outside the scene")
            // A control's own label may lie on it, off the middle third where its title is.
            let own = l.kind == .view ? needed.first { $0.0 == l.text.split(separator: ":").first.map(String.init) } : nil
            let under = needed.filter { $0.0 != own?.0 && $0.1.insetBy(dx: 0.5, dy: 0.5).intersects(l.rect) }.map(\.0)
            #expect(under.isEmpty, "\(l.text) \(l.rect) covers \(under)")
            if let box = own?.1 {
                let middle = Rect(x: box.minX, y: box.minY + box.height / 3, width: box.width, height: box.height / 3)
                #expect(!middle.insetBy(dx: 0.5, dy: 0.5).intersects(l.rect), "\(l.text) \(l.rect) covers its title")
            }
        }
        // Every view that takes touches is named, on its own part of the map.
        let inverse = try #require(m.inverted())
        for id in Set(map.rows.flatMap { $0 }.compactMap { $0 }) {
            let label = try #require(labels.first { $0.kind == .view && ($0.text == id || $0.text.hasPrefix(id + ":")) }, "no label for \(id)")
            let p = inverse.apply(Point(x: label.rect.midX, y: label.rect.midY))
            let row = Int(p.y / map.step), column = Int(p.x / map.step)
            #expect(map.rows[row][column] == id, "\(id)'s label is on \(map.rows[row][column] ?? "nothing")")
        }
        // Every refused view says why, by its outline or in the legend.
        let text = labels.map(\.text).joined(separator: " ")
        for mk in map.marks { #expect(text.contains(mk.view) && text.contains(mk.why), "\(mk.view): \(mk.why) not said") }
        // Drawn: the plates are where the layout says.
        var list = DisplayList(size: rig.layout.canvasSize)
        HitMapOverlay.draw(app: rig.app, sceneTransform: m, sceneRect: rig.layout.sceneRect, style: style,
                           measurer: EstimatedTextMeasurer(), into: &list)
        let drawn = list.commands.compactMap { c -> String? in if case let .text(run) = c { run.string } else { nil } }
        #expect(Set(drawn) == Set(labels.map(\.text)))
    }

    @Test("the Rec banner covers neither the welcome heading nor any text or control of the scene, nor the touches' pointer header",
          arguments: sizes)
    func banner(size: (Double, Double, Double)) throws {
        let (w, h, scale) = size
        let rig = try LiveRig(scene: "welcome", canvas: Size(width: w, height: h), pixelScale: scale)
        rig.frame.banner = "● recording to /tmp/touchscope-recording-1.jsonl (Rec or F10 stops)"
        let b = try #require(rig.frame.bannerRect(rig.live.session, layout: rig.layout, measurer: EstimatedTextMeasurer()))
        #expect(rig.layout.sceneRect.contains(b, slack: 0.5))
        let under = Self.needed(rig).filter { $0.1.insetBy(dx: 0.5, dy: 0.5).intersects(b) }.map(\.0)
        #expect(under.isEmpty, "the banner \(b) covers \(under)")
        let band = TouchesOverlay.headerBand(sceneRect: rig.layout.sceneRect, style: rig.layout.overlayStyle, window: rig.app.window,
                                             sceneTransform: rig.layout.sceneTransform, measurer: EstimatedTextMeasurer())
        #expect(!b.insetBy(dx: 0.5, dy: 0.5).intersects(band), "the banner \(b) covers the pointer header \(band)")
        // On a scene with nothing at its top, the banner stays there, just below the pointer
        // header that takes the top.
        let photo = try LiveRig(scene: "photo", canvas: Size(width: w, height: h), pixelScale: scale)
        photo.frame.banner = "● recording"
        let top = try #require(photo.frame.bannerRect(photo.live.session, layout: photo.layout, measurer: EstimatedTextMeasurer()))
        let photoBand = TouchesOverlay.headerBand(sceneRect: photo.layout.sceneRect, style: photo.layout.overlayStyle, window: photo.app.window,
                                                  sceneTransform: photo.layout.sceneTransform, measurer: EstimatedTextMeasurer())
        #expect(abs(photoBand.minY - photo.layout.sceneRect.minY) < 0.5)
        #expect(abs(top.minY - photoBand.maxY) < 0.5, "\(top) under \(photoBand)")
    }
}
