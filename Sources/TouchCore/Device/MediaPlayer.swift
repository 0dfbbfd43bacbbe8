// MediaPlayer: a play queue whose transport the remote commands drive; keeps Now Playing current.
//
//   stopped ──play──▶ playing ◀──play / pause──▶ paused
//      ▲                 │ end of last item            │
//      └──── stop ───────┴─────────────────────────────┘
//   seeking (forward/backward) runs on top of any state until endSeeking.

/// One item of the queue.
public struct MediaItem: Sendable, Hashable {
    /// The item's title, shown in Now Playing.
    public var title: String
    /// The item's artist, shown in Now Playing.
    public var artist: String
    /// Seconds; 0 means unknown (the item never ends by itself).
    public var duration: Double
    /// An item called `title` by `artist`, `duration` seconds long (0: unknown).
    public init(title: String, artist: String = "", duration: Double = 0) {
        self.title = title; self.artist = artist; self.duration = duration
    }
}

/// A media player model, as the app's `AVPlayer` plus its `MPRemoteCommandCenter` wiring.
///
/// `registerRemoteCommands()` installs a handler for every command of SPEC.md section 8 in
/// the application's command centre, named with the player's id, so the trace says
/// `handledBy: "player"`. Starting playback makes the app the Now Playing app. Elapsed
/// time follows host time while playing (`advance` drives it), or the host sets it from
/// its audio clock (`followsHostTime = false`, then `syncElapsed`).
///
///     let player = MediaPlayer(id: "player", app: app, queue: [MediaItem(title: "Song", duration: 180)])
///     player.registerRemoteCommands()
///     player.play()
public final class MediaPlayer: TimeListener {
    /// The direction of a seek.
    public enum Seeking: String, Sendable, Hashable {
        /// Fast-forward.
        case forward
        /// Rewind.
        case backward
    }
    /// A rating of an item.
    public enum Rating: String, Sendable, Hashable {
        /// Liked (the `like` command).
        case liked
        /// Disliked (the `dislike` command).
        case disliked
    }

    /// The id the trace names as the handler of remote commands.
    public let id: String
    /// The application whose command centre and clock the player uses: held weakly (a
    /// program may keep the player longer than the application). Once the application is
    /// gone, the player keeps its state but its clock stands still and nothing is published.
    private(set) weak var app: Application?
    /// The items, in play order. Changing it keeps ``index`` within the new queue.
    public var queue: [MediaItem] { didSet { index = min(index, max(queue.count - 1, 0)); publish() } }
    /// The position of the current item in ``queue``.
    public private(set) var index = 0
    /// Whether the player is playing (elapsed time advances at ``rate``).
    public private(set) var isPlaying = false
    /// Seconds into the current item.
    public private(set) var elapsed: Double = 0
    /// The playback rate while playing (1 normal). Now Playing shows 0 while paused.
    public private(set) var rate: Double = 1
    /// The seek under way (fast-forward or rewind at ``seekSpeed``), if any.
    public private(set) var seeking: Seeking?
    /// How many times normal speed seeking runs. 4×.
    public var seekSpeed: Double = 4
    /// `previousTrack` more than this far into an item restarts it instead. 3 s, as iOS.
    public var restartThreshold: Double = 3
    /// Whether elapsed time advances with host time; false when the host's audio clock sets it.
    public var followsHostTime = true
    /// Ratings and bookmarks per queue index (like, dislike, bookmark).
    public private(set) var ratings: [Int: Rating] = [:]
    /// The queue positions that are bookmarked (the `bookmark` command toggles one).
    public private(set) var bookmarks: Set<Int> = []
    /// Called after every change (for a scene's player view to redraw).
    public var onChange: ((MediaPlayer) -> Void)?
    private var lastTick: Double = 0

    /// A stopped player named `id` (the trace's `handledBy` for its commands) with `queue`.
    /// Call ``registerRemoteCommands()`` to let the remote drive it.
    public init(id: String, app: Application, queue: [MediaItem] = []) {
        self.id = id; self.app = app; self.queue = queue
    }

    /// The item at ``index``, nil when the queue is empty.
    public var currentItem: MediaItem? { queue.indices.contains(index) ? queue[index] : nil }

    // MARK: Transport

