// SceneFileEdit: a setting written back into a scene file's text in place (the window's
// what-if "Write to file"): only the value at the key's location changes, or one line is
// added for a key the mapping did not have, indented as the mapping's keys are; comments,
// blank lines, quoting and the order of everything else stay byte for byte.
//
//     let text = try String(contentsOfFile: path, encoding: .utf8)
//     let edited = try SceneFileEdit.apply(SceneSetting(id: "doubleTap", key: "maximumInterval", value: "0.45"),
//                                          to: text)

import Foundation
import Yams

/// Edits a scene file's YAML text where a setting's key is, keeping the rest as it was.
public enum SceneFileEdit {
    /// `text` with `setting` written in: the mapping whose `id` is the setting's (the first in
    /// the file, as `--set` finds it) gets the value at its key (named as in scene files;
    /// a shipped recognizer's UIKit name is turned into the file's key). An existing value
    /// written on one line (a plain or quoted scalar, `[a, b]`, `{...}`) is replaced where it
    /// stands; a missing key is added on the line after `id:`, at the same indentation (or
    /// before the `}` of a mapping written `{id: ..., ...}`). Throws when the id names no
    /// mapping, when the value spans several lines (edit it by hand), or when the edited text
    /// would not read back with the value.
    public static func apply(_ setting: SceneSetting, to text: String) throws(SceneSettingError) -> String {
        func fail(_ message: String) -> SceneSettingError {
            SceneSettingError(argument: setting.argument, column: 1, message: message)
        }
        // Bounded before the recursive composer runs, as scene files and --set values are.
        if let p = YAMLEventGuard.problem(in: text) { throw fail("the scene file, line \(p.line): \(p.message)") }
        if let p = YAMLEventGuard.problem(in: setting.value, what: "--set values") { throw fail(p.message) }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { throw fail("the scene file is empty") }
            root = node
        } catch let e as SceneSettingError {
            throw e
        } catch {
            throw fail("the scene file is not YAML: " + SceneLoader.yamlProblem(error, inFile: true))
        }
        guard let (mapping, idKey) = find(setting.id, in: root), let idMark = idKey.mark else {
            throw fail("no view, recognizer, control or controller of the scene file has the id `\(shown(setting.id))`")
        }
        let type = mapping["type"]?.string ?? "view"
        let key = SceneSetting.sceneKey(setting.key, type: type)
        let value = setting.value.trimmingCharacters(in: .whitespaces)
        var lines = Lines(text)
        // Written `{...}`? (Yams does not keep a composed mapping's style.)
        let inFlow = mapping.mark.map { lines.at($0.line, $0.column) == "{" } ?? false
        if let existing = mapping[key] {
            guard let mark = existing.mark, let end = lines.endOfValue(existing, from: mark, inFlow: inFlow) else {
                switch existing.mark.flatMap({ lines.at($0.line, $0.column) }) {
                case "!", "&", "*":
                    throw fail("`\(shown(key))` of `\(shown(setting.id))` is written with a tag, anchor or alias in the file "
                               + "(`\(shown(lines.line(existing.mark?.line ?? 0)))`): change it there by hand")
                default:
                    throw fail("`\(shown(key))` of `\(shown(setting.id))` spans several lines in the file: change it there by hand")
                }
            }
            lines.replace(line: mark.line, from: mark.column, to: end, with: value)
        } else if inFlow {
            guard let mark = mapping.mark, let close = lines.closing(line: mark.line, column: mark.column) else {
                throw fail("the mapping of `\(shown(setting.id))` spans several lines in the file: add `\(shown(key))` there by hand")
            }
            lines.replace(line: mark.line, from: close, to: close, with: ", \(key): \(value)")
        } else {
            lines.insert(String(repeating: " ", count: idMark.column - 1) + "\(key): \(value)", after: idMark.line)
        }
        let out = lines.text
        // The file must read back with the value at the key.
        guard let back = try? Yams.compose(yaml: out), let (m, _) = find(setting.id, in: back),
              let got = m[key], let want = try? Yams.compose(yaml: value), sameValue(got, want) else {
            throw fail("the value `\(shown(value))` cannot be written in place: change `\(shown(key))` of `\(shown(setting.id))` by hand")
        }
        return out
    }

    /// The first mapping (depth first, in file order) whose `id` is `id`, and its `id` key.
    static func find(_ id: String, in node: Node) -> (Node.Mapping, Node)? {
        switch node {
        case .mapping(let m):
            for (k, v) in m where k.string == "id" && v.string == id { return (m, k) }
            for (_, v) in m { if let found = find(id, in: v) { return found } }
            return nil
        case .sequence(let s):
            for v in s { if let found = find(id, in: v) { return found } }
            return nil
        case .scalar:
            return nil
        }
    }

    /// Whether two nodes hold the same value (marks and styles aside).
    static func sameValue(_ a: Node, _ b: Node) -> Bool {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): return x.string == y.string
        case let (.sequence(x), .sequence(y)): return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case let (.mapping(x), .mapping(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key.string == $1.key.string && sameValue($0.value, $1.value) }
        default: return false
        }
    }

    /// The file's lines as Unicode scalars (libYAML counts columns in them), each with its
    /// own line ending kept.
    struct Lines {
        var lines: [(body: [Unicode.Scalar], end: String)]

        init(_ text: String) {
            lines = []
            var body: [Unicode.Scalar] = []
            var it = text.unicodeScalars.makeIterator()
            while let c = it.next() {
                if c == "\n" {
                    if body.last == "\r" { body.removeLast(); lines.append((body, "\r\n")) } else { lines.append((body, "\n")) }
                    body = []
                } else {
                    body.append(c)
                }
            }
            if !body.isEmpty || lines.isEmpty { lines.append((body, "")) }
        }

        var text: String {
            var s = String.UnicodeScalarView()
            for l in lines { s.append(contentsOf: l.body); s.append(contentsOf: l.end.unicodeScalars) }
            return String(s)
        }

        /// The text of 1-based `line` without its leading blanks ("" past the end).
        func line(_ line: Int) -> String {
            guard line >= 1, line <= lines.count else { return "" }
            return String(String.UnicodeScalarView(lines[line - 1].body)).trimmingCharacters(in: .whitespaces)
        }

        /// The scalar at 1-based `line`, `column` (nil: past the end).
        func at(_ line: Int, _ column: Int) -> Unicode.Scalar? {
            guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].body.count else { return nil }
            return lines[line - 1].body[column - 1]
        }

        /// The column just past the value that starts at `mark`, when it ends on that line.
        func endOfValue(_ node: Node, from mark: Mark, inFlow: Bool) -> Int? {
            guard mark.line >= 1, mark.line <= lines.count else { return nil }
            let body = lines[mark.line - 1].body
            var i = mark.column - 1
            guard i < body.count else { return nil }
            switch body[i] {
            case "[", "{":
                return closing(line: mark.line, column: mark.column).map { $0 + 1 }
            case "\"", "'":
                let q = body[i]
                i += 1
                while i < body.count {
                    if body[i] == "\\" && q == "\"" { i += 2; continue }
                    if body[i] == q {
                        if q == "'", i + 1 < body.count, body[i + 1] == "'" { i += 2; continue }
                        return i + 2
                    }
                    i += 1
                }
                return nil
            case "|", ">", "&", "*", "!":
                return nil
            default:
                guard case .scalar = node else { return nil }
                // A plain scalar: up to a comment (` #`), or in a flow mapping `,` or `}`.
                var end = i
                while end < body.count {
                    let c = body[end]
                    if c == "#", end > 0, body[end - 1] == " " || body[end - 1] == "\t" { break }
                    if inFlow, c == "," || c == "}" || c == "]" { break }
                    end += 1
                }
                while end > i, body[end - 1] == " " || body[end - 1] == "\t" { end -= 1 }
                // (A plain scalar continued on the next line fails the read-back check.)
                return end + 1
            }
        }

        /// The column of the bracket that closes the one at `line`, `column`, on the same line.
        func closing(line: Int, column: Int) -> Int? {
            guard line >= 1, line <= lines.count else { return nil }
            let body = lines[line - 1].body
            var depth = 0
            var quote: Unicode.Scalar?
            var i = column - 1
            while i < body.count {
                let c = body[i]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == "[" || c == "{" {
                    depth += 1
                } else if c == "]" || c == "}" {
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
            return nil
        }

        /// Replaces columns `from` up to (not including) `to` of `line` with `text`.
        mutating func replace(line: Int, from: Int, to: Int, with text: String) {
            var body = lines[line - 1].body
            body.replaceSubrange((from - 1)..<(to - 1), with: Array(text.unicodeScalars))
            lines[line - 1].body = body
        }

        /// A new line after `line`, ending as that line ends (or as the file's lines do).
        mutating func insert(_ text: String, after line: Int) {
            var end = lines[line - 1].end
            if end.isEmpty {
                end = lines.first { !$0.end.isEmpty }?.end ?? "\n"
                lines[line - 1].end = end
                lines.insert((Array(text.unicodeScalars), ""), at: line)
            } else {
                lines.insert((Array(text.unicodeScalars), end), at: line)
            }
        }
    }
}
