// TouchTestFiles: the live test's recording and report, on disk as the test goes, so that
// nothing done is lost: not to a closed window, SIGTERM, the X server going away, nor a full
// disk; after SIGKILL at most the last loop turn's input.
//
//   each finger input ─▶ the recording (appended; flushed once a loop turn, as `run --record`)
//   the header changes (targets done, skipped, redone) ─▶ the whole recording again, beside
//                                                       the file, then renamed over it; when
//                                                       that cannot be written (a full disk:
//                                                       it needs room for a second copy), the
//                                                       inputs go on after the old header
//   a page done, skipped or entered ─▶ the report of the pages done, beside, then renamed
//
// Without --record / --report the files go to the folder for saved files
// (`$XDG_DATA_HOME/touchscope`, by default `~/.local/share/touchscope`) under a dated name
// (`touchtest-2026-12-07-064512.jsonl` and `.html`). A recording that cannot be written
// stops, says so, and leaves every whole line that could be written (every input up to the
// last one the disk took); the report is written anyway.
import Foundation
import TouchScene
import TouchSDL

@MainActor
final class TouchTestFiles {
    /// Where the recording goes (nil: nowhere, the folder could not be made).
    let recordPath: String?
    /// Where the report goes.
    let reportPath: String?
    /// Why the recording stopped (`FILE:1:1: cannot write the recording: REASON`); nil while it is written.
    private(set) var recordError: String?
    /// Why the last report could not be written; nil when it was.
    private(set) var reportError: String?
    /// Why the folder for saved files could not be made, when it was needed.
    private(set) var folderError: String?
    /// Why the recording's new header could not be written (the inputs went on after the
    /// old one); nil once a header is written whole.
    private(set) var headerError: String?
    /// The header whose rewrite failed: not tried again until the header changes again.
    private var failedHeader: RecordingHeader?
    /// Whether a whole recording was put in place once (the file is this test's).
    private var onDisk = false
    private var writer: RecordingWriter?
    private var header: RecordingHeader?
    /// The test's inputs already given to `writer`.
    private var written = 0

