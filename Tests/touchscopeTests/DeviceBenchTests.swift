// `touchscope bench --device-replay`: a real panel's evemu recording played as the device
// (through the pipe and the reader `--device-replay` uses) into the live window's loop,
// headless (SDL's dummy video driver, the software renderer). Every frame with finger events
// must come out with all four of its times, in the order the stages happen — the kernel's
// time, then TouchScope read it, then the event model was done with it, then the frame that
// shows it was presented — since each is read after the one before on the same clock
// (CLOCK_MONOTONIC), and no stage may be negative.
import Foundation
import Testing
import TouchScene
@testable import touchscope

@Suite("bench --device-replay: four stages", .serialized) struct DeviceBenchTests {
    /// 31 frames of four fingers dragging down an Atmel maXTouch panel (0.57 s).
    static let file = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/real/atmel-maxtouch.4-finger-drag-down.evemu"

    /// The file's frames: its SYN_REPORT lines (`E: time 0000 0000 value`).
    static func reports(_ path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter {
            let f = $0.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return f.count >= 5 && f[0] == "E:" && f[2] == "0000" && f[3] == "0000"
        }.count
    }

    @MainActor
    @Test func everyFrameHasItsFourTimesInOrder() throws {
        let r = try DeviceBench.run(path: Self.file, labels: 50, lanes: 10)
        #expect(r.frames == (try Self.reports(Self.file)))   // every frame read, with touches or not
        #expect(!r.times.isEmpty && r.presents > 0)
        for (i, t) in r.times.enumerated() {
            let kernel = try #require(t.kernel, "frame \(i): no kernel time on CLOCK_MONOTONIC")
            #expect(t.touches > 0)
            #expect(kernel <= t.read && t.read <= t.dispatched && t.dispatched <= t.presented,
                    "frame \(i): kernel \(kernel), read \(t.read), dispatched \(t.dispatched), presented \(t.presented)")
        }
        for p in [r.kernelToRead, r.readToDispatched, r.dispatchedToPresented, r.kernelToPresented] {
            #expect(p.p50 >= 0 && p.p50 <= p.p99)
        }
        // The whole is at least each of its parts (per frame, so at every rank).
        #expect(r.kernelToPresented.p99 >= r.dispatchedToPresented.p50)
    }

    @Test func jsonReportsAllFourStages() throws {
        let r = try CLIRun.run(["bench", "--device-replay", Self.file, "--json"], environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(obj["device_frames"] as? Int == (try Self.reports(Self.file)))
        for stage in ["kernel_to_read", "read_to_dispatched", "dispatched_to_presented", "kernel_to_presented"] {
            let p50 = try #require(obj["device_\(stage)_ms_p50"] as? Double, "device_\(stage)_ms_p50")
            let p99 = try #require(obj["device_\(stage)_ms_p99"] as? Double, "device_\(stage)_ms_p99")
            #expect(p50 >= 0 && p50 <= p99 && p99 < 10_000, "\(stage): \(p50) / \(p99)")
        }
        #expect((obj["device_presents"] as? Int ?? 0) > 0)
        #expect(obj["device_sdl_counter_minus_monotonic_us"] is Double)
    }

    @Test func aBadFileIsBadInput() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-device-\(getpid()).evemu").path
        try "N: nothing\nE: x\n".write(toFile: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let r = try CLIRun.run(["bench", "--device-replay", bad, "--json"], environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(bad))
    }
}
