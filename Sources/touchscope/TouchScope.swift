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
            With no arguments, opens the default scene (welcome) in a window.
            A scene or recording given by name (photo, double-tap.jsonl) is looked up
            in the current folder, then $XDG_DATA_HOME/touchscope/scenes, then the
            installed PREFIX/share/touchscope/scenes, then the checkout's scenes/
            (--paths lists them).
            Exit status: 0 success, 2 bad input (scene, recording, arguments),
            1 any other failure.
            """,
        version: touchScopeVersion,
        subcommands: [RunCommand.self, ReplayCommand.self, WhyCommand.self, DiffCommand.self, SweepCommand.self, HitMapCommand.self, EditCommand.self, CheckCommand.self, ImportCommand.self, AnalyzeCommand.self,
                      CalibrateCommand.self, TouchTestCommand.self, DevicesCommand.self, TestCommand.self, BenchCommand.self],
        defaultSubcommand: RunCommand.self
    )

    @Flag(help: "Print where scene and recording names are looked up, where the window saves its files and which fonts it uses, then exit.")
    var paths = false

    /// `--paths` prints and ends here, before the default subcommand (run) would take over.
    func validate() throws {
        if paths { throw CleanExit.message(DataPaths().description) }
    }

    /// Parses and runs; maps every error to one line and the documented exit status.
    static func main() {
        Foundation.exit(CommandLineRunner.run(TouchScope.self, name: "touchscope") { try $0.run() })
    }
}
