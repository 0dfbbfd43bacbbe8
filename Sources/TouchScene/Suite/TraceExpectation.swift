// TraceExpectation: a recording's expected decisions written by hand (`NAME.expect`), the
// format of the repository's own end-to-end expectations (Tests/touchscopeTests/Expectations/
// README.md): one decision a line, `TIME KIND FIELDS... [key=value ...] [+]`, `#` comments,
// `none STREAM`. `touchscope test` checks a replay against one as it checks verdicts.
//
//   0.38 gesture doubleTap possible>recognized location=400,300
//   0.38 touches pad cancelled 1
//   *    gesture pan began>changed +
//
// Each stream (one recognizer's transitions, one view's touch messages, all control events,
// ...) must be exactly its listed lines, in order; across streams, the lines with a time (not
// `+`) must come in the trace in the order the file gives them.

import TouchCore
import TouchFiles

/// One line of an `.expect` file.
public struct ExpectedTraceLine: Sendable, CustomStringConvertible {
    /// The trace time (nil: any time, written `*`).
    public var t: Double?
    /// The stream it belongs to (`gesture doubleTap`, `touches pad`, `control`, ...).
    public var stream: String
    /// The words after the time, outputs excluded.
    public var words: [String]
    /// Outputs to compare (`location` → [400, 300]).
    public var outputs: [String: [Double]]
    /// One or more consecutive records match (a line ending in ` +`).
    public var repeated: Bool
    /// Where it was written.
    public var file: String
    /// Its line number.
    public var line: Int
    /// `FILE:LINE: TIME WORDS [+]`.
    public var description: String { "\(file):\(line): \(t.map { "\($0)" } ?? "*") \(words.joined(separator: " "))\(repeated ? " +" : "")" }
}

/// A trace record as an `.expect` line spells it: its stream, words and outputs, and time.
public struct TraceLineWords: Sendable {
    /// The trace time.
    public var t: Double
    /// Its stream.
    public var stream: String
    /// Its words (`gesture doubleTap possible>recognized`).
    public var words: [String]
    /// Its outputs (`location`, `translation`, `scale`, `rotation`, `touches`).
    public var outputs: [String: [Double]]
    /// "t=0.38 gesture doubleTap possible>recognized".
    public var shown: String { "t=\(t) " + words.joined(separator: " ") }
}

/// A recording's hand-written expected decisions.
public struct TraceExpectation: Sendable {
    /// The lines, in file order.
    public var lines: [ExpectedTraceLine]
    /// Streams checked whole.
    public var streams: Set<String>

    /// Streams always checked whole, so that a file that lists none says "none happened".
    public static let alwaysChecked: Set<String> = ["gesture", "control", "action", "motion", "remote"]
    /// A time matches within 1e-9 s; an output within 1e-6.
    public static let timeTolerance = 1e-9
    /// See ``timeTolerance``.
    public static let outputTolerance = 1e-6
    /// The largest `.expect` file read: 16 MiB.
    public static let maxFileSize = 16 << 20

    /// Where the trace expectation of the recording at `recording` is: `NAME.expect` beside it.
    public static func path(for recording: String) -> String {
        (recording.hasSuffix(".jsonl") ? String(recording.dropLast(".jsonl".count)) : recording) + ".expect"
    }

