import Testing
@testable import TouchCore

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

    @Test("a gesture record keeps the reason's pieces; reading it formats the text")
    func gestureRecord() {
        let app = Application(windowSize: Size(width: 100, height: 100))
        var records: [TraceRecord] = []
        app.tracer.sink = TraceCallback { records.append($0) }
        let pan = PanGestureRecognizer(id: "pan")
        app.window.addGestureRecognizer(pan)
        pan.traceTransition(app, from: .possible, to: .began, reason: "began: centroid moved \(show: 11.111) pt (slop \(fmt: 10.0))",
                            outputs: GestureOutputs())
        guard case let .gesture(recognizer, view, from, to, reason, _) = records.first?.body else {
            Issue.record("not a gesture record"); return
        }
        #expect(recognizer == "pan" && view == "window" && from == .possible && to == .began)
        #expect(reason.pieces != nil)
        #expect(reason.string == "began: centroid moved 11.11 pt (slop 10)")
        #expect(records[0].description.contains(#""reason":"began: centroid moved 11.11 pt (slop 10)""#))
    }

    @Test("trace names: equal ids have equal numbers, compare with strings, and read as their text")
    func traceNames() {
        let a = TraceName("photo"), b: TraceName = "photo", c = TraceName("pan")
        #expect(a == b && a.number == b.number && a != c && a.number != c.number)
        #expect(a == "photo" && "photo" == a && a != "pan")
        #expect(Set([a, b, c]).count == 2)
        #expect(a.description == "photo" && TraceName.none.isEmpty)
        #expect(View(id: "photo", frame: Rect(x: 0, y: 0, width: 1, height: 1)).traceName == a)
    }
}
