// RegularFile: the files the window reads (images, sounds, IIO channels) opened without
// blocking and only when they are regular files; PNGs written by the rule of every output.
// The rule itself is TouchFiles' FileAccess, which scenes and recordings follow too.
import CSDL2
import Foundation
import TouchFiles

/// Why a file was not read or written: the system's reason, or what the path names instead
/// of a regular file ("is a FIFO, not a regular file; refused").
public struct FileRefusal: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum RegularFile {
    /// Opens `path` for reading when it is a regular file (symlinks followed), without ever
    /// blocking: a FIFO, a device, a socket or a directory is refused (`FileAccess.openRegular`).
    public static func openForReading(_ path: String) -> Result<Int32, FileRefusal> {
        FileAccess.openRegular(path).mapError { FileRefusal($0.message) }
    }

    /// The bytes of a regular file of at most `limit` bytes (`FileAccess.readSmallFile`); `what`
    /// names the file in messages ("image": "larger than the 64 MiB limit for image files").
    public static func read(_ path: String, limit: Int, what: String) -> Result<[UInt8], FileRefusal> {
        FileAccess.readSmallFile(path, limit: limit, what: what).mapError { FileRefusal($0.message) }
    }

    /// Writes `bytes` to `path` by the rule of every output (`FileAccess.write`): a missing path, a
    /// regular file (symlinks followed) or `/dev/null` is written in place; anything else (a FIFO,
    /// a device, a directory, a socket) is refused, never replaced and never waited on. Every
    /// write and the close are checked; a file that could not be written whole is left empty.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileRefusal) {
        if let problem = FileAccess.write(bytes, to: path) { throw FileRefusal(problem.message) }
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
