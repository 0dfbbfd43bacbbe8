import Testing
@testable import TouchScene
#if canImport(Glibc)
import Glibc
#endif

/// Loads a file and returns its diagnostics (empty if it loaded).
func loadDiagnostics(_ path: String) -> [SceneDiagnostic] {
    do throws(SceneLoadError) {
        _ = try SceneLoader.load(path: path)
        return []
    } catch {
        return error.diagnostics
    }
}

/// Runs `body` and returns its result with the elapsed seconds.
func timed<T>(_ body: () -> T) -> (T, Double) {
    let clock = ContinuousClock()
    var result: T?
    let d = clock.measure { result = body() }
    let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    return (result!, seconds)
}

@Suite("Hostile scene files")
struct HostileInputTests {
    @Test("20,000-deep flow nesting is refused quickly without crashing")
    func deepFlow() {
        let text = "scene: t\nwindow: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
        let (d, seconds) = timed { diagnostics(text) }
        #expect(d.count == 1)
        #expect(d.first?.message.contains("nested deeper than \(SceneLimits.maxYAMLDepth) levels") == true, "\(d)")
        #expect(d.first?.line == 2)
        #expect(seconds < 2 * testTimeScale)
    }

    @Test("20,000-deep block sequences (- - - -) are refused quickly without crashing")
    func deepDashes() {
        let text = "scene: t\nwindow: [8, 6]\nviews:\n" + String(repeating: "- ", count: 20_000) + "x\n"
        let (d, seconds) = timed { diagnostics(text) }
        #expect(d.count == 1 && d.first?.message.contains("nested deeper") == true, "\(d)")
        #expect(d.first?.line == 4)
        #expect(seconds < 2 * testTimeScale)
    }

    @Test("deep block indentation and deep flow mappings are refused")
    func deepIndentation() {
        var text = "scene: t\nwindow: [8, 6]\n"
        for level in 0..<1_000 { text += String(repeating: " ", count: level) + "k:\n" }
        #expect(diagnostics(text).first?.message.contains("nested deeper") == true)
        let flow = "scene: t\nwindow: [8, 6]\nx: " + String(repeating: "{a: ", count: 5_000) + "1" + String(repeating: "}", count: 5_000)
        #expect(diagnostics(flow).first?.message.contains("nested deeper") == true)
    }

    @Test("views nested deeper than 64 levels are refused with a clear message")
    func deepViews() {
        var text = "scene: t\nwindow: [8, 6]\nviews:\n"
        for level in 0..<70 {
            let pad = String(repeating: "  ", count: level * 2)
            text += pad + "  - id: v\(level)\n" + pad + "    frame: [0, 0, 1, 1]\n" + pad + "    children:\n"
        }
        let d = diagnostics(text)
        #expect(d.count == 1, "\(d.map(\.rendered))")
        #expect(d.first?.message.contains("views nested deeper than 64 levels") == true)
        #expect(d.first?.line == 4 + 64 * 3)
    }

    @Test("an alias expansion bomb is refused by the node budget")
    func aliasBomb() {
        let (d, seconds) = timed { loadDiagnostics(Paths.fixtures + "/alias-bomb.yaml") }
        #expect(d.count == 1)
        #expect(d.first?.message.contains("more than 100000 YAML nodes") == true, "\(d)")
        #expect(seconds < 2 * testTimeScale)
    }

    @Test("a 9 MiB file is refused before it is read")
    func hugeFile() {
        let path = Paths.temporary("huge.yaml")
        let f = fopen(path, "wb")
        fseek(f, 9 * 1024 * 1024, SEEK_SET)
        fputc(0x0a, f)
        fclose(f)
        let (d, seconds) = timed { loadDiagnostics(path) }
        #expect(d.count == 1 && d.first?.message.contains("larger than the 8 MiB limit") == true, "\(d)")
        #expect(d.first?.rendered.hasPrefix(path + ":1:1: ") == true)
        #expect(seconds < 1 * testTimeScale)
        unlink(path)
        let big = [UInt8](repeating: 0x20, count: SceneLimits.maxFileSize + 1)
        #expect(throws: SceneLoadError.self) { try SceneLoader.parse(bytes: big, file: "big", folder: ".") }
    }

    @Test("binary garbage, NUL bytes and invalid UTF-8 are refused")
    func binary() {
        let d = loadDiagnostics(Paths.fixtures + "/binary.yaml")
        #expect(d.count == 1 && d.first?.message.contains("NUL byte") == true, "\(d)")
        #expect(d.first?.line == 3 && d.first?.column == 1)
        let bad = diagnostics("scene: t\nwindow: [1, 1]\ntitle: \u{00e9}") // valid UTF-8 is fine
        #expect(bad.isEmpty)
        do throws(SceneLoadError) {
            _ = try SceneLoader.parse(bytes: Array("scene: t\ntitle: ab".utf8) + [0xff, 0xfe], file: "f", folder: ".")
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect(error.diagnostics.first?.message.contains("invalid UTF-8") == true)
            #expect(error.diagnostics.first?.line == 2 && error.diagnostics.first?.column == 10)
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(throws: SceneLoadError.self) { try SceneLoader.parse(bytes: bytes, file: "r", folder: ".") }
        }
    }

