// Where /dev/uinput exists (not on every machine: this test is skipped with a message
// elsewhere), a virtual touchscreen is created and read through its real node: the queries
// answer with the ioctls, the kernel stamps the events on CLOCK_MONOTONIC (EVIOCSCLOCKID),
// and the reader gives the touch written to it.
import CEvdev
import Foundation
import Testing
import TouchCore
@testable import TouchScene

@Suite struct UinputTests {
    /// Why /dev/uinput cannot be used here, in words; nil when it can be opened for writing.
    static let unavailable: String? = {
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK)
        guard fd < 0 else { close(fd); return nil }
        let why = String(cString: strerror(errno))
        return "/dev/uinput cannot be opened for writing here (\(why)), so no virtual touchscreen can be made; "
            + "to run it, load the module (`sudo modprobe uinput`) and give this user write access to /dev/uinput. "
            + "The reader itself is tested without it, fed through pipes (EvdevReaderTests)."
    }()

    @Test(.enabled(if: UinputTests.unavailable == nil, Comment(rawValue: UinputTests.unavailable ?? "")))
    func aVirtualTouchscreenIsReadThroughItsNode() throws {
        let ufd = open("/dev/uinput", O_WRONLY | O_NONBLOCK)
        guard ufd >= 0 else {
            Issue.record("/dev/uinput could be opened a moment ago but not now: \(String(cString: strerror(errno)))")
            return
        }
        defer { _ = cevdev_uinput_destroy(ufd); close(ufd) }
        var sys = [CChar](repeating: 0, count: 64)
        try #require(cevdev_uinput_touchscreen(ufd, "TouchScope Test Panel", 4, 1000, 800, &sys) == 0, "\(String(cString: strerror(errno)))")
        let sysname = String(decoding: sys.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/sys/class/input/\(sysname)")
        let event = try #require(entries.first { $0.hasPrefix("event") })
        let path = "/dev/input/" + event
        // devtmpfs makes the node as the device is registered; allow it a moment.
        var fd: Int32 = -1
        for _ in 0..<2000 {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd >= 0 { break }
            usleep(1000)
        }
        try #require(fd >= 0, "cannot open \(path)")
        defer { close(fd) }
        let node = EvdevNode(fd: fd)
        #expect(node.useMonotonicClock())
        let info = EvdevDeviceInfo(queries: node)
        #expect(info.name == "TouchScope Test Panel")
        #expect(info.kind == .touchscreen)
        #expect(info.slotCount == 4)
        #expect(info.axes[0x35]?.max == 1000 && info.axes[0x36]?.max == 800)
        let before = EvdevReader.monotonicMicroseconds()
        // Two frames as a driver sends them: a contact lands (slot 0, id 5, BTN_TOUCH), then lifts.
        func ev(_ type: Int, _ code: Int, _ value: Int) -> EvdevEvent { EvdevEvent(time: 0, type: type, code: code, value: value) }
        let events = [ev(3, 0x2f, 0), ev(3, 0x39, 5), ev(3, 0x35, 250), ev(3, 0x36, 400), ev(1, 0x14a, 1), ev(0, 0, 0),
                      ev(3, 0x39, -1), ev(1, 0x14a, 0), ev(0, 0, 0)]
        #expect(EvdevRecords.write(EvdevRecords.encode(events), to: ufd))
        let reader = try EvdevReader(fd: fd, info: info, queries: node, window: Size(width: 1000, height: 800), label: path, protocolA: false)
        let down = try #require(try reader.nextFrame())
        let up = try #require(try reader.nextFrame())
        let after = EvdevReader.monotonicMicroseconds()
        #expect(down.touches.map(\.input.kind) == [.fingerDown(finger: 1, x: 250, y: 400, pressure: nil, device: nil)])
        #expect(up.touches.count == 1)
        #expect(down.time >= before && down.time <= after)
    }
}
