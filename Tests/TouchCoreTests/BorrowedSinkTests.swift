// The tracer calls its sink without retaining it per record (docs/performance.md). That is
// safe only because a sink replaced while it is taking a record stays alive until the record
// is delivered: these cases fail when that rule is removed from `Tracer` (an optimized build
// then frees the replaced sink inside its own `receive`; an unoptimized one retains it around
// the call, so the tracer's own hold is checked too).
import Testing
@testable import TouchCore

@Suite("The tracer's borrowed sink")
struct BorrowedSinkTests {
    /// What the sink below saw inside its `receive`, and whether it is gone.
    private final class Seen {
        var gone = false
        var aliveAfterReplacing: Bool?
        var keptByTracer: Int?
    }
    /// A sink that, on its first record, replaces the tracer's sink, then notes whether it
    /// is still alive and what holds it.
    private final class ReplacingSink: TraceSink {
        let tracer: Tracer
        let replacement: any TraceSink
        let seen: Seen
        var records = 0
        init(tracer: Tracer, replacement: any TraceSink, seen: Seen) {
            self.tracer = tracer; self.replacement = replacement; self.seen = seen
        }
        func receive(_ record: consuming TraceRecord) {
            if records == 0 {
                tracer.sink = replacement
                seen.aliveAfterReplacing = !seen.gone
                seen.keptByTracer = tracer.retiredSinks
            }
            records += 1
        }
        deinit { seen.gone = true }
    }

    @Test("a sink that replaces itself from its own receive is alive until that record is delivered, then released")
    func replacedWhileReceiving() {
        let app = Application(windowSize: Size(width: 100, height: 100))
        let seen = Seen()
        var later: [Double] = []
        app.tracer.sink = ReplacingSink(tracer: app.tracer, replacement: TraceCallback { later.append($0.t) }, seen: seen)
        #expect(!seen.gone, "the tracer owns the sink")
        app.tracer.emit(1, .note(topic: "test", text: "first"))
        #expect(seen.aliveAfterReplacing == true, "the replaced sink was freed while it was taking its record")
        #expect(seen.keptByTracer == 1, "the tracer keeps the replaced sink while its record is delivered")
        #expect(seen.gone, "the replaced sink is released once its record is delivered")
        #expect(app.tracer.retiredSinks == 0)
        app.tracer.emit(2, .note(topic: "test", text: "second"))
        #expect(later == [2])
    }

    @Test("turning tracing off from a sink's receive stops the records after that one")
    func turnedOffWhileReceiving() {
        let app = Application(windowSize: Size(width: 100, height: 100))
        var seen = 0
        app.tracer.sink = TraceCallback { [weak tracer = app.tracer] _ in seen += 1; tracer?.sink = nil }
        app.tracer.emit(1, .note(topic: "test", text: "one"))
        #expect(!app.tracer.isOn)
        app.tracer.emit(2, .note(topic: "test", text: "two"))
        #expect(seen == 1)
    }
}
