// Motion: shake delivered to the first responder and up the chain; device orientation.

/// Shake and orientation, as UIKit's motion events and `UIDevice` orientation notifications.
public final class MotionManager: TimeListener {
    unowned let app: Application
    /// When the shake under way began (nil: no shake).
    public private(set) var shakeStart: Double?
    public private(set) var orientation: DeviceOrientation = .portrait
    /// Called with each orientation change (the `orientationDidChange` notification).
    public var onOrientationChange: ((DeviceOrientation, DeviceOrientation) -> Void)?
    private var shakeEvent: Event?

    init(app: Application) { self.app = app }

    public var isShaking: Bool { shakeStart != nil }

    func shakeBegan() {
        guard shakeStart == nil else { return }
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

    public func timeDidAdvance(to time: Double) -> Bool {
        guard let start = shakeStart else { return false }
        if time - start > app.defaults.shakeMaxDuration {
            shakeCancelled(reason: "shake lasted longer than \(fmt(app.defaults.shakeMaxDuration)) s")
            return false
        }
        return true
    }

    private func deliver(_ phase: MotionPhase, reason: String?) {
        let event = Event(type: .motion, subtype: "motionShake", timestamp: app.time)
        let start: Responder = app.firstResponder ?? app
        let handler = start.receiveMotion(phase, .shake, event)
        let why = reason ?? (app.firstResponder == nil ? "no first responder: sent to the application" : "first responder is \(start.id)")
        app.tracer.emit(app.time, .motion(phase: phase, subtype: "shake", view: handler?.id, reason: why))
    }

    func setOrientation(_ o: DeviceOrientation) {
        guard o != orientation else { return }
        let old = orientation
        orientation = o
        app.tracer.emit(app.time, .orientation(from: old.rawValue, to: o.rawValue))
        onOrientationChange?(old, o)
    }
}
