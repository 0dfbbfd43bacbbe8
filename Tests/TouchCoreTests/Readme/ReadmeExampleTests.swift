// The library example of docs/library.md, compiled as written under Swift 6 (this package's language
// mode), run, and compared with that page's text so the two cannot drift apart.
import Foundation
import Testing
import TouchCore

// README example: begin
/// A card whose double tap beats its single tap (the single tap waits for it to fail).
@MainActor func makeCard(in app: Application) -> (card: View, singleTap: TapGestureRecognizer, doubleTap: TapGestureRecognizer) {
    let card = View(id: "card", frame: Rect(x: 100, y: 100, width: 300, height: 200))
    card.handlesTouches = true
    app.window.addSubview(card)
    let doubleTap = TapGestureRecognizer(id: "doubleTap")
    doubleTap.numberOfTapsRequired = 2
    let singleTap = TapGestureRecognizer(id: "singleTap")
    singleTap.require(toFail: doubleTap)
    card.addGestureRecognizer(doubleTap)
    card.addGestureRecognizer(singleTap)
    return (card, singleTap, doubleTap)
}

/// One finger down and up at `p`, starting at time `t` (time comes with the input).
@MainActor func tap(_ app: Application, at p: Point, time t: Double) {
    let finger = TouchKey(device: 0, finger: 1)
    app.send(.touchDown(finger, p), at: t)
    app.send(.touchUp(finger, p), at: t + 0.05)
}

/// Another isolation domain: it receives plain values (`Point` is `Sendable`), never the
/// recognizer or its views, which stay with the application's.
actor TapLog {
    private(set) var places: [Point] = []
    func add(_ p: Point) { places.append(p) }
}

@MainActor func runCard() async -> (lines: [String], singleTaps: [Point]) {
    let app = Application(windowSize: Size(width: 800, height: 600))
    let (_, singleTap, _) = makeCard(in: app)
    var lines: [String] = []
    app.tracer.sink = TraceCallback { lines.append($0.description) }   // each decision as its JSON line

    let log = TapLog()
    var pending: [Task<Void, Never>] = []
    singleTap.addTarget { r in
        let p = r.location(in: r.view)               // read here, on the application's actor
        pending.append(Task { await log.add(p) })    // only the value crosses
    }
    tap(app, at: Point(x: 200, y: 200), time: 0)
    app.advance(to: 1.0)                             // the double-tap window expires: singleTap recognizes
    for t in pending { await t.value }
    return (lines, await log.places)
}
// README example: end

@Suite("README library example")
struct ReadmeExampleTests {
    @Test("the example runs: the single tap recognizes after the double tap fails, and its place crosses to the actor")
    @MainActor func runs() async {
        let (lines, taps) = await runCard()
        #expect(taps == [Point(x: 100, y: 100)])
        let gestures = lines.filter { $0.contains(#""kind":"gesture""#) && $0.contains(#""to":"recognized""#) }
        #expect(gestures.count == 1 && gestures[0].contains(#""recognizer":"singleTap""#)
                && gestures[0].contains("recognized: doubleTap failed"))
        #expect(lines.contains { $0.contains(#""kind":"touch-sample""#) })
    }

    @Test("the library page (docs/library.md) shows this code, line for line")
    func readmeShowsIt() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let begin = source.range(of: "// README example: begin\n")!, end = source.range(of: "// README example: end\n")!
        let code = String(source[begin.upperBound..<end.lowerBound])
        #expect(readme.contains("```swift\nimport TouchCore\n\n" + code + "```"), "docs/library.md's library example differs from \(here.lastPathComponent)")
    }
}
