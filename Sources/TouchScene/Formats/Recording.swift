// Recording: RawInput as JSON Lines (DESIGN.md "Recording"), read streamed (the writer: RecordingWriter.swift).

/// The first line of a recording: `{"recording":1,"window":[800,600]}`, and for a recording
/// made by `touchscope import`, where it came from:
/// `{"recording":1,"window":[800,600],"device":"Wacom HID 5256 Finger","importedFrom":"touch.yml","format":"libinput-record"}`.
/// A recording of `touchscope touchtest` also carries the targets it showed and, when known,
/// the window's size in millimetres:
/// `{"recording":1,"window":[1280,800],"targets":[[128,80],...],"targetsAt":0,"sizeMm":[262,164]}`.
/// An imported recording keeps the device's axes (`rawDevice`):
/// `"rawDevice":{"name":"…","protocol":"multitouch B (slots)","axes":[{"name":"ABS_MT_POSITION_X","code":53,"min":0,"max":2937,"fuzz":4,"resolution":10},…]}`,
/// A recording made with `--record` or `touchscope import --scene` names the scene it was
/// made in, `"scene":"double-tap"` (a path relative to the recording's folder, else a scene
/// name), so `touchscope test` knows what to replay it into.
/// and its finger lines the contact as the device reported it:
/// `"raw":{"slot":0,"id":12,"major":30,"minor":20,"orientation":0,"tool":0}` (the fields it reported;
/// `tool` is ABS_MT_TOOL_TYPE: 0 finger, 1 pen, 2 palm).
public struct RecordingHeader: Hashable, Sendable {
    /// Format version (1).
    public var version: Int
    /// The scene window size the coordinates refer to.
    public var window: Size
    /// The input device the touches came from (imported recordings).
    public var device: String?
    /// The name of the file the recording was imported from.
    public var importedFrom: String?
    /// The format of that file: `libinput-record` or `evemu`.
    public var format: String?
    /// Targets shown to be tapped, in the order they were tapped (scene points): the first
    /// `targets.count` taps landing at or after `targetsAt` were aimed at them (`touchtest`).
    public var targets: [Point]?
    /// When the taps on `targets` began, seconds (the recording's `t`).
    public var targetsAt: Double?
    /// The window's size in millimetres, when known: figures are then in mm.
    public var sizeMM: Size?
    /// The touch device a device recording described (its axes), kept by `touchscope import`
    /// so the raw view of the `.jsonl` shows what the device reported. Its `window` is the
    /// header's.
    public var rawDevice: RawDevice?
    /// The scene the recording plays in (`"scene"`): a path relative to the recording's
    /// folder, else a scene name as the command line resolves it; nil when it names none.
    public var scene: String?
    /// Whether the recording keeps the instants its window delivered touch moves at (its
    /// `touch-frame` lines, `"touchFrames":true`): a replay delivers moves there, and a
    /// recording without it (an import, an older recording) on a 1/120 s grid.
    public var touchFrames = false
    /// A header for a recording in scene `window` coordinates; the source fields are for
    /// imported recordings, the targets and size for `touchtest`'s.
    public init(version: Int = 1, window: Size, device: String? = nil, importedFrom: String? = nil, format: String? = nil,
                targets: [Point]? = nil, targetsAt: Double? = nil, sizeMM: Size? = nil) {
        self.version = version; self.window = window
        self.device = device; self.importedFrom = importedFrom; self.format = format
        self.targets = targets; self.targetsAt = targetsAt; self.sizeMM = sizeMM
    }
}

/// SDL game controller button names accepted in `pad-down` / `pad-up`.
public let gamepadButtonNames: Set<String> = [
    "a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder", "rightshoulder",
    "dpup", "dpdown", "dpleft", "dpright", "misc1", "paddle1", "paddle2", "paddle3", "paddle4", "touchpad",
    // The triggers are axes in SDL; the host reports them as buttons held past half.
    "lefttrigger", "righttrigger",
]

