// `touchscope import` and `replay` of libinput record / evemu files, run as a user runs them.
import Foundation
import Testing
import TouchScene

@Suite("Command line: import", .serialized)
struct ImportCommandTests {
    static let evemu = Paths.recordings + "/photo-pan.evemu"

    @Test("touchscope --help lists import, and import --help shows its usage")
    func help() throws {
        let top = try CLIRun.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("import "), "\(top.stdout)")
        let sub = try CLIRun.run(["import", "--help"])
        #expect(sub.status == 0)
        #expect(sub.stdout.contains("USAGE: touchscope import <input> --output <file.jsonl> [--window <WxH>]"), "\(sub.stdout)")
    }

    @Test("import writes a recording: header with the device, rebased times, coordinates stretched onto --window")
    func importsEvemu() throws {
        let out = Paths.temporary("photo-pan.jsonl")
        let r = try CLIRun.run(["import", Self.evemu, "--output", out, "--window", "1600x1200"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        // The device's axes (its A: lines: code, min, max, fuzz, flat, resolution; a slot axis:
        // protocol B) and each finger's contact (slot 0, E: ... 0039 0042: tracking id 42) go along.
        #expect(lines.first == #"{"recording":1,"window":[1600,1200],"device":"Test Tablet Touchscreen","importedFrom":"photo-pan.evemu","format":"evemu","rawDevice":{"name":"Test Tablet Touchscreen","protocol":"multitouch B (slots)","axes":[{"name":"ABS_X","code":0,"min":0,"max":1000,"fuzz":0,"resolution":10},{"name":"ABS_Y","code":1,"min":0,"max":1000,"fuzz":0,"resolution":10},{"name":"ABS_MT_SLOT","code":47,"min":0,"max":9,"fuzz":0,"resolution":0},{"name":"ABS_MT_POSITION_X","code":53,"min":0,"max":1000,"fuzz":0,"resolution":10},{"name":"ABS_MT_POSITION_Y","code":54,"min":0,"max":1000,"fuzz":0,"resolution":10},{"name":"ABS_MT_TRACKING_ID","code":57,"min":0,"max":65535,"fuzz":0,"resolution":0}]}}"#)
        #expect(lines.dropFirst().first == #"{"t":0,"type":"finger-down","finger":1,"x":800,"y":600,"raw":{"slot":0,"id":42}}"#)
        #expect(lines.last == #"{"t":0.2,"type":"finger-up","finger":1,"x":1000,"y":720,"raw":{"slot":0,"id":42}}"#)
        #expect(lines.count == 13)
    }

    @Test("an imported evemu file replays headless straight from replay and pans the photo")
    func replaysAndPans() throws {
        let trace = Paths.temporary("photo-pan.trace.jsonl"), tree = Paths.temporary("photo-pan.tree.json")
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", Self.evemu, "--headless", "--trace", trace, "--dump-tree", tree])
        #expect(r.status == 0, "\(r.stderr)")
        let records = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let panEnded = records.filter { $0.contains(#""recognizer":"pan""#) && $0.contains(#""to":"ended""#) }
        #expect(panEnded.count == 1)
        #expect(panEnded.first?.contains(#""translation":[100,60]"#) == true, "\(panEnded)")
        let dump = try String(contentsOfFile: tree, encoding: .utf8)
        #expect(dump.contains(#""id":"photo","frame":[200,150,400,300],"transform":{"a":1,"b":0,"c":0,"d":1,"tx":100,"ty":60}"#), "\(dump)")

        // The same file imported first, then replayed, gives the same trace byte for byte.
        let imported = Paths.temporary("photo-pan-imported.jsonl"), trace2 = Paths.temporary("photo-pan-2.trace.jsonl")
        #expect(try CLIRun.run(["import", Self.evemu, "--output", imported]).status == 0)
        #expect(try CLIRun.run(["replay", "scenes/photo.yaml", imported, "--headless", "--trace", trace2]).status == 0)
        #expect(try String(contentsOfFile: trace2, encoding: .utf8) == String(contentsOfFile: trace, encoding: .utf8))
    }

    @Test("a malformed file exits 2 with FILE:LINE:COLUMN: from import and from replay")
    func malformed() throws {
        let bad = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/bad/bad-type.evemu"
        let expected = "\(bad):6:13: `00zz` is not an event type (hex, 00 to 1f)"
        let i = try CLIRun.run(["import", bad, "--output", Paths.temporary("bad.jsonl")])
        #expect(i.status == 2)
        #expect(i.stderrLines == [Substring(expected)])
        let r = try CLIRun.run(["replay", "scenes/photo.yaml", bad, "--headless"])
        #expect(r.status == 2)
        #expect(r.stderrLines == [Substring(expected)])
    }

    @Test("bad import arguments exit 2 with one line", arguments: [
        ["import", "x.evemu"],
        ["import", "x.evemu", "--output", "o.jsonl", "--window", "800"],
        ["import", "x.evemu", "--output", "o.jsonl", "--window", "0x600"],
    ])
    func badArguments(_ args: [String]) throws {
        let r = try CLIRun.run(args)
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
    }
}
