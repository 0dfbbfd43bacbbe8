// LineIO: streamed line reading with a fixed buffer, and buffered writing with explicit flush/close.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchFiles

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
        switch FileAccess.openRegular(path) {
        case .success(let d): fd = d
        case .failure(let problem): throw problem
        }
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
///
/// Every output goes through it, by one rule (`FileAccess.openOutput`): a missing path or a
/// regular file (symlinks followed) is written in place; anything else is refused. Every
/// write and the close are checked: the first failure is kept in `failure` (the file then
/// holds every whole line that could be written: a write that stops part way, as on a full
/// disk, is cut back to the end of its last whole line) and later writes are dropped.
final class OutputFile {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let ownsDescriptor: Bool
    let path: String
    /// Why writing stopped (the system's reason, such as "No space left on device"); nil
    /// while every write succeeded.
    private(set) var failure: String?
    /// Bytes in the file after the last complete flush.
    private var written: off_t = 0

    init(path: String) throws(FileProblem) {
        switch FileAccess.openOutput(path) {
        case .success(let d): fd = d
        case .failure(let problem): throw problem
        }
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
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    func withBuffer(_ body: (inout [UInt8]) -> Void) {
        guard failure == nil else { return }
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes everything buffered to the file; false when it could not (see `failure`).
    @discardableResult
    func flush() -> Bool {
        guard fd >= 0, failure == nil else { buffer.removeAll(); return false }
        // `off`: the bytes of the buffer that reached the file before a failure.
        let (off, problem) = buffer.withUnsafeBytes { FileAccess.writeAll(fd, $0) }
        if let problem {
            failure = problem
            // The file keeps every whole line that reached it, never half of one: cut back to
            // the end of the last whole line the failed write got onto the disk.
            if ownsDescriptor { _ = ftruncate(fd, written + off_t(Self.wholeLines(buffer, upTo: off))) }
            buffer.removeAll(keepingCapacity: true)
            return false
        }
        buffer.removeAll(keepingCapacity: true)
        if ownsDescriptor { written = lseek(fd, 0, SEEK_CUR) }
        return true
    }

    /// The length of the whole lines at the start of `bytes[..<count]`: up to and with its
    /// last newline (0 without one).
    static func wholeLines(_ bytes: [UInt8], upTo count: Int) -> Int {
        var k = min(count, bytes.count)
        while k > 0 && bytes[k - 1] != 0x0a { k -= 1 }
        return k
    }

    /// Flushes and closes the file; a failure of either is kept in `failure`.
    func close() {
        guard fd >= 0 else { return }
        flush()
        if ownsDescriptor {
            #if canImport(Glibc)
            let r = Glibc.close(fd)
            #else
            let r = Darwin.close(fd)
            #endif
            if r != 0, failure == nil { failure = String(cString: strerror(errno)) }
        }
        fd = -1
    }
}
