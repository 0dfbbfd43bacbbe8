// SuiteReport: a suite run as `touchscope test` prints it (one line per recording and a
// summary) and as JUnit XML, the format CI systems read (GitHub Actions' test reporters,
// GitLab's `artifacts:reports:junit`, Jenkins).
//
//   ok    tests/double-tap.jsonl (2 sequences)
//   FAIL  tests/slow.jsonl: sequence 1: won by singleTap, expected doubleTap; ...
//   3 recordings: 2 passed, 1 failed (0.41 s, 2 jobs)

import Foundation

/// The text and XML of a suite run.
public enum SuiteReport {
    /// One recording's line (and, indented, its further problems).
    public static func line(_ r: SuiteResult, update: Bool = false) -> String {
        let n = "\(r.sequences) sequence\(r.sequences == 1 ? "" : "s")"
        switch r.status {
        case .passed:
            guard let written = r.updated else { return "ok    \(r.recording) (\(n))\n" }
            return "wrote \(written)" + r.problems.map { "\n      " + $0 }.joined() + "\n"
        case .failed:
            return "FAIL  \(r.recording): " + r.problems.joined(separator: "\n      ") + "\n"
        case .badInput:
            return "ERROR " + r.problems.joined(separator: "\n      ") + "\n"
        }
    }

    /// "23 recordings: 22 passed, 1 failed (3.1 s, 2 jobs)"; with shards, "shard 2/4: ...".
    public static func summary(_ results: [SuiteResult], seconds: Double, jobs: Int, shard: (k: Int, n: Int)? = nil) -> String {
        let passed = results.filter { $0.status == .passed }.count
        let failed = results.filter { $0.status == .failed }.count
        let bad = results.filter { $0.status == .badInput }.count
        let updated = results.filter { $0.updated != nil }.count
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if bad > 0 { parts.append("\(bad) bad input") }
        if updated > 0 { parts.append("\(updated) expectation\(updated == 1 ? "" : "s") written") }
        let head = (shard.map { "shard \($0.k)/\($0.n): " } ?? "") + "\(results.count) recording\(results.count == 1 ? "" : "s")"
        return "\(head): \(parts.joined(separator: ", ")) (\(String(format: "%.2f", seconds)) s, \(jobs) job\(jobs == 1 ? "" : "s"))\n"
    }

    /// JUnit XML: one `testsuite` named `suite` with one `testcase` per recording (its path as
    /// the name, `touchscope.test` as the class), a `failure` for a failed one and an `error`
    /// for bad input, each with its problems as the text.
    public static func junit(_ results: [SuiteResult], suite: String = "touchscope test", seconds: Double) -> String {
        let failures = results.filter { $0.status == .failed }.count
        let errors = results.filter { $0.status == .badInput }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\(attr(time(seconds)))>\n"
        out += "  <testsuite name=\(attr(suite)) tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\(attr(time(seconds)))>\n"
        for r in results {
            out += "    <testcase classname=\"touchscope.test\" name=\(attr(r.recording)) time=\(attr(time(r.seconds)))"
            switch r.status {
            case .passed:
                out += "/>\n"
            case .failed, .badInput:
                let tag = r.status == .failed ? "failure" : "error"
                let message = r.problems.first ?? (r.status == .failed ? "the decisions differ" : "bad input")
                out += ">\n      <\(tag) message=\(attr(message)) type=\(attr(r.status == .failed ? "decisions" : "badInput"))>"
                out += escape(r.problems.joined(separator: "\n")) + "</\(tag)>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Writes a report (the JUnit XML) to `path`: created, or emptied when it is a regular
    /// file. Throws `FILE:1:1: cannot write the report: REASON`.
    public static func write(_ text: String, to path: String) throws(InputFileError) {
        let out: OutputFile
        do { out = try OutputFile(path: path) } catch {
            throw InputFileError(file: path, line: 1, column: 1, "cannot write the report: \(error.message)")
        }
        out.withBuffer { $0.append(contentsOf: text.utf8) }
        out.close()
        if let failure = out.failure { throw InputFileError(file: path, line: 1, column: 1, "cannot write the report: \(failure)") }
    }

    static func time(_ s: Double) -> String { String(format: "%.3f", s) }

    /// Text for XML: `&`, `<`, `>`, quotes escaped; characters XML 1.0 cannot hold dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func attr(_ s: String) -> String { "\"" + escape(s).replacingOccurrences(of: "\n", with: "&#10;") + "\"" }
}
