// HelpPanel: every key, button and mouse action the host binds, as a two-column table.

/// One row of the help table: the input ("H", "Mouse wheel over timeline") and its effect.
public struct HelpEntry: Sendable, Hashable {
    public var input: String
    public var effect: String
    public init(input: String, effect: String) { self.input = input; self.effect = effect }
}

public enum HelpPanel {
    /// The rows drawn for the table from row `scroll` on (a finger drags it); when they do
    /// not all fit, the last row says how many are left out.
    public static func draw(entries: [HelpEntry], scroll: Int = 0, in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        list.fillRect(rect, style.panelBackground)
        var col = TextColumn(rect, style: style, measurer: measurer)
        let first = firstRow(entries: entries.count, scroll: scroll, in: rect, style: style)
        col.header("Keys, buttons and mouse" + (first > 0 ? "  (from row \(first + 1) of \(entries.count))" : ""), into: &list)
        let inputWidth = min(rect.width * 0.42,
                             (entries.map { measurer.measure($0.input, size: style.fontSize, font: .mono).width }.max() ?? 0) + 2 * style.padding)
        let rest = entries.dropFirst(first)
        let room = col.linesLeft
        let shown = rest.count <= room ? rest.count : max(0, room - 1)
        for e in rest.prefix(shown) {
            guard let band = col.band(style.lineHeight) else { break }
            let iw = max(0, inputWidth - 2 * style.padding)
            list.text(measurer.truncate(e.input, toWidth: iw, size: style.fontSize, font: .mono),
                      at: Point(x: band.minX + style.padding, y: band.midY), size: style.fontSize, color: style.selection,
                      font: .mono, baseline: .middle, maxWidth: iw)
            let ew = max(0, band.width - inputWidth - style.padding)
            list.text(measurer.truncate(e.effect, toWidth: ew, size: style.fontSize, font: .sans),
                      at: Point(x: band.minX + inputWidth, y: band.midY), size: style.fontSize, color: style.text,
                      font: .sans, baseline: .middle, maxWidth: ew)
        }
        if shown < rest.count {
            col.line("… \(rest.count - shown) more (drag up, or enlarge the window)", color: style.dim, font: .sans, into: &list)
        }
    }

    /// The first row shown for a scroll of `scroll` rows: never past the point where the
    /// last row shows at the foot.
    public static func firstRow(entries: Int, scroll: Int, in rect: Rect, style: OverlayStyle) -> Int {
        let headerH = max(style.lineHeight, style.headerSize * 1.25)
        let room = max(1, Int(((rect.height - headerH) / style.lineHeight).rounded(.down)))
        return max(0, min(scroll, entries - room))
    }
}

extension OverlayPanel {
    /// Every key, button and mouse action (takes the side panel).
    public static let help = OverlayPanel("help")
}

extension HelpPanel {
    /// Pointers on the help: a vertical drag scrolls it, the rows following the finger (up:
    /// later rows), up to its last row.
    public static let interaction = PanelInteraction(
        drag: PanelInteraction.scrollRows(\.helpScroll, downward: -1, limit: { $0.extras.help.count }))
}
