// A recording played in the window: it ends one second after the last input (or at --until),
// and then either closes the window or, left open, says so once with the end time.
import Testing
import TouchCore
import TouchScene
@testable import TouchScopeKit

@Suite("Replay in a window")
@MainActor
struct WindowedReplayTests {
    static let text = """
        {"recording":1,"window":[800,600]}
        {"t":0.1,"type":"finger-down","finger":1,"x":10,"y":10}
        {"t":0.25,"type":"finger-up","finger":1,"x":10,"y":10}

        """

    @Test("left open, the end is reported once, one second after the last input, after every input was played")
    func staysOpenAtEnd() throws {
        let replay = WindowedReplay(try RecordingReader(text: Self.text), until: nil, screenshot: nil, at: nil)
        var ends: [Double] = []
        replay.atEnd = { ends.append($0) }
        var played: [Double] = []
        var last = 0.0
        for time in stride(from: 0.0, through: 3.0, by: 0.05) {
            last = replay.feed(upTo: time, lastInputTime: last, sceneFolder: ".", host: nil) { step in
                if case .input(let i) = step { played.append(i.t) }
            }
            if time < 1.25 - 1e-9 { #expect(ends.isEmpty, "ended early, at \(time)") }
        }
        #expect(played == [0.1, 0.25])
        #expect(ends == [1.25])
        #expect(replay.finished)
        #expect(replay.nextTime == nil)
    }

    @Test("--until sets the end when left open, too")
    func untilWhenOpen() throws {
        let replay = WindowedReplay(try RecordingReader(text: Self.text), until: 0.2, screenshot: nil, at: nil)
        var ends: [Double] = []
        replay.atEnd = { ends.append($0) }
        var played: [Double] = []
        for time in [0.0, 0.15, 0.2, 0.3, 5] {
            _ = replay.feed(upTo: time, lastInputTime: 0, sceneFolder: ".", host: nil) { step in
                if case .input(let i) = step { played.append(i.t) }
            }
        }
        #expect(played == [0.1])
        #expect(ends == [0.2])
    }

    @Test("--exit-at-end is for a window: with --headless it is refused")
    func exitAtEndNeedsWindow() throws {
        let r = try CLIRun.run(["replay", "scenes/double-tap.yaml", Paths.recording("double-tap"), "--headless", "--exit-at-end"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--exit-at-end is for a replay in a window"))
    }
}
