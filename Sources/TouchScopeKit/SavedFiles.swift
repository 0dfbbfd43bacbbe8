// SavedFiles: where the window puts a file it names itself (F12's screenshot, F10's
// recording, touchtest's F12). In the current folder, as `touchscope-1.png`, when that folder
// can be written and is not part of an installed tree; else (a program started from `/`, or
// from PREFIX/bin) in the folder for saved files, `$XDG_DATA_HOME/touchscope`, made when
// needed, under a dated name: `touchscope-2026-12-07-101502-1.png` (docs/install.md).
import Foundation

enum SavedFiles {
    /// The folder a self-named file goes to instead of `currentDirectory`, or nil for the
    /// current folder: not writable, or inside PREFIX of an installed binary.
    static func folder(currentDirectory: String = FileManager.default.currentDirectoryPath,
                       paths: DataPaths = DataPaths()) -> String? {
        var inInstalledTree = false
        if let share = paths.installed {
            let prefix = ((share as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            inInstalledTree = currentDirectory == prefix || currentDirectory.hasPrefix(prefix == "/" ? "/" : prefix + "/")
        }
        if !inInstalledTree && access(currentDirectory, W_OK) == 0 { return nil }
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
