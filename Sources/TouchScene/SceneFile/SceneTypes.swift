// SceneTypes: the recognizer types (`type:`) and view kinds (`kind:`) a scene file can name.
//
// Every recognizer type is registered here by name, UIKit's and TouchScope's own check mark
// (ShippedTypes.swift, one file each in Recognizers/) exactly as a program registers its
// own; UIKit's views are built in (`ViewKind`), other view kinds are registered.

import Yams

/// The recognizer types and view kinds scene files can name: every recognizer type
/// (UIKit's seven, `checkmark`, a program's own) and every view kind beyond UIKit's built-in
/// ones is registered by name. A registered type has a reader: given the keys its scene node
/// has beyond the shared ones (`SceneParameters`), it reads and checks them and returns a
/// maker, which `SceneBuilder` calls each time the scene is built.
///
/// `SceneTypes()` holds the types TouchScope ships: UIKit's recognizers (`tap`, `pinch`,
/// `rotation`, `pan`, `screenEdgePan`, `swipe`, `longPress`) and `checkmark`. A program
/// adds its own to a value of its own and passes that to the loader; there is no global
/// registry to change.
///
///     var types = SceneTypes()
///     types.register(recognizer: "circle") { p in
///         // When the scene loads (and in `touchscope check`): read and check the parameters.
///         let radius = p.number("radius", default: 40, min: 10)
///         // Each time the scene is built: make the recognizer (Examples/CircleGesture's).
///         return { id in
///             let circle = CircleGestureRecognizer(id: id)
///             circle.minimumRadius = radius
///             return circle
///         }
///     }
///     types.register(control: "dial") { p in
///         let value = p.number("value", default: 0, min: 0, max: 1)
///         return { id, frame in Dial(id: id, frame: frame, value: value) }   // a Control of yours
///     }
///     let scene = try SceneLoader.load(path: "knobs.yaml", types: types)
///     let built = SceneBuilder.build(scene)   // built.recognizers["spin"] is a CircleGestureRecognizer
///
/// The scene file names them as it names the built-ins; the keys every recognizer (or view)
/// has keep their meaning, and the others are the type's parameters:
///
///     - id: knob
///       kind: dial
///       frame: [100, 100, 200, 200]
///       value: 0.25
///       recognizers:
///         - {id: spin, type: circle, radius: 60, requireToFail: [tap], action: spun}
///
/// A bad parameter is reported where it stands, as is a key the reader did not ask for, and
/// an unknown type lists every name this value knows:
///
///     knobs.yaml:7:45: `radius` must be at least 1, found `0`
///     knobs.yaml:7:26: unknown recognizer type `circel` (known: checkmark, circle, longPress, ...)
public struct SceneTypes: Sendable {
    /// Makes a recognizer with the given id; returned by a recognizer type's reader.
    public typealias MakeRecognizer = @Sendable (_ id: String) -> GestureRecognizer
    /// Makes a view with the given id and frame; returned by a view kind's reader.
    public typealias MakeView = @Sendable (_ id: String, _ frame: Rect) -> View
    /// Makes a control with the given id and frame; returned by a control kind's reader.
    public typealias MakeControl = @Sendable (_ id: String, _ frame: Rect) -> Control

    struct RecognizerEntry: Sendable {
        var binds: BoundProperty?
        var builtIn: Bool
        /// For a built-in type: the parameters its reader asks for (read once, on no keys).
        var keys: [String]
        /// Registration order (built-in types first, as ShippedTypes.swift lists them).
        var order: Int
        var read: @Sendable (SceneParameters) -> MakeRecognizer
    }
    struct ViewEntry: Sendable {
        var isControl: Bool
        var read: @Sendable (SceneParameters) -> MakeView
    }
    private var recognizerEntries: [String: RecognizerEntry] = [:]
    private var viewEntries: [String: ViewEntry] = [:]
    /// Recognizer types registered so far (orders the built-in ones in messages).
    private var registrations = 0

    /// The types TouchScope ships: UIKit's recognizers and `checkmark`.
    public init() {
        registerShippedTypes()
    }

    // MARK: Registering

