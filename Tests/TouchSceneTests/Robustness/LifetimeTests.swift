// Lifetime: a session and everything it built are freed once dropped, even mid-gesture
// (a live window reloads scenes for hours; each reload must not leak the old one).
import Testing
@testable import TouchCore
@testable import TouchScene

@Suite("Lifetime")
struct LifetimeTests {
    @Test("a dropped session frees its application, views, recognizers and touches, even mid-gesture",
          arguments: ["photo", "double-tap", "controls", "scroll", "long-press"])
    func sessionIsFreed(name: String) throws {
        let scene = try loadDemoScene(name)
        weak var app: Application?
        weak var view: View?
        weak var recognizer: GestureRecognizer?
        weak var touch: Touch?
        do {
            let s = SceneSession(scene: scene)
            s.app.tracer.sink = TraceCallback { _ in }
            app = s.app
            view = s.built.views.values.first
            recognizer = s.built.recognizers.values.first
            s.handle(RawInput(t: 0, .fingerDown(finger: 1, x: 400, y: 300)))
            s.handle(RawInput(t: 0, .fingerDown(finger: 2, x: 450, y: 320)))
            s.handle(RawInput(t: 0.1, .fingerMove(finger: 2, x: 500, y: 340)))
            touch = s.app.hot.activeTouches.values.first
        }
        #expect(app == nil, "the application leaked")
        #expect(view == nil, "a view leaked")
        #expect(recognizer == nil, "a recognizer leaked")
        #expect(touch == nil, "a touch leaked")
    }
}
