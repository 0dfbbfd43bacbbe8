// Replayer: plays a recording into a scene on a virtual clock. Same inputs, same trace, byte for byte.

/// Headless replay (DESIGN.md): reads the recording line by line (memory does not grow with
/// its length), runs step (2) and everything after it exactly as live input does, and steps a
/// virtual clock at `frameInterval` between inputs so animations advance as on screen.
///
///     let r = try Replayer(session: session, recording: RecordingReader(path: "tap.jsonl"))
///     try r.run(until: nil)
public final class Replayer {
    public let session: SceneSession
    public let reader: RecordingReader
    /// The virtual frame interval: 1/120 s.
    public var frameInterval = 1.0 / 120
    /// Called once when the clock reaches `snapshotTime` (for `--screenshot --at`).
    public var snapshotTime: Double?
    public var onSnapshot: ((SceneSession) -> Void)?
    /// The time the replay stopped at.
    public private(set) var endTime = 0.0

    public init(session: SceneSession, recording: RecordingReader) {
        self.session = session
        self.reader = recording
    }

    /// Runs until `until` (default: one second after the last input, so pending timers
    /// resolve). A `quit` line ends the replay at its time, as the program ended there.
    /// Throws the recording's first error (`FILE:LINE:COLUMN`).
    public func run(until: Double?) throws(InputFileError) {
        var clock = 0.0
        var snapped = false
        func advance(to p: Double) {
            if !snapped, let s = snapshotTime, s <= p {
                if s > clock { session.advance(to: s) }
                snapped = true
                onSnapshot?(session)
            }
            session.advance(to: p)
            clock = p
        }
        func step(to t: Double) {
            while clock + frameInterval <= t {
                // Nothing moves or waits: the frames in between change nothing, so a long
                // pause (or a recording whose times are huge) costs one step, not millions.
                if !session.needsFrames { break }
                advance(to: clock + frameInterval)
            }
            if t > clock { advance(to: t) }
        }
        var last = 0.0
        var quitAt: Double?
        while let input = try reader.next() {
            if let u = until, input.t > u { break }
            step(to: input.t)
            session.handle(input)
            last = input.t
            if case .quit = input.kind { quitAt = input.t; break }
        }
        let end = quitAt ?? until ?? (last + 1)
        step(to: end)
        if !snapped, snapshotTime != nil { snapped = true; onSnapshot?(session) }
        endTime = end
    }
}
