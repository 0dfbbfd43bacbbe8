// LibinputRecord: reads a `libinput record` file (YAML, version 1) and picks its first
// touchscreen or touchpad.
//
//     version: 1
//     ndevices: 1
//     devices:
//     - node: /dev/input/event5
//       evdev:
//         name: "Wacom HID 5256 Finger"
//         absinfo:
//           53: [0, 27120, 0, 0, 100]        code: [min, max, fuzz, flat, resolution]
//       udev:
//         properties: [ID_INPUT_TOUCHSCREEN=1, ...]
//       events:
//       - evdev:
//         - [0, 1000, 3, 57, 12]             [sec, usec, type, code, value]
//
// The file is read with libyaml's event parser, walked without recursion and without
// building a tree, after YAMLEventGuard has bounded its depth and its expanded size.

import CYaml

/// The devices and events of a libinput record.
struct LibinputRecordFile {
    struct Device {
        var info = EvdevDevice()
        var udevProperties: [String] = []
        var events: [EvdevEvent] = []
        /// Whether udev calls it a touchscreen or a touchpad.
        var udevTouch: Bool {
            udevProperties.contains("ID_INPUT_TOUCHSCREEN=1") || udevProperties.contains("ID_INPUT_TOUCHPAD=1")
        }
    }
    var devices: [Device] = []

    /// The first touchscreen or touchpad: by udev's word when the file has it, else the first
    /// device with multitouch axes, else the first with ABS_X and ABS_Y.
    var touchDevice: Device? { touchDeviceIndex.map { devices[$0] } }

    /// The index of `touchDevice` in `devices`.
    var touchDeviceIndex: Int? {
        if let i = devices.firstIndex(where: { $0.udevTouch }) { return i }
        if let i = devices.firstIndex(where: { $0.info.axes[Evdev.ABS_MT_POSITION_X] != nil && $0.info.axes[Evdev.ABS_MT_POSITION_Y] != nil }) { return i }
        return devices.firstIndex { $0.info.axes[Evdev.ABS_X] != nil && $0.info.axes[Evdev.ABS_Y] != nil }
    }

    /// Takes each device's events as they are read (the device's index, the event), instead
    /// of keeping them in `Device.events`.
    typealias EventHandler = (Int, EvdevEvent) throws(InputFileError) -> Void

    private enum Component: Equatable { case key(String), index(Int) }

    /// One open mapping or sequence.
    private struct Frame {
        var isMapping: Bool
        /// Mapping: the key whose value comes next (nil: a key comes next).
        var key: String?
        /// Sequence: the index of the next item.
        var index = 0
        var mark: SourceMark
    }

