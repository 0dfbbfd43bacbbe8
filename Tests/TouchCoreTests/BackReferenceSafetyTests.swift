// Objects a program keeps longer than what they point back to: no public call may reach freed
// memory (DESIGN.md, "Back references"). Each case reads freed memory when its link is not
// cleared; `make test-sanitize` runs them under AddressSanitizer, which reports that as a
// use after free.
import Testing
import TouchCore

@Suite("Back references outlived through the public API")
struct BackReferenceSafetyTests {
    /// Runs `body` with an application that is gone once it returns (checked: nothing else
    /// holds it), and returns what `body` returned.
    private func withShortLivedApp<T>(_ body: (Application) -> T) -> T {
        weak var gone: Application?
        let kept: T = {
            let app = Application(windowSize: Size(width: 400, height: 300))
            gone = app
            return body(app)
        }()
        #expect(gone == nil, "the application outlived the block: the case below would test nothing")
        return kept
    }

    @Test("a replaced delegate kept by the program leaves the application: becomeFirstResponder afterwards is refused")
    func replacedDelegate() {
        let old = Responder(id: "oldDelegate")
        old.canBecomeFirstResponder = true
        withShortLivedApp { app in
            app.delegate = old
            app.delegate = Responder(id: "newDelegate")
            #expect(old.application == nil)
        }
        #expect(old.becomeFirstResponder() == false)
        #expect(!old.isFirstResponder)
    }

    @Test("a view controller replaced by a second one on the same view, kept by the program, outlives the application")
    func secondViewController() {
        let first: ViewController = withShortLivedApp { app in
            let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            app.window.addSubview(root)
            let first = ViewController(id: "first", view: root)
            first.canBecomeFirstResponder = true
            let second = ViewController(id: "second", view: root)
            #expect(root.next === second)
            #expect(first.application == nil)
            return first
        }
        #expect(first.becomeFirstResponder() == false)
        #expect(first.application == nil)
    }

    @Test("a ManipulatedTransform made for a view that goes away moves nothing and reads no freed view")
    func manipulationOutlivesView() {
        weak var gone: View?
        let m: ManipulatedTransform = {
            let v = View(id: "photo", frame: Rect(x: 0, y: 0, width: 50, height: 50))
            gone = v
            return ManipulatedTransform(view: v)
        }()
        #expect(gone == nil)
        #expect(m.view == nil)
        m.scale = 2
        m.rotation = 0.5
        m.translation = Point(x: 10, y: 0)
        #expect(m.scale == 2 && m.translation == Point(x: 10, y: 0))
    }

    @Test("a TransformBinding kept by the program, its view removed, then its container panned")
    func bindingOutlivesView() {
        let app = Application(windowSize: Size(width: 400, height: 300))
        let container = View(id: "container", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        app.window.addSubview(container)
        let pan = PanGestureRecognizer(id: "pan")
        container.addGestureRecognizer(pan)
        weak var gone: View?
        let binding: TransformBinding = {
            let photo = View(id: "photo", frame: Rect(x: 100, y: 100, width: 100, height: 100))
            gone = photo
            container.addSubview(photo)
            let binding = TransformBinding(recognizer: pan, view: photo, component: .translation)
            binding.install()
            photo.removeFromSuperview()
            return binding
        }()
        #expect(gone == nil, "the removed view is still alive: the case would test nothing")
        let key = TouchKey(device: 0, finger: 1)
        app.send(.touchDown(key, Point(x: 50, y: 50)), at: 0)
        for i in 1...10 { app.send(.touchMove(key, Point(x: 50 + 5 * Double(i), y: 50)), at: 0.01 * Double(i)) }
        app.send(.touchUp(key, Point(x: 100, y: 50)), at: 0.11)
        app.advance(to: 1)
        #expect(pan.state == .possible)
        #expect(binding.target.view == nil)
        // The binding still followed the pan: what it drives is kept, it moves no view.
        #expect(binding.target.translation == Point(x: 50, y: 0))
    }

    @Test("a MediaPlayer kept after its application plays without reaching it")
    func playerOutlivesApp() {
        let player = withShortLivedApp { app in
            let player = MediaPlayer(id: "player", app: app, queue: [MediaItem(title: "Song", duration: 180)])
            player.registerRemoteCommands()
            return player
        }
        player.play()
        #expect(player.isPlaying)
        #expect(player.perform(.skipForward, value: nil) == false)   // the interval was the command centre's
        #expect(player.perform(.skipForward, value: 10))
        #expect(player.elapsed == 10)
        player.syncElapsed(20)
        player.pause()
        #expect(!player.isPlaying && player.elapsed == 20)
    }

    @Test("app.motion and app.remote kept after their application")
    func managersOutliveApp() {
        let (motion, remote) = withShortLivedApp { app in (app.motion, app.remote) }
        motion.beginGeneratingDeviceOrientationNotifications()
        motion.endGeneratingDeviceOrientationNotifications()
        motion.endGeneratingDeviceOrientationNotifications()
        #expect(!motion.isGeneratingDeviceOrientationNotifications)
        #expect(motion.orientation == .unknown)
        remote.becomeNowPlaying(reason: "kept")
        #expect(remote.isNowPlayingApp)
    }
}