    /// Starts playing: the app becomes the Now Playing app (commands reach it from now on).
    public func play() {
        guard !isPlaying else { return }
        tick()
        isPlaying = true
        app?.remote.becomeNowPlaying(reason: "\(id) started playback")
        startTicking()
        publish()
    }
    /// Pauses, keeping the position.
    public func pause() {
        guard isPlaying else { return }
        tick()
        isPlaying = false
        publish()
    }
    /// Plays when paused, pauses when playing.
    public func togglePlayPause() { if isPlaying { pause() } else { play() } }
    /// Stops and rewinds the current item.
    public func stop() {
        tick()
        isPlaying = false
        seeking = nil
        elapsed = 0
        publish()
    }
    /// The next item from its start; past the last item, stops.
    public func nextTrack() {
        tick()
        if index + 1 < queue.count { index += 1; elapsed = 0; publish() } else { index = 0; stop() }
    }
    /// Restarts the item when more than `restartThreshold` into it, else the previous item.
    public func previousTrack() {
        tick()
        if elapsed <= restartThreshold, index > 0 { index -= 1 }
        elapsed = 0
        publish()
    }
    /// Jumps to `position` seconds (clamped to the item).
    public func seek(to position: Double) {
        tick()
        elapsed = clamp(position)
        publish()
    }
    /// Skips by `interval` seconds (negative: backward).
    public func skip(by interval: Double) { tick(); seek(to: elapsed + interval) }
    /// Sets the playback rate (1 normal speed; negative values become 0).
    public func setRate(_ r: Double) {
        tick()
        rate = max(0, r)
        publish()
    }
    /// Starts seeking in `direction` at ``seekSpeed`` times normal speed, until ``endSeeking()``.
    public func beginSeeking(_ direction: Seeking) {
        tick()
        seeking = direction
        startTicking()
        publish()
    }
    /// Stops seeking.
    public func endSeeking() {
        tick()
        seeking = nil
        publish()
    }
    /// Rates the current item (the `like` and `dislike` commands).
    public func rate(_ rating: Rating) { ratings[index] = rating; publish() }
    /// Bookmarks the current item, or removes its bookmark.
    public func toggleBookmark() {
        if bookmarks.remove(index) == nil { bookmarks.insert(index) }
        publish()
    }
    /// Sets elapsed time from the host's audio clock.
    public func syncElapsed(_ seconds: Double) {
        lastTick = app?.time ?? lastTick
        elapsed = clamp(seconds)
        publish()
    }

    // MARK: Remote commands

    /// Installs a handler for every remote command, each traced as handled by `id`. The
    /// centre holds the player weakly: once the player is gone its handlers decline.
    public func registerRemoteCommands() {
        guard let app else { return }
        for cmd in RemoteCommand.allCases {
            app.remote.addHandler(for: cmd, handledBy: id) { [weak self] c, v in self?.perform(c, value: v) ?? false }
        }
    }

    /// Performs one remote command; returns whether it applied (false: a missing argument).
    @discardableResult
    public func perform(_ cmd: RemoteCommand, value: Double?) -> Bool {
        switch cmd {
        case .play: play()
        case .pause: pause()
        case .togglePlayPause: togglePlayPause()
        case .stop: stop()
        case .nextTrack: nextTrack()
        case .previousTrack: previousTrack()
        case .beginSeekingForward: beginSeeking(.forward)
        case .beginSeekingBackward: beginSeeking(.backward)
        case .endSeekingForward, .endSeekingBackward: endSeeking()
        case .skipForward, .skipBackward:
            // Without an interval of its own, the command centre's (none once the application is gone).
            guard let interval = value ?? app?.remote.preferredSkipInterval else { return false }
            skip(by: cmd == .skipForward ? interval : -interval)
        case .changePlaybackPosition:
            guard let value else { return false }
            seek(to: value)
        case .changePlaybackRate:
            guard let value else { return false }
            setRate(value)
        case .like: rate(.liked)
        case .dislike: rate(.disliked)
        case .bookmark: toggleBookmark()
        }
        return true
    }

    // MARK: Time

    /// Brings elapsed time up to `time` (moving to the next item when one finishes) and
    /// updates Now Playing; asks for more calls while playing or seeking.
    public func timeDidAdvance(to time: Double) -> Bool {
        tick()
        publish()
        return isPlaying || seeking != nil
    }

    private func startTicking() {
        guard let app else { return }
        lastTick = app.time
        app.addTimeListener(self)
    }

    /// Brings elapsed time up to the application's time.
    private func tick() {
        guard let app else { return }
        let now = app.time
        let dt = max(0, now - lastTick)
        lastTick = now
        guard dt > 0, followsHostTime || seeking != nil else { return }
        let speed: Double = switch seeking {
        case .forward: seekSpeed
        case .backward: -seekSpeed
        case nil: isPlaying ? rate : 0
        }
        guard speed != 0 else { return }
        let duration = currentItem?.duration ?? 0
        let next = elapsed + dt * speed
        if duration > 0, next >= duration, seeking == nil {
            // The item finished: on to the next one, or stop after the last.
            if index + 1 < queue.count { index += 1; elapsed = 0 } else { index = 0; isPlaying = false; elapsed = 0 }
        } else {
            elapsed = clamp(next)
        }
    }

    private func clamp(_ s: Double) -> Double {
        let duration = currentItem?.duration ?? 0
        return duration > 0 ? min(max(0, s), duration) : max(0, s)
    }

    /// Copies the player's state to the command centre's Now Playing info.
    private func publish() {
        let item = currentItem
        app?.remote.nowPlaying = NowPlayingInfo(title: item?.title ?? "", artist: item?.artist ?? "",
                                               duration: item?.duration ?? 0, elapsed: elapsed,
                                               rate: isPlaying ? rate : 0)
        onChange?(self)
    }
}
