// EvdevDevices: the input devices of a machine, found under a root (`/` on a real one; a
// folder holding a fake `dev/input` and `sys/class/input` tree in tests, `--dev-root` or
// TOUCHSCOPE_DEV_ROOT):
//
//   ROOT/dev/input/eventN                              the node (read with ioctls)
//   ROOT/sys/class/input/eventN/device/name            the device's name
//   ROOT/sys/class/input/eventN/device/properties      INPUT_PROP_* bits (hex words)
//   ROOT/sys/class/input/eventN/device/capabilities/   abs, key: the codes it has (hex words)
//   ROOT/run/udev/data/c13:MINOR                       udev's properties (E:KEY=VALUE lines),
//                                                      LIBINPUT_CALIBRATION_MATRIX among them
//
// Ranges, resolution and fuzz are not in sysfs: they come from the node (EVIOCGABS), so a
// device that cannot be opened shows its axes without them. A regular file in place of a
// node is read as an evemu description: a stand-in device for tests and for devices
// captured elsewhere.
import TouchCore
#if canImport(Glibc)
import Glibc
import TouchFiles
#endif

/// One input device as `touchscope devices` lists it.
public struct EvdevDeviceEntry: Sendable {
    /// The node's path (under the root).
    public var path: String
    /// What the node describes: its name, properties, axes and keys.
    public var info: EvdevDeviceInfo
    /// Whether the axes' ranges are known (the node was read).
    public var rangesKnown: Bool
    /// Why the node cannot be read; nil when it can.
    public var problem: String?
    /// udev's LIBINPUT_CALIBRATION_MATRIX (six numbers), when set.
    public var calibration: [Double]?

    /// Touchscreen, tablet, touchpad or other, from its properties and axes.
    public var kind: EvdevDeviceKind { info.kind }
    /// Whether the node can be read (no `problem`).
    public var readable: Bool { problem == nil }
}

/// The input devices under a root (`/dev/input` and sysfs, or a fake tree for tests): listing
/// them, picking the touchscreen (`--device auto`) and opening one.
public enum EvdevDevices {
    /// The root from `--dev-root` or the environment's TOUCHSCOPE_DEV_ROOT, else `/`.
    public static func root(_ option: String?) -> String {
        if let option, !option.isEmpty { return option }
        if let env = getenv("TOUCHSCOPE_DEV_ROOT").map({ String(cString: $0) }), !env.isEmpty { return env }
        return "/"
    }

    static func join(_ root: String, _ path: String) -> String {
        root == "/" ? path : (root.hasSuffix("/") ? String(root.dropLast()) : root) + path
    }

