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
        let text = String(decoding: bytes, as: UTF8.self)
        // Depth and expanded size, measured on libyaml's events before the recursive composer runs.
        if let d = YAMLEventGuard.problem(in: text) { return fail(d.line, d.column, d.message) }
        return .success(text)
    }
}
