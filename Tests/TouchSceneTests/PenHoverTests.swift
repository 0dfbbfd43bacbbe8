// A pen hovering in range drives HoverGestureRecognizer, from a real recording.
//
// Expected values come from the kernel's documentation and Apple's:
// - linux Documentation/input/event-codes.rst: "BTN_TOOL_<name>: These codes are used in
//   conjunction with input trackpads, tablets, and touchscreens ... the tool is in proximity"
//   (set to 1 while the pen is in range); "BTN_TOUCH ... indicates contact"; "ABS_DISTANCE ...
//   used to describe the distance of a tool from an interaction surface".
// - UIHoverGestureRecognizer.zOffset: "A value that represents the normalized distance between
//   the screen and a hovering pointing device, such as Apple Pencil. ... This value is `1` at
//   the maximum distance from the screen and approaches `0` as the pointing device gets closer
//   to the screen. This value is `0` for devices that don't support zOffset."
// The fixture is an excerpt of a Wacom Cintiq 13HD touch's pen (whot/evemu-devices; its head
// names the source): in range at distance 31 of 0...63, touching at 0.027962 s, lifting at
// 0.054888 s (distance 20), hovering on, leaving the range at 0.499964 s. The expected hovers
// are worked out below by a small reader of the file's `E:` lines of its own, written from
// the documentation above, not from the importer.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite("A pen hovering in range (ABS_DISTANCE, BTN_TOOL_PEN without BTN_TOUCH)")
struct PenHoverTests {
    static let file = Paths.fixtures + "/import/pen-hover.cintiq-13hd.evemu"
    static let window = Size(width: 800, height: 600)

    /// What the file says, frame by frame, read independently: each SYN_REPORT's time, whether
    /// the pen was in range and touching, and its x, y, distance; and the axes' ranges.
    struct PenFrames {
        var frames: [(t: Double, inRange: Bool, touching: Bool, x: Int, y: Int, d: Int)] = []
        var ranges: [Int: (min: Int, max: Int)] = [:]

        init(path: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            var inRange = false, touching = false, x = 0, y = 0, d = 0
            for line in text.split(separator: "\n") {
                let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if f.first == "A:", f.count >= 4, let code = Int(f[1], radix: 16), let lo = Int(f[2]), let hi = Int(f[3]) {
                    ranges[code] = (lo, hi)
                }
                guard f.first == "E:", f.count >= 5, let t = Double(f[1]), let type = Int(f[2], radix: 16),
                      let code = Int(f[3], radix: 16), let v = Int(f[4]) else { continue }
                switch (type, code) {
                case (1, 0x140): inRange = v != 0          // BTN_TOOL_PEN
                case (1, 0x14a): touching = v != 0         // BTN_TOUCH
                case (3, 0x00): x = v                      // ABS_X
                case (3, 0x01): y = v                      // ABS_Y
                case (3, 0x19): d = v                      // ABS_DISTANCE
                case (0, 0): frames.append((t, inRange, touching, x, y, d))
                default: break
                }
            }
        }

        /// zOffset as UIKit defines it: 1 at the axis's maximum distance, toward 0 at its minimum
        /// (kept to 4 decimals, as recordings keep it).
        func zOffset(_ d: Int) -> Double {
            let r = ranges[0x19]!
            return ((Double(d - r.min) / Double(r.max - r.min)) * 10000).rounded() / 10000
        }
        func point(_ x: Int, _ y: Int, _ window: Size) -> Point {
            let rx = ranges[0x00]!, ry = ranges[0x01]!
            func scale(_ v: Int, _ r: (min: Int, max: Int), _ size: Double) -> Double {
                ((Double(v - r.min) / Double(r.max - r.min)) * size * 1000).rounded() / 1000
            }
            return Point(x: scale(x, rx, window.width), y: scale(y, ry, window.height))
        }

        /// The hover's story, as UIKit's recognizer on a view filling the window tells it:
        /// "began z" when the pen comes in range not touching, "changed z" each frame it moves,
        /// "ended" when it touches or leaves the range.
        var expectedActions: [String] {
            var out: [String] = []
            var hovering = false
            for f in frames {
                if f.inRange && !f.touching {
                    out.append("\(hovering ? "changed" : "began") \(zOffset(f.d))")
                    hovering = true
                } else if hovering {
                    out.append("ended")
                    hovering = false
                }
            }
            return out
        }
    }

