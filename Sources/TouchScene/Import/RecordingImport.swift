// RecordingImport: `libinput record` and `evemu-record` files -> recordings, and the format
// of a file told from its first lines.
import TouchFiles

/// The kinds of input file `replay` and `import` read.
public enum InputFileFormat: String, Sendable {
    /// A TouchScope recording: the first line is `{"recording": 1, ...}`.
    case recording
    /// `libinput record` YAML: `version: 1`, `ndevices:`, `devices:`.
    case libinputRecord = "libinput-record"
    /// `evemu-record`: `# EVEMU`, `N:`, `I:`, `A:` ... lines, then `E:` lines.
    case evemu

    /// The format of a file from its first bytes (a few KiB are plenty). What is neither a
    /// libinput record nor an evemu file is taken for a recording, whose reader then says
    /// what is wrong with it.
    public static func detect<C: Collection>(_ prefix: C) -> InputFileFormat where C.Element == UInt8 {
        for raw in prefix.split(separator: 0x0a, omittingEmptySubsequences: true) {
            let line = raw.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d || $0 == 0xef || $0 == 0xbb || $0 == 0xbf }
            guard let first = line.first else { continue }
            let text = String(decoding: line.prefix(16), as: UTF8.self)
            if first == 0x7b { return .recording }                       // {
            if text.hasPrefix("# EVEMU") { return .evemu }
            if first == 0x23 { continue }                                 // # a comment
            let bytes = Array(line.prefix(3))
            if bytes.count >= 2, (0x41...0x5a).contains(bytes[0]), bytes[1] == 0x3a,
               bytes.count == 2 || bytes[2] == 0x20 || bytes[2] == 0x09 { return .evemu }   // N: ...
            for key in ["version:", "ndevices:", "libinput:", "system:", "devices:", "---", "%YAML"] where text.hasPrefix(key) {
                return .libinputRecord
            }
            return .recording
        }
        return .recording
    }

    /// The format of the file at `path`, from its first 4 KiB (nil: it cannot be read;
    /// the reader that opens it says why).
    public static func detect(path: String) -> InputFileFormat? {
        // Never blocks: a FIFO or a device is left to the reader, which refuses it.
        guard let head = FileAccess.readPrefix(path, count: 4096) else { return nil }
        return detect(head)
    }
}

/// A recording made from a libinput record or an evemu file: the header (with the device,
/// the file and its format) and the finger events.
///
///     let r = try ImportedRecording(path: "touch.evemu", window: Size(width: 800, height: 600))
///     print(r.text)   // {"recording":1,"window":[800,600],"device":"...","importedFrom":"touch.evemu","format":"evemu"} ...
public struct ImportedRecording: Sendable {
    /// The recording's header: the window, and the device, file and format it came from.
    public var header: RecordingHeader
    /// The finger inputs, in time order, starting at 0 at the first touch.
    public var inputs: [RawInput]
    /// Each input's contact as the device reported it (slot, tracking id, touch size): the
    /// same count and order as `inputs`.
    public var contacts: [RawContact]
    /// The device as the file describes it: axes with ranges, resolution and fuzz.
    public var rawDevice: RawDevice

    /// Reads and converts a file (its format told from its content). Errors are
    /// `FILE:LINE:COLUMN: ...`; a file that is a recording already is refused.
    public init(path: String, window: Size) throws(InputFileError) {
        let stream = try ImportedInputStream.open(path: path, window: window)
        header = stream.header
        rawDevice = stream.rawDevice
        inputs = []
        contacts = []
        inputs.reserveCapacity(stream.inputCount)
        while let input = try stream.next() { inputs.append(input); contacts.append(stream.lastContact ?? RawContact()) }
    }