/// A hot reload the live program made: the scene file's text at that moment, so a replay
/// reloads the same scene (a `reload` line).
public struct SceneReload: Hashable, Sendable {
    /// When the reload happened (the touches under way were cancelled then).
    public var t: Double
    /// The scene file's path in the live program (for messages, and where assets are looked for).
    public var path: String
    /// The scene file's full YAML text.
    public var scene: String
    /// A reload at `t` of the scene file `path`, whose text was `scene`.
    public init(t: Double, path: String, scene: String) { self.t = t; self.path = path; self.scene = scene }
}

/// One line of a recording after the header: an input, or a scene reload.
public enum RecordingEntry: Hashable, Sendable {
    /// An input line (`finger-down`, `key-up`, `quit`, ...).
    case input(RawInput)
    /// A `reload` line: the hot-reloaded scene.
    case reload(SceneReload)

    /// The entry's time, in seconds since the start of the recording.
    public var t: Double {
        switch self {
        case .input(let i): i.t
        case .reload(let r): r.t
        }
    }
}

/// Reads a recording line by line with fixed memory, checking every line.
///
///     let reader = try RecordingReader(path: "tap.jsonl")
///     while let input = try reader.next() { app.handle(input) }
///
/// Errors are `InputFileError`s naming `FILE:LINE:COLUMN` (column 1 when no better one is known).
/// Blank lines are skipped; unknown keys are ignored (forward compatibility). A last line
/// that does not read and has no newline is what a killed writer leaves: it ends the
/// recording, and `cutOffLastLine` says so (a warning, not an error).
public final class RecordingReader {
    /// The recording's path, as given (diagnostics name it).
    public let file: String
    /// The recording's header line.
    public private(set) var header: RecordingHeader
    private let source: LineSource
    /// An imported file's inputs, taken instead of lines (`open(path:window:)`).
    private let imported: ImportedInputStream?
    /// Inputs made as they are taken, instead of lines.
    private var generated: (() throws(InputFileError) -> RawInput?)?
    private var lastTime = -Double.infinity
    /// The line and type (`quit`, `display-lost`) where the recorded program ended, if it
    /// did: nothing may follow it.
    private var quitLine: (line: Int, type: String)?
    /// Whether the last line that failed was not even a whole JSON object.
    private var lineWasIncomplete = false
    /// The `raw` contact of the last input line read (nil: the line had none).
    private var lineContact: RawContact?

    /// Opens a recording file and reads its header.
    public convenience init(path: String) throws(InputFileError) {
        let source: LineSource
        do { source = try LineSource(path: path, maxLineLength: RecordingReader.maxReloadLineLength) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot read the recording: \(error.message)")
        }
        try self.init(source: source, file: path)
    }

    /// Reads a recording held in memory (tests).
    public convenience init(text: String, file: String = "<recording>") throws(InputFileError) {
        try self.init(source: LineSource(bytes: Array(text.utf8), maxLineLength: RecordingReader.maxReloadLineLength), file: file)
    }

    /// Reads the inputs of an imported file, converted as they are taken.
    init(imported: ImportedInputStream, file: String) {
        source = LineSource(bytes: [])
        self.imported = imported
        self.file = file
        header = imported.header
    }

    /// Inputs made as they are taken (a recording resampled as it is read: `touchscope
    /// sweep`), each handed out by `inputs` (nil: the end), under `header`.
    ///
    ///     let r = RecordingReader(header: RecordingHeader(window: size), file: "tap.jsonl at 60 Hz") { next() }
    public init(header: RecordingHeader, file: String, inputs: @escaping () throws(InputFileError) -> RawInput?) {
        source = LineSource(bytes: [])
        imported = nil
        generated = inputs
        self.file = file
        self.header = header
    }

    private init(source: LineSource, file: String) throws(InputFileError) {
        self.source = source
        imported = nil
        self.file = file
        header = RecordingHeader(window: .zero)
        guard try advance() else {
            throw InputFileError(file: file, line: 1, column: 1, "missing header: the recording is empty; the first line must be {\"recording\":1,\"window\":[W,H]}")
        }
        header = try source.withCurrent { (b) throws(InputFileError) in try parseHeader(b) }
    }

    /// The line number of the last line read.
    public var lineNumber: Int { source.lineNumber }

