// SceneSession: one loaded scene with its input mapping: what live runs and replays drive.

/// A scene brought to life: the application built from it, the input mapper (DESIGN.md
/// step 2) and the media player. Live windows and headless replays drive it the same way:
/// `handle` every RawInput, `advance` the clock.
///
///     let session = SceneSession(scene: try SceneLoader.load(path: "scenes/photo.yaml"))
///     session.app.tracer.sink = TraceCallback { print($0) }   // each record's JSON line
///     session.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 400, y: 300)))
///     session.advance(to: 1)
public final class SceneSession {
    /// The scene as it was loaded.
    public let scene: SceneDescription
    /// What building it produced: views, recognizers and controllers by id, the player, the
    /// bindings.
    public let built: BuiltScene
    /// `built.app`, kept here too: reading it from `built` retained it on every input.
    public let app: Application
    // The stored state `handle` touches on every input is `@exclusivity(unchecked)`: the
    // dynamic exclusivity checks cost about 400 instructions per input. A session is used
    // from one thread (the main actor) and these accesses never overlap.
    /// The input mapper (step 2): mouse, keys, gamepad and accelerometer to touches, shake,
    /// remote commands and orientation, for this scene's window.
    public var mapper: InputMapper { inputMapper }
    @exclusivity(unchecked) private var inputMapper: InputMapper
    /// Whether a program built the application in code (`init(name:window:build:)`) rather
    /// than from a scene description: there is then no scene to reload.
    public let isBuiltInCode: Bool

    /// Builds `scene` into a new application at time 0, with a fresh input mapper.
    public init(scene: SceneDescription) {
        self.scene = scene
        built = SceneBuilder.build(scene)
        app = built.app
        isBuiltInCode = false
        inputMapper = InputMapper(sceneSize: scene.window, defaults: built.app.defaults)
    }

    /// An application a program builds in code instead of a scene file: `build` adds its
    /// views, recognizers and controls (its own subclasses too) to a fresh application whose
    /// window is `window` points. `scene` is then a description with that name and window
    /// and no views. Call it again with the same closure for a fresh copy (a replay).
    ///
    ///     let session = SceneSession(name: "circle", window: Size(width: 800, height: 600)) { app in
    ///         let canvas = View(id: "canvas", frame: Rect(x: 0, y: 0, width: 800, height: 600))
    ///         canvas.addGestureRecognizer(CircleGestureRecognizer(id: "circle"))
    ///         app.window.addSubview(canvas)
    ///     }
    ///
    /// The views own their subviews and recognizers; view controllers and transform bindings
    /// are held weakly, as in a scene, so keep those you make alive yourself.
    public init(name: String, window: Size, build: (Application) -> Void) {
        scene = SceneDescription(name: name, window: window, file: "<\(name)>")
        built = SceneBuilder.build(window: window, in: build)
        app = built.app
        isBuiltInCode = true
        inputMapper = InputMapper(sceneSize: window, defaults: built.app.defaults)
    }

    /// A scene reload: interrupts `old` (its touches and shake are cancelled with `reason`)
    /// and takes over its input state, so a finger still on the glass stays swallowed until
    /// it lifts instead of coming back as a new touch in the new scene.
    ///
    ///     session = SceneSession(scene: try SceneLoader.load(path: path), replacing: session)
    public convenience init(scene: SceneDescription, replacing old: SceneSession, reason: String = "scene reloaded") {
        old.interrupt(reason: reason)
        self.init(scene: scene)
        var carried = old.mapper
        carried.sceneSize = scene.window
        carried.defaults = built.app.defaults
        inputMapper = carried
    }

    /// Maps one raw input (step 2) and delivers the resulting events at its time.
    public func handle(_ raw: RawInput) { handle(raw, traits: nil) }

    /// The same for a finger event whose contact the device reported (`contact`, with the
    /// `device` whose axes give its size: a device recording's): the touch takes its type,
    /// pressure and size, and a palm is kept out (docs/touch-types.md). Without a contact, as
    /// ``handle(_:)``.
    public func handle(_ raw: RawInput, contact: RawContact?, device: RawDevice?) {
        guard let contact else { return handle(raw, traits: nil) }
        let hasPressure: Bool = switch raw.kind {
        case let .fingerDown(_, _, _, p, _), let .fingerMove(_, _, _, p, _), let .fingerUp(_, _, _, p, _): p != nil
        default: false
        }
        handle(raw, traits: TouchTraits(contact: contact, device: device, hasPressure: hasPressure))
    }

