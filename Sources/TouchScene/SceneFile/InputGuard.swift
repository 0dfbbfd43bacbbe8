// InputGuard: refuses hostile scene files (huge, binary, too deep, alias bombs) before the YAML composer sees them.

/// The limits a scene file must respect (documented in scenes/README.md).
public enum SceneLimits {
    /// Largest scene file accepted, in bytes (8 MiB). Checked before reading.
    public static let maxFileSize = 8 * 1024 * 1024
    /// Deepest YAML nesting accepted (open sequences and mappings). Measured on libyaml's
    /// events (no recursion) before the YAML composer, which recurses, is allowed to run.
    public static let maxYAMLDepth = 200
    /// Deepest view nesting accepted (`children` levels below the window).
    public static let maxViewDepth = 64
    /// Most YAML nodes a document may expand to, alias re-uses counted each time.
    public static let nodeBudget = 100_000
    /// Longest id (of a view, recognizer, controller, action, ...) and edit-menu title, in
    /// characters (Unicode scalars). These are the scene's only strings that reach trace
    /// records, so this bounds every name a record carries: the limit is kept at parse, with
    /// a located error, and the trace writer never shortens anything (a trace that edited
    /// the scene's names would show names the scene does not have). A record's lists (a
    /// hit test's path, the recognizers a gesture waits for) hold at most one entry per view
    /// or recognizer of the scene, which the node budget bounds.
    public static let maxNameLength = 128
}

enum InputGuard {
    /// Checks the bytes of a scene file: not too large, not empty, no NUL or control bytes,
    /// valid UTF-8, not nested too deep, not expanding to too many nodes.
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
        if let p = TextGuard.problem(in: bytes) { return fail(p.line, p.column, p.message) }
        let text = String(decoding: bytes, as: UTF8.self)
        // Depth and expanded size, measured on libyaml's events before the recursive composer runs.
        if let d = YAMLEventGuard.problem(in: text) {
            let (line, column) = TextGuard.clamp(line: d.line, column: d.column, in: bytes)
            return fail(line, column, d.message)
        }
        return .success(text)
    }
}

/// The text checks of the YAML readers (scene files and libinput records), and positions kept
/// inside the file.
///
/// libyaml takes a lone return (CR), U+0085 (next line), U+2028 (line separator) and U+2029
/// (paragraph separator) for line breaks, which editors and `wc -l` do not: the line numbers
/// it gives after one would point past what an editor shows, even past the end of the file.
/// These characters are refused, with their place, before libyaml reads the file, so that
/// libyaml's lines are the file's lines (counted at each newline, a CR LF being one).
enum TextGuard {
    /// The first character `bytes` may not hold as YAML text, with its line and column
    /// (from 1; columns count characters): a NUL byte, invalid UTF-8, a control character
    /// (C0 but tab, newline and a return just before a newline; DEL; C1, U+0085 included),
    /// or U+2028 / U+2029. Nil when the text is clean.
    static func problem(in bytes: [UInt8]) -> (line: Int, column: Int, message: String)? {
        var line = 1, column = 1, i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0 { return (line, column, "the file contains a NUL byte: not a text (YAML) file; refused") }
            let len: Int
            if b < 0x80 { len = 1 }
            else if b & 0xE0 == 0xC0, b >= 0xC2 { len = 2 }
            else if b & 0xF0 == 0xE0 { len = 3 }
            else if b & 0xF8 == 0xF0, b <= 0xF4 { len = 4 }
            else { return (line, column, "invalid UTF-8 (byte 0x\(String(b, radix: 16))): not a text (YAML) file; refused") }
            if i + len > n { return (line, column, "invalid UTF-8 (truncated sequence at the end of the file); refused") }
            var ok = true
            for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 { ok = false }
            var cp = UInt32(b)
            if ok, len == 2 { cp = (UInt32(b & 0x1F) << 6) | UInt32(bytes[i + 1] & 0x3F) }
            if ok, len == 3 {
                cp = (UInt32(b & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6) | UInt32(bytes[i + 2] & 0x3F)
                if cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF) { ok = false }
            }
            if ok, len == 4 {
                cp = (UInt32(b & 0x07) << 18) | (UInt32(bytes[i + 1] & 0x3F) << 12)
                if cp < 0x10000 || cp > 0x10FFFF { ok = false }
            }
            if !ok { return (line, column, "invalid UTF-8 (byte 0x\(String(b, radix: 16))): not a text (YAML) file; refused") }
            if b == 0x0d, i + 1 >= n || bytes[i + 1] != 0x0a {
                return (line, column, "a return (0x0d) without a newline after it, which YAML counts as a line break; lines end with a newline (LF or CR LF); refused")
            }
            if (b < 0x20 && b != 0x0a && b != 0x0d && b != 0x09) || b == 0x7f {
                return (line, column, "the file contains a control character (0x\(String(b, radix: 16))): not a text (YAML) file; refused")
            }
            if cp == 0x85 {
                return (line, column, "the file contains a control character (U+0085, next line), which YAML counts as a line break: not a text (YAML) file; refused")
            }
            if cp >= 0x80 && cp <= 0x9f {
                return (line, column, "the file contains a control character (U+00\(String(cp, radix: 16, uppercase: true))): not a text (YAML) file; refused")
            }
            if cp == 0x2028 || cp == 0x2029 {
                let name = cp == 0x2028 ? "line separator" : "paragraph separator"
                return (line, column, "the file contains a \(name) (U+\(String(cp, radix: 16, uppercase: true))), which YAML counts as a line break; use a newline; refused")
            }
            if b == 0x0a { line += 1; column = 1 } else if b != 0x0d { column += 1 }
            i += len
        }
        return nil
    }

    /// `line`:`column` moved inside the file when it lies past its end: onto the last line,
    /// at most one column past its last character when a newline ends it (the newline's
    /// place), else at its last character. A parser's "end of the file" is after the last
    /// newline, on a line the file does not have.
    static func clamp(line: Int, column: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        // The lines: each one's length in characters, and whether a newline ends it.
        var lengths: [Int] = []
        var current = 0
        for b in bytes {
            if b == 0x0a { lengths.append(current); current = 0 }
            else if b & 0xC0 != 0x80, b != 0x0d { current += 1 }
        }
        let lastTerminated = bytes.last == 0x0a
        if !lastTerminated { lengths.append(current) }
        guard !lengths.isEmpty else { return (1, 1) }
        let l = Swift.min(Swift.max(1, line), lengths.count)
        let width = lengths[l - 1]
        let maxColumn = (l < lengths.count || lastTerminated) ? width + 1 : Swift.max(1, width)
        let c = l < line ? maxColumn : Swift.min(Swift.max(1, column), maxColumn)
        return (l, c)
    }
}
