// `touchscope devices` on a fake /dev/input and sysfs tree (--dev-root): each device's name,
// kind, slots, axes with range, resolution and fuzz, udev's calibration matrix, and whether it
// can be read. Sysfs bitmaps are hex words, the most significant first, of the machine's long
// (linux drivers/input/input.c, input_print_bitmap); BTN_TOUCH is 0x14a, INPUT_PROP_DIRECT bit 1
// (include/uapi/linux/input-event-codes.h); node eventN is char 13:(64 + N) (devices.txt).
import Foundation
import Testing
import TouchScene

@Suite struct DevicesCommandTests {
    /// A tree with a touchscreen (an evemu stand-in for its node) and a keyboard.
    static func tree() throws -> String {
        let root = Paths.temporary("devroot-\(UUID().uuidString)")
        let fm = FileManager.default
        for d in ["/dev/input", "/sys/class/input/event0/device/capabilities", "/sys/class/input/event1/device/capabilities", "/run/udev/data"] {
            try fm.createDirectory(atPath: root + d, withIntermediateDirectories: true)
        }
        let fixture = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/real/atmel-maxtouch.1-finger-fast-taps.evemu"
        try fm.copyItem(atPath: fixture, toPath: root + "/dev/input/event0")
        func write(_ path: String, _ text: String) throws { try text.write(toFile: root + path, atomically: false, encoding: .utf8) }
        let dev0 = "/sys/class/input/event0/device"
        try write(dev0 + "/name", "Atmel maXTouch Touchscreen\n")
        try write(dev0 + "/properties", "2\n")
        // ABS 0x00, 0x01, 0x2f, 0x35, 0x36, 0x37, 0x39, 0x3b: one 64-bit word.
        let abs: UInt64 = 1 << 0x3b | 1 << 0x39 | 1 << 0x37 | 1 << 0x36 | 1 << 0x35 | 1 << 0x2f | 1 << 1 | 1
        try write(dev0 + "/capabilities/abs", String(abs, radix: 16) + "\n")
        // BTN_TOUCH (330 = word 5, bit 10).
        try write(dev0 + "/capabilities/key", "400 0 0 0 0 0\n")
        try write("/run/udev/data/c13:64", "E:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\nE:LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1\n")
        let dev1 = "/sys/class/input/event1/device"
        try write(dev1 + "/name", "AT Translated Set 2 keyboard\n")
        try write(dev1 + "/properties", "0\n")
        try write(dev1 + "/capabilities/key", "1 0 0 fffffffffffffffe\n")
        try write("/dev/input/event1", "")
        chmod(root + "/dev/input/event1", 0o600)
        for p in ["", "/dev", "/dev/input"] { chmod(root + p, 0o755) }
        chmod(Paths.temporary, 0o755)
        return root
    }

    @Test func listsEveryDeviceWithItsAxes() throws {
        let root = try Self.tree()
        let r = try CLIRun.run(["devices", "--dev-root", root, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let devices = try #require(obj["devices"] as? [[String: Any]])
        #expect(devices.count == 2)
        let ts = devices[0]
        #expect(ts["path"] as? String == root + "/dev/input/event0")
        #expect(ts["name"] as? String == "Atmel maXTouch Touchscreen")
        #expect(ts["kind"] as? String == "touchscreen")
        #expect(ts["slots"] as? Int == 10)      // ABS_MT_SLOT 0 to 9
        #expect(ts["readable"] as? Bool == true)
        #expect(ts["calibration"] as? [Double] == [0, 1, 0, -1, 0, 1])
        let axes = try #require(ts["axes"] as? [[String: Any]])
        let x = try #require(axes.first { $0["name"] as? String == "ABS_MT_POSITION_X" })
        #expect(x["min"] as? Int == 0 && x["max"] as? Int == 799 && x["resolution"] as? Int == 0 && x["fuzz"] as? Int == 0)
        #expect(axes.count == 8)
        // The keyboard: no axes; as root its (empty) node opens, but it is no device.
        #expect(devices[1]["kind"] as? String == "other")
        #expect(devices[1]["name"] as? String == "AT Translated Set 2 keyboard")

        let text = try CLIRun.run(["devices"], environment: ["TOUCHSCOPE_DEV_ROOT": root])
        #expect(text.status == 0)
        #expect(text.stdout.contains("event0: Atmel maXTouch Touchscreen (touchscreen)"))
        #expect(text.stdout.contains("  slots: 10"))
        #expect(text.stdout.contains("  ABS_MT_POSITION_Y: 0 to 479, resolution not stated, fuzz 0"))
        #expect(text.stdout.contains("calibration (udev LIBINPUT_CALIBRATION_MATRIX): 0 1 0 -1 0 1"))
    }

    @Test func aNodeThatCannotBeReadSaysWhyAndHowToFixIt() throws {
        // Run as nobody (root reads every node): the keyboard's node is root's, mode 600.
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped: needs root and setpriv to run the command as another user"); return
        }
        let root = try Self.tree()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CLIRun.binary, "devices", "--dev-root", root]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text.contains("event1: AT Translated Set 2 keyboard (other), not readable"))
        #expect(text.contains("cannot read \(root)/dev/input/event1: permission denied (the node belongs to group `root`); add yourself to it (`sudo usermod -aG root $USER`, then log in again) or give the device a udev rule with TAG+=\"uaccess\""))
    }

    @Test func aDeviceThatCannotBeUsedStopsBeforeTheWindowWithOneLine() throws {
        let root = try Self.tree()
        let empty = Paths.temporary("devroot-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: empty + "/dev/input", withIntermediateDirectories: true)
        // No touchscreen on the machine: its state, exit 1.
        let none = try CLIRun.run(["run", "hit-test", "--device", "auto", "--dev-root", empty])
        #expect(none.status == 1)
        #expect(none.stderrLines == ["touchscope: --device auto: no input devices under \(empty)/dev/input"])
        // A name no device has: a bad argument, exit 2, naming the devices there are.
        let name = try CLIRun.run(["touchtest", "--device", "Wacom", "--dev-root", root])
        #expect(name.status == 2)
        #expect(name.stderrLines == ["touchscope: --device: no device is named `Wacom` (devices: `Atmel maXTouch Touchscreen`, `AT Translated Set 2 keyboard`)"])
        // A device that is no touch device.
        let keys = try CLIRun.run(["run", "hit-test", "--device", "AT Translated", "--dev-root", root])
        #expect(keys.status == 2)
        #expect(keys.stderrLines.count == 1)
        // A replayed file with a bad event: FILE:LINE:COLUMN, exit 2, before any window.
        let bad = Paths.root + "/Tests/TouchSceneTests/Fixtures/import/bad/bad-slot.evemu"
        let replay = try CLIRun.run(["run", "hit-test", "--device-replay", bad])
        #expect(replay.status == 2)
        #expect(replay.stderrLines.count == 1 && replay.stderr.contains("bad-slot.evemu:6:1: slot 9999 is out of range"))
        let both = try CLIRun.run(["run", "--device", "auto", "--device-replay", bad])
        #expect(both.status == 2 && both.stderr.contains("--device and --device-replay cannot be used together"))
        let matrix = try CLIRun.run(["touchtest", "--device", "auto", "--calibration", "1 0 0 0 1"])
        #expect(matrix.status == 2 && matrix.stderr.contains("--calibration takes six numbers"))
    }
}
