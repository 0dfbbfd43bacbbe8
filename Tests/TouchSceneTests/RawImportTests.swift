// Issue 31 item 6, the raw view's data: an imported device recording carries, with every
// finger event, the contact as the device reported it (slot, tracking id, touch major/minor,
// orientation), and the device's axes with ranges, resolution and fuzz. Expected values are
// read off the fixtures' own `A:` / `absinfo` and `E:` lines (quoted beside each check).
import Testing
@testable import TouchScene
import TouchCore

@Suite("Importing keeps the device's raw data")
struct RawImportTests {
    static let real = Paths.fixtures + "/import/real"
    static let window = Size(width: 800, height: 600)

    /// A finger event's kind and finger, for matching.
    static func what(_ i: RawInput) -> String {
        switch i.kind {
        case let .fingerDown(f, _, _, _, _): "down \(f)"
        case let .fingerMove(f, _, _, _, _): "move \(f)"
        case let .fingerUp(f, _, _, _, _): "up \(f)"
        default: "other"
        }
    }

    @Test("a Wacom Cintiq 13HD touch recording: every finger event carries slot 0, tracking id 1 and the touch major and orientation the device sent with it")
    func cintiqContacts() throws {
        let path = Self.real + "/wacom-cintiq-13hd-touch-finger.evemu"
        // Both ways of importing: the file streamed (replay, import) and read whole.
        let streamed = try ImportedRecording(path: path, window: Self.window)
        let bytes = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
        let whole = try ImportedRecording(bytes: bytes, file: path, window: Self.window)
        for r in [streamed, whole] {
            #expect(r.inputs.map(Self.what) == ["down 1", "move 1", "move 1", "move 1", "up 1"])
            #expect(r.contacts.count == r.inputs.count)
            // E: 0.000001 ... 0039 0001 (TRACKING_ID 1), 0034 0001 (ORIENTATION 1), no TOUCH_MAJOR yet
            // E: 0.047993 ... 0030 0127 (TOUCH_MAJOR 127), 0034 0000
            // E: 0.100006 ... 0030 0084, 0034 0001
            // E: 0.149994 ... 0034 0000 (major stays 84)
            // E: 0.247867 ... 0039 -001 (lift)
            #expect(r.contacts == [
                RawContact(slot: 0, trackingID: 1, touchMajor: nil, touchMinor: nil, orientation: 1),
                RawContact(slot: 0, trackingID: 1, touchMajor: 127, touchMinor: nil, orientation: 0),
                RawContact(slot: 0, trackingID: 1, touchMajor: 84, touchMinor: nil, orientation: 1),
                RawContact(slot: 0, trackingID: 1, touchMajor: 84, touchMinor: nil, orientation: 0),
                RawContact(slot: 0, trackingID: 1, touchMajor: 84, touchMinor: nil, orientation: 0),
            ])
            // A: 35 0 2937 4 0 10  (ABS_MT_POSITION_X: min max fuzz flat resolution)
            let d = r.rawDevice
            #expect(d.name == "Wacom Cintiq 13HD touch Finger")
            #expect(d.protocolName == "multitouch B (slots)")
            #expect(d.axes.map(\.code) == [0x00, 0x01, 0x2f, 0x30, 0x32, 0x33, 0x34, 0x35, 0x36, 0x39])
            #expect(d.axis(0x35) == RawAxis(name: "ABS_MT_POSITION_X", code: 0x35, min: 0, max: 2937, fuzz: 4, resolution: 10))
            #expect(d.axis(0x36) == RawAxis(name: "ABS_MT_POSITION_Y", code: 0x36, min: 0, max: 1652, fuzz: 4, resolution: 10))
            #expect(d.axis(0x30) == RawAxis(name: "ABS_MT_TOUCH_MAJOR", code: 0x30, min: 0, max: 2937, fuzz: 0, resolution: 0))
            #expect(d.axis(0x34) == RawAxis(name: "ABS_MT_ORIENTATION", code: 0x34, min: 0, max: 1, fuzz: 0, resolution: 0))
            #expect(d.window == Self.window)
        }
    }

    @Test("two fingers on an Atmel maXTouch: slots 0 and 1 with tracking ids 7 and 8, each kept with its own finger to the lift")
    func atmelSlots() throws {
        let r = try ImportedRecording(path: Self.real + "/atmel-maxtouch.2-fingers-touch-release.evemu", window: Self.window)
        var byFinger: [Int: Set<RawContact>] = [:]
        for (input, contact) in zip(r.inputs, r.contacts) {
            switch input.kind {
            case let .fingerDown(f, _, _, _, _), let .fingerMove(f, _, _, _, _), let .fingerUp(f, _, _, _, _):
                byFinger[f, default: []].insert(contact)
            default: break
            }
        }
        // E: 0.000001 0003 0039 0007 (slot 0 gets id 7); E: 0.054565 002f 0001, 0039 0008 (slot 1, id 8)
        #expect(byFinger == [1: [RawContact(slot: 0, trackingID: 7)], 2: [RawContact(slot: 1, trackingID: 8)]])
        // The lifts: E: 0.810270 slot 1 id -1, E: 0.824236 slot 0 id -1 — the lift keeps the id it ends.
        let ups = zip(r.inputs, r.contacts).filter { Self.what($0.0).hasPrefix("up") }.map(\.1)
        #expect(ups == [RawContact(slot: 1, trackingID: 8), RawContact(slot: 0, trackingID: 7)])
        // A: 35 0 799 0 0 0: no resolution, no fuzz.
        #expect(r.rawDevice.axis(0x35) == RawAxis(name: "ABS_MT_POSITION_X", code: 0x35, min: 0, max: 799))
    }

    @Test("a libinput record: absinfo [min, max, fuzz, flat, resolution] and the tracking id 7 of slot 0")
    func libinputRecord() throws {
        let r = try ImportedRecording(path: Paths.fixtures + "/import/touch.yml", window: Self.window)
        #expect(r.contacts == [RawContact(slot: 0, trackingID: 7), RawContact(slot: 0, trackingID: 7), RawContact(slot: 0, trackingID: 7)])
        // 53: [0, 1000, 0, 0, 10]
        #expect(r.rawDevice.axis(53) == RawAxis(name: "ABS_MT_POSITION_X", code: 53, min: 0, max: 1000, fuzz: 0, resolution: 10))
        #expect(r.rawDevice.name == "Test Wacom Finger")
    }

    @Test("a replay joins each of TouchScope's touch ids to the contact its finger events carried; a TouchScope recording has none")
    func replayJoins() throws {
        let scene = try SceneLoader.load(path: Paths.root + "/scenes/photo.yaml")
        let reader = try RecordingReader.open(path: Self.real + "/atmel-maxtouch.2-fingers-touch-release.evemu", window: scene.window)
        #expect(reader.rawDevice?.name == "Atmel maXTouch Touchscreen")
        let session = SceneSession(scene: scene)
        var touches: [Int: TouchKey] = [:]
        session.app.tracer.sink = TraceCallback { r in
            if case let .touchSample(s) = r.body, s.phase == .began { touches[s.touch] = s.key }
        }
        let replayer = Replayer(session: session, recording: reader)
        try replayer.run(until: nil)
        // The touch whose key is finger 1 is slot 0 / id 7; finger 2's is slot 1 / id 8.
        #expect(touches.count == 2)
        for (id, key) in touches {
            let expected = key.finger == 1 ? RawContact(slot: 0, trackingID: 7) : RawContact(slot: 1, trackingID: 8)
            #expect(replayer.rawContacts.byTouch[id] == expected, "touch \(id) (finger \(key.finger))")
        }
        // Mid-touch (no lift yet): the down and moves joined the touch, with the size of the
        // last move before 0.12 s (E: 0.100006 ... TOUCH_MAJOR 84, ORIENTATION 1).
        let cintiq = Replayer(session: SceneSession(scene: scene),
                              recording: try RecordingReader.open(path: Self.real + "/wacom-cintiq-13hd-touch-finger.evemu", window: scene.window))
        try cintiq.run(until: 0.12)
        #expect(Array(cintiq.rawContacts.byTouch.values) == [RawContact(slot: 0, trackingID: 1, touchMajor: 84, orientation: 1)])
        let own = try RecordingReader.open(path: Paths.root + "/Tests/touchscopeTests/Recordings/photo-pan.jsonl", window: scene.window)
        #expect(own.rawDevice == nil)
        let plain = Replayer(session: SceneSession(scene: scene), recording: own)
        try plain.run(until: nil)
        #expect(plain.rawContacts.byTouch.isEmpty)
    }
    @Test("a recording written from an import keeps the device's axes and every finger's contact: read back, it gives the inputs, contacts and device of the evemu file, and a replay joins the same contacts")
    func jsonlKeepsRawData() throws {
        let path = Self.real + "/wacom-cintiq-13hd-touch-finger.evemu"
        let direct = try ImportedRecording(path: path, window: Self.window)
        // As `touchscope import` writes it.
        let imported = try ImportedInputStream.open(path: path, window: Self.window)
        var header = imported.header
        header.rawDevice = imported.rawDevice
        let out = Paths.temporary("cintiq-raw.jsonl")
        let writer = try RecordingWriter(path: out, header: header)
        while let input = try imported.next() { writer.write(input, contact: imported.lastContact) }
        writer.close()
        #expect(writer.writeError == nil)

        let reader = try RecordingReader.open(path: out, window: Self.window)
        #expect(reader.rawDevice == direct.rawDevice)
        var inputs: [RawInput] = [], contacts: [RawContact?] = []
        while let input = try reader.next() { inputs.append(input); contacts.append(reader.lastContact) }
        #expect(inputs == direct.inputs)
        #expect(contacts == direct.contacts.map { Optional($0) })

        let scene = try SceneLoader.load(path: Paths.root + "/scenes/photo.yaml")
        let fromJSONL = Replayer(session: SceneSession(scene: scene), recording: try RecordingReader.open(path: out, window: scene.window))
        try fromJSONL.run(until: 0.12)
        // E: 0.100006 ... TOUCH_MAJOR 84, ORIENTATION 1: the contact at 0.12 s, as from the evemu file.
        #expect(Array(fromJSONL.rawContacts.byTouch.values) == [RawContact(slot: 0, trackingID: 1, touchMajor: 84, orientation: 1)])
    }

    @Test("a `raw` that is not an object of whole numbers, or a header `rawDevice` without its axes, is refused with FILE:LINE:COLUMN")
    func badRawFields() throws {
        let header = #"{"recording":1,"window":[800,600]}"#
        let cases: [(String, String)] = [
            (header + "\n" + #"{"t":0,"type":"finger-down","finger":1,"x":1,"y":2,"raw":{"slot":0.5}}"#,
             "<recording>:2:58: field `raw` must be {\"slot\", \"id\", \"major\", \"minor\", \"orientation\", \"x\", \"y\", \"pressure\", \"distance\", \"tool\"} with whole numbers and \"kernelTime\" seconds (each optional); `slot` is 0.5"),
            (header + "\n" + #"{"t":0,"type":"finger-down","finger":1,"x":1,"y":2,"raw":[0,1]}"#,
             "<recording>:2:58: field `raw` must be {\"slot\", \"id\", \"major\", \"minor\", \"orientation\", \"x\", \"y\", \"pressure\", \"distance\", \"tool\"} with whole numbers and \"kernelTime\" seconds (each optional)"),
            (#"{"recording":1,"window":[800,600],"rawDevice":{"name":"x","protocol":"single touch"}}"#,
             "<recording>:1:1: header field `rawDevice` must be {\"name\": text, \"protocol\": text, \"axes\": [{\"name\": text, \"code\", \"min\", \"max\", \"fuzz\", \"resolution\": whole numbers}]}"),
        ]
        for (text, expected) in cases {
            do {
                let reader = try RecordingReader(text: text)
                _ = try reader.readAll()
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description == expected)
            }
        }
    }
}
