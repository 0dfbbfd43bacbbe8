// IIOAccelerometer: the device's own accelerometer on Linux (tablets, convertibles), read from
// the industrial I/O sysfs files, which SDL 2 does not see.
//
//     let accels = IIOAccelerometer.discover()            // TOUCHSCOPE_IIO_ROOT or /sys/bus/iio/devices
//     if let a = accels.first, let v = a.poll() { send(.accel(x: v.x, y: v.y, z: v.z)) }
//
// A device folder (`iio:deviceN`) is an accelerometer when it has the channels
// `in_accel_x_raw`, `in_accel_y_raw` and `in_accel_z_raw`; its `name` names it. Each axis
// reads `(raw + offset) × scale` m/s² (IIO's rule), with the axis's own `in_accel_x_scale` /
// `in_accel_x_offset` when the device has them, else the shared `in_accel_scale` /
// `in_accel_offset` (scale 1 and offset 0 when absent). Axes are IIO's: x right, y up, z out
// of the screen toward the user, for the device held in portrait; at rest the reading is
// gravity pointing down (upright: y ≈ -9.81).
//
// The three raw files stay open and are read with `pread` at offset 0 (sysfs makes a fresh
// value on every read): polling costs three small reads, and `poll` gives a sample only when
// a value changed. Plain files stand in for sysfs in tests: rewrite them in place (not by
// renaming a new file over them, which the open descriptors would not see).
//
// `IIOAccelerometerSource` is the host's input source for them: the first one is read
// about 60 times a second while the window is open; a reading that changed is an `accel`
// input like any other.
import Foundation
import TouchCore

/// One IIO accelerometer, its files open.
public final class IIOAccelerometer {
    /// The `name` file's text (e.g. `accel_3d`, `mma8451`), or the folder's name without one.
    public let name: String
    /// The device folder (`…/iio:device0`).
    public let path: String
    /// The `label` file's text (`accel-display`, `accel-base` on convertibles), if any.
    public let label: String?
    /// Per axis (x, y, z): `(raw + offset) × scale`.
    public let scale: [Double]
    public let offset: [Double]
    /// A reading is given when an axis moved at least this much (m/s²) from the last one
    /// given: a sensor's last-bit noise does not make a sample (and a redraw) every poll.
    public var minimumChange: Double
    /// The last reading `poll` gave (m/s²), nil before the first.
    public private(set) var latest: (x: Double, y: Double, z: Double)?

    private var descriptors: [Int32]

    /// The environment variable that replaces `/sys/bus/iio/devices` (tests, a recorded tree).
    public static let rootVariable = "TOUCHSCOPE_IIO_ROOT"
    public static let defaultRoot = "/sys/bus/iio/devices"

