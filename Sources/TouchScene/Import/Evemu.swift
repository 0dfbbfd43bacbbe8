// Evemu: reads an `evemu-record` file (one device's description, then its events).
//
//     # EVEMU 1.3
//     N: Wacom HID 5256 Finger          the device's name
//     I: 0018 056a 5256 0100            bus, vendor, product, version (hex)
//     P: 02 00 00 00 00 00 00 00        properties, B: event bits, L: LEDs, S: switches (ignored)
//     A: 35 0 27120 0 0 100             absolute axis (hex code): min max fuzz flat resolution
//     E: 0.000001 0003 0035 1234        event: sec.usec, type (hex), code (hex), value
//
// The file is read line by line (`EvemuReader`), so a 64 MiB file is never held in memory:
// the importer reads it to check it, then again as its events are taken
// (`ImportedInputStream`).
import TouchFiles

/// The device and events of an evemu recording.
struct EvemuFile {
    var device = EvdevDevice()
    var events: [EvdevEvent] = []

    /// Parses the file's bytes; the first problem is thrown as `FILE:LINE:COLUMN: ...`.
    static func parse(_ bytes: [UInt8], file: String) throws(InputFileError) -> EvemuFile {
        var reader = EvemuReader(source: LineSource(bytes: bytes, maxLineLength: Int.max), file: file)
        var out = EvemuFile()
        while let e = try reader.nextEvent() { out.events.append(e) }
        out.device = try reader.finish()
        return out
    }

    /// `SEC.USEC` as microseconds (the fraction has up to 6 digits; more are cut).
    static func parseTime(_ s: String) -> Int64? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let secText = parts.first, !secText.isEmpty, secText.count <= 11,
              secText.allSatisfy({ $0.isASCII && $0.isNumber }), let sec = Int64(secText) else { return nil }
        var usec: Int64 = 0
        if parts.count == 2 {
            let frac = parts[1]
            guard !frac.isEmpty, frac.count <= 9, frac.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let six = String(frac.prefix(6)) + String(repeating: "0", count: Swift.max(0, 6 - frac.count))
            guard let u = Int64(six) else { return nil }
            usec = u
        }
        return sec * 1_000_000 + usec
    }
}

/// Reads an evemu file line by line: its events one at a time, its device description as
/// it goes. Memory is one line, whatever the file's size.
struct EvemuReader {
    private let source: LineSource
    let file: String
    private(set) var device = EvdevDevice()
    private var sawDescription = false

    init(source: LineSource, file: String) {
        self.source = source
        self.file = file
    }

    /// The next `E:` line's event, or nil at the end of the file (description lines are
    /// taken on the way).
    mutating func nextEvent() throws(InputFileError) -> EvdevEvent? {
        while true {
            let more: Bool
            do { more = try source.advance() } catch {
                throw InputFileError(file: file, line: source.lineNumber, column: 1, error.message)
            }
            guard more else { return nil }
            let number = source.lineNumber
            // Most lines are plain events: read without building strings.
            if let e = source.withCurrent({ Self.plainEvent($0, line: number) }) { return e }
            let line = source.withCurrent { ArraySlice($0) }
            if let e = try parseLine(line, line: number) { return e }
        }
    }

