// SceneSession: one loaded scene with its input mapping: what live runs and replays drive.

/// A scene brought to life: the application built from it, the input mapper (DESIGN.md
/// step 2) and the media player. Live windows and headless replays drive it the same way:
/// `handle` every RawInput, `advance` the clock.
///
///     let session = SceneSession(scene: try SceneLoader.load(path: "scenes/photo.yaml"))
///     session.app.tracer.sink = { print($0) }
///     session.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 400, y: 300)))
///     session.advance(to: 1)
public final class SceneSession {
    public let scene: SceneDescription
    public let built: BuiltScene
    public var app: Application { built.app }
    public private(set) var mapper: InputMapper

    public init(scene: SceneDescription) {
        self.scene = scene
        built = SceneBuilder.build(scene)
        mapper = InputMapper(sceneSize: scene.window, defaults: built.app.defaults)
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
        mapper = carried
    }

    /// Maps one raw input (step 2) and delivers the resulting events at its time.
    public func handle(_ raw: RawInput) {
        let events = mapper.map(raw)
        for e in events { app.send(e, at: raw.t) }
        if events.isEmpty { app.advance(to: raw.t) }
    }

    /// Advances time (timers, animations, the media player). True while something moves.
    @discardableResult
    public func advance(to t: Double) -> Bool {
        for e in mapper.advance(to: t) { app.send(e, at: t) }
        return app.advance(to: t)
    }

    /// Whether stepping time frame by frame can change anything (animations, timers, a
    /// shake): when false, a replay may jump straight to the next input.
    public var needsFrames: Bool { app.needsFrames || mapper.nextDeadline != nil }

    /// Cancels every touch and a shake under way, e.g. before the scene is replaced by a
    /// reload; fingers still down are swallowed until they lift.
    public func interrupt(reason: String) {
        for e in mapper.interrupt(reason: reason) { app.send(e, at: app.time) }
    }
}
