// VerdictExpectation: a recording's expected verdicts (`NAME.verdicts.json`), what
// `touchscope test` compares a replay with by default: per touch sequence, the winners and
// each recognizer's outcome and rule; no times, numbers or margins, so the file survives a
// change that decides nothing (a faster arena, a retimed animation).
//
//   {"verdicts": 1, "sequences": [
//   {"winners": ["doubleTap"], "recognizers": [{"id": "doubleTap", "outcome": "recognized", "rule": "tapCount"}, ...]},
//   {"winners": [], "recognizers": [...]}
//   ]}
//
// One sequence a line, so a change reads as a one-line diff in review.

import TouchCore
import TouchFiles

/// One recognizer's expected part in a sequence: its id, outcome and deciding rule.
public struct ExpectedRecognizer: Sendable, Hashable {
    /// The recognizer's id.
    public var id: String
    /// Its outcome (`VerdictOutcome`'s raw value: `recognized`, `failed`, ...).
    public var outcome: String
    /// The rule that decided (nil: none was recorded).
    public var rule: String?
    /// Recognizer `id` with `outcome` by `rule`.
    public init(id: String, outcome: String, rule: String?) { self.id = id; self.outcome = outcome; self.rule = rule }

    /// "singleTap failed (failureRequirement)".
    public var words: String { "\(id) \(outcome)" + (rule.map { " (\($0))" } ?? "") }
}

/// One touch sequence's expected verdict: its winners and every recognizer's outcome and rule.
public struct ExpectedSequence: Sendable, Hashable {
    /// The winners, in order.
    public var winners: [String]
    /// Every recognizer that analysed its touches, in the order they first did.
    public var recognizers: [ExpectedRecognizer]
    /// A sequence won by `winners`.
    public init(winners: [String], recognizers: [ExpectedRecognizer]) { self.winners = winners; self.recognizers = recognizers }

    /// What a replay's verdict says of a sequence, without times, numbers and margins.
    public init(_ v: SequenceVerdict) {
        winners = v.winners.map(\.string)
        recognizers = v.recognizers.map {
            ExpectedRecognizer(id: $0.id.string, outcome: $0.outcome.rawValue, rule: $0.decision?.rule.rawValue)
        }
    }

    /// "won by doubleTap" / "no winner".
    public var winnersWords: String { winners.isEmpty ? "no winner" : "won by " + winners.joined(separator: ", ") }

    /// One line of a verdicts file.
    public var json: String {
        var o = JSONObjectWriter()
        o.raw("winners", JSONOut.strings(winners))
        o.raw("recognizers", "[" + recognizers.map { r in
            var x = JSONObjectWriter()
            x.string("id", r.id)
            x.string("outcome", r.outcome)
            x.optionalString("rule", r.rule)
            return x.closed
        }.joined(separator: ",") + "]")
        return o.closed
    }
}

/// Sequence verdicts in order, each distinct one kept once: a long recording's sequences
/// repeat a handful of verdicts, so a million events' 200,000 sequences cost four bytes
/// each and the distinct verdicts, not a verdict each.
public struct InternedSequences: Sendable, Hashable {
    /// Each distinct verdict, in the order it first came.
    public private(set) var distinct: [ExpectedSequence] = []
    /// The sequences, in order: positions in `distinct`.
    public private(set) var order: [Int32] = []
    private var positions: [ExpectedSequence: Int32] = [:]

    /// No sequences.
    public init() {}
    /// `sequences`, in order.
    public init(_ sequences: [ExpectedSequence]) { for s in sequences { append(s) } }

    /// How many sequences.
    public var count: Int { order.count }
    /// Sequence `k` (from 0).
    public subscript(k: Int) -> ExpectedSequence { distinct[Int(order[k])] }
    /// Adds `s` after the others.
    public mutating func append(_ s: ExpectedSequence) {
        if let p = positions[s] { order.append(p); return }
        let p = Int32(distinct.count)
        distinct.append(s)
        positions[s] = p
        order.append(p)
    }
    /// Every sequence, in order (each a copy: for small runs and tests).
    public var all: [ExpectedSequence] { order.map { distinct[Int($0)] } }
    /// Whether sequence `k` of this and sequence `j` of `other` are the same verdict.
    func same(_ k: Int, as other: InternedSequences, _ j: Int) -> Bool {
        distinct[Int(order[k])] == other.distinct[Int(other.order[j])]
    }
}

