// SceneParser: a composed YAML document -> SceneDescription, reporting every problem.

import Yams

/// Keys per element (scenes/README.md documents each one).
enum SceneKeys {
    static let top = ["scene", "title", "description", "window", "firstResponder", "capabilities", "defaults",
                      "background", "views", "controllers", "application", "appDelegate", "player",
                      "supportsIndirectInputEvents"]
    static let viewCommon = ["id", "kind", "frame", "bounds", "transform", "color", "borderColor", "borderWidth",
                             "cornerRadius", "alpha", "hidden", "clipsToBounds", "userInteraction", "multipleTouch",
                             "exclusiveTouch", "handlesTouches", "hitRule", "touchOutset", "controller", "next",
                             "canBecomeFirstResponder", "actions", "menuItems", "handlesMotion", "handlesRemote",
                             "text", "textColor", "fontSize", "font", "align", "image", "recognizers", "children"]
    /// Keys that apply to some view kinds only.
    static let viewSpecific: [String: [ViewKind]] = {
        let controls = ViewKind.builtIns.filter(\.isControl)
        return [
            "enabled": controls, "selected": controls, "title": controls, "targets": controls,
            "value": [.slider, .stepper], "minimum": [.slider, .stepper], "maximum": [.slider, .stepper],
            "step": [.stepper], "wraps": [.stepper], "autorepeat": [.stepper],
            "on": [.switch], "segments": [.segmented], "selectedSegment": [.segmented],
            "pages": [.pageControl], "currentPage": [.pageControl], "placeholder": [.textField],
            "continuous": [.slider],
            "contentSize": [.scrollView], "contentOffset": [.scrollView], "delaysContentTouches": [.scrollView],
            "canCancelContentTouches": [.scrollView], "bounces": [.scrollView], "decelerationRate": [.scrollView],
        ]
    }()
    static let view = viewCommon + viewSpecific.keys.sorted()
    /// The control keys a registered control kind shares with the built-in controls; its
    /// other keys are its own parameters.
    static let controlShared = ["enabled", "selected", "targets"]
    static let transform = ["scale", "scaleX", "scaleY", "rotation", "translate"]
    static let recognizerCommon = ["id", "type", "enabled", "cancelsTouchesInView", "delaysTouchesBegan",
                                   "delaysTouchesEnded", "requireToFail", "simultaneousWith", "shouldBegin",
                                   "shouldReceiveTouch", "requireFailureOf", "requiredToFailBy", "action", "bind",
                                   "allowedTouchTypes", "requiresExclusiveTouchType"]
    // A recognizer's other keys are its type's parameters (`SceneTypes`); UIKit's types'
    // parameters are keys of the format too (`SceneTypes.builtInRecognizerKeys`).
    static let bind = ["view", "property", "momentum", "limits", "spring"]
    static let limits = ["min", "max"]
    static let target = ["event", "action", "target"]
    static let action = ["action", "target"]
    static let menuItem = ["title", "action"]
    static let responder = ["actions", "handlesMotion", "handlesRemote", "canBecomeFirstResponder"]
    static let controller = ["id", "next"] + responder
    static let player = ["title", "artist", "album", "duration", "rate", "tone", "sound", "skipInterval"]
    static let touchFilter = ["outside", "insideOnly"]
}

/// Turns a composed document into a `SceneDescription`; cross-references are checked later
/// by `SceneValidator`.
final class SceneParser {
    let r: NodeReader
    let assets: AssetResolver
    /// The recognizer types and view kinds the scene may name.
    let types: SceneTypes
    let typeReader: SceneTypeReader
    /// Controllers named by views, in order, with the view that names them.
    var controllerRoots: [(ref: Reference, view: String)] = []
    /// Ids of recognizers dropped for an invalid `type` (already reported): references to
    /// them are not reported again.
    var brokenRecognizers: Set<String> = []

    init(reader: NodeReader, assets: AssetResolver, types: SceneTypes = SceneTypes()) {
        r = reader; self.assets = assets; self.types = types
        typeReader = SceneTypeReader(types: types, reader: reader)
    }

