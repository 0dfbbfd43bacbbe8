// Remote control: a command centre with handlers, Now Playing, and the legacy responder path.

/// What the Now Playing panel shows.
public struct NowPlayingInfo: Sendable, Hashable {
    public var title: String = ""
    public var artist: String = ""
    public var duration: Double = 0
    public var elapsed: Double = 0
    public var rate: Double = 0
    public init(title: String = "", artist: String = "", duration: Double = 0) {
        self.title = title; self.artist = artist; self.duration = duration
    }
}

/// The remote command centre, as `MPRemoteCommandCenter`: handlers per command, delivered
/// only once the app is the Now Playing app (it started playback).
public final class RemoteCommandCenter {
    unowned let app: Application
    /// Handlers per command; a handler returns whether it handled the command.
    private var handlers: [RemoteCommand: (RemoteCommand, Double?) -> Bool] = [:]
    public var nowPlaying = NowPlayingInfo()
    /// Whether the app is the Now Playing app (set when it starts playback).
    public private(set) var isNowPlayingApp = false

    init(app: Application) { self.app = app }

    public func addHandler(for command: RemoteCommand, _ h: @escaping (RemoteCommand, Double?) -> Bool) {
        handlers[command] = h
    }
    /// Marks the app as the Now Playing app (it started playing audio).
    public func becomeNowPlaying(reason: String) {
        guard !isNowPlayingApp else { return }
        isNowPlayingApp = true
        app.tracer.emit(app.time, .note(topic: "remote", text: "now the Now Playing app: \(reason)"))
    }

    func receive(_ cmd: RemoteCommand, value: Double?) {
        guard isNowPlayingApp else {
            app.tracer.emit(app.time, .remote(command: cmd.rawValue, handledBy: nil, reason: "not the Now Playing app yet: start playback first"))
            return
        }
        if let h = handlers[cmd], h(cmd, value) {
            app.tracer.emit(app.time, .remote(command: cmd.rawValue, handledBy: "commandCenter", reason: "command centre handler"))
            return
        }
        // The legacy path: remoteControlReceived(with:) on the first responder, up the chain.
        let event = Event(type: .remoteControl, subtype: cmd.rawValue, timestamp: app.time)
        event.remoteCommand = cmd
        let start: Responder = app.firstResponder ?? app
        start.remoteControlReceived(with: event)
        app.tracer.emit(app.time, .remote(command: cmd.rawValue, handledBy: event.handledBy?.id,
                                          reason: event.handledBy == nil ? "no responder handles remote control" : "remoteControlReceived via the responder chain"))
    }
}