    @Test("random printable junk never crashes the loader")
    func printableJunk() {
        let alphabet = Array("[]{}-:?&*!|>'\"#, \n\tabc01.%@`")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = String((0..<400).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            _ = diagnostics(text)
        }
    }

    @Test("an empty file is refused with a clear message")
    func empty() {
        let d = loadDiagnostics(Paths.fixtures + "/empty.yaml")
        #expect(d.count == 1 && d.first?.message.contains("empty") == true, "\(d)")
        #expect(diagnostics("  \n\n").first?.message.contains("empty") == true)
        #expect(diagnostics("# only a comment\n").first?.message.contains("no YAML document") == true)
    }

    @Test("a missing file and a directory are reported, not crashed on")
    func missingFile() {
        #expect(loadDiagnostics("/nonexistent/scene.yaml").first?.message.contains("cannot open") == true)
        #expect(loadDiagnostics(Paths.fixtures).first?.message.contains("directory") == true)
    }

    @Test("the fixture with several mistakes reports each at its place")
    func brokenFixture() {
        let path = Paths.fixtures + "/broken-scene.yaml"
        let d = loadDiagnostics(path)
        let got = d.map { "\($0.line):\($0.column)" }
        #expect(got == ["7:5", "14:25", "15:5", "16:23", "17:11"], "\(d.map(\.rendered))")
        #expect(d.first?.rendered == path + ":7:5: unknown key `colour` in a view; did you mean `color`?")
        #expect(d.contains { $0.message.contains("cycle: `one` → `two` → `one`") })
        #expect(d.contains { $0.message.contains("duplicate id `pad`") })
        #expect(d.contains { $0.message.contains("finite number") })
        #expect(d.contains { $0.message.contains("unknown responder `nowhere`") })
    }

    @Test("the syntax-error fixture reports Yams' position")
    func syntaxFixture() {
        let d = loadDiagnostics(Paths.fixtures + "/syntax-error.yaml")
        #expect(d.count == 1 && d.first?.message.hasPrefix("YAML syntax error") == true, "\(d)")
        #expect(d.first?.line == 6)
    }

    @Test("brackets inside quotes, plain text and block scalars do not count as nesting")
    func depthScanIgnoresText() {
        let many = String(repeating: "[", count: 300)
        #expect(diagnostics("scene: t\nwindow: [8, 6]\ntitle: \"\(many)\"\n").isEmpty)
        #expect(diagnostics("scene: t\nwindow: [8, 6]\ntitle: '\(many) it''s'\n").isEmpty)
        #expect(diagnostics("scene: t\nwindow: [8, 6]\ntitle: a\(many)\n").isEmpty)
        #expect(diagnostics("scene: t\nwindow: [8, 6]\ndescription: |\n  \(many)\n    - - - -\n  end\ntitle: x # \(many)\n").isEmpty)
    }

    @Test("deep nesting hidden after text that looks like an open quote is still refused")
    func deepAfterQuoteLookalike() {
        let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        for prefix in ["title: hello \"world\n", "title: it's 'here\n", "description: |\n  \"\n"] {
            let d = diagnostics("scene: t\nwindow: [8, 6]\n" + prefix + "x: " + deep + "\n")
            #expect(d.count == 1 && d.first?.message.contains("nested deeper") == true, "\(prefix): \(d)")
        }
        let garbageAfter = diagnostics("scene: t\nx: " + String(repeating: "[", count: 20_000) + " : : ]]]}}}")
        #expect(garbageAfter.first?.message.contains("nested deeper") == true, "\(garbageAfter)")
    }

    @Test("an id or menu title over 128 characters is refused where it stands, saying how long it is; 128 are accepted",
          arguments: [
            ("  - {id: ID, frame: [0, 0, 10, 10]}\n", "an id (`id`)"),
            ("  - id: v\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: ID, type: tap}\n", "an id (`id`)"),
            ("  - id: v\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - {id: t, type: tap, action: ID}\n", "an id (`action`)"),
            ("  - id: v\n    kind: textField\n    frame: [0, 0, 10, 10]\n    menuItems:\n      - {title: ID, action: a}\n",
             "a menu item's `title`"),
          ])
    func longNames(views: String, what: String) throws {
        let tooLong = String(repeating: "é", count: SceneLimits.maxNameLength + 1)
        let d = diagnostics(minimal(views.replacingOccurrences(of: "ID", with: tooLong)))
        #expect(d.count == 1, "\(d)")
        let line = views.split(separator: "\n").firstIndex { $0.contains("ID") }.map { $0 + 4 }
        #expect(d.first?.line == line)
        #expect(d.first?.message.hasPrefix("\(what) is 129 characters long, longer than the 128-character limit") == true, "\(d)")
        // The message quotes the start of the name, not all of it.
        #expect((d.first?.message.count ?? .max) < 200)

        let longest = String(repeating: "é", count: SceneLimits.maxNameLength)
        #expect(diagnostics(minimal(views.replacingOccurrences(of: "ID", with: longest))).isEmpty)
    }

    @Test("a 1 MiB view id is refused, and nothing is built from it")
    func megabyteID() {
        let id = String(repeating: "v", count: 1 << 20)
        let d = diagnostics(minimal("  - {id: \(id), frame: [0, 0, 10, 10]}\n"))
        #expect(d.count == 1 && d.first?.line == 4 && d.first?.column == 10, "\(d.map(\.message.count))")
    }
}