    private func handle(_ raw: RawInput, traits: TouchTraits?) {
        if typeIntoTextField(raw) { app.advance(to: raw.t); return }
        // An accelerometer shake whose quiet time ran out before this input ends at that
        // moment, however often the host advanced time meanwhile.
        if inputMapper.isShakeHeld, let d = inputMapper.nextDeadline, d <= raw.t { advance(to: raw.t) }
        // The mapped events go into a buffer kept between inputs. A nested `handle` (from a
        // handler or a sink) maps into a list of its own, so the buffer never changes while
        // its events are being sent, and is read in place (no retain of it per input).
        if handlingInput {
            var events: [InputEvent] = []
            inputMapper.map(raw, traits: traits, into: &events)
            for e in events { app.send(e, at: raw.t) }
            if events.isEmpty { app.advance(to: raw.t) }
            return
        }
        handlingInput = true
        defer { handlingInput = false }
        inputMapper.map(raw, traits: traits, into: &eventBuffer)
        switch eventBuffer.count {
        case 0:
            app.advance(to: raw.t)
        case 1:
            // Nearly every input maps to one event: moved out of the buffer (left empty for
            // the next input), not copied out and cleared.
            let event = eventBuffer.removeLast()
            app.send(event, at: raw.t)
        default:
            for i in 0..<eventBuffer.count { app.send(eventBuffer[i], at: raw.t) }
            eventBuffer.removeAll(keepingCapacity: true)
        }
    }
    @exclusivity(unchecked) private var handlingInput = false
    @exclusivity(unchecked) private var eventBuffer: [InputEvent] = []

    /// Advances time (timers, animations, the media player). True while something moves.
    @discardableResult
    public func advance(to t: Double) -> Bool {
        // An accelerometer shake ends when its quiet time runs out, not when the host next
        // advances: the live window (woken at its own times) and a replay (stepped every
        // 1/120 s) trace the same moment.
        if inputMapper.isShakeHeld, let d = inputMapper.nextDeadline, d <= t {
            let at = max(d, app.time)
            for e in inputMapper.advance(to: t) { app.send(e, at: at) }
        }
        return app.advance(to: t)
    }

    /// The next time something is due: a timer in the application or the end of an
    /// accelerometer shake (nil: none).
    public var nextDeadline: Double? {
        guard let m = inputMapper.nextDeadline else { return app.nextDeadline }
        return min(m, app.nextDeadline ?? m)
    }

    /// Whether stepping time frame by frame can change anything (animations, timers, a
    /// shake): when false, a replay may jump straight to the next input.
    public var needsFrames: Bool { app.needsFrames || inputMapper.nextDeadline != nil }

    /// Cancels every touch and a shake under way, e.g. before the scene is replaced by a
    /// reload; fingers still down are swallowed until they lift.
    public func interrupt(reason: String) {
        for e in inputMapper.interrupt(reason: reason) { app.send(e, at: app.time) }
    }

    /// While a text field is first responder, keys type into it (the host supplies text
    /// input, as the iOS keyboard does): printable keys insert their character (US layout,
    /// Shift for capitals), Space a space, Backspace deletes, Return ends editing, and
    /// Ctrl+C / X / V / A send copy / cut / paste / selectAll along the responder chain.
    /// Everything else (Escape, Ctrl+Z, media keys, F-keys) keeps its usual meaning.
    private func typeIntoTextField(_ raw: RawInput) -> Bool {
        guard case let .keyDown(key, mods) = raw.kind, let field = app.firstResponder as? TextField else { return false }
        if mods.contains(.alt) { return false }
        if mods.contains(.ctrl) {
            let action: String? = switch key.lowercased() {
            case "c": "copy"
            case "x": "cut"
            case "v": "paste"
            case "a": "selectAll"
            default: nil
            }
            guard let action else { return false }
            app.sendAction(action, to: nil, from: field)
            return true
        }
        switch key {
        case "Backspace": field.deleteBackward()
        case "Return", "Keypad Enter": field.insertText("\n")
        case "Space": field.insertText(" ")
        default:
            guard key.count == 1, let c = key.first, c.isASCII, !c.isWhitespace else { return false }
            let shifted: [Character: Character] = ["1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&",
                                                  "8": "*", "9": "(", "0": ")", "-": "_", "=": "+", "[": "{", "]": "}",
                                                  ";": ":", "'": "\"", ",": "<", ".": ">", "/": "?", "\\": "|", "`": "~"]
            let text: Character = mods.contains(.shift) ? (c.isLetter ? Character(c.uppercased()) : shifted[c] ?? c)
                                                       : Character(c.lowercased())
            field.insertText(String(text))
        }
        return true
    }
}
