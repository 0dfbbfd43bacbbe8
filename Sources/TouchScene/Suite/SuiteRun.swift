// SuiteRun: one recording of a suite replayed headless and checked against its expectation,
// and a suite's recordings run on several threads at once (`touchscope test`).
//
//   item ─▶ header "scene" (or suite.yaml) ─▶ scene loaded with its settings ─▶ replay ─┐
//                                                                                       ▼
//            passed | failed (each sequence that differs) | bad input (FILE:LINE:COLUMN) ◀─ verdicts or .expect
//
// A replay keeps the verdicts of the sequences it has settled (winners, outcomes, rules) and,
// for a trace expectation, the records of the streams it checks: memory in proportion to the
// decisions, not to the events (the verdict builder forgets settled sequences as it goes).

import Foundation
import TouchCore

/// How one recording of a suite came out.
public struct SuiteResult: Sendable {
    /// Passed, failed, or could not be run (bad input).
    public enum Status: String, Sendable {
        /// Its decisions are the expected ones.
        case passed
        /// They differ (or it has no expectation yet).
        case failed
        /// The recording, its scene, settings or expectation could not be read.
        case badInput
    }
    /// The recording's path.
    public var recording: String
    /// How it came out.
    public var status: Status
    /// Why it failed, or what was wrong with its input: one sentence each.
    public var problems: [String] = []
    /// Its touch sequences.
    public var sequences = 0
    /// Its input events (lines after the header).
    public var events = 0
    /// Wall-clock seconds the replay and check took.
    public var seconds = 0.0
    /// With `update`: the expectation file written (nil: none).
    public var updated: String?
    /// The scene it ran in (the file), when it was found.
    public var scene: String?
}

/// Runs the recordings of a suite.
public struct SuiteRunner: Sendable {
    /// Resolves a scene name (not a file beside the recording) to a scene file path: the
    /// command line's resolver (`scenes/NAME.yaml`).
    public var resolveName: @Sendable (String) -> String
    /// The recognizer and view types scene files may name.
    public var types: SceneTypes
    /// Whether to write the expectation (`--update`) when it is missing or differs, instead of failing.
    public var update = false
    /// The program that runs the suite, as its messages name it (`circle-gesture test`).
    public var program = "touchscope"

    /// A runner resolving scene names with `resolveName`.
    public init(resolveName: @escaping @Sendable (String) -> String, types: SceneTypes = SceneTypes(), update: Bool = false) {
        self.resolveName = resolveName; self.types = types; self.update = update
    }

    /// Scenes already loaded, by file and settings (many recordings share one).
    private let cache = SceneCache()

    /// Replays `item` and checks it. Never throws: bad input is a result.
    public func run(_ item: SuiteItem) -> SuiteResult {
        run(item) { header throws(InputFileError) in
            let scenePath = try sceneFile(of: item, header: header)
            return (SceneSession(scene: try cache.scene(scenePath, settings: item.settings, types: types)), scenePath)
        }
    }

    /// Replays `item` into the application `application` makes (a program's own, built in
    /// code: the recording's scene and its `suite.yaml` scene are not read; `suite.yaml`
    /// settings are refused, as `replay --set` refuses them for such a program) and checks it.
    /// Never throws: bad input is a result.
    ///
    ///     let r = runner.run(item) { SceneSession(name: "circle", window: size, build: build) }
    public func run(_ item: SuiteItem, application: () -> SceneSession) -> SuiteResult {
        run(item) { _ throws(InputFileError) in
            if let first = item.settings.first {
                throw InputFileError(file: item.recording, line: 1, column: 1,
                                     "suite.yaml sets \(first) for it, but the program builds its application in code, so there is no scene file to change: set it in the code")
            }
            let session = application()
            return (session, session.scene.file)
        }
    }

    /// Replays `item` into the session `session` makes for its header (and the scene file it
    /// names) and checks it.
    private func run(_ item: SuiteItem, session: (RecordingHeader) throws(InputFileError) -> (SceneSession, String)) -> SuiteResult {
        let started = DispatchTime.now().uptimeNanoseconds
        var result = SuiteResult(recording: item.recording, status: .passed)
        do {
            try check(item, into: &result, session: session)
        } catch let e as InputFileError {
            result.status = .badInput
            result.problems = [e.description]
        } catch {
            result.status = .badInput
            result.problems = ["\(item.recording):1:1: \(error)"]
        }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return result
    }

