// Help laid out for an 80-column terminal: no line longer, and hand-laid tables not rewrapped.
import ArgumentParser
import Testing
@testable import touchscope
import TouchScopeKit

@Suite("Help at 80 columns")
struct HelpLayoutTests {
    static let commands: [any ParsableCommand.Type] = [TouchScope.self, RunCommand.self, ReplayCommand.self, WhyCommand.self,
                                                       CheckCommand.self, ImportCommand.self, AnalyzeCommand.self,
                                                       CalibrateCommand.self, DevicesCommand.self, BenchCommand.self]

    @Test("every command's --help fits 80 columns, its discussion is shown as laid out, and its usage names every option")
    func fits() {
        for command in Self.commands {
            let help = TouchScope.helpMessage(for: command, columns: 80)
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let long = lines.filter { $0.count > 80 }
            #expect(long.isEmpty, "\(command): \(long)")
            // A discussion laid out by hand is not rewrapped (ArgumentParser rewraps a line
            // longer than the terminal, mid-phrase).
            for line in command.configuration.discussion.split(separator: "\n") {
                #expect(lines.contains(String(line)), "\(command): rewrapped: \(line)")
            }
            // A usage written out by hand names every option the command has.
            guard let usageStart = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else {
                Issue.record("\(command): no usage"); continue
            }
            let usage = lines[usageStart...].prefix { !$0.isEmpty }.joined(separator: " ")
            let options = lines.filter { $0.hasPrefix("  --") }.compactMap { $0.split(separator: " ").first.map(String.init) }
                .filter { !["--help", "--version"].contains($0) }
            for option in options where command != BenchCommand.self && command != TouchScope.self {
                #expect(usage.contains("[" + option + " ") || usage.contains("[" + option + "]") || usage.contains(" " + option + " "),
                        "\(command): the usage lacks \(option): \(usage)")
            }
        }
    }

    @Test("a usage line wraps between its words for 80 columns, under the first argument")
    func usageWraps() {
        let usage = helpUsage("tool run [<scene>] [--fullscreen] [--display <n>] [--record <file>] [--trace <file>] "
                              + "[--perfetto <file>] [--no-overlays] [--window <WxH>]")
        // "USAGE: " (7) + 67 characters fit; the next word would pass 80. Later lines start
        // under the first argument (9 spaces: "tool run ").
        let indent = String(repeating: " ", count: 9)
        #expect(usage == "tool run [<scene>] [--fullscreen] [--display <n>] [--record <file>]\n"
                + indent + "[--trace <file>] [--perfetto <file>] [--no-overlays]\n"
                + indent + "[--window <WxH>]")
    }

    @Test("bench --help shows its figures' table as laid out, not wrapped mid-phrase")
    func benchTableIntact() throws {
        let help = TouchScope.helpMessage(for: BenchCommand.self, columns: 80)
        let lines = Set(help.split(separator: "\n").map { String($0) })
        let discussion = try #require(BenchCommand.configuration.discussion.isEmpty ? nil : BenchCommand.configuration.discussion)
        for line in discussion.split(separator: "\n") {
            #expect(lines.contains(String(line)), "rewrapped: \(line)")
        }
        #expect(lines.contains("  replay_peak_rss_mib"))
        #expect(lines.contains("      1,000,000-event recording (a child process)"))
    }
}
