// SceneParameters: a registered type's own keys of a scene node, read as typed values with
// located errors; SceneValue: such a value as written (or as given in code).

import Yams

/// The parameters a registered type's scene node gives: every key beyond the ones all
/// recognizers (or all views) share, read as typed values by the type's reader.
///
/// A bad value is reported where it stands in the file, and the reader gets the default (or
/// nil), so one load reports every problem; the scene then fails to load (`touchscope` exits
/// with status 2):
///
///     scene.yaml:12:30: `radius` must be at least 1, found `-4`
///
/// A key the reader never asks for is reported as unknown, with a suggestion. `null` (or `~`)
/// for a key means "not given", as everywhere in a scene.
///
///     types.register(recognizer: "circle") { p in
///         let radius = p.number("radius", default: 80, min: 1)
///         let direction = p.choice("direction", default: Spin.clockwise)   // enum Spin: String, CaseIterable
///         if radius > 400 { p.error("a circle this big does not fit the window", at: "radius") }
///         return { id in CircleGestureRecognizer(id: id, radius: radius, direction: direction) }
///     }
public final class SceneParameters {
    /// The id of the recognizer or view whose node this is.
    public let id: String
    /// The registered type's name (`circle`).
    public let typeName: String
    /// The keys the node gives, in file order.
    public var keys: [String] { pairs.map(\.key) }

    private let r: NodeReader
    private let pairs: [Fields.Pair]
    private let location: SourceLocation
    /// "a `circle` recognizer", for messages.
    private let what: String
    /// The keys the reader asked for, in order (given or not).
    private var asked: [String] = []
    /// The keys the reader asked for, in order.
    var askedKeys: [String] { asked }

    init(id: String, typeName: String, what: String, pairs: [Fields.Pair], at location: SourceLocation, reader: NodeReader) {
        self.id = id; self.typeName = typeName; self.what = what; self.pairs = pairs; self.location = location; r = reader
    }

    /// Runs a type's reader on a node's own keys: reports the keys it did not ask for (or
    /// hands them to `notTaken`), and returns what it made with the keys' values as written.
    static func read<Made>(_ body: (SceneParameters) -> Made, id: String, typeName: String, what: String,
                           own: [Fields.Pair], at location: SourceLocation, shared: [String], reader: NodeReader,
                           notTaken: (([Fields.Pair]) -> Void)? = nil) -> (Made, [String: SceneValue]) {
        let p = SceneParameters(id: id, typeName: typeName, what: what, pairs: own, at: location, reader: reader)
        let made = body(p)
        if let notTaken {
            notTaken(own.filter { !p.asked.contains($0.key) })
        } else {
            for pair in own where !p.asked.contains(pair.key) {
                let takes = p.asked.isEmpty ? "`\(typeName)` takes no keys of its own"
                                            : "`\(typeName)` takes \(p.asked.map { "`\($0)`" }.joined(separator: ", "))"
                reader.error(pair.keyLocation, "unknown key `\(shown(pair.key))` in \(what) (\(takes))\(didYouMean(pair.key, p.asked + shared))")
            }
        }
        var values: [String: SceneValue] = [:]
        for pair in own where values[pair.key] == nil { values[pair.key] = SceneValue(pair.value) }
        return (made, values)
    }

    /// When true, a key written as `null` is read as a value (so the typed readers report it
    /// as the wrong kind of value) instead of as "not given". UIKit's types set it for the keys
    /// the scene format has always refused `null` for (all of theirs but `maxTouches`).
    public var refusesNull = false

    /// The key's node, unless it is absent or null; the key counts as known from now on.
    private func given(_ key: String) -> Node? {
        if !asked.contains(key) { asked.append(key) }
        guard let n = pairs.first(where: { $0.key == key })?.value, refusesNull || !r.isNull(n) else { return nil }
        return n
    }

    // MARK: Values

    /// Whether the node gives `key` (not null).
    public func contains(_ key: String) -> Bool { given(key) != nil }

    /// A finite number within `min`…`max`; `default` when not given or bad (reported).
    public func number(_ key: String, default value: Double, min: Double? = nil, max: Double? = nil) -> Double {
        number(key, min: min, max: max) ?? value
    }

    /// A finite number within `min`…`max`; nil when not given or bad (reported).
    public func number(_ key: String, min: Double? = nil, max: Double? = nil) -> Double? {
        given(key).flatMap { r.number($0, key, min: min, max: max) }
    }

    /// A whole number within `min`…`max`; `default` when not given or bad (reported).
    public func int(_ key: String, default value: Int, min: Int? = nil, max: Int? = nil) -> Int {
        int(key, min: min, max: max) ?? value
    }

    /// A whole number within `min`…`max`; nil when not given or bad (reported).
    public func int(_ key: String, min: Int? = nil, max: Int? = nil) -> Int? {
        given(key).flatMap { r.int($0, key, min: min, max: max) }
    }

    /// `true` or `false` (also `yes` / `no`); `default` when not given or bad (reported).
    public func bool(_ key: String, default value: Bool) -> Bool { bool(key) ?? value }

    /// `true` or `false` (also `yes` / `no`); nil when not given or bad (reported).
    public func bool(_ key: String) -> Bool? { given(key).flatMap { r.bool($0, key) } }

    /// A string (quoted or plain); `default` when not given or bad (reported).
    public func string(_ key: String, default value: String) -> String { string(key) ?? value }

    /// A string (quoted or plain); nil when not given or bad (reported).
    public func string(_ key: String) -> String? { given(key).flatMap { r.string($0, key) } }

