// Remote control: a command centre with handlers, Now Playing, and the legacy responder path.

/// What the Now Playing panel shows.
public struct NowPlayingInfo: Sendable, Hashable {
    /// The item's title.
    public var title: String = ""
    /// The item's artist.
    public var artist: String = ""
    /// The item's length in seconds (0: unknown).
    public var duration: Double = 0
    /// Seconds into the item.
    public var elapsed: Double = 0
    /// Playback rate: 0 paused, 1 normal speed.
    public var rate: Double = 0
    /// Now Playing info with the given fields (empty, paused, by default).
    public init(title: String = "", artist: String = "", duration: Double = 0, elapsed: Double = 0, rate: Double = 0) {
        self.title = title; self.artist = artist; self.duration = duration
        self.elapsed = elapsed; self.rate = rate
    }
}

extension RemoteCommand {
    /// What the command's argument means, as the `MPRemoteCommandEvent` subclasses carry it.
    public enum Argument: String, Sendable, Hashable {
        /// No argument.
        case none
        /// `skipForward` / `skipBackward`: the interval in seconds (`MPSkipIntervalCommandEvent.interval`).
        case interval
        /// `changePlaybackPosition`: the position in seconds (`MPChangePlaybackPositionCommandEvent.positionTime`).
        case position
        /// `changePlaybackRate`: the new rate (`MPChangePlaybackRateCommandEvent.playbackRate`).
        case rate
    }

    /// What the command's argument is: an interval for skips, a position, a rate, or nothing.
    public var argument: Argument {
        switch self {
        case .skipForward, .skipBackward: .interval
        case .changePlaybackPosition: .position
        case .changePlaybackRate: .rate
        case .play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack,
             .beginSeekingForward, .endSeekingForward, .beginSeekingBackward, .endSeekingBackward,
             .like, .dislike, .bookmark: .none
        }
    }
}

/// A handler for one remote command: returns whether it handled the command.
public typealias RemoteCommandHandler = (RemoteCommand, Double?) -> Bool

/// The remote command centre, as `MPRemoteCommandCenter`: handlers per command, delivered
/// only once the app is the Now Playing app (it started playback).
///
/// A command is, in order: dropped (traced with `handledBy: null`) before the app is the Now
/// Playing app, or when disabled, or when it needs an argument and has none; else given to
/// its handler (traced with the name the handler was registered with); else, when no
/// handler takes it, sent the legacy way: `remoteControlReceived(with:)` to the first
/// responder (the application when there is none) and up the chain.
///
///     app.remote.addHandler(for: .play, handledBy: "player") { _, _ in player.play(); return true }
public final class RemoteCommandCenter {
    /// The application the commands go to: held weakly (the application owns this object,
    /// and a program may keep it longer); once the application is gone, nothing is
    /// delivered or traced.
    private(set) weak var app: Application?
    private var handlers: [RemoteCommand: (name: TraceName, handler: RemoteCommandHandler)] = [:]
    private var disabled: Set<RemoteCommand> = []
    /// What the Now Playing panel shows (`MPNowPlayingInfoCenter.nowPlayingInfo`); a
    /// ``MediaPlayer`` keeps it current.
    public var nowPlaying = NowPlayingInfo()
    /// Whether the app is the Now Playing app (set when it starts playback).
    public private(set) var isNowPlayingApp = false
    /// The interval skip commands use when they come without one (media keys, gamepad):
    /// `MPSkipIntervalCommand.preferredIntervals`' first value. 15 s.
    public var preferredSkipInterval: Double = 15

    init(app: Application) { self.app = app }

    /// Sets the handler of `command`; `handledBy` names it in the trace (a player's or
    /// responder's id). One handler per command: a new one replaces the old.
    public func addHandler(for command: RemoteCommand, handledBy name: String = "commandCenter", _ h: @escaping RemoteCommandHandler) {
        handlers[command] = (TraceName(name), h)
    }
    /// Removes the handler of `command`: the command goes the legacy way, to the first
    /// responder's `remoteControlReceived(with:)`.
    public func removeHandler(for command: RemoteCommand) { handlers[command] = nil }
    /// Who handles `command` (the name given to `addHandler`), if anyone.
    public func handlerName(for command: RemoteCommand) -> String? { handlers[command]?.name.string }

    /// Whether `command` is delivered (`MPRemoteCommand.isEnabled`; all are, by default).
    public func isEnabled(_ command: RemoteCommand) -> Bool { !disabled.contains(command) }
    /// Enables or disables `command` (`MPRemoteCommand.isEnabled`). A disabled command is
    /// dropped, traced with `handledBy: null` and the reason "`command` is disabled".
    public func setEnabled(_ enabled: Bool, for command: RemoteCommand) {
        if enabled { disabled.remove(command) } else { disabled.insert(command) }
    }

    /// Marks the app as the Now Playing app (it started playing audio).
    public func becomeNowPlaying(reason: String) {
        guard !isNowPlayingApp else { return }
        isNowPlayingApp = true
        guard let app else { return }
        app.tracer.emit(app.time, .note(topic: "remote", text: "now the Now Playing app: \(reason)"))
    }

    func receive(_ cmd: RemoteCommand, value: Double?) {
        guard let app else { return }
        let name = cmd.rawValue
        guard isNowPlayingApp else {
            app.tracer.emit(app.time, .remote(command: name, handledBy: nil, reason: "not the Now Playing app yet: start playback first"))
            return
        }
        guard isEnabled(cmd) else {
            app.tracer.emit(app.time, .remote(command: name, handledBy: nil, reason: "\(name) is disabled"))
            return
        }
        var value = value
        switch cmd.argument {
        case .none: value = nil
        case .interval: value = value ?? preferredSkipInterval
        case .position, .rate:
            guard value != nil else {
                app.tracer.emit(app.time, .remote(command: name, handledBy: nil, reason: "\(name) needs a \(cmd.argument.rawValue)"))
                return
            }
        }
        let arg = value.map { " (\(cmd.argument.rawValue) \(fmt($0)))" } ?? ""
        if let (handlerName, h) = handlers[cmd], h(cmd, value) {
            app.tracer.emit(app.time, .remote(command: name, handledBy: handlerName, reason: "command centre handler\(arg)"))
            return
        }
        // The legacy path: remoteControlReceived(with:) on the first responder, up the chain.
        let event = Event(type: .remoteControl, subtype: name, timestamp: app.time)
        event.hot.remoteCommand = cmd
        let start: Responder = app.firstResponder ?? app
        start.remoteControlReceived(with: event)
        app.tracer.emit(app.time, .remote(command: name, handledBy: event.handledBy?.traceName,
                                          reason: (event.handledBy == nil ? "no responder handles remote control" : "remoteControlReceived via the responder chain") + arg))
    }
}
