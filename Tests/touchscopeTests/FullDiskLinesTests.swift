// A recording written onto a disk that fills up keeps every whole line the disk took, not
// only what the last complete 64 KiB write held: the file is cut back to the end of the last
// whole line the failed write got onto the disk. A full disk is simulated by a file-size
// limit (`ulimit -f`, SIGXFSZ ignored: a write past it fails with EFBIG, as ENOSPC would).
import Foundation
import Testing

@Suite("Command line: a full disk keeps every whole line", .serialized)
struct FullDiskLinesTests {
    /// A one-finger evemu drag of `moves` frames 10 µs apart (all within the writer's 0.1 s
    /// flush interval: it writes 64 KiB at a time), the finger going to and fro along x.
    static func drag(moves: Int) -> String {
        var s = "# EVEMU 1.3\nN: Test Touchscreen\nI: 0018 1234 5678 0100\nP: 02 00 00 00 00 00 00 00\n"
            + "B: 00 0b 00 00 00 00 00 00 00\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\nA: 2f 0 9 0 0 0\n"
            + "A: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\nA: 39 0 65535 0 0 0\n"
        func event(_ k: Int, _ type: String, _ code: String, _ value: String) {
            let us = 500_000 + k * 10
            s += "E: \(1_700_000_000 + us / 1_000_000).\(String(format: "%06d", us % 1_000_000)) \(type) \(code) \(value)\n"
        }
        event(0, "0003", "0039", "0100"); event(0, "0003", "0035", "0100"); event(0, "0003", "0036", "0100")
        event(0, "0001", "014a", "0001"); event(0, "0000", "0000", "0000")
        for k in 1...moves {
            event(k, "0003", "0035", String(format: "%04d", 100 + (k * 7) % 800)); event(k, "0000", "0000", "0000")
        }
        event(moves + 1, "0003", "0039", "-001"); event(moves + 1, "0001", "014a", "0000"); event(moves + 1, "0000", "0000", "0000")
        return s
    }

    @Test("import onto a disk that fills at 100 KiB keeps every whole line up to the limit (not only the first 64 KiB write), then exit 2",
          .disabled(if: underSanitizer, "a sanitizer's runtime faults (SIGBUS) under a file-size limit"))
    func importKeepsWholeLines() throws {
        let dir = Paths.temporary("full-lines-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let input = dir + "/drag.evemu", whole = dir + "/whole.jsonl", cut = dir + "/cut.jsonl"
        try Self.drag(moves: 4000).write(toFile: input, atomically: true, encoding: .utf8)
        // Unlimited: the whole import, far longer than 100 KiB.
        let full = try CLIRun.run(["import", input, "--output", whole])
        #expect(full.status == 0, "\(full.stderr)")
        let wholeText = try String(contentsOfFile: whole, encoding: .utf8)
        let limit = 100 * 1024
        try #require(wholeText.utf8.count > 2 * limit)
        let longest = wholeText.split(separator: "\n").map(\.utf8.count).max() ?? 0

        let run = try CLIRun.run(["import", input, "--output", cut], fileSizeLimitKiB: 100)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("\(cut):1:1: cannot write the recording: \(String(cString: strerror(EFBIG)))"), "\(run.stderr)")
        let cutText = try String(contentsOfFile: cut, encoding: .utf8)
        // Whole lines only, each the one the whole import has there.
        #expect(cutText.hasSuffix("\n"))
        #expect(wholeText.hasPrefix(cutText), "the lines kept are not the import's first lines")
        // Every line the limit had room for: less than one more line short of it (cut back to
        // the last complete write, it held the first 64 KiB write alone, about 36 KiB short).
        #expect(cutText.utf8.count <= limit)
        #expect(cutText.utf8.count > limit - (longest + 1), "\(cutText.utf8.count) bytes kept of \(limit)")
    }
}
