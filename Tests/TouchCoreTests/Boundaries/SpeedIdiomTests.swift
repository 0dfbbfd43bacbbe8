import Foundation
import Testing

// docs/performance.md: speed idioms stay out of TouchCore's public surface. Checked on the
// sources (comments and string literals removed first): no public or open declaration
// carries `@exclusivity(unchecked)`, and `View`, the class programs subclass, declares no
// underscored property (its hit-test state lives in `View.hit`, HitBoxes.swift).

private let repo = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `source` with its comments and string literals blanked out (each of their characters
/// replaced by a space, newlines kept), so that braces and attributes are the code's own.
/// An interpolation inside a string is code, and kept.
func codeOnly(_ source: String) -> String {
    let c = Array(source.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    func at(_ k: Int, _ s: String) -> Bool {
        let t = Array(s.unicodeScalars)
        return k + t.count <= c.count && Array(c[k..<(k + t.count)]) == t
    }
    func blank(_ n: Int = 1) {
        for _ in 0..<n where i < c.count { out.append(c[i] == "\n" ? "\n" : " "); i += 1 }
    }
    // Code until the `)` closing an interpolation (depth 0), or the end of the text.
    func code(inInterpolation: Bool) {
        var parens = 0
        while i < c.count {
            if at(i, "//") { while i < c.count, c[i] != "\n" { blank() } }
            else if at(i, "/*") {
                var depth = 0
                repeat {
                    if at(i, "/*") { depth += 1; blank(2) } else if at(i, "*/") { depth -= 1; blank(2) } else { blank() }
                } while depth > 0 && i < c.count
            } else if c[i] == "\"" || (c[i] == "#" && at(i, "#\"")) {
                string()
            } else {
                if inInterpolation {
                    if c[i] == "(" { parens += 1 } else if c[i] == ")" { if parens == 0 { return }; parens -= 1 }
                }
                out.append(c[i]); i += 1
            }
        }
    }
    // A string literal starting at `i`: plain, multi-line or raw (`#"…"#`).
    func string() {
        var hashes = 0
        while c[i] == "#" { hashes += 1; blank() }
        let triple = at(i, "\"\"\"")
        let close = (triple ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        blank(triple ? 3 : 1)
        while i < c.count {
            if at(i, close) { blank(close.unicodeScalars.count); return }
            if at(i, escape + "(") {
                blank(escape.unicodeScalars.count + 1)
                code(inInterpolation: true)
                blank()  // the closing parenthesis
            } else if at(i, escape) {
                blank(escape.unicodeScalars.count + 1)
            } else {
                blank()
            }
        }
    }
    code(inInterpolation: false)
    return String(out)
}

/// The declarations in `code` (comments removed) that carry `@exclusivity(unchecked)` and are
/// public or open: by their own modifiers, or as members of a `public extension`. Each as
/// `line: declaration`.
func publicUncheckedDeclarations(in code: String) -> [String] {
    let lines = code.components(separatedBy: "\n")
    // The header of every block open at the start of each line (for `public extension`).
    var open: [String] = []
    var header = ""
    var publicExtensionAt: [Bool] = []
    for line in lines {
        publicExtensionAt.append(open.contains { $0.range(of: #"\b(public|open)\s+extension\b"#, options: .regularExpression) != nil })
        for ch in line {
            if ch == "{" { open.append(header); header = "" }
            else if ch == "}" { _ = open.popLast(); header = "" }
            else if ch == ";" { header = "" }
            else { header.append(ch) }
        }
        header.append(" ")
    }
    // Modifiers before the attribute (on its line) and after it (on the next line too).
    let before = #"(?:[A-Za-z_]+(?:\([a-z]+\))?[ \t]+)*"#, after = #"(?:[A-Za-z_]+(?:\([a-z]+\))?\s+)*"#
    let regex = try! NSRegularExpression(pattern: "(" + before + ")@exclusivity\\(unchecked\\)\\s+(" + after + ")(?:var|let)\\s+(\\w+)")
    var found: [String] = []
    for (n, line) in lines.enumerated() {
        // The declaration may continue on the next line (attribute on a line of its own).
        let text = n + 1 < lines.count ? line + "\n" + lines[n + 1] : line
        let ns = text as NSString
        for m in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) where m.range.location < (line as NSString).length {
            let words = Set((ns.substring(with: m.range(at: 1)) + " " + ns.substring(with: m.range(at: 2)))
                .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init))
            let restricted = words.contains { $0.hasPrefix("private") || $0.hasPrefix("fileprivate") || $0 == "internal" }
            if words.contains(where: { $0.hasPrefix("public") || $0 == "open" }) || (publicExtensionAt[n] && !restricted) {
                found.append("\(n + 1): \(ns.substring(with: m.range).trimmingCharacters(in: .whitespacesAndNewlines))")
            }
        }
    }
    return found
}

/// The names of the properties declared directly in the body of the class `name` in `code`
/// (comments and strings removed) that begin with an underscore.
func underscoredProperties(ofClass name: String, in code: String) -> [String]? {
    guard let head = code.range(of: #"\bclass\s+"# + name + #"\b[^{]*\{"#, options: .regularExpression) else { return nil }
    var depth = 1
    var body = ""
    var i = head.upperBound
    while i < code.endIndex, depth > 0 {
        let ch = code[i]
        if ch == "{" { depth += 1 } else if ch == "}" { depth -= 1 }
        // Only the class's own level: member bodies are left out.
        body.append(depth == 1 && ch != "}" ? ch : (ch == "\n" ? "\n" : " "))
        i = code.index(after: i)
    }
    let regex = try! NSRegularExpression(pattern: #"\b(?:var|let)\s+(_\w*)"#)
    let ns = body as NSString
    return regex.matches(in: body, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
}

@Suite("Speed idioms stay out of TouchCore's public surface (docs/performance.md)")
struct SpeedIdiomTests {
    static func touchCoreSources() throws -> [(path: String, code: String)] {
        let root = repo.appendingPathComponent("Sources/TouchCore")
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, String)] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            out.append((String(url.path.dropFirst(repo.path.count + 1)), codeOnly(try String(contentsOf: url, encoding: .utf8))))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    @Test("the scanner finds a public unchecked declaration in every form, and none in comments, strings or internal ones")
    func scannerFindsThem() {
        let sample = """
            public final class A {
                @exclusivity(unchecked) public internal(set) var a = 0
                @exclusivity(unchecked)
                public var b: Int?
                public @exclusivity(unchecked) var c = 0
                @exclusivity(unchecked) var d = 0
                @exclusivity(unchecked) private var e = 0
                // @exclusivity(unchecked) public var f = 0
                let s = "@exclusivity(unchecked) public var g = 0"
            }
            public extension A {
                @exclusivity(unchecked) static var h = 0
                @exclusivity(unchecked) private static var i = 0
            }
            """
        let found = publicUncheckedDeclarations(in: codeOnly(sample)).map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(found == ["2", "3", "5", "12"])
    }

    @Test("no public or open declaration in TouchCore carries @exclusivity(unchecked)")
    func noPublicUnchecked() throws {
        let sources = try Self.touchCoreSources()
        #expect(sources.count > 20)
        for (path, code) in sources {
            let found = publicUncheckedDeclarations(in: code)
            #expect(found.isEmpty, "\(path): public declarations with @exclusivity(unchecked): \(found)")
        }
    }

    @Test("View declares no underscored property: its hit-test state is one internal field")
    func viewHasNoUnderscoredStorage() throws {
        let code = codeOnly(try String(contentsOf: repo.appendingPathComponent("Sources/TouchCore/View.swift"), encoding: .utf8))
        let found = try #require(underscoredProperties(ofClass: "View", in: code), "View.swift declares no class View")
        #expect(found.isEmpty, "View's underscored properties: \(found)")
        // The scanner sees a member at the class's level, and not a local in a method body.
        let sample = "open class View: Responder {\n final var _a = 1\n func f() { var _b = 2 }\n}"
        #expect(underscoredProperties(ofClass: "View", in: sample) == ["_a"])
    }
}
