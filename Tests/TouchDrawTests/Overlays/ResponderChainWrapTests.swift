// Issue 29, item 5 (the responder chain): its text is never cut ("touches began,mo…"): it wraps.
import Testing
@testable import TouchDraw

@Suite("Responder chain panel wraps")
struct ResponderChainWrapTests {
    @Test("a long row (controlsVC (ViewController) ◀ touches began,moved,ended) wraps in the 1280×800 side panel: nothing is cut",
          arguments: [1.0, 2])
    func wraps(scale: Double) throws {
        let rig = OverlayRig()
        let panel = rig.view("panel", 100, 100, 600, 400)
        let controller = ViewController(id: "controlsVC", view: panel)
        defer { withExtendedLifetime(controller) {} }
        rig.down(1, 500, 400, at: 0)
        rig.move(1, 520, 410, at: 0.1)
        rig.up(1, 520, 410, at: 0.2)
        let views = DebugOverlay.viewsByID(rig.app.window)
        let rows = ResponderChainPanel.rows(app: rig.app, log: rig.log, pickedTouch: nil, views: views)
        let vc = try #require(rows.first { $0.id == "controlsVC" })
        #expect(vc.marks == ["touches began,moved,ended"])
        // The side panel's section at 1280×800: 340 units less the 2-unit insets.
        let style = OverlayStyle().scaled(by: scale)
        let rect = Rect(x: 0, y: 0, width: 336 * scale, height: 400 * scale)
        let measurer = EstimatedTextMeasurer()
        // The row does not fit on one line of this width: the case of the issue.
        #expect(measurer.measure("↑ " + vc.text, size: style.fontSize, font: .mono).width > rect.width - style.padding)
        var list = DisplayList(size: Size(width: rect.width, height: rect.height))
        ResponderChainPanel.draw(app: rig.app, log: rig.log, pickedTouch: nil, views: views, in: rect, style: style,
                                 measurer: measurer, into: &list)
        let runs = texts(list)
        for run in runs {
            #expect(!run.string.contains("…"), "cut: \(run.string)")
            let w = measurer.measure(run.string, size: run.size, font: run.font).width
            #expect(w <= (run.maxWidth ?? .infinity) + 0.01, "\(run.string) is \(w) wide, more than its \(run.maxWidth ?? 0)")
            #expect(run.position.x + w <= rect.maxX + 0.01)
        }
        // Every row is there whole: its lines, joined, give its text (wrapping keeps one space
        // where it breaks: runs of spaces compare as one).
        func words(_ s: String) -> [Substring] { s.split(separator: " ") }
        let strings = runs.map(\.string)
        for (i, row) in rows.enumerated() {
            let first = try #require(strings.firstIndex { $0.hasPrefix((i == 0 ? "  " : "↑ ") + row.id + " (") })
            var joined = String(strings[first].dropFirst(2))
            var k = first + 1
            while words(joined).count < words(row.text).count, k < strings.count {
                joined += " " + strings[k]; k += 1
            }
            #expect(words(joined) == words(row.text), "row \(row.id): \(joined)")
        }
        // The section asks for the height of every wrapped line.
        let wanted = ResponderChainPanel.preferredHeight(app: rig.app, log: rig.log, pickedTouch: nil, views: views,
                                                         width: rect.width, style: style, measurer: measurer)
        #expect(wanted >= style.headerSize * 1.25 + Double(runs.count - 1) * style.lineHeight)
    }
}
