// test: a suite of recordings replayed headless, each against its expected verdicts or
// hand-written decisions, on every core (`--jobs`) and split over CI machines (`--shard`).
import ArgumentParser
import Foundation
import TouchScene

/// `test [PATH ...] [--jobs N] [--shard K/N] [--junit FILE] [--update]`.
package struct TestCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test",
            abstract: "Run recordings as tests: each replayed headless against its expected verdicts.",
            usage: helpUsage("\(SceneCommands.programName) test [<path> ...] [--jobs <n>] [--shard <K/N>] [--junit <file>] [--update]"),
            discussion: """
                A PATH is a recording or a folder searched for *.jsonl recordings (not
                *.trace.jsonl). A recording names its scene in its header ("scene": a
                path relative to its folder, else a scene name), or the folder's
                suite.yaml maps it to a scene and --set settings. Its expectation sits
                beside it: NAME.verdicts.json (per touch sequence, the winners and each
                recognizer's outcome and rule) or NAME.expect (hand-written decisions).
                One line per recording, then a summary. --update writes the verdicts
                files from this run and prints what changed. --shard K/N runs the
                recordings whose index in path order is K-1 modulo N. Exit status 0 when
                all pass, 1 when one fails, 2 for bad input.
                """)
    }

    @Option(help: ArgumentHelp("Recordings replayed at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?
    @OptionGroup var suite: SuiteOptions

    package init() {}

    package func validate() throws {
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs must be from 1 to 1024") }
    }

    package func run() throws {
        let update = suite.update
        let runner = SuiteRunner(resolveName: { resolveScene($0) }, types: SceneCommands.types, update: update)
        try runSuite(suite, program: SceneCommands.programName) { items in
            let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let results = runner.run(items, jobs: jobs) { r in
                FileHandle.standardOutput.write(Data(SuiteReport.line(r, update: update).utf8))
            }
            return (results, max(1, min(jobs, items.count)))
        }
    }
}

/// The arguments `test` takes, in touchscope and in a program built with `TouchScopeApp`.
struct SuiteOptions: ParsableArguments {
    @Argument(help: "Recordings, or folders searched for *.jsonl recordings (default: the current folder).")
    var paths: [String] = []
    @Option(help: ArgumentHelp("Run only shard K of N: the recordings whose index in path order is K-1 modulo N.", valueName: "K/N"))
    var shard: String?
    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?
    @Flag(help: "Write each recording's verdicts file from this run (new or changed) and print the decisions that changed.")
    var update = false

    func validate() throws {
        if let shard, SuitePlan.parseShard(shard) == nil {
            throw ValidationError("--shard must be K/N with whole numbers 1 ≤ K ≤ N, such as 2/4 (got \(shard.prefix(40)))")
        }
    }
}

/// Finds the recordings of `paths`, takes shard `shard`, runs them with `run` (which prints
/// each result's line as it comes and returns the results and the jobs it ran on), prints the
/// summary, writes `junit`, and throws the exit status.
func runSuite(_ options: SuiteOptions, program: String,
              run: ([SuiteItem]) throws -> (results: [SuiteResult], jobs: Int)) throws {
    let (paths, shard, junit) = (options.paths, options.shard, options.junit)
    try OutputFiles.check([.output("--junit", "JUnit report", junit)])
    let plan: SuitePlan
    do { plan = try SuitePlan.find(paths.isEmpty ? ["."] : paths) } catch { throw CLIError.badInput(error.description) }
    let part = shard.flatMap(SuitePlan.parseShard)
    let items = part.map { plan.shard($0.k, of: $0.n) } ?? plan.items
    if plan.items.isEmpty {
        throw CLIError.badInput("\(program) test: no recordings (*.jsonl) in \((paths.isEmpty ? ["."] : paths).joined(separator: ", "))")
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let (results, jobs) = try run(items)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    print(SuiteReport.summary(results, seconds: seconds, jobs: jobs, shard: part), terminator: "")
    if let junit {
        do { try SuiteReport.write(SuiteReport.junit(results, seconds: seconds), to: junit) } catch { throw CLIError.badInput(error.description) }
    }
    if results.contains(where: { $0.status == .badInput }) { throw CLIError(message: "", status: 2) }
    if results.contains(where: { $0.status == .failed }) { throw CLIError(message: "", status: 1) }
}

/// `test [PATH ...]` for a program that builds its application in code: every recording
/// replays into the program's own application, one after another on the main thread (the
/// program's build closure is its own code, not made to run on other threads).
struct AppTestCommand: AppSubcommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test",
            abstract: "Run recordings as tests: each replayed headless into the application against its expected verdicts.",
            usage: helpUsage("\(AppCommand.programName) test [<path> ...] [--shard <K/N>] [--junit <file>] [--update]"),
            discussion: """
                As touchscope test, with the application \(AppCommand.programName) builds in code in place of a scene: a recording's "scene" and its suite.yaml scene are not read, and suite.yaml --set settings are refused (there is no scene file to change). The recordings run one after another. Its expectation sits beside it: NAME.verdicts.json or NAME.expect. Exit status 0 when all pass, 1 when one fails, 2 for bad input.
                """)
    }

    @OptionGroup var suite: SuiteOptions

    @MainActor func run(_ app: TouchScopeApp) throws {
        let update = suite.update
        var runner = SuiteRunner(resolveName: { $0 }, update: update)
        runner.program = AppCommand.programName
        try runSuite(suite, program: AppCommand.programName) { items in
            var results: [SuiteResult] = []
            for item in items {
                let r = runner.run(item) { app.makeSession() }
                FileHandle.standardOutput.write(Data(SuiteReport.line(r, update: update).utf8))
                results.append(r)
            }
            return (results, 1)
        }
    }
}
