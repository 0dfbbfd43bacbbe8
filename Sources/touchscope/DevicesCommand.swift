// touchscope devices: every input device (evdev node), what it is and whether it can be read.
import ArgumentParser
import Foundation
import TouchCore
import TouchScene
import TouchScopeKit

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the input devices (evdev): name, kind, slots, axes, and whether they can be read.",
        discussion: """
            Each /dev/input/eventN: its name, kind (touchscreen, tablet, touchpad, other),
            the contacts it tracks (slots), its absolute axes with range, resolution and
            fuzz, udev's LIBINPUT_CALIBRATION_MATRIX, and whether TouchScope can read it
            (and why not: reading a node needs the `input` group or a udev uaccess rule).
            --dev-root (or TOUCHSCOPE_DEV_ROOT) reads another tree holding dev/input,
            sys/class/input and run/udev/data (tests; a regular file in place of a node
            is read as an evemu description).
            Example: touchscope devices --json
            """)

    @Option(help: ArgumentHelp("Read the devices under this folder instead of / (its dev/input, sys/class/input, run/udev/data).", valueName: "dir"))
    var devRoot: String?
    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let root = EvdevDevices.root(devRoot)
        let list = EvdevDevices.list(root: root)
        if json {
            print(Self.json(list))
            return
        }
        if list.isEmpty {
            print("no input devices under \(EvdevDevices.root(devRoot) == "/" ? "" : root)/dev/input")
            return
        }
        for e in list { print(Self.text(e)) }
    }

    static func slots(_ e: EvdevDeviceEntry) -> Int? {
        guard e.rangesKnown else { return nil }
        return e.info.axes[0x2f].map { $0.max - $0.min + 1 }
    }

    static func text(_ e: EvdevDeviceEntry) -> String {
        var lines = ["\(e.path): \(e.info.name) (\(e.kind.rawValue))" + (e.readable ? "" : ", not readable")]
        if let p = e.problem { lines.append("  \(p)") }
        if let s = slots(e) { lines.append("  slots: \(s)") }
        for code in e.info.axes.keys.sorted() {
            let a = e.info.axes[code]!
            let name = EvdevDeviceInfo.axisName(code)
            if e.rangesKnown {
                lines.append("  \(name): \(a.min) to \(a.max), resolution \(a.resolution == 0 ? "not stated" : "\(a.resolution)/mm"), fuzz \(a.fuzz)")
            } else {
                lines.append("  \(name): range unknown (the node cannot be read)")
            }
        }
        if let c = e.calibration { lines.append("  calibration (udev LIBINPUT_CALIBRATION_MATRIX): \(c.map { TraceFormat.short($0, 6) }.joined(separator: " "))") }
        return lines.joined(separator: "\n")
    }

    static func json(_ list: [EvdevDeviceEntry]) -> String {
        func str(_ s: String) -> String { var b: [UInt8] = []; JSONOut.string(s, into: &b); return String(decoding: b, as: UTF8.self) }
        func num(_ v: Double) -> String { var b: [UInt8] = []; JSONOut.number(v, into: &b); return String(decoding: b, as: UTF8.self) }
        let items = list.map { e -> String in
            let axes = e.info.axes.keys.sorted().map { code -> String in
                let a = e.info.axes[code]!
                let range = e.rangesKnown ? ",\"min\":\(a.min),\"max\":\(a.max),\"resolution\":\(a.resolution),\"fuzz\":\(a.fuzz)" : ""
                return "{\"code\":\(code),\"name\":\(str(EvdevDeviceInfo.axisName(code)))\(range)}"
            }
            var fields = ["\"path\":\(str(e.path))", "\"name\":\(str(e.info.name))", "\"kind\":\(str(e.kind.rawValue))",
                          "\"slots\":\(slots(e).map(String.init) ?? "null")", "\"axes\":[\(axes.joined(separator: ","))]",
                          "\"readable\":\(e.readable)"]
            if let p = e.problem { fields.append("\"problem\":\(str(p))") }
            if let c = e.calibration { fields.append("\"calibration\":[\(c.map { num($0) }.joined(separator: ","))]") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"devices\":[\(items.joined(separator: ","))]}"
    }
}