    /// Registers a recognizer type: a scene names it with `type: NAME`. `read` gets the
    /// node's own parameters when the scene loads and returns the maker the builder calls.
    /// `binds` is the transform component the recognizer's outputs can drive with `bind`
    /// (nil: `bind` is refused, as for a tap). Registering a name again replaces the type.
    ///
    /// `builtIn` marks UIKit's own types (ShippedTypes.swift): their parameters are keys of
    /// the scene format itself, so one given to a built-in type that does not take it is
    /// reported as applying only to the types that do (its value still checked as theirs),
    /// an unknown key is reported against every recognizer key, and a program cannot
    /// replace the type.
    ///
    ///     types.register(recognizer: "circle") { p in
    ///         let radius = p.number("radius", default: 40, min: 10)
    ///         return { id in
    ///             let circle = CircleGestureRecognizer(id: id)   // Examples/CircleGesture's
    ///             circle.minimumRadius = radius
    ///             return circle
    ///         }
    ///     }
    public mutating func register(recognizer name: String, binds: BoundProperty? = nil, builtIn: Bool = false,
                                  _ read: @escaping @Sendable (SceneParameters) -> MakeRecognizer) {
        Self.checkName(name, builtIn: recognizerEntries[name]?.builtIn == true, "recognizer type")
        var keys: [String] = []
        if builtIn {
            let p = SceneParameters(id: name, typeName: name, what: "", pairs: [], at: .start, reader: NodeReader(file: Self.codeFile))
            _ = read(p)
            keys = p.askedKeys
        }
        recognizerEntries[name] = RecognizerEntry(binds: binds, builtIn: builtIn, keys: keys, order: registrations, read: read)
        registrations += 1
    }

    /// Registers a view kind: a scene names it with `kind: NAME`. The builder sets the shared
    /// view keys (`color`, `text`, `recognizers`, `children`, ...) that the scene names on the
    /// view the maker returns; a key the scene does not name leaves the maker's value alone
    /// (an `isMultipleTouchEnabled` or a corner radius set in the view's `init` stays).
    /// Registering a name again replaces the kind.
    ///
    ///     types.register(view: "badge") { p in
    ///         let count = p.int("count", default: 0, min: 0, max: 99)
    ///         return { id, frame in Badge(id: id, frame: frame, count: count) }   // a View of yours
    ///     }
    public mutating func register(view name: String, _ read: @escaping @Sendable (SceneParameters) -> MakeView) {
        Self.checkName(name, builtIn: ViewKind(builtIn: name) != nil, "view kind")
        viewEntries[name] = ViewEntry(isControl: false, read: read)
    }

    /// Registers a view kind that is a control: as `register(view:)`, and the node may also
    /// have the keys every control has (`enabled`, `selected`, `targets`), which the builder
    /// applies to the control the maker returns.
    ///
    ///     types.register(control: "dial") { p in
    ///         let value = p.number("value", default: 0, min: 0, max: 1)
    ///         return { id, frame in Dial(id: id, frame: frame, value: value) }   // a Control of yours
    ///     }
    public mutating func register(control name: String, _ read: @escaping @Sendable (SceneParameters) -> MakeControl) {
        Self.checkName(name, builtIn: ViewKind(builtIn: name) != nil, "view kind")
        viewEntries[name] = ViewEntry(isControl: true, read: { p in
            let make = read(p)
            return { id, frame in make(id, frame) }
        })
    }

    /// Names must be ids a scene can write, and cannot replace a built-in: a programming error.
    private static func checkName(_ name: String, builtIn: Bool, _ what: String) {
        precondition(!name.isEmpty && !name.contains(where: \.isWhitespace) && name.unicodeScalars.count <= SceneLimits.maxNameLength,
                     "a \(what) name is a word without spaces, at most \(SceneLimits.maxNameLength) characters: \"\(name)\"")
        precondition(!builtIn, "`\(name)` is a built-in \(what); it cannot be registered")
    }

    // MARK: Looking up

    /// Every recognizer type a scene can name, sorted.
    public var recognizerNames: [String] { recognizerEntries.keys.sorted() }

    /// Every view kind a scene can name, built-in and registered, sorted.
    public var viewNames: [String] {
        (ViewKind.builtIns.map(\.name) + viewEntries.keys).sorted()
    }

    /// The registered recognizer types, sorted: every type a scene can name (UIKit's,
    /// `checkmark` and a program's own).
    public var registeredRecognizerNames: [String] { recognizerNames }

    /// The registered view kinds, sorted.
    public var registeredViewNames: [String] { viewEntries.keys.sorted() }

    func recognizerEntry(_ name: String) -> RecognizerEntry? { recognizerEntries[name] }
    func viewEntry(_ name: String) -> ViewEntry? { viewEntries[name] }

    /// The recognizer types `bind` works with, built-in first (as registered), then the
    /// others (sorted).
    var bindableRecognizerNames: [String] {
        let bindable = recognizerEntries.filter { $0.value.binds != nil }
        return bindable.filter(\.value.builtIn).sorted { $0.value.order < $1.value.order }.map(\.key)
            + bindable.filter { !$0.value.builtIn }.keys.sorted()
    }

