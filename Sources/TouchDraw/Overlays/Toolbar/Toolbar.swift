// Toolbar: the debugger's touch targets — a bar of buttons (at least 44 points each way) and
// the menu its first button opens (panels on or off, event-log filters, and the buttons the
// bar has no room for). Drawn as data like every panel; the host lays the bar out
// (`HostLayout.toolbar`), binds each button to the action of its window key and hit-tests
// taps against the same rects.
//
//   ┌──────┬──────┬──────┬──────┬──────┬──────┐
//   │ ☰    │ ❚❚   │ ◀    │ Next │ ?    │ ▣    │      on: accent outline; pressed: bright
//   │ Menu │ Pause│ Prev │ ▶    │ Help │ Shot │      every label on one line, or all on two
//   ├──────┼──────┼──────┼──────┼──────┴──────┘
//   │ ●    │ All  │ ↻    │ Full │ ✕    │
//   │ Rec  │lanes │Reload│screen│ Quit │
//   └──────┴──────┴──────┴──────┴──────┘

/// The bar's buttons, in bar order. When the bar has no room for all, the last ones move
/// into the menu.
public enum ToolbarButton: String, CaseIterable, Sendable {
    case menu, pause, stepBack, stepForward, help, screenshot, record, lanes, reload, fullscreen, quit
}

/// One button or menu cell as drawn: its label, whether what it switches is on, whether a
/// finger (or the mouse) is down on it.
public struct ToolbarItem: Sendable, Hashable {
    public var label: String
    public var isOn: Bool
    public var isPressed: Bool
    /// The colour that marks it on (default the accent): red for recording.
    public var onColor: Color?

    public init(_ label: String, isOn: Bool = false, isPressed: Bool = false, onColor: Color? = nil) {
        self.label = label; self.isOn = isOn; self.isPressed = isPressed; self.onColor = onColor
    }
}

/// A titled group of menu cells.
public struct ToolbarMenuSection: Sendable, Hashable {
    public var title: String
    public var items: [ToolbarItem]
    public init(_ title: String, _ items: [ToolbarItem]) { self.title = title; self.items = items }
}

/// Where the menu and its cells are (canvas pixels); cells in section order.
public struct ToolbarMenuLayout: Sendable, Hashable {
    public var rect: Rect
    public var headers: [Rect]
    public var cells: [Rect]
    /// The index of the cell at `p`, counting through the sections.
    public func cell(at p: Point) -> Int? { cells.firstIndex { $0.contains(p) } }
}

public enum Toolbar {
    /// Draws the bar: its background, then each button in its frame.
    public static func draw(_ items: [ToolbarItem], frames: [Rect], bar: Rect, style: OverlayStyle, measurer: TextMeasurer,
                            into list: inout DisplayList) {
        guard bar.width > 0, bar.height > 0 else { return }
        // Every label on one line, or every one on two (split after its first word: the
        // symbol or first word above the rest) when any would not fit on one: never a mix.
        let twoLines = zip(items, frames).contains { item, frame in
            measurer.measure(item.label, size: style.fontSize, font: .sans).width > labelWidth(frame, style: style)
        }
        list.clipped(to: bar) { list in
            list.fillRect(bar, style.panelBackground)
            for (item, frame) in zip(items, frames) {
                button(item, in: frame, lines: twoLines ? splitLabel(item.label) : [item.label], style: style, measurer: measurer,
                       into: &list)
            }
        }
    }

    /// The width a label has in a button of `frame`.
    static func labelWidth(_ frame: Rect, style: OverlayStyle) -> Double {
        frame.width - 4 * style.scale - style.padding
    }

    /// A bar label on two lines: its first word (a symbol: "❚❚", "◀", "●"), then the rest.
    public static func splitLabel(_ label: String) -> [String] {
        guard let space = label.firstIndex(of: " ") else { return [label] }
        return [String(label[..<space]), String(label[label.index(after: space)...])]
    }

    /// One button or cell: a rounded rect (brighter while pressed, outlined when on) and its
    /// label centred: on the `lines` given (the bar's), or wrapped onto two when one is too
    /// narrow (the menu's cells).
    static func button(_ item: ToolbarItem, in frame: Rect, lines given: [String]? = nil, style: OverlayStyle,
                       measurer: TextMeasurer, into list: inout DisplayList) {
        let u = style.scale
        let r = frame.insetBy(dx: 2 * u, dy: 2 * u)
        guard r.width > 0, r.height > 0 else { return }
        let on = item.onColor ?? style.accent
        let fill = item.isPressed ? Color(r: 96, g: 104, b: 124) : item.isOn ? on.fading(0.3) : style.sectionBackground
        list.roundedRect(r, radius: 6 * u, fill: fill, stroke: item.isOn ? on : style.grid, lineWidth: (item.isOn ? 2 : 1) * u)
        let size = style.fontSize
        let w = r.width - 2 * style.padding / 2
        guard w > 0 else { return }   // a button too small for any label (a window a few pixels wide)
        var lines = given ?? measurer.wrap(item.label, toWidth: w, size: size, font: .sans)
        if lines.count > 2 { lines = [lines[0], measurer.truncate(lines[1...].joined(separator: " "), toWidth: w, size: size, font: .sans)] }
        let lineH = style.lineHeight
        var y = r.midY - Double(lines.count - 1) * lineH / 2
        for line in lines {
            list.text(measurer.truncate(line, toWidth: w, size: size, font: .sans), at: Point(x: r.midX, y: y), size: size,
                      color: item.isPressed || item.isOn ? style.header : style.text, font: .sans, alignment: .center,
                      baseline: .middle, maxWidth: w)
            y += lineH
        }
    }

