// TouchType and TouchTraits: what kind of contact a touch is (`UITouch.TouchType`), and the
// force and size the input reported for it (docs/touch-types.md).
//
//   input                                type              force (max)        majorRadius
//   SDL finger, pressure p (0…1)         direct            2p (2)             0 (SDL gives no size)
//   mouse (emulated finger)              direct            0 (0)              0
//     scene supportsIndirectInputEvents  indirectPointer
//   device contact, MT_TOOL_FINGER       direct            2p (2), 0 (0)      major / 2, in points
//   device contact, MT_TOOL_PEN          pencil              without pressure
//   device contact, MT_TOOL_PALM         never delivered (a finger that turns into one is cancelled)

/// The kind of contact a touch is, as `UITouch.TouchType` (its Swift case names are the
/// trace's and scene files' names).
public enum TouchType: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A finger on the screen (`UITouch.TouchType.direct`): every touchscreen finger, and
    /// the mouse unless the scene opts in to indirect input.
    case direct
    /// A touch that is not on the screen (`.indirect`, a remote's touch surface). No Linux
    /// input makes one; a program's own input may.
    case indirect
    /// A pen or stylus (`.pencil`): a device contact whose tool type is `MT_TOOL_PEN`.
    case pencil
    /// A pointer (`.indirectPointer`): the mouse, when the scene sets
    /// `supportsIndirectInputEvents` as an app sets `UIApplicationSupportsIndirectInputEvents`.
    case indirectPointer

    /// Orders types as UIKit numbers them: direct, indirect, pencil, indirectPointer.
    public static func < (a: TouchType, b: TouchType) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What the input reported of a finger besides its position: its type, whether it is a
/// palm, whether it has pressure, and its size. A host that knows them (a device recording's
/// contact) sends them as ``InputEvent/touchTraits(_:_:)`` before the finger's input.
///
///     let traits = TouchTraits(contact: reader.lastContact!, device: reader.rawDevice, hasPressure: true)
public struct TouchTraits: Sendable, Hashable {
    /// The kind of contact.
    public var type: TouchType
    /// The device says the contact is a palm (`MT_TOOL_PALM`): it is never delivered.
    public var isPalm: Bool
    /// The force of the most pressure the device reports (`UITouch.maximumPossibleForce`):
    /// ``pressureForce`` when it reports pressure, 0 when it does not.
    public var maximumPossibleForce: Double
    /// The radius of the touch in scene points (`UITouch.majorRadius`): half the contact's
    /// major axis; 0 when the input gives no size.
    public var majorRadius: Double
    /// How far off ``majorRadius`` may be, in points (`UITouch.majorRadiusTolerance`).
    public var majorRadiusTolerance: Double
    /// Whether the input reported these traits for the touch (a device's contact, a program's
    /// ``InputEvent/touchTraits(_:_:)``: the application sets it when it takes them), rather
    /// than TouchScope assuming them (an SDL finger, the mouse).
    public var isReported = false

    /// Traits given one by one (the defaults: a finger with pressure and no size).
    public init(type: TouchType = .direct, isPalm: Bool = false, maximumPossibleForce: Double = TouchTraits.pressureForce,
                majorRadius: Double = 0, majorRadiusTolerance: Double = 0) {
        self.type = type; self.isPalm = isPalm; self.maximumPossibleForce = maximumPossibleForce
        self.majorRadius = majorRadius; self.majorRadiusTolerance = majorRadiusTolerance
    }

    /// A finger of a touchscreen as SDL reports it: direct, with pressure, no size.
    public static let finger = TouchTraits()
    /// A mouse-emulated finger: no pressure, no size.
    public static let mouse = TouchTraits(maximumPossibleForce: 0)

    /// Whether these are the traits TouchScope assumes for an SDL finger (``finger``) or the
    /// mouse (``mouse``), which no input reported: what trace records and the overlays leave
    /// out (docs/touch-types.md).
    public var isPlain: Bool { self == .finger || self == .mouse }

    /// The force of a touch at the top of the device's pressure range. TouchScope's
    /// "average touch" (force 1.0, as UIKit's unit) is the middle of the device's range, so
    /// force = pressure (0…1) × 2.
    public static let pressureForce: Double = 2

