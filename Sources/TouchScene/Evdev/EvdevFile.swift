// EvdevFile: a device from a file (an evemu or libinput recording): its description and its
// events, to be written into a pipe as if the device were attached (`--device-replay`).
import TouchCore
import TouchFiles

/// A recorded device: its description and its events, in the file's order and times.
public struct EvdevFileDevice: Sendable {
    /// The device's description from the file's header.
    public var info: EvdevDeviceInfo
    /// The file's events, in its order, with its times.
    public var events: [EvdevEvent]
    /// Whether its multitouch events are protocol A (SYN_MT_REPORT; no slots), as the file shows.
    public var protocolA: Bool
    /// The file's format: `evemu` or `libinput-record`.
    public var format: String

    /// Reads `path` (at most `ImportLimits.maxFileSize` bytes; its events are held, 48 bytes
    /// each). Errors are `FILE:LINE:COLUMN: ...`; a TouchScope recording is refused.
    public static func read(path: String) throws(InputFileError) -> EvdevFileDevice {
        switch FileAccess.readSmallFile(path, limit: ImportLimits.maxFileSize, what: "input") {
        case .success(let bytes): return try read(bytes: bytes, file: path)
        case .failure(let p): throw InputFileError(file: path, line: 1, column: 1, p.message)
        }
    }

    /// Reads a file's bytes (`file` names it in errors, `FILE:LINE:COLUMN: ...`).
    public static func read(bytes: [UInt8], file: String) throws(InputFileError) -> EvdevFileDevice {
        let device: EvdevDevice
        let events: [EvdevEvent]
        let format = InputFileFormat.detect(bytes.prefix(4096))
        switch format {
        case .evemu:
            let f = try EvemuFile.parse(bytes, file: file)
            (device, events) = (f.device, f.events)
        case .libinputRecord:
            if let p = TextGuard.problem(in: bytes) { throw InputFileError(file: file, line: p.line, column: p.column, p.message) }
            var byDevice: [Int: [EvdevEvent]] = [:]
            let f = try LibinputRecordFile.parse(bytes: bytes, file: file) { (i, e) throws(InputFileError) in byDevice[i, default: []].append(e) }
            guard let index = f.touchDeviceIndex else {
                throw InputFileError(file: file, line: 1, column: 1,
                    "no touchscreen or touchpad among the \(f.devices.count) device(s): none has udev's ID_INPUT_TOUCHSCREEN or ID_INPUT_TOUCHPAD, multitouch axes, or ABS_X and ABS_Y")
            }
            (device, events) = (f.devices[index].info, byDevice[index] ?? [])
        case .recording:
            throw InputFileError(file: file, line: 1, column: 1,
                "not a libinput record (YAML starting with `version: 1`) or an evemu recording (`# EVEMU`, `N:`, `A:` and `E:` lines)")
        }
        var hints = EvdevContacts.Hints()
        for e in events { hints.see(e) }
        guard let kind = EvdevContacts.kind(of: device, hints: hints) else {
            throw InputFileError(file: file, line: device.mark.line, column: device.mark.column,
                "\(device.name.map { "`\($0)`" } ?? "the device") is not a touch device: it has neither ABS_MT_POSITION_X and ABS_MT_POSITION_Y nor ABS_X and ABS_Y axes")
        }
        // Every problem of the file is found now, as `import` finds it, not midway through playing.
        var check = try EvdevContacts.Converter(device: device, hints: hints, window: Size(width: 1000, height: 1000), file: file)
        for e in events { try check.feed(e) { _, _ in } }
        // The keys the events use (a file states the device's keys in bits this reader skips).
        let keys = Set(events.lazy.filter { $0.type == Evdev.EV_KEY }.map(\.code))
        var info = EvdevDeviceInfo(device, keys: keys)
        // A recorded touchscreen is taken as direct (the files keep no properties this reads).
        info.properties = [Evdev.INPUT_PROP_DIRECT]
        return EvdevFileDevice(info: info, events: events, protocolA: kind == .protocolA, format: format.rawValue)
    }
}