    /// Converts a file's bytes; `file` names it in messages and in the header.
    public init(bytes: [UInt8], file: String, window: Size) throws(InputFileError) {
        guard window.width.isFinite, window.height.isFinite, window.width > 0, window.height > 0 else {
            throw InputFileError(file: file, line: 1, column: 1, "the window must have a positive width and height")
        }
        let format = InputFileFormat.detect(bytes.prefix(4096))
        let device: EvdevDevice
        let kind: EvdevContacts.Kind?
        switch format {
        case .recording:
            throw InputFileError(file: file, line: 1, column: 1,
                "not a libinput record (YAML starting with `version: 1`) or an evemu recording (`# EVEMU`, `N:`, `A:` and `E:` lines)")
        case .evemu:
            let f = try EvemuFile.parse(bytes, file: file)
            device = f.device
            (inputs, contacts, kind) = try EvdevContacts.convertWithContacts(device: device, events: f.events, window: window, file: file)
        case .libinputRecord:
            if let p = TextGuard.problem(in: bytes) { throw InputFileError(file: file, line: p.line, column: p.column, p.message) }
            // Read twice, keeping no events: first the devices (and what each one's events
            // say of its protocol), then the touch device's events converted as they come.
            var hints: [Int: EvdevContacts.Hints] = [:]
            let f: LibinputRecordFile
            do {
                f = try LibinputRecordFile.parse(bytes: bytes, file: file) { (i, e) throws(InputFileError) in hints[i, default: .init()].see(e) }
            } catch {
                // libyaml says where the file ends on the line after the last newline.
                let d = error.diagnostic
                let (line, column) = TextGuard.clamp(line: d.line, column: d.column, in: bytes)
                throw InputFileError(file: d.file, line: line, column: column, d.message)
            }
            guard let index = f.touchDeviceIndex else {
                throw InputFileError(file: file, line: 1, column: 1,
                    "no touchscreen or touchpad among the \(f.devices.count) device(s): none has udev's ID_INPUT_TOUCHSCREEN or ID_INPUT_TOUCHPAD, multitouch axes, or ABS_X and ABS_Y")
            }
            device = f.devices[index].info
            var converter = try EvdevContacts.Converter(device: device, hints: hints[index] ?? .init(), window: window, file: file)
            var out: [RawInput] = []
            var raw: [RawContact] = []
            _ = try LibinputRecordFile.parse(bytes: bytes, file: file) { (i, e) throws(InputFileError) in
                if i == index { try converter.feed(e) { out.append($0); raw.append($1) } }
            }
            inputs = out
            contacts = raw
            kind = converter.kind
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        header = RecordingHeader(window: window, device: device.name, importedFrom: name, format: format.rawValue)
        rawDevice = device.raw(kind: kind, window: window)
    }

    /// The recording as JSON Lines, header first, each line with its newline.
    public var text: String {
        var b = Array(RecordingWriter.headerLine(header).utf8)
        for input in inputs { RecordingWriter.encode(input, into: &b) }
        return String(decoding: b, as: UTF8.self)
    }
}

extension RecordingReader {
    /// Opens a recording, or a libinput record or evemu file converted to one on the way in
    /// (its device stretched onto `window`, the scene's window for a replay).
    public static func open(path: String, window: Size) throws(InputFileError) -> RecordingReader {
        switch InputFileFormat.detect(path: path) {
        case .libinputRecord?, .evemu?:
            return RecordingReader(imported: try ImportedInputStream.open(path: path, window: window), file: path)
        case .recording?, nil:
            return try RecordingReader(path: path)
        }
    }
}

/// An imported file's finger events, read as they are needed. An evemu file is read line by
/// line: once to check all of it (device, lines and events, converted as they are read when
/// the device is described before its events and its kind does not hang on them; else in a
/// second reading), then again as the events are taken. A replay or an import holds one line
/// of it, whatever its size. A libinput record is YAML, which libyaml reads from memory: its
/// bytes are held, and walked twice (the devices, then the touch device's events converted
/// as they come), so its events are never held.
///
///     let s = try ImportedInputStream.open(path: "touch.evemu", window: Size(width: 800, height: 600))
///     while let input = try s.next() { ... }
///
/// Every problem of the file is found by `open`: `next` then fails only if the file changed.
public final class ImportedInputStream {
    /// The recording's header: the window, and the device, file and format it came from.
    public let header: RecordingHeader
    /// How many finger events the file gives.
    public let inputCount: Int
    /// How many of them are finger-downs (touches).
    public let touchCount: Int
    /// How many finger numbers the touches use (fingers take the lowest free number, so this
    /// is how many are down at most at once).
    public let fingerCount: Int
    /// How many of them are a pen's `pen-hover` and `pen-hover-end` (0 but for a pen device).
    public let hoverCount: Int
    /// The device as the file describes it: axes with ranges, resolution and fuzz.
    public let rawDevice: RawDevice
    /// The contact of the input `next` gave last, as the device reported it (slot, tracking
    /// id, touch size); nil before the first.
    public private(set) var lastContact: RawContact?

    /// An evemu file: its reader and converter (nil: the inputs are in `inputs`).
    private var evemu: (reader: EvemuReader, converter: EvdevContacts.Converter)?
    /// The inputs to hand out: a libinput record's, or the last evemu event's.
    private var pending: [RawInput]
    private var pendingContacts: [RawContact]
    private var pendingIndex = 0

    private init(header: RecordingHeader, counts: (Int, Int, Int, Int), inputs: [RawInput], contacts: [RawContact], rawDevice: RawDevice,
                 evemu: (reader: EvemuReader, converter: EvdevContacts.Converter)?) {
        self.header = header
        (inputCount, touchCount, fingerCount, hoverCount) = counts
        pending = inputs
        pendingContacts = contacts
        self.rawDevice = rawDevice
        self.evemu = evemu
    }

    /// The counts of a list of inputs: events, finger-downs, distinct finger numbers, pen hovers.
    private struct Counts {
        var inputs = 0, touches = 0, hovers = 0
        var fingers: Set<Int> = []
        mutating func add(_ input: RawInput) {
            inputs += 1
            switch input.kind {
            case .fingerDown(let f, _, _, _, _): touches += 1; fingers.insert(f)
            case .penHover, .penHoverEnd: hovers += 1
            default: break
            }
        }
        var tuple: (Int, Int, Int, Int) { (inputs, touches, fingers.count, hovers) }
    }