    /// Splits a node's keys by the type it names (`typeNode`). A registered type keeps the
    /// keys it shares with the built-ins (`shared`) and takes the rest as its own parameters.
    /// A built-in type (or none) keeps `builtInKeys` and the others are reported as unknown;
    /// a built-in recognizer type then takes those beyond `shared` as its parameters.
    /// An unknown type keeps `builtInKeys` without reporting the others: what it would take
    /// is not known, and the type itself is reported.
    func keys(of given: Fields, typeNode: Node?, builtInKeys: [String], isBuiltIn: (String) -> Bool,
              shared: (String) -> [String]?) -> (Fields, own: [Fields.Pair]) {
        guard let typeNode, case .scalar(let s) = typeNode, !r.isNull(typeNode) else {
            return (r.known(given, allowed: builtInKeys), [])
        }
        if isBuiltIn(s.string) {
            let known = r.known(given, allowed: builtInKeys)
            guard let sharedKeys = shared(s.string) else { return (known, []) }
            let (kept, rest) = known.split(keeping: sharedKeys)
            return (kept, rest)
        }
        if let sharedKeys = shared(s.string) {
            let (kept, rest) = given.split(keeping: sharedKeys)
            return (kept, rest)
        }
        return (given.split(keeping: builtInKeys).kept, [])
    }

    func scene(_ root: Node, file: String, folder: String) -> SceneDescription? {
        guard let f = r.fields(root, in: "the scene", allowed: SceneKeys.top) else { return nil }
        r.require(["scene", "window"], in: f)
        var scene = SceneDescription(name: "", window: .zero, file: file, folder: folder)
        if let n = f["scene"], let s = r.identifier(n, "scene") { scene.name = s }
        if let n = f["title"] { scene.title = r.string(n, "title") }
        if let n = f["description"] { scene.description = r.string(n, "description") }
        if let n = f["window"], let v = r.numbers(n, "window", count: 2, shape: "[width, height]") {
            if v[0] <= 0 || v[1] <= 0 || v[0] > 100_000 || v[1] > 100_000 {
                r.error(n, "`window` must be a positive size up to 100000 points, found [\(fmt(v[0])), \(fmt(v[1]))]")
            } else {
                scene.window = Size(width: v[0], height: v[1])
            }
        }
        if let n = f["firstResponder"], !r.isNull(n) { scene.firstResponder = r.reference(n, "firstResponder") }
        if let n = f["supportsIndirectInputEvents"], let b = r.bool(n, "supportsIndirectInputEvents") { scene.supportsIndirectInputEvents = b }
        if let n = f["capabilities"] { scene.capabilities = r.choices(n, "capabilities", Capability.self) ?? [] }
        if let n = f["defaults"], let d = r.fields(n, in: "`defaults`", allowed: ThresholdKey.allCases.map(\.rawValue)) {
            for p in d.pairs {
                guard let key = ThresholdKey(rawValue: p.key) else { continue }
                scene.defaults[key] = r.number(p.value, "defaults.\(p.key)", min: 0, max: key.maximum)
            }
        }
        if let n = f["background"], let c = r.color(n, "background") { scene.background = c }
        if let n = f["views"], let items = r.list(n, "views") {
            scene.views = items.compactMap { view($0, depth: 1) }
        }
        if let n = f["application"] { scene.application = responderTraits(n, "`application`") }
        if let n = f["appDelegate"], !r.isNull(n) { scene.appDelegate = responderTraits(n, "`appDelegate`") }
        if let n = f["player"], !r.isNull(n) { scene.player = player(n) }
        // Controllers: one per `controller:` key, enriched by the `controllers` section.
        var controllers = controllerRoots.map { ControllerDescription(id: $0.ref.id, view: $0.view, location: $0.ref.location) }
        if let n = f["controllers"], let items = r.list(n, "controllers") {
            for item in items {
                guard let c = r.fields(item, in: "a controller", allowed: SceneKeys.controller) else { continue }
                guard r.require(["id"], in: c), let idNode = c["id"], let id = r.identifier(idNode, "id") else { continue }
                guard let index = controllers.firstIndex(where: { $0.id == id }) else {
                    let known = controllers.map(\.id)
                    r.error(idNode, "controller `\(id)` is not the controller of any view (give its root view `controller: \(id)`)\(didYouMean(id, known))")
                    continue
                }
                controllers[index].responder = responderTraits(c)
                controllers[index].location = r.location(item)
                if let nn = c["next"], !r.isNull(nn) { controllers[index].next = r.reference(nn, "next") }
            }
        }
        scene.controllers = controllers
        return scene
    }

