// A recognizer's action targets are held weakly, as UIKit holds them: a target is often the
// recognizer's own view, and a strong reference would keep the view, the recognizer and
// the application's window alive for ever.
import Testing
@testable import TouchCore

@Suite("Recognizer action targets")
struct ActionTargetTests {
    final class Pad: View {
        var tapped = 0
        init() {
            super.init(id: "pad", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            handledActions = ["tapped"]
        }
        override func perform(_ action: String, sender: Responder?) {
            if action == "tapped" { tapped += 1 }
        }
    }

    @Test("the action reaches a live target; a view that is its own recognizer's target goes away with its application")
    func weakTarget() {
        weak var padRef: Pad?
        weak var tapRef: TapGestureRecognizer?
        do {
            let app = Application(windowSize: Size(width: 200, height: 200))
            let pad = Pad()
            app.window.addSubview(pad)
            let tap = TapGestureRecognizer(id: "tap")
            pad.addGestureRecognizer(tap)
            tap.addAction("tapped", target: pad)
            app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: 50, y: 50)), at: 0)
            app.send(.touchUp(TouchKey(device: 0, finger: 1), Point(x: 50, y: 50)), at: 0.05)
            #expect(pad.tapped == 1)
            padRef = pad; tapRef = tap
        }
        #expect(padRef == nil)
        #expect(tapRef == nil)
    }

    @Test("a target that has gone away gets nothing, and the message does not travel the responder chain instead")
    func goneTarget() {
        let app = Application(windowSize: Size(width: 200, height: 200))
        let pad = Pad()
        app.window.addSubview(pad)
        let tap = TapGestureRecognizer(id: "tap")
        pad.addGestureRecognizer(tap)
        do {
            let other = Pad()
            tap.addAction("tapped", target: other)
        }
        var records: [TraceRecord] = []
        app.tracer.sink = TraceCallback { records.append($0) }
        app.send(.touchDown(TouchKey(device: 0, finger: 1), Point(x: 50, y: 50)), at: 0)
        app.send(.touchUp(TouchKey(device: 0, finger: 1), Point(x: 50, y: 50)), at: 0.05)
        #expect(pad.tapped == 0)
        #expect(!records.contains { if case .action = $0.body { return true }; return false })
    }
}
