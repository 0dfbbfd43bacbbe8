// YAMLFields: typed reading of Yams nodes, collecting diagnostics instead of stopping.

import Yams

/// Reads typed values out of Yams nodes and collects every problem as a diagnostic.
final class NodeReader {
    let file: String
    private(set) var diagnostics: [SceneDiagnostic] = []

    init(file: String) { self.file = file }

    func location(_ node: Node) -> SourceLocation {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? .start
    }

    func error(_ location: SourceLocation, _ message: String) {
        diagnostics.append(SceneDiagnostic(file: file, at: location, message))
    }
    func error(_ node: Node, _ message: String) { error(location(node), message) }

    /// "a list", "a mapping", "`text`".
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence(let s): return s.count == 1 ? "a list of 1 item" : "a list of \(s.count) items"
        case .scalar(let s):
            if isNull(node) { return "nothing (null)" }
            let text = s.string.count > 40 ? String(s.string.prefix(40)) + "…" : s.string
            switch s.style {
            case .singleQuoted, .doubleQuoted: return "the string \"\(text)\""
            default: return "`\(text)`"
            }
        }
    }

    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(s.string)
    }

    // MARK: Mappings

    /// The key-value pairs of a mapping, or nil (with a diagnostic) if `node` is not one.
    /// Keys not in `allowed` are reported and left out; nil allows every key.
    func fields(_ node: Node, in what: String, allowed: [String]?) -> Fields? {
        guard case .mapping(let m) = node else {
            error(node, "expected a mapping (key: value lines) for \(what), found \(describe(node))")
            return nil
        }
        var pairs: [Fields.Pair] = []
        var seen: [String: SourceLocation] = [:]
        for (k, v) in m {
            guard case .scalar(let ks) = k else {
                error(k, "expected a key name in \(what), found \(describe(k))")
                continue
            }
            let kl = location(k)
            if let first = seen[ks.string] {
                error(kl, "duplicate key `\(shown(ks.string))` in \(what) (first given at line \(first.line))")
                continue
            }
            seen[ks.string] = kl
            if let allowed, !allowed.contains(ks.string) {
                error(kl, "unknown key `\(shown(ks.string))` in \(what)\(didYouMean(ks.string, allowed))")
                continue
            }
            pairs.append(Fields.Pair(key: ks.string, keyLocation: kl, value: v))
        }
        return Fields(pairs: pairs, location: location(node), what: what)
    }

    /// `f` without the pairs whose key is not in `allowed`, each reported as `fields` does.
    func known(_ f: Fields, allowed: [String]) -> Fields {
        for p in f.pairs where !allowed.contains(p.key) {
            error(p.keyLocation, "unknown key `\(shown(p.key))` in \(f.what)\(didYouMean(p.key, allowed))")
        }
        return f.split(keeping: allowed).kept
    }

    /// Reports missing required keys; true when all are present.
    @discardableResult
    func require(_ keys: [String], in f: Fields) -> Bool {
        var ok = true
        for k in keys where f[k] == nil {
            error(f.location, "missing required key `\(k)` in \(f.what)")
            ok = false
        }
        return ok
    }

    // MARK: Scalars

    func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let s) = node, !isNull(node) else {
            error(node, "expected a string for `\(what)`, found \(describe(node))")
            return nil
        }
        return s.string
    }

    /// A non-empty identifier without spaces.
    func identifier(_ node: Node, _ what: String) -> String? {
        guard let s = string(node, what) else { return nil }
        if s.isEmpty || s.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            error(node, "expected an id (a word without spaces) for `\(what)`, found \(describe(node))")
            return nil
        }
        return checkedLength(s, node, "an id (`\(what)`)")
    }

    /// `s` if it is at most `SceneLimits.maxNameLength` characters long, else nil with an error.
    func checkedLength(_ s: String, _ node: Node, _ what: String) -> String? {
        let length = s.unicodeScalars.count
        guard length > SceneLimits.maxNameLength else { return s }
        error(node, "\(what) is \(length) characters long, longer than the \(SceneLimits.maxNameLength)-character limit; found \(describe(node))")
        return nil
    }

    func reference(_ node: Node, _ what: String) -> Reference? {
        identifier(node, what).map { Reference($0, at: location(node)) }
    }

    /// A finite number within `range`; `integer` requires a whole number.
    func number(_ node: Node, _ what: String, min: Double? = nil, max: Double? = nil, integer: Bool = false) -> Double? {
        let noun = integer ? "a whole number" : "a number"
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any, !isNull(node) else {
            error(node, "expected \(noun) for `\(what)`, found \(describe(node))")
            return nil
        }
        let text = s.string
        let lower = text.lowercased()
        let v: Double?
        switch lower {
        case ".nan": v = .nan
        case ".inf", "+.inf": v = .infinity
        case "-.inf": v = -.infinity
        default:
            let ok = text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
            v = ok ? Double(text) : nil
        }
        guard let v else {
            error(node, "expected \(noun) for `\(what)`, found \(describe(node))")
            return nil
        }
        guard v.isFinite else {
            error(node, "`\(what)` must be a finite number, found `\(shown(text))`")
            return nil
        }
        if integer, v != v.rounded() || abs(v) > 1e9 {
            error(node, "expected a whole number for `\(what)`, found `\(shown(text))`")
            return nil
        }
        if let min, v < min {
            error(node, "`\(what)` must be at least \(fmt(min)), found `\(text)`")
            return nil
        }
        if let max, v > max {
            error(node, "`\(what)` must be at most \(fmt(max)), found `\(text)`")
            return nil
        }
        return v
    }

    func int(_ node: Node, _ what: String, min: Int? = nil, max: Int? = nil) -> Int? {
        number(node, what, min: min.map(Double.init), max: max.map(Double.init), integer: true).map { Int($0) }
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        if case .scalar(let s) = node, s.style == .plain || s.style == .any {
            switch s.string {
            case "true", "True", "TRUE", "yes", "Yes", "YES": return true
            case "false", "False", "FALSE", "no", "No", "NO": return false
            default: break
            }
        }
        error(node, "expected true or false for `\(what)`, found \(describe(node))")
        return nil
    }

    func choice<E: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _ type: E.Type) -> E? where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .scalar(let s) = node, !isNull(node) else {
            error(node, "expected one of [\(names.joined(separator: ", "))] for `\(what)`, found \(describe(node))")
            return nil
        }
        if let v = E(rawValue: s.string) { return v }
        error(node, "expected one of [\(names.joined(separator: ", "))] for `\(what)`, found `\(shown(s.string))`\(didYouMean(s.string, names))")
        return nil
    }

    func color(_ node: Node, _ what: String) -> Color? {
        guard let s = string(node, what) else { return nil }
        if let c = Color(parsing: s) { return c }
        let names = Color.named.keys.sorted()
        if s.hasPrefix("#") {
            error(node, "invalid colour `\(shown(s))` for `\(what)`: expected #RGB, #RRGGBB or #RRGGBBAA with hexadecimal digits")
        } else {
            error(node, "invalid colour `\(shown(s))` for `\(what)`: expected #RGB, #RRGGBB, #RRGGBBAA or a name (\(names.joined(separator: ", ")))\(didYouMean(s, names))")
        }
        return nil
    }

    // MARK: Lists

    func list(_ node: Node, _ what: String) -> [Node]? {
        guard case .sequence(let seq) = node else {
            error(node, "expected a list for `\(what)`, found \(describe(node))")
            return nil
        }
        return Array(seq)
    }

    /// A list, or a single element accepted as a one-element list.
    func listOrOne(_ node: Node) -> [Node] {
        if case .sequence(let seq) = node { return Array(seq) }
        return [node]
    }

    /// Exactly `count` finite numbers, e.g. a frame `[x, y, w, h]`.
    func numbers(_ node: Node, _ what: String, count: Int, shape: String) -> [Double]? {
        guard case .sequence(let seq) = node, seq.count == count else {
            error(node, "expected a list of \(count) numbers \(shape) for `\(what)`, found \(describe(node))")
            return nil
        }
        var out: [Double] = []
        for n in seq {
            guard let v = number(n, what) else { return nil }
            out.append(v)
        }
        return out
    }

    func identifiers(_ node: Node, _ what: String) -> [Reference] {
        listOrOne(node).compactMap { reference($0, what) }
    }

    func choices<E: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, _ type: E.Type) -> [E]? where E.RawValue == String {
        let items = listOrOne(node)
        let values = items.compactMap { choice($0, what, type) }
        return values.count == items.count ? values : nil
    }

    func strings(_ node: Node, _ what: String) -> [String]? {
        guard let items = list(node, what) else { return nil }
        let values = items.compactMap { string($0, what) }
        return values.count == items.count ? values : nil
    }
}

