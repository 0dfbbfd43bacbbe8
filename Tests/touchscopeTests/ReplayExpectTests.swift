// `replay --expect TRACE` reads every kind a trace file holds: a program's own kinds too
// (docs/contributing.md "Add a trace kind"), which the touchscope program has no entry for
// and reads back as records of their name and fields. The decisions are what it compares.
import Foundation
import Testing
import TouchCore

extension TraceKindEntry {
    /// A program's own kind, as one would add it: touchscope does not know it.
    static let glint = TraceKindEntry(
        name: "glint", group: .note,
        perfetto: .instant(track: .notes, category: "glint", name: { _ in "glint" }, flow: false),
        summary: { _ in "glint" })
}

@Suite("replay --expect and custom kinds", .serialized)
struct ReplayExpectTests {
    /// The double-tap recording's trace, written by a replay, with `extra` lines inserted
    /// after the third: the file's path.
    static func trace(_ name: String, inserting extra: [String]) throws -> String {
        let path = Paths.temporary(name)
        let run = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless", "--trace", path])
        #expect(run.status == 0, "\(run.stderr)")
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count > 3)
        lines.insert(contentsOf: extra, at: min(3, lines.count))
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("replay --expect on a trace holding a program's own kind: the decisions match, exit 0")
    func customKindIsRead() throws {
        let glint = TraceRecord(t: 0.12, .custom(TraceCustom(.glint, ["view": .string("pad"), "target": .string(nil), "count": .number(2),
                                                                       "at": .point(Point(x: 400, y: 300.5)), "by": .strings(["doubleTap"])])))
        let line = glint.description
        #expect(line == #"{"t":0.12,"kind":"glint","view":"pad","target":null,"count":2,"at":[400,300.5],"by":["doubleTap"]}"#)
        let path = try Self.trace("expect-custom-kind.jsonl", inserting: [line, #"{"t":0.13,"kind":"glint"}"#])
        defer { unlink(path) }
        let run = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless", "--expect", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("the decisions match \(path): 4 decisions"), "\(run.stdout)")
        // As the reader reads it: the same record, which writes the same line again.
        let back = try #require(TraceRecord(line: line))
        #expect(back == glint && back.description == line)
    }

    @Test("replay --expect on a trace whose custom line holds what no trace writes (a boolean): exit 2, the line named")
    func unwritableCustomLine() throws {
        let path = try Self.trace("expect-custom-bad.jsonl", inserting: [#"{"t":0.12,"kind":"glint","shiny":true}"#])
        defer { unlink(path) }
        let run = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless", "--expect", path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("\(path):4:1: not a trace line"), "\(run.stderr)")
    }
}
