// Every Swift sample of the README, the docs/ pages and the DocC articles is code that compiles: each is a
// run of lines of a Swift file that `swift build`, `swift test` or the example package builds
// (after its imports, which that file has too).
import Foundation
import Testing

@Suite("Code samples in the documentation")
struct DocSamplesTests {
    /// The README, the pages of docs/ (but host.md) and every DocC article of the libraries.
    static var documents: [String] {
        let fm = FileManager.default
        // docs/host.md's protocol is an abridged summary, not code to copy.
        var docs = ["README.md"]
        for file in (try? fm.contentsOfDirectory(atPath: Paths.root + "/docs")) ?? [] where file.hasSuffix(".md") && file != "host.md" {
            docs.append("docs/" + file)
        }
        for module in (try? fm.contentsOfDirectory(atPath: Paths.root + "/Sources")) ?? [] {
            let catalog = "Sources/\(module)/\(module).docc"
            for file in (try? fm.contentsOfDirectory(atPath: Paths.root + "/" + catalog)) ?? [] where file.hasSuffix(".md") {
                docs.append(catalog + "/" + file)
            }
        }
        return docs.sorted()
    }

    /// Every Swift file that is compiled: the package's sources and tests, and the examples'.
    static var compiledFiles: [String] {
        let fm = FileManager.default
        var files: [String] = []
        for folder in ["Sources", "Tests", "Examples"] {
            let base = Paths.root + "/" + folder
            guard let walk = fm.enumerator(atPath: base) else { continue }
            while let path = walk.nextObject() as? String {
                // An example's own build folder holds its dependencies' checkouts.
                if path.hasSuffix(".build") { walk.skipDescendants(); continue }
                if path.hasSuffix(".swift") && !path.hasSuffix("Package.swift") { files.append(base + "/" + path) }
            }
        }
        return files
    }

    /// A text's lines, each without its indentation, blank ones left out.
    static func lines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The fenced ```swift blocks of a Markdown text (fences may be indented, as in a list).
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" { current = []; continue }
            if current != nil, trimmed.hasPrefix("```") { blocks.append(current!.joined(separator: "\n")); current = nil; continue }
            current?.append(line)
        }
        return blocks
    }

    @Test("every Swift block of the README, the docs pages and the articles is a run of lines of a compiled file (a Package.swift fragment aside)")
    func samplesCompile() throws {
        let compiled = try Self.compiledFiles.map { Self.lines(try String(contentsOfFile: $0, encoding: .utf8)) }
        #expect(compiled.count > 100)
        var checked = 0
        for doc in Self.documents {
            let blocks = Self.swiftBlocks(try String(contentsOfFile: Paths.root + "/" + doc, encoding: .utf8))
            for block in blocks {
                let wanted = Self.lines(block)
                // A package manifest's lines, shown to copy into your own Package.swift.
                if wanted.first == "// Package.swift" { continue }
                checked += 1
                // The sample's imports head its file there, maybe among others: the rest is a
                // run of lines of a file that has those imports.
                let imports = wanted.prefix { $0.hasPrefix("import ") }
                let body = Array(wanted.dropFirst(imports.count))
                let found = compiled.contains { file in
                    imports.allSatisfy(file.contains) && file.count >= body.count
                        && (0...(file.count - body.count)).contains { Array(file[$0..<$0 + body.count]) == body }
                }
                #expect(found, "\(doc): this Swift sample is not compiled anywhere:\n\(block)")
            }
        }
        // The README's, the docs pages' and the three catalogs' samples (a count that only grows).
        #expect(checked >= 12, "\(checked) samples checked")
    }

    @Test("a sample that is not in a compiled file is found out")
    func findsStrangers() {
        let block = Self.swiftBlocks("text\n  ```swift\n  let x = Knob(id: \"k\")\n  ```\n")
        #expect(block == ["  let x = Knob(id: \"k\")"])
        #expect(Self.lines(block[0]) == ["let x = Knob(id: \"k\")"])
    }
}