    /// The scene file `item` plays in: its `suite.yaml` scene or its header's, a path relative
    /// to the recording's folder, else a name for `resolveName`. Throws when it names none or
    /// no such file is there.
    public func sceneFile(of item: SuiteItem, header: RecordingHeader) throws(InputFileError) -> String {
        guard let reference = item.scene ?? header.scene else {
            throw InputFileError(file: item.recording, line: 1, column: 1,
                                 "the recording names no scene: add \"scene\": \"FILE or NAME\" to its header (touchscope import --scene and run --record write it), or map it in the folder's suite.yaml")
        }
        let scenePath = SceneReference.file(reference, recording: item.recording) ?? resolveName(reference)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenePath, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw InputFileError(file: item.recording, line: 1, column: 1,
                                 "scene \"\(reference)\": no such file beside the recording, nor a scene of that name in scenes/")
        }
        return scenePath
    }

    /// Replays `item` in its scene with its settings and `extra` after them: the scene file and
    /// each sequence's verdict (winners, outcomes, rules).
    public func verdicts(_ item: SuiteItem, adding extra: [String] = []) throws(InputFileError) -> (scene: String, sequences: [ExpectedSequence]) {
        let (scene, interned) = try internedVerdicts(item, adding: extra)
        return (scene, interned.all)
    }

    /// `verdicts(_:adding:)` kept small: each distinct verdict once (`InternedSequences`).
    public func internedVerdicts(_ item: SuiteItem, adding extra: [String] = []) throws(InputFileError) -> (scene: String, sequences: InternedSequences) {
        let reader = try RecordingReader(path: item.recording)
        let scenePath = try sceneFile(of: item, header: reader.header)
        let scene = try cache.scene(scenePath, settings: item.settings + extra, types: types)
        let sink = SuiteSink(expectation: nil)
        let session = SceneSession(scene: scene)
        session.app.tracer.sink = sink
        try Replayer(session: session, recording: reader, types: types).run(until: nil)
        return (scenePath, sink.finish())
    }

    private func check(_ item: SuiteItem, into result: inout SuiteResult,
                       session make: (RecordingHeader) throws(InputFileError) -> (SceneSession, String)) throws {
        let reader = try RecordingReader(path: item.recording)
        let (session, scene) = try make(reader.header)
        result.scene = scene
        var traceExpectation: TraceExpectation?
        var verdicts: VerdictExpectation?
        switch item.expectation {
        case .verdicts(let p): verdicts = try VerdictExpectation.read(path: p)
        case .trace(let p): traceExpectation = try TraceExpectation.read(path: p)
        case .missing: break
        }
        let sink = SuiteSink(expectation: traceExpectation)
        session.app.tracer.sink = sink
        try Replayer(session: session, recording: reader, types: types).run(until: nil)
        let actual = sink.finish()
        result.sequences = actual.count
        result.events = max(0, reader.lineNumber - 1)
        switch item.expectation {
        case .trace(let p):
            let problems = traceExpectation?.problems(sink.traceLines) ?? []
            if !problems.isEmpty {
                result.status = .failed
                result.problems = problems + (update ? ["\(p) is written by hand: --update leaves it as it is"] : [])
            }
        case .verdicts(let p), .missing(let p):
            let expected = verdicts
            let changes = expected?.changes(to: actual) ?? []
            if expected == nil && !update {
                result.status = .failed
                result.problems = ["no expectation: run `\(program) test --update \(item.recording)` to write \(p) from this replay "
                                   + "(check its winners first), or write NAME.expect by hand"]
            } else if !changes.isEmpty || (update && expected == nil) {
                if update {
                    try ExpectationFile.write(VerdictExpectation(interned: actual).text, to: p)
                    result.updated = p
                    result.problems = expected == nil ? ["new: \(actual.count) sequence\(actual.count == 1 ? "" : "s")"] : changes
                } else {
                    result.status = .failed
                    result.problems = changes
                }
            }
        }
    }

    /// Runs `items` on `jobs` threads (each replay on one thread, in bounded memory) and
    /// hands each result to `report` in the items' order, as soon as it and all before it are
    /// done. Returns the results in order.
    public func run(_ items: [SuiteItem], jobs: Int, report: (SuiteResult) -> Void = { _ in }) -> [SuiteResult] {
        let box = ResultBox(count: items.count)
        let workers = max(1, min(jobs, items.count))
        let runner = self
        for w in 0..<workers {
            let thread = Thread {
                while let k = box.take() { box.put(k, runner.run(items[k])) }
            }
            thread.name = "test \(w + 1)"
            thread.stackSize = 8 << 20
            thread.start()
        }
        var out: [SuiteResult] = []
        for k in items.indices {
            let r = box.wait(k)
            report(r)
            out.append(r)
        }
        return out
    }
}

