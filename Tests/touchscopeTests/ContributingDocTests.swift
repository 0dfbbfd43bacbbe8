// docs/contributing.md's four recipes name the files an addition touches; this holds them to
// the code: every named file exists (a new file's folder does), every named symbol occurs in
// its file, and each recipe's "Shown by" test exists and tests. The "Shown by" tests add a
// test-only recognizer, panel, trace kind and input source in exactly those places.
import Foundation
import Testing

@Suite("docs/contributing.md matches the code")
struct ContributingDocTests {
    static let recipes = ["Add a recognizer", "Add a panel", "Add a trace kind", "Add an input source"]

    struct Recipe {
        var title: String
        var bullets: [String] = []
        var shownBy: String?
    }

    static func recipes(_ text: String) -> [Recipe] {
        var out: [Recipe] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { out.append(Recipe(title: String(line.dropFirst(3)))); continue }
            guard !out.isEmpty else { continue }
            if line.hasPrefix("- ") { out[out.count - 1].bullets.append(String(line)) }
            if line.hasPrefix("Shown by ") { out[out.count - 1].shownBy = Self.ticked(String(line)).first }
        }
        return out
    }

    /// The backticked tokens of a line, in order.
    static func ticked(_ line: String) -> [String] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    @Test("the four recipes are there, at most 150 lines in all, each naming its files and its test")
    func recipesMatchTheCode() throws {
        let text = try String(contentsOfFile: Paths.root + "/docs/contributing.md", encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 150)
        let found = Self.recipes(text)
        #expect(found.map(\.title) == Self.recipes)
        let fm = FileManager.default
        for recipe in found {
            #expect(!recipe.bullets.isEmpty, "\(recipe.title): no files named")
            for bullet in recipe.bullets {
                let tokens = Self.ticked(bullet)
                guard let path = tokens.first, path.hasPrefix("Sources/") || path.hasPrefix("Tests/") else {
                    Issue.record("\(recipe.title): a bullet must start with a path in backticks: \(bullet)"); continue
                }
                if path.contains("<") {
                    let folder = (path as NSString).deletingLastPathComponent
                    var isDir: ObjCBool = false
                    #expect(fm.fileExists(atPath: Paths.root + "/" + folder, isDirectory: &isDir) && isDir.boolValue,
                            "\(recipe.title): the folder of \(path) does not exist")
                    continue
                }
                let contents = try? String(contentsOfFile: Paths.root + "/" + path, encoding: .utf8)
                #expect(contents != nil, "\(recipe.title): \(path) does not exist")
                // "at `symbol`": the place in the file where the line goes.
                if let at = bullet.range(of: "` at `") {
                    let symbol = String(bullet[at.upperBound...].prefix { $0 != "`" })
                    let last = symbol.split(separator: ".").last.map(String.init) ?? symbol
                    #expect(contents?.contains(last) == true, "\(recipe.title): \(path) has no `\(symbol)`")
                }
            }
            let test = try #require(recipe.shownBy, "\(recipe.title): no \"Shown by\" test")
            let source = try? String(contentsOfFile: Paths.root + "/" + test, encoding: .utf8)
            #expect(source?.contains("@Test") == true, "\(recipe.title): \(test) is not a test file")
        }
    }

    @Test("a recipe that names a file or symbol the code does not have is caught")
    func catchesStaleRecipes() {
        let stale = """
            ## Add a panel
            - `Sources/TouchDraw/Overlays/NoSuchRegistry.swift` at `NoSuch.list`: one entry
            Shown by `Tests/TouchDrawTests/Overlays/NoSuchTests.swift`.
            """
        let r = Self.recipes(stale)
        #expect(r.count == 1 && r[0].bullets.count == 1)
        #expect(Self.ticked(r[0].bullets[0]) == ["Sources/TouchDraw/Overlays/NoSuchRegistry.swift", "NoSuch.list"])
        #expect(!FileManager.default.fileExists(atPath: Paths.root + "/Sources/TouchDraw/Overlays/NoSuchRegistry.swift"))
        #expect(r[0].shownBy == "Tests/TouchDrawTests/Overlays/NoSuchTests.swift")
    }
}
