import Foundation
import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

@Suite("Traces")
struct TraceTests {
    static let records: [(TraceRecord, String)] = [
        (TraceRecord(t: 0.1234567, .hitTest(touch: 1, point: Point(x: 500, y: 400.5),
                                            path: [HitStep(view: "A", verdict: .inside), HitStep(view: "C", verdict: .outside),
                                                   HitStep(view: "H", verdict: .disabled), HitStep(view: "B", verdict: .hit)],
                                            view: "B")),
         #"{"t":0.123457,"kind":"hit-test","touch":1,"point":[500,400.5],"path":[{"view":"A","verdict":"inside"},{"view":"C","verdict":"outside"},{"view":"H","verdict":"disabled"},{"view":"B","verdict":"hit"}],"view":"B"}"#),
        (TraceRecord(t: 2, .hitTest(touch: 3, point: Point(x: -1, y: 0), path: [], view: nil)),
         #"{"t":2,"kind":"hit-test","touch":3,"point":[-1,0],"path":[],"view":null}"#),
        (TraceRecord(t: 0.5, .touches(phase: .began, view: "pad", touches: [1, 2], reason: nil)),
         #"{"t":0.5,"kind":"touches","phase":"began","view":"pad","touches":[1,2]}"#),
        (TraceRecord(t: 0.5, .touches(phase: .cancelled, view: "pad", touches: [1], reason: "cancelled by \"doubleTap\"")),
         #"{"t":0.5,"kind":"touches","phase":"cancelled","view":"pad","touches":[1],"reason":"cancelled by \"doubleTap\""}"#),
        (TraceRecord(t: 1.25, .gesture(recognizer: "pinch", view: "photo", from: .began, to: .changed, reason: "fingers moved",
                                       outputs: GestureOutputs(location: Point(x: 400, y: 300), scale: 1.5, velocity: 0.25, numberOfTouches: 2))),
         #"{"t":1.25,"kind":"gesture","recognizer":"pinch","view":"photo","from":"began","to":"changed","reason":"fingers moved","scale":1.5,"velocity":0.25,"location":[400,300],"numberOfTouches":2}"#),
        (TraceRecord(t: 1.5, .gesture(recognizer: "pan", view: "photo", from: .changed, to: .ended, reason: "last finger lifted",
                                      outputs: GestureOutputs(translation: Point(x: 10, y: -2.5), velocityVector: Point(x: 120, y: 0)))),
         #"{"t":1.5,"kind":"gesture","recognizer":"pan","view":"photo","from":"changed","to":"ended","reason":"last finger lifted","translation":[10,-2.5],"velocity":[120,0]}"#),
        (TraceRecord(t: 3, .gesture(recognizer: "singleTap", view: "pad", from: .possible, to: .failed,
                                    reason: "failed: requires doubleTap to fail, which recognized", outputs: GestureOutputs())),
         #"{"t":3,"kind":"gesture","recognizer":"singleTap","view":"pad","from":"possible","to":"failed","reason":"failed: requires doubleTap to fail, which recognized"}"#),
        (TraceRecord(t: 3, .control(control: "button", event: "touchUpInside")),
         #"{"t":3,"kind":"control","control":"button","event":"touchUpInside"}"#),
        (TraceRecord(t: 3, .action(sender: "playButton", action: "play", target: nil, handledBy: "player")),
         #"{"t":3,"kind":"action","sender":"playButton","action":"play","target":null,"handledBy":"player"}"#),
        (TraceRecord(t: 4, .motion(phase: .began, subtype: "shake", view: "player", reason: nil)),
         #"{"t":4,"kind":"motion","phase":"began","subtype":"shake","view":"player"}"#),
        (TraceRecord(t: 4, .motion(phase: .cancelled, subtype: "shake", view: nil, reason: "lasted too long")),
         #"{"t":4,"kind":"motion","phase":"cancelled","subtype":"shake","view":null,"reason":"lasted too long"}"#),
        (TraceRecord(t: 5, .remote(command: "togglePlayPause", handledBy: nil, reason: "not the Now Playing app")),
         #"{"t":5,"kind":"remote","command":"togglePlayPause","handledBy":null,"reason":"not the Now Playing app"}"#),
        (TraceRecord(t: 6, .firstResponder(from: nil, to: "field", reason: "tapped\ttext field")),
         #"{"t":6,"kind":"first-responder","from":null,"to":"field","reason":"tapped\ttext field"}"#),
        (TraceRecord(t: 7, .orientation(from: "portrait", to: "landscapeLeft")),
         #"{"t":7,"kind":"orientation","from":"portrait","to":"landscapeLeft"}"#),
        (TraceRecord(t: 1e-7, .note(topic: "ignoring", text: "ctl \u{01} é ✓")),
         #"{"t":0,"kind":"note","topic":"ignoring","text":"ctl \u0001 é ✓"}"#),
        (TraceRecord(t: 8, .failureWait(recognizer: "pan", waitingFor: ["swipe", "tap"])),
         #"{"t":8,"kind":"note","topic":"gesture","text":"pan blocked until swipe, tap fail"}"#),
        (TraceRecord(t: 9, .touchSample(Self.mouseSample)),
         #"{"t":9,"kind":"touch-sample","touch":4,"device":-1,"finger":2,"point":[1.5,2],"phase":"moved","pressure":0.25,"emulated":true}"#),
    ]

    /// A mouse's sample, with the mouse's traits (what an emulated sample reads back with).
    static let mouseSample: FingerSample = {
        var s = FingerSample(touch: 4, key: TouchKey(device: -1, finger: 2), point: Point(x: 1.5, y: 2), phase: .moved,
                             pressure: 0.25, isEmulated: true)
        s.traits = .mouse
        return s
    }()

    @Test("a record's description is its trace line")
    func descriptionIsTheLine() {
        for (record, expected) in Self.records { #expect(record.description == expected && "\(record)" == expected) }
    }

    @Test("trace files hold every record but touch samples; a touch-sample line reads back")
    func touchSamplesStayOutOfFiles() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UInt32.random(in: 0...UInt32.max)).jsonl").path
        let w = try TraceWriter(path: path)
        for (record, _) in Self.records { w.write(record) }
        w.close()
        let kinds = try TraceReader.read(path: path).compactMap { $0["kind"]?.string }
        #expect(kinds.count == Self.records.count - 1 && !kinds.contains("touch-sample"))
        let sample = Self.records.last!
        let back = try TraceReader.read(text: sample.1)
        #expect(TraceReader.record(from: back[0]) == sample.0)
    }

    @Test("trace lines are byte-exact, with fixed field order and number format")
    func exactLines() {
        for (record, expected) in Self.records {
            #expect(TraceWriter.line(record) == expected)
        }
    }

    @Test("numbers: integers without .0, shortest round-trip otherwise, -0 as 0")
    func numbers() {
        func n(_ v: Double) -> String { var b: [UInt8] = []; JSONOut.number(v, into: &b); return String(decoding: b, as: UTF8.self) }
        #expect(n(3) == "3")
        #expect(n(-0.0) == "0")
        #expect(n(0.1) == "0.1")
        #expect(n(1.0 / 3) == "0.3333333333333333")
        #expect(n(-2.5e-8) == "-2.5e-08")
        #expect(n(1e20) == "1e+20")
        #expect(n(.nan) == "null")
    }

    @Test("a trace file written and read back gives the same records, byte-identical on rewrite")
    func roundTrip() throws {
        let path = Paths.temporary("trace.jsonl"), again = Paths.temporary("trace2.jsonl")
        let w = try TraceWriter(path: path)
        for (r, _) in Self.records { w.write(r) }
        w.close()
        let values = try TraceReader.read(path: path)
        let written = Self.records.filter { $0.0.isWrittenToFiles }   // all but the touch sample
        #expect(values.count == written.count)
        #expect(values.map(\.description) == written.map(\.1))
        #expect(values[0].keys == ["t", "kind", "touch", "point", "path", "view"])
        let rebuilt = values.compactMap(TraceReader.record(from:))
        #expect(rebuilt.count == written.count)
        let w2 = try TraceWriter(path: again)
        for r in rebuilt { w2.write(r) }
        w2.close()
        let a = try TraceReader.read(path: path).map(\.description), b = try TraceReader.read(path: again).map(\.description)
        #expect(a == b)
        unlink(path); unlink(again)
    }

    @Test("a broken trace line is reported with its line and column")
    func readerErrors() {
        do throws(InputFileError) {
            _ = try TraceReader.read(text: "{\"t\":1,\"kind\":\"note\",\"topic\":\"a\",\"text\":\"b\"}\n{\"t\":2,\"kind\":}\n")
            Issue.record("accepted a broken line")
        } catch {
            #expect(error.diagnostic.line == 2 && error.diagnostic.column == 15, "\(error)")
        }
    }
}