    // MARK: Views

    func view(_ node: Node, depth: Int) -> ViewDescription? {
        guard let given = r.fields(node, in: "a view", allowed: nil) else { return nil }
        let (f, own) = keys(of: given, typeNode: given["kind"], builtInKeys: SceneKeys.view,
                            isBuiltIn: { ViewKind(builtIn: $0) != nil },
                            shared: { types.viewEntry($0).map { SceneKeys.viewCommon + ($0.isControl ? SceneKeys.controlShared : []) } })
        let loc = r.location(node)
        r.require(["id", "frame"], in: f)
        let id = f["id"].flatMap { r.identifier($0, "id") } ?? ""
        let what = id.isEmpty ? "this view" : "view `\(id)`"
        var kind = ViewKind.view
        // Whether the keys of a built-in kind are checked against it (not for an unknown kind,
        // already reported, nor for a registered one, whose keys were split above).
        var checkKindKeys = true
        if let n = f["kind"] {
            if let k = typeReader.viewKind(n, id: id, own: own) {
                kind = k
                if case .registered = k { checkKindKeys = false }
            } else {
                checkKindKeys = false
            }
        }
        var v = ViewDescription(id: id, frame: .zero, kind: kind, location: loc)
        v.writtenKeys = Set(f.pairs.map(\.key))
        if depth > SceneLimits.maxViewDepth {
            r.error(loc, "views nested deeper than \(SceneLimits.maxViewDepth) levels; \(what) and its subviews are refused")
            return nil
        }
        // Kind-specific keys on the wrong kind.
        for p in f.pairs where checkKindKeys {
            if let kinds = SceneKeys.viewSpecific[p.key], !kinds.contains(kind) {
                let names = kinds.map { "`\($0.name)`" }.joined(separator: ", ")
                r.error(p.keyLocation, "`\(p.key)` applies only to views of kind \(names); \(what) is a `\(kind.name)`")
            }
        }
        if let n = f["frame"], let a = r.numbers(n, "frame", count: 4, shape: "[x, y, width, height]") {
            if a[2] < 0 || a[3] < 0 {
                r.error(n, "`frame` width and height must not be negative, found [\(a.map(fmt).joined(separator: ", "))]")
            } else {
                v.frame = Rect(x: a[0], y: a[1], width: a[2], height: a[3])
            }
        }
        if let n = f["bounds"], let a = r.numbers(n, "bounds", count: 2, shape: "[x, y] (the bounds origin)") {
            v.boundsOrigin = Point(x: a[0], y: a[1])
        }
        if let n = f["transform"] { v.transform = transform(n) }
        if let n = f["color"], let c = r.color(n, "color") { v.color = c }
        if let n = f["borderColor"], let c = r.color(n, "borderColor") { v.borderColor = c }
        if let n = f["borderWidth"], let x = r.number(n, "borderWidth", min: 0) { v.borderWidth = x }
        if let n = f["cornerRadius"], let x = r.number(n, "cornerRadius", min: 0) { v.cornerRadius = x }
        if let n = f["alpha"], let x = r.number(n, "alpha", min: 0, max: 1) { v.alpha = x }
        if let n = f["hidden"], let b = r.bool(n, "hidden") { v.hidden = b }
        if let n = f["clipsToBounds"], let b = r.bool(n, "clipsToBounds") { v.clipsToBounds = b }
        v.userInteraction = !(kind == .label || kind == .image)
        if let n = f["userInteraction"], let b = r.bool(n, "userInteraction") { v.userInteraction = b }
        if let n = f["multipleTouch"], let b = r.bool(n, "multipleTouch") { v.multipleTouch = b }
        if let n = f["exclusiveTouch"], let b = r.bool(n, "exclusiveTouch") { v.exclusiveTouch = b }
        if let n = f["handlesTouches"], let b = r.bool(n, "handlesTouches") { v.handlesTouches = b }
        if let n = f["hitRule"], let h = r.choice(n, "hitRule", HitRule.self) { v.hitRule = h }
        if let n = f["touchOutset"] {
            if case .sequence = n {
                if let a = r.numbers(n, "touchOutset", count: 2, shape: "[dx, dy]") {
                    if a[0] < 0 || a[1] < 0 { r.error(n, "`touchOutset` must not be negative") }
                    else { v.touchOutset = Size(width: a[0], height: a[1]) }
                }
            } else if let x = r.number(n, "touchOutset", min: 0) {
                v.touchOutset = Size(width: x, height: x)
            }
        }
        if let n = f["controller"], !r.isNull(n), let ref = r.reference(n, "controller") {
            v.controller = ref
            if !id.isEmpty {
                if let other = controllerRoots.first(where: { $0.ref.id == ref.id }) {
                    r.error(n, "controller `\(ref.id)` already has a root view, `\(other.view)`; a controller has one root view")
                } else {
                    controllerRoots.append((ref, id))
                }
            }
        }
        if let n = f["next"], !r.isNull(n) { v.next = r.reference(n, "next") }
        v.responder = responderTraits(f)
        if kind == .textField, f["canBecomeFirstResponder"] == nil { v.responder.canBecomeFirstResponder = true }
        if let n = f["menuItems"], let items = r.list(n, "menuItems") {
            for item in items {
                guard let m = r.fields(item, in: "a menu item", allowed: SceneKeys.menuItem) else { continue }
                guard r.require(["title", "action"], in: m) else { continue }
                if let tn = m["title"], let t = r.string(tn, "title").flatMap({ r.checkedLength($0, tn, "a menu item's `title`") }), let a = m["action"].flatMap({ r.identifier($0, "action") }) {
                    v.menuItems.append(MenuItem(title: t, action: a, location: r.location(item)))
                }
            }
        }
        if let n = f["text"] { v.text = r.string(n, "text") }
        if let n = f["textColor"], let c = r.color(n, "textColor") { v.textColor = c }
        if let n = f["fontSize"], let x = r.number(n, "fontSize", min: 1, max: 512) { v.fontSize = x }
        if let n = f["font"], let x = r.choice(n, "font", FontFamily.self) { v.font = x }
        if kind == .button { v.align = .center }
        if let n = f["align"], let x = r.choice(n, "align", TextAlignment.self) { v.align = x }
        if let n = f["image"], let s = r.string(n, "image") { v.image = assets.resolve(s, at: r.location(n), key: "image", reader: r) }
        if kind.isControl { v.control = control(f, kind: kind) }
        if kind == .scrollView { v.scroll = scroll(f, frame: v.frame) }
        if let n = f["recognizers"], let items = r.list(n, "recognizers") {
            v.recognizers = items.compactMap { recognizer($0, viewID: id) }
        }
        if let n = f["children"], let items = r.list(n, "children") {
            v.children = items.compactMap { view($0, depth: depth + 1) }
        }
        return v
    }