    /// The width a cell needs for `label`: its longest word, or half the label (it wraps
    /// onto two lines), whichever is wider, plus padding.
    static func cellWidth(_ label: String, style: OverlayStyle, measurer: TextMeasurer) -> Double {
        let words = label.split(separator: " ").map { measurer.measure(String($0), size: style.fontSize, font: .sans).width }
        let whole = measurer.measure(label, size: style.fontSize, font: .sans).width
        return max(words.max() ?? 0, whole * 0.55) + 2 * style.padding + 4 * style.scale
    }

    /// The least width a cell needs for `label` on at most two lines (broken between words
    /// where the longer line is shortest), plus padding. Wrapping greedily at that width also
    /// takes at most two lines.
    static func twoLineWidth(_ label: String, style: OverlayStyle, measurer: TextMeasurer) -> Double {
        let words = label.split(separator: " ").map(String.init)
        func w(_ s: ArraySlice<String>) -> Double { measurer.measure(s.joined(separator: " "), size: style.fontSize, font: .sans).width }
        let best = words.indices.map { i in max(w(words[...i]), w(words[(i + 1)...])) }.min() ?? 0
        return best + 2 * style.padding + 4 * style.scale
    }

    /// Lays the menu out in `region`: a grid of cells `cellHeight` high (the bar's buttons'
    /// height, a touch target), each section under its title. As narrow as it can be, at
    /// least `minWidth` (the panels' width), anchored at the region's top right; wider, over
    /// the scene, only when the sections would not fit the region's height otherwise, and
    /// with narrower cells (`twoLineWidth`) when even the whole width would not.
    public static func menuLayout(_ sections: [ToolbarMenuSection], region: Rect, minWidth: Double, cellHeight: Double,
                                  style: OverlayStyle, measurer: TextMeasurer) -> ToolbarMenuLayout {
        var cellW = max(cellHeight, sections.flatMap(\.items).map { cellWidth($0.label, style: style, measurer: measurer) }.max() ?? 0)
        let headerH = style.lineHeight + style.padding
        let pad = style.padding
        func height(columns: Int) -> Double {
            sections.reduce(pad) { h, s in
                h + headerH + Double((s.items.count + columns - 1) / columns) * cellHeight
            }
        }
        var width = min(region.width, max(minWidth, cellW + 2 * pad))
        var columns = max(1, Int(((width - 2 * pad) / cellW).rounded(.down)))
        while height(columns: columns) > region.height, width < region.width {
            width = min(region.width, width + cellW)
            columns = max(1, Int(((width - 2 * pad) / cellW).rounded(.down)))
        }
        if height(columns: columns) > region.height {
            // Not even the region's whole width holds the sections: each label on the two
            // lines that need the least width (not half of it), so that more columns fit.
            let tight = max(cellHeight, sections.flatMap(\.items).map { twoLineWidth($0.label, style: style, measurer: measurer) }.max() ?? 0)
            if tight < cellW {
                cellW = tight
                columns = max(1, Int(((width - 2 * pad) / cellW).rounded(.down)))
            }
        }
        let h = min(region.height, height(columns: columns) + pad)
        let rect = Rect(x: region.maxX - width, y: region.minY, width: width, height: h)
        let w = (width - 2 * pad) / Double(columns)
        var headers: [Rect] = [], cells: [Rect] = []
        var y = rect.minY + pad
        for s in sections {
            headers.append(Rect(x: rect.minX + pad, y: y, width: width - 2 * pad, height: headerH))
            y += headerH
            for (i, _) in s.items.enumerated() {
                let row = i / columns, col = i % columns
                cells.append(Rect(x: rect.minX + pad + Double(col) * w, y: y + Double(row) * cellHeight, width: w, height: cellHeight))
            }
            y += Double((s.items.count + columns - 1) / columns) * cellHeight
        }
        return ToolbarMenuLayout(rect: rect, headers: headers, cells: cells)
    }

    /// Draws the menu laid out by `menuLayout` (clipped to its rect).
    public static func drawMenu(_ sections: [ToolbarMenuSection], layout: ToolbarMenuLayout, style: OverlayStyle,
                                measurer: TextMeasurer, into list: inout DisplayList) {
        list.clipped(to: layout.rect) { list in
            list.fillRect(layout.rect, Color(r: 16, g: 18, b: 24))
            list.strokeRect(layout.rect, style.grid, width: style.scale)
            var k = 0
            for (s, header) in zip(sections, layout.headers) {
                list.text(measurer.truncate(s.title, toWidth: header.width, size: style.headerSize, font: .sans),
                          at: Point(x: header.minX, y: header.midY), size: style.headerSize, color: style.dim, font: .sans,
                          baseline: .middle, maxWidth: header.width)
                for item in s.items {
                    if k < layout.cells.count { button(item, in: layout.cells[k], style: style, measurer: measurer, into: &list) }
                    k += 1
                }
            }
        }
    }
}
