// EvdevMapping: a touch device's positions onto the screen, in libinput's convention.
//
//   device units ─▶ normalized (0 at the axis's minimum, 1 at its maximum)
//                ─▶ calibration matrix [a b c; d e f]: (a·x + b·y + c, d·x + e·y + f)
//                ─▶ the output's rectangle (the display the device maps to)
//
// The matrix is the one udev's LIBINPUT_CALIBRATION_MATRIX holds (libinput's
// doc "Static device configuration via udev": it works on normalized coordinates, so
// "0 -1 1 1 0 0" turns the device a quarter clockwise); identity when none is given.
import TouchCore

/// From device units to the screen: the device's position axes and the calibration matrix
/// in libinput's convention (on coordinates normalized to 0…1).
public struct EvdevMapping: Sendable, Equatable {
    /// The horizontal position axis (ABS_MT_POSITION_X, else ABS_X).
    public var x: EvdevAxis
    /// The vertical position axis (ABS_MT_POSITION_Y, else ABS_Y).
    public var y: EvdevAxis
    /// a b c d e f.
    public var matrix: [Double]

    /// The matrix that changes nothing: 1 0 0 0 1 0.
    public static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    /// The mapping of `info`'s position axes (the multitouch ones when it has them).
    public init?(info: EvdevDeviceInfo, matrix: [Double]? = nil) {
        let mt = info.axes[Evdev.ABS_MT_POSITION_X] != nil && info.axes[Evdev.ABS_MT_POSITION_Y] != nil
        guard let x = info.axes[mt ? Evdev.ABS_MT_POSITION_X : Evdev.ABS_X], let y = info.axes[mt ? Evdev.ABS_MT_POSITION_Y : Evdev.ABS_Y],
              x.max > x.min, y.max > y.min else { return nil }
        self.x = x
        self.y = y
        self.matrix = matrix ?? Self.identity
    }

    /// `(x, y)` in device units as a fraction of the output (0 to 1 across it), calibrated.
    public func normalized(x vx: Int, y vy: Int) -> (x: Double, y: Double) {
        let nx = (Double(vx) - Double(x.min)) / (Double(x.max) - Double(x.min))
        let ny = (Double(vy) - Double(y.min)) / (Double(y.max) - Double(y.min))
        let m = matrix
        return (m[0] * nx + m[1] * ny + m[2], m[3] * nx + m[4] * ny + m[5])
    }

    /// `(x, y)` on the screen, the output being `output` (screen coordinates).
    public func screenPoint(x vx: Int, y vy: Int, output: Rect) -> Point {
        let n = normalized(x: vx, y: vy)
        return Point(x: output.origin.x + n.x * output.size.width, y: output.origin.y + n.y * output.size.height)
    }

    /// `--calibration "a b c d e f"`: six finite numbers, or why not.
    public static func parseMatrix(_ text: String) -> (matrix: [Double]?, problem: String?) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard parts.count == 6 else {
            return (nil, "--calibration takes six numbers \"a b c d e f\" (libinput's matrix, as in LIBINPUT_CALIBRATION_MATRIX); got \(parts.count)")
        }
        var out: [Double] = []
        for p in parts {
            guard let v = Double(p), v.isFinite else { return (nil, "--calibration: `\(p)` is not a number") }
            out.append(v)
        }
        return (out, nil)
    }
}

extension EvdevDevices {
    /// The device `--device` names: `auto` (the first readable touchscreen, else the first
    /// touchscreen), a node's path, or a device's name (exact, else the only one containing it,
    /// ignoring case). The failure says why none, and is a permission problem when the
    /// device is there but cannot be read.
    public static func choose(_ spec: String, root: String) -> Result<EvdevDeviceEntry, OpenProblem> {
        let list = list(root: root)
        let chosen: EvdevDeviceEntry?
        if spec == "auto" {
            let screens = list.filter { $0.kind == .touchscreen }
            chosen = screens.first(where: \.readable) ?? screens.first
            guard chosen != nil else {
                let why = list.isEmpty ? "no input devices under \(join(root, "/dev/input"))"
                    : "none of the \(list.count) input devices is a touchscreen (`touchscope devices` lists them)"
                return .failure(OpenProblem(message: "--device auto: \(why)", permission: false))
            }
        } else if spec.contains("/") {
            chosen = list.first { $0.path == spec } ?? entry(path: spec, root: root)
        } else {
            let exact = list.filter { $0.info.name == spec }
            let near = list.filter { $0.info.name.lowercased().contains(spec.lowercased()) }
            chosen = exact.first ?? (near.count == 1 ? near[0] : nil)
            guard chosen != nil else {
                let names = list.map { "`\($0.info.name)`" }.joined(separator: ", ")
                let why = near.count > 1 ? "\(near.count) devices have `\(spec)` in their names" : "no device is named `\(spec)`"
                return .failure(OpenProblem(message: "--device: \(why) (devices: \(names.isEmpty ? "none" : names))", permission: false))
            }
        }
        guard let chosen else { return .failure(OpenProblem(message: "--device: no device", permission: false)) }
        if let p = chosen.problem { return .failure(OpenProblem(message: p, permission: p.contains("permission denied"))) }
        guard chosen.kind != .other else {
            return .failure(OpenProblem(message: "\(chosen.path) (\(chosen.info.name)) is not a touch device: it has no position axes", permission: false))
        }
        return .success(chosen)
    }
}
