// LineIO: streamed line reading with a fixed buffer, and buffered writing with explicit flush/close.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file (or bytes) line by line. Memory stays fixed: one 64 KiB read buffer plus one
/// line of at most `maxLineLength` bytes.
final class LineSource {
    /// The longest line read by default (1 MiB).
    static let defaultMaxLineLength = 1 << 20
    /// Longer lines are refused.
    let maxLineLength: Int
    private var fd: Int32 = -1
    private var buffer: [UInt8]
    private var start = 0, end = 0
    private var eof = false
    /// The current line number (1-based) after `nextLine`.
    private(set) var lineNumber = 0
    /// Whether the current line ended with "\n" (false only for a last line without one).
    private(set) var currentEndsWithNewline = true

    init(path: String, maxLineLength: Int = LineSource.defaultMaxLineLength) throws(FileProblem) {
        self.maxLineLength = maxLineLength
        var st = stat()
        guard stat(path, &st) == 0 else { throw FileProblem("cannot open: \(String(cString: strerror(errno)))") }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw FileProblem("is a directory, not a file") }
        fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileProblem("cannot open: \(String(cString: strerror(errno)))") }
        buffer = [UInt8](repeating: 0, count: 65536)
    }

    init(bytes: [UInt8], maxLineLength: Int = LineSource.defaultMaxLineLength) {
        self.maxLineLength = maxLineLength
        buffer = bytes
        end = bytes.count
        eof = true
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The current line when it spans two reads (else the line lies in `buffer[lineRange]`).
    private var spill: [UInt8] = []
    private var lineRange: Range<Int>? = nil

    /// The current line's bytes (without "\n" and a trailing "\r"), valid until the next `advance()`.
    var current: [UInt8] { withCurrent { Array($0) } }

    /// Calls `body` with the current line's bytes, without copying them.
    func withCurrent<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        if let r = lineRange {
            return try buffer.withUnsafeBufferPointer { (b) throws(E) -> R in try body(UnsafeBufferPointer(rebasing: b[r])) }
        }
        return try spill.withUnsafeBufferPointer { (b) throws(E) -> R in try body(b) }
    }

    /// Moves to the next line; false at the end of the input.
    func advance() throws(FileProblem) -> Bool {
        spill.removeAll(keepingCapacity: true)
        lineRange = nil
        currentEndsWithNewline = true
        var haveData = false
        while true {
            var found = -1
            if end > start {
                buffer.withUnsafeBufferPointer { b in
                    if let base = b.baseAddress, let hit = memchr(base + start, 0x0a, end - start) {
                        found = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    }
                }
            }
            if found >= 0 {
                lineNumber += 1
                if haveData {
                    spill.append(contentsOf: buffer[start..<found])
                    if spill.last == 0x0d { spill.removeLast() }
                    if spill.count > maxLineLength {
                        throw FileProblem("line longer than \(maxLineLength / 1024) KiB; refused")
                    }
                } else {
                    var e = found
                    if e > start, buffer[e - 1] == 0x0d { e -= 1 }
                    lineRange = start..<e
                }
                start = found + 1
                return true
            }
            if end > start {
                haveData = true
                spill.append(contentsOf: buffer[start..<end])
                start = end
                if spill.count > maxLineLength {
                    lineNumber += 1
                    throw FileProblem("line longer than \(maxLineLength / 1024) KiB; refused")
                }
            }
            if eof || fd < 0 {
                guard haveData else { return false }
                lineNumber += 1
                currentEndsWithNewline = false
                if spill.last == 0x0d { spill.removeLast() }
                return true
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { eof = true; start = 0; end = 0; continue }
            start = 0; end = n
        }
    }
}

/// A buffered file writer: `write` appends to a buffer, flushed when it grows past 64 KiB,
/// on `flush()` and on `close()`. Safe to `close()` more than once.
final class OutputFile {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let ownsDescriptor: Bool
    let path: String

    init(path: String) throws(FileProblem) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileProblem("cannot create: \(String(cString: strerror(errno)))") }
        self.path = path
        ownsDescriptor = true
        buffer.reserveCapacity(1 << 17)
    }

    /// Writes to an already open descriptor (e.g. 1 for standard output); `close()` leaves it open.
    init(descriptor: Int32, name: String) {
        fd = descriptor; path = name; ownsDescriptor = false
    }

    deinit { close() }

    func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    func withBuffer(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes everything buffered to the file.
    @discardableResult
    func flush() -> Bool {
        guard fd >= 0 else { buffer.removeAll(); return false }
        var ok = true
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var off = 0
            while off < raw.count {
                let n = write(fd, base + off, raw.count - off)
                if n < 0 { if errno == EINTR { continue }; ok = false; break }
                off += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
        return ok
    }

    /// Flushes and closes the file.
    func close() {
        guard fd >= 0 else { return }
        flush()
        if ownsDescriptor {
            #if canImport(Glibc)
            _ = Glibc.close(fd)
            #else
            _ = Darwin.close(fd)
            #endif
        }
        fd = -1
    }
}

/// Why a file could not be read.
struct FileProblem: Error { var message: String; init(_ m: String) { message = m } }

/// Small file access helpers (the only place TouchScene reads whole files).
enum FileAccess {
    /// Whether `path` names a directory.
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// What keeps `path` from being read as a regular file of at most `limit` bytes (nil:
    /// nothing), found without opening it (the messages of `readSmallFile`).
    static func checkSmallFile(_ path: String, limit: Int, what: String) -> FileProblem? {
        var st = stat()
        guard stat(path, &st) == 0 else { return FileProblem("cannot open the \(what) file: \(String(cString: strerror(errno)))") }
        if (st.st_mode & S_IFMT) == S_IFDIR { return FileProblem("is a directory, not a \(what) file") }
        if (st.st_mode & S_IFMT) != S_IFREG { return FileProblem("is not a regular file; refused") }
        if Int(st.st_size) > limit {
            return FileProblem("file is \(st.st_size) bytes, larger than the \(limit / 1024 / 1024) MiB limit for \(what) files; refused")
        }
        return nil
    }

    /// Reads a regular file of at most `limit` bytes; the size is checked before reading.
    static func readSmallFile(_ path: String, limit: Int, what: String) -> Result<[UInt8], FileProblem> {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return .failure(FileProblem("cannot open the \(what) file: \(String(cString: strerror(errno)))"))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { return .failure(FileProblem("is a directory, not a \(what) file")) }
        if (st.st_mode & S_IFMT) != S_IFREG { return .failure(FileProblem("is not a regular file; refused")) }
        if Int(st.st_size) > limit {
            return .failure(FileProblem("file is \(st.st_size) bytes, larger than the \(limit / 1024 / 1024) MiB limit for \(what) files; refused"))
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(FileProblem("cannot open the \(what) file: \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))  // not twice the file while growing
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n < 0 { return .failure(FileProblem("cannot read the \(what) file: \(String(cString: strerror(errno)))")) }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > limit {
                return .failure(FileProblem("file is larger than the \(limit / 1024 / 1024) MiB limit for \(what) files; refused"))
            }
        }
        return .success(bytes)
    }
}
