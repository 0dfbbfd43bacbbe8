import Testing
@testable import TouchCore

/// An application with a `player` view (first responder) and a MediaPlayer named `player`.
final class RemoteFixture {
    let app = Application(windowSize: Size(width: 800, height: 600))
    let view = View(id: "player", frame: Rect(x: 0, y: 0, width: 300, height: 100))
    let player: MediaPlayer
    var records: [TraceRecord] = []

    init(register: Bool = true) {
        app.window.addSubview(view)
        view.canBecomeFirstResponder = true
        view.becomeFirstResponder()
        player = MediaPlayer(id: "player", app: app, queue: [
            MediaItem(title: "One", artist: "A", duration: 100),
            MediaItem(title: "Two", artist: "B", duration: 50),
        ])
        if register { player.registerRemoteCommands() }
        app.tracer.sink = TraceCallback { [unowned self] in self.records.append($0) }
    }

    var remotes: [(command: String, handledBy: TraceName?)] {
        records.compactMap { r in
            if case let .remote(command, handledBy, _) = r.body { return (command, handledBy) } else { return nil }
        }
    }
}

@Suite("Remote control")
struct RemoteTests {
    @Test("a command before playback is traced as handled by nobody")
    func beforePlayback() {
        let f = RemoteFixture()
        f.app.send(.remote(.togglePlayPause), at: 0)
        #expect(f.remotes.count == 1)
        #expect(f.remotes.first?.handledBy == nil)
        #expect(!f.player.isPlaying)
        #expect(!f.app.remote.isNowPlayingApp)
    }

    @Test("after playback starts, commands reach the player")
    func afterPlayback() {
        let f = RemoteFixture()
        f.player.play()
        #expect(f.app.remote.isNowPlayingApp)
        f.app.send(.remote(.togglePlayPause), at: 1)
        #expect(f.remotes.map(\.handledBy) == ["player"])
        #expect(!f.player.isPlaying)
    }

    @Test("every command is routed to the player and does what it says")
    func everyCommand() {
        let f = RemoteFixture()
        f.player.play()
        var t = 0.0
        func send(_ c: RemoteCommand, _ v: Double? = nil) { t += 0.001; f.app.send(.remote(c, value: v), at: t) }
        send(.pause); #expect(!f.player.isPlaying)
        send(.play); #expect(f.player.isPlaying)
        send(.changePlaybackPosition, 40); #expect(abs(f.player.elapsed - 40) < 0.01)
        send(.skipForward, 10); #expect(abs(f.player.elapsed - 50) < 0.01)
        send(.skipBackward); #expect(abs(f.player.elapsed - 35) < 0.01) // preferred interval, 15 s
        send(.changePlaybackRate, 2); #expect(f.player.rate == 2)
        send(.beginSeekingForward); #expect(f.player.seeking == .forward)
        send(.endSeekingForward); #expect(f.player.seeking == nil)
        send(.beginSeekingBackward); #expect(f.player.seeking == .backward)
        send(.endSeekingBackward); #expect(f.player.seeking == nil)
        send(.nextTrack); #expect(f.player.currentItem?.title == "Two")
        send(.previousTrack); #expect(f.player.currentItem?.title == "One")
        send(.like); #expect(f.player.ratings[0] == .liked)
        send(.dislike); #expect(f.player.ratings[0] == .disliked)
        send(.bookmark); #expect(f.player.bookmarks == [0])
        send(.togglePlayPause); #expect(!f.player.isPlaying)
        send(.stop); #expect(f.player.elapsed == 0)
        #expect(Set(f.remotes.map(\.command)) == Set(RemoteCommand.allCases.map(\.rawValue)))
        #expect(f.remotes.allSatisfy { $0.handledBy == "player" })
    }

    @Test("a disabled command or one missing its argument is handled by nobody")
    func disabledAndMissing() {
        let f = RemoteFixture()
        f.player.play()
        f.app.remote.setEnabled(false, for: .nextTrack)
        f.app.send(.remote(.nextTrack), at: 0.1)
        f.app.send(.remote(.changePlaybackRate), at: 0.2)
        #expect(f.remotes.map(\.handledBy) == [nil, nil])
        #expect(f.player.currentItem?.title == "One")
        f.app.remote.setEnabled(true, for: .nextTrack)
        f.app.send(.remote(.nextTrack), at: 0.3)
        #expect(f.remotes.last?.handledBy == "player")
    }

