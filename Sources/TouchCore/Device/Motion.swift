// Motion: shake delivered to the first responder and up the chain; device orientation with
// begin/end of orientation notifications; sensor samples straight to subscribers.

/// Shake and orientation, as UIKit's motion events and `UIDevice` orientation notifications.
///
/// Orientation notifications are generated while the begin/end count is above zero, as
/// `UIDevice.beginGeneratingDeviceOrientationNotifications()` (calls nest). The count
/// starts at 1: the application's own request, as UIKit's `UIApplication` makes one for
/// interface rotation; one `endGenerating...` turns them off. While off, `orientation`
/// reads `unknown`, changes are neither traced nor announced, and `physicalOrientation`
/// still follows the device.
public final class MotionManager: TimeListener {
    /// The application whose responders get the motion events: held weakly (the
    /// application owns this object, and a program may keep it longer); once the application
    /// is gone, nothing is delivered or traced.
    private(set) weak var app: Application?
    /// When the shake under way began (nil: no shake).
    public private(set) var shakeStart: Double?
    /// The orientation the device is in, whether or not notifications are generated.
    public private(set) var physicalOrientation: DeviceOrientation = .portrait
    /// The device orientation, as `UIDevice.orientation`: `unknown` unless generating.
    public var orientation: DeviceOrientation { isGeneratingDeviceOrientationNotifications ? physicalOrientation : .unknown }
    /// Called with each orientation change (the `orientationDidChange` notification), only
    /// while notifications are generated.
    public var onOrientationChange: ((DeviceOrientation, DeviceOrientation) -> Void)?
    /// Accelerometer and gyroscope subscribers (Core Motion; not the responder chain).
    public let subscriptions = MotionSubscriptions()
    private var generationCount = 1

    init(app: Application) { self.app = app }

    /// Whether a shake is under way (between `motionBegan` and its end or cancellation).
    public var isShaking: Bool { shakeStart != nil }

    func shakeBegan() {
        guard shakeStart == nil, let app else { return }
        shakeStart = app.time
        deliver(.began, reason: nil)
        app.addTimeListener(self)
    }
    func shakeEnded() {
        guard shakeStart != nil else { return }
        shakeStart = nil
        deliver(.ended, reason: nil)
    }
    func shakeCancelled(reason: String) {
        guard shakeStart != nil else { return }
        shakeStart = nil
        deliver(.cancelled, reason: reason)
    }

    /// Cancels a shake held longer than ``Defaults/shakeMaxDuration`` ("shake lasted longer
    /// than 3 s"); asks for more calls while one is under way.
    public func timeDidAdvance(to time: Double) -> Bool {
        guard let start = shakeStart, let app else { return false }
        if time - start > app.defaults.shakeMaxDuration {
            shakeCancelled(reason: "shake lasted longer than \(fmt(app.defaults.shakeMaxDuration)) s")
            return false
        }
        return true
    }

    private func deliver(_ phase: MotionPhase, reason: String?) {
        guard let app else { return }
        let event = Event(type: .motion, subtype: "motionShake", timestamp: app.time)
        let start: Responder = app.firstResponder ?? app
        let handler = start.receiveMotion(phase, .shake, event)
        let why = reason ?? (app.firstResponder == nil ? "no first responder: sent to the application" : "first responder is \(start.id)")
        app.tracer.emit(app.time, .motion(phase: phase, subtype: "shake", view: handler?.traceName, reason: why))
    }

    /// Whether orientation notifications are being generated (`UIDevice`'s property).
    public var isGeneratingDeviceOrientationNotifications: Bool { generationCount > 0 }

    /// Starts (or nests) orientation notifications. The first start announces the current
    /// orientation, as `orientation` goes from `unknown` to it.
    public func beginGeneratingDeviceOrientationNotifications() {
        generationCount += 1
        guard generationCount == 1 else { return }
        if let app { app.tracer.emit(app.time, .note(topic: "orientation", text: "began generating orientation notifications")) }
        if physicalOrientation != .unknown { announce(from: .unknown, to: physicalOrientation) }
    }

    /// Ends one `beginGenerating...`; at zero, `orientation` reads `unknown` and changes go unannounced.
    public func endGeneratingDeviceOrientationNotifications() {
        guard generationCount > 0 else { return }
        generationCount -= 1
        guard generationCount == 0, let app else { return }
        app.tracer.emit(app.time, .note(topic: "orientation", text: "ended generating orientation notifications: orientation reads unknown"))
    }

    func setOrientation(_ o: DeviceOrientation) {
        guard o != physicalOrientation else { return }
        let old = physicalOrientation
        physicalOrientation = o
        guard isGeneratingDeviceOrientationNotifications else { return }
        announce(from: old, to: o)
    }

    private func announce(from old: DeviceOrientation, to o: DeviceOrientation) {
        if let app { app.tracer.emit(app.time, .orientation(from: old.rawValue, to: o.rawValue)) }
        onOrientationChange?(old, o)
    }

    /// A sensor sample: to the subscribers only (SPEC.md section 3).
    func sample(_ s: MotionSample) {
        var s = s
        s.timestamp = app?.time ?? s.timestamp
        subscriptions.deliver(s)
    }
}
