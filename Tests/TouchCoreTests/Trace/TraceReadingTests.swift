// The trace reader reads every kind the writer writes: each shipped kind into its case, a
// failure wait into its own case, a program's kind through its registered entry, and a kind
// the reading program does not know as a custom record of its name and fields. Each record's
// line, read back and written again, keeps its bytes.
import Testing
import TouchCore

extension TraceKindEntry {
    /// A test-only kind, registered for the tests that read it (`TraceKindRegistry.$added`).
    static let ripple = TraceKindEntry(
        name: "ripple", group: .note,
        perfetto: .instant(track: .notes, category: "ripple", name: { _ in "ripple" }, flow: false),
        summary: { body in
            guard case let .custom(c) = body, case let .string(view)? = c["view"] else { return "" }
            return "ripple on \(view ?? "nothing")"
        })
}

@Suite("Reading traces back")
struct TraceReadingTests {
    /// One record of every case of `TraceRecord.Body` (and of each way a case is written).
    static let records: [TraceRecord] = [
        TraceRecord(t: 0.125, .hitTest(touch: 1, point: Point(x: 500, y: 400.5),
                                       path: [HitStep(view: "root", verdict: .inside), HitStep(view: "pad", verdict: .hit)],
                                       view: "pad", recognizers: ["doubleTap", "singleTap"])),
        TraceRecord(t: 0.5, .hitTest(touch: 2, point: Point(x: -1, y: 0), path: [], view: nil)),
        TraceRecord(t: 0.5, .touches(phase: .began, view: "pad", touches: [1, 2], reason: nil)),
        TraceRecord(t: 0.5, .touches(phase: .cancelled, view: "pad", touches: [1], reason: "cancelled by \"doubleTap\"")),
        TraceRecord(t: 1.25, .gesture(recognizer: "pinch", view: "photo", from: .began, to: .changed, reason: "fingers moved",
                                      outputs: GestureOutputs(location: Point(x: 400, y: 300), scale: 1.5, rotation: 0.25,
                                                              velocity: 0.5, numberOfTouches: 2))),
        TraceRecord(t: 1.5, .gesture(recognizer: "pan", view: "photo", from: .changed, to: .ended, reason: "last finger lifted",
                                     outputs: GestureOutputs(translation: Point(x: 10, y: -2.5), velocityVector: Point(x: 120, y: 0)))),
        TraceRecord(t: 2.000001, .gesture(recognizer: "tap", view: "", from: .possible, to: .failed, reason: "failed: moved 12.5 pt",
                                          outputs: GestureOutputs()),
                    decision: GestureDecision(.slop, measured: 12.5, limit: 10, unit: .pt, by: ["pan"], neverBegan: true)),
        TraceRecord(t: 2.5, .touchSample(TouchDetailsTraceTests.mouseSample)),
        TraceRecord(t: 0.125, .hitTest(touch: 3, point: Point(x: 10, y: 20), path: [], view: "pad", details: TouchDetailsTraceTests.pen)),
        TraceRecord(t: 2.5, .touchSample(TouchDetailsTraceTests.penSample)),
        TraceRecord(t: 2.5, .coalescedTouches(touch: 3, samples: [TouchSample(location: Point(x: 1.5, y: 2), pressure: 1, timestamp: 2.49)],
                                              predicted: [], details: TouchDetailsTraceTests.sized)),
        TraceRecord(t: 2.5, .coalescedTouches(touch: 4, samples: [TouchSample(location: Point(x: 1.5, y: 2), pressure: 1, timestamp: 2.49),
                                                                  TouchSample(location: Point(x: 3, y: 2.25), pressure: 1, timestamp: 2.495)],
                                              predicted: [TouchSample(location: Point(x: 4.5, y: 2.5), pressure: 1, timestamp: 2.5)])),
        TraceRecord(t: 2.5, .coalescedTouches(touch: 5, samples: [TouchSample(location: Point(x: 0, y: 0), pressure: 1, timestamp: 2.5)],
                                              predicted: [])),
        TraceRecord(t: 3, .control(control: "button", event: "touchUpInside")),
        TraceRecord(t: 3, .action(sender: "playButton", action: "play", target: nil, handledBy: "player")),
        TraceRecord(t: 4, .motion(phase: .began, subtype: "shake", view: "player", reason: nil)),
        TraceRecord(t: 4, .motion(phase: .cancelled, subtype: "shake", view: nil, reason: "lasted too long")),
        TraceRecord(t: 5, .remote(command: "togglePlayPause", handledBy: nil, reason: "not the Now Playing app")),
        TraceRecord(t: 6, .firstResponder(from: nil, to: "field", reason: "tapped\ttext field")),
        TraceRecord(t: 7, .orientation(from: "portrait", to: "landscapeLeft")),
        TraceRecord(t: 8, .failureWait(recognizer: "pan", waitingFor: ["swipe"])),
        TraceRecord(t: 8, .failureWait(recognizer: "pan", waitingFor: ["swipe", "tap"])),
        TraceRecord(t: 9, .note(topic: "ignoring", text: "ctl \u{01} é ✓")),
        TraceRecord(t: 10, .custom(TraceCustom(.ripple, ["view": .string("photo"), "target": .string(nil), "count": .number(3),
                                                         "at": .point(Point(x: 10.5, y: 20)), "by": .strings(["a", "b"]),
                                                         "none": .strings([])]))),
    ]