    /// The parameters of UIKit's types: the recognizer keys of the scene format beyond the
    /// shared ones, sorted.
    var builtInRecognizerKeys: [String] {
        Set(recognizerEntries.values.filter(\.builtIn).flatMap(\.keys)).sorted()
    }

    /// The built-in types that take `key`, as registered (`taps`: tap, longPress).
    func builtInTypes(taking key: String) -> [String] {
        recognizerEntries.filter { $0.value.builtIn && $0.value.keys.contains(key) }
            .sorted { $0.value.order < $1.value.order }.map(\.key)
    }

    // MARK: Scenes built in code

    /// A recognizer of the type `name` for a scene built in code, its parameters read exactly
    /// as from a file. Set the shared keys (`requireToFail`, `action`, ...) on the result.
    /// Problems are thrown as diagnostics of the file `<code>`.
    ///
    ///     var spin = try types.recognizer("circle", id: "spin", parameters: ["radius": 60])
    ///     spin.requireToFail = [Reference("tap")]
    ///     knob.recognizers.append(spin)
    public func recognizer(_ name: String, id: String, parameters: [String: SceneValue] = [:]) throws(SceneLoadError) -> RecognizerDescription {
        let reader = NodeReader(file: Self.codeFile)
        let type = SceneTypeReader(types: self, reader: reader)
            .recognizerType(named: name, at: .start, id: id, own: Self.pairs(parameters, shared: SceneKeys.recognizerCommon, reader))
        try Self.finish(reader)
        guard let type else { throw SceneLoadError(diagnostics: [SceneDiagnostic(file: Self.codeFile, at: .start, "not a recognizer type")]) }
        return RecognizerDescription(id: id, type: type)
    }

    /// A view of the kind `name` for a scene built in code, its parameters read exactly as
    /// from a file. Set the shared keys (`color`, `children`, ...) on the result.
    ///
    ///     let knob = try types.view("dial", id: "knob", frame: Rect(x: 100, y: 100, width: 200, height: 200),
    ///                               parameters: ["value": 0.25])
    public func view(_ name: String, id: String, frame: Rect, parameters: [String: SceneValue] = [:]) throws(SceneLoadError) -> ViewDescription {
        let reader = NodeReader(file: Self.codeFile)
        let shared = SceneKeys.viewCommon + (viewEntries[name]?.isControl == true ? SceneKeys.controlShared : [])
        let kind = SceneTypeReader(types: self, reader: reader)
            .viewKind(named: name, at: .start, id: id, own: Self.pairs(parameters, shared: shared, reader))
        try Self.finish(reader)
        guard let kind else { throw SceneLoadError(diagnostics: [SceneDiagnostic(file: Self.codeFile, at: .start, "not a view kind")]) }
        if ViewKind(builtIn: name) != nil, !parameters.isEmpty {
            throw SceneLoadError(diagnostics: [SceneDiagnostic(file: Self.codeFile, at: .start,
                "`\(name)` is a built-in view kind: set its keys on the ViewDescription")])
        }
        var v = ViewDescription(id: id, frame: frame, kind: kind)
        if kind.isControl { v.control = ControlDescription() }
        return v
    }

    /// The file name diagnostics of scenes built in code carry.
    static let codeFile = "<code>"

    /// Parameters given in code as the pairs of a node; shared keys are refused.
    private static func pairs(_ parameters: [String: SceneValue], shared: [String], _ reader: NodeReader) -> [Fields.Pair] {
        var out: [Fields.Pair] = []
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            if shared.contains(key) {
                reader.error(.start, "`\(key)` is a key every element of this kind has: set it on the description, not in `parameters`")
            } else {
                out.append(Fields.Pair(key: key, keyLocation: .start, value: value.node))
            }
        }
        return out
    }

    private static func finish(_ reader: NodeReader) throws(SceneLoadError) {
        if !reader.diagnostics.isEmpty { throw SceneLoadError(diagnostics: reader.diagnostics) }
    }
}

/// A view of a registered kind as its scene node gave it (`ViewKind.registered`).
public struct RegisteredView: Sendable, Hashable, CustomStringConvertible {
    /// The kind's name (`kind: dial`).
    public let name: String
    /// The node's keys beyond the shared view keys, as written.
    public let parameters: [String: SceneValue]
    /// Registered with `register(control:)`: the node may have the keys every control has.
    public let isControl: Bool
    private let maker: SceneTypes.MakeView

    init(name: String, parameters: [String: SceneValue], isControl: Bool, maker: @escaping SceneTypes.MakeView) {
        self.name = name; self.parameters = parameters; self.isControl = isControl; self.maker = maker
    }

