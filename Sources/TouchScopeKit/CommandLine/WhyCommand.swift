// why: the verdict of every touch sequence of a recording (issue 27): the winners, and each
// loser with the rule that decided, its numbers, the margin and the waits. A headless replay
// on the virtual clock whose trace feeds a `VerdictBuilder`, as the window's verdict card is
// fed: the answer is the same from a live window, a replay and this command.
import ArgumentParser
import Foundation
import TouchCore
import TouchScene

/// `why`'s options after the scene: the recording, `--at` and `--json`.
package struct WhyOptions: ParsableArguments {
    @Argument(help: "The recording (JSON Lines, see docs/formats.md), or a libinput record or evemu-record file: a path, or a name (photo-pinch) looked up where --paths says.")
    package var recording: String
    // The next word is the value even when it starts with a dash, so that a negative time is
    // read as a number and refused as such (not as a missing value).
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only the touch sequence under way at this time, in seconds.", valueName: "seconds"))
    package var at: Double?
    @Flag(help: "Print one JSON object: {\"sequences\": [...]} (see docs/gestures.md).")
    package var json = false
    @Flag(help: "For each recognizer that lost a sequence: the smallest single setting that makes it win, checked by a replay, and what else it changes.")
    package var fix = false
    @Option(help: ArgumentHelp("With --fix: check each fix against the recordings of this suite (a folder or recording, as touchscope test takes).",
                               valueName: "path"))
    package var suite: String?

    package init() {}

    package func validate() throws {
        if suite != nil && !fix { throw ValidationError("--suite is for --fix") }
        if fix && at != nil { throw ValidationError("--fix takes the whole recording (no --at)") }
        guard let at else { return }
        if !at.isFinite { throw ValidationError("--at must be a time in seconds, 0 or more") }
        if at < 0 { throw ValidationError("--at must not be negative (got \(ReplayOptions.show(at)))") }
    }
}

/// What `why` says about the sequences, for every kind of program.
private let whyDiscussion = """
    Replays the recording headless (as replay --headless does: a virtual clock,
    time running until one second after the last input) and prints, for every
    touch sequence (from a finger landing with none down to the last lifting):
    its time span, its touches and the views they hit, the winners, and each
    recognizer that analysed its touches with its outcome, the rule that
    decided it, the measured value, the limit, the margin in words and its
    waits for other recognizers. Then, for a scene with hover recognizers,
    each hover (where it began, its zOffset, the rule that ended it) and why
    one never began (docs/modern-touches.md). --at: only the sequence and
    the hovers under way at that time. --json: the same as one JSON object
    (see docs/gestures.md).
    --fix: for each recognizer that lost a sequence, the smallest single
    setting that makes it win (a number moved in the what-if editor's
    steps, a failure requirement, simultaneity), checked by a replay, and
    the other sequences whose winners it changes; searched once for each
    way it lost (outcome, rule, what it lost to), saying how many losses of
    that way the fix fixes; --suite PATH checks each fix against a suite of
    recordings (docs/recordings-as-tests.md).
    """

/// `why SCENE RECORDING [--at SECONDS] [--json]`: the verdicts of a recording's touch sequences.
package struct WhyCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "why",
            abstract: "Why each gesture of a recording fired or did not: every touch sequence's verdict.",
            usage: helpUsage("\(SceneCommands.programName) why <scene> <recording> [--at <seconds>] [--json] [--fix [--suite <path>]]"),
            discussion: whyDiscussion)
    }

    @Argument(help: "The scene: a path, or a name (photo), looked up where --paths says.")
    var scene: String
    @OptionGroup var options: WhyOptions

    package init() {}

    package func run() throws {
        var options = options
        options.recording = resolveRecording(options.recording)
        try MainActor.assumeIsolated { try sceneSource(scene).why(options) }
    }
}

/// `why RECORDING`: the same for a program that builds its application in code.
struct AppWhyCommand: AppSubcommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "why",
            abstract: "Why each gesture of a recording fired or did not: every touch sequence's verdict.",
            usage: helpUsage("\(AppCommand.programName) why <recording> [--at <seconds>] [--json] [--fix [--suite <path>]]"),
            discussion: whyDiscussion)
    }

    @OptionGroup var options: WhyOptions

    @MainActor func run(_ app: TouchScopeApp) throws {
        try AppSource.code(app).why(options)
    }
}

/// `why --at T`: keeps only the sequence that answers it. Each sequence is judged once final
/// (as `VerdictStream` prints them) and then forgotten: it is under way at T when T lies from
/// its start to its end (or it never ended), else deciding at T when it began by T, had ended
/// and settled after T (`VerdictBuilder.sequenceIndex(at:)`). The answer is the newest under
/// way, else the newest deciding: two verdicts kept, whatever the recording's length.
private final class AtSink: TraceSink {
    private var verdicts = FinalVerdicts()
    private let time: Double
    private var underWay: (number: Int, verdict: SequenceVerdict)?
    private var deciding: (number: Int, verdict: SequenceVerdict)?

    init(at time: Double) { self.time = time }

    func receive(_ record: consuming TraceRecord) {
        verdicts.add(record) { k, s in judge(k + 1, s) }
    }

    private func judge(_ number: Int, _ s: SequenceVerdict) {
        guard s.start <= time else { return }
        if s.end.map({ time <= $0 }) ?? true {
            underWay = (number, s)
        } else if s.settledAt.map({ time < $0 }) ?? true {
            deciding = (number, s)
        }
    }

    /// The answer, once the run ended: the sequence's number (from 1) and its verdict.
    func finish() -> (number: Int, verdict: SequenceVerdict)? {
        verdicts.finish { k, s in judge(k + 1, s) }
        return underWay ?? deciding
    }
}