    /// The case of a body. A switch with no `default`: a new case of `TraceRecord.Body` stops
    /// the build here until it is named, and then `everyKindReadsBack` asks for its record.
    static func caseName(_ body: TraceRecord.Body) -> String {
        switch body {
        case .hitTest: "hitTest"
        case .touches: "touches"
        case .gesture: "gesture"
        case .touchSample: "touchSample"
        case .coalescedTouches: "coalescedTouches"
        case .control: "control"
        case .action: "action"
        case .motion: "motion"
        case .remote: "remote"
        case .firstResponder: "firstResponder"
        case .orientation: "orientation"
        case .failureWait: "failureWait"
        case .note: "note"
        case .custom: "custom"
        }
    }
    static let allCases: Set<String> = ["hitTest", "touches", "gesture", "touchSample", "coalescedTouches", "control", "action", "motion", "remote",
                                        "firstResponder", "orientation", "failureWait", "note", "custom"]

    @Test("a record of every built-in kind and of a registered custom kind reads back equal, its line written again byte for byte")
    func everyKindReadsBack() throws {
        #expect(Set(Self.records.map { Self.caseName($0.body) }) == Self.allCases)
        try TraceKindRegistry.$added.withValue([.ripple]) {
            for record in Self.records {
                let line = record.description
                let back = try #require(TraceRecord(line: line), "not read back: \(line)")
                #expect(back == record, "\(line)")
                #expect(back.decision == record.decision, "\(line)")
                #expect(back.description == line)
                #expect(Self.caseName(back.body) == Self.caseName(record.body), "\(line)")
            }
            // The custom record reads back through its registered entry: its summary is the entry's.
            let written = try #require(Self.records.last)
            let ripple = try #require(TraceRecord(line: written.description))
            #expect(ripple.body.entry === TraceKindEntry.ripple)
            #expect(TraceFormat.summary(ripple.body) == "ripple on photo")
        }
    }

    @Test("a kind the reading program does not know reads back as a custom record of its name and fields, written again byte for byte")
    func unknownKindReadsBack() throws {
        let line = #"{"t":10,"kind":"ripple","view":"photo","target":null,"count":3,"at":[10.5,20],"by":["a","b"],"none":[]}"#
        #expect(TraceKindRegistry.entry(named: "ripple") == nil)
        let back = try #require(TraceRecord(line: line))
        #expect(back.kind == "ripple" && back.description == line)
        #expect(back == Self.records.last)
        #expect(back.traceKind == .note)
        #expect(TraceFormat.line(back) == "10.000 ripple view photo target null count 3 at (10.5, 20) by a,b none ")
        guard case let .custom(c) = back.body else { Issue.record("not a custom record: \(back)"); return }
        #expect(c["count"] == .number(3) && c["at"] == .point(Point(x: 10.5, y: 20)))
    }

    @Test("a wait note that is not exactly what a failure wait writes stays a note")
    func notesThatAreNotWaits() throws {
        for text in ["pan blocked until swipe fail", "pan blocked until swipe, tap fails", "pan waits for swipe"] {
            let line = TraceRecord(t: 1, .note(topic: "gesture", text: TraceText(text))).description
            let back = try #require(TraceRecord(line: line))
            #expect(back.body == .note(topic: "gesture", text: TraceText(text)), "\(text)")
        }
        let other = try #require(TraceRecord(line: #"{"t":1,"kind":"note","topic":"delivery","text":"pan blocked until swipe fails"}"#))
        #expect(Self.caseName(other.body) == "note")
    }

    @Test("a line that is no trace line reads as nil, whatever its numbers")
    func notTraceLines() {
        for line in [
            #"{"t":1,"kind":"hit-test","point":[0,0],"path":[],"view":null}"#,             // no touch
            #"{"t":1,"kind":"hit-test","touch":1.5,"point":[0,0],"path":[],"view":null}"#,  // not an integer
            #"{"t":1,"kind":"hit-test","touch":1e300,"point":[0,0],"path":[],"view":null}"#,
            #"{"t":1,"kind":"touches","phase":"began","view":"pad","touches":[1e300]}"#,
            #"{"t":1,"kind":"gesture","recognizer":"tap","view":"pad","from":"possible","to":"sideways","reason":""}"#,
            #"{"t":1,"kind":"ripple","flag":true}"#,                                        // custom kinds write no booleans
            #"{"t":1,"kind":"ripple","list":[1,"a"]}"#,
            #"{"kind":"note","topic":"a","text":"b"}"#,
            #"{"t":1,"kind":"note","topic":"a","text":"b"} x"#,
            "not json",
        ] {
            #expect(TraceRecord(line: line) == nil, "\(line)")
        }
    }

    @Test("a program registers its kind once; a shipped kind's name or a name taken by another entry is refused")
    func registering() {
        let mine = TraceKindEntry(name: "trace-reading-test-kind", group: .note,
                                  perfetto: .instant(track: .notes, category: "mine", name: { _ in "mine" }, flow: false),
                                  summary: { _ in "mine" })
        #expect(TraceKindRegistry.register(mine))
        #expect(TraceKindRegistry.register(mine))
        #expect(TraceKindRegistry.entry(named: "trace-reading-test-kind") === mine)
        #expect(TraceKindRegistry.all.contains { $0 === mine })
        let impostor = TraceKindEntry(name: "trace-reading-test-kind", group: .note, perfetto: .own, summary: { _ in "" })
        #expect(!TraceKindRegistry.register(impostor))
        let control = TraceKindEntry(name: "control", group: .control, perfetto: .own, summary: { _ in "" })
        #expect(!TraceKindRegistry.register(control))
        #expect(TraceKindRegistry.entry(named: "control") === TraceKindEntry.control)
        let line = #"{"t":1,"kind":"trace-reading-test-kind","n":2}"#
        #expect(TraceRecord(line: line)?.body.entry === mine)
    }
}
