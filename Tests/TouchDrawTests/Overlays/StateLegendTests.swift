import Testing
@testable import TouchDraw

@Suite("The colour legend")
struct StateLegendTests {
    @Test("the one-line legend names each state colour next to a swatch of that colour, in the order a gesture goes")
    func oneLine() {
        let style = OverlayStyle(), m = EstimatedTextMeasurer()
        var list = DisplayList(size: Size(width: 800, height: 20))
        let used = StateLegend.draw(at: Point(x: 10, y: 10), maxWidth: 780, style: style, measurer: m, into: &list)
        #expect(abs(used - StateLegend.width(style: style, measurer: m)) < 0.001)
        #expect(texts(list).map(\.string) == ["possible", "began/changed", "recognized/ended", "cancelled", "failed"])
        let swatches = list.commands.compactMap { c -> Color? in if case let .polygon(_, color) = c { color } else { nil } }
        #expect(swatches == [GestureState.possible, .began, .recognized, .cancelled, .failed].map { OverlayStyle.color(of: $0) })
        // Too narrow for all: the items that fit, whole; none cut.
        var narrow = DisplayList(size: Size(width: 200, height: 20))
        let w = StateLegend.draw(at: Point(x: 0, y: 10), maxWidth: 200, style: style, measurer: m, into: &narrow)
        #expect(w <= 200 && !texts(narrow).isEmpty && texts(narrow).count < 5)
        for run in texts(narrow) { #expect(m.measure(run.string, size: run.size, font: run.font).width <= (run.maxWidth ?? 0)) }
    }

    @Test("one meaning per colour: the states' colours differ, red is failure only, and a disabled view is not red")
    func oneMeaning() {
        let states = [GestureState.possible, .began, .recognized, .cancelled, .failed].map { OverlayStyle.color(of: $0) }
        #expect(Set(states).count == states.count)
        #expect(OverlayStyle.color(of: GestureState.began) == OverlayStyle.color(of: GestureState.changed))
        #expect(OverlayStyle.color(of: GestureState.ended) == OverlayStyle.color(of: GestureState.recognized))
        let failed = OverlayStyle.color(of: GestureState.failed)
        for v in [HitVerdict.hit, .inside, .outside, .hidden, .transparent, .disabled] {
            #expect(OverlayStyle.color(of: v) != failed, "\(v) is drawn in failure's red")
        }
        // The legend's rows name every colour once.
        let names = StateLegend.meanings.map(\.input)
        #expect(Set(names).count == names.count)
        let colours = StateLegend.meanings.compactMap(\.swatch)
        #expect(Set(colours).count == colours.count)
    }
}
