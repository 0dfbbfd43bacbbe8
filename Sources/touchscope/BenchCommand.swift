// touchscope bench: performance figures (see the README's performance table).
import ArgumentParser
import Foundation
import TouchScene

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure dispatch, hit testing, frames and replay memory; --json for one JSON object.")

    @Flag(help: "Print one JSON object on the last line.")
    var json = false

    func run() throws {
        throw CLIError.failure("bench: not built yet (issue 7)")
    }
}
