// The C target's request numbers and records, checked against the kernel's own definitions
// computed here: include/uapi/asm-generic/ioctl.h builds a request as
// dir << 30 | size << 16 | type << 8 | nr (_IOC_READ = 2, _IOC_WRITE = 1), and
// include/uapi/linux/input.h gives each EVIOC* its nr and size; `struct input_event` on a
// 64-bit system is a struct timeval (two 8-byte fields) then u16 type, u16 code, s32 value.
import CEvdev
import Testing

@Suite struct CEvdevTests {
    /// _IOC(dir, 'E', nr, size).
    func ioc(_ dir: UInt, _ nr: UInt, _ size: UInt) -> UInt { dir << 30 | size << 16 | UInt(UInt8(ascii: "E")) << 8 | nr }

    @Test func requestNumbersFollowTheKernelsFormula() {
        // EVIOCGABS(abs): _IOR('E', 0x40 + abs, struct input_absinfo), six s32 = 24 bytes.
        #expect(cevdev_request_gabs(0x35) == ioc(2, 0x40 + 0x35, 24))
        #expect(cevdev_request_gabs(0x00) == 0x8018_4540)
        // EVIOCGNAME(len): _IOC(_IOC_READ, 'E', 0x06, len).
        #expect(cevdev_request_gname(256) == ioc(2, 0x06, 256))
        // EVIOCGPROP(len): 0x09; EVIOCGKEY(len): 0x18; EVIOCGMTSLOTS(len): 0x0a.
        #expect(cevdev_request_gprop(4) == ioc(2, 0x09, 4))
        #expect(cevdev_request_gkey(96) == ioc(2, 0x18, 96))
        #expect(cevdev_request_gmtslots(44) == ioc(2, 0x0a, 44))
        // EVIOCGBIT(ev, len): 0x20 + ev.
        #expect(cevdev_request_gbit(3, 8) == ioc(2, 0x20 + 3, 8))
        // EVIOCSCLOCKID: _IOW('E', 0xa0, int); EVIOCGVERSION: _IOR('E', 0x01, int).
        #expect(cevdev_request_sclockid() == ioc(1, 0xa0, 4))
        #expect(cevdev_request_gversion() == 0x8004_4501)
    }

    @Test func recordsHaveTheKernelsLayout() {
        #expect(cevdev_event_size() == (MemoryLayout<Int>.size == 8 ? 24 : 16))
        guard MemoryLayout<Int>.size == 8 else { return }
        var e = cevdev_event(sec: 12, usec: 345_678, type: 3, code: 0x35, value: -2)
        var bytes = [UInt8](repeating: 0xaa, count: 24)
        bytes.withUnsafeMutableBytes { cevdev_encode(&e, $0.baseAddress!) }
        func le(_ at: Int, _ n: Int) -> Int64 {
            var v: UInt64 = 0
            for k in (0..<n).reversed() { v = v << 8 | UInt64(bytes[at + k]) }
            return n == 4 ? Int64(Int32(truncatingIfNeeded: v)) : Int64(bitPattern: v)
        }
        #expect(le(0, 8) == 12)
        #expect(le(8, 8) == 345_678)
        #expect(le(16, 2) == 3)
        #expect(le(18, 2) == 0x35)
        #expect(le(20, 4) == -2)
        var back = cevdev_event()
        bytes.withUnsafeBytes { cevdev_decode($0.baseAddress!, &back) }
        #expect(back.sec == 12 && back.usec == 345_678 && back.type == 3 && back.code == 0x35 && back.value == -2)
    }
}
