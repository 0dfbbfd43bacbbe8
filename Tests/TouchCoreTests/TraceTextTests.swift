import Testing
@_spi(TouchScopeInternals) @testable import TouchCore

/// Trace reasons keep their pieces and are formatted when read (issue 7: no string
/// formatting of trace records until they are written or shown), and read exactly as the
/// eagerly formatted strings always did.
@Suite("Trace reasons formatted when read")
struct TraceTextTests {
    @Test("an interpolated reason reads as the same interpolation into a String")
    func sameAsString() {
        let moved = 12.3456, slop = 10.0, n = 3, id = "pan"
        let lazy: TraceText = "began: centroid moved \(show: moved) pt (slop \(fmt: slop)), \(n) touches on \(id)"
        let eager = "began: centroid moved \(GestureMath.show(moved)) pt (slop \(fmt(slop))), \(n) touches on \(id)"
        #expect(lazy.description == eager)
        #expect(lazy.description == "began: centroid moved 12.35 pt (slop 10), 3 touches on pan")
    }

    @Test("fmt and show write numbers as fmt(_:) and GestureMath.show(_:) do", arguments: [
        0.0, -0.0, 1.0, 10.0, 0.1, 2.5, -3.25, 1e15, 1e16, 123.456789, 0.005, -0.004, 99.999,
    ])
    func numbers(_ v: Double) {
        let fmtText: TraceText = "\(fmt: v)"
        let showText: TraceText = "x \(show: v) y"
        #expect(fmtText.description == fmt(v))
        #expect(showText.description == "x \(GestureMath.show(v)) y")
    }

    @Test("literals, strings, nested reasons and other values")
    func pieces() {
        let literal: TraceText = "changed"
        #expect(literal.description == "changed")
        // `TraceText(variable)` takes a formatted string as it is (`TraceText("...")` with a
        // literal is the literal itself).
        let formatted = "formatted already"
        #expect(TraceText(formatted).description == "formatted already")
        #expect(TraceText(formatted).pieces != nil && literal.pieces == nil)
        let inner: TraceText = "touches cancelled by \(fmt: 2.0) fingers"
        let outer: TraceText = "failed: \(inner) while waiting"
        #expect(outer.description == "failed: touches cancelled by 2 fingers while waiting")
        // A type without its own piece is formatted as String(describing:) would.
        let state = GestureState.began
        let other: TraceText = "\(state) and \(Point(x: 1, y: 2))"
        #expect(other.description == "\(state) and \(Point(x: 1, y: 2))")
        let empty: TraceText = ""
        #expect(empty.description == "")
        let onlyValue: TraceText = "\(7)"
        #expect(onlyValue.description == "7")
    }

    @Test("the pieces are the values at the time of the transition")
    func captured() {
        var left = 2
        let text: TraceText = "ended: \(left) touches left"
        left = 0
        #expect(text.description == "ended: 2 touches left")
        #expect(left == 0)
    }

    @Test("equality and hashing go by the text")
    func equality() {
        let a: TraceText = "failed: \(fmt: 10.0) pt"
        let formatted = "failed: 10 pt"
        let b = TraceText(formatted)
        let c: TraceText = "failed: 10 pt"
        #expect(a == b && b == c)
        #expect(Set([a, b, c]).count == 1)
        #expect(a != TraceText("failed: 11 pt"))
    }

    @Test("a gesture message keeps the pieces; its reason and record read the text")
    func message() {
        let symbols = TraceSymbols()
        let pan = PanGestureRecognizer(id: "pan")
        let sym = symbols.symbol(of: pan)
        var m = GestureMessage(t: 1, recognizer: sym, view: -1, from: .possible, to: .began,
                               reason: "began: centroid moved \(show: 11.111) pt (slop \(fmt: 10.0))",
                               outputs: GestureOutputs())
        #expect(m.reasonText.pieces != nil)
        #expect(m.reason == "began: centroid moved 11.11 pt (slop 10)")
        guard case let .gesture(_, _, _, _, reason, _) = m.record(symbols).body else {
            Issue.record("not a gesture record"); return
        }
        #expect(reason == "began: centroid moved 11.11 pt (slop 10)")
        // A String given to the message (the API as it was) reads back the same.
        m.reason = "changed"
        #expect(m.reason == "changed")
        let s = "ended: touches lifted"
        #expect(GestureMessage(t: 1, recognizer: sym, view: -1, from: .changed, to: .ended, reason: s,
                               outputs: GestureOutputs()).reason == s)
    }
}
