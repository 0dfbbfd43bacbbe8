// SceneSettings: settings changed for one run (`replay SCENE REC --set ID.KEY=VALUE`), applied
// to the scene file's YAML before it is read, so every key a scene file has can be changed
// and every value is checked as the file's own would be.
//
//     let settings = try ["doubleTap.maximumTapInterval=0.45", "photo.userInteraction=false"]
//         .map(SceneSetting.init(parsing:))
//     let scene = try SceneLoader.load(path: "scenes/double-tap.yaml", settings: settings)

import Yams

/// One setting changed for a run: `ID.KEY=VALUE`. ID is the `id` of a view, recognizer,
/// control or controller of the scene (or `defaults`, the scene's `defaults:` thresholds,
/// when nothing has that id); KEY is named as in scene files (`maximumInterval`,
/// `userInteraction`, `requireToFail`), or, for a recognizer of a shipped type, as the UIKit
/// property it sets (`maximumTapInterval`, `numberOfTapsRequired`, `minimumPressDuration`);
/// VALUE is YAML as a scene file would hold it (`0.45`, `false`, `[swipe]`, `{outside: [b]}`).
public struct SceneSetting: Sendable, Hashable, CustomStringConvertible {
    /// The id of the view, recognizer, control or controller (or `defaults`).
    public var id: String
    /// The key, as a scene file or UIKit names it.
    public var key: String
    /// The value, as YAML.
    public var value: String
    /// As given: `ID.KEY=VALUE`.
    public var argument: String

    /// The setting `id.key=value`.
    public init(id: String, key: String, value: String) {
        self.id = id; self.key = key; self.value = value
        argument = "\(id).\(key)=\(value)"
    }

    /// Reads `ID.KEY=VALUE` (the first `.` ends the id, the first `=` ends the key); throws
    /// a message naming what is missing.
    public init(parsing argument: String) throws(SceneSettingError) {
        guard let eq = argument.firstIndex(of: "=") else {
            throw SceneSettingError(argument: argument, column: argument.count + 1,
                                    message: "expected ID.KEY=VALUE (such as doubleTap.maximumTapInterval=0.45): no `=`")
        }
        let target = argument[..<eq]
        guard let dot = target.firstIndex(of: "."), dot != target.startIndex else {
            throw SceneSettingError(argument: argument, column: 1,
                                    message: "expected ID.KEY=VALUE (such as photo.userInteraction=false): no id before a `.`")
        }
        let key = target[target.index(after: dot)...]
        guard !key.isEmpty else {
            throw SceneSettingError(argument: argument, column: target.count + 1, message: "no key between `.` and `=`")
        }
        let value = argument[argument.index(after: eq)...]
        guard value.contains(where: { $0 != " " && $0 != "\t" }) else {
            throw SceneSettingError(argument: argument, column: argument.count + 1, message: "no value after `=`")
        }
        id = String(target[..<dot]); self.key = String(key); self.value = String(value); self.argument = argument
    }

    /// The column of the value in `argument`, from 1.
    var valueColumn: Int { argument.count - value.count + 1 }

    /// As given: `ID.KEY=VALUE`.
    public var description: String { argument }

    /// The UIKit property names of the shipped recognizer types, by type, and the scene
    /// file's key each one is.
    public static let uikitNames: [String: [String: String]] = [
        "tap": ["numberOfTapsRequired": "taps", "numberOfTouchesRequired": "touches",
                "maximumTapInterval": "maximumInterval", "allowableMovement": "maximumDistance"],
        "longPress": ["numberOfTapsRequired": "taps", "numberOfTouchesRequired": "touches",
                      "minimumPressDuration": "duration"],
        "pan": ["minimumNumberOfTouches": "minTouches", "maximumNumberOfTouches": "maxTouches"],
        "screenEdgePan": ["minimumNumberOfTouches": "minTouches", "maximumNumberOfTouches": "maxTouches"],
        "swipe": ["numberOfTouchesRequired": "touches", "direction": "directions"],
        "view": ["isUserInteractionEnabled": "userInteraction", "isHidden": "hidden",
                 "isMultipleTouchEnabled": "multipleTouch", "isExclusiveTouch": "exclusiveTouch"],
    ]
}

extension SceneSetting {
    /// The scene file's key for `key` on a mapping of `type` (`tap`, `view`, ...): a shipped
    /// recognizer's UIKit property name becomes its file key (`uikitNames`), any other key
    /// stays as it is.
    public static func sceneKey(_ key: String, type: String) -> String { uikitNames[type]?[key] ?? key }
}

