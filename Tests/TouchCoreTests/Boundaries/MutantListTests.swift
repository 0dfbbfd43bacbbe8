import Foundation
import Testing

// The list `make mutants` works through (Tests/mutants/mutants.tsv, read by .ci/mutants):
// checked here, cheaply, so that it stays current as the code changes. A mutant whose
// pattern no longer occurs exactly once in its file would be reported stale by the tool.

private let repo = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private struct Mutant { var line: Int; var name, file, pattern, replacement: String }

private func readMutants() throws -> [Mutant] {
    let text = try String(contentsOf: repo.appendingPathComponent("Tests/mutants/mutants.tsv"), encoding: .utf8)
    var out: [Mutant] = []
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        try #require(f.count == 4 && f.allSatisfy { !$0.isEmpty }, "mutants.tsv:\(i + 1): expected 4 non-empty tab-separated fields")
        out.append(Mutant(line: i + 1, name: f[0], file: f[1], pattern: f[2], replacement: f[3]))
    }
    return out
}

@Suite("Mutant list (make mutants)")
struct MutantListTests {
    @Test("the list parses, has at least 40 mutants with distinct names, and names the issue's nine")
    func parses() throws {
        let mutants = try readMutants()
        #expect(mutants.count >= 40)
        #expect(Set(mutants.map(\.name)).count == mutants.count)
        for m in mutants { #expect(m.pattern != m.replacement, "mutants.tsv:\(m.line): \(m.name) changes nothing") }
        let nine = ["tap-count-interval-open", "tap-count-distance-doubled", "tap-slop-doubled",
                    "tap-max-distance-doubled", "tap-fingers-plus-one", "point-inside-maxx-closed",
                    "swipe-along-80-percent", "long-press-taps-less-than", "pan-slop-minus-one"]
        #expect(Set(nine).isSubset(of: Set(mutants.map(\.name))))
    }

    @Test("every mutant's pattern occurs exactly once in its file (under Sources/TouchCore, or from the root when it starts Sources/)")
    func patternsMatchOnce() throws {
        for m in try readMutants() {
            let path = m.file.hasPrefix("Sources/") ? repo.appendingPathComponent(m.file)
                : repo.appendingPathComponent("Sources/TouchCore").appendingPathComponent(m.file)
            let source = try String(contentsOf: path, encoding: .utf8)
            let count = source.components(separatedBy: m.pattern).count - 1
            #expect(count == 1, "mutants.tsv:\(m.line): \(m.name): pattern occurs \(count) times in \(m.file) (stale)")
        }
    }
}
