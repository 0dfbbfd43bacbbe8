// The man pages and completions are generated from the command line (packaging/man.sh,
// `--generate-completion-script`), so what they say is what ArgumentParser knows: every
// subcommand must have its abstract and every argument, option and flag its help text, or
// its page would list it bare. Tests/install/install.sh builds the pages and checks that each
// subcommand has one naming every option.
import Foundation
import Testing

@Suite("What the man pages are made from")
struct ManPageSourceTests {
    /// The problems of a command tree as `--experimental-dump-help` gives it: a command
    /// without an abstract, an argument without help; `path` names the command.
    static func problems(_ command: [String: Any], path: [String]) -> [String] {
        let name = path.joined(separator: " ")
        var found: [String] = []
        if ((command["abstract"] as? String) ?? "").isEmpty { found.append("\(name): no abstract") }
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            if argument["shouldDisplay"] as? Bool == false { continue }
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let label = names.first.map { "--" + $0 } ?? "<\(argument["valueName"] as? String ?? "?")>"
            if ["--help", "--version"].contains(label) { continue }
            if ((argument["abstract"] as? String) ?? "").isEmpty { found.append("\(name): \(label) has no help text") }
        }
        for sub in command["subcommands"] as? [[String: Any]] ?? [] {
            guard let n = sub["commandName"] as? String, n != "help" else { continue }
            found += problems(sub, path: path + [n])
        }
        return found
    }

    /// The names of a command tree's subcommands, depth first ("touchscope why").
    static func commands(_ command: [String: Any], path: [String]) -> [String] {
        [path.joined(separator: " ")] + (command["subcommands"] as? [[String: Any]] ?? []).flatMap { sub -> [String] in
            guard let n = sub["commandName"] as? String, n != "help" else { return [] }
            return commands(sub, path: path + [n])
        }
    }

    @Test("every subcommand has an abstract and every option, flag and argument a help text")
    func everythingDocumented() throws {
        let run = try CLIRun.run(["--experimental-dump-help"])
        #expect(run.status == 0, "\(run.stderr)")
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let root = try #require(tool["command"] as? [String: Any])
        let all = Self.commands(root, path: ["touchscope"])
        // The subcommands the README's command list names, each of which gets a page.
        for name in ["run", "replay", "why", "diff", "sweep", "hitmap", "edit", "check", "import", "analyze",
                     "calibrate", "touchtest", "bench"] {
            #expect(all.contains("touchscope " + name), "no subcommand \(name)")
        }
        #expect(Self.problems(root, path: ["touchscope"]) == [])
    }

    @Test("an option without help, or a command without an abstract, is found out")
    func findsTheUndocumented() {
        let tree: [String: Any] = [
            "abstract": "root",
            "arguments": [["names": [["name": "json", "kind": "long"]], "abstract": "Print JSON."],
                          ["names": [["name": "quiet", "kind": "long"]], "abstract": ""],
                          ["names": [["name": "help", "kind": "long"]]]],
            "subcommands": [["commandName": "why", "arguments": [["valueName": "scene"]]]],
        ]
        #expect(Self.problems(tree, path: ["t"]) == ["t: --quiet has no help text", "t why: no abstract", "t why: <scene> has no help text"])
    }
}
