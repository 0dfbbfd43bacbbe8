// PlayerDescription: the media player (`player`).

/// The media player (`player`): what the Now Playing panel shows and what plays.
public struct PlayerDescription: Sendable, Hashable {
    /// `title`, `artist`, `album`.
    public var title = ""
    /// `artist`.
    public var artist = ""
    /// `album` (shown when given).
    public var album: String?
    /// `duration` in seconds (default 180).
    public var duration: Double = 180
    /// `rate`: playback rate when playing (default 1).
    public var rate: Double = 1
    /// `tone`: frequency in Hz of a generated tone (default 440 when there is no `sound`).
    public var tone: Double?
    /// `sound`: a sound asset played instead of the tone.
    public var sound: AssetPath?
    /// `skipInterval`: seconds skipped by skip forward/backward (default 15).
    public var skipInterval: Double = 15
    /// Where the `player` section is written.
    public var location: SourceLocation = .start
    /// A player with the defaults: a 180 s untitled item at rate 1.
    public init() {}
}
