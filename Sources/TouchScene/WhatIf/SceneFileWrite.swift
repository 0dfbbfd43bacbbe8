// SceneFileWrite: the what-if editor's writes into the user's own scene file, and their
// undoing. The file is rewritten in place, through the path as given (a symlink is followed,
// so the file it names changes): the same inode keeps its mode, owner and hard links. The new
// text never starts with a truncation: the space it needs is reserved first (where the file
// system allows), the bytes are written over the old ones, the file is cut to the new length
// last, and when any step fails the old text is put back, so a full disk never leaves the
// scene shorter. Revert undoes only the lines the writes changed, and refuses (changing
// nothing) when one of those lines is no longer as written; other lines edited meanwhile stay.
//
//     var writes = SceneFileWrites(path: "scenes/double-tap.yaml")
//     try writes.write([SceneSetting(id: "doubleTap", key: "maximumInterval", value: "0.45")])
//     try writes.revert()      // the file as before, but for changes made elsewhere since

import Foundation

/// Why a scene file was not written or restored: a sentence for the window (no path prefix).
public struct SceneFileError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as one sentence.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The writes the what-if editor made to one scene file since its last revert: each
/// setting's changed lines, so Revert can put back exactly those.
public struct SceneFileWrites: Sendable {
    /// The scene file (as given: a symlink stays one).
    public let path: String
    /// One setting's edit: the file's lines right after it, and the lines it replaced.
    struct Entry: Sendable {
        var after: [Substring]
        /// Index of the first changed line in `after`.
        var start: Int
        var old: [Substring]
        var new: [Substring]
        var setting: String
    }
    private var entries: [Entry] = []

    /// No write yet to the scene file at `path`.
    public init(path: String) { self.path = path }

    /// Whether a write is there to revert.
    public var isEmpty: Bool { entries.isEmpty }
    /// The settings written since the last revert (`ID.KEY=VALUE`).
    public var settings: [String] { entries.map(\.setting) }

    /// Writes `settings` into the file in place (`SceneFileEdit` for the text, `SceneFileIO`
    /// for the bytes). All or nothing: a setting that cannot be written leaves the file as it was.
    public mutating func write(_ settings: [SceneSetting]) throws(SceneFileError) {
        var added: [Entry] = []
        try SceneFileIO.rewrite(path) { (text: String) throws(SceneFileError) -> String in
            var out = text
            added = []
            for s in settings {
                let next: String
                do throws(SceneSettingError) { next = try SceneFileEdit.apply(s, to: out) } catch { throw SceneFileError(error.message) }
                added.append(Self.entry(from: out, to: next, setting: s.argument))
                out = next
            }
            return out
        }
        entries += added
    }

    /// Puts back the lines the writes changed, newest first, keeping every other line as the
    /// file now has it. Refuses, changing nothing, when a written line changed since.
    public mutating func revert() throws(SceneFileError) {
        guard !entries.isEmpty else { return }
        let entries = self.entries
        try SceneFileIO.rewrite(path) { (text: String) throws(SceneFileError) -> String in
            try Self.undo(entries, in: text)
        }
        self.entries = []
    }

    /// The file's text split after each line break (each line keeps its own ending).
    static func lines(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var i = start
        while i < text.endIndex {
            // "\r\n" is one Character in Swift: a line ends after it as after "\n".
            let c = text[i]
            i = text.index(after: i)
            if c == "\n" || c == "\r\n" { out.append(text[start..<i]); start = i }
        }
        if start < text.endIndex { out.append(text[start...]) }
        return out
    }

    /// The lines before and after shared by `a` and `b` (the prefix first; together at most
    /// the shorter's count).
    static func common(_ a: [Substring], _ b: [Substring]) -> (prefix: Int, suffix: Int) {
        var p = 0
        while p < a.count, p < b.count, a[p] == b[p] { p += 1 }
        var s = 0
        while s < a.count - p, s < b.count - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        return (p, s)
    }

    static func entry(from before: String, to after: String, setting: String) -> Entry {
        let b = lines(before), a = lines(after)
        let (p, s) = common(b, a)
        return Entry(after: a, start: p, old: Array(b[p..<(b.count - s)]), new: Array(a[p..<(a.count - s)]), setting: setting)
    }

