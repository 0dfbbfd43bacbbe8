// TreeDump: the view tree as JSON (DESIGN.md "Tree dump").

/// The `--dump-tree` file: the view tree at the end of a replay, as JSON.
public enum TreeDump {
    /// The window's subviews as a JSON array, each view with id, frame (centre and bounds as
    /// the scene gives them, untransformed), transform, alpha, hidden and children.
    public static func json(of window: Window) -> String {
        var out: [UInt8] = []
        JSONOut.value(.array(window.subviews.map(node)), into: &out)
        out.append(0x0a)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `json(of:)` to `path` by the rule of every output: a missing path or a regular
    /// file (symlinks followed) is written in place, anything else is refused. Throws
    /// `FILE:1:1: cannot write the tree dump: REASON`.
    public static func write(of window: Window, to path: String) throws(InputFileError) {
        let out: OutputFile
        do { out = try OutputFile(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the tree dump: \(error.message)")
        }
        out.append(Array(json(of: window).utf8))
        out.close()
        if let failure = out.failure {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the tree dump: \(failure)")
        }
    }

    static func node(_ v: View) -> JSONValue {
        let f = v.frame, t = v.transform
        return .object([
            ("id", .string(v.id)),
            ("frame", .array([f.minX, f.minY, f.width, f.height].map { .number(round6($0)) })),
            ("transform", .object([("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)]
                .map { ($0.0, .number(round6($0.1))) })),
            ("alpha", .number(round6(v.alpha))),
            ("hidden", .bool(v.isHidden)),
            ("children", .array(v.subviews.map(node))),
        ])
    }

    /// Six decimals: enough for points and matrix entries, stable across platforms.
    static func round6(_ x: Double) -> Double {
        let r = (x * 1_000_000).rounded() / 1_000_000
        return r == 0 ? 0 : r
    }
}
