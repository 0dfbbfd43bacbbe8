// HelpPanel: every key, button, mouse and touch action the host binds, and what the panels'
// colours mean, as a sheet over the whole window (under the toolbar, whose Help button closes
// it, as F1 does). Rows are grouped in sections ("Touch", "Mouse", "Window keys", …) and flow
// down columns; every row is wrapped to its column, never cut. The touch section comes first
// when the device has a touchscreen (SDL lists a direct touch device, or the trace saw
// fingers of a touch device).
//
//   ┌ Help: F1 or the Help button closes it ──────────────────────────────────────┐
//   │ Touch                       │ Window keys                 │ Colours           │
//   │ toolbar     each button …   │ F1         show or hide …   │ ■ grey  possible …│
//   │             … wrapped       │ …                           │                   │

/// One row of the help: the input ("H", "left drag") and its effect, the section it belongs to
/// ("Touch", "Mouse"; rows of one section are shown together, in the order first seen), and for
/// the colour legend the colour it explains.
public struct HelpEntry: Sendable, Hashable {
    /// The input as a person names it ("F1", "left drag", "toolbar").
    public var input: String
    /// What it does.
    public var effect: String
    /// The section's title ("" : the untitled first section).
    public var section: String
    /// A colour drawn before the input (the "Colours" rows).
    public var swatch: Color?
    public init(input: String, effect: String, section: String = "", swatch: Color? = nil) {
        self.input = input; self.effect = effect; self.section = section; self.swatch = swatch
    }
}

public enum HelpPanel {
    /// The section of the touch rows: first when the device has a touchscreen.
    public static let touchSection = "Touch"
    /// The title of the colour legend's section (last).
    public static let coloursSection = "Colours"

    /// The sheet's rows in the order shown: the sections of `entries` in the order first seen
    /// (the touch section first when `touchFirst`), then the colour legend.
    public static func ordered(_ entries: [HelpEntry], touchFirst: Bool) -> [HelpEntry] {
        var order: [String] = []
        var bySection: [String: [HelpEntry]] = [:]
        for e in entries {
            if bySection[e.section] == nil { order.append(e.section) }
            bySection[e.section, default: []].append(e)
        }
        if touchFirst, let i = order.firstIndex(of: touchSection) { order.insert(order.remove(at: i), at: 0) }
        return order.flatMap { bySection[$0] ?? [] }
            + StateLegend.meanings.map { HelpEntry(input: $0.input, effect: $0.effect, section: coloursSection, swatch: $0.swatch) }
    }

    /// A piece of a row's text: `dx` from the row's left, on its line `line` (from 0).
    public struct HelpRun: Sendable, Equatable {
        /// The text, whole (a wrapped piece of the row).
        public var text: String
        /// From the row's left edge (canvas pixels).
        public var dx: Double
        /// The row's line it is on.
        public var line: Int
        /// The input (mono, highlighted) or the effect.
        public var isInput: Bool
    }