    /// `text` with `entries` undone, newest first. An entry's lines are found where they were
    /// written, moved by the lines added or removed before them since (the part of the file
    /// that differs from what the write left is found by the lines both share at the start and
    /// the end); when that part touches them, or they no longer read as written, it throws.
    static func undo(_ entries: [Entry], in text: String) throws(SceneFileError) -> String {
        var current = lines(text)
        for e in entries.reversed() {
            let (p, s) = common(e.after, current)
            let end = e.start + e.new.count
            let at: Int
            if end <= p {
                at = e.start
            } else if e.start >= e.after.count - s {
                at = e.start + current.count - e.after.count
            } else {
                throw refusal(e)
            }
            guard at >= 0, at + e.new.count <= current.count, Array(current[at..<(at + e.new.count)]) == e.new else { throw refusal(e) }
            current.replaceSubrange(at..<(at + e.new.count), with: e.old)
        }
        return current.joined()
    }

    /// "line 13 changed since doubleTap.maximumInterval=0.45 was written there (`maximumInterval:
    /// 0.45`): the file is left as it is; to undo the write by hand, make it `maximumInterval: 0.35`".
    static func refusal(_ e: Entry) -> SceneFileError {
        func quote(_ lines: [Substring]) -> String {
            "`" + shown(lines.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: " ⏎ ")) + "`"
        }
        let undo = e.old.isEmpty ? "remove that line" : "make it " + quote(e.old)
        return SceneFileError("line \(e.start + 1) changed since \(shown(e.setting)) was written there (\(quote(e.new))): "
                              + "the file is left as it is; to undo the write by hand, \(undo)")
    }
}

/// In-place rewriting of a file's bytes, keeping its inode (mode, owner, hard links; a
/// symlink's target is the file written).
public enum SceneFileIO {
    /// Reads the file at `path` (following a symlink), passes its text to `transform`, and
    /// writes the result over it in place: the space reserved first (`posix_fallocate`, where
    /// the file system allows), the bytes written from the start, the file cut to the new
    /// length at the end and synced. When a step fails, the old bytes are written back and the
    /// old length restored before the error is thrown.
    public static func rewrite(_ path: String, _ transform: (String) throws(SceneFileError) -> String) throws(SceneFileError) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw SceneFileError("cannot open the scene file: \(errorText(errno))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw SceneFileError("cannot read the scene file: \(errorText(errno))") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw SceneFileError("the scene file is not a regular file") }
        let old = try readAll(fd, path: path)
        guard let text = String(validating: old, as: UTF8.self) else { throw SceneFileError("the scene file is not UTF-8 text") }
        let new = Array(try transform(text).utf8)
        guard new != old else { return }
        if new.count > old.count {
            let r = posix_fallocate(fd, 0, off_t(new.count))
            if r != 0 && r != EOPNOTSUPP && r != EINVAL && r != ENOSYS {
                _ = ftruncate(fd, off_t(old.count))
                throw SceneFileError("cannot write the scene file: \(errorText(r)); it is as it was")
            }
        }
        var failure: Int32 = 0
        let written = writeAll(fd, new[...])
        if written.error != 0 { failure = written.error }
        else if ftruncate(fd, off_t(new.count)) != 0 { failure = errno }
        else if fsync(fd) != 0 && errno != EINVAL { failure = errno }
        guard failure != 0 else { return }
        // Put the old text back where new bytes went (it fitted there before, so it fits
        // again), and the old length.
        let back = writeAll(fd, old[..<min(old.count, written.count)])
        if back.error == 0, ftruncate(fd, off_t(old.count)) == 0 {
            _ = fsync(fd)
            throw SceneFileError("cannot write the scene file: \(errorText(failure)); it is as it was")
        }
        throw SceneFileError("cannot write the scene file: \(errorText(failure)), and its old text could not be put back: "
                             + errorText(back.error != 0 ? back.error : errno))
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func readAll(_ fd: Int32, path: String) throws(SceneFileError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(out.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SceneFileError("cannot read the scene file: \(errorText(errno))")
            }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// Writes `bytes` from offset 0: how many were written, and the error that stopped it (0: none).
    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> (count: Int, error: Int32) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { b -> Int in
                guard let base = b.baseAddress else { return 0 }
                return pwrite(fd, base + done, b.count - done, off_t(done))
            }
            if n < 0 {
                if errno == EINTR { continue }
                return (done, errno)
            }
            if n == 0 { return (done, ENOSPC) }
            done += n
        }
        return (done, 0)
    }
}
