import Testing
@testable import TouchDraw

/// Issue 29, item 5 (the event log): no line a user reads is cut, and a finger can pick a row.
@Suite("Event log: whole lines, rows by finger")
struct EventLogReadingTests {
    let m = EstimatedTextMeasurer()

    /// A double-tap's records, whose gesture lines carry long reasons ("failed: requires
    /// doubleTap to fail, which recognized").
    func rig() -> OverlayRig {
        let rig = OverlayRig()
        rig.doubleTapPad()
        rig.tap(400, 300, at: 1)
        rig.tap(400, 300, at: 1.2)
        rig.advance(2)
        return rig
    }

    @Test("every log line is drawn whole: wrapped to the panel's width, no line wider, nothing left out",
          arguments: [(340.0, 1.0), (260, 1), (680, 2), (520, 2)])
    func linesWhole(size: (Double, Double)) throws {
        let (width, scale) = size
        let rig = rig()
        let style = OverlayStyle().scaled(by: scale)
        let rect = Rect(x: 0, y: 0, width: width, height: 800 * scale)
        let state = OverlayState()
        let L = EventLogPanel.layout(log: rig.log, state: state, in: rect, style: style, measurer: m)
        #expect(L.rows.count == rig.log.count(of: state.logKinds))
        var list = DisplayList(size: Size(width: width, height: rect.height))
        EventLogPanel.draw(log: rig.log, state: state, in: rect, style: style, measurer: m, into: &list)
        let drawn = texts(list)
        var wrappedSome = false
        for (row, lines) in zip(L.rows, L.rowLines) {
            let full = try #require(rig.log.line(row.seq))
            // The lines give the record's line back (the breaks were spaces).
            let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(joined.split(separator: " ") == full.split(separator: " "), "\(lines) against \(full)")
            wrappedSome = wrappedSome || lines.count > 1
            #expect(row.rect.height == Double(lines.count) * style.lineHeight)
            for line in lines {
                #expect(!line.contains("…"))
                #expect(m.measure(line, size: style.fontSize, font: .mono).width <= rect.width, "\(line) is wider than \(rect.width)")
                #expect(drawn.contains { $0.string == line })
            }
        }
        // The reason a user looks for is on screen whole.
        let words = drawn.map(\.string).joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("failed: requires doubleTap to fail, which recognized"))
        // The filter line is whole too.
        let filter = try #require(drawn.first { $0.string.hasPrefix("all kinds") })
        #expect(!filter.string.contains("…"))
        if width <= 340 * scale { #expect(wrappedSome) }
        // Rows never overlap and stay inside the panel.
        for (a, b) in zip(L.rows, L.rows.dropFirst()) { #expect(a.rect.maxY <= b.rect.minY + 1e-9) }
        #expect(L.rows.allSatisfy { $0.rect.minY >= rect.minY && $0.rect.maxY <= rect.maxY + 1e-9 })
    }

    @Test("a finger picks a row, then the detail's ▲ older / ▼ newer buttons (44 units tall) step to its neighbours; × closes it",
          arguments: [1.0, 2.0])
    func fingerAdjusts(scale: Double) throws {
        let rig = rig()
        var state = OverlayState()
        let style = OverlayStyle().scaled(by: scale)
        let side = Rect(x: 900 * scale, y: 0, width: 340 * scale, height: 800 * scale)
        func context() -> PanelContext {
            DebugOverlay.context(app: rig.app, log: rig.log, state: state, sceneTransform: .identity,
                                 sceneRect: Rect(x: 0, y: 0, width: 800 * scale, height: 600 * scale), sidePanel: side, measurer: m,
                                 extras: DebugOverlayExtras(now: 2, style: style))
        }
        func tap(_ p: Point) { DebugOverlay.tap(at: p, on: PanelSurface(context: context(), side: side, bottom: nil, unit: scale), state: &state) }
        let section = try #require(DebugOverlay.sections(context(), side: side).first { $0.panel == .eventLog })
        let L = EventLogPanel.layout(log: rig.log, state: state, in: section.rect, detailTop: side.minY, style: style, measurer: m)
        let row = L.rows[L.rows.count / 2]
        tap(Point(x: row.rect.midX, y: row.rect.midY))
        #expect(state.selectedRecord == row.seq)
        let detail = try #require(DebugOverlay.selectionDetail(context(), side: side, bottom: nil))
        let buttons = SelectionDetail.buttons(in: detail.rect, style: style)
        #expect(buttons.map(\.name) == ["older", "newer", "close"])
        for b in buttons { #expect(b.rect.height / scale >= 44 - 1e-9 && detail.rect.contains(b.rect, tolerance: 1e-9)) }
        let older = try #require(buttons.first { $0.name == "older" }).rect, newer = try #require(buttons.first { $0.name == "newer" }).rect
        let close = try #require(buttons.first { $0.name == "close" }).rect
        let i = try #require(L.rows.firstIndex { $0.seq == row.seq })
        tap(Point(x: older.midX, y: older.midY))
        #expect(state.selectedRecord == L.rows[i - 1].seq)
        tap(Point(x: newer.midX, y: newer.midY))
        tap(Point(x: newer.midX, y: newer.midY))
        #expect(state.selectedRecord == L.rows[i + 1].seq)
        // The buttons are drawn, their labels whole.
        var list = DisplayList(size: Size(width: side.maxX, height: side.maxY))
        DebugOverlay.draw(app: rig.app, log: rig.log, state: state, sceneTransform: .identity,
                          sceneRect: Rect(x: 0, y: 0, width: 800 * scale, height: 600 * scale), sidePanel: side, bottomPanel: nil,
                          measurer: m, into: &list, extras: DebugOverlayExtras(now: 2, style: style))
        for label in ["▲ older", "▼ newer", "× close"] {
            let run = try #require(texts(list).first { $0.string == label })
            #expect(m.measure(label, size: run.size, font: run.font).width <= (run.maxWidth ?? .infinity))
        }
        tap(Point(x: close.midX, y: close.midY))
        #expect(state.selectedRecord == nil)
    }
}
