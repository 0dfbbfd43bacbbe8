// A live recording of a device read through evdev is measured as the device's own capture:
// in device units and on the kernel's clock (the `raw` contact of each finger line and the
// header's `rawDevice`), not in scene points on the time the window read each line.
import Testing
@testable import TouchScene
import TouchCore

@Suite("analyze of a live device recording")
struct DeviceRecordingCaptureTests {
    /// A 2-finger protocol B panel, 1000 × 600 units at 10 units/mm.
    static let header = #"{"recording":1,"window":[800,480],"device":"Panel","rawDevice":{"name":"Panel","protocol":"multitouch B (slots)","axes":["#
        + #"{"name":"ABS_MT_SLOT","code":47,"min":0,"max":9,"fuzz":0,"resolution":0},"#
        + #"{"name":"ABS_MT_POSITION_X","code":53,"min":0,"max":1000,"fuzz":0,"resolution":10},"#
        + #"{"name":"ABS_MT_POSITION_Y","code":54,"min":0,"max":600,"fuzz":0,"resolution":10},"#
        + #"{"name":"ABS_MT_TRACKING_ID","code":57,"min":0,"max":65535,"fuzz":0,"resolution":0}]}}"#

    /// One finger line: `t` the window's reading time, `k` the frame's kernel time.
    static func line(_ type: String, t: Double, x: Int, k: Double, slot: Int = 0, id: Int = 7) -> String {
        #"{"t":\#(t),"type":"\#(type)","finger":\#(slot + 1),"x":\#(Double(x) * 0.8),"y":100,"device":90,"raw":{"slot":\#(slot),"id":\#(id),"x":\#(x),"y":125,"kernelTime":\#(k)}}"#
    }

    @Test("one finger moving at 100 Hz on the kernel's clock reads 100 Hz, whatever times the window read the lines at")
    func kernelClock() throws {
        // Eleven frames 10 ms apart on the kernel's clock (5.000 s … 5.100 s), read by the
        // window in bursts (two frames per 16.7 ms turn): (11 − 1) reports ÷ 0.1 s = 100 Hz.
        var lines = [Self.header, Self.line("finger-down", t: 0.0, x: 100, k: 5.0)]
        for i in 1...9 { lines.append(Self.line("finger-move", t: Double((i + 1) / 2) / 60, x: 100 + 10 * i, k: 5.0 + Double(i) / 100)) }
        lines.append(Self.line("finger-up", t: 5.0 / 60, x: 200, k: 5.1))
        let capture = try ContactCapture.read(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), file: "live.jsonl")
        #expect(capture.xAxis == CapturedAxis(min: 0, max: 1000, resolution: 10))
        #expect(capture.tracks.count == 1 && capture.tracks[0].trackingID == 7)
        #expect(capture.tracks[0].reports.first?.x == 100)
        #expect(abs(capture.duration - 0.1) < 1e-9)
        let a = TouchAnalysis.analyze(capture)
        let rate = try #require(a.reportRate)
        #expect(abs(rate.p50 - 100) < 1e-6, "\(rate)")
    }

    @Test("a recording without the device's view, or of a protocol A device, is measured in scene points as before")
    func withoutTheDevicesView() throws {
        let plain = #"{"recording":1,"window":[800,480]}"# + "\n" + #"{"t":0,"type":"finger-down","finger":1,"x":10,"y":20}"# + "\n"
            + #"{"t":0.5,"type":"finger-up","finger":1,"x":10,"y":20}"# + "\n"
        let c1 = try ContactCapture.read(bytes: Array(plain.utf8), file: "plain.jsonl")
        #expect(c1.xAxis == nil && c1.tracks.first?.reports.first?.x == 10)
        let protocolA = Self.header.replacingOccurrences(of: "multitouch B (slots)", with: "multitouch A (no slots)")
            + "\n" + Self.line("finger-down", t: 0, x: 100, k: 5) + "\n" + Self.line("finger-up", t: 0.1, x: 100, k: 5.1) + "\n"
        let c2 = try ContactCapture.read(bytes: Array(protocolA.utf8), file: "a.jsonl")
        #expect(c2.xAxis == nil && c2.tracks.first?.reports.first?.x == 80)
    }
}