    /// The folder for saved files: `$XDG_DATA_HOME/touchscope`, else `$HOME/.local/share/touchscope`.
    static func savedFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/touchscope" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/touchscope"
    }

    /// `touchtest-YYYY-MM-DD-HHMMSS` for `date`, local time.
    static func datedName(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970), parts = tm()
        localtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "touchtest-\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }

    /// The files of a test: `record` and `report` as given; each one not given goes to
    /// `folder` (made when needed) under the dated name of `date`.
    init(record: String?, report: String?, folder: String, date: Date) {
        var folderError: String?
        if record == nil || report == nil {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                folderError = "\(folder):1:1: cannot make the folder for saved files: \((error as NSError).localizedDescription)"
            }
        }
        var name = folder + "/" + Self.datedName(date)
        var n = 1
        while FileManager.default.fileExists(atPath: name + ".jsonl") || FileManager.default.fileExists(atPath: name + ".html") {
            n += 1
            name = folder + "/" + Self.datedName(date) + "-\(n)"
        }
        recordPath = record ?? (folderError == nil ? name + ".jsonl" : nil)
        reportPath = report ?? (folderError == nil ? name + ".html" : nil)
        self.folderError = folderError
    }

    /// The contact of the test's input at each index, as an evdev device reported it (`raw`):
    /// kept beside `test.inputs`, which the test holds whole too.
    var contacts: [Int: RawContact] = [:]

    /// Appends the test's new inputs to the recording; the whole recording again when its
    /// header changed. Returns the error the moment the recording stops (once).
    @discardableResult
    func sync(_ test: TouchTest) -> String? {
        guard let path = recordPath, recordError == nil else { return nil }
        let h = test.recordingHeader
        if writer == nil || (h != header && h != failedHeader) {
            // Beside the file, then in its place: the file on disk is always a whole recording.
            let temp = Self.beside(path)
            var failure: String
            do {
                let w = try RecordingWriter(path: temp ?? path, header: h)
                for (k, i) in test.inputs.enumerated() { w.write(i, contact: contacts[k]) }
                w.flush()
                if let e = w.writeError {
                    w.close()
                    failure = e.description
                } else if let temp, rename(temp, Self.target(path)) != 0 {
                    failure = "\(path):1:1: cannot write the recording: \(String(cString: strerror(errno)))"
                    w.close()
                } else {
                    writer?.close()
                    writer = w
                    header = h
                    failedHeader = nil
                    headerError = nil
                    written = test.inputs.count
                    onDisk = true
                    return nil
                }
            } catch {
                failure = error.description
            }
            // Written in place (no file beside), the file now holds what the failed write
            // kept: whole lines.
            guard let temp else { return stop(failure) }
            guard writer != nil else {
                // The first time, nothing else holds the inputs: the copy keeps its whole
                // lines in place. Reopened after `finish`, the file finished then stays.
                if onDisk || rename(temp, Self.target(path)) != 0 { unlink(temp) }
                return stop(failure)
            }
            // The copy beside could not be written (a full disk: it needs room for a second
            // copy): it goes, and the inputs go on after the old header, in the file that
            // holds them, so that every input the disk takes is kept; the new header is
            // tried again when it changes again.
            unlink(temp)
            failedHeader = h
            headerError = Self.named(failure, temp: temp, path: path)
                .replacingOccurrences(of: "cannot write the recording: ", with: "cannot write the recording's new header (the inputs go on after the old one): ")
        }
        guard let writer else { return nil }
        while written < test.inputs.count { writer.write(test.inputs[written], contact: contacts[written]); written += 1 }
        if let e = writer.writeError { return stop(e.description) }
        return nil
    }

    /// What was recorded is on disk after this (once a loop turn).
    func flush() -> String? {
        writer?.flush()
        if let e = writer?.writeError, recordError == nil { return stop(e.description) }
        return nil
    }

    /// `message` naming `path` where it names the file beside it.
    private static func named(_ message: String, temp: String, path: String) -> String {
        message.replacingOccurrences(of: temp, with: path)
    }

    private func stop(_ message: String) -> String {
        // The writer was opened beside the file and renamed into place: name the file.
        var message = message
        if let path = recordPath, let temp = Self.beside(path) { message = Self.named(message, temp: temp, path: path) }
        writer?.close()
        writer = nil
        recordError = message
        return message
    }

    /// Writes the report of `test` as it stands (the pages done): beside the file, then in
    /// its place, so a report on disk is always whole. Nil when written, else why not.
    @discardableResult
    func writeReport(_ test: TouchTest) -> String? {
        guard let path = reportPath else { return nil }
        let (analysis, _) = test.sessionReport()
        let html = TouchAnalysis.htmlReport([analysis], file: recordPath.map { ($0 as NSString).lastPathComponent } ?? "touchtest",
                                            coverage: [test.sessionCoverage])
        let temp = Self.beside(path)
        do throws(FileRefusal) {
            try RegularFile.write(Array(html.utf8), to: temp ?? path)
            if let temp, rename(temp, Self.target(path)) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temp)
                throw FileRefusal(reason)
            }
            reportError = nil
        } catch {
            if let temp { unlink(temp) }
            reportError = "\(path):1:1: cannot write the report: \(error.message)"
        }
        return reportError
    }

    /// The recording complete and closed, and the report written: the lines that say where
    /// they went, and the errors (the recording's first).
    func finish(_ test: TouchTest) -> (saved: [String], errors: [String]) {
        sync(test)
        writer?.flush()
        if let e = writer?.writeError, recordError == nil { _ = stop(e.description) }
        writer?.close()
        writer = nil
        writeReport(test)
        var saved: [String] = [], errors: [String] = []
        if let p = recordPath, recordError == nil { saved.append("recording \(LiveRecording.fullPath(p))") }
        if let p = reportPath, reportError == nil { saved.append("report \(LiveRecording.fullPath(p))") }
        errors += [folderError, recordError ?? headerError, reportError].compactMap { $0 }
        // Reopened only if more input comes (the window stays until it quits).
        header = nil
        return (saved, errors)
    }

    /// A file beside `path` to write first and rename over it; nil where it is written in
    /// place (the null device, or anything not a regular file: `OutputFiles` refused the rest).
    private static func beside(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG { return nil }
        let real = target(path) as NSString
        let folder = real.deletingLastPathComponent
        return (folder.isEmpty ? "." : folder) + "/." + real.lastPathComponent + ".partial-\(getpid())"
    }

    /// Where `path` leads (a symlink's target, so renaming over it keeps the link).
    private static func target(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(cString: r)
    }
}
