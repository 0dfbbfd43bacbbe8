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

    /// `command line:N:COLUMN: --set ARGUMENT: message`.
    public var description: String { "command line:\(max(1, index)):\(column): --set \(argument): \(message)" }
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
        var changed = root
        for (k, setting) in settings.enumerated() {
            do {
                changed = try apply(setting, to: changed)
            } catch var e {
                e.index = k + 1
                throw e
            }
            do {
                _ = try read(root: changed, file: path, folder: folder, assetsFolder: assetsFolder, types: types)
            } catch {
                let message = error.diagnostics.first?.message ?? "the scene does not load with it"
                throw SceneSettingError(argument: setting.argument, index: k + 1, column: setting.valueColumn, message: message)
            }
        }
        return try read(root: changed, file: path, folder: folder, assetsFolder: assetsFolder, types: types)
    }

    /// `root` with `setting` applied: the mapping whose `id` is the setting's gets the key.
    static func apply(_ setting: SceneSetting, to root: Node) throws(SceneSettingError) -> Node {
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
                                    message: "the value is not YAML a scene file could hold: \(error)")
        }
        var found = false
        func visit(_ node: Node) -> Node {
            switch node {
            case .mapping(var m):
                if !found, let id = m["id"], case .scalar(let s) = id, s.string == setting.id {
                    found = true
                    let type = m["type"].flatMap { if case .scalar(let t) = $0 { t.string } else { nil } } ?? "view"
                    let key = SceneSetting.sceneKey(setting.key, type: type)
                    m[key] = value
                    return .mapping(m)
                }
                for i in m.indices {
                    let pair = m[i]
                    m[i] = (key: pair.key, value: visit(pair.value))
                }
                return .mapping(m)
            case .sequence(var s):
                for i in s.indices { s[i] = visit(s[i]) }
                return .sequence(s)
            default:
                return node
            }
        }
        var out = visit(root)
        if !found, setting.id == "defaults", case .mapping(var top) = out {
            var defaults: Node.Mapping = top["defaults"].flatMap { if case .mapping(let d) = $0 { d } else { nil } } ?? [:]
            defaults[setting.key] = value
            top["defaults"] = .mapping(defaults)
            out = .mapping(top)
            found = true
        }
        guard found else {
            throw SceneSettingError(argument: setting.argument, column: 1,
                                    message: "no view, recognizer, control or controller of the scene has the id `\(setting.id)`")
        }
        return out
    }
}