    /// `MT_TOOL_FINGER` (linux/input.h): a finger.
    public static let toolFinger = 0
    /// `MT_TOOL_PEN`: a pen or stylus.
    public static let toolPen = 1
    /// `MT_TOOL_PALM`: a palm.
    public static let toolPalm = 2

    /// The traits of a device contact: its tool type (a pen is ``TouchType/pencil``, a palm
    /// ``isPalm``, anything else ``TouchType/direct``), pressure when the device reports it,
    /// and its size through the device's axes (``majorRadius(ofMajor:device:)``).
    public init(contact: RawContact, device: RawDevice?, hasPressure: Bool) {
        self.init(type: contact.toolType == Self.toolPen ? .pencil : .direct, isPalm: contact.toolType == Self.toolPalm,
                  maximumPossibleForce: hasPressure ? Self.pressureForce : 0)
        if let major = contact.touchMajor, let device, let r = Self.majorRadius(ofMajor: major, device: device) {
            majorRadius = r.radius
            majorRadiusTolerance = r.tolerance
        }
    }

    /// Scene points per unit of the device's x position axis (`ABS_MT_POSITION_X`, else
    /// `ABS_X`), as positions are stretched onto the window (nil: no usable axis).
    public static func pointsPerUnit(_ device: RawDevice) -> Double? {
        guard let x = device.axis(0x35) ?? device.axis(0x00), x.max > x.min, device.window.width > 0 else { return nil }
        return device.window.width / Double(x.max - x.min)
    }

    /// A contact's radius in scene points from `ABS_MT_TOUCH_MAJOR` (its diameter, in the
    /// position axes' units): half the major, through the position axis's units per point.
    /// The axis resolution (units per mm) gives the size in mm, and the window's mm per
    /// point gives it back in points: the two cancel, so the stretch onto the window is the
    /// whole conversion. The tolerance is half of the larger of the major axis's fuzz (a
    /// change the kernel filters out) and one unit (the axis's step), in points.
    public static func majorRadius(ofMajor major: Int, device: RawDevice) -> (radius: Double, tolerance: Double)? {
        guard let k = pointsPerUnit(device) else { return nil }
        let fuzz = device.axis(0x30)?.fuzz ?? 0
        return (Double(major) / 2 * k, Double(max(fuzz, 1)) / 2 * k)
    }
}

/// What a trace record says of a touch besides where it is: its traits and its force at that
/// moment, in UIKit's unit (`Touch.force`). The `hit-test` and `coalesced-touches` records of
/// a touch that is not a plain finger or mouse touch carry one (``TouchTraits/isPlain``), and
/// trace files write it as the keys `type`, `force`, `maximumPossibleForce`, then
/// `majorRadius` and `majorRadiusTolerance` where the input gave a size.
///
///     if case let .hitTest(_, _, _, _, _, details?) = record.body { print(details.type, details.force) }
public struct TouchDetails: Sendable, Hashable {
    /// The touch's type, force range and size.
    public var traits: TouchTraits
    /// The touch's force (`UITouch.force`: 1.0 is an average touch), 0 without pressure.
    public var force: Double
    /// The details of a touch with `traits` whose force is `force`.
    public init(traits: TouchTraits, force: Double) { self.traits = traits; self.force = force }
    /// The touch's type (``TouchTraits/type``).
    public var type: TouchType { traits.type }
    /// The force of the most pressure the input reports (``TouchTraits/maximumPossibleForce``).
    public var maximumPossibleForce: Double { traits.maximumPossibleForce }
    /// The touch's radius in points (``TouchTraits/majorRadius``), 0 without a size.
    public var majorRadius: Double { traits.majorRadius }
    /// How far off ``majorRadius`` may be, in points (``TouchTraits/majorRadiusTolerance``).
    public var majorRadiusTolerance: Double { traits.majorRadiusTolerance }
    /// One line for people: `pencil, force 1.2 of 2, radius 5.1 ± 0.4 pt` (`no pressure`
    /// without pressure; no radius without a size).
    public var text: String {
        var text = type.rawValue
        if maximumPossibleForce > 0 {
            text += ", force \(TraceFormat.short(force, 2)) of \(TraceFormat.short(maximumPossibleForce, 2))"
        } else {
            text += ", no pressure"
        }
        if majorRadius > 0 {
            text += ", radius \(TraceFormat.short(majorRadius, 2)) ± \(TraceFormat.short(majorRadiusTolerance, 2)) pt"
        }
        return text
    }
}
