// AppCommand: the command line a TouchScopeApp program gets: run, replay, why and test.
import ArgumentParser

/// The root command of a program built with `TouchScopeApp`; it runs `run` by default.
struct AppCommand: ParsableCommand {
    /// The program's name, set once before parsing: ArgumentParser asks the command's type
    /// for its name and help, so it cannot come from an instance.
    nonisolated(unsafe) static var programName = "app"
    /// The program's version (`--version`); empty: the program has no `--version`.
    nonisolated(unsafe) static var programVersion = ""

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: programName,
            abstract: "\(programName), with TouchScope around it: its views and recognizers in a window with every debugging panel, recording and replay.",
            // One line per paragraph: the help wraps it to the terminal.
            discussion: """
                With no arguments, opens the window (run). Exit status: 0 success, 2 bad input (recording, arguments), 1 any other failure.

                Hot reload applies only to scene files: \(programName) builds its views in code, so Ctrl+R and file changes reload nothing. Rebuild and start it again instead.
                """,
            version: programVersion,
            subcommands: [AppRunCommand.self, AppReplayCommand.self, AppWhyCommand.self, AppTestCommand.self],
            defaultSubcommand: AppRunCommand.self)
    }
}

/// A subcommand that needs the program's application.
protocol AppSubcommand: ParsableCommand {
    @MainActor func run(_ app: TouchScopeApp) throws
}

struct AppRunCommand: AppSubcommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: "Open the window: the application with every debugging panel (F1 lists the keys).",
            discussion: """
                Records the input with --record (F10 starts and stops a recording too) and writes the trace with --trace.

                Hot reload (Ctrl+R) applies only to scene files: the views of \(AppCommand.programName) are built in code.
                """)
    }

    @OptionGroup var options: RunOptions

    @MainActor func run(_ app: TouchScopeApp) throws {
        try AppSource.code(app).runWindow(options)
    }
}

struct AppReplayCommand: AppSubcommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recording (JSON Lines) into the application; with --headless, no display and a deterministic trace.",
        usage: helpUsage("\(AppCommand.programName) replay <recording> [--headless] [--trace <file>] [--perfetto <file>] "
                         + "[--no-overlays] [--no-coalesce] [--window <WxH>] [--dump-tree <file>] [--screenshot <file.png>] [--at <seconds>] "
                         + "[--until <seconds>] [--pixel-scale <scale>] [--exit-at-end] [--expect <trace>]"),
        discussion: """
            Time runs until --until, by default one second after the last input, so pending timers (double-tap interval, long press) resolve. Headless replay runs on a virtual clock stepped every 1/120 s: the same recording always gives the same trace.

            A recording with a hot reload in it (a `reload` line) belongs to a scene file: it does not replay here.

            --expect TRACE compares the run's decisions with a trace an earlier run wrote: exit 1 naming the first that differs, 0 when they match (a recording kept as a regression test).
            """)
    }

    @OptionGroup var options: ReplayOptions

    @MainActor func run(_ app: TouchScopeApp) throws {
        if let first = options.settings.first {
            throw CLIError.badInput("command line:1:1: --set \(first): \(app.name) builds its application in code, "
                + "so there is no scene file to change; set it in the code")
        }
        try AppSource.code(app).replay(options)
    }
}
