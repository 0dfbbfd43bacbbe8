// Replayer: plays a recording into a scene on a virtual clock. Same inputs, same trace, byte for byte.

/// Headless replay (DESIGN.md): reads the recording line by line (memory does not grow with
/// its length), runs step (2) and everything after it exactly as live input does, and steps a
/// virtual clock at `frameInterval` between inputs so animations advance as on screen.
///
///     let r = try Replayer(session: session, recording: RecordingReader(path: "tap.jsonl"))
///     try r.run(until: nil)
public final class Replayer {
    /// The session played into; a `reload` line replaces it (see `onReload`).
    public private(set) var session: SceneSession
    /// The recording being played.
    public let reader: RecordingReader
    /// The virtual frame interval: 1/120 s.
    public var frameInterval = 1.0 / 120
    /// Whether moves are delivered once per frame, with their coalesced samples
    /// (`Application.coalescesTouches`; `--no-coalesce`: false, every sample at once). A
    /// recording that kept its window's delivery instants (``RecordingHeader/touchFrames``)
    /// is delivered at its `touch-frame` lines; any other on the grid of `frameInterval`
    /// (every multiple of 1/120 s at which a move waits).
    public var coalescesTouches = true
    /// Called once when the clock reaches `snapshotTime` (for `--screenshot --at`).
    public var snapshotTime: Double?
    /// Called with the session when the clock reaches `snapshotTime`.
    public var onSnapshot: ((SceneSession) -> Void)?
    /// Each touch's contact as a device recording reported it (slot, tracking id, touch
    /// size); empty for a TouchScope recording.
    public private(set) var rawContacts = RawContactTable()
    /// The time the replay stopped at.
    public private(set) var endTime = 0.0
    /// Called with the new session after a `reload` line replaced the old one. The new
    /// session already has the old one's trace sink and input hook; set anything else here.
    public var onReload: ((SceneSession) -> Void)?
    /// Called with each input just before it is handled (`why` watches where hovers went).
    public var onInput: ((RawInput) -> Void)?
    /// The recognizer types and view kinds a reloaded scene may name.
    public let types: SceneTypes
    /// Where every reloaded scene's assets are resolved: the folder of the scene the replay
    /// began with (the scene given on the command line), whatever path a `reload` line names.
    /// A recording cannot widen what a replay reads.
    let assetFolder: String

    /// `types`: what a `reload` line's scene may name (give the session's scene's).
    public init(session: SceneSession, recording: RecordingReader, types: SceneTypes = SceneTypes()) {
        self.session = session
        self.reader = recording
        self.types = types
        assetFolder = session.scene.folder
    }

    /// Runs until `until` (default: one second after the last input, so pending timers
    /// resolve). A `quit` line ends the replay at its time, as the program ended there.
    /// Throws the recording's first error (`FILE:LINE:COLUMN`).
    public func run(until: Double?) throws(InputFileError) {
        var clock = 0.0
        var snapped = false
        session.app.coalescesTouches = coalescesTouches
        let onGrid = coalescesTouches && !reader.header.touchFrames
        func advance(to p: Double) {
            if !snapped, let s = snapshotTime, s <= p {
                if s > clock { session.advance(to: s) }
                snapped = true
                onSnapshot?(session)
            }
            session.advance(to: p)
            clock = p
        }
        // The frames before `t`, then the clock to `t`; before an input (`input`) the clock
        // stays short of it: the input's own delivery advances to its time, so a timer due at
        // that very instant fires with the input's touch sample (`Application.send`), as live.
        func step(to t: Double, input: Bool = false) {
            // Moves waiting for a frame, on the grid (a recording without delivery instants):
            // delivered at the first multiple of the frame interval at or after the earliest
            // (before an input at that very instant, which waits for the next).
            while onGrid, let first = session.app.earliestPendingTouchSample {
                let g = max((first / frameInterval).rounded(.up) * frameInterval, first)
                guard g < t || (!input && g <= t) else { break }
                frames(to: g, input: true)
                session.handle(RawInput(t: g, .touchFrame))
                clock = max(clock, g)
            }
            frames(to: t, input: input)
        }
        func frames(to t: Double, input: Bool) {
            while clock + frameInterval < t {
                // Nothing moves or waits: the frames in between change nothing, so a long
                // pause (or a recording whose times are huge) costs one step, not millions.
                if !session.needsFrames { break }
                advance(to: clock + frameInterval)
            }
            if !snapped, let s = snapshotTime, s <= t { advance(to: max(s, clock)) }
            if t > clock && !input { advance(to: t) }
        }
        var last = 0.0
        var quitAt: Double?
        while let entry = try reader.nextEntry() {
            if let u = until, entry.t > u { break }
            let input: RawInput
            switch entry {
            case .reload(let r):
                step(to: r.t)
                try reload(r)
                last = r.t
                continue
            case .input(let i): input = i
            }
            step(to: input.t, input: true)
            let contact = reader.lastContact
            onInput?(input)
            rawContacts.willHandle(input, contact, app: session.app)
            session.handle(input, contact: contact, device: reader.rawDevice)
            rawContacts.didHandle(input, contact, app: session.app)
            clock = max(clock, input.t)
            last = input.t
            if input.isEnd { quitAt = input.t; break }
        }
        let end = quitAt ?? until ?? (last + 1)
        step(to: end)
        if !snapped, snapshotTime != nil { snapped = true; onSnapshot?(session) }
        endTime = end
    }

    /// Does what the live program's hot reload did: the touches under way are cancelled
    /// ("scene reloaded") and the recorded scene text replaces the scene, its assets resolved
    /// as the first scene's are (`assetFolder`: the `reload` line's path only names it).
    private func reload(_ r: SceneReload) throws(InputFileError) {
        if session.isBuiltInCode {
            throw InputFileError(file: reader.file, line: reader.lineNumber, column: 1,
                                 "a `reload` line, but \(session.scene.name) builds its views in code: there is no scene to reload")
        }
        let scene: SceneDescription
        do {
            scene = try SceneLoader.parse(text: r.scene, file: r.path, folder: assetFolder, types: types)
        } catch {
            let first = error.diagnostics.first?.rendered ?? "not a scene"
            throw InputFileError(file: reader.file, line: reader.lineNumber, column: 1, "the reloaded scene does not load: \(first)")
        }
        let old = session
        session = SceneSession(scene: scene, replacing: old, reason: "scene reloaded")
        session.app.tracer.sink = old.app.tracer.sink
        session.app.coalescesTouches = coalescesTouches
        onReload?(session)
    }
}
