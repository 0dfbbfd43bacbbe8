// DeviceRecordingCapture: a live recording of a touchscreen read through its evdev node
// (`run --device`, `touchtest --device`) measured as the device's own capture. Its header keeps
// the device's axes (`rawDevice`) and each finger line the contact as the kernel reported it
// (`raw`: slot, tracking id, position in device units, pressure, size, the frame's kernel
// time). The lines are turned back into the kernel's frames (one SYN_REPORT per kernel time)
// and measured by the same code as an evemu capture of the device, so `analyze` of either
// gives the same figures: in millimetres, on the kernel's clock.
//
// The kernel passes on only values that changed, and the reader writes a line only for a
// contact that changed, so a frame in which nothing changed (a Dell Canvas's MSC_TIMESTAMP-only
// frames) is not in the recording: those frames count toward the device's frame rate in an
// evemu capture and not here. Protocol A devices are not turned back (their contacts are
// anonymous and restated in every frame; a recording keeps only those that moved): their
// recordings are measured in scene points, as every recording without the device's view is.
import TouchCore

extension ContactCapture {
    /// The capture of a recording whose finger lines carry the device's own view (`raw` with
    /// slot, tracking id, `x`, `y` and `kernelTime`, and the header's `rawDevice`, protocol B or
    /// single touch); nil when it does not (then the recording is measured in scene points).
    /// `contacts`: each input's raw contact; `lines`: each input's line in the file.
    static func fromDeviceRecording(_ inputs: [RawInput], contacts: [RawContact?], header: RecordingHeader,
                                    lines: [Int], file: String) throws(InputFileError) -> ContactCapture? {
        guard let raw = header.rawDevice, !raw.protocolName.hasPrefix("multitouch A") else { return nil }
        let singleTouch = raw.protocolName.hasPrefix("single")
        var device = EvdevDevice(name: raw.name)
        for a in raw.axes {
            device.axes[a.code] = AxisRange(min: a.min, max: a.max, mark: SourceMark(line: 1, column: 1), resolution: a.resolution, fuzz: a.fuzz)
        }
        var events: [EvdevEvent] = []
        var frameTime: Int64?
        var down = 0
        func add(_ time: Int64, _ type: Int, _ code: Int, _ value: Int, _ line: Int) {
            events.append(EvdevEvent(time: time, type: type, code: code, value: value, mark: SourceMark(line: line, column: 1)))
        }
        for (i, input) in inputs.enumerated() {
            let phase: Int   // 1 down, 0 move, -1 up
            switch input.kind {
            case .fingerDown: phase = 1
            case .fingerMove: phase = 0
            case .fingerUp: phase = -1
            default: continue
            }
            // Every finger line must carry the device's view, else the recording is not the device's.
            guard i < contacts.count, let c = contacts[i], let x = c.x, let y = c.y, let k = c.kernelTime,
                  singleTouch || (c.slot != nil && c.trackingID != nil) else { return nil }
            let time = Int64((k * 1_000_000).rounded())
            let line = i < lines.count ? lines[i] : 0
            if let f = frameTime, f != time { add(f, Evdev.EV_SYN, Evdev.SYN_REPORT, 0, line) }
            frameTime = time
            if singleTouch {
                if phase == 1 { add(time, Evdev.EV_KEY, Evdev.BTN_TOUCH, 1, line) }
                add(time, Evdev.EV_ABS, Evdev.ABS_X, x, line)
                add(time, Evdev.EV_ABS, Evdev.ABS_Y, y, line)
                if let p = c.pressure { add(time, Evdev.EV_ABS, Evdev.ABS_PRESSURE, p, line) }
                if phase == -1 { add(time, Evdev.EV_KEY, Evdev.BTN_TOUCH, 0, line) }
                continue
            }
            add(time, Evdev.EV_ABS, Evdev.ABS_MT_SLOT, c.slot ?? 0, line)
            if phase == -1 {
                add(time, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, -1, line)
                down -= 1
                if down == 0 { add(time, Evdev.EV_KEY, Evdev.BTN_TOUCH, 0, line) }
                continue
            }
            if phase == 1 {
                add(time, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, c.trackingID ?? 0, line)
                if down == 0 { add(time, Evdev.EV_KEY, Evdev.BTN_TOUCH, 1, line) }
                down += 1
            }
            add(time, Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, x, line)
            add(time, Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y, y, line)
            if let p = c.pressure { add(time, Evdev.EV_ABS, Evdev.ABS_MT_PRESSURE, p, line) }
            if let m = c.touchMajor { add(time, Evdev.EV_ABS, Evdev.ABS_MT_TOUCH_MAJOR, m, line) }
            if let m = c.touchMinor { add(time, Evdev.EV_ABS, Evdev.ABS_MT_TOUCH_MINOR, m, line) }
        }
        guard let last = frameTime else { return nil }
        add(last, Evdev.EV_SYN, Evdev.SYN_REPORT, 0, lines.last ?? 0)
        var capture = try fromEvdev(device: device, events: events, format: "recording", file: file)
        capture.targets = header.targets
        capture.sizeMM = header.sizeMM
        // The taps on the targets began at the header's time on the recording's clock: on the
        // kernel's, at the first finger line from then on.
        if let at = header.targetsAt, let first = events.first?.time,
           let i = inputs.indices.first(where: { inputs[$0].t >= at && contacts[$0]?.kernelTime != nil }),
           let k = contacts[i]?.kernelTime {
            capture.targetsAt = max(0, k - Double(first) / 1_000_000)
        }
        return capture
    }
}