    /// Opens a libinput record or evemu file (its format told from its content) and checks
    /// all of it. Errors are `FILE:LINE:COLUMN: ...`; a file that is a recording already is refused.
    public static func open(path: String, window: Size) throws(InputFileError) -> ImportedInputStream {
        guard window.width.isFinite, window.height.isFinite, window.width > 0, window.height > 0 else {
            throw InputFileError(file: path, line: 1, column: 1, "the window must have a positive width and height")
        }
        if let p = FileAccess.checkSmallFile(path, limit: ImportLimits.maxFileSize, what: "input") {
            throw InputFileError(file: path, line: 1, column: 1, p.message)
        }
        guard InputFileFormat.detect(path: path) == .evemu else {
            // A libinput record (or a file that is neither: refused as ImportedRecording says).
            let bytes: [UInt8]
            switch FileAccess.readSmallFile(path, limit: ImportLimits.maxFileSize, what: "input") {
            case .success(let b): bytes = b
            case .failure(let p): throw InputFileError(file: path, line: 1, column: 1, p.message)
            }
            let r = try ImportedRecording(bytes: bytes, file: path, window: window)
            var counts = Counts()
            for i in r.inputs { counts.add(i) }
            return ImportedInputStream(header: r.header, counts: counts.tuple, inputs: r.inputs, contacts: r.contacts,
                                       rawDevice: r.rawDevice, evemu: nil)
        }
        func reader() throws(InputFileError) -> EvemuReader {
            do { return EvemuReader(source: try LineSource(path: path), file: path) } catch {
                throw InputFileError(file: path, line: 1, column: 1, "cannot read the input file: \(error.message)")
            }
        }
        // 1: every line read, the device taken, every event converted, so that all of the
        // file's problems are found before anything is written or replayed. The events are
        // converted as they are read when the device is described before them and its kind
        // does not hang on its events (it has slots, or no multitouch axes); else in a
        // second reading.
        var first = try reader()
        var hints = EvdevContacts.Hints()
        var counts = Counts()
        var early: (device: EvdevDevice, converter: EvdevContacts.Converter?, problem: InputFileError?)?
        while let e = try first.nextEvent() {
            hints.see(e)
            if early == nil {
                let d = first.device
                let axes = d.axes
                let knownKind = axes[Evdev.ABS_MT_SLOT] != nil
                    || axes[Evdev.ABS_MT_POSITION_X] == nil || axes[Evdev.ABS_MT_POSITION_Y] == nil
                guard knownKind else { early = (d, nil, nil); continue }
                do { early = (d, try EvdevContacts.Converter(device: d, hints: hints, window: window, file: path), nil) }
                catch { early = (d, nil, error) }
            }
            // The first problem of the conversion is kept until every line has been read
            // (a line that does not read is said first, as a reading pass would).
            guard early?.problem == nil, early?.converter != nil else { continue }
            do { try early?.converter?.feed(e) { i, _ in counts.add(i) } } catch { early?.problem = error }
        }
        let device = try first.finish()
        let sameDevice = early.map { $0.device.name == device.name && $0.device.axes == device.axes
            && $0.device.mark == device.mark } ?? false
        if let early, sameDevice, early.converter != nil || early.problem != nil {
            if let problem = early.problem { throw problem }
        } else {
            // 2: the events converted in a second reading.
            var second = try reader()
            var check = try EvdevContacts.Converter(device: device, hints: hints, window: window, file: path)
            counts = Counts()
            while let e = try second.nextEvent() { try check.feed(e) { i, _ in counts.add(i) } }
        }
        // 3: read again as the events are taken.
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let header = RecordingHeader(window: window, device: device.name, importedFrom: name, format: InputFileFormat.evemu.rawValue)
        let converter = try EvdevContacts.Converter(device: device, hints: hints, window: window, file: path)
        return ImportedInputStream(header: header, counts: counts.tuple, inputs: [], contacts: [],
                                   rawDevice: device.raw(kind: converter.kind, window: window), evemu: (try reader(), converter))
    }

    /// The next finger event, or nil at the end.
    public func next() throws(InputFileError) -> RawInput? {
        while pendingIndex >= pending.count {
            guard evemu != nil else { return nil }
            pending.removeAll(keepingCapacity: true)
            pendingContacts.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard let e = try evemu?.reader.nextEvent() else { evemu = nil; return nil }
            try evemu?.converter.feed(e) { pending.append($0); pendingContacts.append($1) }
        }
        defer { pendingIndex += 1 }
        lastContact = pendingIndex < pendingContacts.count ? pendingContacts[pendingIndex] : nil
        return pending[pendingIndex]
    }
}
