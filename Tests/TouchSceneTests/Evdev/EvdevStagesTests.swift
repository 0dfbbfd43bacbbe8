// The latency stages (kernel → read → dispatched → presented) and the replay's timing, on
// clocks the test drives (no sleeping).
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite struct EvdevStagesTests {
    @Test func stagesArePerFrameWithTouchesAndPresentClosesThem() {
        var s = EvdevStages()
        // Kernel 1000 µs, read 1500, handed 1700; another at 2000 / 2100 / 2300; presented at 6300.
        s.noteFrame(kernel: 1000, read: 1500, handed: 1700, touches: 1)
        s.noteFrame(kernel: 2000, read: 2100, handed: 2300, touches: 2)
        s.noteFrame(kernel: 2500, read: 2600, handed: 2700, touches: 0)   // no finger event: not counted
        s.notePresented(6300)
        #expect(s.kernelToRead == [0.5, 0.1])
        #expect(s.readToDispatched == [0.2, 0.2])
        #expect(s.dispatchedToPresented == [4.6, 4.0])
        #expect(s.total == [5.3, 4.3])
        // A frame whose kernel time is not monotonic: its first stage and the whole are not measured.
        s.noteFrame(kernel: nil, read: 7000, handed: 7100, touches: 1)
        s.notePresented(8100)
        #expect(s.kernelToRead.count == 2 && s.total.count == 2 && s.dispatchedToPresented.last == 1.0)
        #expect(s.lines.last == "kernel time not on CLOCK_MONOTONIC: its stage is not measured")
    }

    @Test func dispatchIsWhenTheEventModelWasDone() {
        var s = EvdevStages()
        // Handed over at 1700 µs, the event model done at 1900: read → dispatched is 0.4 ms.
        s.noteFrame(kernel: 1000, read: 1500, handed: 1700, touches: 1)
        s.noteDispatched(1900)
        // Handed after that dispatch and presented with it: it keeps its own hand-over (2300).
        s.noteFrame(kernel: 2000, read: 2100, handed: 2300, touches: 1)
        s.notePresented(6300)
        #expect(s.readToDispatched == [0.4, 0.2])
        #expect(s.dispatchedToPresented == [4.4, 4.0])
        #expect(s.total == [5.3, 4.3])
        let times = s.takeCompleted()
        #expect(times.map(\.dispatched) == [1900, 2300])
        #expect(times.allSatisfy { $0.kernel! <= $0.read && $0.read <= $0.dispatched && $0.dispatched <= $0.presented })
    }

    @Test func percentilesAreNearestRank() {
        let samples = (1...100).map(Double.init)
        let p = EvdevStages.percentiles(samples)
        #expect(p?.p50 == 50 && p?.p99 == 99)
        #expect(EvdevStages.percentiles([]) == nil)
        #expect(EvdevStages.percentiles([3])?.p99 == 3)
    }

    @Test func aReplayWritesEachFrameWhenItsTimeComes() throws {
        // Frames at file times 10.000, 10.008, 10.050 s: written at start + 0, 8, 50 ms.
        let events = EvdevReaderTests.frame(9000, [(0x2f, 0), (0x39, 1), (0x35, 5), (0x36, 5)])
            + EvdevReaderTests.frame(9008, [(0x35, 6)]) + EvdevReaderTests.frame(9050, [(0x39, -1)])
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let device = EvdevFeedDevice(info: EvdevReaderTests.twoSlots)
        let clock = ReplayClock()
        var now: Int64 = 500_000
        var waited: [Int64] = []
        EvdevReplayWriter.play(events, device: device, fd: fds[1], clock: clock, now: { now }, wait: { us in waited.append(us); now += us })
        #expect(waited == [8_000, 42_000])
        #expect(clock.monotonic(fileTime: 10_050_000) == 550_000)
        // The device's state is the file's at its end; the pipe holds every record.
        #expect(device.slotValues(0x39, count: 2) == [-1, -1])
        let reader = try EvdevReader(fd: fds[0], info: EvdevReaderTests.twoSlots, queries: device, window: Size(width: 1000, height: 1000),
                                     label: "t", protocolA: false)
        var frames = 0
        while try reader.nextFrame() != nil { frames += 1 }
        close(fds[0])
        #expect(frames == 3)
    }
}