    /// The folder to look in: `TOUCHSCOPE_IIO_ROOT` when set and not empty, else sysfs.
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let r = environment[rootVariable], !r.isEmpty { return r }
        return defaultRoot
    }

    /// Every accelerometer under `root` that can be read, the screen's first (label
    /// `accel-display`), then in device-number order. Other IIO devices (light, proximity,
    /// a magnetometer) are left alone. None when the folder does not exist.
    public static func discover(root: String = IIOAccelerometer.root(), minimumChange: Double = 0.05) -> [IIOAccelerometer] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        let found = entries.filter { $0.hasPrefix("iio:device") }
            .sorted { (Int($0.dropFirst(10)) ?? Int.max, $0) < (Int($1.dropFirst(10)) ?? Int.max, $1) }
            .compactMap { IIOAccelerometer(folder: root + "/" + $0, minimumChange: minimumChange) }
        return found.filter { $0.isDisplay } + found.filter { !$0.isDisplay }
    }

    /// Opens the device in `folder`; nil when it is not an accelerometer or its channels
    /// cannot be opened.
    public init?(folder: String, minimumChange: Double = 0.05) {
        let axes = ["x", "y", "z"]
        var fds: [Int32] = []
        for a in axes {
            // A channel must be a regular file (as sysfs's are): a FIFO is refused, not waited on.
            guard case .success(let fd) = RegularFile.openForReading(folder + "/in_accel_\(a)_raw") else {
                for f in fds { Glibc.close(f) }
                return nil
            }
            fds.append(fd)
        }
        descriptors = fds
        path = folder
        let folderName = folder.split(separator: "/").last.map(String.init) ?? folder
        name = Self.text(folder + "/name").flatMap { $0.isEmpty ? nil : $0 } ?? folderName
        label = Self.text(folder + "/label").flatMap { $0.isEmpty ? nil : $0 }
        let sharedScale = Self.number(folder + "/in_accel_scale")
        let sharedOffset = Self.number(folder + "/in_accel_offset")
        scale = axes.map { Self.number(folder + "/in_accel_\($0)_scale") ?? sharedScale ?? 1 }
        offset = axes.map { Self.number(folder + "/in_accel_\($0)_offset") ?? sharedOffset ?? 0 }
        self.minimumChange = minimumChange
    }

    deinit { close() }

    /// Whether this is the screen's accelerometer on a convertible with two.
    public var isDisplay: Bool { label == "accel-display" }

    /// Reads the three axes. The reading in m/s² when it differs from the last one given
    /// (by `minimumChange` on some axis), else nil: unchanged values make no sample. Nil too
    /// when a file cannot be read or holds no number (the device was busy or went away).
    public func poll() -> (x: Double, y: Double, z: Double)? {
        guard descriptors.count == 3 else { return nil }
        var v: [Double] = [0, 0, 0]
        for k in 0..<3 {
            guard let raw = Self.readNumber(descriptors[k]) else { return nil }
            v[k] = (raw + offset[k]) * scale[k]
            guard v[k].isFinite else { return nil }
        }
        if let last = latest {
            let moved = max(abs(v[0] - last.x), abs(v[1] - last.y), abs(v[2] - last.z))
            if moved == 0 || moved < minimumChange { return nil }
        }
        latest = (v[0], v[1], v[2])
        return (v[0], v[1], v[2])
    }

    /// Closes the files; `poll` then gives nothing. Safe to call twice.
    public func close() {
        for fd in descriptors { Glibc.close(fd) }
        descriptors = []
    }

    // MARK: Reading

    /// A file's text without surrounding white space, or nil.
    private static func text(_ path: String) -> String? {
        guard case .success(let fd) = RegularFile.openForReading(path) else { return nil }
        defer { Glibc.close(fd) }
        var buf = [UInt8](repeating: 0, count: 256)
        let n = buf.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func number(_ path: String) -> Double? {
        text(path).flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The number at the start of an open file (`pread` at offset 0), or nil.
    private static func readNumber(_ fd: Int32) -> Double? {
        var buf = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))   // 32 bytes: a raw value is a few digits
        return withUnsafeMutableBytes(of: &buf) { b -> Double? in
            let n = pread(fd, b.baseAddress, b.count, 0)
            guard n > 0 else { return nil }
            var end = 0
            while end < n, b[end] != 0x0a, b[end] != 0x20, b[end] != 0x09, b[end] != 0x0d, b[end] != 0 { end += 1 }
            guard end > 0 else { return nil }
            let s = String(decoding: UnsafeRawBufferPointer(rebasing: b[0..<end]), as: UTF8.self)
            return Double(s).flatMap { $0.isFinite ? $0 : nil }
        }
    }
}

/// The device's own accelerometers as the host's input source: the screen's is read every
/// `interval` seconds (only the first: on a convertible the base's would fight the screen's).
@MainActor
public final class IIOAccelerometerSource: InputSource {
    /// What was found, the screen's first.
    public let accelerometers: [IIOAccelerometer]
    /// How often the accelerometer is read (seconds).
    public static let interval = 1.0 / 60
    private var next = 0.0

    public init(accelerometers: [IIOAccelerometer]) { self.accelerometers = accelerometers }

    /// The accelerometers under `IIOAccelerometer.root()`; none when the options turn device
    /// sensors off or the host is headless.
    public convenience init(options: HostOptions) {
        self.init(accelerometers: options.deviceSensors && !options.headless ? IIOAccelerometer.discover() : [])
    }

    /// An `accel` input when the poll is due and a value changed, else nothing.
    public func poll(at time: Double, host: SDLHost) -> [RawInput] {
        guard let accel = accelerometers.first, time >= next else { return [] }
        next = time + Self.interval
        guard let v = accel.poll() else { return [] }
        return [RawInput(t: time, .accel(x: v.x, y: v.y, z: v.z))]
    }

    public var nextPoll: Double? { accelerometers.isEmpty ? nil : next }

    public var devices: [InputDevice] {
        accelerometers.enumerated().map { k, a in
            InputDevice(kind: .accelerometer, name: a.name, capabilities: [.accelerometer], inUse: k == 0)
        }
    }

    public func close() { for a in accelerometers { a.close() } }
}
