// Motion subscriptions: accelerometer and gyroscope samples straight to subscribers, as
// Core Motion delivers them (SPEC.md section 3: they do not follow the responder chain).

/// One sensor sample. Axes are SDL's (see Gravity.swift): +x right, +y top, +z toward
/// the player. Accelerometer in m/s² with gravity included; gyroscope in rad/s,
/// counter-clockwise positive looking down the axis.
public struct MotionSample: Sendable, Hashable {
    /// Which sensor a sample comes from (`CMAccelerometerData` or `CMGyroData`).
    public enum Sensor: String, Sendable, Hashable {
        /// Acceleration in m/s², gravity included.
        case accelerometer
        /// Rotation rate in rad/s.
        case gyroscope
    }
    /// The sensor that took the sample.
    public var sensor: Sensor
    /// The reading along +x (right), +y (top) and +z (toward the player): m/s² for the
    /// accelerometer, rad/s for the gyroscope.
    public var x: Double, y: Double, z: Double
    /// Host time of the sample (seconds).
    public var timestamp: Double
    /// A sample of `sensor`. The application stamps the time when it delivers the sample.
    public init(_ sensor: Sensor, x: Double, y: Double, z: Double, timestamp: Double = 0) {
        self.sensor = sensor; self.x = x; self.y = y; self.z = z; self.timestamp = timestamp
    }
    /// The vector's length (for the accelerometer: ≈ 9.81 at rest).
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}

/// A token returned by `subscribe`; pass it to `unsubscribe`.
public struct MotionSubscription: Hashable, Sendable {
    /// The subscription's number, unique within its ``MotionSubscriptions``.
    public let id: Int
}

/// Subscribers to raw sensor samples, as `CMMotionManager.startAccelerometerUpdates(to:withHandler:)`.
/// Samples go to every subscriber of their sensor, in subscription order; responders,
/// first responder and the chain play no part.
///
///     let token = app.motion.subscriptions.subscribe(.accelerometer) { s in print(s.y) }
///     app.motion.subscriptions.unsubscribe(token)
public final class MotionSubscriptions {
    private var subscribers: [(id: Int, sensor: MotionSample.Sensor, handler: (MotionSample) -> Void)] = []
    private var nextID = 1
    /// The latest sample of each sensor (as `CMMotionManager.accelerometerData`).
    public private(set) var latest: [MotionSample.Sensor: MotionSample] = [:]

    /// No subscribers. The application's ``MotionManager`` has its own: use
    /// `app.motion.subscriptions`.
    public init() {}

    /// Calls `handler` with each sample of `sensor` until unsubscribed.
    @discardableResult
    public func subscribe(_ sensor: MotionSample.Sensor, _ handler: @escaping (MotionSample) -> Void) -> MotionSubscription {
        let id = nextID
        nextID += 1
        subscribers.append((id, sensor, handler))
        return MotionSubscription(id: id)
    }

    /// Stops the calls of the subscription `s` (`CMMotionManager.stopAccelerometerUpdates()`
    /// for one subscriber). Unsubscribing twice does nothing.
    public func unsubscribe(_ s: MotionSubscription) {
        subscribers.removeAll { $0.id == s.id }
    }

    /// Whether anyone listens to `sensor` (as `isAccelerometerActive`).
    public func isActive(_ sensor: MotionSample.Sensor) -> Bool {
        subscribers.contains { $0.sensor == sensor }
    }

    /// Hands a sample to every subscriber of its sensor; returns how many got it.
    @discardableResult
    public func deliver(_ sample: MotionSample) -> Int {
        latest[sample.sensor] = sample
        var n = 0
        for s in subscribers where s.sensor == sample.sensor { s.handler(sample); n += 1 }
        return n
    }
}
