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
                let words = code.split(whereSeparator: { " \t;|&()\"'[],".contains($0) })
                for word in words where imageMagick.contains(String(word)) {
                    Issue.record("\(script):\(n + 1): runs `\(word)` (ImageMagick): \(line)")
                }
            }
        }
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