    func transform(_ node: Node) -> TransformDescription {
        var t = TransformDescription()
        guard let f = r.fields(node, in: "`transform`", allowed: SceneKeys.transform) else { return t }
        if let n = f["scale"], let x = r.number(n, "transform.scale") { t.scaleX = x; t.scaleY = x }
        if let n = f["scaleX"], let x = r.number(n, "transform.scaleX") { t.scaleX = x }
        if let n = f["scaleY"], let x = r.number(n, "transform.scaleY") { t.scaleY = x }
        if let n = f["rotation"], let x = r.number(n, "transform.rotation") { t.rotation = x }
        if let n = f["translate"], let a = r.numbers(n, "transform.translate", count: 2, shape: "[x, y]") {
            t.translation = Point(x: a[0], y: a[1])
        }
        if t.scaleX == 0 || t.scaleY == 0 {
            r.error(node, "`transform` scale must not be 0 (the view could never be touched)")
        }
        return t
    }

    func responderTraits(_ node: Node, _ what: String) -> ResponderTraits {
        guard let f = r.fields(node, in: what, allowed: SceneKeys.responder) else { return ResponderTraits() }
        var t = responderTraits(f)
        t.location = r.location(node)
        return t
    }

    func responderTraits(_ f: Fields) -> ResponderTraits {
        var t = ResponderTraits()
        t.location = f.location
        if let n = f["actions"] { t.actions = r.listOrOne(n).compactMap { r.identifier($0, "actions") } }
        if let n = f["handlesMotion"], let b = r.bool(n, "handlesMotion") { t.handlesMotion = b }
        if let n = f["handlesRemote"], let b = r.bool(n, "handlesRemote") { t.handlesRemote = b }
        if let n = f["canBecomeFirstResponder"], let b = r.bool(n, "canBecomeFirstResponder") { t.canBecomeFirstResponder = b }
        return t
    }

