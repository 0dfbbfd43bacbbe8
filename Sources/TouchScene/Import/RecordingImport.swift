// RecordingImport: `libinput record` and `evemu-record` files -> recordings, and the format
// of a file told from its first lines.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard case .success(let fd) = FileAccess.openRegular(path) else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { return nil }
        return detect(buf[0..<n])
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

    /// Reads and converts a file (its format told from its content). Errors are
    /// `FILE:LINE:COLUMN: ...`; a file that is a recording already is refused.
    public init(path: String, window: Size) throws(InputFileError) {
        let bytes: [UInt8]
        switch FileAccess.readSmallFile(path, limit: ImportLimits.maxFileSize, what: "input") {
        case .success(let b): bytes = b
        case .failure(let p): throw InputFileError(file: path, line: 1, column: 1, p.message)
        }
        try self.init(bytes: bytes, file: path, window: window)
    }

    /// Converts a file's bytes; `file` names it in messages and in the header.
    public init(bytes: [UInt8], file: String, window: Size) throws(InputFileError) {
        guard window.width.isFinite, window.height.isFinite, window.width > 0, window.height > 0 else {
            throw InputFileError(file: file, line: 1, column: 1, "the window must have a positive width and height")
        }
        let format = InputFileFormat.detect(bytes.prefix(4096))
        let device: EvdevDevice, events: [EvdevEvent]
        switch format {
        case .recording:
            throw InputFileError(file: file, line: 1, column: 1,
                "not a libinput record (YAML starting with `version: 1`) or an evemu recording (`# EVEMU`, `N:`, `A:` and `E:` lines)")
        case .evemu:
            let f = try EvemuFile.parse(bytes, file: file)
            device = f.device; events = f.events
        case .libinputRecord:
            if let p = TextGuard.problem(in: bytes) { throw InputFileError(file: file, line: p.line, column: p.column, p.message) }
            let text = String(decoding: bytes, as: UTF8.self)
            let f: LibinputRecordFile
            do { f = try LibinputRecordFile.parse(text, file: file) } catch {
                // libyaml says where the file ends on the line after the last newline.
                let d = error.diagnostic
                let (line, column) = TextGuard.clamp(line: d.line, column: d.column, in: bytes)
                throw InputFileError(file: d.file, line: line, column: column, d.message)
            }
            guard let d = f.touchDevice else {
                throw InputFileError(file: file, line: 1, column: 1,
                    "no touchscreen or touchpad among the \(f.devices.count) device(s): none has udev's ID_INPUT_TOUCHSCREEN or ID_INPUT_TOUCHPAD, multitouch axes, or ABS_X and ABS_Y")
            }
            device = d.info; events = d.events
        }
        inputs = try EvdevContacts.convert(device: device, events: events, window: window, file: file)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        header = RecordingHeader(window: window, device: device.name, importedFrom: name, format: format.rawValue)
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
            let imported = try ImportedRecording(path: path, window: window)
            return try RecordingReader(text: imported.text, file: path)
        case .recording?, nil:
            return try RecordingReader(path: path)
        }
    }
}