    /// The event nodes under `root`, in number order (event2 before event10).
    public static func nodes(root: String) -> [String] {
        let dir = join(root, "/dev/input")
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var numbers: [Int] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("event"), let n = Int(name.dropFirst(5)), n >= 0 { numbers.append(n) }
        }
        return numbers.sorted().map { "\(dir)/event\($0)" }
    }

    /// Every device under `root`, as `touchscope devices` lists them.
    public static func list(root: String) -> [EvdevDeviceEntry] {
        nodes(root: root).map { entry(path: $0, root: root) }
    }

    /// The device at `path` (a node under `root`).
    public static func entry(path: String, root: String) -> EvdevDeviceEntry {
        let event = String(path.split(separator: "/").last ?? "")
        let sys = join(root, "/sys/class/input/\(event)/device")
        var info = EvdevDeviceInfo(name: readText(sys + "/name") ?? "unnamed device",
                                   properties: bits(readText(sys + "/properties")),
                                   axes: [:], keys: bits(readText(sys + "/capabilities/key")))
        for code in bits(readText(sys + "/capabilities/abs")) { info.axes[code] = EvdevAxis(min: 0, max: 0) }
        var entry = EvdevDeviceEntry(path: path, info: info, rangesKnown: false, problem: nil,
                                     calibration: calibration(root: root, event: event))
        switch open(path: path) {
        case .success(let opened):
            defer { close(opened.fd) }
            if let node = opened.node {
                let n = EvdevDeviceInfo(queries: node)
                entry.info = n
            } else if let stand = opened.standIn {
                // The stand-in gives the ranges; sysfs, where the tree has it, the rest.
                let hasSysfs = readText(sys + "/name") != nil
                entry.info.axes = stand.axes
                if !hasSysfs { entry.info = stand } else { entry.info.keys.formUnion(stand.keys) }
            }
            entry.rangesKnown = true
        case .failure(let p):
            entry.problem = p.message
        }
        return entry
    }

    /// An opened device: its descriptor, and the node's queries or a stand-in's description.
    public struct Opened {
        /// The open descriptor of the node (or of a stand-in file).
        public var fd: Int32
        /// The node's ioctl queries; nil for a stand-in.
        public var node: EvdevNode?
        /// A stand-in file's description (an evemu file in place of a node, in a fake tree); nil for a node.
        public var standIn: EvdevDeviceInfo?
    }

    /// Why a node cannot be read, in one line (permissions: the group and the fix).
    public struct OpenProblem: Error, Sendable {
        /// The line to print: the node, and for permissions the group and the fix.
        public var message: String
        /// Whether it is a matter of permissions (exit 1 with the fix) rather than of a bad path.
        public var permission: Bool
    }

    /// Opens `path` for reading (non-blocking, close-on-exec). A character device is a node;
    /// a regular file is read as a stand-in evemu description.
    public static func open(path: String) -> Result<Opened, OpenProblem> {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(problem(path: path, errno: code, group: groupName(of: path)))
        }
        var st = stat()
        fstat(fd, &st)
        if st.st_mode & S_IFMT == S_IFCHR { return .success(Opened(fd: fd, node: EvdevNode(fd: fd), standIn: nil)) }
        if st.st_mode & S_IFMT == S_IFREG, let f = try? EvdevFileDevice.read(path: path) {
            return .success(Opened(fd: fd, node: nil, standIn: f.info))
        }
        close(fd)
        return .failure(OpenProblem(message: "\(path) is not an input device node (a character device) or an evemu description", permission: false))
    }

    /// The line that says why `path` cannot be opened: for a permission, the group that may
    /// read it and the two fixes (the group, or udev's uaccess tag for the seat's user).
    public static func problem(path: String, errno code: Int32, group: String?) -> OpenProblem {
        if code == EACCES || code == EPERM {
            let g = group ?? "input"
            return OpenProblem(message: "cannot read \(path): permission denied (the node belongs to group `\(g)`); add yourself to it (`sudo usermod -aG \(g) $USER`, then log in again) or give the device a udev rule with TAG+=\"uaccess\"", permission: true)
        }
        return OpenProblem(message: "cannot read \(path): \(String(cString: strerror(code)))", permission: false)
    }

    /// The name of the group that owns `path`.
    static func groupName(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, let g = getgrgid(st.st_gid) else { return nil }
        return String(cString: g.pointee.gr_name)
    }

    /// udev's LIBINPUT_CALIBRATION_MATRIX for `eventN` (the node's minor is 64 + N).
    static func calibration(root: String, event: String) -> [Double]? {
        guard let n = Int(event.dropFirst(5)), let text = readText(join(root, "/run/udev/data/c13:\(64 + n)")) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("E:LIBINPUT_CALIBRATION_MATRIX=") {
            let numbers = line.dropFirst("E:LIBINPUT_CALIBRATION_MATRIX=".count).split(separator: " ").compactMap { Double($0) }
            if numbers.count == 6, numbers.allSatisfy(\.isFinite) { return numbers }
        }
        return nil
    }

    /// A small text file (sysfs, udev data), trimmed; nil when it cannot be read.
    static func readText(_ path: String) -> String? {
        guard case .success(let bytes) = FileAccess.readSmallFile(path, limit: 65536, what: "device") else { return nil }
        let s = String(decoding: bytes, as: UTF8.self)
        return String(s.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }

    /// A sysfs bitmap ("1 0 3": hex words of the machine's long, the most significant first) as bit numbers.
    static func bits(_ text: String?) -> Set<Int> {
        guard let text else { return [] }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let width = MemoryLayout<UInt>.size * 8
        var out = Set<Int>()
        for (i, w) in words.reversed().enumerated() {
            guard let v = UInt(w, radix: 16) else { continue }
            for b in 0..<width where v & (1 << UInt(b)) != 0 { out.insert(i * width + b) }
        }
        return out
    }
}
