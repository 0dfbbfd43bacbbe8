// `touchscope why` on a real sitting: a sequence is one attempt (a tap long after a failed
// double tap is not measured against it), and every sequence gets an answer (a control and its
// action, the recognizer its default action kept out, or how far up the responder chain the
// touches went). The expected values are worked out from SPEC.md, Defaults.swift (tapInterval
// 0.35 s), the scene files and the recordings written here, never copied from a run.
import Foundation
import Testing

/// A recording of one-finger taps of 0.08 s at `starts`, at (x, y).
func tapsRecording(_ name: String, at starts: [Double], x: Double = 400, y: Double = 300) throws -> String {
    var text = "{\"recording\":1,\"window\":[800,600]}\n"
    for t in starts {
        text += "{\"t\":\(t),\"type\":\"finger-down\",\"finger\":1,\"x\":\(x),\"y\":\(y)}\n"
        text += "{\"t\":\(t + 0.08),\"type\":\"finger-up\",\"finger\":1,\"x\":\(x),\"y\":\(y)}\n"
    }
    let path = Paths.temporary(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The object of one line of `why --json`, by Foundation (key order is checked elsewhere).
private func sequences(_ stdout: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
    return try #require(object?["sequences"] as? [[String: Any]])
}

private func recognizer(_ s: [String: Any], _ id: String) -> [String: Any]? {
    (s["recognizers"] as? [[String: Any]])?.first { $0["id"] as? String == id }
}

@Suite("touchscope why: one attempt per sequence, an answer for every sequence", .serialized)
struct WhyAnswerTests {
    // double-tap.yaml, taps of 0.08 s. Tap 1 lifts at 0.18: doubleTap's interval runs out at
    // 0.53 and it fails by its timer. Tap 2 lands at 0.83, 0.65 s after that lift: within the
    // limit again after the failure (up to 2 × 0.35 = 0.70 s after the lift), so it is the
    // late tap of that attempt: measured 0.65, 0.3 s too late. It is also an attempt of its
    // own: lifted at 0.91, it fails at 1.26. Tap 3 at 4.0 is 3.09 s after that lift: a new
    // attempt only (fails at 4.43). Tap 4 at 4.83 is 0.75 s after tap 3's lift (4.08): past
    // 0.70, a new attempt only (fails at 5.26).
    @Test("a tap later than twice the interval after a failed double tap's lift is a new attempt: no 12 s too late, 0.3 s too late stays")
    func newAttempts() throws {
        let rec = try tapsRecording("why-apart.jsonl", at: [0.1, 0.83, 4.0, 4.83])
        let run = try CLIRun.run(["why", Paths.scene("double-tap"), rec, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let s = try sequences(run.stdout)
        try #require(s.count == 4)
        let failedAt = [0.53, 1.26, 4.43, 5.26]
        let measured: [Double?] = [0.65, nil, nil, nil]
        for k in 0..<4 {
            let d = try #require(recognizer(s[k], "doubleTap"), "sequence \(k + 1)")
            #expect(d["outcome"] as? String == "failed" && d["rule"] as? String == "tapInterval")
            #expect(abs((d["at"] as? Double ?? -1) - failedAt[k]) < 1e-9, "sequence \(k + 1): at \(d["at"] ?? "")")
            if let m = measured[k] {
                #expect(abs((d["measured"] as? Double ?? -1) - m) < 1e-9, "sequence \(k + 1): measured \(d["measured"] ?? "")")
                #expect(abs((d["margin"] as? Double ?? -1) - (m - 0.35)) < 1e-9)
            } else {
                #expect(d["measured"] is NSNull && d["margin"] is NSNull, "sequence \(k + 1): measured \(d["measured"] ?? "")")
            }
            #expect(s[k]["winners"] as? [String] == ["singleTap"])
        }
        let text = try CLIRun.run(["why", Paths.scene("double-tap"), rec])
        #expect(text.stdout.contains("doubleTap on pad: failed at 0.53 s, rule tapInterval (measured 0.65 s, limit 0.35 s: 0.3 s too late)\n"),
                "\(text.stdout)")
        #expect(text.stdout.components(separatedBy: "too late").count == 2, "\(text.stdout)")
        #expect(text.stdout.contains("doubleTap on pad: failed at 4.43 s, rule tapInterval (limit 0.35 s)\n"))
    }

    // controls.yaml: the button at [50, 50, 200, 80] in the panel, whose panelTap (a single
    // tap) the button's default action keeps out (SPEC.md section 5); its touchUpInside sends
    // buttonTapped with no target, which controlsVC implements.
    @Test("a tap on a button: the control, its events, its action and who handled it, and the recognizer its default action kept out")
    func controlAnswer() throws {
        let run = try CLIRun.run(["why", Paths.scene("controls"), Paths.recording("controls"), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let first = try #require(try sequences(run.stdout).first)
        #expect(first["winners"] as? [String] == [])
        #expect(first["answer"] as? [String] == [
            "button tracked touch 1 as a control: touchDown, touchUpInside, primaryActionTriggered",
            "button sent buttonTapped up the responder chain; controlsVC handled it",
            "panelTap did not analyse touch 1: button's default action wins (rule control: a control keeps the touches "
                + "its default action needs from the recognizers of its ancestors)",
        ])
        let control = try #require((first["controls"] as? [[String: Any]])?.first)
        #expect(control["control"] as? String == "button")
        #expect(control["events"] as? [String] == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        let action = try #require((control["actions"] as? [[String: Any]])?.first)
        #expect(action["action"] as? String == "buttonTapped" && action["target"] is NSNull && action["handledBy"] as? String == "controlsVC")
        let kept = try #require((first["keptOut"] as? [[String: Any]])?.first)
        #expect(kept["recognizer"] as? String == "panelTap" && kept["touch"] as? Int == 1 && kept["by"] as? String == "button"
                && kept["rule"] as? String == "control")
        let text = try CLIRun.run(["why", Paths.scene("controls"), Paths.recording("controls")])
        #expect(text.stdout.hasPrefix("""
            Sequence 1: 0.1 s to 0.18 s, touch 1 on button
              no recognizer analysed its touches
              button tracked touch 1 as a control: touchDown, touchUpInside, primaryActionTriggered
              button sent buttonTapped up the responder chain; controlsVC handled it
              panelTap did not analyse touch 1: button's default action wins
            """), "\(text.stdout)")
    }

    // welcome.yaml: "Tap me" (helloButton, [30, 130, 180, 60] in the stage) sends sayHello on
    // touchUpInside; welcomeVC, the stage's controller, implements it. No recognizer is on
    // the button's ancestors, so none is kept out.
    @Test("\"Tap me\" on the welcome scene: its action ran, and why says so")
    func welcomeButton() throws {
        let rec = try tapsRecording("why-welcome.jsonl", at: [0.1], x: 120, y: 160)
        let run = try CLIRun.run(["why", Paths.scene("welcome"), rec])
        #expect(run.stdout == """
            Sequence 1: 0.1 s to 0.18 s, touch 1 on helloButton
              no recognizer analysed its touches
              helloButton tracked touch 1 as a control: touchDown, touchUpInside, primaryActionTriggered
              helloButton sent sayHello up the responder chain; welcomeVC handled it

            """, "\(run.stdout)")
    }

    // hit-test.yaml: only A handles touches (`handlesTouches: true`); E is in C in A. A touch
    // on E goes to E, which passes it to its superview C, which passes it to A, which keeps it.
    // controls.yaml's panel has a controller (controlsVC) and does not handle touches: its
    // touch goes up to the window and the application, where the chain ends.
    @Test("a touch no control tracked: the view it went to and how far up the responder chain it went")
    func responderAnswer() throws {
        let run = try CLIRun.run(["why", Paths.scene("hit-test"), Paths.recording("hit-test"), "--json"])
        let s = try sequences(run.stdout)
        #expect(s.map { $0["answer"] as? [String] ?? [] } == [
            ["touch 1 went to E, then up the responder chain to C and A; A kept it"],
            ["touch 2 went to B, then up the responder chain to A; A kept it"],
            ["touch 3 went to A; A kept it"],
        ])
        #expect((s[0]["responders"] as? [[String: Any]])?.first?["chain"] as? [String] == ["E", "C", "A"])
        // A recognizer that won is the answer: nothing more is said, but the chain is kept.
        let controls = try sequences(try CLIRun.run(["why", Paths.scene("controls"), Paths.recording("controls"), "--json"]).stdout)
        #expect(controls[1]["answer"] as? [String] == [])
        #expect((controls[1]["responders"] as? [[String: Any]])?.first?["chain"] as? [String]
                == ["panel", "controlsVC", "window", "application"])
    }
}
