// RawContactView: a device recording's own view of its contacts, drawn beside TouchScope's
// touches: each touch's slot and tracking id, and its touch size (ABS_MT_TOUCH_MAJOR/MINOR,
// turned by ABS_MT_ORIENTATION) as an ellipse scaled from device units to scene points.
//
//   major N units at resolution R ─▶ N / R mm ─▶ × (R × window width / x range) scene points per mm
//
// Without a stated resolution the size stays in device units, stretched as the positions are.
import RealModule

/// What the touches overlay and the touch devices panel know of the device a replayed
/// recording came from. Nil contacts and device with `note`: a recording without raw data.
public struct RawTouches: Sendable, Hashable {
    /// The device the recording describes (axes, protocol); nil for a TouchScope recording.
    public var device: RawDevice?
    /// Each touch id's contact as the device last reported it.
    public var contacts: [Int: RawContact]
    /// What is not known, for a recording without raw data.
    public var note: String?

    /// The raw data of a replay: the device, each touch's contact, and what is not known.
    public init(device: RawDevice?, contacts: [Int: RawContact], note: String? = nil) {
        self.device = device; self.contacts = contacts; self.note = note
    }

    /// What a trace record naming touches adds for their contacts: `touch 3: slot 0 id 7`
    /// (nil: it names none the device reported).
    public static func annotation(_ body: TraceRecord.Body, contacts: [Int: RawContact]) -> String? {
        guard !contacts.isEmpty else { return nil }
        let ids: [Int]
        switch body {
        case let .touchSample(s): ids = [s.touch]
        case let .hitTest(touch, _, _, _, _, _): ids = [touch]
        case let .touches(_, _, touches, _): ids = touches
        default: return nil
        }
        let parts = ids.compactMap { id in contacts[id].flatMap(ContactEllipse.label).map { "touch \(id): \($0)" } }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The line a recording without raw data shows in place of the device's axes.
    public static let notKnown = "raw device data: not known (a TouchScope recording keeps no axes, slots, tracking ids or touch sizes)"
}

/// A contact's slot and tracking id as a label, and its touch size as an ellipse in scene points.
public enum ContactEllipse {
    static let positionX = 0x35, positionY = 0x36, absX = 0x00, absY = 0x01
    static let touchMajor = 0x30, orientationAxis = 0x34

    /// The label beside a touch's id: `slot 0 id 7` (what the device gave of the two).
    public static func label(_ c: RawContact) -> String? {
        let parts = [c.slot.map { "slot \($0)" }, c.trackingID.map { "id \($0)" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The device's position axes (multitouch, else single touch).
    static func positionAxes(_ d: RawDevice) -> (x: RawAxis, y: RawAxis)? {
        if let x = d.axis(positionX), let y = d.axis(positionY), x.max > x.min, y.max > y.min { return (x, y) }
        if let x = d.axis(absX), let y = d.axis(absY), x.max > x.min, y.max > y.min { return (x, y) }
        return nil
    }

    /// The contact's ellipse in millimetres (major and minor diameters) when the device
    /// states a resolution (ABS_MT_TOUCH_MAJOR's own, else the x axis's); nil otherwise.
    public static func sizeMM(_ c: RawContact, device: RawDevice) -> (major: Double, minor: Double)? {
        guard let major = c.touchMajor, let axes = positionAxes(device) else { return nil }
        let r = device.axis(touchMajor).map(\.resolution).flatMap { $0 > 0 ? $0 : nil } ?? axes.x.resolution
        guard r > 0 else { return nil }
        return (Double(major) / Double(r), Double(c.touchMinor ?? major) / Double(r))
    }

    /// The angle of the major axis, clockwise from the surface's y axis (north), in radians:
    /// ABS_MT_ORIENTATION's maximum is a quarter turn.
    public static func angle(_ c: RawContact, device: RawDevice) -> Double {
        guard let o = c.orientation, let axis = device.axis(orientationAxis), axis.max > 0 else { return 0 }
        return Double(o) / Double(axis.max) * Double.pi / 2
    }

    /// The ellipse's outline around the contact's centre, as offsets in scene points
    /// (`segments` points, the first not repeated); nil when the contact has no touch size.
    public static func outline(_ c: RawContact, device: RawDevice, segments: Int = 36) -> [Point]? {
        guard let major = c.touchMajor, major > 0, let axes = positionAxes(device) else { return nil }
        let minor = c.touchMinor ?? major
        // Scene points per device unit along x and y: the positions are stretched so.
        let sx = device.window.width / Double(axes.x.max - axes.x.min)
        let sy = device.window.height / Double(axes.y.max - axes.y.min)
        // Sizes in x units; with resolutions, millimetres turned into each axis's units.
        let a: Double, b: Double, ux: Double, uy: Double
        if let mm = sizeMM(c, device: device), axes.x.resolution > 0, axes.y.resolution > 0 {
            (a, b) = (mm.major / 2, mm.minor / 2)
            (ux, uy) = (Double(axes.x.resolution) * sx, Double(axes.y.resolution) * sy)   // scene points per mm
        } else {
            (a, b) = (Double(major) / 2, Double(minor) / 2)
            (ux, uy) = (sx, sx)   // the device's units taken as square: x's scale on both axes
        }
        let theta = angle(c, device: device)
        let along = (x: Double.sin(theta), y: -Double.cos(theta)), across = (x: Double.cos(theta), y: Double.sin(theta))
        return (0..<max(8, segments)).map { k in
            let s = Double(k) / Double(max(8, segments)) * 2 * Double.pi
            let px = along.x * a * Double.cos(s) + across.x * b * Double.sin(s)
            let py = along.y * a * Double.cos(s) + across.y * b * Double.sin(s)
            return Point(x: px * ux, y: py * uy)
        }
    }
}
