// The evdev device's stages in the Perfetto timeline (Chrome Trace Event JSON): a slice per
// stage on its own track, and flows ("s" start, "f" end bound to the enclosing slice, `bp`
// "e") chaining kernel → read → dispatched → presented.
import Foundation
import Testing
@testable import TouchScene

@Suite struct PerfettoDeviceStagesTests {
    @Test func eachFramesStagesAreSlicesChainedByFlows() throws {
        let path = Paths.temporary("stages-\(UUID().uuidString).json")
        let w = try PerfettoWriter(path: path, scene: "t")
        // Monotonic µs; the trace's clock is 1000 µs behind.
        w.deviceStages([DeviceStageTimes(kernel: 11_000, read: 11_500, dispatched: 11_700, presented: 16_300, touches: 2),
                        DeviceStageTimes(kernel: nil, read: 20_000, dispatched: 20_100, presented: 24_100, touches: 1)],
                       monotonicOffset: 1000)
        w.close()
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let events = try #require(obj["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names.contains("evdev: kernel → read") && names.contains("evdev: read → dispatched") && names.contains("evdev: dispatched → presented"))
        let slices = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "device" }
            .map { "\($0["name"] as! String) \($0["ts"] as! Int) \($0["dur"] as! Int)" }
        #expect(slices == ["evdev: kernel → read 10000 500", "evdev: read → dispatched 10500 200", "evdev: dispatched → presented 10700 4600",
                           "evdev: read → dispatched 19000 100", "evdev: dispatched → presented 19100 4000"])
        let flows = events.filter { $0["cat"] as? String == "device" && ($0["ph"] as? String == "s" || $0["ph"] as? String == "f") }
            .map { "\($0["ph"] as! String) \($0["id"] as! Int) \($0["ts"] as! Int)" }
        #expect(flows == ["s 1 10000", "f 1 10500", "s 2 10500", "f 2 10700", "s 3 19000", "f 3 19100"])
        // Each flow's ends are on different tracks (no two slices share a track and a time).
        let tids = Set(events.filter { $0["cat"] as? String == "device" }.compactMap { $0["tid"] as? Int })
        #expect(tids.count == 3)
    }
}