    @Test("the file read on its own: in range at 31 of 0...63, touching from 0.027962 s to 0.054888 s, out of range at 0.499964 s")
    func theFixture() throws {
        let pen = try PenFrames(path: Self.file)
        #expect(pen.ranges[0x19]! == (0, 63))
        #expect(pen.frames.first.map { $0.inRange && !$0.touching && $0.d == 31 } == true)
        #expect(pen.frames.filter(\.touching).map(\.t).first == 0.027962)
        #expect(pen.frames.last.map { !$0.inRange } == true)
        #expect(pen.zOffset(31) == 0.4921 && pen.zOffset(20) == 0.3175)   // 31/63, 20/63
    }

    @Test("import: a pen-hover per frame in range without touch (z = ABS_DISTANCE through its range), the touch a pencil finger, a pen-hover-end when it leaves")
    func importWritesHovers() throws {
        let pen = try PenFrames(path: Self.file)
        let r = try ImportedRecording(path: Self.file, window: Self.window)
        let t0 = pen.frames[0].t
        var expected: [RawInput] = []
        var down = false, hovering = false
        for f in pen.frames {
            let t = ((f.t - t0) * 1e6).rounded() / 1e6
            let p = pen.point(f.x, f.y, Self.window)
            if f.touching {
                if !down { expected.append(RawInput(t: t, .fingerDown(finger: 1, x: p.x, y: p.y, pressure: nil))) }
                down = true; hovering = false
                continue
            }
            down = false  // a lift: its finger-up is checked by kind below; the pen hovers on at once
            if f.inRange { expected.append(RawInput(t: t, .penHover(x: p.x, y: p.y, z: pen.zOffset(f.d)))); hovering = true }
            else if hovering { expected.append(RawInput(t: t, .penHoverEnd())); hovering = false }
        }
        let hovers = r.inputs.filter {
            switch $0.kind {
            case .penHover, .penHoverEnd, .fingerDown: true
            default: false
            }
        }
        // The finger-down carries a pressure (ABS_PRESSURE); compare its place and time only.
        #expect(hovers.count == expected.count)
        for (a, b) in zip(hovers, expected) {
            #expect(abs(a.t - b.t) < 1e-6, "\(a) vs \(b)")
            if case .fingerDown = b.kind {
                guard case .fingerDown = a.kind else { Issue.record("expected a finger-down, got \(a)"); continue }
            } else {
                #expect(a.kind == b.kind)
            }
        }
        // The pen's touch is a pencil: its contact says MT_TOOL_PEN (1).
        let downIndex = try #require(r.inputs.firstIndex { if case .fingerDown = $0.kind { return true }; return false })
        #expect(r.contacts[downIndex].toolType == 1)
        // The hover line keeps the distance the device reported.
        #expect(r.contacts[0].distance == 31)
    }

    /// A view filling the window with a hover recognizer, replaying `recording`; its actions as
    /// "state zOffset" (`ended` alone), and the reasons of its `ended` records.
    func replayHover(_ reader: RecordingReader) throws -> (actions: [String], reasons: [String]) {
        let s = try scene(minimal("  - {id: canvas, frame: [0, 0, 800, 600], recognizers: [{id: pencilHover, type: hover}]}\n"))
        let session = SceneSession(scene: s)
        let hover = try #require(session.built.recognizers["pencilHover"] as? HoverGestureRecognizer)
        var actions: [String] = []
        hover.addTarget { r in
            let h = r as! HoverGestureRecognizer
            actions.append(h.state == .ended ? "ended" : "\(h.state.rawValue) \(h.zOffset)")
        }
        var reasons: [String] = []
        session.app.tracer.sink = TraceCallback { rec in
            if case let .gesture(_, _, _, to, reason, _) = rec.body, to == .ended { reasons.append(reason.string) }
        }
        try Replayer(session: session, recording: reader).run(until: nil)
        return (actions, reasons)
    }

    @Test("replay: began as the pen comes in range, changed with zOffset = distance / 63 as it moves, ended when it touches, began again after the lift, ended when it leaves")
    func replayDrivesTheRecognizer() throws {
        let pen = try PenFrames(path: Self.file)
        let (actions, reasons) = try replayHover(try RecordingReader.open(path: Self.file, window: Self.window))
        #expect(actions == pen.expectedActions)
        #expect(actions.first == "began 0.4921")
        #expect(reasons == ["ended: the pen touched the screen", "ended: the pen left the range"])
    }

