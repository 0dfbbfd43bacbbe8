// FileAccess: the rule every file the tool reads or writes follows (scenes, recordings, images,
// sounds, reports, udev rules), for the scene layer and the window alike. This module's only file,
// and the only one of either layer that opens files with the C library.

#if canImport(Glibc)
import Glibc
/// The C library's `write(2)` (`FileAccess.write` hides the name inside the type).
private func writeBytes(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Glibc.write(fd, p, n) }
#elseif canImport(Darwin)
import Darwin
/// The C library's `write(2)` (`FileAccess.write` hides the name inside the type).
private func writeBytes(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { Darwin.write(fd, p, n) }
#endif

/// Why a file could not be read.
package struct FileProblem: Error, Sendable {
    /// What went wrong, for messages ("is a FIFO, not a scene file; refused").
    package var message: String
    package init(_ m: String) { message = m }
}

/// The rule every file the tool reads or writes follows, in one place for the scene layer and
/// the window: a file read must be a regular one and is never waited on; an output is written in
/// place (symlinks followed) or refused; a file that could not be written whole is left empty.
package enum FileAccess {
    /// The absolute path with every symlink resolved (`realpath`), or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// What `path` is when it exists and is not a regular file ("a FIFO"), else nil.
    package static func nonRegularKind(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG else { return nil }
        return kind(st.st_mode)
    }

    /// Whether the first `n` bytes of `b` hold a NUL byte.
    package static func containsNUL(_ b: UnsafeBufferPointer<UInt8>, _ n: Int) -> Bool {
        guard let base = b.baseAddress else { return false }
        return memchr(base, 0, n) != nil
    }

    /// Up to `count` bytes from the start of a regular file (opened without blocking), or nil
    /// when it cannot be opened or read.
    package static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        guard case .success(let fd) = openRegular(path) else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: count)
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0 else { return nil }
        return Array(buf[0..<n])
    }

    /// What a file that is not a regular one is, for messages ("a FIFO"); the host's
    /// output rule (TouchScopeKit's `OutputFiles`) says it in the same words.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Opens a file that must be a regular one (symlinks followed) for reading, without
    /// blocking: a FIFO, a device, a socket or a directory is refused, never waited on.
    /// `what` names the file in messages ("scene": "is a FIFO, not a scene file; refused").
    package static func openRegular(_ path: String, what: String? = nil) -> Result<Int32, FileProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            return .failure(FileProblem(what.map { "cannot open the \($0) file: \(reason)" } ?? "cannot open: \(reason)"))
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(FileProblem("cannot open: \(reason)"))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(FileProblem("is \(kind(st.st_mode)), not \(what.map { "a \($0) file" } ?? "a regular file"); refused"))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(fd)
    }

    /// Whether an output may be written to what `st` describes: a regular file, or the
    /// null device (`/dev/null`: nothing is kept, nothing blocks, nothing is replaced).
    package static func isOutputType(_ st: stat) -> Bool {
        switch st.st_mode & S_IFMT {
        case S_IFREG: true
        case S_IFCHR: st.st_rdev == 0x103  // makedev(1, 3): major 1, minor 3
        default: false
        }
    }

    /// Opens an output file by the rule every output follows: a missing path, or a regular
    /// file (symlinks followed), or `/dev/null`, is written (created, or emptied once it is known to be a
    /// regular file); anything else (a FIFO, a device, a directory, a socket) is refused,
    /// without blocking and without being replaced.
    package static func openOutput(_ path: String) -> Result<Int32, FileProblem> {
        var st = stat()
        if stat(path, &st) == 0, !isOutputType(st) {
            return .failure(FileProblem("is \(kind(st.st_mode)), not a regular file; refused"))
        }
        // Not O_TRUNC: a FIFO or a device put there since the check is refused, not truncated.
        let fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(FileProblem(String(cString: strerror(errno)))) }
        guard fstat(fd, &st) == 0, isOutputType(st) else {
            close(fd)
            return .failure(FileProblem("is \(kind(st.st_mode)), not a regular file; refused"))
        }
        guard (st.st_mode & S_IFMT) != S_IFREG || ftruncate(fd, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(FileProblem(reason))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(fd)
    }

    /// What keeps `path` from being read as a regular file of at most `limit` bytes (nil:
    /// nothing), found without opening it (the messages of `readSmallFile`).
    package static func checkSmallFile(_ path: String, limit: Int, what: String) -> FileProblem? {
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
    package static func readSmallFile(_ path: String, limit: Int, what: String) -> Result<[UInt8], FileProblem> {
        let fd: Int32
        switch openRegular(path, what: what) {
        case .success(let d): fd = d
        case .failure(let problem): return .failure(problem)
        }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0, Int(st.st_size) > limit {
            return .failure(FileProblem("file is \(st.st_size) bytes, larger than the \(limit / 1024 / 1024) MiB limit for \(what) files; refused"))
        }
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

    /// Writes `bytes` to `path` by the output rule (`openOutput`): every write and the close are
    /// checked, and a regular file that could not be written whole is left empty, never half
    /// written (a PNG, a report, a udev rule).
    package static func write(_ bytes: [UInt8], to path: String) -> FileProblem? {
        let fd: Int32
        switch openOutput(path) {
        case .success(let d): fd = d
        case .failure(let problem): return problem
        }
        var problem = bytes.withUnsafeBytes { writeAll(fd, $0).problem }
        var st = stat()
        if problem != nil, fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { _ = ftruncate(fd, 0) }
        if close(fd) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        return problem.map(FileProblem.init)
    }

    /// Writes every byte of `bytes` to `fd`, again after an interrupted write: how many bytes
    /// reached the file, and the system's reason when not all did (nil: all written).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> (written: Int, problem: String?) {
        guard let base = bytes.baseAddress else { return (0, nil) }
        var off = 0
        while off < bytes.count {
            let n = writeBytes(fd, base + off, bytes.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                return (off, String(cString: strerror(errno)))
            }
            if n == 0 { return (off, "nothing was written") }
            off += n
        }
        return (off, nil)
    }
}
