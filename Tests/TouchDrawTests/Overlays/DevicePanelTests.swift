// The touch devices panel: statistics from the trace's touch samples, joined with what the
// host lists, and the lines and coverage map the panel draws.
import Testing
@testable import TouchDraw

@Suite("Touch devices panel")
struct DevicePanelTests {
    /// Two fingers of device 0 moving at 100 Hz (one 5 ms late now and then), one of device 1.
    func log() -> TraceLog {
        let log = TraceLog()
        func sample(_ touch: Int, device: Int, _ x: Double, _ y: Double, _ phase: TouchPhase, _ t: Double, pressure: Double = 1) {
            log.append(TraceRecord(t: t, .touchSample(FingerSample(touch: touch, key: TouchKey(device: device, finger: touch),
                                                                   point: Point(x: x, y: y), phase: phase, pressure: pressure, isEmulated: false))))
        }
        sample(1, device: 0, 10, 10, .began, 0, pressure: 0.3)
        sample(2, device: 0, 60, 10, .began, 0)
        for i in 1...20 {
            let t = Double(i) * 0.01 + (i % 5 == 0 ? 0.005 : 0)
            sample(1, device: 0, 10 + Double(i), 10, .moved, t, pressure: 0.3 + Double(i) * 0.01)
        }
        sample(2, device: 0, 60, 10, .ended, 0.3)
        sample(7, device: 1, 790, 590, .began, 0.4)
        return log
    }

    @Test("per device: fingers now and at most, report rate, jitter, pressure range and coverage")
    func stats() throws {
        let devices = log().touchDevices
        #expect(devices.map(\.device) == [0, 1])
        let d0 = devices[0]
        #expect(d0.fingersDown == 1 && d0.mostFingers == 2)
        #expect(d0.samples == 23)
        // Finger 1: 21 samples (down and 20 moves) no more than 15 ms apart, from 0 to 0.205 s:
        // one stretch, 20 / 0.205 s = 97.56 Hz. Finger 2 gave one sample (its lift is no report).
        let rate = try #require(d0.reportRate)
        #expect(abs(rate - 20 / 0.205) < 0.01)
        #expect(d0.stretches == 1 && d0.longestStretch == 21)
        let jitter = try #require(d0.jitterMs)
        #expect(jitter > 0.5 && jitter < 5)                  // a few intervals 5 ms off
        #expect(d0.pressureRange == 0.3...1)
        // Cells of 25 pt: finger 1 from x 10 to 30 (15 samples in the first cell, 6 in the
        // second), finger 2 at x 60 (down and up).
        #expect(d0.coverage == [TouchDeviceStats.Cell(column: 0, row: 0): 15, TouchDeviceStats.Cell(column: 1, row: 0): 6,
                                TouchDeviceStats.Cell(column: 2, row: 0): 2])
        #expect(d0.coverage.values.reduce(0, +) == 23)
        #expect(devices[1].coverage == [TouchDeviceStats.Cell(column: 31, row: 23): 1] && devices[1].reportRate == nil)
    }

    @Test("read again after more samples, the statistics and coverage count every sample since the last read")
    func readTwice() {
        let log = log()
        #expect(log.touchDevices[0].coverage[TouchDeviceStats.Cell(column: 0, row: 0)] == 15)
        func sample(_ x: Double, _ y: Double, _ phase: TouchPhase, _ t: Double) {
            log.append(TraceRecord(t: t, .touchSample(FingerSample(touch: 1, key: TouchKey(device: 0, finger: 1),
                                                                   point: Point(x: x, y: y), phase: phase, pressure: 0.2, isEmulated: false))))
        }
        // Finger 1 moves back into the first cell, then to a new one (row 4), then lifts there.
        sample(12, 12, .moved, 0.21)
        sample(12, 110, .moved, 0.22)
        sample(12, 110, .ended, 0.23)
        let d0 = log.touchDevices[0]
        #expect(d0.samples == 26 && d0.fingersDown == 0 && d0.mostFingers == 2)
        #expect(d0.pressureRange == 0.2...1)
        #expect(d0.coverage == [TouchDeviceStats.Cell(column: 0, row: 0): 16, TouchDeviceStats.Cell(column: 1, row: 0): 6,
                                TouchDeviceStats.Cell(column: 2, row: 0): 2, TouchDeviceStats.Cell(column: 0, row: 4): 2])
        // A read with nothing new gives the same map.
        #expect(log.touchDevices[0].coverage == d0.coverage)
    }

    @Test("a point far outside the window is counted but not mapped, and does not trap")
    func farPoints() {
        let log = TraceLog()
        log.append(TraceRecord(t: 0, .touchSample(FingerSample(touch: 1, key: TouchKey(device: 0, finger: 1), point: Point(x: 1e300, y: -1e300),
                                                               phase: .began, pressure: 1, isEmulated: false))))
        #expect(log.touchDevices.first?.samples == 1 && log.touchDevices.first?.coverage.isEmpty == true)
    }

    @Test("rows join the host's devices with the trace's; the lines say what each delivers")
    func rowsAndLines() {
        let host = [TouchDeviceInfo(sdlID: 42, traceDevice: 0, name: "ELAN touchscreen", kind: .direct, display: "display 0"),
                    TouchDeviceInfo(sdlID: 43, traceDevice: nil, name: "pen", kind: .indirectAbsolute, display: nil)]
        let rows = DevicePanel.rows(devices: host, stats: log().touchDevices)
        #expect(rows.count == 3)   // the two listed, then device 1, known only from the trace
        // The frames: 0 (both down), the 20 moves to 0.205 s (one stretch, 97.56 Hz), then the
        // lift at 0.3 s after a 95 ms silence (a stretch of one frame, no rate).
        #expect(DevicePanel.lines(rows[0]) == ["ELAN touchscreen  (direct, display 0)", "  fingers 1 now, 2 at most  ·  23 samples",
                                              DevicePanel.lines(rows[0])[2], "  frame rate 98 Hz (all contacts)", "  pressure 0.3 – 1"])
        #expect(DevicePanel.lines(rows[0])[2].hasPrefix("  98 Hz per contact ±") && DevicePanel.lines(rows[0])[2].hasSuffix(" (1 stretch)"))
        #expect(DevicePanel.lines(rows[1]) == ["pen  (indirect absolute)", "  no touches yet"])
        #expect(DevicePanel.lines(rows[2]).first == "device 1 (from the trace)")
        #expect(DevicePanel.latencyLine(LatencyReadout(p50: 7.25, p99: 12, count: 60)) == "input → photon p50 7.3 ms, p99 12 ms (60 scene inputs)")
        #expect(DevicePanel.latencyLine(LatencyReadout(p50: 9, p99: 20, count: 5)).hasSuffix("over a frame"))
    }

    @Test("the panel draws its lines and the coverage button inside its rect")
    func draws() {
        let rect = Rect(x: 900, y: 0, width: 340, height: 400)
        var list = DisplayList(size: Size(width: 1280, height: 800))
        DevicePanel.draw(rows: DevicePanel.rows(devices: [], stats: log().touchDevices), latency: nil, sceneSize: Size(width: 800, height: 600),
                         in: rect, style: OverlayStyle(), measurer: EstimatedTextMeasurer(), into: &list)
        let texts = list.commands.compactMap { if case let .text(run) = $0 { return run.string }; return nil }
        #expect(texts.first == "Touch devices")
        #expect(texts.contains("device 0 (from the trace)"))
        #expect(texts.contains(DevicePanel.coverageLabel))
        let fills = list.commands.compactMap { c -> Rect? in if case let .polygon(p, _) = c { return boundingBox(p) }; return nil }
        #expect(fills.contains(DevicePanel.coverageButton(in: rect, style: OverlayStyle())))
        #expect(fills.allSatisfy { rect.contains($0, tolerance: 0.5) })
    }
}