    @Test("the same through a .jsonl recording written from the import (the pen-hover lines read back)")
    func jsonlRoundTrip() throws {
        let pen = try PenFrames(path: Self.file)
        let imported = try ImportedInputStream.open(path: Self.file, window: Self.window)
        var header = imported.header
        header.rawDevice = imported.rawDevice
        let out = Paths.temporary("pen-hover.jsonl")
        let writer = try RecordingWriter(path: out, header: header)
        while let input = try imported.next() { writer.write(input, contact: imported.lastContact) }
        writer.close()
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(#"{"t":0,"type":"pen-hover","x":"#))
        #expect(text.contains(#""type":"pen-hover-end"}"#))
        let (actions, _) = try replayHover(try RecordingReader(path: out))
        #expect(actions == pen.expectedActions)
    }

    @Test("bad pen-hover lines: FILE:LINE:COLUMN and what is wrong")
    func badLines() {
        func problem(_ line: String) -> String? {
            do {
                _ = try RecordingReader(text: "{\"recording\":1,\"window\":[800,600]}\n" + line + "\n", file: "h.jsonl").readAll()
                return nil
            } catch { return error.description }
        }
        // The column is where the wrong value starts: `z`'s 1.5 after the 42 characters of
        // `{"t":0,"type":"pen-hover","x":1,"y":2,"z":`, the type after `{"t":0,"type":` (14).
        #expect(problem(#"{"t":0,"type":"pen-hover","x":1,"y":2}"#) == "h.jsonl:2:1: missing field `z` for `pen-hover`")
        #expect(problem(#"{"t":0,"type":"pen-hover","x":1,"y":2,"z":1.5}"#)
                == "h.jsonl:2:43: field `z` (the pen's zOffset) must be between 0 and 1, found 1.5")
        #expect(problem(#"{"t":0,"type":"pen-hover","y":2,"z":0.5}"#) == "h.jsonl:2:1: missing field `x` for `pen-hover`")
        #expect(problem(#"{"t":0,"type":"pen-hover","x":1,"y":2,"z":0.5,"device":0.5}"#)
                == "h.jsonl:2:56: field `device` must be a whole number, found 0.5")
        #expect(problem(#"{"t":0,"type":"pen-hover-end"}"#) == nil)
        #expect(problem(#"{"t":0,"type":"pen-hovr"}"#)?.hasPrefix("h.jsonl:2:15: unknown type `pen-hovr`") == true)
    }

    @Test("a real pen without ABS_DISTANCE (a Dell Canvas's) hovers with zOffset 0, UIKit's \"0 for devices that don't support zOffset\"")
    func penWithoutDistance() throws {
        let path = Paths.fixtures + "/import/pen-hover-no-distance.dell-canvas.evemu"
        let pen = try PenFrames(path: path)
        #expect(pen.ranges[0x19] == nil)    // no ABS_DISTANCE axis
        // 12 frames in range, none touching, then out of range: 12 hovers and an end.
        #expect(pen.frames.filter { $0.inRange && !$0.touching }.count == 12 && pen.frames.last.map { !$0.inRange } == true)
        let r = try ImportedRecording(path: path, window: Self.window)
        #expect(r.inputs.count == 13)
        #expect(r.inputs.dropLast().allSatisfy { if case let .penHover(_, _, z, _, _) = $0.kind { return z == 0 }; return false })
        #expect(r.inputs.last?.kind == .penHoverEnd())
        let (actions, reasons) = try replayHover(try RecordingReader.open(path: path, window: Self.window))
        #expect(actions == ["began 0.0"] + Array(repeating: "changed 0.0", count: 11) + ["ended"])
        #expect(reasons == ["ended: the pen left the range"])
    }

    @Test("an older recording reads as before: a mouse hover's zOffset stays 0 (\"0 for devices that don't support zOffset\")")
    func mouseHoverUnchanged() throws {
        let text = "{\"recording\":1,\"window\":[800,600]}\n{\"t\":0,\"type\":\"mouse-move\",\"x\":10,\"y\":10}\n{\"t\":0.1,\"type\":\"mouse-move\",\"x\":20,\"y\":10}\n"
        let (actions, _) = try replayHover(try RecordingReader(text: text))
        #expect(actions == ["began 0.0", "changed 0.0"])
    }
}
