// Positions in messages are inside the file, on the lines an editor shows: characters
// that libyaml takes for line breaks (a lone CR, U+0085, U+2028, U+2029) are refused where
// they are, and the end of a truncated file is reported on its last line.
import Foundation
import Testing
@testable import TouchScene

private func sceneDiagnostics(_ bytes: [UInt8]) -> [SceneDiagnostic] {
    do throws(SceneLoadError) {
        _ = try SceneLoader.parse(bytes: bytes, file: "s.yaml", folder: ".")
        return []
    } catch { return error.diagnostics }
}

private func importError(_ bytes: [UInt8]) -> SceneDiagnostic? {
    do throws(InputFileError) {
        _ = try ImportedRecording(bytes: bytes, file: "t.yml", window: Size(width: 800, height: 600))
        return nil
    } catch { return error.diagnostic }
}

/// The number of lines of `bytes` as `wc -l` and editors count them (newlines; a last line
/// without one counts too).
private func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.filter { $0 == 0x0a }.count + (bytes.last == 0x0a || bytes.isEmpty ? 0 : 1)
}

@Suite("Positions inside the file")
struct LocationTests {
    /// A valid 49-line scene: 45 views, then `title: "ab<char>cd"` on line 49 (the character
    /// at column 11).
    static func scene49(_ char: [UInt8]) -> [UInt8] {
        var text = "scene: t\nwindow: [800, 600]\nviews:\n"
        for i in 0..<45 { text += "  - {id: v\(i), frame: [0, \(i), 10, 10]}\n" }
        return Array(text.utf8) + Array("title: \"ab".utf8) + char + Array("cd\"\n".utf8)
    }

    @Test("the 49-line scene is valid without the character")
    func sceneIsValid() {
        let bytes = Self.scene49([])
        #expect(lineCount(bytes) == 49)
        #expect(sceneDiagnostics(bytes).isEmpty, "\(sceneDiagnostics(bytes))")
    }

    @Test("a lone CR, U+0085, U+2028 or U+2029 inside a string of a 49-line scene is refused at 49:11", arguments: [
        ([0x0d], "a return (0x0d) without a newline"),
        ([0xc2, 0x85], "U+0085"),
        ([0xe2, 0x80, 0xa8], "line separator (U+2028)"),
        ([0xe2, 0x80, 0xa9], "paragraph separator (U+2029)"),
    ] as [([UInt8], String)])
    func lineBreakInString(char: [UInt8], words: String) {
        let d = sceneDiagnostics(Self.scene49(char))
        #expect(d.count == 1, "\(d)")
        #expect(d.first?.line == 49 && d.first?.column == 11, "\(d)")
        #expect(d.first?.message.contains(words) == true, "\(d)")
    }

    @Test("a CR LF line end is one line break: a scene written on Windows loads")
    func crlfScene() {
        let text = "scene: t\r\nwindow: [800, 600]\r\nviews:\r\n  - {id: a, frame: [0, 0, 10, 10]}\r\n"
        #expect(sceneDiagnostics(Array(text.utf8)).isEmpty)
        let bad = "scene: t\r\nwindow: [800, 600]\r\nviews:\r\n  - {id: a, frame: [0, 0, 10, 10], kind: nope}\r\n"
        let d = sceneDiagnostics(Array(bad.utf8))
        #expect(d.first?.line == 4 && d.first?.column == 42, "\(d)")
    }

    @Test("U+0085 inside a comment of a valid scene is refused at its place, not as a YAML syntax error elsewhere")
    func nelInComment() {
        let text = Array("scene: t\nwindow: [800, 600]\n# a note".utf8) + [0xc2, 0x85] + Array(" more\nviews:\n  - {id: a, frame: [0, 0, 10, 10]}\n".utf8)
        let d = sceneDiagnostics(text)
        #expect(d.count == 1, "\(d)")
        #expect(d.first?.line == 3 && d.first?.column == 9, "\(d)")
        #expect(d.first?.message.contains("control character (U+0085") == true, "\(d)")
        #expect(d.first?.message.contains("syntax error") == false, "\(d)")
    }

    @Test("other C1 controls, DEL and C0 controls are refused at their place", arguments: [
        ([0xc2, 0x9b], "U+009B"),
        ([0x7f], "0x7f"),
        ([0x1b], "0x1b"),
    ] as [([UInt8], String)])
    func controls(char: [UInt8], words: String) {
        let d = sceneDiagnostics(Self.scene49(char))
        #expect(d.first?.line == 49 && d.first?.column == 11, "\(d)")
        #expect(d.first?.message.contains("control character (\(words)") == true, "\(d)")
    }

    @Test("a scene cut off inside a flow list is reported on its last line, not the line after")
    func truncatedScene() {
        let bytes = Array("scene: t\nwindow: [800, 600]\nviews:\n  - {id: a, frame: [0, 0,\n".utf8)
        let d = sceneDiagnostics(bytes)
        #expect(d.count == 1, "\(d)")
        // The end of the file is the newline after `[0, 0,` (line 4, 25 characters).
        #expect(d.first?.line == 4 && d.first?.column == 26, "\(d)")
    }

    /// The first 44 lines of the libinput fixture, cut inside the absinfo entry of axis 57.
    static func truncatedLibinput(newline: Bool) throws -> [UInt8] {
        let path = String("\(#filePath)".dropLast("LocationTests.swift".count)) + "Fixtures/import/touch.yml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let head = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(44).joined(separator: "\n")
        return Array((head + "\n      57: [0, 65535," + (newline ? "\n" : "")).utf8)
    }

    @Test("a truncated libinput record of N lines is reported on line N: at the newline that ends it")
    func truncatedLibinputFile() throws {
        let bytes = try Self.truncatedLibinput(newline: true)
        #expect(lineCount(bytes) == 45)
        let d = importError(bytes)
        #expect(d?.line == 45 && d?.column == 21, "\(String(describing: d))")
    }

    @Test("a truncated libinput record without a last newline is reported at its last character")
    func truncatedLibinputNoNewline() throws {
        let bytes = try Self.truncatedLibinput(newline: false)
        #expect(lineCount(bytes) == 45)
        let d = importError(bytes)
        #expect(d?.line == 45 && d?.column == 20, "\(String(describing: d))")
    }

    @Test("U+2028 in a libinput record's device name is refused at its place")
    func libinputLineSeparator() throws {
        let path = String("\(#filePath)".dropLast("LocationTests.swift".count)) + "Fixtures/import/touch.yml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let bytes = Array(text.replacingOccurrences(of: "name: \"Test Wacom Finger\"", with: "name: \"Test\u{2028}Wacom Finger\"").utf8)
        let d = importError(bytes)
        #expect(d?.line == 32 && d?.column == 16, "\(String(describing: d))")
        #expect(d?.message.contains("U+2028") == true, "\(String(describing: d))")
    }
}
