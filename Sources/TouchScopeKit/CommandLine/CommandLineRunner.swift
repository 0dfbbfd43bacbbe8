// CommandLineRunner: parses a command line, runs it, and turns every error into one message
// and the documented exit status (0 success, 2 bad input, 1 any other failure).
import ArgumentParser
import Foundation
import TouchScene

/// An error that reaches the user: its message (already `FILE:LINE:COLUMN: ...` where it
/// applies) and the exit status.
package struct CLIError: Error {
    package var message: String
    package var status: Int32
    /// Whether the message is printed after the program's name ("touchscope: cannot ...").
    package var namesProgram: Bool

    package init(message: String, status: Int32, namesProgram: Bool = false) {
        self.message = message
        self.status = status
        self.namesProgram = namesProgram
    }
    /// Bad input (scene, recording, arguments): exit status 2, the message as it is.
    package static func badInput(_ m: String) -> CLIError { CLIError(message: m, status: 2) }
    /// Any other failure: exit status 1, after the program's name.
    package static func failure(_ m: String) -> CLIError { CLIError(message: m, status: 1, namesProgram: true) }
}

/// Says on standard error that a recording's cut-off last line was skipped, if it was:
/// `FILE:LINE:COLUMN: warning: ...`.
func warnIfCutOff(_ reader: RecordingReader) {
    guard let d = reader.cutOffLastLine?.diagnostic else { return }
    FileHandle.standardError.write(Data("\(d.file):\(d.line):\(d.column): warning: \(d.message)\n".utf8))
}

package enum CommandLineRunner {
    /// Parses `arguments` (nil: the process's) as `Root`'s command line, hands the parsed
    /// command to `execute`, and returns the exit status: errors become one message on
    /// standard error; `--help` and `--version` print and succeed.
    ///
    ///     exit(CommandLineRunner.run(TouchScope.self, name: "touchscope") { try $0.run() })
    package static func run<Root: ParsableCommand>(_ root: Root.Type, name: String, arguments: [String]? = nil,
                                                   execute: (inout any ParsableCommand) throws -> Void) -> Int32 {
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        // An option name far longer than any there is, refused before ArgumentParser looks
        // for a near one (its edit distance to a 120 KB name takes seconds).
        if let long = SettingsGathering.overlongOption(given) {
            FileHandle.standardError.write(Data("\(name): Unknown option '\(SettingsGathering.cutArguments(long, [long]))' (see \(name) --help)\n".utf8))
            return 2
        }
        do {
            // Repeated --set options are gathered here (SettingsGathering: ArgumentParser takes
            // quadratic time over them); a command that takes none is parsed as given.
            let (kept, settings) = SettingsGathering.split(given)
            var command = try root.parseAsRoot(settings.count > 1 ? kept : given)
            if settings.count > 1 {
                if var c = command as? any TakesSettings {
                    c.gatheredSettings = settings
                    try c.validate()
                    command = c
                } else {
                    command = try root.parseAsRoot(given)
                }
            }
            try execute(&command)
            return 0
        } catch let e as CLIError {
            // An empty message: what went wrong was said when it happened.
            guard !e.message.isEmpty else { return e.status }
            let message = e.namesProgram ? "\(name): \(e.message)" : e.message
            FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
            return e.status
        } catch let e as ExitCode {
            return e.rawValue
        } catch {
            // ArgumentParser's own errors: --help and --version succeed; the rest are bad arguments.
            if root.exitCode(for: error) == .success {
                print(root.fullMessage(for: error))
                return 0
            }
            let message = root.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
            // An argument repeated in the message is cut as every message cuts a value.
            let cut = SettingsGathering.cutArguments(message, given)
            FileHandle.standardError.write(Data("\(name): \(cut) (see \(name) --help)\n".utf8))
            return 2
        }
    }
}

/// A usage line laid out for an 80-column terminal after "USAGE: ": wrapped between its
/// words (a bracketed option with its value is one word), later lines indented under the
/// first argument. ArgumentParser prints a generated usage on one line whatever its length.
///
///     helpUsage("touchscope run [<scene>] [--fullscreen] [--record <file>] ...")
package func helpUsage(_ line: String, columns: Int = 80) -> String {
    var words: [String] = []
    var current = "", depth = 0
    for c in line {
        if c == "[" || c == "<" { depth += 1 } else if c == "]" || c == ">" { depth -= 1 }
        if c == " " && depth == 0 {
            if !current.isEmpty { words.append(current) }
            current = ""
        } else {
            current.append(c)
        }
    }
    if !current.isEmpty { words.append(current) }
    let prefix = "USAGE: ".count
    // Continuation lines start under the first argument (after "program command ").
    let indent = String(repeating: " ", count: words.prefix(2).map(\.count).reduce(0, +) + 2)
    var lines: [String] = [], row = ""
    for word in words {
        let candidate = row.isEmpty ? word : row + " " + word
        if !row.isEmpty && prefix + candidate.count > columns {
            lines.append(row)
            row = indent + word
        } else {
            row = candidate
        }
    }
    lines.append(row)
    // ArgumentParser indents the later lines by the prefix's width itself.
    return lines.joined(separator: "\n")
}