    @Test("without a handler, the first responder that handles remote control gets it the legacy way")
    func legacyPath() {
        let f = RemoteFixture(register: false)
        f.app.remote.becomeNowPlaying(reason: "test")
        f.app.send(.remote(.play), at: 0)
        #expect(f.remotes.last?.handledBy == nil)
        f.view.handlesRemoteControl = true
        f.app.send(.remote(.play), at: 0.1)
        #expect(f.remotes.last?.handledBy == "player")
        // A handler that declines passes the command on to the responder chain.
        f.app.remote.addHandler(for: .pause, handledBy: "declines") { _, _ in false }
        f.app.send(.remote(.pause), at: 0.2)
        #expect(f.remotes.last?.handledBy == "player")
    }

    @Test("media keys and pad buttons reach the player through the mapper")
    func throughTheMapper() {
        let f = RemoteFixture()
        var m = InputMapper(sceneSize: Size(width: 800, height: 600), defaults: Defaults())
        func feed(_ t: Double, _ k: RawInput.Kind) { for e in m.map(RawInput(t: t, k)) { f.app.send(e, at: t) } }
        feed(0, .keyDown(key: "F8"))
        #expect(f.remotes.last?.handledBy == nil) // not the Now Playing app yet
        f.player.play()
        feed(1, .keyDown(key: "AudioRewind"))
        feed(2, .keyUp(key: "AudioRewind"))
        feed(3, .padDown(button: "a"))
        #expect(f.remotes.map(\.command) == ["togglePlayPause", "beginSeekingBackward", "endSeekingBackward", "togglePlayPause"])
        #expect(f.remotes.dropFirst().allSatisfy { $0.handledBy == "player" })
        #expect(!f.player.isPlaying)
    }
}

@Suite("MediaPlayer")
struct MediaPlayerTests {
    @Test("elapsed time follows host time while playing and stops while paused")
    func elapsedFollowsTime() {
        let f = RemoteFixture()
        f.player.play()
        f.app.advance(to: 2)
        #expect(f.player.elapsed == 2)
        #expect(f.app.remote.nowPlaying.elapsed == 2)
        #expect(f.app.remote.nowPlaying.rate == 1)
        #expect(f.app.remote.nowPlaying.title == "One")
        f.player.pause()
        f.app.advance(to: 5)
        #expect(f.player.elapsed == 2)
        #expect(f.app.remote.nowPlaying.rate == 0)
        f.player.setRate(2)
        f.player.play()
        f.app.advance(to: 6)
        #expect(f.player.elapsed == 4)
    }

    @Test("seeking runs at four times normal speed until it ends")
    func seeking() {
        let f = RemoteFixture()
        f.player.play()
        f.app.send(.remote(.changePlaybackPosition, value: 50), at: 0)
        f.app.send(.remote(.beginSeekingBackward), at: 1)   // elapsed 51
        f.app.send(.remote(.endSeekingBackward), at: 3)     // 51 - 8
        #expect(abs(f.player.elapsed - 43) < 1e-9)
    }

    @Test("an item that ends moves on to the next; the last one stops")
    func itemEnds() {
        let f = RemoteFixture()
        f.player.play()
        f.app.advance(to: 100.5)
        #expect(f.player.currentItem?.title == "Two")
        f.app.advance(to: 151)
        #expect(!f.player.isPlaying)
        #expect(f.player.currentItem?.title == "One")
    }

    @Test("the host's audio clock can set elapsed time instead")
    func audioClock() {
        let f = RemoteFixture()
        f.player.followsHostTime = false
        f.player.play()
        f.app.advance(to: 3)
        #expect(f.player.elapsed == 0)
        f.player.syncElapsed(2.5)
        #expect(f.app.remote.nowPlaying.elapsed == 2.5)
    }

    @Test("previous track restarts an item more than three seconds in")
    func previousRestarts() {
        let f = RemoteFixture()
        f.player.nextTrack()
        f.player.play()
        f.app.advance(to: 10)
        f.player.previousTrack()
        #expect(f.player.currentItem?.title == "Two")
        #expect(f.player.elapsed == 0)
        f.player.previousTrack()
        #expect(f.player.currentItem?.title == "One")
    }
}