    /// A plain `E: SEC.USEC TYPE CODE VALUE` line (then maybe a comment) read straight from
    /// its bytes: digits only (hex for type and code, an optional minus for the value), each
    /// in range. Nil for any other line, which `parseLine` then reads (and explains).
    /// (No closures: a debug build would box the indices they capture.)
    static func plainEvent(_ b: UnsafeBufferPointer<UInt8>, line: Int) -> EvdevEvent? {
        let n = b.count
        let e0 = skipSpace(b, 0), e1 = tokenEnd(b, e0)
        guard e1 - e0 == 2, b[e0] == 0x45, b[e0 + 1] == 0x3a else { return nil }     // E:
        let t0 = skipSpace(b, e1), t1 = tokenEnd(b, t0)
        let y0 = skipSpace(b, t1), y1 = tokenEnd(b, y0)
        let c0 = skipSpace(b, y1), c1 = tokenEnd(b, c0)
        let v0 = skipSpace(b, c1), v1 = tokenEnd(b, v0)
        let z = skipSpace(b, v1)
        guard t1 > t0, y1 > y0, c1 > c0, v1 > v0, z == n || b[z] == 0x23 else { return nil }
        // Time: 1 to 11 digits, then maybe `.` and 1 to 9 digits (the first 6 kept).
        var k = t0, sec: Int64 = 0, usec: Int64 = 0
        while k < t1, b[k] >= 0x30, b[k] <= 0x39 { sec = sec * 10 + Int64(b[k] - 0x30); k += 1 }
        guard k > t0, k - t0 <= 11 else { return nil }
        if k < t1 {
            guard b[k] == 0x2e else { return nil }
            k += 1
            let f = k
            var scale: Int64 = 100_000
            while k < t1, b[k] >= 0x30, b[k] <= 0x39 {
                usec += Int64(b[k] - 0x30) * scale
                scale /= 10
                k += 1
            }
            guard k == t1, k > f, k - f <= 9 else { return nil }
        }
        guard let type = hexValue(b, y0, y1, max: 0x1f), let code = hexValue(b, c0, c1, max: 0x2ff) else { return nil }
        // Value: an optional minus, 1 to 10 digits, within Int32.
        var v = v0, negative = false
        if b[v] == 0x2d { negative = true; v += 1 }
        guard v1 > v, v1 - v <= 10 else { return nil }
        var value: Int64 = 0
        while v < v1 {
            guard b[v] >= 0x30, b[v] <= 0x39 else { return nil }
            value = value * 10 + Int64(b[v] - 0x30)
            v += 1
        }
        if negative { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        // A NUL byte anywhere is refused by parseLine.
        if FileAccess.containsNUL(b, n) { return nil }
        return EvdevEvent(time: sec * 1_000_000 + usec, type: type, code: code, value: Int(value), mark: SourceMark(line: line, column: 1))
    }

    /// The index of the first byte at or after `i` that is not a space or a tab.
    private static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var i = i
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        return i
    }

    /// The end of the token at `i` (a space, a tab, `#` or the end of the line).
    private static func tokenEnd(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        var i = i
        while i < b.count, b[i] != 0x20, b[i] != 0x09, b[i] != 0x23 { i += 1 }
        return i
    }

    /// `b[s..<e]` as 1 to 8 hex digits, if it is that and at most `max`.
    private static func hexValue(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, max: Int) -> Int? {
        guard e > s, e - s <= 8 else { return nil }
        var v = 0
        for k in s..<e {
            let c = b[k]
            if c >= 0x30 && c <= 0x39 { v = v * 16 + Int(c - 0x30) }
            else if c >= 0x61 && c <= 0x66 { v = v * 16 + Int(c - 0x61) + 10 }
            else if c >= 0x41 && c <= 0x46 { v = v * 16 + Int(c - 0x41) + 10 }
            else { return nil }
        }
        return v <= max ? v : nil
    }

    /// After the last event: the device, or why the file is not an evemu recording.
    func finish() throws(InputFileError) -> EvdevDevice {
        if !sawDescription {
            throw InputFileError(file: file, line: 1, column: 1, "not an evemu recording: no device description (`N:` and `A:` lines)")
        }
        return device
    }

