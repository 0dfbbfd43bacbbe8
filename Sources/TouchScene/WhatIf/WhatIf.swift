// WhatIf: the same input replayed with settings changed, next to the run without them.
// `touchscope diff` and the window's live what-if both run here: `RunDecisions.replay` is the
// replay both compare, `WhatIf.run` loads the scene with the settings as `replay --set` does
// (`SceneLoader.load(path:settings:)`) and replays the input twice, and `WhatIfRunner` runs
// that off the window's thread.
//
//     let settings = [try SceneSetting(parsing: "doubleTap.maximumInterval=0.45")]
//     let outcome = try WhatIf.run(scenePath: "scenes/double-tap.yaml", settings: settings,
//                                  inputs: inputs, window: Size(width: 800, height: 600))
//     print(outcome.diff.text)

import Foundation
import TouchCore

/// One run's decisions: every gesture transition (resets too: the timeline draws the states
/// from them), the decisions among them (`RunDiff.isDecision`) and the verdict of each touch
/// sequence.
public struct RunDecisions: Sendable {
    /// Every `gesture` record, in order.
    public var transitions: [TraceRecord]
    /// The gesture transitions that are decisions, in order.
    public var records: [TraceRecord]
    /// The verdicts of the touch sequences (`VerdictBuilder.sequences`).
    public var sequences: [SequenceVerdict]

    /// Replays `reader` headless into `session` (on the virtual clock, as `replay --headless`
    /// does) and keeps its decisions. Throws the recording's first error.
    public static func replay(_ reader: RecordingReader, into session: SceneSession,
                              types: SceneTypes = SceneTypes()) throws(InputFileError) -> RunDecisions {
        let sink = DecisionSink()
        session.app.tracer.sink = sink
        try Replayer(session: session, recording: reader, types: types).run(until: nil)
        return RunDecisions(transitions: sink.transitions, records: sink.transitions.filter(RunDiff.isDecision),
                            sequences: sink.builder.sequences)
    }
}

/// Keeps the gesture records and feeds the verdicts.
private final class DecisionSink: TraceSink {
    var transitions: [TraceRecord] = []
    var builder = VerdictBuilder()
    func receive(_ record: consuming TraceRecord) {
        let r = copy record
        if case .gesture = r.body { transitions.append(r) }
        builder.add(r)
    }
}

/// A what-if answered: the settings, the run without them, the run with them, and how their
/// decisions compare.
public struct WhatIfOutcome: Sendable {
    /// The settings the second run had (in order, as `--set` applies them).
    public var settings: [SceneSetting]
    /// The run of the scene as its file says.
    public var before: RunDecisions
    /// The run with `settings`.
    public var after: RunDecisions
    /// `before` against `after`, decision by decision.
    public var diff: RunDiff
}

/// The what-if replay: the same input, the scene file with and without settings.
public enum WhatIf {
    /// A recording's text holding `inputs` for a scene whose window is `window`.
    public static func recordingText(window: Size, inputs: [RawInput]) -> String {
        recordingText(window: window, inputs: inputs, contacts: [], device: nil)
    }

    /// A recording's text holding `inputs` with the contacts a device reported with them
    /// (`contacts[i]` is `inputs[i]`'s, kept as each finger line's `raw`; an empty list: none)
    /// and the device's axes (`device`, the header's `rawDevice`), as a live recording of a
    /// device keeps them: replayed, each touch takes its type, pressure and size from its
    /// contact, and a palm is kept out (docs/touch-types.md).
    public static func recordingText(window: Size, inputs: [RawInput], contacts: [RawContact?], device: RawDevice?) -> String {
        // The window's input keeps its frames' deliveries (`touch-frame`): replayed at them.
        var header = RecordingHeader(window: window)
        header.touchFrames = inputs.contains { $0.kind == .touchFrame }
        header.rawDevice = device
        var b = Array(RecordingWriter.headerLine(header).utf8)
        for (k, i) in inputs.enumerated() { RecordingWriter.encode(i, contact: k < contacts.count ? contacts[k] : nil, into: &b) }
        return String(decoding: b, as: UTF8.self)
    }