@Suite("Event log scrolling")
struct EventLogScrollTests {
    @Test("scrolled back, the log shows older lines and says how far; at 0 it follows the newest")
    func scrolls() {
        let log = TraceLog()
        for i in 0..<100 { log.append(TraceRecord(t: Double(i), .control(control: "b", event: "e\(i)"))) }
        var state = OverlayState()
        let rect = Rect(x: 0, y: 0, width: 400, height: 200)
        let style = OverlayStyle(), m = EstimatedTextMeasurer()
        let newest = EventLogPanel.layout(log: log, state: state, in: rect, style: style, measurer: m).rows.map(\.seq)
        #expect(newest.last == 99)
        state.logScroll = 30
        let back = EventLogPanel.layout(log: log, state: state, in: rect, style: style, measurer: m).rows.map(\.seq)
        #expect(back.last == 69 && back.count == newest.count)
        // Scrolling past the oldest stops at it.
        state.logScroll = 10_000
        #expect(EventLogPanel.layout(log: log, state: state, in: rect, style: style, measurer: m).rows.first?.seq == 0)
        var list = DisplayList(size: Size(width: 400, height: 200))
        state.logScroll = 30
        EventLogPanel.draw(log: log, state: state, in: rect, style: style, measurer: m, into: &list)
        let header = list.commands.compactMap { if case let .text(run) = $0 { return run.string }; return nil }.first ?? ""
        #expect(header.contains("30 back"))
    }
}
