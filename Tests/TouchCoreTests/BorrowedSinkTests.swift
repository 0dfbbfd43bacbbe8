// The tracer calls its sink without retaining it per record (docs/performance.md). That is
// safe only because a sink replaced while it is taking a record stays alive until the record
// is delivered: these cases fail (the replaced sink is freed inside its own `receive`) when
// that rule is removed from `Tracer`.
import Testing
import TouchCore

@Suite("The tracer's borrowed sink")
struct BorrowedSinkTests {
    /// A sink that, on its first record, replaces the tracer's sink, then checks it is still
    /// alive and keeps the record.
    private final class ReplacingSink: TraceSink {
        let tracer: Tracer
        let replacement: any TraceSink
        let gone: Flag
        var kept: [TraceRecord] = []
        var aliveAfterReplacing: Bool?
        init(tracer: Tracer, replacement: any TraceSink, gone: Flag) {
            self.tracer = tracer; self.replacement = replacement; self.gone = gone
        }
        func receive(_ record: consuming TraceRecord) {
            if aliveAfterReplacing == nil {
                tracer.sink = replacement
                aliveAfterReplacing = !gone.value
                gone.sawInside = aliveAfterReplacing
            }
            kept.append(record)
        }
        deinit { gone.value = true }
    }
    private final class Flag { var value = false; var sawInside: Bool? }

    @Test("a sink that replaces itself from its own receive is alive until that record is delivered, then released")
    func replacedWhileReceiving() {
        let app = Application(windowSize: Size(width: 100, height: 100))
        let gone = Flag()
        var later: [TraceRecord] = []
        let replacement = TraceCallback { later.append($0) }
        app.tracer.sink = ReplacingSink(tracer: app.tracer, replacement: replacement, gone: gone)
        #expect(gone.value == false, "the tracer owns the sink")
        app.tracer.emit(1, .note(topic: "test", text: "first"))
        #expect(gone.sawInside == true, "the replaced sink was freed while it was taking its record")
        #expect(gone.value == true, "the replaced sink is released once its record is delivered")
        app.tracer.emit(2, .note(topic: "test", text: "second"))
        #expect(later.count == 1)
        #expect(later.first?.t == 2)
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
