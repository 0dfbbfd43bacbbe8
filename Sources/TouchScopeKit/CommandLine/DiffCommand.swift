// diff: two runs compared decision by decision (issue 30): the same recording with another
// setting (`--set`), another scene, or another recording. Both are headless replays on the
// virtual clock, as `why` runs them; `RunDiff` compares their decisions and verdicts.
import ArgumentParser
import Foundation
import TouchCore
import TouchScene

/// `diff SCENE_A REC_A [SCENE_B [REC_B]] [--set ID.KEY=VALUE ...] [--json]`.
package struct DiffCommand: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two runs decision by decision: the first decision that differs, and each touch sequence whose winners changed.",
            usage: helpUsage("\(SceneCommands.programName) diff <scene-a> <recording-a> [<scene-b> [<recording-b>]] "
                             + "[--set <ID.KEY=VALUE> ...] [--json]"),
            discussion: """
                Run A replays recording A into scene A; run B replays recording B (by
                default A's) into scene B (by default A's) with the --set settings
                applied. Both run headless on the virtual clock, as replay --headless
                does. A decision is a recognizer's transition (not a reset to possible):
                its recognizer, view, states and deciding rule, whatever its time. Exit
                status 0 when the two runs decide the same, 1 when they differ, 2 for bad
                input. --json: {"same", "first": {"at", "a", "b"} or null, "sequences":
                [{"start", "winnersA", "winnersB"}]} (see docs/gestures.md).
                """)
    }

    @Argument(help: "Scene A: a path, or a name (photo), looked up where --paths says.")
    var sceneA: String
    @Argument(help: "Recording A (JSON Lines, libinput record or evemu-record).")
    var recordingA: String
    @Argument(help: "Scene B (default: scene A).")
    var sceneB: String?
    @Argument(help: "Recording B (default: recording A).")
    var recordingB: String?
    @Option(name: .customLong("set"),
            help: ArgumentHelp("Change a setting of run B: ID.KEY=VALUE as replay --set takes it. Repeatable.",
                               valueName: "ID.KEY=VALUE"))
    var settings: [String] = []
    @Flag(help: "Print one JSON object (see docs/gestures.md).")
    var json = false

    package init() {}

    package func run() throws {
        try MainActor.assumeIsolated {
            let recordingA = resolveRecording(recordingA), recordingB = recordingB.map(resolveRecording)
            let a = try sceneSource(sceneA), b = try sceneSource(sceneB ?? sceneA, settings: settings)
            // Streamed (RunDiff.streamed): a few bytes a decision, whatever the recording's length.
            let diff = try RunDiff.streamed { isA, sink in
                try (isA ? a : b).replay(recording: isA ? recordingA : recordingB ?? recordingA, into: sink)
            }
            print(json ? diff.json : diff.text, terminator: json ? "\n" : "")
            if !diff.same { throw CLIError(message: "", status: 1) }
        }
    }
}

extension AppSource {
    /// Replays `recording` headless into a fresh session whose trace goes to `sink`. Throws
    /// `CLIError` (exit 2) for bad input.
    @MainActor
    func replay(recording: String, into sink: TraceSink) throws {
        try OutputFiles.check([.input("scene", scenePath), .input("recording", recording)])
        let reader: RecordingReader
        do { reader = try RecordingReader.open(path: recording, window: window) } catch { throw CLIError.badInput(error.description) }
        let session = makeSession()
        session.app.tracer.sink = sink
        do { try Replayer(session: session, recording: reader, types: types).run(until: nil) } catch {
            throw CLIError.badInput(error.description)
        }
        warnIfCutOff(reader)
    }

    /// Replays `recording` headless into a fresh session: its decisions (`RunDiff.isDecision`)
    /// and the verdicts of its touch sequences (`RunDecisions.replay`, as the window's what-if
    /// replays). Throws `CLIError` (exit 2) for bad input.
    @MainActor
    func decisions(recording: String) throws -> (records: [TraceRecord], sequences: [SequenceVerdict]) {
        try OutputFiles.check([.input("scene", scenePath), .input("recording", recording)])
        let reader: RecordingReader
        do { reader = try RecordingReader.open(path: recording, window: window) } catch { throw CLIError.badInput(error.description) }
        let run: RunDecisions
        do { run = try RunDecisions.replay(reader, into: makeSession(), types: types) } catch {
            throw CLIError.badInput(error.description)
        }
        warnIfCutOff(reader)
        return (run.records, run.sequences)
    }
}
