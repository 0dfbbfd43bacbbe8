// The IIO accelerometer reader against a folder of plain files standing in for sysfs.
import Foundation
import Testing
@testable import TouchSDL

/// A fresh folder laid out as /sys/bus/iio/devices, removed when the value goes away.
private final class FakeIIO {
    let root: String
    init() throws {
        root = NSTemporaryDirectory() + "touchscope-iio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `files` (name → text) into `iio:deviceN`, in place (the reader keeps them open).
    func device(_ n: Int, _ files: [String: String]) throws {
        let dir = root + "/iio:device\(n)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files { try (text + "\n").write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
    }
}

private func close(_ a: (x: Double, y: Double, z: Double)?, _ b: (Double, Double, Double), within e: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.0) <= e && abs(a.y - b.1) <= e && abs(a.z - b.2) <= e
}

@Suite("IIO accelerometer (a folder of plain files)")
struct IIOAccelerometerTests {
    @Test("raw values times the shared scale are m/s²; a light sensor beside it is ignored")
    func sharedScale() throws {
        let iio = try FakeIIO()
        try iio.device(0, ["name": "als", "in_illuminance_raw": "120", "in_illuminance_scale": "0.1"])
        try iio.device(1, ["name": "accel_3d", "in_accel_x_raw": "0", "in_accel_y_raw": "-1024",
                           "in_accel_z_raw": "52", "in_accel_scale": "0.009576806"])
        let found = IIOAccelerometer.discover(root: iio.root, minimumChange: 0)
        #expect(found.map(\.name) == ["accel_3d"])
        let a = try #require(found.first)
        #expect(close(a.poll(), (0, -1024 * 0.009576806, 52 * 0.009576806)))
    }

    @Test("an offset is added before scaling, and a per-axis scale wins over the shared one")
    func offsetAndPerAxisScale() throws {
        let iio = try FakeIIO()
        try iio.device(0, ["name": "mma8451", "in_accel_x_raw": "100", "in_accel_y_raw": "-200", "in_accel_z_raw": "10",
                           "in_accel_offset": "-10", "in_accel_x_scale": "0.5", "in_accel_y_scale": "0.25",
                           "in_accel_z_scale": "2", "in_accel_scale": "1000"])
        let a = try #require(IIOAccelerometer.discover(root: iio.root, minimumChange: 0).first)
        #expect(a.scale == [0.5, 0.25, 2])
        #expect(close(a.poll(), (45, -52.5, 0)))
        // Per-axis offsets too; a device with no scale file reads its raw values as m/s².
        try iio.device(1, ["in_accel_x_raw": "1", "in_accel_y_raw": "-9.5", "in_accel_z_raw": "3", "in_accel_z_offset": "1"])
        let b = try #require(IIOAccelerometer(folder: iio.root + "/iio:device1", minimumChange: 0))
        #expect(b.name == "iio:device1")
        #expect(close(b.poll(), (1, -9.5, 4)))
    }

    @Test("unchanged values give no sample; a change gives one; changes under minimumChange give none")
    func onlyChanges() throws {
        let iio = try FakeIIO()
        try iio.device(0, ["name": "accel", "in_accel_x_raw": "0", "in_accel_y_raw": "-981", "in_accel_z_raw": "0",
                           "in_accel_scale": "0.01"])
        let a = try #require(IIOAccelerometer.discover(root: iio.root, minimumChange: 0.05).first)
        #expect(close(a.poll(), (0, -9.81, 0)))
        #expect(a.poll() == nil)
        #expect(a.poll() == nil)
        try iio.device(0, ["in_accel_x_raw": "2"])           // 0.02 m/s²: noise
        #expect(a.poll() == nil)
        try iio.device(0, ["in_accel_x_raw": "-981", "in_accel_y_raw": "0"])
        #expect(close(a.poll(), (-9.81, 0, 0)))
        #expect(close(a.latest.map { ($0.x, $0.y, $0.z) }, (-9.81, 0, 0)))
        #expect(a.poll() == nil)
    }

    @Test("a file that holds no number gives no sample and no crash; closing stops the reads")
    func badFile() throws {
        let iio = try FakeIIO()
        try iio.device(0, ["in_accel_x_raw": "x", "in_accel_y_raw": "1", "in_accel_z_raw": "nan"])
        let a = try #require(IIOAccelerometer.discover(root: iio.root).first)
        #expect(a.poll() == nil)
        try iio.device(0, ["in_accel_x_raw": "3", "in_accel_z_raw": "4"])
        #expect(close(a.poll(), (3, 1, 4)))
        a.close()
        a.close()
        try iio.device(0, ["in_accel_x_raw": "30"])
        #expect(a.poll() == nil)
    }

    @Test("a device missing a channel is not an accelerometer; a missing root finds none")
    func notAccelerometers() throws {
        let iio = try FakeIIO()
        try iio.device(0, ["name": "accel_3d", "in_accel_x_raw": "1", "in_accel_y_raw": "1"])
        try iio.device(1, ["name": "magn_3d", "in_magn_x_raw": "1", "in_magn_y_raw": "1", "in_magn_z_raw": "1"])
        #expect(IIOAccelerometer.discover(root: iio.root).isEmpty)
        #expect(IIOAccelerometer.discover(root: iio.root + "/nothing-here").isEmpty)
    }

    @Test("the screen's accelerometer comes first on a convertible, then device-number order")
    func order() throws {
        let iio = try FakeIIO()
        let axes = ["in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_z_raw": "0"]
        try iio.device(10, axes.merging(["name": "ten"]) { $1 })
        try iio.device(2, axes.merging(["name": "base", "label": "accel-base"]) { $1 })
        try iio.device(3, axes.merging(["name": "lid", "label": "accel-display"]) { $1 })
        #expect(IIOAccelerometer.discover(root: iio.root).map(\.name) == ["lid", "base", "ten"])
    }

    @Test("TOUCHSCOPE_IIO_ROOT replaces /sys/bus/iio/devices")
    func rootVariable() {
        #expect(IIOAccelerometer.root(environment: ["TOUCHSCOPE_IIO_ROOT": "/tmp/fake"]) == "/tmp/fake")
        #expect(IIOAccelerometer.root(environment: ["TOUCHSCOPE_IIO_ROOT": ""]) == "/sys/bus/iio/devices")
        #expect(IIOAccelerometer.root(environment: [:]) == "/sys/bus/iio/devices")
    }
}