    /// The device a device recording (evemu, libinput record) describes: its axes with
    /// ranges, resolution and fuzz; for a recording `touchscope import` wrote, the header's
    /// `rawDevice`. Nil for a recording of TouchScope's own, which has no raw data.
    public var rawDevice: RawDevice? { imported?.rawDevice ?? header.rawDevice }

    /// The contact of the last input read, as the device reported it (slot, tracking id,
    /// touch size): a device recording's, or the line's `raw`; nil when there is none.
    public var lastContact: RawContact? {
        if let imported { return imported.lastContact }
        return lineContact
    }

    /// Set when the last line was cut off before its newline (the recording program was
    /// killed mid-write) and was skipped: where, and what was wrong with it.
    public private(set) var cutOffLastLine: InputFileError?

    /// The longest line other than a `reload` (1 MiB).
    public static let maxLineLength = LineSource.defaultMaxLineLength
    /// The longest `reload` line: a scene of the largest size allowed (8 MiB), every byte
    /// escaped, and room for the other fields.
    public static let maxReloadLineLength = 2 * SceneLimits.maxFileSize + (1 << 16)

    /// The next input event, or nil at the end of the file. `reload` lines are skipped:
    /// read `nextEntry()` to see them.
    public func next() throws(InputFileError) -> RawInput? {
        while let entry = try nextEntry() {
            if case .input(let input) = entry { return input }
        }
        return nil
    }

    /// The next input or scene reload, or nil at the end of the file.
    public func nextEntry() throws(InputFileError) -> RecordingEntry? {
        if let imported { return try imported.next().map(RecordingEntry.input) }
        if let generated { return try generated().map(RecordingEntry.input) }
        while try advance() {
            let input: RecordingEntry?
            do {
                input = try source.withCurrent { (b) throws(InputFileError) -> RecordingEntry? in
                    let entry = try parseLine(b)
                    // Only a reload may be longer than an ordinary line.
                    if b.count > RecordingReader.maxLineLength, case .input = entry {
                        throw error(0, "line longer than \(RecordingReader.maxLineLength / 1024) KiB; refused")
                    }
                    return entry
                }
            } catch {
                if source.withCurrent({ $0.count }) > RecordingReader.maxLineLength, !error.diagnostic.message.hasPrefix("line longer") {
                    throw self.error(0, "line longer than \(RecordingReader.maxLineLength / 1024) KiB; refused")
                }
                // Cut off: the last line, with no newline, and not a whole JSON object (a
                // whole object with a wrong value is an error like any other line's).
                guard !source.currentEndsWithNewline, lineWasIncomplete else { throw error }
                let d = error.diagnostic
                cutOffLastLine = InputFileError(file: d.file, line: d.line, column: d.column,
                    "the last line is cut off (no newline at its end: the recording was not closed) and was skipped: \(d.message)")
                return nil
            }
            if let input { return input }
        }
        return nil
    }

    /// Reads all remaining entries (tests and small files).
    public func readAllEntries() throws(InputFileError) -> [RecordingEntry] {
        var out: [RecordingEntry] = []
        while let x = try nextEntry() { out.append(x) }
        return out
    }

    /// Reads all remaining events (tests and small files).
    public func readAll() throws(InputFileError) -> [RawInput] {
        var out: [RawInput] = []
        while let x = try next() { out.append(x) }
        return out
    }

    private func advance() throws(InputFileError) -> Bool {
        do { return try source.advance() } catch {
            throw InputFileError(file: file, line: source.lineNumber, column: 1, error.message)
        }
    }

    private func error(_ offset: Int, _ message: String) -> InputFileError {
        InputFileError(file: file, line: source.lineNumber, column: offset + 1, message)
    }

