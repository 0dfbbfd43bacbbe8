// A multitouch pen (a protocol-B slot with MT_TOOL_PEN) hovering with ABS_MT_DISTANCE above 0
// drives HoverGestureRecognizer; a finger in another slot leaves its hover alone.
//
// Expected values come from the kernel's documentation and Apple's:
// - linux Documentation/input/multi-touch-protocol.rst: "Devices capable of contact hovering
//   can use ABS_MT_DISTANCE to indicate the distance between the contact and the surface";
//   "ABS_MT_DISTANCE: The distance, in surface units, between the contact and the surface.
//   Zero distance means the contact is touching the surface. A positive number means the
//   contact is hovering above the surface."; "The TRACKING_ID identifies an initiated contact
//   throughout its life cycle" (so a contact hovering, then touching, then hovering again in
//   its slot keeps its tracking id), "the value -1 denotes an unused slot", "a tracking id no
//   longer present is considered removed"; "ABS_MT_TOOL_TYPE ... MT_TOOL_FINGER, MT_TOOL_PEN".
// - UIHoverGestureRecognizer.zOffset: "This value is `1` at the maximum distance from the
//   screen and approaches `0` as the pointing device gets closer to the screen."
// The fixture is hand-written (no recording of such a pen was found): ABS_MT_POSITION_X and
// _Y 0...1000 stretched onto an 800×600 window, ABS_MT_DISTANCE 0...50, so a distance d is
// zOffset d / 50: 40 → 0.8, 30 → 0.6, 10 → 0.2, 20 → 0.4, and x 250 → 200 pt, y 500 → 300 pt.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("A multitouch pen hovering (MT_TOOL_PEN, ABS_MT_DISTANCE above 0)")
struct MultitouchPenHoverTests {
    static let file = Paths.fixtures + "/import/pen-hover-mt.evemu"
    static let window = Size(width: 800, height: 600)

    /// The file's story worked out by hand from the documentation above: the pen (slot 0)
    /// takes finger number 1 for its hover, the finger (slot 1) number 2; the pen at distance
    /// 0 is a touch (its finger-down ends the hover), rising to 20 lifts it and hovers again;
    /// its tracking id -1 ends the hover.
    static let expected: [RawInput] = [
        RawInput(t: 0.00, .penHover(x: 200, y: 300, z: 0.8, finger: 1)),       // x 250, y 500, d 40
        RawInput(t: 0.01, .penHover(x: 240, y: 300, z: 0.6, finger: 1)),       // x 300, d 30
        RawInput(t: 0.02, .fingerDown(finger: 2, x: 600, y: 150, pressure: nil)),  // slot 1: x 750, y 250
        RawInput(t: 0.03, .penHover(x: 248, y: 300, z: 0.2, finger: 1)),       // x 310, d 10
        RawInput(t: 0.03, .fingerMove(finger: 2, x: 608, y: 150, pressure: nil)),  // x 760
        RawInput(t: 0.04, .fingerDown(finger: 1, x: 248, y: 300, pressure: nil)),  // d 0: touching
        RawInput(t: 0.05, .fingerMove(finger: 1, x: 256, y: 300, pressure: nil)),  // x 320
        RawInput(t: 0.06, .fingerUp(finger: 1, x: 256, y: 300, pressure: nil)),    // d 20: hovering again
        RawInput(t: 0.06, .penHover(x: 256, y: 300, z: 0.4, finger: 1)),
        RawInput(t: 0.07, .fingerUp(finger: 2, x: 608, y: 150, pressure: nil)),    // slot 1: id -1
        RawInput(t: 0.08, .penHoverEnd(finger: 1)),                                // slot 0: id -1
    ]

    @Test("import: a pen-hover (with the pen's finger number) per frame the pen's distance is above 0, a touch at 0, a pen-hover-end when its tracking id ends; the finger on slot 1 a touch throughout")
    func importWritesHovers() throws {
        let r = try ImportedRecording(path: Self.file, window: Self.window)
        #expect(r.inputs.count == Self.expected.count)
        for (a, b) in zip(r.inputs, Self.expected) {
            #expect(abs(a.t - b.t) < 1e-6 && a.kind == b.kind, "\(a) vs \(b)")
        }
        // The hover keeps the slot, tracking id, tool (MT_TOOL_PEN 1) and distance reported.
        #expect(r.contacts[0].slot == 0 && r.contacts[0].trackingID == 10 && r.contacts[0].toolType == 1 && r.contacts[0].distance == 40)
        // The pen's touch is a pencil (MT_TOOL_PEN), the finger a finger (MT_TOOL_FINGER 0).
        #expect(r.contacts[5].toolType == 1 && r.contacts[2].toolType == 0)
    }

