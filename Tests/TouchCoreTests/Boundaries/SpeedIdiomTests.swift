import Foundation
import Testing

// docs/performance.md: speed idioms stay out of public API and appear only where the idiom
// table says, with the measurement that justifies them. Checked on every module's sources
// (comments and string literals removed first): the table's kinds, files and counts equal
// the sources'; no public or open declaration carries an idiom attribute; fewer than 20
// computed properties only get and set a field of a hot object's one unchecked field; and
// `View`, the class programs subclass, declares no underscored property.

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

/// The declarations in `code` (comments removed) that carry `attribute` and are public or
/// open: by their own modifiers, or as members of a `public extension`. Each as
/// `line: declaration`.
func publicDeclarations(carrying attribute: String = "@exclusivity(unchecked)", in code: String) -> [String] {
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
    let before = #"(?:[A-Za-z_]+(?:\([a-z]+\))?[ \t]+)*"#, after = #"(?:@?[A-Za-z_]+(?:\([A-Za-z_]+\))?\s+)*"#
    let regex = try! NSRegularExpression(pattern: "(" + before + ")" + NSRegularExpression.escapedPattern(for: attribute)
        + "\\s+(" + after + ")(?:var|let|func|init|subscript)\\b\\s*(\\w*)")
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

/// The idioms docs/performance.md's table counts: each kind's name as the table writes it,
/// and the pattern that finds one use in code (comments and strings removed).
let idiomKinds: [(name: String, pattern: String)] = [
    ("@exclusivity(unchecked)", #"@exclusivity\(unchecked\)"#),
    ("Unmanaged", #"\bUnmanaged\b"#),
    ("_withUnsafeGuaranteedRef", #"\b_withUnsafeGuaranteedRef\b"#),
    ("unowned(unsafe)", #"\bunowned\(unsafe\)"#),
    ("@inline(__always)", #"@inline\(__always\)"#),
    ("@inlinable", #"@inlinable\b"#),
    ("@usableFromInline", #"@usableFromInline\b"#),
    // The ownership modifiers, not the functions named `borrowing(_:)`.
    ("borrowing", #"\bborrowing\b(?!\s*[(<])"#),
    ("consuming", #"\bconsuming\b(?!\s*[(<])"#),
]

/// The attributes no public or open declaration carries, in any module.
let idiomAttributes = ["@exclusivity(unchecked)", "@inline(__always)"]

/// Each kind's uses per file in `sources`, written as the table's cell writes them:
/// "`Module/File.swift` 3, …", the most used file first.
func idiomCells(_ sources: [(path: String, code: String)]) -> [String: String] {
    var cells: [String: String] = [:]
    for kind in idiomKinds {
        let regex = try! NSRegularExpression(pattern: kind.pattern)
        var uses: [(String, Int)] = []
        for (path, code) in sources {
            let n = regex.numberOfMatches(in: code, range: NSRange(location: 0, length: (code as NSString).length))
            if n > 0 { uses.append((path, n)) }
        }
        uses.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        cells[kind.name] = uses.isEmpty ? "none" : uses.map { "`\($0.0)` \($0.1)" }.joined(separator: ", ")
    }
    return cells
}

/// The rows of the idiom table (headed `| idiom | where | measurement |`) in `markdown` whose
/// first cell is one name in backticks (a kind's row): the name and its files cell.
func idiomTable(in markdown: String) -> [String: String] {
    var rows: [String: String] = [:]
    var inTable = false
    for line in markdown.components(separatedBy: "\n") {
        if line.hasPrefix("| idiom | where | measurement |") { inTable = true; continue }
        guard inTable else { continue }
        guard line.hasPrefix("|") else { if !rows.isEmpty { break } else { continue } }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 4, cells[1].count > 2, cells[1].hasPrefix("`"), cells[1].hasSuffix("`"),
              !cells[1].dropFirst().dropLast().contains("`") else { continue }
        rows[String(cells[1].dropFirst().dropLast())] = cells[2]
    }
    return rows
}

/// The computed properties in `code` that only forward to a field of a hot object's one
/// unchecked field (`hot`, `hit`, `links`) and have a setter too: `get { hot.x }` followed by
/// `set` or `_modify`. Each as `line: name`.
func forwardingPairs(in code: String) -> [String] {
    let lines = code.components(separatedBy: "\n")
    let getter = try! NSRegularExpression(pattern: #"^\s*get\s*\{\s*(?:hot|hit|links)\.\w+(?:\?\.\w+\(\))?\s*\}\s*$"#)
    var found: [String] = []
    for (n, line) in lines.enumerated() where n + 1 < lines.count {
        let ns = line as NSString
        guard getter.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) != nil else { continue }
        let next = lines[n + 1].trimmingCharacters(in: .whitespaces)
        if next.hasPrefix("set") || next.hasPrefix("_modify") {
            let name = n > 0 ? lines[n - 1].trimmingCharacters(in: .whitespaces) : ""
            found.append("\(n + 1): \(name)")
        }
    }
    return found
}

@Suite("Speed idioms stay out of public API and where the idiom table says (docs/performance.md)")
struct SpeedIdiomTests {
    /// Every module's Swift sources, as `Module/path` and code only.
    static func allSources() throws -> [(path: String, code: String)] {
        let root = repo.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, String)] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            out.append((String(url.path.dropFirst(root.path.count + 1)), codeOnly(try String(contentsOf: url, encoding: .utf8))))
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
        let found = publicDeclarations(in: codeOnly(sample)).map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(found == ["2", "3", "5", "12"])
        // Other attributes, and functions as well as properties.
        let inline = "public struct S {\n    @inline(__always) public func f() {}\n    @inline(__always) func g() {}\n    @inline(__always) @_disfavoredOverload public var h: Int { 0 }\n}"
        #expect(publicDeclarations(carrying: "@inline(__always)", in: codeOnly(inline)).map { $0.split(separator: ":").first.map(String.init) ?? "" } == ["2", "4"])
    }

    @Test("no public or open declaration in any module carries an idiom attribute")
    func noPublicIdioms() throws {
        let sources = try Self.allSources()
        #expect(Set(sources.map { $0.path.split(separator: "/")[0] }).count >= 7, "every module is read")
        for (path, code) in sources {
            for attribute in idiomAttributes {
                let found = publicDeclarations(carrying: attribute, in: code)
                #expect(found.isEmpty, "\(path): public declarations with \(attribute): \(found)")
            }
        }
    }

    @Test("the idiom table in docs/performance.md counts every kind in every file of every module")
    func tableMatchesSources() throws {
        let doc = try String(contentsOf: repo.appendingPathComponent("docs/performance.md"), encoding: .utf8)
        let table = idiomTable(in: doc)
        let counted = idiomCells(try Self.allSources())
        for kind in idiomKinds {
            let cell = counted[kind.name] ?? "none"
            #expect(table[kind.name] == cell, "the row of `\(kind.name)` should read: | `\(kind.name)` | \(cell) | …")
        }
        #expect(Set(table.keys) == Set(idiomKinds.map(\.name)), "rows for kinds the test does not count: \(Set(table.keys).subtracting(idiomKinds.map(\.name)))")
    }

    @Test("the table reader and the counter agree on a sample")
    func tableReaderReadsASample() {
        let doc = "text\n\n| idiom | where | measurement |\n|---|---|---|\n| `Unmanaged` | `A/B.swift` 2, `A/C.swift` 1 | x |\n| A design (`Tracer`) | `Tracer` | y |\n\nafter\n| `no` | row | here |\n"
        #expect(idiomTable(in: doc) == ["Unmanaged": "`A/B.swift` 2, `A/C.swift` 1"])
        let cells = idiomCells([("A/C.swift", "let u: Unmanaged<X>"), ("A/B.swift", "Unmanaged.passUnretained(Unmanaged<Y>)"), ("A/D.swift", "func borrowing(_ x: borrowing T)")])
        #expect(cells["Unmanaged"] == "`A/B.swift` 2, `A/C.swift` 1")
        #expect(cells["borrowing"] == "`A/D.swift` 1")
        #expect(cells["@inline(__always)"] == "none")
    }

    @Test("fewer than 20 properties only forward to a hot field with a getter and a setter")
    func fewForwardingPairs() throws {
        var pairs: [String] = []
        for (path, code) in try Self.allSources() { pairs += forwardingPairs(in: code).map { "\(path):\($0)" } }
        #expect(pairs.count < 20, "\(pairs.count) forwarding accessor pairs: \(pairs)")
        let sample = "var a: Int {\n    get { hot.a }\n    set { hot.a = newValue }\n}\nvar b: Int { hot.b }\nvar c: M {\n    get { hot.c }\n    _modify { yield &hot.c }\n}\n"
        #expect(forwardingPairs(in: sample).count == 2)
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
