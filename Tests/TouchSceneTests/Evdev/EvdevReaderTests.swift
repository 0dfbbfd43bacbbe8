// The evdev reader fed through a pipe (no device, no sleeping): a file's events written as
// `struct input_event` records give the same touches and contacts as `import` of the file,
// and the same anomalies as `analyze`; SYN_DROPPED is resynced from the device's state as
// linux Documentation/input/event-codes.rst says (discard up to the next SYN_REPORT, then ask
// the device); tools, hover and the kernel's times come through.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

/// A pipe whose writing end a thread fills with `events` (then closes), as fast as the
/// reader takes them; `device`, when given, applies each event before it is written.
func feedPipe(_ events: [EvdevEvent], device: EvdevFeedDevice? = nil) -> Int32 {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    let (r, w) = (fds[0], fds[1])
    let t = Thread {
        // Frame by frame, so the device's state is never ahead of the frame written.
        var frame: [EvdevEvent] = []
        for e in events {
            device?.apply(e)
            frame.append(e)
            if e.type == 0 && e.code == 0 {
                EvdevRecords.write(EvdevRecords.encode(frame), to: w)
                frame.removeAll()
            }
        }
        EvdevRecords.write(EvdevRecords.encode(frame), to: w)
        close(w)
    }
    t.start()
    return r
}

/// Every frame the reader gives until the pipe ends.
func readAll(_ reader: EvdevReader) throws -> [EvdevFrame] {
    var out: [EvdevFrame] = []
    while let f = try reader.nextFrame() { out.append(f) }
    return out
}

@Suite struct EvdevReaderTests {
    static let window = Size(width: 1280, height: 800)

    static var files: [String] {
        let dir = Paths.fixtures + "/import"
        let real = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/real")) ?? []
        return ["protocol-a.evemu", "protocol-b.evemu", "single-touch.evemu", "touch.yml"].map { dir + "/" + $0 }
            + real.filter { $0.hasSuffix(".evemu") }.sorted().map { dir + "/real/" + $0 }
    }

    @Test(arguments: files)
    func aFileThroughAPipeGivesWhatImportAndAnalyzeGive(path: String) throws {
        #expect(Self.files.count >= 17)
        let file = try EvdevFileDevice.read(path: path)
        let device = EvdevFeedDevice(info: file.info)
        let fd = feedPipe(file.events, device: device)
        defer { close(fd) }
        let reader = try EvdevReader(fd: fd, info: file.info, queries: device, window: Self.window, label: path, protocolA: file.protocolA)
        var read: [EvdevEvent] = []
        reader.onEvent = { read.append($0) }
        let frames = try readAll(reader)
        let touches = frames.flatMap(\.touches)

        let imported = try ImportedRecording(path: path, window: Self.window)
        #expect(touches.map(\.input) == imported.inputs)
        #expect(touches.map(\.contact) == imported.contacts)
        #expect(!touches.isEmpty)

        // Every frame, with the kernel's time of its SYN_REPORT.
        let reports = file.events.filter { $0.type == 0 && $0.code == 0 }
        #expect(frames.map(\.time) == reports.map(\.time))

        // The anomalies the reader counts are analyze's of the same kinds; the whole analysis
        // of what it read is analyze's of the file.
        let capture = try ContactCapture.read(path: path)
        let counted: Set<String> = [CaptureEvent.Kind.synDropped.rawValue, CaptureEvent.Kind.trackingIDReuse.rawValue]
        func key(_ e: CaptureEvent) -> String { "\(e.kind.rawValue) \(e.at) \(e.slot) \(e.trackingID)" }
        #expect(reader.anomalies.map(key) == capture.events.filter { counted.contains($0.kind.rawValue) }.map(key))
        let live = try ContactCapture.fromEvdev(device: file.info.evdevDevice, events: read, format: capture.format, file: path)
        #expect(TouchAnalysis.analyze(live).anomalies == TouchAnalysis.analyze(capture).anomalies)
        #expect(live.tracks.count == capture.tracks.count)
    }