    /// A view filling the window with a hover recognizer, replaying `reader`
    /// (`PenHoverTests.replayHover`).
    func replayHover(_ reader: RecordingReader) throws -> (actions: [String], reasons: [String]) {
        try PenHoverTests().replayHover(reader)
    }

    /// UIKit's story of the hover on a view filling the window: began at distance 40, changed
    /// at 30, still under way when the finger lands (no end), changed at 10, ended when the pen
    /// touches, began again at 20 after it rises, ended when its contact ends.
    static let expectedActions = ["began 0.8", "changed 0.6", "changed 0.2", "ended", "began 0.4", "ended"]
    static let expectedReasons = ["ended: the pen touched the screen", "ended: the pen left the range"]

    @Test("replay: a finger landing on another slot does not end the pen's hover; the pen touching and its contact ending do")
    func replayDrivesTheRecognizer() throws {
        let (actions, reasons) = try replayHover(try RecordingReader.open(path: Self.file, window: Self.window))
        #expect(actions == Self.expectedActions)
        #expect(reasons == Self.expectedReasons)
    }

    @Test("the same through a .jsonl recording written from the import: pen-hover and pen-hover-end carry `finger`")
    func jsonlRoundTrip() throws {
        let imported = try ImportedInputStream.open(path: Self.file, window: Self.window)
        var header = imported.header
        header.rawDevice = imported.rawDevice
        let out = Paths.temporary("pen-hover-mt.jsonl")
        let writer = try RecordingWriter(path: out, header: header)
        while let input = try imported.next() { writer.write(input, contact: imported.lastContact) }
        writer.close()
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(#"{"t":0,"type":"pen-hover","x":200,"y":300,"z":0.8,"finger":1,"#))
        #expect(text.contains(#""type":"pen-hover-end","finger":1"#))
        let back = try RecordingReader(path: out).readAll()
        #expect(back.map(\.kind) == Self.expected.map(\.kind))
        let (actions, reasons) = try replayHover(try RecordingReader(path: out))
        #expect(actions == Self.expectedActions)
        #expect(reasons == Self.expectedReasons)
    }

    @Test("the input mapper: a pen-hover with a finger number ends at that finger's finger-down only; one without (a single-touch pen) at any finger-down of its device")
    func mapperKeys() {
        var m = InputMapper(sceneSize: Self.window, defaults: Defaults())
        func ends(_ events: [InputEvent]) -> [TouchKey] {
            events.compactMap { if case let .hoverEnded(k, _) = $0 { return k }; return nil }
        }
        _ = m.map(RawInput(t: 0, .penHover(x: 10, y: 10, z: 0.5, finger: 1)))
        #expect(ends(m.map(RawInput(t: 0.1, .fingerDown(finger: 2, x: 50, y: 50)))) == [])
        #expect(ends(m.map(RawInput(t: 0.2, .fingerDown(finger: 1, x: 10, y: 10)))) == [InputMapper.penKey(device: 0, finger: 1)])
        _ = m.map(RawInput(t: 0.3, .penHover(x: 10, y: 10, z: 0.5)))
        #expect(ends(m.map(RawInput(t: 0.4, .fingerDown(finger: 3, x: 50, y: 50)))) == [InputMapper.penKey(device: 0)])
        // Two pens of one device hover at once under keys of their own; each end is its own.
        _ = m.map(RawInput(t: 0.5, .penHover(x: 10, y: 10, z: 0.5, finger: 4)))
        _ = m.map(RawInput(t: 0.5, .penHover(x: 90, y: 10, z: 0.5, finger: 5)))
        #expect(InputMapper.penKey(device: 0, finger: 4) != InputMapper.penKey(device: 0, finger: 5))
        #expect(ends(m.map(RawInput(t: 0.6, .penHoverEnd(finger: 5)))) == [InputMapper.penKey(device: 0, finger: 5)])
        #expect(ends(m.map(RawInput(t: 0.7, .touchDeviceRemoved))) == [InputMapper.penKey(device: 0, finger: 4)])
    }

    @Test("a pen-hover's `finger` must be a whole number: FILE:LINE:COLUMN and what is wrong")
    func badFinger() {
        func problem(_ line: String) -> String? {
            do {
                _ = try RecordingReader(text: "{\"recording\":1,\"window\":[800,600]}\n" + line + "\n", file: "h.jsonl").readAll()
                return nil
            } catch { return error.description }
        }
        // `finger`'s value starts after the 55 characters of
        // `{"t":0,"type":"pen-hover","x":1,"y":2,"z":0.5,"finger":`.
        #expect(problem(#"{"t":0,"type":"pen-hover","x":1,"y":2,"z":0.5,"finger":1.5}"#)
                == "h.jsonl:2:56: field `finger` must be a whole number, found 1.5")
        #expect(problem(#"{"t":0,"type":"pen-hover-end","finger":2}"#) == nil)
    }
}