    /// One of an enumeration's raw values, e.g. `direction: left`; `default` when not given
    /// or bad (reported with the choices and a suggestion).
    public func choice<E: RawRepresentable & CaseIterable>(_ key: String, default value: E) -> E where E.RawValue == String {
        choice(key) ?? value
    }

    /// One of an enumeration's raw values; nil when not given or bad (reported).
    public func choice<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type = E.self) -> E? where E.RawValue == String {
        given(key).flatMap { r.choice($0, key, type) }
    }

    /// One or a list of an enumeration's raw values (`edges: [left, top]`, `edges: left`);
    /// `default` when not given or when any is bad (reported).
    ///
    /// `alias` is another spelling of the key (`direction` for `directions`): giving both is
    /// reported at the alias. With `atLeastOne`, an empty list is reported
    /// ("`edges` must name at least one edge") and gives `default`.
    public func choices<E: RawRepresentable & CaseIterable>(_ key: String, alias: String? = nil, atLeastOne noun: String? = nil,
                                                            default value: [E]) -> [E] where E.RawValue == String {
        var node = given(key)
        if let alias {
            let other = given(alias)
            if node != nil, other != nil, let at = pairs.first(where: { $0.key == alias })?.keyLocation {
                r.error(at, "give either `\(key)` or `\(alias)`, not both")
            }
            node = node ?? other
        }
        guard let node, let list = r.choices(node, key, E.self) else { return value }
        if list.isEmpty, let noun {
            r.error(node, "`\(key)` must name at least one \(noun)")
            return value
        }
        return list
    }

    /// Exactly `count` finite numbers (`center: [100, 80]`); nil when not given or bad (reported).
    public func numbers(_ key: String, count: Int) -> [Double]? {
        guard let n = given(key) else { return nil }
        guard case .sequence(let seq) = n, seq.count == count else {
            r.error(n, "expected a list of \(count) numbers for `\(key)`, found \(r.describe(n))")
            return nil
        }
        var out: [Double] = []
        for item in seq {
            guard let v = r.number(item, key) else { return nil }
            out.append(v)
        }
        return out
    }

    /// A colour (`#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name); `default` when not given or bad (reported).
    public func color(_ key: String, default value: Color) -> Color {
        given(key).flatMap { r.color($0, key) } ?? value
    }

    /// The value as written, for shapes the typed readers do not cover; nil when not given.
    /// Report a problem with it through `error(_:at:)`.
    public func value(_ key: String) -> SceneValue? { given(key).map(SceneValue.init) }

    // MARK: Problems

    /// Reports every key of `keys` the node does not give; true when all are there.
    @discardableResult
    public func require(_ keys: String...) -> Bool {
        var ok = true
        for key in keys where given(key) == nil {
            r.error(location, "missing required key `\(key)` in \(what) `\(id)`")
            ok = false
        }
        return ok
    }

    /// Reports a problem the type found itself (a combination of values, say), at the key's
    /// value when the node gives it, else at the type's name.
    public func error(_ message: String, at key: String? = nil) {
        if let key, let n = given(key) { r.error(n, message) } else { r.error(location, message) }
    }
}

/// A parameter's value as a scene file wrote it, or as a program gives it in code (see
/// `SceneTypes.recognizer(_:id:parameters:)`); literals make one:
///
///     let parameters: [String: SceneValue] = ["radius": 60, "clockwise": false, "label": "spin", "stops": [0, 0.5, 1]]
public indirect enum SceneValue: Sendable, Hashable, CustomStringConvertible {
    /// A plain (unquoted) scalar as written: a number, `true` / `false`, a word, `null`.
    case plain(String)
    /// A quoted (or block) string.
    case string(String)
    /// A list.
    case list([SceneValue])
    /// A mapping.
    case mapping([String: SceneValue])

    /// The value as YAML flow text: `60`, `"spin"`, `[0, 0.5, 1]`, `{a: 1}` (keys sorted).
    public var description: String {
        switch self {
        case .plain(let s): s
        case .string(let s): "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .mapping(let m): "{" + m.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// A composed YAML node's value (keys that are not scalars are written as YAML flow text).
    init(_ node: Node) {
        switch node {
        case .scalar(let s):
            self = s.style == .plain || s.style == .any ? .plain(s.string) : .string(s.string)
        case .sequence(let seq):
            self = .list(seq.map { SceneValue($0) })
        case .mapping(let m):
            var out: [String: SceneValue] = [:]
            for (k, v) in m {
                let key: String = if case .scalar(let ks) = k { ks.string } else { SceneValue(k).description }
                if out[key] == nil { out[key] = SceneValue(v) }
            }
            self = .mapping(out)
        }
    }

    /// The value as a YAML node (without a position), read as a file's would be.
    var node: Node {
        switch self {
        case .plain(let s): Node(s, .implicit, .plain)
        case .string(let s): Node(s, .implicit, .doubleQuoted)
        case .list(let items): Node(items.map(\.node))
        case .mapping(let m): Node(m.sorted { $0.key < $1.key }.map { (Node($0.key), $0.value.node) })
        }
    }
}

extension SceneValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
                      ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// A number written as an integer (`radius: 60`).
    public init(integerLiteral value: Int) { self = .plain(String(value)) }
    /// A number written with a fraction (`value: 0.25`).
    public init(floatLiteral value: Double) { self = .plain("\(value)") }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .plain(value ? "true" : "false") }
    /// A quoted string (`label: "Play"`).
    public init(stringLiteral value: String) { self = .string(value) }
    /// A list (`sizes: [1, 2, 3]`).
    public init(arrayLiteral elements: SceneValue...) { self = .list(elements) }
    /// A mapping (`range: {min: 0, max: 1}`); a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, SceneValue)...) {
        self = .mapping(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