    func control(_ f: Fields, kind: ViewKind) -> ControlDescription {
        var c = ControlDescription()
        if kind == .stepper { c.maximum = 100 }
        if let n = f["enabled"], let b = r.bool(n, "enabled") { c.enabled = b }
        if let n = f["selected"], let b = r.bool(n, "selected") { c.selected = b }
        if let n = f["title"] { c.title = r.string(n, "title") }
        if let n = f["minimum"], let x = r.number(n, "minimum") { c.minimum = x }
        if let n = f["maximum"], let x = r.number(n, "maximum") { c.maximum = x }
        if c.maximum < c.minimum, let n = f["maximum"] ?? f["minimum"] {
            r.error(n, "`maximum` (\(fmt(c.maximum))) must not be below `minimum` (\(fmt(c.minimum)))")
        }
        c.value = c.minimum
        if let n = f["value"], let x = r.number(n, "value") {
            if x < c.minimum || x > c.maximum {
                r.error(n, "`value` \(fmt(x)) is outside minimum…maximum (\(fmt(c.minimum))…\(fmt(c.maximum)))")
            } else { c.value = x }
        }
        if let n = f["step"], let x = r.number(n, "step") {
            if x <= 0 { r.error(n, "`step` must be positive, found `\(fmt(x))`") } else { c.step = x }
        }
        if let n = f["on"], let b = r.bool(n, "on") { c.isOn = b }
        if let n = f["segments"], let s = r.strings(n, "segments") { c.segments = s }
        if let n = f["selectedSegment"], let x = r.int(n, "selectedSegment", min: -1) {
            if x >= c.segments.count { r.error(n, "`selectedSegment` \(x) is out of range: there are \(c.segments.count) segments (-1: none)") }
            else { c.selectedSegment = x }
        }
        if let n = f["pages"], let x = r.int(n, "pages", min: 0, max: 1000) { c.pages = x }
        if let n = f["currentPage"], let x = r.int(n, "currentPage", min: 0) {
            if x >= max(c.pages, 1) { r.error(n, "`currentPage` \(x) is out of range: there are \(c.pages) pages") }
            else { c.currentPage = x }
        }
        if let n = f["placeholder"] { c.placeholder = r.string(n, "placeholder") }
        if let n = f["continuous"], let b = r.bool(n, "continuous") { c.continuous = b }
        if let n = f["wraps"], let b = r.bool(n, "wraps") { c.wraps = b }
        if let n = f["autorepeat"], let b = r.bool(n, "autorepeat") { c.autorepeat = b }
        if let n = f["targets"], let items = r.list(n, "targets") {
            for item in items {
                guard let t = r.fields(item, in: "a target-action pair", allowed: SceneKeys.target) else { continue }
                guard r.require(["event", "action"], in: t) else { continue }
                guard let event = t["event"].flatMap({ r.choice($0, "event", ControlEvent.self) }),
                      let action = t["action"].flatMap({ r.identifier($0, "action") }) else { continue }
                var target: Reference?
                if let tn = t["target"], !r.isNull(tn) { target = r.reference(tn, "target") }
                c.targets.append(TargetAction(event: event, action: action, target: target, location: r.location(item)))
            }
        }
        return c
    }