    /// One placed piece of the sheet.
    public struct Block: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The sheet's title line.
            case title(String)
            /// A section's title.
            case section(String)
            /// A row: its input and effect as runs on its lines, and its swatch.
            case row(runs: [HelpRun], swatch: Color?)
            /// The last line when rows are left for a drag to show.
            case more(String)
        }
        /// What it shows.
        public var kind: Kind
        /// Where it goes (canvas pixels).
        public var rect: Rect
    }

    /// The sheet laid out: the regions' backgrounds, the blocks, how many rows there are and
    /// the first shown.
    public struct Layout: Sendable {
        /// The parts of the window the sheet covers (its background).
        public var regions: [Rect]
        /// What is drawn, in order: the title, then section titles and rows column by column.
        public var blocks: [Block]
        /// Rows (entries) in all, and the index of the first row shown.
        public var rows: Int
        public var firstRow: Int
        /// Rows not shown after the last one shown (a drag up shows them).
        public var hidden: Int
    }

    /// The narrowest a column gets before the sheet uses fewer of them (overlay units).
    public static let minimumColumnWidth = 360.0

    /// Lays the sheet out over `regions` (canvas pixels, filled in order, each in as many
    /// columns as hold `minimumColumnWidth`), from row `scroll` on.
    public static func layout(entries: [HelpEntry], touchFirst: Bool, scroll: Int = 0, regions: [Rect], style: OverlayStyle,
                              measurer: TextMeasurer) -> Layout {
        let rows = ordered(entries, touchFirst: touchFirst)
        let pad = style.padding, line = style.lineHeight, u = style.scale
        let titleH = max(line, style.headerSize * 1.25) + pad / 2
        // Columns across the regions' bounding box, as many as hold `minimumColumnWidth`; each
        // column runs down every region that spans it (one piece where regions touch: beside
        // and below a landscape toolbar), pieces above a portrait toolbar before those below.
        var columns: [Rect] = []
        let usable = regions.filter { $0.width > 2 * pad && $0.height > 2 * pad }
        if let first = usable.first {
            let x0 = usable.map(\.minX).min() ?? first.minX, x1 = usable.map(\.maxX).max() ?? first.maxX
            let n = max(1, Int(((x1 - x0 - pad) / (minimumColumnWidth * u + pad)).rounded(.down)))
            let w = (x1 - x0 - pad * Double(n + 1)) / Double(n)
            var pieces: [(group: Int, column: Int, rect: Rect)] = []
            for i in 0..<n {
                let cx = x0 + pad + Double(i) * (w + pad)
                var spans: [(Double, Double)] = []
                for r in usable.sorted(by: { $0.minY < $1.minY }) where r.minX <= cx + 0.5 && r.maxX >= cx + w - 0.5 {
                    if let last = spans.last, abs(last.1 - r.minY) < 1 { spans[spans.count - 1].1 = r.maxY } else { spans.append((r.minY, r.maxY)) }
                }
                for (k, span) in spans.enumerated() {
                    pieces.append((k, i, Rect(x: cx, y: span.0 + pad / 2, width: w, height: span.1 - span.0 - pad)))
                }
            }
            columns = pieces.sorted { ($0.group, $0.column) < ($1.group, $1.column) }.map(\.rect)
        }
        var out = Layout(regions: regions, blocks: [], rows: rows.count, firstRow: 0, hidden: 0)
        guard !columns.isEmpty else { out.hidden = rows.count; return out }
        // A row: its input (mono), then its effect on the same line and, wrapped, on lines
        // indented under it.
        let indent = 2 * style.fontSize
        func rowBlock(_ e: HelpEntry, width: Double) -> (Block.Kind, height: Double) {
            let swatch = e.swatch == nil ? 0 : line * 0.7 + pad / 2
            var runs: [HelpRun] = []
            let inputs = measurer.wrap(e.input, toWidth: max(1, width - swatch), size: style.fontSize, font: .mono)
            for (k, s) in inputs.enumerated() { runs.append(HelpRun(text: s, dx: swatch, line: k, isInput: true)) }
            let last = inputs.last.map { measurer.measure($0, size: style.fontSize, font: .mono).width } ?? 0
            let gap = measurer.measure("  ", size: style.fontSize, font: .sans).width
            var lineIndex = max(0, inputs.count - 1)
            var x = swatch + last + gap
            var words = e.effect.split(separator: " ").map(String.init)
            // The effect's first words beside the input, as many as fit.
            var first = ""
            while let w = words.first {
                let candidate = first.isEmpty ? w : first + " " + w
                guard x + measurer.measure(candidate, size: style.fontSize, font: .sans).width <= width else { break }
                first = candidate
                words.removeFirst()
            }
            if !first.isEmpty { runs.append(HelpRun(text: first, dx: x, line: lineIndex, isInput: false)) }
            if !words.isEmpty {
                x = indent
                for s in measurer.wrap(words.joined(separator: " "), toWidth: max(1, width - indent), size: style.fontSize, font: .sans) {
                    lineIndex += 1
                    runs.append(HelpRun(text: s, dx: x, line: lineIndex, isInput: false))
                }
            }
            return (.row(runs: runs, swatch: e.swatch), Double(lineIndex + 1) * line + 2 * u)
        }
        // Every row fits from the top? Then scrolling has nothing to show.
        func place(from first: Int) -> (blocks: [Block], hidden: Int) {
            var blocks: [Block] = []
            var c = 0, y = columns[0].minY
            func fits(_ h: Double) -> Bool { y + h <= columns[c].maxY + 0.001 }
            func next() -> Bool {
                guard c + 1 < columns.count else { return false }
                c += 1; y = columns[c].minY
                return true
            }
            let title = "Help: F1 or the Help button closes it" + (first > 0 ? "  (from row \(first + 1) of \(rows.count))" : "")
            blocks.append(Block(kind: .title(title), rect: Rect(x: columns[0].minX, y: y, width: columns[0].width, height: titleH)))
            y += titleH
            var section: String? = first > 0 ? rows[first - 1].section : nil
            var i = first
            while i < rows.count {
                let e = rows[i]
                let r = rowBlock(e, width: columns[c].width)
                let newSection = e.section != section && !e.section.isEmpty
                let head = newSection ? titleH : 0
                // On the last column, a line stays free for "… more" unless this is the last row.
                let reserve = (c == columns.count - 1 && i < rows.count - 1) ? line : 0
                if !fits(head + r.height + reserve) {
                    if next() { continue }
                    break
                }
                if newSection {
                    blocks.append(Block(kind: .section(e.section), rect: Rect(x: columns[c].minX, y: y, width: columns[c].width, height: titleH)))
                    y += titleH
                }
                section = e.section
                blocks.append(Block(kind: r.0, rect: Rect(x: columns[c].minX, y: y, width: columns[c].width, height: r.height)))
                y += r.height
                i += 1
            }
            let hidden = rows.count - i
            if hidden > 0 {
                blocks.append(Block(kind: .more("… \(hidden) more rows: drag the help up to read them"),
                                    rect: Rect(x: columns[c].minX, y: min(y, columns[c].maxY - line), width: columns[c].width, height: line)))
            }
            return (blocks, hidden)
        }
        var first = max(0, min(scroll, rows.count - 1))
        var placed = place(from: 0)
        if placed.hidden == 0 { first = 0 } else if first > 0 { placed = place(from: first) }
        out.blocks = placed.blocks
        out.firstRow = first
        out.hidden = placed.hidden
        return out
    }

    /// The sheet's background and its rows over `regions`, from row `scroll` on.
    public static func draw(entries: [HelpEntry], touchFirst: Bool = false, scroll: Int = 0, regions: [Rect], style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        let L = layout(entries: entries, touchFirst: touchFirst, scroll: scroll, regions: regions, style: style, measurer: measurer)
        let line = style.lineHeight
        for r in L.regions { list.fillRect(r, Color(r: 16, g: 18, b: 24)) }
        for b in L.blocks {
            switch b.kind {
            case .title(let s), .section(let s):
                let isTitle = if case .title = b.kind { true } else { false }
                if isTitle { list.fillRect(b.rect, style.sectionBackground) }
                list.text(s, at: Point(x: b.rect.minX + style.padding / 2, y: b.rect.midY), size: style.headerSize,
                          color: isTitle ? style.header : style.accent, font: .sans, baseline: .middle,
                          maxWidth: b.rect.width - style.padding / 2)
            case .more(let s):
                list.text(s, at: Point(x: b.rect.minX, y: b.rect.midY), size: style.fontSize, color: style.dim, font: .sans,
                          baseline: .middle, maxWidth: b.rect.width)
            case let .row(runs, swatch):
                if let swatch {
                    let box = line * 0.7
                    list.fillRect(Rect(x: b.rect.minX, y: b.rect.minY + (line - box) / 2, width: box, height: box), swatch)
                }
                for r in runs {
                    let x = b.rect.minX + r.dx
                    list.text(r.text, at: Point(x: x, y: b.rect.minY + (Double(r.line) + 0.5) * line), size: style.fontSize,
                              color: r.isInput ? style.selection : style.text, font: r.isInput ? .mono : .sans,
                              baseline: .middle, maxWidth: max(1, b.rect.maxX - x))
                }
            }
        }
    }

    /// The sheet in one rect (`regions: [rect]`).
    public static func draw(entries: [HelpEntry], touchFirst: Bool = false, scroll: Int = 0, in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        draw(entries: entries, touchFirst: touchFirst, scroll: scroll, regions: [rect], style: style, measurer: measurer, into: &list)
    }

    /// Whether the help should put the touch rows first: SDL lists a touchscreen (a direct
    /// touch device), the trace has seen fingers of a touch device (not the mouse's), or a
    /// finger worked the toolbar last (it opened the help: `state[.help, "byFinger"]`).
    public static func touchFirst(_ c: PanelContext) -> Bool {
        c.state[.help, "byFinger"] == 1 || c.extras.touchDevices.contains { $0.kind == .direct }
            || c.log.touchDevices.contains { $0.device >= 0 && $0.samples > 0 }
    }
}

extension OverlayPanel {
    /// Every key, button, mouse and touch action, and the colours (a sheet over the window).
    public static let help = OverlayPanel("help")
}

extension HelpPanel {
    /// Pointers on the help: a vertical drag scrolls it, the rows following the finger (up:
    /// later rows), up to its last row.
    public static let interaction = PanelInteraction(
        drag: PanelInteraction.scrollRows(\.helpScroll, downward: -1, limit: { $0.extras.help.count + StateLegend.meanings.count }))
}
