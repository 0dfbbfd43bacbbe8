// The "Add a trace kind" recipe (docs/contributing.md), shown with a test-only kind: its one
// table entry below is all it takes for the kind to be emitted, filtered by the event log,
// summarised, encoded to a trace line and to a Perfetto timeline, and read back from a trace
// file (through its entry once registered, as a record of its name and fields without).
import Foundation
import Testing
import TouchDraw
import TouchScene

extension TraceKindEntry {
    /// The test-only kind: a view sparkled some number of times at a point. Listed under the
    /// `remote` filter, drawn as an instant on Perfetto's `remote` track.
    static let sparkle = TraceKindEntry(
        name: "sparkle", group: .remote,
        perfetto: .instant(track: .remote, category: "sparkle", name: { body in
            guard case let .custom(c) = body, case let .string(view)? = c["view"] else { return "sparkle" }
            return "sparkle: \(view ?? "nobody")"
        }, flow: false),
        summary: { body in
            guard case let .custom(c) = body, case let .string(view)? = c["view"], case let .number(n)? = c["count"] else { return "" }
            return "\(view ?? "nobody") sparkled \(TraceFormat.short(n, 0)) times"
        })
}

@Suite("Add a trace kind")
struct TraceKindRecipeTests {
    @Test("a test-only kind is emitted, filtered, summarised, encoded to JSON and Perfetto from its table entry, and read back")
    func sparkleKind() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-kind-recipe-\(getpid()).json").path
        let tracePath = FileManager.default.temporaryDirectory.appendingPathComponent("trace-kind-recipe-\(getpid()).jsonl").path
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: tracePath)
        }
        let log = TraceLog()
        let perfetto = try PerfettoWriter(path: path, scene: "recipe")
        var emitted: [TraceRecord] = []
        let tracer = Tracer(sink: TraceTee([log, perfetto, TraceCallback { emitted.append($0) }]))

        tracer.emit(0.25, .custom(TraceCustom(.sparkle, ["view": .string("photo"), "count": .number(3),
                                                         "at": .point(Point(x: 10.5, y: 20))])))
        tracer.emit(0.5, .note(topic: "x", text: TraceText("after")))
        perfetto.close()

        // Emitted, with its kind's name.
        #expect(emitted.map(\.kind) == ["sparkle", "note"])
        #expect(emitted.first?.body.entry == .sparkle)

        // Filtered: listed under its group, and only there.
        #expect(log.seqs(of: [.remote], limit: 10) == [0])
        #expect(log.seqs(of: [.note], limit: 10) == [1])
        #expect(log.count(of: [.remote]) == 1)
        #expect(emitted.first?.traceKind == .remote)

        // Summarised: the event log's line is time, kind, summary; the selection box the same.
        #expect(log.line(0) == "0.250 sparkle photo sparkled 3 times")
        #expect(SelectionDetail.paragraphs(for: try #require(emitted.first), seq: 0)
                == ["#0  0.250 s  sparkle", "photo sparkled 3 times"])

        // A trace line: t, kind, then the fields in order (DESIGN.md "Trace").
        #expect(emitted.first?.description == #"{"t":0.25,"kind":"sparkle","view":"photo","count":3,"at":[10.5,20]}"#)

        // Perfetto: one instant on the remote track, named and categorized as the entry says,
        // its args the record's fields.
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        let sparkles = events.filter { $0["cat"] as? String == "sparkle" }
        try #require(sparkles.count == 1)
        let e = sparkles[0]
        #expect(e["name"] as? String == "sparkle: photo")
        #expect(e["ph"] as? String == "i")
        #expect((e["ts"] as? NSNumber)?.intValue == 250_000)
        let args = try #require(e["args"] as? [String: Any])
        #expect(args["view"] as? String == "photo")
        #expect((args["count"] as? NSNumber)?.doubleValue == 3)
        #expect((args["at"] as? [NSNumber])?.map(\.doubleValue) == [10.5, 20])
        let trackName = events.first {
            $0["name"] as? String == "thread_name" && ($0["tid"] as? NSNumber)?.intValue == (e["tid"] as? NSNumber)?.intValue
        }.flatMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(trackName == "remote")

        // Read back from a trace file: through its entry while it is registered (a program
        // calls `TraceKindRegistry.register(.sparkle)` once at start; a test adds it for the
        // call), so it summarises as above; without, as a record of its name and fields. Both
        // are equal to what was emitted and write the same line again.
        let writer = try TraceWriter(path: tracePath)
        for record in emitted { writer.write(record) }
        writer.close()
        let lines = try TraceReader.read(path: tracePath)
        try TraceKindRegistry.$added.withValue([.sparkle]) {
            let back = try lines.map { try #require(TraceReader.record(from: $0), "\($0)") }
            #expect(back == emitted)
            #expect(back.first?.body.entry === TraceKindEntry.sparkle)
            #expect(back.map(TraceFormat.line).first == "0.250 sparkle photo sparkled 3 times")
        }
        let unregistered = try #require(TraceReader.record(from: lines[0]))
        #expect(unregistered == emitted[0] && unregistered.description == emitted[0].description)
        #expect(unregistered.kind == "sparkle" && unregistered.body.entry !== TraceKindEntry.sparkle)
    }
}
