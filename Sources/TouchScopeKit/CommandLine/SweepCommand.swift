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
            // Streamed: each rate reads the recording again, resampled as it is read, and keeps
            // per sequence its start and winners (a few bytes), whatever the recording's length.
            let report = try SweepReport.streamed(rates: rates) { k, rate, sink in
                try source.replayResampled(recording, rate: rate, jitter: jitter / 1000, seed: seed, into: sink, warn: k == 0)
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
    /// Every distinct list of winners.
    var lists: [[String]]
    /// Per rate, per sequence: a position in `lists`.
    var winners: [[Int32]]

    func number(sequence i: Int, rate k: Int) -> Int32? { i < winners[k].count ? winners[k][i] : nil }
    func winners(sequence i: Int, rate k: Int) -> [String] { number(sequence: i, rate: k).map { lists[Int($0)] } ?? [] }
    func stable(_ i: Int) -> Bool {
        let first = number(sequence: i, rate: 0)
        return rates.indices.allSatisfy { number(sequence: i, rate: $0) == first || winners(sequence: i, rate: $0) == winners(sequence: i, rate: 0) }
    }

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
    /// The window's sweep of a sequence runs this.
    init(rates: [Int], inputs: [RawInput], jitter: Double = 0, seed: UInt64 = 1,
         verdicts: (Int, [RawInput]) throws -> [SequenceVerdict]) rethrows {
        let table = RunTable()
        var winners: [[Int32]] = []
        var starts: [Double] = []
        for rate in rates {
            let sequences = try verdicts(rate, Resample.inputs(inputs, rate: Double(rate), jitter: jitter, seed: seed))
            winners.append(sequences.map { table.number(winners: $0.winners.map(\.string)) })
            if sequences.count > starts.count { starts = sequences.map(\.start) }
        }
        self.init(rates: rates, starts: starts, lists: table.lists, winners: winners)
    }

    /// Each rate's run replayed by `replay(k, rate, sink)` into a `RunSummary` (rate `k` of
    /// `rates`), kept as numbers: memory in proportion to the sequences, not the events.
    static func streamed(rates: [Int], replay: (Int, Int, RunSummary) throws -> Void) rethrows -> SweepReport {
        let table = RunTable()
        var winners: [[Int32]] = []
        var starts: [Double] = []
        for (k, rate) in rates.enumerated() {
            let sink = RunSummary(table: table)
            try replay(k, rate, sink)
            sink.finish()
            winners.append(sink.winners)
            if sink.starts.count > starts.count { starts = sink.starts }
        }
        return SweepReport(rates: rates, starts: starts, lists: table.lists, winners: winners)
    }
}

extension AppSource {
    /// Replays `recording` (a libinput or evemu file converted onto the window) resampled at
    /// `rate` Hz as it is read (`ResampleStream`) headless into a fresh session whose trace
    /// goes to `sink`; a recording that reloads its scene is refused (a sweep replays one
    /// scene). `warn`: say when the recording's last line was cut off.
    @MainActor
    func replayResampled(_ recording: String, rate: Int, jitter: Double, seed: UInt64, into sink: TraceSink, warn: Bool) throws {
        try OutputFiles.check([.input("scene", scenePath), .input("recording", recording)])
        let reader: RecordingReader
        do { reader = try RecordingReader.open(path: recording, window: window) } catch { throw CLIError.badInput(error.description) }
        var stream = ResampleStream(rate: Double(rate), jitter: jitter, seed: seed)
        var queue: [RawInput] = [], head = 0, ended = false
        var header = RecordingHeader(window: reader.header.window)
        header.touchFrames = reader.header.touchFrames
        let resampled = RecordingReader(header: header, file: "\(recording) at \(rate) Hz") { () throws(InputFileError) -> RawInput? in
            while head == queue.count {
                if ended { return nil }
                queue.removeAll(keepingCapacity: true)
                head = 0
                switch try reader.nextEntry() {
                case .input(let i)?: queue = stream.push(i)
                case .reload?:
                    throw InputFileError(file: recording, line: reader.lineNumber, column: 1,
                                         "a `reload` line: sweep replays one scene, so it takes a recording without hot reloads")
                case nil: queue = stream.finish(); ended = true
                }
            }
            head += 1
            // At the recording format's precision, microseconds (`JSONOut.time`): the run is
            // the one replaying the resampled recording written out would give (the window's
            // sweep replays it as text), decided the same at every tick.
            var input = queue[head - 1]
            input.t = (input.t * 1_000_000).rounded() / 1_000_000
            return input
        }
        let session = makeSession()
        session.app.tracer.sink = sink
        do { try Replayer(session: session, recording: resampled, types: types).run(until: nil) } catch {
            throw CLIError.badInput(error.description)
        }
        if warn { warnIfCutOff(reader) }
    }
}