    /// A protocol B device with two slots, x and y 0 to 1000 on a 1000 × 1000 window (so a
    /// position in device units is the same in points).
    static let twoSlots = EvdevDeviceInfo(name: "Test Panel", properties: [1], axes: [
        0x2f: EvdevAxis(min: 0, max: 1), 0x35: EvdevAxis(min: 0, max: 1000), 0x36: EvdevAxis(min: 0, max: 1000),
        0x39: EvdevAxis(min: 0, max: 65535),
    ], keys: [0x14a])

    /// Events of one frame at `ms` milliseconds: each (code, value) an EV_ABS event, then SYN_REPORT.
    static func frame(_ ms: Int64, _ abs: [(Int, Int)]) -> [EvdevEvent] {
        abs.map { EvdevEvent(time: 1_000_000 + ms * 1000, type: 3, code: $0.0, value: $0.1) }
            + [EvdevEvent(time: 1_000_000 + ms * 1000, type: 0, code: 0, value: 0)]
    }

    @Test func synDroppedDiscardsToTheNextReportAndReadsTheStateBack() throws {
        let device = EvdevFeedDevice(info: Self.twoSlots)
        // What the device did: two contacts down; then, while the reader's buffer overflowed,
        // the first lifted, the second moved and a new contact landed in slot 0; then the
        // second moved again and everything lifted.
        let before = Self.frame(0, [(0x2f, 0), (0x39, 10), (0x35, 100), (0x36, 100)])
            + Self.frame(10, [(0x2f, 1), (0x39, 11), (0x35, 500), (0x36, 500)])
        let lost = Self.frame(20, [(0x2f, 0), (0x39, -1)])
            + Self.frame(30, [(0x2f, 1), (0x35, 600), (0x36, 600), (0x2f, 0), (0x39, 12), (0x35, 900), (0x36, 900)])
        let after = Self.frame(50, [(0x2f, 1), (0x35, 700)])
            + Self.frame(60, [(0x2f, 0), (0x39, -1), (0x2f, 1), (0x39, -1)])
        for e in before + lost { device.apply(e) }
        // What the reader gets: the first frames, SYN_DROPPED, the tail of the frame being
        // written when the buffer had room again (to be discarded), its SYN_REPORT, then the rest.
        let dropped = EvdevEvent(time: 1_040_000, type: 0, code: 3, value: 0)
        let tail = [EvdevEvent(time: 1_040_000, type: 3, code: 0x35, value: 910), EvdevEvent(time: 1_040_000, type: 0, code: 0, value: 0)]
        device.apply(tail[0])
        // The device's state is set up front; the pipe carries what the reader would read.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let w = fds[1]
        let t = Thread {
            EvdevRecords.write(EvdevRecords.encode(before + [dropped] + tail), to: w)
            // The device's later frames happen after the reader asked (the pipe orders them).
            EvdevRecords.write(EvdevRecords.encode(after), to: w)
            close(w)
        }
        t.start()
        defer { close(fds[0]) }
        let reader = try EvdevReader(fd: fds[0], info: Self.twoSlots, queries: device, window: Size(width: 1000, height: 1000),
                                     label: "test", protocolA: false)
        // The reader asks when it reaches the SYN_REPORT after SYN_DROPPED, before reading `after`:
        // the device then is as after `lost` and the tail (slot 0 at x 910).
        var frames: [EvdevFrame] = []
        while let f = try reader.nextFrame() {
            frames.append(f)
            if f.time == 1_050_000 { break }
        }
        // Let the device move on only now (its state as `after` leaves it), then read the rest.
        for e in after { device.apply(e) }
        while let f = try reader.nextFrame() { frames.append(f) }

        let kinds = frames.flatMap(\.touches).map { t -> String in
            switch t.input.kind {
            case let .fingerDown(f, x, y, _, _): "down \(f) \(Int(x)) \(Int(y)) id \(t.contact.trackingID ?? -1)"
            case let .fingerMove(f, x, y, _, _): "move \(f) \(Int(x)) \(Int(y)) id \(t.contact.trackingID ?? -1)"
            case let .fingerUp(f, _, _, _, _): "up \(f) id \(t.contact.trackingID ?? -1)"
            default: "other"
            }
        }
        #expect(kinds == [
            "down 1 100 100 id 10", "down 2 500 500 id 11",
            // The resync: the lifted contact lifts in a frame of its own, then the new state.
            "up 1 id 10",
            "down 1 910 900 id 12", "move 2 600 600 id 11",
            "move 2 700 600 id 11",
            "up 1 id 12", "up 2 id 11",
        ])
        // The resync frames carry the time of the SYN_REPORT that ended the discarding.
        #expect(frames.filter(\.resynced).map(\.time) == [1_040_000, 1_040_000])
        #expect(reader.anomalies.map(\.kind) == [.synDropped])
        #expect(abs((reader.anomalies.first?.at ?? 0) - 0.04) < 1e-9)
        // No contact is left down.
        #expect(frames.last?.contacts.isEmpty == true)
    }

    @Test func withoutQueriesSynDroppedOnlyDiscards() throws {
        // The importers' rule (a file cannot be asked): events up to the next SYN_REPORT are
        // dropped, nothing is made up.
        let events = Self.frame(0, [(0x2f, 0), (0x39, 10), (0x35, 100), (0x36, 100)])
            + [EvdevEvent(time: 1_005_000, type: 0, code: 3, value: 0), EvdevEvent(time: 1_005_000, type: 3, code: 0x35, value: 300),
               EvdevEvent(time: 1_005_000, type: 0, code: 0, value: 0)]
            + Self.frame(10, [(0x36, 200)])
        let fd = feedPipe(events)
        defer { close(fd) }
        let reader = try EvdevReader(fd: fd, info: Self.twoSlots, queries: nil, window: Size(width: 1000, height: 1000), label: "t", protocolA: false)
        let touches = try readAll(reader).flatMap(\.touches).map(\.input.kind)
        #expect(touches == [.fingerDown(finger: 1, x: 100, y: 100, pressure: nil, device: nil),
                            .fingerMove(finger: 1, x: 100, y: 200, pressure: nil, device: nil)])
    }

    @Test func toolTypePressureSizeAndOrientationAreKept() throws {
        var info = Self.twoSlots
        info.axes[0x37] = EvdevAxis(min: 0, max: 2)      // ABS_MT_TOOL_TYPE
        info.axes[0x3a] = EvdevAxis(min: 0, max: 255)    // ABS_MT_PRESSURE
        info.axes[0x30] = EvdevAxis(min: 0, max: 255)    // ABS_MT_TOUCH_MAJOR
        info.axes[0x31] = EvdevAxis(min: 0, max: 255)    // ABS_MT_TOUCH_MINOR
        info.axes[0x34] = EvdevAxis(min: -90, max: 90)   // ABS_MT_ORIENTATION
        let events = Self.frame(0, [(0x2f, 0), (0x39, 5), (0x37, 1), (0x35, 10), (0x36, 20), (0x3a, 51)])
            + Self.frame(8, [(0x2f, 1), (0x39, 6), (0x37, 2), (0x35, 800), (0x36, 700), (0x30, 120), (0x31, 80), (0x34, 45)])
        let fd = feedPipe(events)
        defer { close(fd) }
        let reader = try EvdevReader(fd: fd, info: info, queries: nil, window: Size(width: 1000, height: 1000), label: "t", protocolA: false)
        let frames = try readAll(reader)
        let raws = frames.flatMap(\.touches).map(\.raw)
        #expect(raws.map(\.tool) == [.pen, .palm])
        #expect(raws[0].pressure == 51 && raws[0].x == 10 && raws[0].y == 20 && raws[0].trackingID == 5)
        #expect(raws[1].touchMajor == 120 && raws[1].touchMinor == 80 && raws[1].orientation == 45 && raws[1].slot == 1)
        #expect(frames.map(\.time) == [1_000_000, 1_008_000])
        #expect(frames[1].contacts.count == 2)
    }

    @Test func aPenHoversUntilItTouches() throws {
        // A single-touch tablet: BTN_TOOL_PEN (0x140) says the pen is in range, ABS_DISTANCE
        // (0x19) how far; BTN_TOUCH (0x14a) that it touches (event-codes.rst, "BTN_TOOL_<name>").
        let info = EvdevDeviceInfo(name: "Pen", properties: [1], axes: [
            0x00: EvdevAxis(min: 0, max: 1000), 0x01: EvdevAxis(min: 0, max: 1000), 0x19: EvdevAxis(min: 0, max: 63),
            0x18: EvdevAxis(min: 0, max: 1023),
        ], keys: [0x140, 0x14a])
        func key(_ ms: Int64, _ code: Int, _ v: Int) -> EvdevEvent { EvdevEvent(time: 1_000_000 + ms * 1000, type: 1, code: code, value: v) }
        let events = [key(0, 0x140, 1)] + Self.frame(0, [(0x00, 300), (0x01, 400), (0x19, 20)])
            + [key(10, 0x14a, 1)] + Self.frame(10, [(0x19, 0), (0x18, 512)])
            + [key(20, 0x14a, 0)] + Self.frame(20, [(0x19, 15), (0x18, 0)])
            + [key(30, 0x140, 0)] + Self.frame(30, [])
        #expect(info.kind == .tablet)
        let fd = feedPipe(events)
        defer { close(fd) }
        let reader = try EvdevReader(fd: fd, info: info, queries: nil, window: Size(width: 1000, height: 1000), label: "t")
        let frames = try readAll(reader)
        #expect(frames.map { $0.contacts.map(\.hovering) } == [[true], [false], [true], []])
        #expect(frames[0].contacts.first?.distance == 20 && frames[0].contacts.first?.tool == .pen)
        // In range without touching: a hover, zOffset the distance through ABS_DISTANCE's range
        // (UIKit: "1 at the maximum distance from the screen"): 20 / 63, 15 / 63 to 4 decimals.
        #expect(frames[0].touches.map(\.input.kind) == [.penHover(x: 300, y: 400, z: 0.3175)])
        #expect(frames[1].touches.map(\.input.kind) == [.fingerDown(finger: 1, x: 300, y: 400, pressure: 0.5005, device: nil)])
        #expect(frames[1].touches.first?.contact.toolType == 1)   // the pen's touch is a pencil (MT_TOOL_PEN)
        #expect(frames[2].touches.map(\.input.kind) == [.fingerUp(finger: 1, x: 300, y: 400, pressure: 0.5005, device: nil),
                                                        .penHover(x: 300, y: 400, z: 0.2381)])
        #expect(frames[3].touches.map(\.input.kind) == [.penHoverEnd()])
    }

    @Test func aRecordSplitAcrossReadsIsPutTogether() throws {
        // A pipe may hand over part of a record; the reader waits for the rest.
        let events = Self.frame(0, [(0x2f, 0), (0x39, 1), (0x35, 1), (0x36, 2)])
        let bytes = EvdevRecords.encode(events)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let w = fds[1]
        let t = Thread {
            for chunk in stride(from: 0, to: bytes.count, by: 7) {
                EvdevRecords.write(Array(bytes[chunk..<min(bytes.count, chunk + 7)]), to: w)
            }
            close(w)
        }
        t.start()
        defer { close(fds[0]) }
        let reader = try EvdevReader(fd: fds[0], info: Self.twoSlots, queries: nil, window: Size(width: 1000, height: 1000), label: "t", protocolA: false)
        let frames = try readAll(reader)
        #expect(frames.count == 1 && frames[0].contacts.first?.x == 1 && frames[0].contacts.first?.y == 2)
    }
}
