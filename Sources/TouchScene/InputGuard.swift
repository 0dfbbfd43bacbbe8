// InputGuard: refuses hostile scene files (huge, binary, too deep) before the YAML parser sees them.

/// The limits a scene file must respect (documented in scenes/README.md).
public enum SceneLimits {
    /// Largest scene file accepted, in bytes (8 MiB). Checked before reading.
    public static let maxFileSize = 8 * 1024 * 1024
    /// Deepest YAML nesting accepted (block indentation levels plus flow brackets). Checked
    /// on the raw bytes before composing, because the YAML composer recurses.
    public static let maxYAMLDepth = 200
    /// Deepest view nesting accepted (`children` levels below the window).
    public static let maxViewDepth = 64
    /// Most YAML nodes a document may expand to, alias re-uses counted each time.
    public static let nodeBudget = 100_000
}

enum InputGuard {
    /// Checks the bytes of a scene file: not empty, no NUL, valid UTF-8, not too deep.
    /// Returns the text, or one diagnostic.
    static func text(from bytes: [UInt8], file: String) -> Result<String, SceneDiagnostic> {
        func fail(_ line: Int, _ column: Int, _ message: String) -> Result<String, SceneDiagnostic> {
            .failure(SceneDiagnostic(file: file, line: line, column: column, message: message))
        }
        if bytes.count > SceneLimits.maxFileSize {
            return fail(1, 1, "file is \(bytes.count) bytes, larger than the \(SceneLimits.maxFileSize / 1024 / 1024) MiB limit for scene files; refused")
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
            return fail(1, 1, "the file is empty; a scene needs at least `scene:` and `window:`")
        }
        // NUL bytes and invalid UTF-8: binary garbage.
        var line = 1, column = 1, i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0 { return fail(line, column, "the file contains a NUL byte: not a text (YAML) file; refused") }
            let len: Int
            if b < 0x80 { len = 1 }
            else if b & 0xE0 == 0xC0, b >= 0xC2 { len = 2 }
            else if b & 0xF0 == 0xE0 { len = 3 }
            else if b & 0xF8 == 0xF0, b <= 0xF4 { len = 4 }
            else { return fail(line, column, "invalid UTF-8 (byte 0x\(String(b, radix: 16))): not a text (YAML) file; refused") }
            if i + len > n { return fail(line, column, "invalid UTF-8 (truncated sequence at the end of the file); refused") }
            var ok = true
            for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 { ok = false }
            if ok, len == 3 {
                let cp = (UInt32(b & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6)
                if cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF) { ok = false }
            }
            if ok, len == 4 {
                let cp = (UInt32(b & 0x07) << 18) | (UInt32(bytes[i + 1] & 0x3F) << 12)
                if cp < 0x10000 || cp > 0x10FFFF { ok = false }
            }
            if !ok { return fail(line, column, "invalid UTF-8 (byte 0x\(String(b, radix: 16))): not a text (YAML) file; refused") }
            if b < 0x20, b != 0x0a, b != 0x0d, b != 0x09 {
                return fail(line, column, "the file contains a control character (0x\(String(b, radix: 16))): not a text (YAML) file; refused")
            }
            if b == 0x0a { line += 1; column = 1 } else { column += 1 }
            i += len
        }
        if let d = depthProblem(bytes) { return fail(d.line, d.column, d.message) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// A conservative estimate of the YAML nesting depth, computed without recursion:
    /// block indentation levels (each `- ` / `? ` on a line opens one more) plus open flow
    /// brackets. Reports the first place deeper than `SceneLimits.maxYAMLDepth`.
    static func depthProblem(_ bytes: [UInt8], limit: Int = SceneLimits.maxYAMLDepth) -> (line: Int, column: Int, message: String)? {
        var indents: [Int] = []      // block indentation stack
        var flow = 0                 // open [ and {
        var quote: UInt8 = 0         // open quote spanning lines (in flow context)
        var blockScalarIndent: Int? = nil
        var lineNumber = 0
        var start = 0
        let n = bytes.count
        func tooDeep(_ column: Int) -> (Int, Int, String) {
            (lineNumber, column, "YAML nested deeper than \(limit) levels; refused (scene files are limited to \(limit) levels of YAML and \(SceneLimits.maxViewDepth) levels of views)")
        }
        while start < n {
            lineNumber += 1
            var end = start
            while end < n, bytes[end] != 0x0a { end += 1 }
            defer { start = end + 1 }
            var p = start
            while p < end, bytes[p] == 0x20 { p += 1 }
            let indent = p - start
            let blank = p >= end || bytes[p] == 0x23 /* # */ || bytes[p] == 0x0d
            if let bsi = blockScalarIndent {
                if blank || indent > bsi { continue }
                blockScalarIndent = nil
            }
            if blank { continue }
            if flow == 0, quote == 0 {
                while let top = indents.last, top >= indent { indents.removeLast() }
                // Sequence entries and complex keys opening on the same line.
                while p + 1 < end, bytes[p] == 0x2d || bytes[p] == 0x3f, bytes[p + 1] == 0x20 || bytes[p + 1] == 0x0d {
                    indents.append(p - start)
                    if indents.count + flow > limit { return tooDeep(p - start + 1) }
                    p += 2
                    while p < end, bytes[p] == 0x20 { p += 1 }
                }
                if p < end, bytes[p] == 0x2d, p + 1 == end { // a lone "-" ending the line
                    indents.append(p - start); p += 1
                }
                indents.append(p - start)
                if indents.count > limit { return tooDeep(p - start + 1) }
            }
            // Scan the rest of the line for flow brackets, quotes, comments, block scalars.
            var prev: UInt8 = 0x20
            var lastSignificant: UInt8 = 0
            var inPlain = false // inside a plain scalar in block context: brackets are text
            while p < end {
                let c = bytes[p]
                if quote != 0 {
                    if quote == 0x22, c == 0x5c { p += 2; continue } // \" escape
                    if c == quote {
                        if quote == 0x27, p + 1 < end, bytes[p + 1] == 0x27 { p += 2; continue }
                        quote = 0
                    }
                    prev = c; p += 1; continue
                }
                switch c {
                case 0x23 where prev == 0x20 || prev == 0x09: // comment
                    p = end; continue
                case 0x22, 0x27: // a quote opens only where a scalar may start
                    if prev == 0x20 || prev == 0x09 || prev == 0x5b || prev == 0x7b || prev == 0x2c || prev == 0x3a { quote = c }
                case 0x3a: // `: ` ends a plain key
                    if p + 1 >= end || bytes[p + 1] == 0x20 || bytes[p + 1] == 0x0d { inPlain = false }
                case 0x5b, 0x7b: // [ {
                    if flow > 0 || !inPlain {
                        flow += 1
                        if indents.count + flow > limit { return tooDeep(p - start + 1) }
                    }
                case 0x5d, 0x7d: // ] }
                    if flow > 0 { flow -= 1 }
                case 0x7c, 0x3e: // | > start a block scalar after `key:` or `-`
                    if flow == 0, lastSignificant == 0x3a || lastSignificant == 0x2d || lastSignificant == 0 { blockScalarIndent = indent }
                default:
                    if flow == 0, c != 0x20, c != 0x09, c != 0x0d { inPlain = true }
                }
                if c != 0x20, c != 0x09, c != 0x0d { lastSignificant = c }
                prev = c; p += 1
            }
        }
        return nil
    }
}
