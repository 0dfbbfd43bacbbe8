// Trace files: TraceRecord as JSON Lines (DESIGN.md "Trace"), byte-identical for identical records.

/// Writes trace records, one JSON object per line, fields in a fixed order: `t` (rounded to
/// microseconds), `kind`, then the kind's fields (see `TraceWriter.encode`). Buffered; flushed
/// past 64 KiB, after each second of trace time, on `flush()` and on `close()`.
///
/// `touch-sample` records are not written: the recording holds the input they repeat.
///
///     let w = try TraceWriter(path: "trace.jsonl")
///     app.tracer.sink = w
///     ...
///     w.close()
public final class TraceWriter: TraceSink {
    private let out: OutputFile

    /// A writer to the file at `path`: created, or emptied when it is a regular file
    /// (symlinks followed). Fails (`FILE:1:1: cannot write the trace: ...`) when it cannot
    /// be, or when `path` names anything else (a FIFO, a device, a directory).
    public init(path: String) throws(InputFileError) {
        do { out = try OutputFile(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the trace: \(error.message)")
        }
    }

    /// Writes to an open file descriptor (1: standard output), which `close()` leaves open.
    public init(descriptor: Int32, name: String = "<stdout>") {
        out = OutputFile(descriptor: descriptor, name: name)
    }

    private var lastFlush = 0.0

    /// Appends one record (a `touch-sample` is skipped); flushes past 64 KiB or when a
    /// second of trace time has passed.
    public func write(_ record: TraceRecord) {
        guard record.isWrittenToFiles else { return }
        out.withBuffer { TraceWriter.encode(record, into: &$0) }
        if record.t - lastFlush >= 1 { lastFlush = record.t; out.flush() }
    }
    /// `write`, as the tracer's sink.
    public func receive(_ record: consuming TraceRecord) { write(record) }

    /// Writes out what is buffered.
    public func flush() { out.flush() }
    /// Flushes and closes; safe to call twice.
    public func close() { out.close() }

    /// Why the file could not be written (`FILE:1:1: cannot write the trace: REASON`): the
    /// first failed write or close; nil while everything was written. Writes after a
    /// failure are dropped. Read it after `close()`.
    public var writeError: InputFileError? {
        out.failure.map { InputFileError(file: out.path, line: 1, column: 1, "cannot write the trace: \($0)") }
    }

    /// One trace line (without the newline): `record.description`.
    public static func line(_ record: TraceRecord) -> String { record.description }

    /// Appends one line with its newline (`TraceRecord.encodeJSON(into:)`).
    public static func encode(_ record: TraceRecord, into b: inout [UInt8]) { record.encodeJSON(into: &b) }
}

/// Reads a trace file back, one `JSONValue` object (keys in file order) per line, and can
/// rebuild `TraceRecord`s from them (TouchCore's reader, `TraceRecord(json:)`, which
/// reads every kind the writer writes). For `replay --expect`, tests and golden comparisons.
///
///     let lines = try TraceReader.read(path: "trace.jsonl")
///     lines[0]["kind"]?.string  // "hit-test"
public enum TraceReader {
    /// Every line of a trace file as a JSON object. Blank lines are skipped.
    public static func read(path: String) throws(InputFileError) -> [JSONValue] {
        let source: LineSource
        do { source = try LineSource(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot read the trace: \(error.message)")
        }
        return try read(source, file: path)
    }

    /// Every line of trace text as a JSON object.
    public static func read(text: String, file: String = "<trace>") throws(InputFileError) -> [JSONValue] {
        try read(LineSource(bytes: Array(text.utf8)), file: file)
    }

    private static func read(_ source: LineSource, file: String) throws(InputFileError) -> [JSONValue] {
        var out: [JSONValue] = []
        while true {
            let more: Bool
            do { more = try source.advance() } catch {
                throw InputFileError(file: file, line: source.lineNumber, column: 1, error.message)
            }
            guard more else { return out }
            let value = try source.withCurrent { (b) throws(InputFileError) -> JSONValue? in
                do throws(JSONError) {
                    return try TraceRecord.lineObject(b)
                } catch {
                    throw InputFileError(file: file, line: source.lineNumber, column: error.offset + 1, error.message)
                }
            }
            if let value { out.append(value) }
        }
    }

    /// Rebuilds a record from one trace line, as the writer wrote it, custom kinds included
    /// (`TraceRecord(json:)`); nil when it is no trace line.
    public static func record(from v: JSONValue) -> TraceRecord? { TraceRecord(json: v) }
}

/// Reads a trace file one record at a time, in constant memory (one line held): what
/// `replay --expect` compares a run with, however long the trace.
///
///     let stream = try TraceRecordStream(path: "trace.jsonl")
///     while let r = try stream.next() { print(r.t, r.kind) }
public final class TraceRecordStream {
    private let source: LineSource
    /// The trace file's path, as given.
    public let file: String
    /// What a line that is not a trace record is called in the error (after "not a trace line").
    private let hint: String

    /// Opens the trace file at `path`; `hint` follows "not a trace line" in errors.
    public init(path: String, hint: String = "") throws(InputFileError) {
        do { source = try LineSource(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot read the trace: \(error.message)")
        }
        file = path
        self.hint = hint
    }

    /// The next record (nil at the end; blank lines are skipped). Throws `FILE:LINE:COLUMN`
    /// for a line that is not JSON or not a trace record.
    public func next() throws(InputFileError) -> TraceRecord? {
        while true {
            let more: Bool
            do { more = try source.advance() } catch {
                throw InputFileError(file: file, line: source.lineNumber, column: 1, error.message)
            }
            guard more else { return nil }
            let value = try source.withCurrent { (b) throws(InputFileError) -> JSONValue? in
                do throws(JSONError) {
                    return try TraceRecord.lineObject(b)
                } catch {
                    throw InputFileError(file: file, line: source.lineNumber, column: error.offset + 1, error.message)
                }
            }
            guard let value else { continue }
            guard let record = TraceRecord(json: value) else {
                throw InputFileError(file: file, line: source.lineNumber, column: 1, "not a trace line" + hint)
            }
            return record
        }
    }
}