    func scroll(_ f: Fields, frame: Rect) -> ScrollDescription {
        var s = ScrollDescription(contentSize: frame.size)
        if let n = f["contentSize"], let a = r.numbers(n, "contentSize", count: 2, shape: "[width, height]") {
            if a[0] < 0 || a[1] < 0 { r.error(n, "`contentSize` must not be negative") }
            else { s.contentSize = Size(width: a[0], height: a[1]) }
        }
        if let n = f["contentOffset"], let a = r.numbers(n, "contentOffset", count: 2, shape: "[x, y]") {
            s.contentOffset = Point(x: a[0], y: a[1])
        }
        if let n = f["delaysContentTouches"], let b = r.bool(n, "delaysContentTouches") { s.delaysContentTouches = b }
        if let n = f["canCancelContentTouches"], let b = r.bool(n, "canCancelContentTouches") { s.canCancelContentTouches = b }
        if let n = f["bounces"], let b = r.bool(n, "bounces") { s.bounces = b }
        if let n = f["decelerationRate"], let x = r.number(n, "decelerationRate", min: 0, max: 1) { s.decelerationRate = x }
        return s
    }

    // MARK: Recognizers

    func recognizer(_ node: Node, viewID: String) -> RecognizerDescription? {
        guard let given = r.fields(node, in: "a recognizer", allowed: nil) else { return nil }
        let (f, own) = keys(of: given, typeNode: given["type"], builtInKeys: SceneKeys.recognizerCommon + types.builtInRecognizerKeys,
                            isBuiltIn: { types.recognizerEntry($0)?.builtIn == true },
                            shared: { types.recognizerEntry($0) != nil ? SceneKeys.recognizerCommon : nil })
        r.require(["id", "type"], in: f)
        let id = f["id"].flatMap { r.identifier($0, "id") } ?? ""
        guard let type = f["type"].flatMap({ typeReader.recognizerType($0, id: id, own: own) }) else {
            if !id.isEmpty { brokenRecognizers.insert(id) }
            return nil
        }
        var g = RecognizerDescription(id: id, type: type, location: r.location(node))
        if let n = f["enabled"], let b = r.bool(n, "enabled") { g.enabled = b }
        if let n = f["cancelsTouchesInView"], let b = r.bool(n, "cancelsTouchesInView") { g.cancelsTouchesInView = b }
        if let n = f["delaysTouchesBegan"], let b = r.bool(n, "delaysTouchesBegan") { g.delaysTouchesBegan = b }
        if let n = f["delaysTouchesEnded"], let b = r.bool(n, "delaysTouchesEnded") { g.delaysTouchesEnded = b }
        if let n = f["allowedTouchTypes"], let t = r.choices(n, "allowedTouchTypes", TouchType.self) { g.allowedTouchTypes = t }
        if let n = f["requiresExclusiveTouchType"], let b = r.bool(n, "requiresExclusiveTouchType") { g.requiresExclusiveTouchType = b }
        if let n = f["requireToFail"] { g.requireToFail = r.identifiers(n, "requireToFail") }
        if let n = f["requireFailureOf"] { g.requireFailureOf = r.identifiers(n, "requireFailureOf") }
        if let n = f["requiredToFailBy"] { g.requiredToFailBy = r.identifiers(n, "requiredToFailBy") }
        if let n = f["simultaneousWith"] {
            if case .scalar(let s) = n, s.string == "all" { g.simultaneousWith = .all }
            else if case .scalar(let s) = n, s.string == "none" || r.isNull(n) { g.simultaneousWith = .none }
            else { g.simultaneousWith = .recognizers(r.identifiers(n, "simultaneousWith")) }
        }
        if let n = f["shouldBegin"], let b = r.bool(n, "shouldBegin") { g.shouldBegin = b }
        if let n = f["shouldReceiveTouch"] { g.shouldReceiveTouch = touchFilter(n) }
        if let n = f["action"], !r.isNull(n) {
            if case .scalar = n {
                if let a = r.identifier(n, "action") { g.action = RecognizerAction(action: a, location: r.location(n)) }
            } else if let a = r.fields(n, in: "`action`", allowed: SceneKeys.action), r.require(["action"], in: a),
                      let name = a["action"].flatMap({ r.identifier($0, "action") }) {
                var target: Reference?
                if let tn = a["target"], !r.isNull(tn) { target = r.reference(tn, "target") }
                g.action = RecognizerAction(action: name, target: target, location: r.location(n))
            }
        }
        if let n = f["bind"], !r.isNull(n) { g.bind = binding(n, type: type, id: id) }
        return g
    }

