// RawDevice: what a touch device itself reported, kept beside TouchScope's touches when the
// input came from a device recording (evemu, libinput record): its absolute axes, and per
// contact its slot, tracking id and touch size. Plain values: TouchScene fills them from the
// file, the panels read them.

/// One absolute axis of a device, as its description gives it (linux `struct input_absinfo`).
public struct RawAxis: Hashable, Sendable {
    /// The kernel's name for the axis (`ABS_MT_POSITION_X`), or `ABS 0x..` for one without.
    public var name: String
    /// The axis code (linux/input-event-codes.h).
    public var code: Int
    /// The smallest and largest value.
    public var min: Int
    /// See `min`.
    public var max: Int
    /// Changes smaller than this are filtered out by the kernel (0: none).
    public var fuzz: Int
    /// Units per millimetre (0: the device does not say).
    public var resolution: Int

    /// An axis with its kernel name, code, range, fuzz and resolution.
    public init(name: String, code: Int, min: Int, max: Int, fuzz: Int = 0, resolution: Int = 0) {
        self.name = name; self.code = code; self.min = min; self.max = max; self.fuzz = fuzz; self.resolution = resolution
    }
}

/// A device recording's touch device: its name, multitouch protocol and absolute axes.
///
///     let d = RawDevice(name: "Wacom HID 5256 Finger", protocol: "multitouch B (slots)", axes: [...])
public struct RawDevice: Hashable, Sendable {
    /// The device's name, as the file gives it.
    public var name: String
    /// How it reports contacts: `multitouch B (slots)`, `multitouch A`, `single touch`.
    public var protocolName: String
    /// Every absolute axis it declares, in code order.
    public var axes: [RawAxis]
    /// The window the positions were stretched onto (scene points), for drawing sizes.
    public var window: Size

    /// A device with its name, protocol, axes and the window its positions were stretched onto.
    public init(name: String, protocol: String, axes: [RawAxis], window: Size) {
        self.name = name; protocolName = `protocol`; self.axes = axes; self.window = window
    }

    /// The axis with `code`, if the device declares it.
    public func axis(_ code: Int) -> RawAxis? { axes.first { $0.code == code } }
}

/// One contact as the device reported it with a finger event: its slot and tracking id, and
/// its touch size in device units (nil: not reported).
public struct RawContact: Hashable, Sendable {
    /// The slot (protocol B), the contact's place in its frame (protocol A); nil for single touch.
    public var slot: Int?
    /// ABS_MT_TRACKING_ID; nil when the device gives none.
    public var trackingID: Int?
    /// ABS_MT_TOUCH_MAJOR and ABS_MT_TOUCH_MINOR: the contact ellipse's diameters, in the
    /// position axes' units.
    public var touchMajor: Int?
    /// See `touchMajor`.
    public var touchMinor: Int?
    /// ABS_MT_ORIENTATION: 0 is the major axis along y; the axis's maximum is a quarter turn clockwise.
    public var orientation: Int?
    /// A live device's reading (evdev, `--device`): position in device units, ABS_MT_PRESSURE
    /// (or ABS_PRESSURE), ABS_MT_DISTANCE (or ABS_DISTANCE), and the kernel's time of its frame
    /// in seconds. Nil when not known (an imported file's contact states the fields above only).
    public var x: Int? = nil, y: Int? = nil
    /// See `x`.
    public var pressure: Int? = nil
    /// See `x`.
    public var distance: Int? = nil
    /// See `x`.
    public var kernelTime: Double? = nil
    /// ABS_MT_TOOL_TYPE: `MT_TOOL_FINGER` 0, `MT_TOOL_PEN` 1, `MT_TOOL_PALM` 2 (linux/input.h);
    /// it may change while the contact touches.
    public var toolType: Int?

    /// A contact with what the device reported of it.
    public init(slot: Int? = nil, trackingID: Int? = nil, touchMajor: Int? = nil, touchMinor: Int? = nil, orientation: Int? = nil) {
        self.slot = slot; self.trackingID = trackingID; self.touchMajor = touchMajor; self.touchMinor = touchMinor
        self.orientation = orientation
    }
    /// The same contact, reported with tool type `toolType` (ABS_MT_TOOL_TYPE).
    public func with(toolType: Int?) -> RawContact {
        var c = self
        c.toolType = toolType
        return c
    }
}

extension Application {
    /// The id of the touch down for `key` now (nil: none is down), so a host can attach what it
    /// knows of the finger (a device recording's slot and tracking id) to TouchScope's touch.
    public func touchID(for key: TouchKey) -> Int? { hot.activeTouches[key]?.id }
}