/// A recording's expected verdicts: the contents of `NAME.verdicts.json`.
public struct VerdictExpectation: Sendable, Hashable {
    /// The sequences, in order, each distinct verdict kept once.
    public var interned: InternedSequences
    /// The sequences, in the order they start.
    public var sequences: [ExpectedSequence] {
        get { interned.all }
        set { interned = InternedSequences(newValue) }
    }
    /// Expected `sequences`.
    public init(sequences: [ExpectedSequence]) { interned = InternedSequences(sequences) }
    /// Expected `interned`.
    public init(interned: InternedSequences) { self.interned = interned }

    /// The file's text: a header line, one sequence a line, a closing line.
    public var text: String {
        let lines = interned.distinct.map(\.json)
        var out = "{\"verdicts\":1,\"sequences\":[\n"
        for (k, p) in interned.order.enumerated() { out += (k == 0 ? "" : ",\n") + lines[Int(p)] }
        return out + (interned.count == 0 ? "" : "\n") + "]}\n"
    }

    /// Where the expectation of the recording at `recording` is: `NAME.verdicts.json` beside it.
    public static func path(for recording: String) -> String {
        let base = recording.hasSuffix(".jsonl") ? String(recording.dropLast(".jsonl".count)) : recording
        return base + ".verdicts.json"
    }

    /// The largest verdicts file read: 64 MiB.
    public static let maxFileSize = 64 << 20

    /// Reads the file at `path`. Throws `FILE:LINE:COLUMN: what is wrong`.
    public static func read(path: String) throws(InputFileError) -> VerdictExpectation {
        switch FileAccess.readSmallFile(path, limit: maxFileSize, what: "verdicts file") {
        case .success(let bytes): return try parse(bytes, file: path)
        case .failure(let problem): throw InputFileError(file: path, line: 1, column: 1, problem.message)
        }
    }