/// Prints each sequence's verdict (text, or its piece of the one JSON object) as soon as it is
/// final (`VerdictBuilder.isFinal`), in order, and lets the builder forget it: `why` on a
/// recording of a million events holds the sequences under way, not all of them.
private final class VerdictStream: TraceSink {
    /// Final, and a later sequence has begun: what a sequence's lift sets off (a control's
    /// touchUpInside, its action) is traced after the lift that settles it.
    private var verdicts = FinalVerdicts(.final)
    private let json: Bool
    private var out: [UInt8] = []

    init(json: Bool) {
        self.json = json
        if json { out += Array("{\"sequences\":[".utf8) }
    }

    func receive(_ record: consuming TraceRecord) {
        verdicts.add(record) { k, s in emit(k, s) }
        // Nothing is printed before 1 MiB of it: a recording that turns out bad early prints
        // only its error; past that, 64 KiB at a time.
        if out.count > (flushed ? 1 << 16 : 1 << 20) { flush() }
    }

    /// Whether anything was printed yet.
    private var flushed = false

    /// Drops what is not printed yet (the replay failed).
    func discard() { out.removeAll() }

    /// Writes sequence `k` (from 0).
    private func emit(_ k: Int, _ s: SequenceVerdict) {
        if json {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(WhyReport.json(s).utf8)
        } else {
            if k > 0 { out.append(UInt8(ascii: "\n")) }
            out += Array(WhyReport.block(s, number: k + 1).utf8)
        }
    }

    private func flush() {
        flushed = true
        FileHandle.standardOutput.write(Data(out))
        out.removeAll(keepingCapacity: true)
    }

    /// The sequences still kept (under way at the end, or waiting on nothing more), then the
    /// end; then the hovers of the scene's hover recognizers, when it has any (nil: none).
    func finish(hovers: [HoverWhy.Verdict]? = nil) {
        verdicts.finish { k, s in emit(k, s) }
        if json {
            out += Array("]".utf8)
            if let hovers { out += Array(",\"hovers\":\(HoverWhy.json(hovers))".utf8) }
            out += Array("}\n".utf8)
        } else {
            if verdicts.taken == 0 { out += Array("no touch sequence in the recording\n".utf8) }
            let text = hovers.map { HoverWhy.text($0) } ?? ""
            if !text.isEmpty { out += Array(("\n" + text).utf8) }
        }
        flush()
    }
}

extension AppSource {
    /// Replays `options.recording` headless into a fresh session and prints the verdicts of its
    /// touch sequences (`--at`: the one under way then; `--json`: as one JSON object). Throws
    /// `CLIError`: a bad scene or recording is `FILE:LINE:COLUMN: ...` with exit status 2.
    @MainActor
    package func why(_ options: WhyOptions) throws {
        try OutputFiles.check([.input("scene", scenePath), .input("recording", options.recording)])
        if options.fix {
            guard let scenePath else {
                throw CLIError.badInput("why --fix changes settings of a scene file; \(programName) builds its application in code")
            }
            try FixReport.run(scenePath: scenePath, recording: options.recording, types: types, suite: options.suite, json: options.json)
            return
        }
        let reader: RecordingReader
        do { reader = try RecordingReader.open(path: options.recording, window: window) } catch { throw CLIError.badInput(error.description) }
        let session = makeSession()
        // The scene's hover recognizers: their hovers, and why one never began (HoverReport).
        let hovers = HoverWhy(app: session.app)
        func watchHovers(_ replayer: Replayer, _ sink: any TraceSink) {
            guard !hovers.isEmpty else { return }
            hovers.next = sink
            session.app.tracer.sink = hovers
            replayer.onInput = { hovers.note($0) }
            replayer.onReload = { hovers.adopt($0.app) }
        }
        if options.at == nil {
            // The whole recording: each sequence printed once final, then forgotten, so memory
            // holds the sequences under way, not the recording's.
            let sink = VerdictStream(json: options.json)
            session.app.tracer.sink = sink
            let replayer = Replayer(session: session, recording: reader, types: types)
            watchHovers(replayer, sink)
            do { try replayer.run(until: nil) } catch {
                sink.discard()
                throw CLIError.badInput(error.description)
            }
            warnIfCutOff(reader)
            sink.finish(hovers: hovers.isEmpty ? nil : hovers.verdicts)
            return
        }
        // --at: only the answer's verdict is kept (AtSink).
        let at = options.at ?? 0
        let sink = AtSink(at: at)
        session.app.tracer.sink = sink
        let replayer = Replayer(session: session, recording: reader, types: types)
        watchHovers(replayer, sink)
        do { try replayer.run(until: nil) } catch { throw CLIError.badInput(error.description) }
        let hoverText = hovers.isEmpty ? "" : HoverWhy.text(hovers.verdicts, at: options.at)
        warnIfCutOff(reader)
        let answer = sink.finish()
        let sequences = answer.map { [$0.verdict] } ?? []
        let numbers = answer.map { [$0.number] } ?? []
        if !options.json && answer == nil {
            print("no touch sequence under way at \(ReplayOptions.show(at)) s")
            if !hoverText.isEmpty { print("\n" + hoverText, terminator: "") }
            return
        }
        if options.json {
            let all = WhyReport.json(sequences)
            print(hovers.isEmpty ? all : String(all.dropLast()) + ",\"hovers\":" + HoverWhy.json(hovers.verdicts) + "}")
        } else if sequences.isEmpty {
            print("no touch sequence in the recording")
        } else {
            print(WhyReport.text(sequences, numbers: numbers), terminator: "")
        }
        if !options.json && !hoverText.isEmpty { print("\n" + hoverText, terminator: "") }
    }
}
