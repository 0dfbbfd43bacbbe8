// SavedFiles: where the window puts a file it names itself (F12's screenshot, F10's
// recording, touchtest's F12). An installed binary (PREFIX/bin, with PREFIX/share/touchscope)
// always saves into the folder for saved files, `$XDG_DATA_HOME/touchscope`, made when needed,
// under a dated name: `touchscope-2026-12-07-101502-1.png`, wherever it was started (the app
// grid, `/`, a project folder). A binary run from a checkout keeps the developer's habit: the
// current folder, as `touchscope-1.png`, when that folder can be written, else the same
// folder for saved files (docs/install.md).
import Foundation

enum SavedFiles {
    /// The folder a self-named file goes to instead of `currentDirectory`, or nil for the
    /// current folder: always the folder for saved files for an installed binary; for a
    /// checkout's, when the current folder cannot be written.
    static func folder(currentDirectory: String = FileManager.default.currentDirectoryPath,
                       paths: DataPaths = DataPaths()) -> String? {
        if paths.installed != nil { return paths.saved }
        if access(currentDirectory, W_OK) == 0 { return nil }
        return paths.saved
    }

    /// Where `name` (`touchscope-1.png`) is written: `name` in the current folder, or the
    /// folder for saved files with the date and time before its number.
    static func path(_ name: String, date: Date = Date(), folder: String? = SavedFiles.folder()) -> String {
        guard let folder else { return name }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // touchscope-1.png -> touchscope-2026-12-07-101502-1.png
        let base = name as NSString
        let stem = base.deletingPathExtension, ext = base.pathExtension
        let number = stem.reversed().prefix { $0.isNumber }.count
        let dated = String(stem.dropLast(number)) + stamp(date) + "-" + String(stem.suffix(number))
        return folder + "/" + dated + (ext.isEmpty ? "" : "." + ext)
    }

    /// `YYYY-MM-DD-HHMMSS`, local time.
    static func stamp(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970), parts = tm()
        localtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }
}
