// Every link of the README and the docs/ pages points at something that exists: a file or
// folder of the repository, and, after a `#`, a heading of that file (GitHub's anchors: the
// heading in lower case, punctuation dropped, spaces as hyphens, a repeated one numbered).
// The README stays a front door: at most 300 lines, and the touchscope commands its shell
// blocks show run.
import Foundation
import Testing

@Suite("Links in the documentation")
struct DocLinksTests {
    /// The Markdown files the links are checked in: the README, every page of docs/, and the
    /// other Markdown files next to them that a reader reaches from there.
    static var documents: [String] {
        var docs = ["README.md", "CHANGELOG.md", "NOTICE.md", "scenes/README.md", "Examples/CircleGesture/README.md"]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: Paths.root + "/docs")) ?? [] where file.hasSuffix(".md") {
            docs.append("docs/" + file)
        }
        return docs.sorted()
    }

    /// GitHub's anchor for a heading's text.
    static func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// The lines of a Markdown text outside its fenced code blocks.
    static func prose(_ markdown: String) -> [Substring] {
        var fenced = false
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); return false }
            return !fenced
        }
    }

    /// The anchors of a Markdown text's headings.
    static func anchors(_ markdown: String) -> Set<String> {
        var seen: [String: Int] = [:], all = Set<String>()
        for line in prose(markdown) where line.hasPrefix("#") {
            let text = line.drop { $0 == "#" }
            guard text.first == " " else { continue }
            let a = anchor(String(text.dropFirst()).trimmingCharacters(in: .whitespaces))
            let n = seen[a, default: 0]
            seen[a] = n + 1
            all.insert(n == 0 ? a : "\(a)-\(n)")
        }
        return all
    }

    /// The targets of a Markdown text's links and images (`[text](target)`), outside code.
    static func links(_ markdown: String) -> [String] {
        var targets: [String] = []
        for line in prose(markdown) {
            // Inline code spans hold no links.
            let parts = line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            for part in parts {
                var rest = Substring(part)
                while let open = rest.range(of: "](") {
                    let after = rest[open.upperBound...]
                    guard let close = after.firstIndex(of: ")") else { break }
                    let target = String(after[..<close])
                    if !target.contains(" ") { targets.append(target) }
                    rest = after[close...]
                }
            }
        }
        return targets
    }

    /// What is wrong with each link of the document at `path` (relative to `root`).
    static func problems(document path: String, root: String) throws -> [String] {
        let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        let folder = (path as NSString).deletingLastPathComponent
        var found: [String] = []
        for target in links(text) {
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = parts[0].isEmpty ? path : ((folder as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + file, isDirectory: &isFolder) else {
                found.append("\(path): \(target): no such file"); continue
            }
            guard parts.count == 2 else { continue }
            guard !isFolder.boolValue, file.hasSuffix(".md") else { found.append("\(path): \(target): an anchor into a file that is not Markdown"); continue }
            let linked = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            if !anchors(linked).contains(String(parts[1])) { found.append("\(path): \(target): \(file) has no heading #\(parts[1])") }
        }
        return found
    }

    @Test("every link of the README and the docs pages points at a file that exists, and its anchor at a heading of that file")
    func linksResolve() throws {
        var count = 0
        for doc in Self.documents {
            let text = try String(contentsOfFile: Paths.root + "/" + doc, encoding: .utf8)
            count += Self.links(text).count
            for problem in try Self.problems(document: doc, root: Paths.root) { Issue.record(Comment(rawValue: problem)) }
        }
        // The README alone links a dozen pages; the moved sections many more.
        #expect(count > 80, "\(count) links checked")
    }

    @Test("the README is a front door: at most 300 lines, linking every page of docs/")
    func frontDoor() throws {
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "README.md has \(lines) lines")
        let linked = Set(Self.links(readme))
        for file in try FileManager.default.contentsOfDirectory(atPath: Paths.root + "/docs") where file.hasSuffix(".md") {
            #expect(linked.contains("docs/" + file), "the README does not link docs/\(file)")
        }
    }

    /// The touchscope commands of a Markdown text's ```sh blocks (a `\\` continues a line; a
    /// `#` starts a comment), each as its words after the program.
    static func shellCommands(_ markdown: String) -> [[String]] {
        var commands: [[String]] = [], inShell = false, pending = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") { inShell = !inShell && trimmed == "```sh"; continue }
            guard inShell else { continue }
            pending += trimmed.hasSuffix("\\") ? String(trimmed.dropLast()) + " " : trimmed
            if trimmed.hasSuffix("\\") { continue }
            let command = pending.components(separatedBy: " #")[0]
            pending = ""
            var words = command.split(separator: " ").map(String.init)
            guard let program = words.first, program == "touchscope" || program == ".build/debug/touchscope" else { continue }
            words.removeFirst()
            commands.append(words.map { $0.hasPrefix("\"") && $0.hasSuffix("\"") ? String($0.dropFirst().dropLast()) : $0 })
        }
        return commands
    }

    @Test("the touchscope commands of the README's shell blocks run (those on files of the repository, without a window)")
    func readmeCommandsRun() throws {
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        var ran = 0
        for words in Self.shellCommands(readme) {
            // A window, a live test, or a file of the reader's own (touch.evemu): not run here.
            guard let sub = words.first, !["run", "touchtest"].contains(sub) else { continue }
            let files = words.dropFirst().filter { $0.contains("/") || $0.hasSuffix(".evemu") || $0.hasSuffix(".html") }
            if files.contains(where: { !FileManager.default.fileExists(atPath: Paths.root + "/" + $0) && !$0.hasSuffix(".html") }) { continue }
            let run = try CLIRun.run(words)
            // diff exits 1 when the two runs differ, analyze when a check failed: what they are shown for.
            #expect(run.status == 0 || (["diff", "analyze"].contains(sub) && run.status == 1), "touchscope \(words.joined(separator: " ")): \(run.status) \(run.stderr)")
            #expect(!run.stdout.isEmpty, "touchscope \(words.joined(separator: " ")) printed nothing")
            ran += 1
        }
        // The tours' why, diff and analyze.
        #expect(ran >= 3, "\(ran) commands run")
        #expect(Self.shellCommands("```sh\ntouchscope a \\\n  \"b c\" # x\nls\n```\n```\ntouchscope no\n```") == [["a", "\"b", "c\""]])
    }

    @Test("a broken link, a missing anchor and an anchor into a folder are found; GitHub's anchors are made as GitHub makes them")
    func findsBrokenLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doclinks-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try """
            # Why didn't my gesture fire?
            ## Timelines in Perfetto
            ## Timelines in Perfetto
            ### The live test: `touchscope touchtest`
            """.write(toFile: root + "/docs/a.md", atomically: true, encoding: .utf8)
        try """
            [ok](docs/a.md#why-didnt-my-gesture-fire) [ok](docs/a.md#timelines-in-perfetto-1) [ok](docs)
            [ok](docs/a.md#the-live-test-touchscope-touchtest) `[code](nowhere.md)` [web](https://example.org/x)
            [gone](docs/b.md) [no anchor](docs/a.md#timelines-in-perfetto-2) [folder](docs#x) ![img](docs/a.png)
            ```
            [fenced](nowhere.md)
            ```
            """.write(toFile: root + "/README.md", atomically: true, encoding: .utf8)
        let found = try Self.problems(document: "README.md", root: root)
        #expect(found == [
            "README.md: docs/b.md: no such file",
            "README.md: docs/a.md#timelines-in-perfetto-2: docs/a.md has no heading #timelines-in-perfetto-2",
            "README.md: docs#x: an anchor into a file that is not Markdown",
            "README.md: docs/a.png: no such file",
        ])
    }
}
