// What `make test` needs on a fresh machine: `.ci/deps test` checks for exactly the
// commands the Xvfb scripts run, and the scripts need no ImageMagick.
import Foundation
import Testing

@Suite("Test tools")
struct TestToolsTests {
    private func text(_ path: String) throws -> String {
        try String(contentsOfFile: Paths.root + "/" + path, encoding: .utf8)
    }
    private var scripts: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: Paths.root + "/Tests/xvfb")
                .filter { $0.hasSuffix(".sh") }.sorted().map { "Tests/xvfb/" + $0 }
        }
    }

    @Test("the Xvfb scripts call no ImageMagick command: their screenshots are touchscope's own (F12)")
    func noImageMagick() throws {
        let imageMagick = ["import", "convert", "magick", "identify", "display", "compare"]
        for script in try scripts {
            var hereDocument: Substring?   // inside a here-document (Python's `import` is no command)
            for (n, line) in try text(script).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let end = hereDocument {
                    if line == end { hereDocument = nil }
                    continue
                }
                if let start = line.firstRange(of: "<<") {
                    let tag = line[start.upperBound...].drop { $0 == "'" || $0 == "\"" || $0 == "-" }
                        .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !tag.isEmpty { hereDocument = tag }
                }
                let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for word in Self.commandWords(String(code)) where imageMagick.contains(word) {
                    Issue.record("\(script):\(n + 1): runs `\(word)` (ImageMagick): \(line)")
                }
            }
        }
    }

    /// The words of a shell line in command position: the first word of each command (after
    /// `|`, `;`, `&&`, `||`, `$(`, a backquote, `!`, `if`, `while`, `then`, `do`, `else`, variable
    /// assignments, and `timeout N` / `exec` / `command`), so a word inside a message is none.
    static func commandWords(_ line: String) -> [String] {
        var segments: [String] = [""]
        var chars = Array(line)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "|" || c == ";" || c == "&" || c == "`" || (c == "$" && chars.first == "(") {
                if c == "$" { chars = chars.dropFirst() }
                segments.append("")
            } else {
                segments[segments.count - 1].append(c)
            }
        }
        return segments.compactMap { segment in
            var words = segment.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" }).map(String.init)[...]
            while let w = words.first, ["!", "if", "elif", "while", "until", "then", "do", "else", "exec", "command", "{"].contains(w) || w.contains("=") {
                words = words.dropFirst()
            }
            if words.first == "timeout" { words = words.dropFirst(2) }
            return words.first
        }
    }

    @Test("a word in command position is found; one inside a message is not")
    func commandPositions() {
        #expect(Self.commandWords(#"echo "the display went away"; convert a.png b.png"#) == ["echo", "convert"])
        #expect(Self.commandWords("    x=$(import -window root s.png) && FOO=1 display s.png") == ["import", "display"])
        #expect(Self.commandWords("if ! compare a b | magick x; then identify y; fi") == ["compare", "magick", "identify", "fi"])
        #expect(Self.commandWords("timeout 20 identify s.png") == ["identify"])
        #expect(Self.commandWords(#"python3 -c 'import json'"#) == ["python3"])
    }

    @Test(".ci/deps test checks for the commands the Xvfb scripts and make test run (xvfb-run, Xvfb, xdotool, python3)")
    func depsCheckWhatTheScriptsRun() throws {
        let deps = try text(".ci/deps"), makefile = try text("Makefile")
        let all = try scripts.map(text).joined(separator: "\n") + makefile
        for command in ["xvfb-run", "xdotool", "python3"] {
            #expect(all.contains(command), "nothing runs \(command) any more: drop it from .ci/deps")
            #expect(deps.contains("command -v \(command) "), ".ci/deps does not check for \(command)")
        }
        #expect(deps.contains("command -v Xvfb "))
    }
}