/// The checked key-value pairs of one mapping.
struct Fields {
    struct Pair { var key: String; var keyLocation: SourceLocation; var value: Node }
    var pairs: [Pair]
    var location: SourceLocation
    var what: String
    subscript(key: String) -> Node? { pairs.first { $0.key == key }?.value }
    func keyLocation(_ key: String) -> SourceLocation? { pairs.first { $0.key == key }?.keyLocation }
    /// The pairs whose key is in `keys`, and the others, each in file order.
    func split(keeping keys: [String]) -> (kept: Fields, rest: [Pair]) {
        var kept = self
        kept.pairs = pairs.filter { keys.contains($0.key) }
        return (kept, pairs.filter { !keys.contains($0.key) })
    }
}

/// Walks a composed document without recursion, counting nodes (alias re-uses included)
/// and measuring depth. Returns a message when a limit is exceeded.
func checkNodeBudget(_ root: Node, budget: Int = SceneLimits.nodeBudget, maxDepth: Int = SceneLimits.maxYAMLDepth) -> String? {
    var stack: [(Node, Int)] = [(root, 1)]
    var count = 0
    while let (node, depth) = stack.popLast() {
        count += 1
        if count > budget {
            return "the document expands to more than \(budget) YAML nodes (alias re-uses counted); refused (an alias expansion bomb?)"
        }
        if depth > maxDepth { return "YAML nested deeper than \(maxDepth) levels; refused" }
        switch node {
        case .scalar: break
        case .sequence(let s): for n in s { stack.append((n, depth + 1)) }
        case .mapping(let m): for (k, v) in m { stack.append((k, depth + 1)); stack.append((v, depth + 1)) }
        }
    }
    return nil
}
