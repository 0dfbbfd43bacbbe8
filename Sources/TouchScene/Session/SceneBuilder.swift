// SceneBuilder: a validated SceneDescription -> a live TouchCore Application.

/// What building a scene produced besides the application: handles the host needs.
public struct BuiltScene {
    /// The application, its window holding the scene's views.
    public let app: Application
    /// Views by id, recognizers by id.
    public let views: [String: View]
    /// The scene's recognizers by id.
    public let recognizers: [String: GestureRecognizer]
    /// View controllers by id. Views hold their controller weakly (as UIKit does), so the
    /// scene keeps them alive here; without it they vanish from the responder chain.
    public let controllers: [String: ViewController]
    /// The scene's media player, when it has one (a `player` section or a `kind: player` view).
    public let player: MediaPlayer?
    /// Recognizer bindings that drive view transforms.
    public let bindings: [TransformBinding]
}

/// Turns a scene description into TouchCore objects. The description is already validated
/// (every reference resolves), so building cannot fail.
public enum SceneBuilder {
    /// An application built by a program's own code (`SceneSession(name:window:build:)`):
    /// `build` fills a fresh application; the views and recognizers it added are then found
    /// by their ids.
    public static func build(window: Size, in build: (Application) -> Void) -> BuiltScene {
        let app = Application(windowSize: window)
        build(app)
        var views: [String: View] = [:]
        var recognizers: [String: GestureRecognizer] = [:]
        var stack = Array(app.window.subviews.reversed())
        while let v = stack.popLast() {
            if views[v.id] == nil { views[v.id] = v }
            for r in v.gestureRecognizers where recognizers[r.id] == nil { recognizers[r.id] = r }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return BuiltScene(app: app, views: views, recognizers: recognizers, controllers: [:], player: nil, bindings: [])
    }

    /// Builds the application: window size, defaults and background, the views with their
    /// recognizers, controls, controllers, the media player and the bindings.
    public static func build(_ scene: SceneDescription) -> BuiltScene {
        let app = Application(windowSize: scene.window)
        app.defaults = scene.defaults.apply()
        app.supportsIndirectInputEvents = scene.supportsIndirectInputEvents
        app.window.backgroundColor = scene.background
        var views: [String: View] = [:]
        var controllers: [String: ViewController] = [:]
        var recognizers: [String: GestureRecognizer] = [:]
        var pending: [(View, ViewDescription)] = []

        func make(_ d: ViewDescription, in parent: View) {
            let v = makeView(d)
            parent.addSubview(v)
            views[d.id] = v
            pending.append((v, d))
            for c in d.children { make(c, in: v) }
        }
        for d in scene.views { make(d, in: app.window) }

        // Controllers (after the tree exists, so their views have superviews).
        for c in scene.controllers {
            guard let root = views[c.view] else { continue }
            let vc = ViewController(id: c.id, view: root)
            apply(c.responder, to: vc)
            controllers[c.id] = vc
        }
        if let d = scene.appDelegate {
            let delegate = Responder(id: "appDelegate")
            apply(d, to: delegate)
            app.delegate = delegate
        }
        apply(scene.application, to: app)

        func responder(_ r: Reference?) -> Responder? {
            guard let id = r?.id else { return nil }
            switch id {
            case "application": return app
            case "appDelegate": return app.delegate
            case "window": return app.window
            default: return views[id] ?? controllers[id]
            }
        }

        // Recognizers, then their links (all ids exist by then).
        var bindings: [TransformBinding] = []
        for (v, d) in pending {
            for rd in d.recognizers {
                let r = makeRecognizer(rd)
                v.addGestureRecognizer(r)
                recognizers[rd.id] = r
            }
        }
        for (v, d) in pending {
            v.nextOverride = responder(d.next)
            for rd in d.recognizers {
                guard let r = recognizers[rd.id] else { continue }
                for dep in rd.requireToFail { if let o = recognizers[dep.id] { r.require(toFail: o) } }
                let answers = AnswersDelegate()
                answers.shouldBegin = rd.shouldBegin
                switch rd.simultaneousWith {
                case .none: break
                case .all: answers.simultaneousWithAll = true
                case .recognizers(let ids): answers.simultaneousWith = Set(ids.map(\.id))
                }
                answers.requireFailureOf = Set(rd.requireFailureOf.map(\.id))
                answers.requiredToFailBy = Set(rd.requiredToFailBy.map(\.id))
                switch rd.shouldReceiveTouch {
                case .always: break
                case .never: answers.receivesTouches = false
                case .outside(let ids): answers.refuseTouchesIn = subtreeIDs(ids, views)
                case .insideOnly(let ids): answers.onlyTouchesIn = subtreeIDs(ids, views)
                }
                r.ownedDelegate = answers
                if let a = rd.action { r.addAction(a.action, target: responder(a.target)) }
                if let b = rd.bind {
                    let target = b.view.flatMap { views[$0.id] } ?? v
                    let component: TransformComponent = switch b.property {
                    case .scale: .scale
                    case .rotation: .rotation
                    case .translation: .translation
                    }
                    let binding = TransformBinding(recognizer: r, view: target, component: component)
                    binding.momentum = b.momentum
                    binding.minimum = b.minimum
                    binding.maximum = b.maximum
                    binding.spring = b.spring
                    binding.install()
                    bindings.append(binding)
                }
            }
            if let control = v as? Control, let cd = d.control {
                for t in cd.targets {
                    guard let events = ControlEvents(name: t.event.rawValue) else { continue }
                    control.addTarget(action: t.action, target: responder(t.target), for: events)
                }
            }
        }

        // The media player: driven by the player view's actions and the remote command centre.
        var player: MediaPlayer?
        let playerView = scene.allViews.first { $0.kind == .player }.flatMap { views[$0.id] }
        if scene.player != nil || playerView != nil {
            let p = scene.player ?? PlayerDescription()
            let mp = MediaPlayer(id: playerView?.id ?? "player", app: app,
                                 queue: [MediaItem(title: p.title, artist: p.artist, duration: p.duration)])
            mp.registerRemoteCommands()
            app.remote.preferredSkipInterval = p.skipInterval
            if let pv = playerView { connect(mp, to: pv) }
            player = mp
        }

        if let fr = scene.firstResponder, let r = responder(fr) {
            _ = app.makeFirstResponder(r, reason: "the scene's firstResponder")
        }
        return BuiltScene(app: app, views: views, recognizers: recognizers, controllers: controllers,
                          player: player, bindings: bindings)
    }

    /// A player view performs the transport actions on the media player.
    private static func connect(_ mp: MediaPlayer, to view: View) {
        let transport = ["play", "pause", "togglePlayPause", "stop", "nextTrack", "previousTrack"]
        view.handledActions.formUnion(transport)
        let previous = view.onAction
        view.onAction = { [weak mp] action, sender in
            previous?(action, sender)
            guard let mp else { return }
            switch action {
            case "play": mp.play()
            case "pause": mp.pause()
            case "togglePlayPause": mp.togglePlayPause()
            case "stop": mp.stop()
            case "nextTrack": mp.nextTrack()
            case "previousTrack": mp.previousTrack()
            default: break
            }
        }
    }

    private static func subtreeIDs(_ refs: [Reference], _ views: [String: View]) -> Set<String> {
        var out = Set<String>()
        for r in refs { views[r.id]?.forEachInTree { out.insert($0.id) } }
        return out
    }

    private static func apply(_ t: ResponderTraits, to r: Responder) {
        r.handledActions.formUnion(t.actions)
        r.handlesMotion = t.handlesMotion
        r.handlesRemoteControl = t.handlesRemote
        if t.canBecomeFirstResponder { r.canBecomeFirstResponder = true }
    }

    static func makeView(_ d: ViewDescription) -> View {
        let c = d.control ?? ControlDescription()
        let v: View
        switch d.kind {
        case .view, .label, .image, .player:
            v = View(id: d.id, frame: d.frame)
        case .button:
            v = Button(id: d.id, frame: d.frame, title: c.title ?? d.text)
        case .switch:
            v = Switch(id: d.id, frame: d.frame, isOn: c.isOn)
        case .slider:
            let s = Slider(id: d.id, frame: d.frame, value: c.value, minimumValue: c.minimum, maximumValue: c.maximum)
            s.isContinuous = c.continuous
            v = s
        case .stepper:
            let s = Stepper(id: d.id, frame: d.frame)
            s.minimumValue = c.minimum; s.maximumValue = c.maximum; s.stepValue = c.step
            s.value = c.value; s.wraps = c.wraps; s.autorepeat = c.autorepeat
            v = s
        case .segmented:
            v = SegmentedControl(id: d.id, frame: d.frame, segments: c.segments,
                                 selectedSegmentIndex: c.selectedSegment < 0 ? SegmentedControl.noSegment : c.selectedSegment)
        case .pageControl:
            v = PageControl(id: d.id, frame: d.frame, numberOfPages: c.pages, currentPage: c.currentPage)
        case .textField:
            v = TextField(id: d.id, frame: d.frame, text: d.text, placeholder: c.placeholder)
        case .scrollView:
            let s = ScrollView(id: d.id, frame: d.frame, contentSize: d.scroll?.contentSize)
            if let sd = d.scroll {
                s.delaysContentTouches = sd.delaysContentTouches
                s.canCancelContentTouches = sd.canCancelContentTouches
                s.bounces = sd.bounces
                s.decelerationRate = sd.decelerationRate
                s.contentOffset = sd.contentOffset
            }
            v = s
        case .registered(let registered):
            v = registered.make(id: d.id, frame: d.frame)
        }
        // A registered view keeps what its maker set: only the keys its scene file names are
        // applied. A built-in kind gets every key (its default where the file is silent).
        func set(_ key: String, _ apply: () -> Void) {
            if case .registered = d.kind, !d.writtenKeys.contains(key) { return }
            apply()
        }
        if let control = v as? Control {
            set("enabled") { control.isEnabled = c.enabled }
            set("selected") { control.isSelected = c.selected }
        }
        if d.kind != .scrollView { set("bounds") { v.bounds.origin = d.boundsOrigin } }
        set("transform") { v.transform = d.transform.affine }
        set("color") { v.backgroundColor = d.color }
        set("borderColor") { v.borderColor = d.borderColor }
        set("borderWidth") { v.borderWidth = d.borderWidth }
        set("cornerRadius") { v.cornerRadius = d.cornerRadius }
        set("alpha") { v.alpha = d.alpha }
        set("hidden") { v.isHidden = d.hidden }
        set("clipsToBounds") { v.clipsToBounds = d.clipsToBounds || d.kind == .scrollView }
        set("userInteraction") { v.isUserInteractionEnabled = d.userInteraction }
        set("multipleTouch") { v.isMultipleTouchEnabled = d.multipleTouch }
        set("exclusiveTouch") { v.isExclusiveTouch = d.exclusiveTouch }
        if !(v is Control) && d.kind != .scrollView { set("handlesTouches") { v.handlesTouches = d.handlesTouches } }
        set("hitRule") { v.hitRule = d.hitRule }
        set("touchOutset") { v.touchOutset = d.touchOutset }
        if v.text == nil { v.text = d.text }
        set("textColor") { v.textColor = d.textColor }
        set("fontSize") { v.fontSize = d.fontSize }
        set("font") { v.font = d.font }
        set("align") { v.textAlignment = d.align }
        set("image") { v.imagePath = d.image?.resolved }
        v.handledActions.formUnion(d.responder.actions)
        set("handlesMotion") { v.handlesMotion = d.responder.handlesMotion }
        set("handlesRemote") { v.handlesRemoteControl = d.responder.handlesRemote }
        if d.responder.canBecomeFirstResponder { v.canBecomeFirstResponder = true }
        return v
    }

    static func makeRecognizer(_ d: RecognizerDescription) -> GestureRecognizer {
        let r = d.type.make(id: d.id)
        r.isEnabled = d.enabled
        r.cancelsTouchesInView = d.cancelsTouchesInView
        r.delaysTouchesBegan = d.delaysTouchesBegan
        r.delaysTouchesEnded = d.delaysTouchesEnded
        r.allowedTouchTypes = d.allowedTouchTypes
        r.requiresExclusiveTouchType = d.requiresExclusiveTouchType
        return r
    }
}
