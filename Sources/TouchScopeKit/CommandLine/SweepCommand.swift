// sweep: a recording replayed at several report rates (issue 30): whether each touch
// sequence's winners depend on how often the device reports (flutter/flutter#11384: "which
// one accepts depends on the device's touch event rate").
import ArgumentParser
import Foundation
import TouchCore
import TouchScene

/// `sweep SCENE REC [--rates 60,90,120,240] [--jitter MS] [--seed N] [--json]`.
package struct SweepCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sweep",
            abstract: "Replay a recording at several report rates: each touch sequence's winners at each, and whether they hold.",
            usage: helpUsage("\(SceneCommands.programName) sweep <scene> <recording> [--rates <hz,hz,...>] "
                             + "[--jitter <ms>] [--seed <n>] [--json]"),
            discussion: """
                Each finger's motion is resampled as a panel reporting at the rate would
                give it: its landing and lift kept at their times and places, and one move
                at every tick of the rate's clock, at the place the recorded path had then
                (interpolated between its samples). --jitter moves each tick by a seeded
                random amount within ±MS milliseconds (--seed, default 1: the same seed,
                the same run). Every run is a headless replay on the virtual clock. A
                sequence is stable when its winners are the same at every rate. --json:
                {"rates": [...], "sequences": [{"start", "winners": {"60": [...], ...},
                "stable"}]} (see docs/gestures.md). Exit status 0, or 2 for bad input.
                """)
    }

    @Argument(help: "The scene: a path, or a name (photo), looked up where --paths says.")
    var scene: String
    @Argument(help: "The recording (JSON Lines, libinput record or evemu-record).")
    var recording: String
    @Option(help: ArgumentHelp("Report rates in Hz, comma-separated.", valueName: "hz,hz,..."))
    var rates = "60,90,120,240"
    @Option(help: ArgumentHelp("Timing noise: each report moved by up to ± this many milliseconds.", valueName: "ms"))
    var jitter = 0.0
    @Option(help: ArgumentHelp("The seed of the timing noise.", valueName: "n"))
    var seed: UInt64 = 1
    @Flag(help: "Print one JSON object (see docs/gestures.md).")
    var json = false

    package init() {}

    /// The rates asked for, each a whole number of Hz from 1 to 10,000.
    func parsedRates() throws -> [Int] {
        let parts = rates.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var out: [Int] = []
        for p in parts {
            guard let r = Int(p), r >= 1, r <= 10_000 else {
                throw ValidationError("--rates takes whole numbers of Hz from 1 to 10000, comma-separated (got \"\(p)\")")
            }
            if !out.contains(r) { out.append(r) }
        }
        return out
    }

    package func validate() throws {
        _ = try parsedRates()
        if !(jitter >= 0 && jitter <= 1000) { throw ValidationError("--jitter must be from 0 to 1000 ms") }
    }

    package func run() throws {
        let rates = try parsedRates()
        try MainActor.assumeIsolated {
            let source = try sceneSource(scene)
            let recording = resolveRecording(recording)
            let (header, inputs) = try source.inputs(of: recording)
            let report = try SweepReport(rates: rates, inputs: inputs, jitter: jitter / 1000, seed: seed) { rate, resampled in
                try source.verdicts(of: resampled, header: header, name: "\(recording) at \(rate) Hz")
            }
            print(json ? report.json : report.text, terminator: json ? "\n" : "")
        }
    }
}

/// A sweep's outcome: per touch sequence (paired in order across the rates), its winners at
/// each rate.
struct SweepReport {
    var rates: [Int]
    var starts: [Double]
    /// Per rate, per sequence.
    var winners: [[[String]]]

    func winners(sequence i: Int, rate k: Int) -> [String] { i < winners[k].count ? winners[k][i] : [] }
    func stable(_ i: Int) -> Bool { rates.indices.allSatisfy { winners(sequence: i, rate: $0) == winners(sequence: i, rate: 0) } }

    var json: String {
        var b = "{\"rates\":[" + rates.map(String.init).joined(separator: ",") + "],\"sequences\":["
        b += starts.indices.map { i in
            var s = "{\"start\":\(TraceFormat.short(starts[i], 6)),\"winners\":{"
            s += rates.indices.map { k in "\"\(rates[k])\":" + JSONOut.strings(winners(sequence: i, rate: k)) }.joined(separator: ",")
            return s + "},\"stable\":\(stable(i))}"
        }.joined(separator: ",")
        return b + "]}"
    }

    var text: String {
        guard !starts.isEmpty else { return "no touch sequence in the recording\n" }
        var out = ""
        func list(_ w: [String]) -> String { w.isEmpty ? "none" : w.joined(separator: ", ") }
        for i in starts.indices {
            out += "Sequence \(i + 1) at \(TraceFormat.short(starts[i], 3)) s: "
            if stable(i) {
                out += "stable: \(list(winners(sequence: i, rate: 0))) at " + rates.map { "\($0)" }.joined(separator: ", ") + " Hz\n"
            } else {
                out += "depends on the rate:\n"
                for k in rates.indices { out += "  \(rates[k]) Hz: \(list(winners(sequence: i, rate: k)))\n" }
            }
        }
        return out
    }
}

extension SweepReport {
    /// `inputs` resampled at each rate (`Resample.inputs`) and replayed by `verdicts`: each
    /// run's touch sequences, paired in order (the starts of the run with the most of them).
    /// The window's sweep of a sequence runs this too.
    init(rates: [Int], inputs: [RawInput], jitter: Double = 0, seed: UInt64 = 1,
         verdicts: (Int, [RawInput]) throws -> [SequenceVerdict]) rethrows {
        var winners: [[[String]]] = []
        var starts: [Double] = []
        for rate in rates {
            let sequences = try verdicts(rate, Resample.inputs(inputs, rate: Double(rate), jitter: jitter, seed: seed))
            winners.append(sequences.map { $0.winners.map(\.string) })
            if sequences.count > starts.count { starts = sequences.map(\.start) }
        }
        self.init(rates: rates, starts: starts, winners: winners)
    }
}

extension AppSource {
    /// Every input of `recording` (a libinput or evemu file converted onto the window), and
    /// its header; a recording that reloads its scene is refused (a sweep replays one scene).
    @MainActor
    func inputs(of recording: String) throws -> (RecordingHeader, [RawInput]) {
        try OutputFiles.check([.input("scene", scenePath), .input("recording", recording)])
        let reader: RecordingReader
        do { reader = try RecordingReader.open(path: recording, window: window) } catch { throw CLIError.badInput(error.description) }
        var inputs: [RawInput] = []
        do {
            while let entry = try reader.nextEntry() {
                switch entry {
                case .input(let i): inputs.append(i)
                case .reload:
                    throw CLIError.badInput("\(recording):\(reader.lineNumber):1: a `reload` line: sweep replays one scene, "
                        + "so it takes a recording without hot reloads")
                }
            }
        } catch let e as InputFileError {
            throw CLIError.badInput(e.description)
        }
        warnIfCutOff(reader)
        return (reader.header, inputs)
    }

    /// The verdicts of `inputs` replayed headless into a fresh session.
    @MainActor
    func verdicts(of inputs: [RawInput], header: RecordingHeader, name: String) throws -> [SequenceVerdict] {
        let text = WhatIf.recordingText(window: header.window, inputs: inputs)
        do {
            return try RunDecisions.replay(RecordingReader(text: text, file: name), into: makeSession(), types: types).sequences
        } catch {
            throw CLIError.failure("the resampled recording did not replay: \(error.description)")
        }
    }
}