    /// Parses the text; the first problem is thrown as `FILE:LINE:COLUMN: ...`.
    static func parse(_ text: String, file: String) throws(InputFileError) -> LibinputRecordFile {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses the bytes of the file's UTF-8 text, where they are (a 64 MiB file is not copied).
    static func parse(bytes: [UInt8], file: String, onEvent: EventHandler? = nil) throws(InputFileError) -> LibinputRecordFile {
        func fail(_ m: SourceMark, _ message: String) -> InputFileError {
            InputFileError(file: file, line: m.line, column: m.column, message)
        }
        // Bounded before anything else: depth, and nodes (aliases counted expanded) no more
        // than the file has bytes.
        if let p = YAMLEventGuard.problem(in: bytes, maxDepth: ImportLimits.maxYAMLDepth,
                                          budget: Swift.max(1024, bytes.count), what: "libinput record files") {
            throw fail(SourceMark(line: p.line, column: p.column), p.message)
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw fail(SourceMark(line: 1, column: 1), "out of memory while reading YAML") }
        defer { yaml_parser_delete(&parser) }
        var walker = Walker(file: file)
        walker.onEvent = onEvent
        try bytes.withUnsafeBufferPointer { (buf) throws(InputFileError) in
            yaml_parser_set_input_string(&parser, buf.baseAddress, buf.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let m = parser.problem_mark
                    let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
                    throw fail(SourceMark(line: Int(m.line) + 1, column: Int(m.column) + 1), "YAML syntax error: \(problem)")
                }
                defer { yaml_event_delete(&event) }
                let mark = SourceMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SCALAR_EVENT:
                    let value = event.data.scalar.value.map { String(cString: UnsafePointer($0)) } ?? ""
                    try walker.scalar(value, mark)
                case YAML_SEQUENCE_START_EVENT:
                    try walker.open(mapping: false, mark)
                case YAML_MAPPING_START_EVENT:
                    try walker.open(mapping: true, mark)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    try walker.close()
                case YAML_ALIAS_EVENT:
                    throw fail(mark, "YAML aliases are not part of a libinput record; refused")
                case YAML_DOCUMENT_START_EVENT:
                    if walker.documents > 0 { throw fail(mark, "a second YAML document: a libinput record is one document") }
                    walker.documents += 1
                default:
                    break
                }
            }
        }
        guard let version = walker.version else {
            throw fail(SourceMark(line: 1, column: 1), "not a libinput record: no `version: 1` at the top")
        }
        _ = version
        return walker.result
    }

    /// Follows the path of keys and indices down the document and picks out what matters.
    private struct Walker {
        let file: String
        var onEvent: EventHandler?
        var documents = 0
        var version: Int?
        var result = LibinputRecordFile()
        private var stack: [Frame] = []
        private var path: [Component] = []
        /// The scalars of the sequence being collected (an `absinfo` entry, an event), and where it starts.
        private var collecting: (values: [(String, SourceMark)], mark: SourceMark, kind: Collect)?
        private enum Collect { case absinfo(Int), event }

        init(file: String) { self.file = file }

        private func fail(_ m: SourceMark, _ message: String) -> InputFileError {
            InputFileError(file: file, line: m.line, column: m.column, message)
        }

        /// The path of the value that comes next (in the innermost open collection).
        private var nextPath: [Component] {
            guard let top = stack.last else { return [] }
            if top.isMapping { return path + [.key(top.key ?? "")] }
            return path + [.index(top.index)]
        }

        /// The innermost open collection took a value.
        private mutating func tookValue() {
            guard !stack.isEmpty else { return }
            if stack[stack.count - 1].isMapping { stack[stack.count - 1].key = nil } else { stack[stack.count - 1].index += 1 }
        }

        private func isKey(_ c: Component, _ name: String) -> Bool { c == .key(name) }
        private func deviceIndex(_ p: [Component]) -> Int? {
            guard p.count >= 2, isKey(p[0], "devices"), case .index(let i) = p[1] else { return nil }
            return i
        }

        mutating func open(mapping: Bool, _ mark: SourceMark) throws(InputFileError) {
            if let top = stack.last, top.isMapping, top.key == nil {
                throw fail(mark, "a mapping key must be a plain value")
            }
            if collecting != nil { throw fail(mark, "expected a number here, not a \(mapping ? "mapping" : "list")") }
            let p = nextPath
            if stack.isEmpty, !mapping { throw fail(mark, "not a libinput record: the document must be a mapping (`version: 1`, `devices: ...`)") }
            if !stack.isEmpty { path = p }
            stack.append(Frame(isMapping: mapping, key: nil, mark: mark))
            // devices[i]: a new device.
            if p.count == 2, let i = deviceIndex(p) {
                guard mapping else { throw fail(mark, "each device must be a mapping (`node`, `evdev`, `events`, ...)") }
                if i != result.devices.count { return }
                var d = Device()
                d.info.mark = mark
                result.devices.append(d)
            }
            // devices[i].evdev.absinfo.CODE: [min, max, fuzz, flat, resolution]
            if p.count == 5, deviceIndex(p) != nil, isKey(p[2], "evdev"), isKey(p[3], "absinfo"), case .key(let codeText) = p[4] {
                guard !mapping else { throw fail(mark, "an absinfo entry is a list: [min, max, fuzz, flat, resolution]") }
                guard let code = Int(codeText), (0...0x3f).contains(code) else {
                    throw fail(mark, "`\(shown(codeText))` is not an absolute axis code (0 to 63)")
                }
                collecting = ([], mark, .absinfo(code))
            }
            // devices[i].events[j].evdev[k]: [sec, usec, type, code, value]
            if p.count == 6, deviceIndex(p) != nil, isKey(p[2], "events"), isKey(p[4], "evdev"), case .index = p[5] {
                guard !mapping else { throw fail(mark, "an evdev event is a list: [sec, usec, type, code, value]") }
                collecting = ([], mark, .event)
            }
        }

        mutating func close() throws(InputFileError) {
            if let c = collecting, stack.count == path.count + 1 {
                collecting = nil
                try finish(c.values, c.mark, c.kind)
            }
            stack.removeLast()
            path = Array(path.dropLast())
            tookValue()
        }

        mutating func scalar(_ value: String, _ mark: SourceMark) throws(InputFileError) {
            if let top = stack.last, top.isMapping, top.key == nil {
                stack[stack.count - 1].key = value
                return
            }
            if collecting != nil {
                collecting?.values.append((value, mark))
                if (collecting?.values.count ?? 0) > 5 { throw fail(mark, "too many numbers: an entry has at most 5") }
                tookValue()
                return
            }
            let p = nextPath
            defer { tookValue() }
            if p == [.key("version")] {
                guard let v = Int(value) else { throw fail(mark, "`version` must be a number, found `\(shown(value))`") }
                guard v == 1 else { throw fail(mark, "unsupported libinput record version \(v) (this importer reads version 1)") }
                version = v
            }
            guard let i = deviceIndex(p), i < result.devices.count else { return }
            if p.count == 4, isKey(p[2], "evdev"), isKey(p[3], "name") {
                if value.utf8.count > ImportLimits.maxNameLength { throw fail(mark, "device name longer than \(ImportLimits.maxNameLength) bytes; refused") }
                result.devices[i].info.name = value
            }
            if p.count == 5, isKey(p[2], "udev"), isKey(p[3], "properties") {
                result.devices[i].udevProperties.append(value)
            }
        }

        private mutating func finish(_ values: [(String, SourceMark)], _ mark: SourceMark, _ kind: Collect) throws(InputFileError) {
            guard let i = deviceIndex(path), i < result.devices.count else { return }
            var numbers: [Int] = []
            for (text, m) in values {
                guard let n = Int32(text) else { throw fail(m, "`\(shown(text))` is not a whole number") }
                numbers.append(Int(n))
            }
            switch kind {
            case .absinfo(let code):
                guard numbers.count >= 2 else { throw fail(mark, "an absinfo entry needs at least [min, max]") }
                // [min, max, fuzz, flat, resolution]
                result.devices[i].info.axes[code] = AxisRange(min: numbers[0], max: numbers[1], mark: mark,
                                                              resolution: numbers.count >= 5 ? max(0, numbers[4]) : 0,
                                                              fuzz: numbers.count >= 3 ? max(0, numbers[2]) : 0)
            case .event:
                guard numbers.count == 5 else { throw fail(mark, "an evdev event is [sec, usec, type, code, value], found \(numbers.count) numbers") }
                guard numbers[0] >= 0 else { throw fail(values[0].1, "the seconds must not be negative") }
                guard (0..<1_000_000).contains(numbers[1]) else { throw fail(values[1].1, "the microseconds must be 0 to 999999") }
                guard (0...0x1f).contains(numbers[2]) else { throw fail(values[2].1, "`\(numbers[2])` is not an event type (0 to 31)") }
                guard (0...0x2ff).contains(numbers[3]) else { throw fail(values[3].1, "`\(numbers[3])` is not an event code (0 to 767)") }
                let event = EvdevEvent(time: Int64(numbers[0]) * 1_000_000 + Int64(numbers[1]),
                                       type: numbers[2], code: numbers[3], value: numbers[4], mark: mark)
                if let onEvent { try onEvent(i, event) } else { result.devices[i].events.append(event) }
            }
        }
    }
}
