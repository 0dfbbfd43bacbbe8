// touchtest's recording on a disk that fills up keeps every input the disk took: when the
// header changes (the targets done) the whole recording is written again beside the file,
// which needs room for a second copy; on a full disk that copy fails, and the inputs go on
// after the old header in the file that holds them (before, the recording stopped there and
// lost the turn's inputs and everything after). When the disk is full at last, the file is
// cut back to the last whole line the disk took, not to the last complete 64 KiB write.
//
// A real full disk: a 160 KiB tmpfs mounted for the test (root only; skipped elsewhere).
import Foundation
import Testing
import TouchCore
import TouchDraw
@testable import TouchScene
@testable import TouchScopeKit

/// A small tmpfs: a disk that fills up.
struct SmallDisk {
    let path: String
    /// Whether this process may mount one (root, and mount allowed in its namespace).
    static let available: Bool = {
        guard geteuid() == 0, let d = SmallDisk(kib: 16, name: "probe") else { return false }
        d.unmount()
        return true
    }()

    init?(kib: Int, name: String) {
        path = Paths.temporary("small-disk-\(name)-\(getpid())")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run(["/bin/mount", "-t", "tmpfs", "-o", "size=\(kib)k", "tmpfs", path]) else { return nil }
    }
    func unmount() { _ = Self.run(["/bin/umount", path]) }

    static func run(_ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: arguments[0])
        p.arguments = Array(arguments.dropFirst())
        p.standardError = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}

@MainActor
@Suite("touchtest: a full disk keeps every input it took", .serialized)
struct TouchTestFullDiskTests {
    /// The recording's lines as the test's inputs give them (no header).
    static func inputLines(_ w: TouchTestWindow) -> [String] { w.test.inputs.filter(\.isFinite).map(RecordingWriter.line) }

    /// A stray finger (far from every target) down at `t`, `moves` moves `step` s apart, up.
    static func scribble(_ w: TouchTestWindow, finger: Int, moves: Int, from t: inout Double, turnEvery: Int?, step: Double = 0.002) {
        w.handle(RawInput(t: t, .fingerDown(finger: finger, x: 400, y: 300)))
        for i in 0..<moves {
            t += step
            w.handle(RawInput(t: t, .fingerMove(finger: finger, x: 400 + Double(i % 300) * 0.5, y: 300 + Double(i % 97) * 0.25)))
            if let n = turnEvery, i % n == n - 1 { _ = w.advance(to: t) }
        }
        t += 0.002
        w.handle(RawInput(t: t, .fingerUp(finger: finger, x: 400, y: 300)))
    }

    @Test("the targets' header rewrite fails on a full disk: the inputs go on after the old header, every one; full at last, every whole line the disk took is kept",
          .enabled(if: SmallDisk.available, "needs root to mount a small tmpfs"))
    func fullDisk() throws {
        let dir = TouchTestFilesTests.folder("full-disk")
        let disk = try #require(SmallDisk(kib: 160, name: "touchtest"))
        defer { disk.unmount() }
        var o = TouchTestOptions()
        o.record = disk.path + "/rec.jsonl"; o.report = dir + "/report.html"; o.savedFolder = dir + "/saved"
        let w = TouchTestWindow(window: TouchTestFilesTests.window, device: "Synthetic Panel", options: o)
        var t = 1.0
        // About 110 KiB of stray strokes on the targets page (which counts none of them), on
        // disk turn by turn: the disk has no room for a second copy.
        for f in 1...3 { Self.scribble(w, finger: f, moves: 500, from: &t, turnEvery: 20); t += 0.5 }
        _ = w.advance(to: t)
        let before = try #require(FileManager.default.attributesOfItem(atPath: disk.path + "/rec.jsonl")[.size] as? Int)
        #expect(before > 90 * 1024 && before < 130 * 1024, "\(before) bytes before the targets")
        // The targets: done, the header changes; its copy does not fit.
        TouchTestFilesTests.tapTargets(w, from: &t)
        _ = w.advance(to: t)
        #expect(w.test.status[.targets] == .done)
        #expect(w.files.recordError == nil, "the recording stopped: \(w.files.recordError ?? "")")
        let header = try #require(w.files.headerError)
        #expect(header.hasPrefix("\(disk.path)/rec.jsonl:1:1: cannot write the recording's new header"), "\(header)")
        #expect(!header.contains("partial"), "\(header)")
        // Every input so far, the last target's lift too, after the old header; no copy left beside.
        var lines = TouchTestFilesTests.lines(disk.path + "/rec.jsonl")
        #expect(lines.count == 1 + w.test.inputs.count)
        #expect(Array(lines.dropFirst()) == Self.inputLines(w))
        #expect(lines.first?.contains("\"targets\"") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["rec.jsonl"])
        // The inputs go on being written, turn by turn.
        Self.scribble(w, finger: 9, moves: 30, from: &t, turnEvery: 10)
        _ = w.advance(to: t)
        lines = TouchTestFilesTests.lines(disk.path + "/rec.jsonl")
        #expect(Array(lines.dropFirst()) == Self.inputLines(w))

        // Then far more than the disk holds, in one turn, within the writer's 0.1 s flush
        // interval (so it writes 64 KiB at a time): the recording stops; the file keeps every
        // whole line that reached the disk.
        Self.scribble(w, finger: 10, moves: 3000, from: &t, turnEvery: nil, step: 0.00002)
        _ = w.advance(to: t)
        let stopped = try #require(w.files.recordError)
        #expect(stopped.hasPrefix("\(disk.path)/rec.jsonl:1:1: cannot write the recording: \(String(cString: strerror(ENOSPC)))"), "\(stopped)")
        let text = try String(contentsOfFile: disk.path + "/rec.jsonl", encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        lines = text.split(separator: "\n").map(String.init)
        let all = Self.inputLines(w)
        #expect(lines.count > 1 && Array(lines.dropFirst()) == Array(all.prefix(lines.count - 1)))
        // The disk is full but for less than a line and a page (tmpfs counts whole 4 KiB
        // pages): cut back to the last complete 64 KiB write, it had tens of KiB free.
        var fs = statvfs()
        #expect(statvfs(disk.path, &fs) == 0)
        let free = Int(fs.f_bavail) * Int(fs.f_frsize)
        let longest = all.map(\.utf8.count).max() ?? 0
        #expect(free < 4096 + longest + 1, "\(free) bytes left free on the disk, \(text.utf8.count) in the recording")
        // The end: exit 2 with the recording's error; the report was written elsewhere.
        do {
            try w.finish()
            Issue.record("finish did not report the recording")
        } catch {
            #expect(error.status == 2 && error.message.hasPrefix("\(disk.path)/rec.jsonl:1:1: cannot write the recording: "), "\(error.message)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/report.html"))
    }
}