    /// Reads the file at `path`. Throws `FILE:LINE:COLUMN: what is wrong`.
    public static func read(path: String) throws(InputFileError) -> TraceExpectation {
        switch FileAccess.readSmallFile(path, limit: maxFileSize, what: "expectation file") {
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw InputFileError(file: path, line: 1, column: 1, "the expectation file is not UTF-8 text")
            }
            return try TraceExpectation(text: text, file: path)
        case .failure(let problem): throw InputFileError(file: path, line: 1, column: 1, problem.message)
        }
    }

    /// Parses `.expect` text (`file` names it in messages).
    public init(text: String, file: String) throws(InputFileError) {
        lines = []
        streams = Self.alwaysChecked
        for (k, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func fail(_ m: String) -> InputFileError { InputFileError(file: file, line: k + 1, column: 1, m) }
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            if words[0] == "none" {
                guard words.count >= 2 else { throw fail("`none` needs a stream (`none first-responder`)") }
                streams.insert(words.dropFirst().joined(separator: " "))
                continue
            }
            let repeated = words.last == "+"
            if repeated { words.removeLast() }
            let t: Double?
            if words[0] == "*" { t = nil } else {
                guard let v = Double(words[0]), v.isFinite else { throw fail("a line starts with a time in seconds or *") }
                t = v
            }
            words.removeFirst()
            guard let kind = words.first else { throw fail("no kind after the time (hit, touches, gesture, control, ...)") }
            var outputs: [String: [Double]] = [:]
            var plain: [String] = []
            for w in words {
                if let eq = w.firstIndex(of: "=") {
                    let values = w[w.index(after: eq)...].split(separator: ",").map { Double($0) }
                    guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { throw fail("\(w) is not key=number[,number]") }
                    outputs[String(w[..<eq])] = values.compactMap { $0 }
                } else {
                    plain.append(w)
                }
            }
            let stream = (kind == "touches" || kind == "gesture") && plain.count >= 2 ? "\(kind) \(plain[1])" : kind
            streams.insert(stream)
            lines.append(ExpectedTraceLine(t: t, stream: stream, words: plain, outputs: outputs, repeated: repeated, file: file, line: k + 1))
        }
    }

    /// A record's stream, words and outputs in the `.expect` spelling (nil: a kind not
    /// compared). Resets to `possible` are left out: they follow from the end of each sequence.
    public static func words(of record: TraceRecord) -> TraceLineWords? {
        let t = record.t
        switch record.body {
        case let .hitTest(touch, _, _, view, _, _):
            return TraceLineWords(t: t, stream: "hit", words: ["hit", "\(touch)", view?.string ?? "-"], outputs: [:])
        case let .touches(phase, view, touches, _):
            return TraceLineWords(t: t, stream: "touches \(view.string)",
                                  words: ["touches", view.string, phase.rawValue, touches.map(String.init).joined(separator: ",")], outputs: [:])
        case let .gesture(recognizer, _, from, to, _, o):
            if to == .possible { return nil }
            var outputs: [String: [Double]] = [:]
            if let p = o.location { outputs["location"] = [p.x, p.y] }
            if let p = o.translation { outputs["translation"] = [p.x, p.y] }
            if let s = o.scale { outputs["scale"] = [s] }
            if let r = o.rotation { outputs["rotation"] = [r] }
            if let n = o.numberOfTouches { outputs["touches"] = [Double(n)] }
            return TraceLineWords(t: t, stream: "gesture \(recognizer.string)",
                                  words: ["gesture", recognizer.string, "\(from.rawValue)>\(to.rawValue)"], outputs: outputs)
        case let .control(control, event):
            return TraceLineWords(t: t, stream: "control", words: ["control", control.string, event], outputs: [:])
        case let .action(sender, action, _, handledBy):
            return TraceLineWords(t: t, stream: "action", words: ["action", sender.string, action, handledBy?.string ?? "-"], outputs: [:])
        case let .motion(phase, subtype, view, _):
            return TraceLineWords(t: t, stream: "motion", words: ["motion", phase.rawValue, subtype, view?.string ?? "-"], outputs: [:])
        case let .remote(command, handledBy, _):
            return TraceLineWords(t: t, stream: "remote", words: ["remote", command, handledBy?.string ?? "-"], outputs: [:])
        case let .firstResponder(from, to, _):
            return TraceLineWords(t: t, stream: "first-responder", words: ["first-responder", from?.string ?? "-", to?.string ?? "-"], outputs: [:])
        case let .orientation(from, to):
            return TraceLineWords(t: t, stream: "orientation", words: ["orientation", from, to], outputs: [:])
        case .touchSample, .coalescedTouches, .failureWait, .note, .custom:
            return nil
        }
    }

    /// Whether the records of `stream` are checked whole.
    public func isChecked(_ stream: String) -> Bool {
        streams.contains(stream) || (stream.hasPrefix("gesture ") && streams.contains("gesture"))
    }

    /// Why record `r` is not what line `d` expects (nil: it is): words, time, listed outputs.
    static func mismatch(_ d: ExpectedTraceLine, _ r: TraceLineWords) -> String? {
        if r.words != d.words { return "got \(r.words.joined(separator: " "))" }
        if let t = d.t, abs(r.t - t) > timeTolerance { return "at t=\(r.t), expected t=\(t)" }
        for (key, want) in d.outputs.sorted(by: { $0.key < $1.key }) {
            guard let got = r.outputs[key] else { return "no \(key) in the record" }
            if got.count != want.count || zip(got, want).contains(where: { abs($0 - $1) > outputTolerance }) {
                return "\(key)=\(got.map { "\($0)" }.joined(separator: ",")), expected \(want.map { "\($0)" }.joined(separator: ","))"
            }
        }
        return nil
    }

    /// Matches one stream's lines against its records exactly: each line one record, a `+`
    /// line one or more. For each line that is not `+`, the index of its record; nil: no match.
    static func match(_ want: [ExpectedTraceLine], _ got: [TraceLineWords]) -> [Int: Int]? {
        let w = want.count, g = got.count
        var ok = Array(repeating: Array(repeating: false, count: g + 1), count: w + 1)
        ok[w][g] = true
        for i in stride(from: w - 1, through: 0, by: -1) {
            for k in stride(from: g - 1, through: 0, by: -1) where mismatch(want[i], got[k]) == nil {
                ok[i][k] = ok[i + 1][k + 1] || (want[i].repeated && ok[i][k + 1])
            }
        }
        guard ok[0][0] else { return nil }
        var assignment: [Int: Int] = [:], k = 0
        for i in 0..<w {
            if !want[i].repeated { assignment[i] = k; k += 1; continue }
            k += 1
            while k < g, ok[i][k] { k += 1 }
        }
        return assignment
    }

    /// Every way `records` (the checked records of a trace, in order: ``words(of:)`` of those
    /// whose stream ``isChecked(_:)``) differs from the expectations; empty when they hold.
    /// Each stream must be exactly its listed lines, in order; with `ordered` (the default)
    /// the lines with a time must also come in the trace in the file's order, across streams.
    public func problems(_ records: [TraceLineWords], ordered: Bool = true) -> [String] {
        var actual: [String: [Int]] = [:]
        for (k, r) in records.enumerated() where isChecked(r.stream) { actual[r.stream, default: []].append(k) }
        var expected: [String: [Int]] = [:]
        for (k, d) in lines.enumerated() { expected[d.stream, default: []].append(k) }
        var problems: [String] = []
        var matchedAt: [Int: Int] = [:]
        for stream in Set(actual.keys).union(expected.keys).sorted() {
            let got = actual[stream] ?? [], want = expected[stream] ?? []
            if let assignment = Self.match(want.map { lines[$0] }, got.map { records[$0] }) {
                for (n, g) in assignment { matchedAt[want[n]] = got[g] }
                continue
            }
            let before = problems.count
            var k = 0
            scan: for (n, di) in want.enumerated() {
                let d = lines[di]
                guard k < got.count else { problems.append("\(d): the trace has no more \(stream) records"); break scan }
                if let why = Self.mismatch(d, records[got[k]]) {
                    problems.append("\(d): trace record \(records[got[k]].shown): \(why)"); break scan
                }
                k += 1
                if d.repeated {
                    let next = n + 1 < want.count ? lines[want[n + 1]] : nil
                    while k < got.count, Self.mismatch(d, records[got[k]]) == nil,
                          next.map({ Self.mismatch($0, records[got[k]]) != nil }) ?? true { k += 1 }
                }
                if n == want.count - 1, k < got.count {
                    problems.append("\(stream): the trace has records the expectations do not list, from "
                                    + got[k...].prefix(3).map { records[$0].shown }.joined(separator: "; "))
                }
            }
            if want.isEmpty, let first = got.first {
                problems.append("\(stream): the trace has records and the expectations list none, from \(records[first].shown)")
            }
            if problems.count == before { problems.append("\(stream): the records do not match the listed lines") }
        }
        var last: (line: Int, record: Int)?
        for di in lines.indices where ordered {
            guard let r = matchedAt[di] else { continue }
            if let l = last, r < l.record { problems.append("\(lines[di]) comes in the trace before \(lines[l.line])") }
            last = (di, r)
        }
        return problems
    }
}
