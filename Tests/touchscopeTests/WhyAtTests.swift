// `why --at T` keeps only the sequence that answers it (the window's and the command's rule,
// `VerdictBuilder.sequenceIndex(at:)`): its answer at every time must be the one the whole
// run's verdicts give, worked out here from a builder that keeps every sequence.
import Foundation
import Testing
import TouchCore
import TouchScene

@Suite("why --at: the answer without keeping every sequence")
struct WhyAtTests {
    /// 150 taps on double-tap.yaml's pad, 0.2 to 0.6 s apart (some double taps, some too
    /// slow): more sequences than `why` keeps before it forgets the judged ones.
    static let manyTaps: String = {
        var text = "{\"recording\":1,\"window\":[800,600]}\n", t = 0.0
        for k in 0..<150 {
            t += 0.2 + Double((k * 37) % 41) / 100
            text += "{\"t\":\(t),\"type\":\"finger-down\",\"finger\":1,\"x\":400,\"y\":300}\n"
            text += "{\"t\":\(t + 0.05),\"type\":\"finger-up\",\"finger\":1,\"x\":400,\"y\":300}\n"
        }
        let path = Paths.temporary("many-taps.jsonl")
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    @Test("at times all through the recording, why --at prints what the whole run's verdicts say of that time",
          arguments: [("double-tap", WhyAtTests.manyTaps), ("double-tap", Paths.demoRecordings + "/double-tap.jsonl"), ("double-tap", Paths.recording("double-tap-slow")),
                      ("swipe-pan", Paths.recording("swipe-pan")), ("controls", Paths.recording("controls"))])
    func everyTime(scene: String, recording: String) throws {
        final class Keep: TraceSink {
            var builder = VerdictBuilder()
            func receive(_ record: consuming TraceRecord) { builder.add(record) }
        }
        let keep = Keep()
        let session = SceneSession(scene: try SceneLoader.load(path: Paths.scene(scene)))
        session.app.tracer.sink = keep
        try Replayer(session: session, recording: try RecordingReader(path: recording)).run(until: nil)
        let all = keep.builder
        let end = (all.sequences.last?.end ?? 0) + 1
        var answered = 0
        let step = end > 10 ? 0.65 : 0.05   // the long one: about 100 times, falling everywhere in its taps
        for k in 0...Int(end / step) {
            let t = Double(k) * step
            let at = String(format: "%.2f", t)
            let run = try CLIRun.run(["why", Paths.scene(scene), recording, "--at", at])
            #expect(run.status == 0, "\(run.stderr)")
            let want: String
            if let i = all.sequenceIndex(at: Double(at)!) {
                want = WhyReport.text([all.sequences[i]], numbers: [i + 1])
                answered += 1
            } else {
                want = "no touch sequence under way at \(at.replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)) s\n"
            }
            #expect(run.stdout == want, "\(scene) \(recording) at \(at)")
        }
        #expect(answered > 0)
    }
}
