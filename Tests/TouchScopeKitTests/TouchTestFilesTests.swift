// The live test's files, written as the test goes (no window: the test's window object fed
// fingers as SDL would): the recording on disk after each loop turn, its header rewritten
// whole when the targets are done; the report of the pages done on disk the moment a page is
// done; a recording that cannot be written does not stop the report; "Finish and save" on
// the summary writes both, to the folder for saved files when no path was given.
import Foundation
import Testing
import TouchCore
import TouchDraw
import TouchSDL
@testable import TouchScene
@testable import TouchScopeKit

@MainActor
@Suite("touchtest: the files, written as the test goes", .serialized)
struct TouchTestFilesTests {
    static let window = Size(width: 1280, height: 800)

    /// A fresh folder for one test.
    static func folder(_ name: String) -> String {
        let dir = Paths.temporary("touchtest-files-\(name)")
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Taps every target of `window`'s targets page (3 right, 2 up of each).
    static func tapTargets(_ w: TouchTestWindow, from t: inout Double) {
        var f = 0
        for target in w.test.targets {
            f += 1
            w.handle(RawInput(t: t, .fingerDown(finger: f, x: target.x + 3, y: target.y - 2)))
            w.handle(RawInput(t: t + 0.05, .fingerUp(finger: f, x: target.x + 3, y: target.y - 2)))
            t += 0.3
        }
    }

    /// Presses the panel's button `id` with a finger.
    static func press(_ w: TouchTestWindow, _ id: String, at t: Double) throws {
        let panel = TouchTestPanel(w.test, upper: false, message: nil, udevPath: "x", measurer: EstimatedTextMeasurer())
        let c = try #require(panel.buttons.first { $0.id == id }, "no \(id) button on \(w.test.page)").rect.center
        w.handle(RawInput(t: t, .fingerDown(finger: 500, x: c.x, y: c.y)))
        w.handle(RawInput(t: t + 0.05, .fingerUp(finger: 500, x: c.x, y: c.y)))
    }

    @Test("the recording is on disk after each loop turn, every input so far; when the targets are done its header carries them, the file still whole")
    func recordingAsItGoes() throws {
        let dir = Self.folder("stream")
        var o = TouchTestOptions()
        o.record = dir + "/rec.jsonl"; o.report = dir + "/report.html"; o.savedFolder = dir + "/saved"
        let w = TouchTestWindow(window: Self.window, device: "Synthetic Panel", options: o)
        #expect(Self.lines(dir + "/rec.jsonl").count == 1, "the header at once")
        w.handle(RawInput(t: 1, .fingerDown(finger: 1, x: 128, y: 80)))
        w.handle(RawInput(t: 1.05, .fingerMove(finger: 1, x: 129, y: 80)))
        _ = w.advance(to: 1.06)   // the loop turn's end
        #expect(Self.lines(dir + "/rec.jsonl").count == 3)
        w.handle(RawInput(t: 1.1, .fingerUp(finger: 1, x: 129, y: 80)))
        var t = 2.0
        Self.tapTargets(w, from: &t)
        _ = w.advance(to: t)
        #expect(w.test.status[.targets] == .done)
        let rec = Self.lines(dir + "/rec.jsonl")
        #expect(rec.count == 1 + w.test.inputs.count)
        #expect(rec.first?.contains("\"targets\":[[128,80],") == true && rec.first?.contains("\"targetsAt\":") == true)
        #expect(rec.joined(separator: "\n") + "\n" == w.test.recordingText)
        // No half-written file beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("partial") }.isEmpty)
        // The report of the pages done is there already: the targets' verdict.
        let report = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(report.contains("<td>accuracy</td>"))
        #expect(report.contains("from the targets page, before calibration"))
        #expect(FileManager.default.fileExists(atPath: dir + "/saved") == false, "paths given: nothing in the folder for saved files")
    }

    @Test("a recording that cannot be written stops and says so; the test goes on, the report is written, and the end is exit 2 with FILE:1:1")
    func failedRecordingKeepsReport() throws {
        let dir = Self.folder("failed")
        var o = TouchTestOptions()
        o.record = "/dev/full"; o.report = dir + "/report.html"; o.savedFolder = dir + "/saved"
        let w = TouchTestWindow(window: Self.window, device: nil, options: o)
        var t = 1.0
        Self.tapTargets(w, from: &t)
        _ = w.advance(to: t)
        #expect(w.test.status[.targets] == .done, "the test went on")
        #expect(w.files.recordError?.hasPrefix("/dev/full:1:1: cannot write the recording: ") == true, "\(w.files.recordError ?? "nil")")
        #expect(FileManager.default.fileExists(atPath: dir + "/report.html"))
        do {
            try w.finish()
            Issue.record("finish did not report the recording")
        } catch {
            #expect(error.status == 2)
            #expect(error.message.hasPrefix("/dev/full:1:1: cannot write the recording: "), "\(error.message)")
        }
        let report = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(report.contains("<td>accuracy</td>"))
    }

    @Test("Finish and save (44 points or more) on the summary: without --record and --report both files go to the folder for saved files under a dated name, and the summary says where")
    func finishAndSave() throws {
        let dir = Self.folder("finish")
        var o = TouchTestOptions()
        o.savedFolder = dir + "/touchscope"
        let date = Date(timeIntervalSince1970: 1_765_000_000)
        let w = TouchTestWindow(window: Self.window, device: nil, options: o, now: date)
        let name = TouchTestFiles.datedName(date)
        #expect(name.hasPrefix("touchtest-20") && name.count == "touchtest-2025-12-06-054640".count, "\(name)")
        var t = 1.0
        Self.tapTargets(w, from: &t)
        for _ in 0..<5 { try Self.press(w, "next", at: t); t += 0.2 }
        #expect(w.test.page == .summary)
        let panel = TouchTestPanel(w.test, upper: false, message: nil, udevPath: "x", measurer: EstimatedTextMeasurer(),
                                   saveTo: "the recording to \(dir)/touchscope/\(name).jsonl")
        let finish = try #require(panel.buttons.first { $0.id == "finish" })
        #expect(finish.label == "Finish and save" && finish.rect.width >= 44 && finish.rect.height >= 44)
        #expect(panel.lines.map(\.text).joined(separator: " ").contains("Finish and save writes the recording to \(dir)/touchscope/"))
        try Self.press(w, "finish", at: t)
        let rec = dir + "/touchscope/\(name).jsonl", html = dir + "/touchscope/\(name).html"
        #expect(Self.lines(rec).count == 1 + w.test.inputs.count)
        #expect(try String(contentsOfFile: html, encoding: .utf8).contains("<td>ghost-touches</td>"))
        #expect(w.advance(to: t + 0.5), "frames go on while it shows where the files went")
    }

    @Test("the summary lists every anomaly: \"More anomalies ›\" pages through them all, five at a time, and back to the first")
    func everyAnomalyReachable() throws {
        let dir = Self.folder("anomalies")
        var o = TouchTestOptions()
        o.savedFolder = dir
        let w = TouchTestWindow(window: Self.window, device: nil, options: o)
        for _ in 0..<4 { try Self.press(w, "skip", at: 0) }
        #expect(w.test.page == .draw)
        // Twelve ghosts: each down and up at once.
        for k in 0..<12 {
            let t = 1 + Double(k) * 0.2
            w.handle(RawInput(t: t, .fingerDown(finger: k + 1, x: 100 + 40 * Double(k), y: 100)))
            w.handle(RawInput(t: t + 0.005, .fingerUp(finger: k + 1, x: 100 + 40 * Double(k), y: 100)))
        }
        try Self.press(w, "next", at: 5)
        #expect(w.test.page == .summary)
        let all = try #require(w.test.summary?.anomalies)
        #expect(all.count == 12)
        var seen: Set<String> = []
        for page in 0..<3 {
            let panel = TouchTestPanel(w.test, upper: false, message: nil, udevPath: "x", measurer: EstimatedTextMeasurer(), anomalyPage: page)
            #expect(panel.fits)
            #expect(panel.buttons.contains { $0.id == "anomalies" && $0.rect.height >= 44 })
            for l in panel.lines where l.text.hasPrefix("ghost-touch at ") { seen.insert(l.text) }
        }
        #expect(seen.count == 12, "\(seen.sorted())")
    }

    @Test("a folder for saved files that cannot be made: said at once, the test goes on, the end is exit 2 with FOLDER:1:1")
    func noSavedFolder() throws {
        let dir = Self.folder("nofolder")
        #expect(FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8)))
        var o = TouchTestOptions()
        o.savedFolder = dir + "/file/touchscope"
        let w = TouchTestWindow(window: Self.window, device: nil, options: o)
        #expect(w.files.recordPath == nil && w.files.reportPath == nil)
        w.handle(RawInput(t: 1, .fingerDown(finger: 1, x: 128, y: 80)))
        w.handle(RawInput(t: 1.05, .fingerUp(finger: 1, x: 128, y: 80)))
        #expect(w.test.tapsDone == 1)
        do {
            try w.finish()
            Issue.record("finish did not say the folder could not be made")
        } catch {
            #expect(error.status == 2)
            #expect(error.message.hasPrefix(dir + "/file/touchscope:1:1: cannot make the folder for saved files: "), "\(error.message)")
        }
    }
}