    private mutating func parseLine(_ line: ArraySlice<UInt8>, line number: Int) throws(InputFileError) -> EvdevEvent? {
        let base = line.startIndex
        let file = self.file
        func fail(_ index: Int, _ message: String) -> InputFileError {
            // Columns count bytes before `index`, as characters (the lines are ASCII but for names).
            let column = String(decoding: line[base..<index], as: UTF8.self).unicodeScalars.count + 1
            return InputFileError(file: file, line: number, column: column, message)
        }
        if let nul = line.firstIndex(of: 0) { throw fail(nul, "the file contains a NUL byte: not a text (evemu) file; refused") }
        // Tokens (with where each starts), up to a comment.
        var tokens: [(text: String, at: Int)] = []
        var i = base
        while i < line.endIndex {
            let b = line[i]
            if b == 0x23 { break } // '#': a comment to the end of the line
            if b == 0x20 || b == 0x09 { i += 1; continue }
            let s = i
            while i < line.endIndex, line[i] != 0x20, line[i] != 0x09, line[i] != 0x23 { i += 1 }
            tokens.append((String(decoding: line[s..<i], as: UTF8.self), s))
        }
        guard let first = tokens.first else { return nil }
        switch first.text {
        case "N:":
            if sawDescription, device.name != nil {
                throw fail(first.at, "a second device description (`N:`): this importer reads one device per file")
            }
            // The name is the rest of the line as written.
            var s = first.at + 2
            while s < line.endIndex, line[s] == 0x20 || line[s] == 0x09 { s += 1 }
            var e = line.endIndex
            while e > s, line[e - 1] == 0x20 || line[e - 1] == 0x09 { e -= 1 }
            if e - s > ImportLimits.maxNameLength { throw fail(s, "device name longer than \(ImportLimits.maxNameLength) bytes; refused") }
            device.name = String(decoding: line[s..<e], as: UTF8.self)
            device.mark = SourceMark(line: number, column: 1)
            sawDescription = true
        case "I:", "P:", "B:", "L:", "S:":
            sawDescription = true
        case "A:":
            guard tokens.count >= 4 else { throw fail(first.at, "an axis line needs `A: CODE MIN MAX` (code in hex; then fuzz, flat, resolution)") }
            guard let code = Int(tokens[1].text, radix: 16), code >= 0, code <= 0x3f else {
                throw fail(tokens[1].at, "`\(shown(tokens[1].text))` is not an absolute axis code (hex, 00 to 3f)")
            }
            guard let min = Int32(tokens[2].text) else { throw fail(tokens[2].at, "the axis minimum `\(shown(tokens[2].text))` is not a whole number") }
            guard let max = Int32(tokens[3].text) else { throw fail(tokens[3].at, "the axis maximum `\(shown(tokens[3].text))` is not a whole number") }
            // min max fuzz flat resolution: a resolution that is not a whole number is ignored.
            let resolution = tokens.count >= 7 ? Int32(tokens[6].text).map(Int.init) ?? 0 : 0
            let fuzz = tokens.count >= 5 ? Int32(tokens[4].text).map(Int.init) ?? 0 : 0
            device.axes[code] = AxisRange(min: Int(min), max: Int(max), mark: SourceMark(line: number, column: 1),
                                          resolution: Swift.max(0, resolution), fuzz: Swift.max(0, fuzz))
            if device.name == nil { device.mark = SourceMark(line: number, column: 1) }
            sawDescription = true
        case "E:":
            guard tokens.count == 5 else {
                throw fail(tokens.count > 5 ? tokens[5].at : first.at, "an event line is `E: SEC.USEC TYPE CODE VALUE` (type and code in hex)")
            }
            let t = tokens[1]
            guard let time = EvemuFile.parseTime(t.text) else { throw fail(t.at, "`\(shown(t.text))` is not a time (seconds.microseconds)") }
            guard let type = Int(tokens[2].text, radix: 16), (0...0x1f).contains(type) else {
                throw fail(tokens[2].at, "`\(shown(tokens[2].text))` is not an event type (hex, 00 to 1f)")
            }
            guard let code = Int(tokens[3].text, radix: 16), (0...0x2ff).contains(code) else {
                throw fail(tokens[3].at, "`\(shown(tokens[3].text))` is not an event code (hex, 0 to 2ff)")
            }
            guard let value = Int32(tokens[4].text) else { throw fail(tokens[4].at, "the event value `\(shown(tokens[4].text))` is not a whole number") }
            return EvdevEvent(time: time, type: type, code: code, value: Int(value), mark: SourceMark(line: number, column: 1))
        default:
            throw fail(first.at, "`\(shown(first.text))` does not start an evemu line (N:, I:, P:, B:, A:, L:, S: or E:)")
        }
        return nil
    }
}
