// SettingsGathering: repeated `--set ID.KEY=VALUE` options taken off the command line before
// ArgumentParser sees it. ArgumentParser removes each option it parses from its argument list
// with a scan from the start, so n repeated options cost n² (10,000 `--set` took minutes in a
// debug build); the runner keeps the first `--set` for ArgumentParser (so a command that takes
// none still says so, and validation sees one) and hands the command every value, in order.

import ArgumentParser

/// A command with a repeatable `--set` option that the runner fills itself.
package protocol TakesSettings: ParsableCommand {
    /// Every `--set` value of the command line, in order.
    var gatheredSettings: [String] { get set }
}

enum SettingsGathering {
    /// `arguments` with every `--set VALUE` (or `--set=VALUE`) after the first left out (none
    /// after a `--`), and the values of all of them, in order. A `--set` followed by nothing or
    /// by an option is left for ArgumentParser to refuse.
    static func split(_ arguments: [String]) -> (kept: [String], settings: [String]) {
        var kept: [String] = []
        var settings: [String] = []
        kept.reserveCapacity(arguments.count)
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { kept += arguments[i...]; break }
            var value: String?
            var width = 1
            if a == "--set", i + 1 < arguments.count, !arguments[i + 1].hasPrefix("-") {
                value = arguments[i + 1]; width = 2
            } else if a.hasPrefix("--set=") {
                value = String(a.dropFirst("--set=".count))
            }
            if let value {
                if settings.isEmpty { kept += arguments[i..<(i + width)] }
                settings.append(value)
            } else {
                kept.append(a)
            }
            i += width
        }
        return (kept, settings)
    }

    /// The longest option name (`--name`, before any `=`) taken for one; no option is near it.
    static let maxOptionName = 100

    /// The first argument (before a `--`) that is an option whose name is longer than
    /// `maxOptionName` characters, if any.
    static func overlongOption(_ arguments: [String]) -> String? {
        for a in arguments {
            if a == "--" { return nil }
            guard a.hasPrefix("-"), a.utf8.count > maxOptionName else { continue }
            let name = a.prefix { $0 != "=" }
            if name.count > maxOptionName { return a }
        }
        return nil
    }

    /// The most characters of an argument an error message repeats (then "…"), as for values
    /// in every other message.
    static let maxShown = 60

    /// `message` with each argument longer than `maxShown` characters cut to that many.
    static func cutArguments(_ message: String, _ arguments: [String]) -> String {
        var out = message
        for a in Set(arguments) where a.count > maxShown && out.contains(a) {
            out = out.replacingOccurrences(of: a, with: String(a.prefix(maxShown)) + "…")
        }
        return out
    }
}

extension ReplayCommand: TakesSettings {
    package var gatheredSettings: [String] {
        get { options.settings }
        set { options.settings = newValue }
    }
}

extension AppReplayCommand: TakesSettings {
    var gatheredSettings: [String] {
        get { options.settings }
        set { options.settings = newValue }
    }
}

extension DiffCommand: TakesSettings {
    package var gatheredSettings: [String] {
        get { settings }
        set { settings = newValue }
    }
}

extension EditCommand: TakesSettings {
    package var gatheredSettings: [String] {
        get { settings }
        set { settings = newValue }
    }
}