/// The results of a parallel run as they come: workers take the next index and put results;
/// the caller waits for each in order.
private final class ResultBox: @unchecked Sendable {
    // Everything is read and written under `condition`.
    private let condition = NSCondition()
    private var next = 0
    private var results: [SuiteResult?]
    init(count: Int) { results = Array(repeating: nil, count: count) }

    func take() -> Int? {
        condition.lock(); defer { condition.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func put(_ k: Int, _ r: SuiteResult) {
        condition.lock()
        results[k] = r
        condition.broadcast()
        condition.unlock()
    }

    func wait(_ k: Int) -> SuiteResult {
        condition.lock(); defer { condition.unlock() }
        while true {
            if let r = results[k] { results[k] = nil; return r }
            condition.wait()
        }
    }
}

/// Scenes loaded once per file and settings, shared by the worker threads.
private final class SceneCache: @unchecked Sendable {
    // `scenes` is read and written under `lock`.
    private let lock = NSLock()
    private var scenes: [String: Result<SceneDescription, InputFileError>] = [:]

    func scene(_ path: String, settings: [String], types: SceneTypes) throws(InputFileError) -> SceneDescription {
        let key = ([path] + settings).joined(separator: "\u{0}")
        lock.lock()
        let known = scenes[key]
        lock.unlock()
        if let known { return try known.get() }
        let loaded = Self.load(path, settings: settings, types: types)
        lock.lock()
        scenes[key] = loaded
        lock.unlock()
        return try loaded.get()
    }

    private static func load(_ path: String, settings: [String], types: SceneTypes) -> Result<SceneDescription, InputFileError> {
        var parsed: [SceneSetting] = []
        for (k, s) in settings.enumerated() {
            do throws(SceneSettingError) { parsed.append(try SceneSetting(parsing: s)) } catch {
                return .failure(InputFileError(file: path, line: 1, column: 1, "setting \(k + 1), \(s): \(error.message)"))
            }
        }
        do {
            return .success(try SceneLoader.load(path: path, settings: parsed, types: types))
        } catch let error as SceneLoadError {
            return .failure(error.diagnostics.first.map { InputFileError($0) }
                            ?? InputFileError(file: path, line: 1, column: 1, "the scene does not load"))
        } catch let error as SceneSettingError {
            return .failure(InputFileError(file: path, line: 1, column: 1, error.description))
        } catch {
            return .failure(InputFileError(file: path, line: 1, column: 1, "the scene does not load: \(error)"))
        }
    }
}

/// Feeds the verdict builder and keeps, as each sequence settles, its verdict without
/// times (each distinct verdict once: `InternedSequences`); for a trace expectation, the
/// records of the streams it checks.
final class SuiteSink: TraceSink {
    /// Each sequence taken as it settles, then forgotten.
    private var verdicts = FinalVerdicts(.settled, keeping: 128)
    /// The verdicts taken so far, in order.
    private var done = InternedSequences()
    private let expectation: TraceExpectation?
    /// The checked records (`TraceExpectation.words(of:)`), in order.
    private(set) var traceLines: [TraceLineWords] = []

    init(expectation: TraceExpectation?) { self.expectation = expectation }

    func receive(_ record: consuming TraceRecord) {
        let r = copy record
        if let e = expectation, let w = TraceExpectation.words(of: r), e.isChecked(w.stream) { traceLines.append(w) }
        verdicts.add(r) { _, v in done.append(ExpectedSequence(v)) }
    }

    /// Every sequence's verdict: those taken, then those still under way at the end.
    func finish() -> InternedSequences {
        verdicts.finish { _, v in done.append(ExpectedSequence(v)) }
        return done
    }
}

/// Writing an expectation file the user owns: an existing one in place (`SceneFileIO`: the
/// same inode, whole or not at all), a new one created whole or removed.
public enum ExpectationFile {
    /// Writes `text` to `path`. Throws `FILE:1:1: cannot write ...`.
    public static func write(_ text: String, to path: String) throws(InputFileError) {
        if FileManager.default.fileExists(atPath: path) {
            do throws(SceneFileError) { try SceneFileIO.rewrite(path) { _ in text } } catch {
                throw InputFileError(file: path, line: 1, column: 1, error.message.replacingOccurrences(of: "scene file", with: "expectation file"))
            }
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the expectation file: \(SceneFileIO.errorText(errno))")
        }
        let bytes = Array(text.utf8)
        let w = SceneFileIO.writeAll(fd, bytes[...])
        let synced = w.error == 0 ? (fsync(fd) == 0 || errno == EINVAL) : false
        close(fd)
        if w.error != 0 || !synced {
            unlink(path)
            throw InputFileError(file: path, line: 1, column: 1,
                                 "cannot write the expectation file: \(SceneFileIO.errorText(w.error != 0 ? w.error : errno)); nothing was written")
        }
    }
}