    /// A new view with this id and frame (what `SceneBuilder` calls).
    public func make(id: String, frame: Rect) -> View { maker(id, frame) }

    /// Equal when the names, parameters and `isControl` are: the maker is made from them.
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.parameters == b.parameters && a.isControl == b.isControl
    }
    /// Hashes the name, the parameters and `isControl`.
    public func hash(into h: inout Hasher) { h.combine(name); h.combine(parameters); h.combine(isControl) }
    /// The kind's name (`dial`).
    public var description: String { name }
}

/// Resolves `type:` and `kind:` names against a `SceneTypes`, running a registered type's
/// reader on the node's own keys (shared by the scene parser and scenes built in code).
struct SceneTypeReader {
    let types: SceneTypes
    let r: NodeReader

    init(types: SceneTypes, reader: NodeReader) { self.types = types; r = reader }

    /// The recognizer type `node` names, or nil (reported).
    func recognizerType(_ node: Node, id: String, own: [Fields.Pair]) -> RecognizerType? {
        guard let name = scalarName(node, "type", types.recognizerNames) else { return nil }
        return recognizerType(named: name, at: r.location(node), id: id, own: own)
    }

    func recognizerType(named name: String, at location: SourceLocation, id: String, own: [Fields.Pair]) -> RecognizerType? {
        guard let entry = types.recognizerEntry(name) else {
            let names = types.recognizerNames
            r.error(location, "unknown recognizer type `\(shown(name))` (known: \(names.joined(separator: ", ")))\(didYouMean(name, names))")
            return nil
        }
        // A built-in type's parameters are keys of the format: one it does not take belongs to
        // other built-in types, and is refused as theirs (its value checked as they read it).
        let notTaken: (([Fields.Pair]) -> Void)? = !entry.builtIn ? nil : { pairs in
            var owners: [(name: String, pairs: [Fields.Pair])] = []
            for pair in pairs {
                let takers = types.builtInTypes(taking: pair.key)
                let names = takers.map { "`\($0)`" }.joined(separator: ", ")
                r.error(pair.keyLocation, "`\(pair.key)` applies only to recognizers of type \(names); `\(id)` is a `\(name)`")
                guard let first = takers.first else { continue }
                if let i = owners.firstIndex(where: { $0.name == first }) { owners[i].pairs.append(pair) } else { owners.append((first, [pair])) }
            }
            for owner in owners {
                guard let read = types.recognizerEntry(owner.name)?.read else { continue }
                _ = SceneParameters.read(read, id: id, typeName: owner.name, what: "a `\(owner.name)` recognizer",
                                         own: owner.pairs, at: location, shared: SceneKeys.recognizerCommon, reader: r)
            }
        }
        let (make, values) = SceneParameters.read(entry.read, id: id, typeName: name, what: "a `\(name)` recognizer",
                                                  own: own, at: location, shared: SceneKeys.recognizerCommon, reader: r,
                                                  notTaken: notTaken)
        return RecognizerType(name: name, parameters: values, binds: entry.binds, maker: make)
    }

    /// The view kind `node` names, or nil (reported).
    func viewKind(_ node: Node, id: String, own: [Fields.Pair]) -> ViewKind? {
        guard let name = scalarName(node, "kind", types.viewNames) else { return nil }
        return viewKind(named: name, at: r.location(node), id: id, own: own)
    }

    func viewKind(named name: String, at location: SourceLocation, id: String, own: [Fields.Pair]) -> ViewKind? {
        if let builtIn = ViewKind(builtIn: name) { return builtIn }
        guard let entry = types.viewEntry(name) else {
            let names = types.viewNames
            r.error(location, "unknown view kind `\(shown(name))` (known: \(names.joined(separator: ", ")))\(didYouMean(name, names))")
            return nil
        }
        let shared = SceneKeys.viewCommon + (entry.isControl ? SceneKeys.controlShared : [])
        let (make, values) = SceneParameters.read(entry.read, id: id, typeName: name, what: "a `\(name)` view",
                                                  own: own, at: location, shared: shared, reader: r)
        return .registered(RegisteredView(name: name, parameters: values, isControl: entry.isControl, maker: make))
    }

    /// The text of a scalar naming a type, or nil (reported) for anything else.
    private func scalarName(_ node: Node, _ key: String, _ names: [String]) -> String? {
        guard case .scalar(let s) = node, !r.isNull(node) else {
            r.error(node, "expected one of [\(names.joined(separator: ", "))] for `\(key)`, found \(r.describe(node))")
            return nil
        }
        return s.string
    }
}
