import Testing
@testable import TouchScene

@Suite("Demo scenes")
struct DemoScenesTests {
    /// Every `.yaml` file of scenes/ (``demoSceneNames``).
    static let names = demoSceneNames

    @Test("the demo scenes are read from the scenes folder: all sixteen, control-drags included")
    func namesFromTheFolder() {
        // The folder cannot be read: the list would be empty and every test over it vacuous.
        #expect(Self.names.count >= 16, "\(Self.names)")
        #expect(Self.names.contains("control-drags") && Self.names.contains("welcome"))
    }

    func load(_ name: String) throws -> SceneDescription {
        do throws(SceneLoadError) {
            return try SceneLoader.load(path: Paths.scenes + "/\(name).yaml")
        } catch {
            Issue.record("\(name): \(error)")
            throw error
        }
    }

    @Test("every demo scene parses without diagnostics", arguments: names)
    func parses(name: String) throws {
        let s = try load(name)
        #expect(s.name == name)
        #expect(s.window == Size(width: 800, height: 600))
    }

    @Test("the checker accepts every demo scene")
    func checker() {
        let result = SceneChecker.check(paths: Self.names.map { Paths.scenes + "/\($0).yaml" })
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.okCount == Self.names.count)
    }

    @Test("hit-test has the A…I figure with the contract geometry")
    func hitTest() throws {
        let s = try load("hit-test")
        #expect(s.views.map(\.id) == ["A"])
        let a = s.views[0]
        #expect(a.frame == Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(a.handlesTouches)
        #expect(a.children.map(\.id) == ["B", "G", "H", "C"])
        #expect(s.allViews.filter(\.handlesTouches).map(\.id) == ["A"])
        #expect(s.view("B")?.frame == Rect(x: 40, y: 40, width: 300, height: 240))
        #expect(s.view("B")?.children.map(\.id) == ["I"])
        #expect(s.view("I")?.frame == Rect(x: 250, y: 200, width: 150, height: 100))
        #expect(s.view("G")?.hidden == true)
        #expect(s.view("G")?.frame == Rect(x: 40, y: 320, width: 140, height: 240))
        #expect(s.view("H")?.userInteraction == false)
        #expect(s.view("H")?.frame == Rect(x: 200, y: 320, width: 140, height: 240))
        #expect(s.view("C")?.frame == Rect(x: 380, y: 40, width: 380, height: 520))
        #expect(s.view("C")?.children.map(\.id) == ["D", "E"])
        #expect(s.view("D")?.frame == Rect(x: 20, y: 20, width: 340, height: 220))
        #expect(s.view("E")?.frame == Rect(x: 20, y: 260, width: 340, height: 240))
        for v in s.allViews { #expect(v.text?.hasPrefix(v.id) == true) }
    }

    @Test("controls keeps panel point (400, 300) free of controls")
    func controls() throws {
        let s = try load("controls")
        let panel = try #require(s.view("panel"))
        #expect(panel.frame == Rect(x: 100, y: 100, width: 600, height: 400))
        #expect(panel.recognizers.map(\.id) == ["panelTap"])
        #expect(s.view("button")?.frame == Rect(x: 50, y: 50, width: 200, height: 80))
        let kinds = Set(panel.children.map(\.kind))
        #expect(kinds == [.button, .switch, .slider, .stepper, .segmented, .pageControl, .textField])
        for c in panel.children { #expect(!c.frame.contains(Point(x: 400, y: 300)), "\(c.id) covers (400, 300)") }
        #expect(panel.children.first { $0.kind == .textField }?.responder.canBecomeFirstResponder == true)
    }

    @Test("media has a first-responder player and a Play button at the contract frame")
    func media() throws {
        let s = try load("media")
        #expect(s.firstResponder?.id == "player")
        let player = try #require(s.view("player"))
        #expect(player.responder.canBecomeFirstResponder && player.responder.handlesRemote && player.responder.handlesMotion)
        #expect(player.responder.actions.contains("play"))
        let button = try #require(s.views.first { $0.id == "playButton" })
        #expect(button.frame == Rect(x: 300, y: 450, width: 200, height: 80))
        let target = try #require(button.control?.targets.first)
        #expect(target.event == .touchUpInside && target.action == "play")
        #expect(target.target == nil || target.target?.id == "player")
        #expect(s.player?.title.isEmpty == false && s.player?.artist.isEmpty == false)
        #expect(s.player?.duration == 180)
    }

    @Test("photo binds simultaneous pinch, rotation and pan to the photo")
    func photo() throws {
        let s = try load("photo")
        #expect(s.views.first?.id == "canvas")
        let photo = try #require(s.view("photo"))
        #expect(photo.frame == Rect(x: 200, y: 150, width: 400, height: 300))
        let ids = photo.recognizers.map(\.id)
        #expect(ids == ["pinch", "rotate", "pan"])
        for g in photo.recognizers {
            guard case .recognizers(let refs) = g.simultaneousWith else { Issue.record("\(g.id) not simultaneous"); continue }
            #expect(Set(refs.map(\.id)) == Set(ids).subtracting([g.id]))
            let bind = try #require(g.bind)
            #expect(bind.view == nil && !bind.momentum && bind.minimum == nil && bind.maximum == nil)
        }
        #expect(photo.recognizers.map { $0.bind?.property } == [.scale, .rotation, .translation])
    }

    @Test("double-tap makes the single tap wait for the double tap")
    func doubleTap() throws {
        let s = try load("double-tap")
        let pad = try #require(s.view("pad"))
        #expect(pad.frame == Rect(x: 100, y: 100, width: 600, height: 400))
        #expect(pad.handlesTouches)
        #expect(pad.recognizers.map(\.id) == ["doubleTap", "singleTap"])
        let built = SceneBuilder.build(s).recognizers
        #expect((built["doubleTap"] as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
        #expect((built["singleTap"] as? TapGestureRecognizer)?.numberOfTapsRequired == 1)
        #expect(pad.recognizers[1].requireToFail.map(\.id) == ["doubleTap"])
    }

    @Test("delivery has the four quarters with their delivery options")
    func delivery() throws {
        let s = try load("delivery")
        #expect(s.views.map(\.id) == ["delayed", "immediate", "panCancels", "panKeeps"])
        #expect(s.views.allSatisfy { $0.handlesTouches })
        #expect(s.views.map(\.frame) == [Rect(x: 0, y: 0, width: 400, height: 300), Rect(x: 400, y: 0, width: 400, height: 300),
                                         Rect(x: 0, y: 300, width: 400, height: 300), Rect(x: 400, y: 300, width: 400, height: 300)])
        let g = s.views.map { $0.recognizers[0] }
        #expect(g.map(\.id) == ["delayedDoubleTap", "immediateDoubleTap", "cancellingPan", "keepingPan"])
        #expect(g.map(\.type.name) == ["tap", "tap", "pan", "pan"])
        #expect(g[0].delaysTouchesEnded && !g[1].delaysTouchesEnded && g[2].cancelsTouchesInView && !g[3].cancelsTouchesInView)
        let built = SceneBuilder.build(s)
        #expect((built.recognizers["delayedDoubleTap"] as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
        #expect((built.recognizers["immediateDoubleTap"] as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
        #expect(built.recognizers["cancellingPan"] is PanGestureRecognizer && built.recognizers["keepingPan"] is PanGestureRecognizer)
    }

    @Test("welcome centres the photo card on the window centre")
    func welcome() throws {
        let s = try load("welcome")
        let photo = try #require(s.view("photo"))
        #expect(photo.frame.center == Point(x: 400, y: 300))
        #expect(Set(s.allRecognizers.map(\.recognizer.type.name)).isSuperset(of: ["pinch", "rotation", "pan", "tap", "swipe", "longPress"]))
    }
}
