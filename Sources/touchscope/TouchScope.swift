// touchscope: the command line (run, replay, why, check, import, analyze, calibrate, touchtest, bench). The window, the panels,
// recording and replay are the host library's (TouchScopeKit). Exit status: 0 success,
// 2 bad input (scene, recording, arguments), 1 any other failure.
import ArgumentParser
import Foundation
import TouchCore
import TouchScene
import TouchScopeKit

/// The version `touchscope --version` prints (`TouchScopeVersion`, TouchCore's).
let touchScopeVersion = TouchScopeVersion.current

@main
struct TouchScope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchscope",
        abstract: "See and debug touch handling: the UIKit event model on Linux, made visible.",
        discussion: """
            With no arguments, opens the default scene (scenes/welcome.yaml) in a window.
            Exit status: 0 success, 2 bad input (scene, recording, arguments),
            1 any other failure.
            """,
        version: touchScopeVersion,
        subcommands: [RunCommand.self, ReplayCommand.self, WhyCommand.self, DiffCommand.self, SweepCommand.self, HitMapCommand.self, EditCommand.self, CheckCommand.self, ImportCommand.self, AnalyzeCommand.self,
                      CalibrateCommand.self, TouchTestCommand.self, TestCommand.self, BenchCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs; maps every error to one line and the documented exit status.
    static func main() {
        Foundation.exit(CommandLineRunner.run(TouchScope.self, name: "touchscope") { try $0.run() })
    }
}
