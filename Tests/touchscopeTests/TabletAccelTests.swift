// The device's own accelerometer (Linux IIO) replayed headless: `accel` lines drive shake and
// orientation exactly as a gamepad's accelerometer does, and replay to the same trace.
import Foundation
import Testing
import TouchCore
import TouchScene
import TouchDraw
@testable import TouchScopeKit

@Suite("The tablet's accelerometer (accel lines) replayed")
struct TabletAccelTests {
    @Test("accel lines replay headless to a shake (began, ended) and orientation changes")
    func shakeAndOrientation() throws {
        let replay = try Replay(scene: "media", recording: "tablet-accel")
        #expect(replay.motions.map(\.phase) == [.began, .ended])
        #expect(replay.motions.allSatisfy { $0.subtype == "shake" && $0.view == "player" })
        let turns = replay.records.compactMap { r -> String? in
            if case let .orientation(from, to) = r.body { return "\(fmt(r.t)) \(from)>\(to)" }
            return nil
        }
        #expect(turns == ["2.1 portrait>landscapeLeft", "3 landscapeLeft>faceUp", "4 faceUp>portrait"])
        let began = try #require(replay.records.first { if case .motion = $0.body { true } else { false } })
        #expect(began.t == 1)
    }

    @Test("the same motion from a gamepad's accelerometer (SDL's sign) replays to the same trace, byte for byte")
    func sameAsPad() throws {
        let tablet = try Replay(scene: "media", recording: "tablet-accel")
        // The recording with every accel line turned into the pad's line for the same motion.
        let reader = try RecordingReader(path: Paths.recording("tablet-accel"))
        let path = Paths.temporary("tablet-accel-as-pad.jsonl")
        let writer = try RecordingWriter(path: path, window: reader.header.window)
        var lines = 0
        while let input = try reader.next() {
            guard case let .accel(x, y, z) = input.kind else { Issue.record("not an accel line: \(input)"); continue }
            writer.write(RawInput(t: input.t, .padAccel(x: -x, y: -y, z: -z)))
            lines += 1
        }
        writer.close()
        #expect(lines >= 8)
        let pad = try Replay(scene: "media", recording: path)
        #expect(!tablet.traceText.isEmpty)
        #expect(pad.traceText == tablet.traceText)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("replaying an accel recording twice gives the same trace")
    func deterministic() throws {
        #expect(try Replay(scene: "media", recording: "tablet-accel").traceText
                == Replay(scene: "media", recording: "tablet-accel").traceText)
    }

    @Test("the device panel shows the replayed accelerometer's latest reading, or the host's device by name")
    func panelRows() throws {
        let replay = try Replay(scene: "media", recording: "tablet-accel")
        let frame = FrameState(overlays: true, threadedLog: false)
        let recorded = frame.deviceAccelerometers(replay.session)
        #expect(recorded == [DeviceAccelerometer(name: "accelerometer (recorded)",
                                                 latest: MotionSample(.accelerometer, x: 0, y: -9.81, z: 0, timestamp: 4))])
        frame.accelerometers = [DeviceAccelerometer(name: "accel_3d"), DeviceAccelerometer(name: "base", inUse: false)]
        let live = frame.deviceAccelerometers(replay.session)
        #expect(live.map(\.name) == ["accel_3d", "base"])
        #expect(live[0].latest?.y == -9.81 && live[1].latest == nil)
    }

    @Test("a bad accel line stops the replay with FILE:LINE:COLUMN and exit status 2")
    func badLine() throws {
        let path = Paths.temporary("bad-accel.jsonl")
        try ("{\"recording\":1,\"window\":[800,600]}\n" + #"{"t":0.5,"type":"accel","x":1,"y":2}"# + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["replay", Paths.scene("media"), path, "--headless"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(path):2:1: missing field `z` for `accel`"), "\(run.stderr)")
    }
}
