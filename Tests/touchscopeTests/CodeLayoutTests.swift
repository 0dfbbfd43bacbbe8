// The layout of the code as the documentation draws it ("## Layout of the code", in the README
// or a docs page) and as the folders are: every folder is drawn, every drawn folder exists, no
// module root is a heap of loose files, and no file name is used for two concepts.
import Foundation
import Testing

@Suite("Code layout")
struct CodeLayoutTests {
    static let sources = Paths.root + "/Sources"

    /// The code block under "## Layout of the code", from the README or the docs page holding it.
    static func layoutBlock() throws -> String {
        var candidates = [Paths.root + "/README.md"]
        let docs = Paths.root + "/docs"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? [] where name.hasSuffix(".md") {
            candidates.append(docs + "/" + name)
        }
        for path in candidates {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard let heading = text.range(of: "## Layout of the code") else { continue }
            let after = text[heading.upperBound...]
            guard let open = after.range(of: "```\n"), let close = after[open.upperBound...].range(of: "```") else { continue }
            return String(after[open.upperBound..<close.lowerBound])
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no \"## Layout of the code\" block in the README or docs/"])
    }

    /// The folder names the block mentions (`Name/`), per module (`Sources/Module` starts one).
    static func drawnFolders(_ block: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        var module: String?
        // A capitalised word ending in "/" at a word's start, not followed by more path ("Sources/X").
        let folder = /(?:^|[\s;,(])([A-Z][A-Za-z]+)\/(?!\w)/
        for line in block.split(separator: "\n") {
            if line.hasPrefix("Sources/") {
                module = String(line.dropFirst("Sources/".count).prefix { !$0.isWhitespace })
                result[module!, default: []] = []
            }
            guard let module, line.hasPrefix(" ") else { continue }
            for m in line.matches(of: folder) { result[module, default: []].insert(String(m.1)) }
        }
        return result
    }

    /// Every folder of `module` holding Swift files (DocC catalogues aside), as names.
    static func folders(of module: String) -> Set<String> {
        let root = sources + "/" + module
        var names: Set<String> = []
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        for case let path as String in walker where path.hasSuffix(".swift") && !path.contains(".docc/") {
            let parts = path.split(separator: "/").dropLast()
            names.formUnion(parts.map(String.init))
        }
        return names
    }

    static func modules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sources).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("every module and folder of Sources is drawn in the layout, and every drawn folder exists")
    func layoutMatchesFolders() throws {
        let drawn = Self.drawnFolders(try Self.layoutBlock())
        for module in try Self.modules() {
            let actual = Self.folders(of: module)
            let listed = try #require(drawn[module], "Sources/\(module) is not in the layout")
            #expect(actual.subtracting(listed).isEmpty, "Sources/\(module): folders not drawn in the layout: \(actual.subtracting(listed).sorted())")
            #expect(listed.subtracting(actual).isEmpty, "Sources/\(module): the layout draws folders that do not exist: \(listed.subtracting(actual).sorted())")
        }
        let unknown = Set(drawn.keys).subtracting(try Self.modules())
        #expect(unknown.isEmpty, "the layout draws modules that do not exist: \(unknown.sorted())")
    }

    @Test("no module root holds more than 8 Swift files: the rest live in folders named for what they hold")
    func rootsAreSmall() throws {
        for module in try Self.modules() {
            let root = Self.sources + "/" + module
            let loose = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
            #expect(loose.count <= 8, "Sources/\(module) has \(loose.count) loose files: \(loose.sorted())")
        }
    }

    @Test("one file name per concept: no two source files in Sources share a name")
    func fileNamesAreUnique() throws {
        var seen: [String: String] = [:]
        for module in try Self.modules() {
            let root = Self.sources + "/" + module
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let name = (path as NSString).lastPathComponent
                let here = module + "/" + path
                #expect(seen[name] == nil, "\(name) is both \(seen[name] ?? "") and \(here)")
                seen[name] = here
            }
        }
    }

    @Test("docs/performance.md stays a page of current facts: at most 200 lines (how the figures got there is in git)")
    func performancePageIsShort() throws {
        let text = try String(contentsOfFile: Paths.root + "/docs/performance.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 200, "docs/performance.md has \(lines) lines")
    }

    @Test("the layout reader finds a folder missing from a drawn module, and one drawn twice is one")
    func readerSeesFolders() {
        let block = """
        Sources/Alpha   a module
          Beta/         something; Gamma/ another
            Delta/      nested
        Sources/Epsilon  words with Sources/Alpha inside and a path a/b
        """
        let drawn = Self.drawnFolders(block)
        #expect(drawn["Alpha"] == ["Beta", "Gamma", "Delta"])
        #expect(drawn["Epsilon"] == [])
    }
}
