// RecordingWriter: a recording written as it goes (DESIGN.md "Recording"), buffered, whole lines only.

/// Writes a recording: the header at once, then one line per input. Buffered; flushed when
/// the buffer passes 64 KiB, when input time has advanced `flushInterval` (0.1 s) since the
/// last flush, on `flush()` (call it when input stops) and on `close()` (call it on
/// SIGINT/SIGTERM's clean-exit path). A killed program loses at most that much input.
///
///     let w = try RecordingWriter(path: "out.jsonl", window: Size(width: 800, height: 600))
///     w.write(RawInput(t: 0, .fingerDown(finger: 1, x: 10, y: 20)))
///     w.close()
public final class RecordingWriter {
    private let out: OutputFile
    private var lastFlush = 0.0

    /// A writer of a recording at `path` for a scene window of `window` points; writes the
    /// header at once. Fails when the file cannot be created.
    public convenience init(path: String, window: Size) throws(InputFileError) {
        try self.init(path: path, header: RecordingHeader(window: window))
    }

    /// A writer whose header carries more than the window (an imported recording's source).
    public init(path: String, header: RecordingHeader) throws(InputFileError) {
        do { out = try OutputFile(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the recording: \(error.message)")
        }
        out.append(Array(RecordingWriter.headerLine(header).utf8))
        out.flush()
    }

    /// The header line (with its newline).
    public static func headerLine(_ window: Size) -> String { headerLine(RecordingHeader(window: window)) }

    /// The header line (with its newline): `recording`, `window`, then `device`,
    /// `importedFrom`, `format` and `scene` when they are set.
    public static func headerLine(_ header: RecordingHeader) -> String {
        var b: [UInt8] = []
        b.append(contentsOf: "{\"recording\":1,\"window\":[".utf8)
        JSONOut.number(header.window.width, into: &b); b.append(0x2c); JSONOut.number(header.window.height, into: &b)
        b.append(0x5d)
        for (key, value) in [("device", header.device), ("importedFrom", header.importedFrom), ("format", header.format),
                             ("scene", header.scene)] {
            guard let value else { continue }
            b.append(contentsOf: ",\"\(key)\":".utf8)
            JSONOut.string(value, into: &b)
        }
        if let targets = header.targets {
            b.append(contentsOf: ",\"targets\":[".utf8)
            for (i, p) in targets.enumerated() {
                b.append(contentsOf: (i == 0 ? "[" : ",[").utf8)
                JSONOut.number(p.x, into: &b); b.append(0x2c); JSONOut.number(p.y, into: &b); b.append(0x5d)
            }
            b.append(0x5d)
        }
        if let t = header.targetsAt { b.append(contentsOf: ",\"targetsAt\":".utf8); JSONOut.number(t, into: &b) }
        if let mm = header.sizeMM {
            b.append(contentsOf: ",\"sizeMm\":[".utf8)
            JSONOut.number(mm.width, into: &b); b.append(0x2c); JSONOut.number(mm.height, into: &b); b.append(0x5d)
        }
        if let d = header.rawDevice {
            b.append(contentsOf: ",\"rawDevice\":{\"name\":".utf8)
            JSONOut.string(d.name, into: &b)
            b.append(contentsOf: ",\"protocol\":".utf8)
            JSONOut.string(d.protocolName, into: &b)
            b.append(contentsOf: ",\"axes\":[".utf8)
            for (i, a) in d.axes.enumerated() {
                b.append(contentsOf: (i == 0 ? "{\"name\":" : ",{\"name\":").utf8)
                JSONOut.string(a.name, into: &b)
                for (key, v) in [("code", a.code), ("min", a.min), ("max", a.max), ("fuzz", a.fuzz), ("resolution", a.resolution)] {
                    b.append(contentsOf: ",\"\(key)\":".utf8)
                    JSONOut.number(Double(v), into: &b)
                }
                b.append(0x7d)
            }
            b.append(contentsOf: "]}".utf8)
        }
        if header.touchFrames { b.append(contentsOf: ",\"touchFrames\":true".utf8) }
        b.append(contentsOf: "}\n".utf8)
        return String(decoding: b, as: UTF8.self)
    }

    /// Appends one input. Input with a number that is not finite is not written: no reader
    /// would take it back (and the event model ignores it).
    public func write(_ input: RawInput) { write(input, contact: nil) }

    /// Appends one input with the contact a device reported with it (`raw`, finger lines
    /// only; `touchscope import`).
    public func write(_ input: RawInput, contact: RawContact?) {
        guard input.isFinite else { return }
        out.withBuffer { RecordingWriter.encode(input, contact: contact, into: &$0) }
        if input.t - lastFlush >= RecordingWriter.flushInterval { lastFlush = input.t; out.flush() }
    }

    /// The most input time (seconds) kept in the buffer before it is written out.
    public static let flushInterval = 0.1

    /// Appends a `reload` line: the scene file's text at a hot reload. Written out at once.
    public func write(_ reload: SceneReload) {
        guard reload.t.isFinite else { return }
        out.withBuffer { RecordingWriter.encode(reload, into: &$0) }
        out.flush()
        lastFlush = reload.t
    }

    /// Writes everything buffered to disk.
    public func flush() { out.flush() }

    /// Why the file could not be written (`FILE:1:1: cannot write the recording: REASON`):
    /// the first failed write or close; nil while everything was written. After a failure
    /// the file holds the lines written before it, whole, and later writes are dropped.
    public var writeError: InputFileError? {
        out.failure.map { InputFileError(file: out.path, line: 1, column: 1, "cannot write the recording: \($0)") }
    }
    /// Flushes and closes the file; later writes are dropped. Safe to call twice.
    public func close() { out.close() }

    /// One recording line for `input` (without the newline).
    public static func line(_ input: RawInput) -> String {
        var b: [UInt8] = []
        encode(input, into: &b)
        b.removeLast()
        return String(decoding: b, as: UTF8.self)
    }

    /// Appends one `reload` line (with its newline): `t`, `type`, `path`, `scene`.
    static func encode(_ reload: SceneReload, into b: inout [UInt8]) {
        b.append(contentsOf: "{\"t\":".utf8)
        JSONOut.time(reload.t, into: &b)
        b.append(contentsOf: ",\"type\":\"reload\",\"path\":".utf8)
        JSONOut.string(reload.path, into: &b)
        b.append(contentsOf: ",\"scene\":".utf8)
        JSONOut.string(reload.scene, into: &b)
        b.append(0x7d); b.append(0x0a)
    }

    /// Appends one line (with its newline): `t`, `type`, then the type's fields in table
    /// order, and a finger's `raw` contact when given.
    static func encode(_ input: RawInput, contact: RawContact? = nil, into b: inout [UInt8]) {
        b.append(contentsOf: "{\"t\":".utf8)
        JSONOut.time(input.t, into: &b)
        b.append(contentsOf: ",\"type\":\"".utf8)
        b.append(contentsOf: input.typeName.utf8)
        b.append(0x22)
        func num(_ key: String, _ v: Double) {
            b.append(0x2c); b.append(0x22); b.append(contentsOf: key.utf8); b.append(contentsOf: "\":".utf8)
            JSONOut.number(v, into: &b)
        }
        func str(_ key: String, _ v: String) {
            b.append(0x2c); b.append(0x22); b.append(contentsOf: key.utf8); b.append(contentsOf: "\":".utf8)
            JSONOut.string(v, into: &b)
        }
        func mods(_ m: [KeyModifier]) {
            guard !m.isEmpty else { return }
            b.append(contentsOf: ",\"mods\":[".utf8)
            for (k, x) in m.enumerated() { if k > 0 { b.append(0x2c) }; JSONOut.string(x.rawValue, into: &b) }
            b.append(0x5d)
        }
        func finger(_ f: Int, _ x: Double, _ y: Double, _ p: Double?, _ d: Int?) {
            num("finger", Double(f)); num("x", x); num("y", y)
            if let p { num("pressure", p) }
            if let d { num("device", Double(d)) }
            raw()
        }
        func raw() {
            guard let c = contact else { return }
            b.append(contentsOf: ",\"raw\":{".utf8)
            var first = true
            for (key, v) in [("slot", c.slot), ("id", c.trackingID), ("major", c.touchMajor), ("minor", c.touchMinor),
                             ("orientation", c.orientation), ("x", c.x), ("y", c.y), ("pressure", c.pressure), ("distance", c.distance),
                             ("tool", c.toolType)] {
                guard let v else { continue }
                if !first { b.append(0x2c) }
                first = false
                b.append(0x22); b.append(contentsOf: key.utf8); b.append(contentsOf: "\":".utf8)
                JSONOut.number(Double(v), into: &b)
            }
            if let k = c.kernelTime {
                b.append(contentsOf: (first ? "\"kernelTime\":" : ",\"kernelTime\":").utf8)
                JSONOut.number(k, into: &b)
            }
            b.append(0x7d)
        }
        switch input.kind {
        case let .fingerDown(f, x, y, p, d), let .fingerMove(f, x, y, p, d), let .fingerUp(f, x, y, p, d):
            finger(f, x, y, p, d)
        case let .mouseDown(x, y, button, m), let .mouseUp(x, y, button, m):
            num("x", x); num("y", y); str("button", button.rawValue); mods(m)
        case let .mouseMove(x, y, button, m):
            num("x", x); num("y", y)
            if let button { str("button", button.rawValue) }
            mods(m)
        case let .keyDown(key, m), let .keyUp(key, m):
            str("key", key); mods(m)
        case let .padDown(button), let .padUp(button):
            str("button", button)
        case let .padAccel(x, y, z), let .accel(x, y, z):
            num("x", x); num("y", y); num("z", z)
        case .focusLost, .focusGained, .touchDeviceRemoved, .padAdded, .padRemoved, .quit, .displayLost, .touchFrame:
            break
        case let .penHover(x, y, z, d, f):
            num("x", x); num("y", y); num("z", z)
            if let d { num("device", Double(d)) }
            if let f { num("finger", Double(f)) }
            raw()
        case let .penHoverEnd(d, f):
            if let d { num("device", Double(d)) }
            if let f { num("finger", Double(f)) }
        case let .resize(w, h):
            num("width", w); num("height", h)
        }
        b.append(0x7d); b.append(0x0a)
    }
}
