// The reader thread can be stopped while the device sends nothing: a plain blocking `read`
// on a node nobody touches never returns, so the window's close would leave the thread
// behind. The descriptor here is a pipe whose writing end stays open and unwritten (as a
// quiet touchscreen's node): `stop` must wake the reader, and the thread end and be joined.
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite struct EvdevReaderStopTests {
    @Test func stopWakesAReaderBlockedOnASilentDescriptor() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let reader = try EvdevReader(fd: fds[0], info: EvdevReaderTests.twoSlots, queries: nil, window: Size(width: 1000, height: 1000),
                                     label: "silent", protocolA: false)
        let ended = Locked<[String?]>([])
        let frames = Locked(0)
        let thread = EvdevReaderThread(reader: reader, onFrame: { _ in frames.mutate { $0 += 1 } }, onEnd: { why in ended.mutate { $0.append(why) } })
        try #require(thread.start())
        #expect(!thread.hasExited)   // nothing to read: it waits
        let asked = ContinuousClock.now
        // Generous: waking takes microseconds; without the wake it would never return.
        let stopped = thread.stop(timeout: 10)
        let took = ContinuousClock.now - asked
        #expect(stopped, "the reader thread did not end within 10 s of stop()")
        #expect(thread.hasExited)
        #expect(took < .seconds(10))
        #expect(frames.value == 0)
        #expect(ended.value.count == 1 && ended.value.first == .some(nil))   // ended as an end, not an error
        guard stopped else { return }   // (reading on here would block for ever)
        #expect(reader.isStopped)
        #expect(try reader.nextFrame() == nil)
        // A second stop is harmless.
        #expect(thread.stop(timeout: 1))
    }

    @Test func frameWrittenBeforeStopIsStillRead() throws {
        // The wake ends the wait; it does not lose what was read before it.
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let reader = try EvdevReader(fd: fds[0], info: EvdevReaderTests.twoSlots, queries: nil, window: Size(width: 1000, height: 1000),
                                     label: "one frame", protocolA: false)
        // One contact down in slot 0 (protocol B): slot, tracking id, x, y, SYN_REPORT.
        let frame = [EvdevEvent(time: 1_000, type: 3, code: 0x2f, value: 0, mark: SourceMark(line: 1, column: 1)),
                     EvdevEvent(time: 1_000, type: 3, code: 0x39, value: 7, mark: SourceMark(line: 2, column: 1)),
                     EvdevEvent(time: 1_000, type: 3, code: 0x35, value: 100, mark: SourceMark(line: 3, column: 1)),
                     EvdevEvent(time: 1_000, type: 3, code: 0x36, value: 200, mark: SourceMark(line: 4, column: 1)),
                     EvdevEvent(time: 1_000, type: 0, code: 0, value: 0, mark: SourceMark(line: 5, column: 1))]
        EvdevRecords.write(EvdevRecords.encode(frame), to: fds[1])
        let read = DispatchSemaphore(value: 0)
        let touches = Locked<[Int]>([])
        let thread = EvdevReaderThread(reader: reader, onFrame: { f in touches.mutate { $0.append(f.touches.count) }; read.signal() }, onEnd: { _ in })
        try #require(thread.start())
        #expect(read.wait(timeout: .now() + 10) == .success, "the frame written was not read within 10 s")
        #expect(thread.stop(timeout: 10), "the reader thread did not end within 10 s of stop()")
        #expect(touches.value == [1])
    }
}

/// A value two threads share, behind a lock.
final class Locked<T>: @unchecked Sendable {
    private var stored: T
    private let lock = NSLock()
    init(_ value: T) { stored = value }
    var value: T { lock.withLock { stored } }
    func mutate(_ body: (inout T) -> Void) { lock.withLock { body(&stored) } }
}
