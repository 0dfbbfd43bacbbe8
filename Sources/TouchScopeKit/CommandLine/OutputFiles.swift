// OutputFiles: what a command will write, checked before anything is written: every output
// names a missing path or a regular file, and no two files of the command are one file.
import Foundation
import TouchScene
import TouchFiles

/// One file a command reads or writes: the option that names it (`--trace`, "the scene"),
/// what it holds in messages ("trace") and the path as given.
package struct CommandFile {
    package var option: String
    package var what: String
    package var path: String
    package var isOutput: Bool

    /// An output: `--trace FILE` writes the trace ("cannot write the trace: ...").
    package static func output(_ option: String, _ what: String, _ path: String?) -> CommandFile? {
        path.map { CommandFile(option: option, what: what, path: $0, isOutput: true) }
    }
    /// An input: the scene, the recording.
    package static func input(_ what: String, _ path: String?) -> CommandFile? {
        path.map { CommandFile(option: what, what: what, path: $0, isOutput: false) }
    }
}

package enum OutputFiles {
    /// Refuses, before anything is written, (1) an output whose path names something other
    /// than a regular file, `/dev/null` or nothing (a FIFO, a device, a directory, a socket; symlinks
    /// followed): `FILE:1:1: cannot write the trace: is a FIFO, not a regular file; refused`;
    /// and (2) two files of one command that are the same file, told by what they resolve
    /// to, not by how they are spelled (device and inode for a file that exists, the real
    /// folder and the name for one to be created): `FILE:1:1: --perfetto names the same file
    /// as --trace; refused`. Exit status 2.
    package static func check(_ files: [CommandFile?]) throws(CLIError) {
        let files = files.compactMap { $0 }
        for f in files where f.isOutput {
            var st = stat()
            if stat(f.path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG, !isNullDevice(st) {
                throw CLIError.badInput("\(f.path):1:1: cannot write the \(f.what): is \(FileAccess.kind(st.st_mode)), not a regular file; refused")
            }
        }
        var seen: [(file: CommandFile, id: String)] = []
        for f in files {
            // Any number of outputs may go to /dev/null: nothing is kept to be lost.
            var st = stat()
            if stat(f.path, &st) == 0, isNullDevice(st) { continue }
            let id = identity(f.path)
            if let earlier = seen.first(where: { $0.id == id && ($0.file.isOutput || f.isOutput) })?.file {
                let message: String
                switch (earlier.isOutput, f.isOutput) {
                case (true, true): message = "\(f.option) names the same file as \(earlier.option)"
                case (false, _): message = "\(f.option) names the \(earlier.what) (an input: it would be overwritten)"
                case (true, false): message = "\(earlier.option) names the \(f.what) (an input: it would be overwritten)"
                }
                throw CLIError.badInput("\(f.path):1:1: \(message); refused")
            }
            seen.append((f, id))
        }
    }

    /// What the system takes `path` to be: "DEV:INODE" for a file that exists (symlinks
    /// followed), else the real path of its folder and its name (a dangling symlink: what
    /// it points to, where writing would create the file).
    static func identity(_ path: String) -> String {
        var st = stat()
        if stat(path, &st) == 0 { return "inode \(st.st_dev):\(st.st_ino)" }
        var p = path
        for _ in 0..<16 {
            var lst = stat()
            guard lstat(p, &lst) == 0, (lst.st_mode & S_IFMT) == S_IFLNK,
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: p) else { break }
            p = target.hasPrefix("/") ? target : split(p).folder + "/" + target
        }
        let (folder, name) = split(p)
        let real = realpath(folder, nil)
        guard let real else { return "path " + p }
        defer { free(real) }
        return "path " + String(cString: real) + "/" + name
    }

    /// A path's folder ("." when it names none) and last component.
    private static func split(_ p: String) -> (folder: String, name: String) {
        guard let slash = p.lastIndex(of: "/") else { return (".", p) }
        let folder = String(p[..<slash])
        return (folder.isEmpty ? "/" : folder, String(p[p.index(after: slash)...]))
    }

    /// The null device (`/dev/null`), the one output that is not a regular file.
    static func isNullDevice(_ st: stat) -> Bool {
        (st.st_mode & S_IFMT) == S_IFCHR && st.st_rdev == 0x103  // makedev(1, 3): major 1, minor 3
    }
}