    func touchFilter(_ node: Node) -> TouchFilter {
        if case .scalar = node {
            return (r.bool(node, "shouldReceiveTouch") ?? true) ? .always : .never
        }
        guard let f = r.fields(node, in: "`shouldReceiveTouch`", allowed: SceneKeys.touchFilter) else { return .always }
        if f.pairs.count != 1 {
            r.error(f.location, "`shouldReceiveTouch` takes true, false, {outside: [view ids]} or {insideOnly: [view ids]}")
            return .always
        }
        let p = f.pairs[0]
        let refs = r.identifiers(p.value, "shouldReceiveTouch.\(p.key)")
        return p.key == "outside" ? .outside(refs) : .insideOnly(refs)
    }

    func binding(_ node: Node, type: RecognizerType, id: String) -> BindingDescription? {
        guard let f = r.fields(node, in: "`bind`", allowed: SceneKeys.bind) else { return nil }
        guard let natural = type.binds else {
            let names = types.bindableRecognizerNames.joined(separator: ", ")
            r.error(node, "`bind` needs a continuous recognizer with an output (\(names)); `\(id)` is a `\(type.name)`")
            return nil
        }
        var b = BindingDescription(property: natural, location: r.location(node))
        if let n = f["property"], let p = r.choice(n, "bind.property", BoundProperty.self) {
            if p != natural {
                r.error(n, "a `\(type.name)` recognizer drives `\(natural.rawValue)`, not `\(p.rawValue)`")
            }
        }
        if let n = f["view"], !r.isNull(n) { b.view = r.reference(n, "bind.view") }
        if let n = f["momentum"], let x = r.bool(n, "bind.momentum") { b.momentum = x }
        if let n = f["spring"], let x = r.bool(n, "bind.spring") { b.spring = x }
        if let n = f["limits"], !r.isNull(n), let l = r.fields(n, in: "`bind.limits`", allowed: SceneKeys.limits) {
            let lowest: Double? = natural == .scale ? 0 : nil
            if let mn = l["min"] { b.minimum = r.number(mn, "limits.min", min: lowest) }
            if let mx = l["max"] { b.maximum = r.number(mx, "limits.max", min: lowest) }
            if natural == .translation, l["min"] != nil, let loc = l.keyLocation("min") {
                r.error(loc, "translation limits take only `max` (the largest distance from the start)")
            }
            if let mn = b.minimum, let mx = b.maximum, mn > mx {
                r.error(n, "`limits.min` (\(fmt(mn))) must not be above `limits.max` (\(fmt(mx)))")
            }
        }
        return b
    }

    // MARK: Player

    func player(_ node: Node) -> PlayerDescription? {
        guard let f = r.fields(node, in: "`player`", allowed: SceneKeys.player) else { return nil }
        var p = PlayerDescription()
        p.location = r.location(node)
        if let n = f["title"], let s = r.string(n, "title") { p.title = s }
        if let n = f["artist"], let s = r.string(n, "artist") { p.artist = s }
        if let n = f["album"] { p.album = r.string(n, "album") }
        if let n = f["duration"], let x = r.number(n, "duration", min: 0) { p.duration = x }
        if let n = f["rate"], let x = r.number(n, "rate", min: 0, max: 16) { p.rate = x }
        if let n = f["tone"], let x = r.number(n, "tone", min: 20, max: 20000) { p.tone = x }
        if let n = f["skipInterval"], let x = r.number(n, "skipInterval", min: 0) { p.skipInterval = x }
        if let n = f["sound"], let s = r.string(n, "sound") { p.sound = assets.resolve(s, at: r.location(n), key: "sound", reader: r) }
        if p.sound == nil, p.tone == nil { p.tone = 440 }
        return p
    }
}