/// A setting that cannot be applied: `command line:N:COLUMN: --set ARGUMENT: what is wrong`,
/// N counting the `--set` options from 1.
public struct SceneSettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `--set` argument as given.
    public var argument: String
    /// Which `--set` it is, from 1 (0: not yet known).
    public var index = 0
    /// The column in the argument the problem is at, from 1.
    public var column: Int
    /// What is wrong, as one sentence.
    public var message: String

    /// A problem with `argument` (the `index`-th `--set`) at `column`.
    public init(argument: String, index: Int = 0, column: Int, message: String) {
        self.argument = argument; self.index = index; self.column = column; self.message = message
    }

    /// `command line:N:COLUMN: --set ARGUMENT: message`, the argument cut after 60 characters
    /// as every message cuts a value it repeats.
    public var description: String { "command line:\(max(1, index)):\(column): --set \(shown(argument)): \(message)" }
}

extension SceneLoader {
    /// `load(path:)` with `settings` applied, in order, before the scene is read. A scene that
    /// does not load without them throws its own diagnostics; a setting that names no id,
    /// a key the target does not take or a bad value throws a `SceneSettingError` (the first
    /// setting that breaks the scene).
    public static func load(path: String, settings: [SceneSetting], assetsFolder: String? = nil,
                            types: SceneTypes = SceneTypes()) throws -> SceneDescription {
        let (base, text) = try loadKeepingText(path: path, assetsFolder: assetsFolder, types: types)
        guard !settings.isEmpty else { return base }
        let folder = base.folder
        // The file read; each setting in turn, so a problem is blamed on the one that caused it.
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { return base }
            root = node
        } catch {
            return base   // loaded above, so it composes
        }
        // Every setting applied, in order, and the scene read once with all of them. Only when
        // that fails is the setting that broke it looked for: a k whose first k settings load
        // and first k + 1 do not, found by halving (a read each time), so ten thousand
        // settings cost one read, not ten thousand.
        // Every 64th tree is kept, so a tree with the first k settings is at most 63 applies away.
        let stride = 64
        var checkpoints = [root]
        var changed = root
        var paths: [String: [Int]] = [:]
        var values: [String: Node] = [:]
        for (k, setting) in settings.enumerated() {
            do {
                changed = try apply(setting, to: changed, paths: &paths, values: &values)
            } catch var e {
                e.index = k + 1
                throw e
            }
            if (k + 1) % stride == 0 { checkpoints.append(changed) }
        }
        func load(_ k: Int) throws(SceneLoadError) -> SceneDescription {
            var tree = checkpoints[k / stride]
            if k == settings.count {
                tree = changed
            } else {
                var paths: [String: [Int]] = [:]
                for s in settings[(k / stride * stride)..<k] {
                    tree = (try? apply(s, to: tree, paths: &paths, values: &values)) ?? tree   // they applied above
                }
            }
            return try read(root: tree, file: path, folder: folder, assetsFolder: assetsFolder, types: types)
        }
        do {
            return try load(settings.count)
        } catch {
            var good = 0, bad = settings.count   // no setting: the file as it loaded above
            var failure = error
            while bad - good > 1 {
                let mid = (good + bad) / 2
                do { _ = try load(mid); good = mid } catch { bad = mid; failure = error }
            }
            let setting = settings[bad - 1]
            let message = failure.diagnostics.first?.message ?? "the scene does not load with it"
            throw SceneSettingError(argument: setting.argument, index: bad, column: setting.valueColumn, message: message)
        }
    }

    /// `root` with `setting` applied: the mapping whose `id` is the setting's gets the key.
    static func apply(_ setting: SceneSetting, to root: Node) throws(SceneSettingError) -> Node {
        var paths: [String: [Int]] = [:]
        return try apply(setting, to: root, paths: &paths)
    }

    /// The same, with `paths`: where each id's mapping was found (child positions from the
    /// root), kept across calls on the trees this one makes. A scalar set on a mapping moves
    /// no mapping (a new key goes last), so the next setting of that id needs no search; a
    /// value that replaces or adds a subtree, or a changed `id`, forgets them all.
    static func apply(_ setting: SceneSetting, to root: Node, paths: inout [String: [Int]]) throws(SceneSettingError) -> Node {
        var values: [String: Node] = [:]
        return try apply(setting, to: root, paths: &paths, values: &values)
    }

    /// The same, with `values`: each value as composed before (the same text, the same node).
    static func apply(_ setting: SceneSetting, to root: Node, paths: inout [String: [Int]],
                      values: inout [String: Node]) throws(SceneSettingError) -> Node {
        let value: Node
        if let v = values[setting.value] {
            value = v
        } else {
            value = try composed(setting)
            values[setting.value] = value
        }
        return try apply(setting, value: value, to: root, paths: &paths)
    }

    /// The setting's value as a node: bounded as a scene file is, then composed.
    static func composed(_ setting: SceneSetting) throws(SceneSettingError) -> Node {
        // The value is bounded as a scene file is (nesting, expanded size) before the recursive
        // composer sees it: a value nested 5,000 deep is refused, not a stack overflow.
        if let p = YAMLEventGuard.problem(in: setting.value, what: "--set values") {
            throw SceneSettingError(argument: setting.argument, column: p.line == 1 ? setting.valueColumn + p.column - 1 : setting.valueColumn,
                                    message: p.message)
        }
        let value: Node
        do {
            guard let v = try Yams.compose(yaml: setting.value) else {
                throw SceneSettingError(argument: setting.argument, column: setting.valueColumn, message: "no value after `=`")
            }
            value = v
        } catch let e as SceneSettingError {
            throw e
        } catch {
            throw SceneSettingError(argument: setting.argument, column: setting.valueColumn,
                                    message: "the value is not YAML a scene file could hold: " + yamlProblem(error))
        }
        return value
    }

    /// `root` with `value` set as `setting` says (see `apply(_:to:paths:)`).
    static func apply(_ setting: SceneSetting, value: Node, to root: Node, paths: inout [String: [Int]]) throws(SceneSettingError) -> Node {
        func scalar(_ n: Node) -> String? { if case .scalar(let s) = n { s.string } else { nil } }
        // The first mapping (depth first, in file order) whose `id` is the setting's (keys
        // compared as plain strings: Yams' own lookup resolves tags on every comparison).
        func find(_ node: Node) -> [Int]? {
            switch node {
            case .mapping(let m):
                if m.contains(where: { scalar($0.key) == "id" && scalar($0.value) == setting.id }) { return [] }
                for (i, pair) in m.enumerated() { if let p = find(pair.value) { return [i] + p } }
                return nil
            case .sequence(let s):
                for (i, n) in s.enumerated() { if let p = find(n) { return [i] + p } }
                return nil
            default:
                return nil
            }
        }
        var moved = false
        // Only the nodes on the way to the mapping are rebuilt.
        func rebuild(_ node: Node, _ path: ArraySlice<Int>) -> Node {
            switch node {
            case .mapping(var m):
                guard let i = path.first else {
                    let type = m.first { scalar($0.key) == "type" }.flatMap { scalar($0.value) } ?? "view"
                    let key = SceneSetting.sceneKey(setting.key, type: type)
                    if let k = m.firstIndex(where: { scalar($0.key) == key }) {
                        if case .scalar = m[k].value {} else { moved = true }
                        m[k] = (key: m[k].key, value: value)
                    } else {
                        m[key] = value
                    }
                    if key == "id" { moved = true }
                    if case .scalar = value {} else { moved = true }
                    return .mapping(m)
                }
                m[i] = (key: m[i].key, value: rebuild(m[i].value, path.dropFirst()))
                return .mapping(m)
            case .sequence(var s):
                guard let i = path.first else { return node }
                s[i] = rebuild(s[i], path.dropFirst())
                return .sequence(s)
            default:
                return node
            }
        }
        var found = false
        var out = root
        // [-1]: no mapping has the id, it is the scene's `defaults:` (below).
        let known = paths[setting.id]
        if known != [-1], let path = known ?? find(root) {
            out = rebuild(root, path[...])
            found = true
            if moved { paths = [:] } else { paths[setting.id] = path }
        }
        if !found, setting.id == "defaults", case .mapping(var top) = out {
            let at = top.firstIndex { scalar($0.key) == "defaults" }
            var defaults: Node.Mapping = at.flatMap { if case .mapping(let d) = top[$0].value { d } else { nil } } ?? [:]
            if let k = defaults.firstIndex(where: { scalar($0.key) == setting.key }) {
                defaults[k] = (key: defaults[k].key, value: value)
            } else {
                defaults[setting.key] = value
            }
            if let at { top[at] = (key: top[at].key, value: .mapping(defaults)) } else { top["defaults"] = .mapping(defaults) }
            out = .mapping(top)
            found = true
            paths[setting.id] = [-1]   // a key appended to the top mapping moves no mapping
        }
        guard found else {
            throw SceneSettingError(argument: setting.argument, column: 1,
                                    message: "no view, recognizer, control or controller of the scene has the id `\(shown(setting.id))`")
        }
        return out
    }

    /// What is wrong in a value Yams refused, without the text around it (a Yams message
    /// repeats the whole line, which may be the 120 KB value itself).
    /// `inFile`: the text is a file (say its line and column), not a one-line value.
    static func yamlProblem(_ error: Error, inFile: Bool = false) -> String {
        guard let e = error as? YamlError else { return shown("\(error)") }
        switch e {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            // libyaml's own words (fixed texts), where the problem is, not the text around it.
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            let place = inFile ? "at line \(mark.line), column \(mark.column)"
                : mark.line == 1 ? "at character \(mark.column) of the value" : "at line \(mark.line) of the value"
            return what + " " + place
        default:
            return shown("\(e)")
        }
    }
}
