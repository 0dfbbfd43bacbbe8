// RegularFile: the files the window reads (images, sounds, IIO channels) opened without
// blocking and only when they are regular files; PNGs written by the rule of every output.
// (TouchScene's FileAccess follows the same rules for scenes, recordings and its outputs.)
import CSDL2
import Foundation
import TouchScene

/// Why a file was not read or written: the system's reason, or what the path names instead
/// of a regular file ("is a FIFO, not a regular file; refused").
public struct FileRefusal: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum RegularFile {
    /// What a file that is not a regular one is ("a FIFO"): TouchScene's words for it.
    static func kind(_ mode: mode_t) -> String { FileAccess.kind(mode) }

    /// Opens `path` for reading when it is a regular file (symlinks followed), without ever
    /// blocking: a FIFO, a device, a socket or a directory is refused.
    public static func openForReading(_ path: String) -> Result<Int32, FileRefusal> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileRefusal(String(cString: strerror(errno)))) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(fd)
            return .failure(FileRefusal("is \(kind(st.st_mode)), not a regular file; refused"))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(fd)
    }

    /// The bytes of a regular file of at most `limit` bytes.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], FileRefusal> {
        let fd: Int32
        switch openForReading(path) {
        case .success(let d): fd = d
        case .failure(let e): return .failure(e)
        }
        defer { Glibc.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileRefusal(String(cString: strerror(errno))))
            }
            if n == 0 { return .success(bytes) }
            bytes += chunk[0..<n]
            if bytes.count > limit { return .failure(FileRefusal("larger than \(limit / 1024 / 1024) MiB; refused")) }
        }
    }

    /// Whether an output may be written to what `st` describes: a regular file, or the
    /// null device (`/dev/null`).
    static func isOutputType(_ st: stat) -> Bool {
        switch st.st_mode & S_IFMT {
        case S_IFREG: true
        case S_IFCHR: st.st_rdev == 0x103  // makedev(1, 3): major 1, minor 3
        default: false
        }
    }

    /// Writes `bytes` to `path` by the rule of every output: a missing path, a regular file
    /// (symlinks followed) or `/dev/null` is written in place; anything else (a FIFO, a device, a
    /// directory, a socket) is refused, never replaced and never waited on. Every write and
    /// the close are checked; a file that could not be written whole is left empty.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileRefusal) {
        var st = stat()
        if stat(path, &st) == 0, !isOutputType(st) {
            throw FileRefusal("is \(kind(st.st_mode)), not a regular file; refused")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileRefusal(String(cString: strerror(errno))) }
        guard fstat(fd, &st) == 0, isOutputType(st) else {
            Glibc.close(fd)
            throw FileRefusal("is \(kind(st.st_mode)), not a regular file; refused")
        }
        var problem: String?
        if (st.st_mode & S_IFMT) == S_IFREG, ftruncate(fd, 0) != 0 { problem = String(cString: strerror(errno)) }
        bytes.withUnsafeBytes { raw in
            guard problem == nil, let base = raw.baseAddress else { return }
            var off = 0
            while off < raw.count {
                let n = Glibc.write(fd, base + off, raw.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    problem = String(cString: strerror(errno)); return
                }
                if n == 0 { problem = "nothing was written"; return }
                off += n
            }
        }
        // A file that could not be written whole is left empty, never half a PNG.
        if problem != nil, (st.st_mode & S_IFMT) == S_IFREG { _ = ftruncate(fd, 0) }
        if Glibc.close(fd) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        if let problem { throw FileRefusal(problem) }
    }

    /// Encodes `surface` as a PNG in memory and writes it to `path` (`write(_:to:)`).
    @MainActor
    public static func savePNG(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        // Room for the pixels uncompressed and the PNG's overhead: the encoder never needs more.
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        // Left uninitialised: only the pages the encoder writes are ever touched, so a large
        // picture that compresses well (a hit map of 4096 px square) costs its PNG, not 64 MiB more.
        let capacity = w * h * 4 + h * 8 + (w * h * 4) / 100 + 65536
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { raw.deallocate() }
        guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(clamping: raw.count)) else { throw SDLError.last("SDL_RWFromMem") }
        let saved = IMG_SavePNG_RW(surface, rw, 0)
        let size = Int(SDL_RWtell(rw))
        SDL_RWclose(rw)
        guard saved == 0 else { throw SDLError.last("IMG_SavePNG") }
        try write(Array(raw[0..<max(0, size)]), to: path)
    }
}