    private func parseHeader(_ b: UnsafeBufferPointer<UInt8>) throws(InputFileError) -> RecordingHeader {
        var s = JSONScanner(b)
        let value: JSONValue
        do throws(JSONError) {
            value = try s.value()
            s.skipSpace()
            if !s.atEnd { throw s.fail("bad JSON: unexpected text after the object") }
        } catch {
            throw self.error(error.offset, "missing header: the first line must be {\"recording\":1,\"window\":[W,H]} (\(error.message))")
        }
        guard case .object = value, let version = value["recording"]?.number else {
            throw self.error(0, "missing header: the first line must be {\"recording\":1,\"window\":[W,H]}")
        }
        guard version == 1 else { throw self.error(0, "unsupported recording version \(fmt(version)) (this reader knows version 1)") }
        guard let w = value["window"]?.array, w.count == 2, let width = w[0].number, let height = w[1].number,
              width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw self.error(0, "header field `window` must be [width, height] with positive numbers")
        }
        var header = RecordingHeader(version: 1, window: Size(width: width, height: height))
        for (key, field) in [("device", \RecordingHeader.device), ("importedFrom", \.importedFrom), ("format", \.format),
                             ("scene", \.scene)] {
            guard let v = value[key] else { continue }
            guard let text = v.string else { throw self.error(0, "header field `\(key)` must be a string") }
            header[keyPath: field] = text
        }
        if let v = value["targets"] {
            guard let list = v.array else { throw self.error(0, "header field `targets` must be a list of [x, y] points") }
            header.targets = try list.map { (p) throws(InputFileError) -> Point in
                guard let xy = p.array, xy.count == 2, let x = xy[0].number, let y = xy[1].number, x.isFinite, y.isFinite else {
                    throw self.error(0, "header field `targets` must be a list of [x, y] points with finite numbers")
                }
                return Point(x: x, y: y)
            }
        }
        if let v = value["targetsAt"] {
            guard let t = v.number, t.isFinite, t >= 0 else { throw self.error(0, "header field `targetsAt` must be a number of seconds, 0 or more") }
            header.targetsAt = t
        }
        if let v = value["sizeMm"] {
            guard let a = v.array, a.count == 2, let w = a[0].number, let h = a[1].number, w.isFinite, h.isFinite, w > 0, h > 0 else {
                throw self.error(0, "header field `sizeMm` must be [width, height] in mm with positive numbers")
            }
            header.sizeMM = Size(width: w, height: h)
        }
        if let v = value["rawDevice"] {
            let shape = "header field `rawDevice` must be {\"name\": text, \"protocol\": text, \"axes\": [{\"name\": text, \"code\", \"min\", \"max\", \"fuzz\", \"resolution\": whole numbers}]}"
            guard let name = v["name"]?.string, let proto = v["protocol"]?.string, let list = v["axes"]?.array else {
                throw self.error(0, shape)
            }
            let axes = try list.map { (a) throws(InputFileError) -> RawAxis in
                func whole(_ key: String) throws(InputFileError) -> Int {
                    guard let x = a[key]?.number, x == x.rounded(), abs(x) < 1e15 else {
                        throw self.error(0, "\(shape); an axis's `\(key)` is missing or not a whole number")
                    }
                    return Int(x)
                }
                guard let axisName = a["name"]?.string else { throw self.error(0, "\(shape); an axis has no `name`") }
                return RawAxis(name: axisName, code: try whole("code"), min: try whole("min"), max: try whole("max"),
                               fuzz: try whole("fuzz"), resolution: try whole("resolution"))
            }
            header.rawDevice = RawDevice(name: name, protocol: proto, axes: axes, window: header.window)
        }
        if let v = value["touchFrames"] {
            guard case let .bool(b) = v else { throw self.error(0, "header field `touchFrames` must be true or false") }
            header.touchFrames = b
        }
        return header
    }

    // The fields of one line, scanned without building a dictionary.
    private struct Line {
        var t: Double?, tAt = 0
        var type: String?, typeAt = 0
        var x: Double?, y: Double?, z: Double?, xAt = 0, zAt = 0
        var finger: Double?, fingerAt = 0
        var device: Double?, deviceAt = 0
        var pressure: Double?, pressureAt = 0
        var button: String?, buttonAt = 0, buttonNull = false
        var key: String?
        var mods: [KeyModifier] = []
        var width: Double?, height: Double?
        var path: String?, scene: String?, sceneAt = 0
        var raw: JSONValue?, rawAt = 0
    }

    private func parseLine(_ b: UnsafeBufferPointer<UInt8>) throws(InputFileError) -> RecordingEntry? {
        var s = JSONScanner(b)
        guard s.peek() != nil else { return nil } // blank line
        var line = Line()
        lineWasIncomplete = false
        do throws(JSONError) {
            try s.expect(0x7b, "`{` (each line is one JSON object)")
            if s.peek() != 0x7d {
                while true {
                    s.skipSpace()
                    let k = try s.rawKey()
                    try s.expect(0x3a, "`:`")
                    s.skipSpace()
                    let at = s.i
                    // Dispatch on the key's length and first byte (no string building).
                    let first = b[k.lowerBound]
                    switch (k.count, first) {
                    case (1, 0x74): line.t = try s.finiteNumber("t"); line.tAt = at                    // t
                    case (1, 0x78): line.x = try s.finiteNumber("x"); line.xAt = at                    // x
                    case (1, 0x79): line.y = try s.finiteNumber("y")                                   // y
                    case (1, 0x7a): line.z = try s.finiteNumber("z"); line.zAt = at                             // z
                    case (4, 0x74) where s.bytesEqual(k, "type"): line.type = try s.stringValue("type"); line.typeAt = at
                    case (6, 0x66) where s.bytesEqual(k, "finger"): line.finger = try s.finiteNumber("finger"); line.fingerAt = at
                    case (6, 0x64) where s.bytesEqual(k, "device"): line.device = try s.finiteNumber("device"); line.deviceAt = at
                    case (8, 0x70) where s.bytesEqual(k, "pressure"): line.pressure = try s.finiteNumber("pressure"); line.pressureAt = at
                    case (6, 0x62) where s.bytesEqual(k, "button"):
                        line.buttonAt = at
                        if s.peek() == 0x6e { _ = try s.value(); line.buttonNull = true } else { line.button = try s.stringValue("button") }
                    case (3, 0x6b) where s.bytesEqual(k, "key"): line.key = try s.stringValue("key")
                    case (4, 0x70) where s.bytesEqual(k, "path"): line.path = try s.stringValue("path")
                    case (5, 0x73) where s.bytesEqual(k, "scene"): line.scene = try s.stringValue("scene"); line.sceneAt = at
                    case (3, 0x72) where s.bytesEqual(k, "raw"): line.raw = try s.value(); line.rawAt = at
                    case (5, 0x77) where s.bytesEqual(k, "width"): line.width = try s.finiteNumber("width")
                    case (6, 0x68) where s.bytesEqual(k, "height"): line.height = try s.finiteNumber("height")
                    case (4, 0x6d) where s.bytesEqual(k, "mods"):
                        try s.expect(0x5b, "a list of modifier names for `mods`")
                        if s.peek() != 0x5d {
                            while true {
                                s.skipSpace()
                                let mAt = s.i
                                let name = try s.stringValue("mods")
                                guard let m = KeyModifier(rawValue: name) else {
                                    throw JSONError(offset: mAt, message: "unknown modifier `\(shown(name))` (expected shift, ctrl or alt)")
                                }
                                if !line.mods.contains(m) { line.mods.append(m) }
                                if s.peek() == 0x2c { s.i += 1; continue }
                                break
                            }
                        }
                        try s.expect(0x5d, "`]`")
                    default:
                        _ = try s.value() // unknown key: ignored
                    }
                    guard let n = s.peek() else { throw s.fail("bad JSON: unterminated object (expected `,` or `}`)") }
                    if n == 0x2c { s.i += 1; continue }
                    if n == 0x7d { break }
                    throw s.fail("bad JSON: expected `,` or `}`, found \(s.describeHere())")
                }
            }
            s.i += 1
            s.skipSpace()
            if !s.atEnd { throw s.fail("bad JSON: unexpected text after the object") }
        } catch {
            lineWasIncomplete = true
            throw self.error(error.offset, error.message)
        }
        // The length limit comes before what is wrong with the fields (an 8 MiB unknown
        // `type` is a line too long, found without comparing it with every type name).
        if b.count > RecordingReader.maxLineLength, line.type != "reload" {
            throw error(0, "line longer than \(RecordingReader.maxLineLength / 1024) KiB; refused")
        }
        return try makeEntry(line)
    }

    private func makeEntry(_ l: Line) throws(InputFileError) -> RecordingEntry {
        guard let t = l.t else { throw error(0, "missing field `t` (seconds since the start)") }
        guard let type = l.type else { throw error(0, "missing field `type`") }
        if t < 0 { throw error(l.tAt, "time `t` must not be negative, found \(fmt(t))") }
        if t < lastTime { throw error(l.tAt, "time goes backwards: \(fmt(t)) after \(fmt(lastTime))") }
        if t > RecordingReader.maxTime { throw error(l.tAt, "time `t` is \(fmt(t)) s, beyond the \(fmt(RecordingReader.maxTime)) s limit for recordings") }
        if let q = quitLine { throw error(0, "input after `\(q.type)` (line \(q.line)): the program had ended") }
        lastTime = t
        lineContact = nil
        if type == "reload" {
            guard let scene = l.scene else { throw error(0, "missing field `scene` for `reload` (the scene file's YAML text)") }
            return .reload(SceneReload(t: t, path: l.path ?? "<reloaded scene>", scene: scene))
        }
        func need(_ v: Double?, _ name: String) throws(InputFileError) -> Double {
            guard let v else { throw error(0, "missing field `\(name)` for `\(type)`") }
            return v
        }
        func int(_ v: Double?, _ name: String, _ at: Int) throws(InputFileError) -> Int {
            let x = try need(v, name)
            guard x == x.rounded(), abs(x) < 1e15 else { throw error(at, "field `\(name)` must be a whole number, found \(fmt(x))") }
            return Int(x)
        }
        func optInt(_ v: Double?, _ name: String, _ at: Int) throws(InputFileError) -> Int? {
            guard v != nil else { return nil }
            return try int(v, name, at)
        }
        func mouseButton(required: Bool) throws(InputFileError) -> MouseButton? {
            guard let name = l.button else {
                if required { throw error(l.buttonNull ? l.buttonAt : 0, "missing field `button` for `\(type)` (left, right or middle)") }
                return nil
            }
            guard let b = MouseButton(rawValue: name) else {
                throw error(l.buttonAt, "unknown mouse button `\(shown(name))` (expected left, right or middle)")
            }
            return b
        }
        func rawContact() throws(InputFileError) {
            if let raw = l.raw {
                let shape = "field `raw` must be {\"slot\", \"id\", \"major\", \"minor\", \"orientation\", \"x\", \"y\", \"pressure\", \"distance\", \"tool\"} with whole numbers and \"kernelTime\" seconds (each optional)"
                guard case .object(let pairs) = raw else { throw error(l.rawAt, shape) }
                var c = RawContact()
                for (key, v) in pairs {
                    let field: WritableKeyPath<RawContact, Int?>
                    switch key {
                    case "slot": field = \.slot
                    case "id": field = \.trackingID
                    case "major": field = \.touchMajor
                    case "minor": field = \.touchMinor
                    case "orientation": field = \.orientation
                    case "x": field = \.x
                    case "y": field = \.y
                    case "pressure": field = \.pressure
                    case "distance": field = \.distance
                    case "tool": field = \.toolType
                    case "kernelTime":
                        guard let x = v.number, x.isFinite, x >= 0 else { throw error(l.rawAt, "\(shape); `kernelTime` is \(v)") }
                        c.kernelTime = x
                        continue
                    default: continue
                    }
                    guard let x = v.number, x == x.rounded(), abs(x) < 1e15 else {
                        throw error(l.rawAt, "\(shape); `\(key)` is \(v)")
                    }
                    c[keyPath: field] = Int(x)
                }
                lineContact = c
            }
        }
        func finger() throws(InputFileError) -> (Int, Double, Double, Double?, Int?) {
            let f = try int(l.finger, "finger", l.fingerAt)
            try rawContact()
            if let p = l.pressure, p < 0 || p > 1 { throw error(l.pressureAt, "field `pressure` must be between 0 and 1, found \(fmt(p))") }
            return (f, try need(l.x, "x"), try need(l.y, "y"), l.pressure, try optInt(l.device, "device", l.deviceAt))
        }
        let kind: RawInput.Kind
        switch type {
        case "finger-down": let f = try finger(); kind = .fingerDown(finger: f.0, x: f.1, y: f.2, pressure: f.3, device: f.4)
        case "finger-move": let f = try finger(); kind = .fingerMove(finger: f.0, x: f.1, y: f.2, pressure: f.3, device: f.4)
        case "finger-up": let f = try finger(); kind = .fingerUp(finger: f.0, x: f.1, y: f.2, pressure: f.3, device: f.4)
        case "mouse-down":
            kind = .mouseDown(x: try need(l.x, "x"), y: try need(l.y, "y"), button: try mouseButton(required: true) ?? .left, mods: l.mods)
        case "mouse-move":
            kind = .mouseMove(x: try need(l.x, "x"), y: try need(l.y, "y"), button: try mouseButton(required: false), mods: l.mods)
        case "mouse-up":
            kind = .mouseUp(x: try need(l.x, "x"), y: try need(l.y, "y"), button: try mouseButton(required: true) ?? .left, mods: l.mods)
        case "key-down", "key-up":
            guard let key = l.key else { throw error(0, "missing field `key` for `\(type)` (an SDL key name)") }
            if key.isEmpty { throw error(0, "field `key` must not be empty") }
            kind = type == "key-down" ? .keyDown(key: key, mods: l.mods) : .keyUp(key: key, mods: l.mods)
        case "pad-down", "pad-up":
            guard let name = l.button else { throw error(0, "missing field `button` for `\(type)` (an SDL game controller button name)") }
            guard gamepadButtonNames.contains(name) else {
                throw error(l.buttonAt, "unknown gamepad button `\(shown(name))`\(didYouMean(name, gamepadButtonNames.sorted()))")
            }
            kind = type == "pad-down" ? .padDown(button: name) : .padUp(button: name)
        case "pad-accel": kind = .padAccel(x: try need(l.x, "x"), y: try need(l.y, "y"), z: try need(l.z, "z"))
        case "accel": kind = .accel(x: try need(l.x, "x"), y: try need(l.y, "y"), z: try need(l.z, "z"))
        case "focus-lost": kind = .focusLost
        case "focus-gained": kind = .focusGained
        case "touch-device-removed": kind = .touchDeviceRemoved
        case "pad-added": kind = .padAdded
        case "pad-removed": kind = .padRemoved
        case "touch-frame": kind = .touchFrame
        case "pen-hover":
            let z = try need(l.z, "z")
            if z < 0 || z > 1 { throw error(l.zAt, "field `z` (the pen's zOffset) must be between 0 and 1, found \(fmt(z))") }
            try rawContact()
            kind = .penHover(x: try need(l.x, "x"), y: try need(l.y, "y"), z: z, device: try optInt(l.device, "device", l.deviceAt),
                             finger: try optInt(l.finger, "finger", l.fingerAt))
        case "pen-hover-end":
            kind = .penHoverEnd(device: try optInt(l.device, "device", l.deviceAt), finger: try optInt(l.finger, "finger", l.fingerAt))
        case "quit":
            quitLine = (source.lineNumber, type)
            kind = .quit
        case "display-lost":
            quitLine = (source.lineNumber, type)
            kind = .displayLost
        case "resize":
            let w = try need(l.width, "width"), h = try need(l.height, "height")
            if w <= 0 || h <= 0 { throw error(0, "`resize` needs a positive width and height") }
            kind = .resize(width: w, height: h)
        default:
            throw error(l.typeAt, "unknown type `\(shown(type))`\(didYouMean(type, RecordingReader.typeNames))")
        }
        return .input(RawInput(t: t, kind))
    }

    /// The latest time a recording may use (seconds, about 31 years): beyond it a frame step
    /// (1/120 s) would be lost in the rounding of `t`.
    public static let maxTime = 1e9

    static let typeNames = ["finger-down", "finger-move", "finger-up", "mouse-down", "mouse-move", "mouse-up",
                            "key-down", "key-up", "pad-down", "pad-up", "pad-accel", "accel", "focus-lost", "focus-gained",
                            "touch-device-removed", "pad-added", "pad-removed", "resize", "quit", "display-lost", "reload", "touch-frame",
                            "pen-hover", "pen-hover-end"]
}

