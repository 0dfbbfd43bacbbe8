import Testing
@testable import TouchScene
import TouchCore
import Foundation

/// `touchscope import`: libinput record and evemu files become recordings.
@Suite("Importing libinput record and evemu files")
struct ImportTests {
    static let dir = Paths.fixtures + "/import"
    static let window = Size(width: 800, height: 600)

    /// The recording lines an import gives (header first).
    func lines(_ name: String, window: Size = ImportTests.window) throws -> [String] {
        let r = try ImportedRecording(path: Self.dir + "/" + name, window: window)
        return r.text.split(separator: "\n").map(String.init)
    }

    /// The one-line message an import of a bad file gives (`FILE:LINE:COLUMN: ...`, the
    /// fixtures folder left out), or nil when it imports.
    func problem(_ name: String) -> String? {
        do throws(InputFileError) {
            _ = try ImportedRecording(path: Self.dir + "/bad/" + name, window: Self.window)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: Self.dir + "/bad/", with: "")
        }
    }

    @Test("protocol B: slots, tracking ids, a slot reused for a new contact, pressure, epoch times rebased to 0")
    func protocolB() throws {
        #expect(try lines("protocol-b.evemu") == [
            #"{"recording":1,"window":[800,600],"device":"Test Touchscreen","importedFrom":"protocol-b.evemu","format":"evemu"}"#,
            #"{"t":0,"type":"finger-down","finger":1,"x":400,"y":300,"pressure":0.5}"#,
            #"{"t":0.01,"type":"finger-down","finger":2,"x":200,"y":150,"pressure":0.4}"#,
            #"{"t":0.02,"type":"finger-move","finger":1,"x":480,"y":300,"pressure":0.5}"#,
            #"{"t":0.02,"type":"finger-move","finger":2,"x":200,"y":120,"pressure":0.4}"#,
            #"{"t":0.03,"type":"finger-up","finger":1,"x":480,"y":300,"pressure":0.5}"#,
            // Slot 0 again, a new contact: finger 1 is free again; y and pressure keep the slot's last values.
            #"{"t":0.04,"type":"finger-down","finger":1,"x":80,"y":300,"pressure":0.5}"#,
            #"{"t":0.05,"type":"finger-up","finger":1,"x":80,"y":300,"pressure":0.5}"#,
            #"{"t":0.05,"type":"finger-up","finger":2,"x":200,"y":120,"pressure":0.4}"#,
        ])
    }

    @Test("protocol A: contacts are matched to the previous frame's nearest, whatever order they come in")
    func protocolA() throws {
        #expect(try lines("protocol-a.evemu") == [
            #"{"recording":1,"window":[800,600],"device":"Test Protocol A","importedFrom":"protocol-a.evemu","format":"evemu"}"#,
            #"{"t":0,"type":"finger-down","finger":1,"x":80,"y":60}"#,
            #"{"t":0,"type":"finger-down","finger":2,"x":720,"y":540}"#,
            #"{"t":0.02,"type":"finger-move","finger":2,"x":704,"y":540}"#,
            #"{"t":0.02,"type":"finger-move","finger":1,"x":96,"y":60}"#,
            #"{"t":0.04,"type":"finger-up","finger":2,"x":704,"y":540}"#,
            #"{"t":0.06,"type":"finger-up","finger":1,"x":96,"y":60}"#,
        ])
    }

    @Test("single touch: ABS_X and ABS_Y with BTN_TOUCH, ABS_PRESSURE normalised by its range")
    func singleTouch() throws {
        #expect(try lines("single-touch.evemu") == [
            #"{"recording":1,"window":[800,600],"device":"Test Single Touch","importedFrom":"single-touch.evemu","format":"evemu"}"#,
            #"{"t":0,"type":"finger-down","finger":1,"x":400,"y":300,"pressure":1}"#,
            #"{"t":0.05,"type":"finger-move","finger":1,"x":600,"y":300,"pressure":0.2}"#,
            #"{"t":0.1,"type":"finger-up","finger":1,"x":600,"y":300,"pressure":0.2}"#,
        ])
    }

    @Test("libinput record: the first touchscreen among the devices, stretched onto the window given")
    func libinputRecord() throws {
        #expect(try lines("touch.yml", window: Size(width: 1000, height: 500)) == [
            #"{"recording":1,"window":[1000,500],"device":"Test Wacom Finger","importedFrom":"touch.yml","format":"libinput-record"}"#,
            #"{"t":0,"type":"finger-down","finger":1,"x":200,"y":200}"#,
            #"{"t":0.05,"type":"finger-move","finger":1,"x":300,"y":200}"#,
            #"{"t":0.1,"type":"finger-up","finger":1,"x":300,"y":200}"#,
        ])
    }

    @Test("an imported recording reads back through the recording reader, header fields included")
    func readsBack() throws {
        let imported = try ImportedRecording(path: Self.dir + "/protocol-b.evemu", window: Self.window)
        let reader = try RecordingReader(text: imported.text)
        #expect(reader.header == RecordingHeader(window: Self.window, device: "Test Touchscreen",
                                                 importedFrom: "protocol-b.evemu", format: "evemu"))
        #expect(try reader.readAll() == imported.inputs)
    }

    @Test("replay opens libinput record and evemu files as recordings, stretched onto the scene's window")
    func replayOpensImports() throws {
        let reader = try RecordingReader.open(path: Self.dir + "/touch.yml", window: Size(width: 400, height: 300))
        #expect(reader.header.format == "libinput-record")
        let first = try reader.next()
        #expect(first == RawInput(t: 0, .fingerDown(finger: 1, x: 80, y: 120, pressure: nil, device: nil)))
        let plain = try RecordingReader.open(path: Paths.scenes + "/recordings/double-tap.jsonl", window: Self.window)
        #expect(plain.header.format == nil)
    }

    @Test("the format is told from the first lines")
    func detection() {
        func detect(_ s: String) -> InputFileFormat { InputFileFormat.detect(Array(s.utf8)) }
        #expect(detect("{\"recording\": 1, \"window\": [800, 600]}\n") == .recording)
        #expect(detect("# EVEMU 1.3\n# Kernel: 6.1\nN: Pad\n") == .evemu)
        #expect(detect("N: Pad\nI: 0003 0001 0002 0100\n") == .evemu)
        #expect(detect("# libinput record\nversion: 1\nndevices: 1\n") == .libinputRecord)
        #expect(detect("\n\nndevices: 2\n") == .libinputRecord)
        #expect(detect("hello\n") == .recording)
        #expect(detect("") == .recording)
    }

    @Test("a recording given to import is refused with a located message")
    func recordingRefused() {
        #expect(throws: InputFileError.self) {
            _ = try ImportedRecording(bytes: Array("{\"recording\":1,\"window\":[800,600]}\n".utf8), file: "r.jsonl", window: Self.window)
        }
    }

    @Test("malformed evemu files: FILE:LINE:COLUMN and what is wrong")
    func badEvemu() {
        #expect(problem("bad-type.evemu") == "bad-type.evemu:6:13: `00zz` is not an event type (hex, 00 to 1f)")
        #expect(problem("time-backwards.evemu") == "time-backwards.evemu:8:1: time goes backwards: 4.999999 s after 5.000000 s")
        #expect(problem("no-axes.evemu") == "no-axes.evemu:2:1: `No Axes Keyboard` is not a touch device: it has neither ABS_MT_POSITION_X and ABS_MT_POSITION_Y nor ABS_X and ABS_Y axes")
        #expect(problem("bad-slot.evemu") == "bad-slot.evemu:6:1: slot 9999 is out of range (this importer takes slots 0 to 31)")
        #expect(problem("empty-range.evemu") == "empty-range.evemu:4:1: axis ABS_MT_POSITION_X has an empty range (0 to 0): its maximum must be above its minimum")
        #expect(problem("unknown-line.evemu") == "unknown-line.evemu:3:1: `X:` does not start an evemu line (N:, I:, P:, B:, A:, L:, S: or E:)")
    }

    @Test("malformed libinput records: FILE:LINE:COLUMN and what is wrong")
    func badLibinput() {
        #expect(problem("version-2.yml") == "version-2.yml:1:10: unsupported libinput record version 2 (this importer reads version 1)")
        #expect(problem("short-event.yml") == "short-event.yml:13:7: an evdev event is [sec, usec, type, code, value], found 4 numbers")
        #expect(problem("syntax.yml")?.hasPrefix("syntax.yml:6:") == true)
        #expect(problem("syntax.yml")?.contains("YAML syntax error") == true)
        #expect(problem("no-touch.yml") == "no-touch.yml:1:1: no touchscreen or touchpad among the 1 device(s): none has udev's ID_INPUT_TOUCHSCREEN or ID_INPUT_TOUCHPAD, multitouch axes, or ABS_X and ABS_Y")
        #expect(problem("nul.yml") == "nul.yml:4:19: the file contains a NUL byte: not a text (YAML) file; refused")
    }

    @Test("hostile YAML is refused before it is walked: alias bombs and deep nesting")
    func hostileYAML() {
        let bomb = problem("alias-bomb.yml")
        #expect(bomb?.contains("expands to more than") == true)
        let deep = problem("deep.yml")
        #expect(deep?.hasPrefix("deep.yml:2:") == true)
        #expect(deep?.contains("nested deeper than 32 levels") == true)
    }

    @Test("a file that is not an import at all, or too large, says so at 1:1")
    func notAFile() {
        #expect(throws: InputFileError.self) { _ = try ImportedRecording(path: "/nonexistent.evemu", window: Self.window) }
        #expect(throws: InputFileError.self) { _ = try ImportedRecording(path: Self.dir, window: Self.window) }
        #expect(throws: InputFileError.self) {
            _ = try ImportedRecording(bytes: Array("N: x\nA: 35 0 1000 0 0\n".utf8), file: "w", window: Size(width: 0, height: 600))
        }
    }

    @Test("evemu times: seconds and microseconds exactly, bad ones refused")
    func evemuTimes() {
        #expect(EvemuFile.parseTime("1700000000.500001") == 1_700_000_000_500_001)
        #expect(EvemuFile.parseTime("0.5") == 500_000)
        #expect(EvemuFile.parseTime("12") == 12_000_000)
        #expect(EvemuFile.parseTime("-1.0") == nil)
        #expect(EvemuFile.parseTime("1.2.3") == nil)
        #expect(EvemuFile.parseTime("99999999999999.0") == nil)
        #expect(EvemuFile.parseTime("1e5") == nil)
    }

    @Test("every prefix of a good file, and every file with one byte changed, imports or gives a located error (no crash, no hang)")
    func cutAndMangled() throws {
        for name in ["touch.yml", "protocol-b.evemu", "protocol-a.evemu"] {
            let bytes = try #require(FileManager.default.contents(atPath: Self.dir + "/" + name)).map { $0 }
            for n in stride(from: 0, through: bytes.count, by: 5) {
                var mangled = bytes
                if n < bytes.count { mangled[n] = [0x2d, 0x5b, 0x3a, 0x0a, 0x39, 0x00][n % 6] }
                for input in [Array(bytes[0..<n]), mangled] {
                    do throws(InputFileError) {
                        let r = try ImportedRecording(bytes: input, file: name, window: Self.window)
                        #expect(r.inputs.allSatisfy { $0.t >= 0 && $0.isFinite })
                        #expect(zip(r.inputs, r.inputs.dropFirst()).allSatisfy { $0.t <= $1.t })
                    } catch {
                        #expect(error.diagnostic.line >= 1 && error.diagnostic.column >= 1)
                        #expect(error.description.hasPrefix("\(name):"))
                    }
                }
            }
        }
    }
}
