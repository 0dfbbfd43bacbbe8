// StateLegend: what the recognizer state colours mean (OverlayStyle.color(of:)), as a compact
// one-line key any panel can draw (the timeline's header) and as rows for the help's
// "Colours" section.
//
//     ■ possible  ■ began/changed  ■ recognized/ended  ■ cancelled  ■ failed

public enum StateLegend {
    /// The state colours in the order a gesture goes through them, one name per colour.
    public static let states: [(name: String, color: Color)] = [
        ("possible", OverlayStyle.color(of: .possible)),
        ("began/changed", OverlayStyle.color(of: .began)),
        ("recognized/ended", OverlayStyle.color(of: .recognized)),
        ("cancelled", OverlayStyle.color(of: .cancelled)),
        ("failed", OverlayStyle.color(of: .failed)),
    ]

    /// Every colour the panels use and its one meaning (`OverlayStyle`'s doc comment): the
    /// help's "Colours" rows.
    public static var meanings: [HelpEntry] {
        let s = OverlayStyle()
        return [
            HelpEntry(input: "grey", effect: "possible: the recognizer is still watching (thin lane)", swatch: OverlayStyle.color(of: .possible)),
            HelpEntry(input: "blue", effect: "began / changed: a continuous gesture under way", swatch: OverlayStyle.color(of: .began)),
            HelpEntry(input: "green", effect: "recognized / ended: the gesture fired its action", swatch: OverlayStyle.color(of: .recognized)),
            HelpEntry(input: "orange", effect: "cancelled: the system took the gesture or touch away", swatch: OverlayStyle.color(of: .cancelled)),
            HelpEntry(input: "red", effect: "failed, or what makes a recognizer fail (a finger past the tap's slop); "
                      + "on the toolbar, the Rec button while recording", swatch: OverlayStyle.color(of: .failed)),
            HelpEntry(input: "yellow", effect: "what you are looking at: the selection, the hit-test view, the responder that handled the touch",
                      swatch: s.selection),
            HelpEntry(input: "cyan", effect: "hit-test: a view the touch passed through (inside, not the hit)", swatch: OverlayStyle.color(of: HitVerdict.inside)),
            HelpEntry(input: "purple", effect: "hit-test: hidden, skipped", swatch: OverlayStyle.color(of: HitVerdict.hidden)),
            HelpEntry(input: "light blue", effect: "hit-test: transparent (alpha too low), skipped", swatch: OverlayStyle.color(of: HitVerdict.transparent)),
            HelpEntry(input: "pink", effect: "hit-test: refuses touches (userInteraction disabled)", swatch: OverlayStyle.refused),
        ]
    }

    /// The width the one-line legend needs at `style`.
    public static func width(style: OverlayStyle, measurer: TextMeasurer) -> Double {
        states.reduce(0) { $0 + itemWidth($1.name, style: style, measurer: measurer) } - gap(style)
    }

    /// Draws the one-line legend from `origin` (its left end, vertically centred on `origin.y`),
    /// as many items as fit in `maxWidth`, whole (never an item cut); returns the width used.
    @discardableResult
    public static func draw(at origin: Point, maxWidth: Double, style: OverlayStyle, measurer: TextMeasurer,
                            into list: inout DisplayList) -> Double {
        var x = origin.x
        let box = (style.fontSize * 0.8).rounded()
        for (name, color) in states {
            let w = itemWidth(name, style: style, measurer: measurer) - gap(style)
            guard x + w <= origin.x + maxWidth + 0.001 else { break }
            list.fillRect(Rect(x: x, y: origin.y - box / 2, width: box, height: box), color)
            let textX = x + box + style.padding / 2
            let tw = measurer.measure(name, size: style.fontSize, font: .sans).width
            list.text(name, at: Point(x: textX, y: origin.y), size: style.fontSize, color: style.text, font: .sans,
                      baseline: .middle, maxWidth: tw)
            x += w + gap(style)
        }
        return max(0, x - origin.x - gap(style))
    }

    static func gap(_ style: OverlayStyle) -> Double { style.padding * 1.5 }

    static func itemWidth(_ name: String, style: OverlayStyle, measurer: TextMeasurer) -> Double {
        (style.fontSize * 0.8).rounded() + style.padding / 2 + measurer.measure(name, size: style.fontSize, font: .sans).width + gap(style)
    }
}
