// Evemu: reads an `evemu-record` file (one device's description, then its events).
//
//     # EVEMU 1.3
//     N: Wacom HID 5256 Finger          the device's name
//     I: 0018 056a 5256 0100            bus, vendor, product, version (hex)
//     P: 02 00 00 00 00 00 00 00        properties, B: event bits, L: LEDs, S: switches (ignored)
//     A: 35 0 27120 0 0 100             absolute axis (hex code): min max fuzz flat resolution
//     E: 0.000001 0003 0035 1234        event: sec.usec, type (hex), code (hex), value

/// The device and events of an evemu recording.
struct EvemuFile {
    var device = EvdevDevice()
    var events: [EvdevEvent] = []

    /// Parses the file's bytes; the first problem is thrown as `FILE:LINE:COLUMN: ...`.
    static func parse(_ bytes: [UInt8], file: String) throws(InputFileError) -> EvemuFile {
        var out = EvemuFile()
        var sawDescription = false
        var lineNumber = 0
        var start = 0
        let n = bytes.count
        while start < n {
            lineNumber += 1
            var end = start
            while end < n, bytes[end] != 0x0a { end += 1 }
            defer { start = end + 1 }
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0d { stop -= 1 }
            try parseLine(bytes[start..<stop], line: lineNumber, file: file, into: &out, sawDescription: &sawDescription)
        }
        if !sawDescription {
            throw InputFileError(file: file, line: 1, column: 1, "not an evemu recording: no device description (`N:` and `A:` lines)")
        }
        return out
    }

    private static func parseLine(_ line: ArraySlice<UInt8>, line number: Int, file: String,
                                  into out: inout EvemuFile, sawDescription: inout Bool) throws(InputFileError) {
        let base = line.startIndex
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
        guard let first = tokens.first else { return }
        switch first.text {
        case "N:":
            if sawDescription, out.device.name != nil {
                throw fail(first.at, "a second device description (`N:`): this importer reads one device per file")
            }
            // The name is the rest of the line as written.
            var s = first.at + 2
            while s < line.endIndex, line[s] == 0x20 || line[s] == 0x09 { s += 1 }
            var e = line.endIndex
            while e > s, line[e - 1] == 0x20 || line[e - 1] == 0x09 { e -= 1 }
            if e - s > ImportLimits.maxNameLength { throw fail(s, "device name longer than \(ImportLimits.maxNameLength) bytes; refused") }
            out.device.name = String(decoding: line[s..<e], as: UTF8.self)
            out.device.mark = SourceMark(line: number, column: 1)
            sawDescription = true
        case "I:", "P:", "B:", "L:", "S:":
            sawDescription = true
        case "A:":
            guard tokens.count >= 4 else { throw fail(first.at, "an axis line needs `A: CODE MIN MAX` (code in hex; then fuzz, flat, resolution)") }
            guard let code = Int(tokens[1].text, radix: 16), code >= 0, code <= 0x3f else {
                throw fail(tokens[1].at, "`\(tokens[1].text)` is not an absolute axis code (hex, 00 to 3f)")
            }
            guard let min = Int32(tokens[2].text) else { throw fail(tokens[2].at, "the axis minimum `\(tokens[2].text)` is not a whole number") }
            guard let max = Int32(tokens[3].text) else { throw fail(tokens[3].at, "the axis maximum `\(tokens[3].text)` is not a whole number") }
            out.device.axes[code] = AxisRange(min: Int(min), max: Int(max), mark: SourceMark(line: number, column: 1))
            if out.device.name == nil { out.device.mark = SourceMark(line: number, column: 1) }
            sawDescription = true
        case "E:":
            guard tokens.count == 5 else {
                throw fail(tokens.count > 5 ? tokens[5].at : first.at, "an event line is `E: SEC.USEC TYPE CODE VALUE` (type and code in hex)")
            }
            let t = tokens[1]
            guard let time = parseTime(t.text) else { throw fail(t.at, "`\(t.text)` is not a time (seconds.microseconds)") }
            guard let type = Int(tokens[2].text, radix: 16), (0...0x1f).contains(type) else {
                throw fail(tokens[2].at, "`\(tokens[2].text)` is not an event type (hex, 00 to 1f)")
            }
            guard let code = Int(tokens[3].text, radix: 16), (0...0x2ff).contains(code) else {
                throw fail(tokens[3].at, "`\(tokens[3].text)` is not an event code (hex, 0 to 2ff)")
            }
            guard let value = Int32(tokens[4].text) else { throw fail(tokens[4].at, "the event value `\(tokens[4].text)` is not a whole number") }
            out.events.append(EvdevEvent(time: time, type: type, code: code, value: Int(value), mark: SourceMark(line: number, column: 1)))
        default:
            throw fail(first.at, "`\(first.text)` does not start an evemu line (N:, I:, P:, B:, A:, L:, S: or E:)")
        }
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