    /// Replays `inputs` into the scene file at `scenePath` as it is, and again with `settings`
    /// applied the way `replay --set` applies them, and compares the two (`RunDiff`). Throws a
    /// scene that does not load (`SceneLoadError`), a setting it does not take
    /// (`SceneSettingError`) or input that does not replay (`InputFileError`). `contacts` and
    /// `device`: the device's contacts and axes, as ``recordingText(window:inputs:contacts:device:)``
    /// keeps them, so both runs see the touches' types, force and size as the session did.
    public static func run(scenePath: String, settings: [SceneSetting], inputs: [RawInput], contacts: [RawContact?] = [],
                           device: RawDevice? = nil, window: Size, types: SceneTypes = SceneTypes()) throws -> WhatIfOutcome {
        let base = try SceneLoader.load(path: scenePath, types: types)
        let changed = try SceneLoader.load(path: scenePath, settings: settings, types: types)
        let text = recordingText(window: window, inputs: inputs, contacts: contacts, device: device)
        let before = try RunDecisions.replay(RecordingReader(text: text, file: "the window's input"),
                                             into: SceneSession(scene: base), types: types)
        let after = try RunDecisions.replay(RecordingReader(text: text, file: "the window's input"),
                                            into: SceneSession(scene: changed), types: types)
        let diff = RunDiff(a: before.records, b: after.records, sequencesA: before.sequences, sequencesB: after.sequences)
        return WhatIfOutcome(settings: settings, before: before, after: after, diff: diff)
    }
}

/// Runs jobs on a thread of its own, one at a time, so the caller's thread (the window's)
/// never waits: `submit` hands a job over and returns; `take` returns a finished result, or
/// nil at once while the job runs. A job submitted while another runs supersedes it: the
/// running one's result is dropped when it ends, and only the newest job waiting is run.
///
///     let runner = WhatIfRunner<WhatIfOutcome?>()
///     runner.submit { try? WhatIf.run(...) }
///     // each frame:
///     if let result = runner.take() { show(result) }
public final class WhatIfRunner<Result: Sendable>: @unchecked Sendable {
    // Everything below is read and written under `lock`, held only to hand a job or a result over.
    private let lock = NSLock()
    private var generation = 0
    private var waiting: (generation: Int, job: @Sendable () -> Result)?
    private var running: Int?
    private var finished: (generation: Int, result: Result)?

    /// A runner with nothing to run; its thread starts with the first job.
    public init() {}

    /// Hands `job` over to the runner's thread and returns at once: its number (the newest).
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Result) -> Int {
        lock.lock()
        generation += 1
        let number = generation
        waiting = (number, job)
        finished = nil
        let start = running == nil
        if start { running = 0 }
        lock.unlock()
        if start {
            let thread = Thread { [self] in work() }
            thread.name = "what-if"
            thread.start()
        }
        return number
    }

    /// The newest job's result once it finished (once: it is handed over and forgotten); nil
    /// while it runs, and when there is none. Never waits for a job.
    public func take() -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let f = finished, f.generation == generation else { return nil }
        finished = nil
        return f.result
    }

    /// Whether a job is waiting or running.
    public var isBusy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running != nil
    }

    /// Drops whatever runs or waits: its result will not be handed over.
    public func cancel() {
        lock.lock()
        generation += 1
        waiting = nil
        finished = nil
        lock.unlock()
    }

    /// The runner's thread: the waiting job, until none waits.
    private func work() {
        while true {
            lock.lock()
            guard let next = waiting else {
                running = nil
                lock.unlock()
                return
            }
            waiting = nil
            running = next.generation
            lock.unlock()
            let result = next.job()
            lock.lock()
            if next.generation == generation { finished = (next.generation, result) }
            lock.unlock()
        }
    }
}
