// HelpPanel: every key, button and mouse action the host binds, as a two-column table.

/// One row of the help table: the input ("H", "Mouse wheel over timeline") and its effect.
public struct HelpEntry: Sendable, Hashable {
    public var input: String
    public var effect: String
    public init(input: String, effect: String) { self.input = input; self.effect = effect }
}

public enum HelpPanel {
    /// The rows drawn for the table; when they do not all fit, the last row says how many
    /// are left out.
    public static func draw(entries: [HelpEntry], in rect: Rect, style: OverlayStyle,
                            measurer: TextMeasurer, into list: inout DisplayList) {
        list.fillRect(rect, style.panelBackground)
        var col = TextColumn(rect, style: style, measurer: measurer)
        col.header("Keys, buttons and mouse", into: &list)
        let inputWidth = min(rect.width * 0.42,
                             (entries.map { measurer.measure($0.input, size: style.fontSize, font: .mono).width }.max() ?? 0) + 2 * style.padding)
        let room = col.linesLeft
        let shown = entries.count <= room ? entries.count : max(0, room - 1)
        for e in entries.prefix(shown) {
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
        if shown < entries.count {
            col.line("… \(entries.count - shown) more (enlarge the window)", color: style.dim, font: .sans, into: &list)
        }
    }
}

extension OverlayPanel {
    /// Every key, button and mouse action (takes the side panel).
    public static let help = OverlayPanel("help")
}