    /// Parses a verdicts file's bytes (`file` names it in messages).
    public static func parse(_ bytes: [UInt8], file: String) throws(InputFileError) -> VerdictExpectation {
        func located(_ offset: Int, _ message: String) -> InputFileError {
            var line = 1, column = 1
            for b in bytes.prefix(max(0, min(offset, bytes.count))) {
                if b == 0x0a { line += 1; column = 1 } else { column += 1 }
            }
            return InputFileError(file: file, line: line, column: column, message)
        }
        let outcomes = Set(VerdictOutcome.allCases.map(\.rawValue))
        func sequence(_ k: Int, _ offset: Int, _ v: JSONValue) -> Result<ExpectedSequence, InputFileError> {
            do throws(InputFileError) { return .success(try read(k, offset, v)) } catch { return .failure(error) }
        }
        func read(_ k: Int, _ offset: Int, _ v: JSONValue) throws(InputFileError) -> ExpectedSequence {
            let what = "sequence \(k + 1)"
            guard case .object = v else { throw located(offset, "\(what) must be an object {\"winners\": [...], \"recognizers\": [...]}") }
            for key in v.keys where key != "winners" && key != "recognizers" {
                throw located(offset, "\(what): unknown key `\(key)` (a sequence has `winners` and `recognizers`)")
            }
            guard let w = v["winners"]?.array, w.allSatisfy({ $0.string != nil }) else {
                throw located(offset, "\(what): `winners` must be a list of recognizer ids")
            }
            guard let rs = v["recognizers"]?.array else {
                throw located(offset, "\(what): `recognizers` must be a list of {\"id\", \"outcome\", \"rule\"}")
            }
            var recognizers: [ExpectedRecognizer] = []
            for (n, r) in rs.enumerated() {
                let rw = "\(what), recognizer \(n + 1)"
                guard let id = r["id"]?.string else { throw located(offset, "\(rw): `id` must be a string") }
                guard let outcome = r["outcome"]?.string, outcomes.contains(outcome) else {
                    throw located(offset, "\(rw) (\(id)): `outcome` must be one of \(VerdictOutcome.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                let rule = r["rule"]
                guard rule == nil || rule?.isNull == true || rule?.string.map({ !$0.isEmpty }) == true else {
                    throw located(offset, "\(rw) (\(id)): `rule` must be null or a rule name (tapCount, failureRequirement, ...)")
                }
                for key in r.keys where !["id", "outcome", "rule"].contains(key) {
                    throw located(offset, "\(rw) (\(id)): unknown key `\(key)` (a recognizer has `id`, `outcome` and `rule`)")
                }
                recognizers.append(ExpectedRecognizer(id: id, outcome: outcome, rule: rule?.string))
            }
            return ExpectedSequence(winners: w.compactMap(\.string), recognizers: recognizers)
        }
        enum Failure: Error { case json(JSONError), content(InputFileError) }
        let parsed: Result<InternedSequences, Failure> = bytes.withUnsafeBufferPointer { b in
            var s = JSONScanner(b)
            do throws(JSONError) {
                try s.expect(0x7b, "`{`, a verdicts file ({\"verdicts\":1,\"sequences\":[...]})")
                var version: Double?
                var out: InternedSequences?
                while true {
                    if s.peek() == 0x7d { s.i += 1; break }
                    if version != nil || out != nil { try s.expect(0x2c, "`,` or `}`") }
                    _ = s.peek()
                    let keyAt = s.i
                    let key = try s.string()
                    try s.expect(0x3a, "`:`")
                    switch key {
                    case "verdicts":
                        _ = s.peek()
                        let at = s.i
                        let v = try s.number()
                        guard v == 1 else { throw s.fail("`verdicts` must be 1 (the format's version)", at: at) }
                        version = v
                    case "sequences":
                        try s.expect(0x5b, "`[`, the list of sequences")
                        var list = InternedSequences()
                        if s.peek() == 0x5d { s.i += 1 } else {
                            while true {
                                _ = s.peek()
                                let at = s.i
                                // Each sequence is read into its verdict at once: the file's
                                // values are never all held.
                                switch sequence(list.count, at, try s.value()) {
                                case .success(let v): list.append(v)
                                case .failure(let e): return .failure(.content(e))
                                }
                                if s.peek() == 0x5d { s.i += 1; break }
                                try s.expect(0x2c, "`,` or `]`")
                            }
                        }
                        out = list
                    default:
                        throw s.fail("unknown key `\(key)` (a verdicts file has `verdicts` and `sequences`)", at: keyAt)
                    }
                }
                s.skipSpace()
                if !s.atEnd { throw s.fail("bad JSON: unexpected text after the object") }
                guard version != nil else { throw s.fail("missing `\"verdicts\": 1`", at: 0) }
                guard let out else { throw s.fail("missing `sequences`", at: 0) }
                return .success(out)
            } catch {
                return .failure(.json(error))
            }
        }
        switch parsed {
        case .success(let l): return VerdictExpectation(interned: l)
        case .failure(.json(let e)): throw located(e.offset, e.message)
        case .failure(.content(let e)): throw e
        }
    }

    /// How `actual` differs from these expectations, one sentence per sequence that differs
    /// (sequences paired in order): "sequence 2: won by singleTap, expected doubleTap;
    /// doubleTap failed (tapInterval), expected recognized (tapCount)". Empty: they match.
    public func changes(to actual: [ExpectedSequence]) -> [String] {
        changes(to: InternedSequences(actual))
    }

    /// `changes(to:)` of sequences kept interned (what `touchscope test` compares).
    public func changes(to actual: InternedSequences) -> [String] {
        let sequences = interned
        var out: [String] = []
        for k in 0..<max(sequences.count, actual.count) {
            guard k < actual.count else {
                out.append("sequence \(k + 1): expected (\(sequences[k].winnersWords)), the replay has no sequence \(k + 1)")
                continue
            }
            guard k < sequences.count else {
                out.append("sequence \(k + 1): not expected, the replay has one (\(actual[k].winnersWords))")
                continue
            }
            if sequences.same(k, as: actual, k) { continue }
            if let d = Self.difference(sequences[k], actual[k]) { out.append("sequence \(k + 1): " + d) }
        }
        return out
    }

    /// How one sequence's verdict `b` differs from the expected `a` (nil: the same).
    static func difference(_ a: ExpectedSequence, _ b: ExpectedSequence) -> String? {
        guard a != b else { return nil }
        var parts: [String] = []
        if a.winners != b.winners { parts.append("\(b.winnersWords), expected \(a.winnersWords.replacingPrefix("won by ", ""))") }
        for r in b.recognizers {
            guard let e = a.recognizers.first(where: { $0.id == r.id }) else {
                parts.append("\(r.words), not expected to analyse the touches"); continue
            }
            if e != r { parts.append("\(r.words), expected \(e.outcome)" + (e.rule.map { " (\($0))" } ?? "")) }
        }
        for e in a.recognizers where !b.recognizers.contains(where: { $0.id == e.id }) {
            parts.append("\(e.id) did not analyse the touches, expected \(e.outcome)")
        }
        if parts.isEmpty { parts.append("the recognizers came in another order") }
        return parts.joined(separator: "; ")
    }
}

extension String {
    /// The string without `prefix` at its start (as it is when it does not start with it).
    func replacingPrefix(_ prefix: String, _ with: String) -> String {
        hasPrefix(prefix) ? with + dropFirst(prefix.count) : self
    }
}
