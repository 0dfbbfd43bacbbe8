// Gravity: device orientation from an accelerometer's gravity vector, with hysteresis.
//
// Axes are SDL's (SDL_sensor.h), for a game controller held in front of you or a tablet in
// its natural orientation: +x right, +y top, +z toward the player (out of the screen).
// The reading includes gravity and points away from the earth, so a device at rest reads
// +9.81 on the axis that points up:
//
//     reading            orientation            why
//     (0, +g, 0)         portrait               top edge up
//     (0, -g, 0)         portraitUpsideDown     top edge down
//     (+g, 0, 0)         landscapeLeft          right edge up (home button on the right)
//     (-g, 0, 0)         landscapeRight         left edge up (home button on the left)
//     (0, 0, +g)         faceUp                 screen facing the sky
//     (0, 0, -g)         faceDown               screen facing the floor

/// Standard gravity (m/s²), SDL's `SDL_STANDARD_GRAVITY`.
public let standardGravity = 9.80665

extension DeviceOrientation {
    /// The unit vector (SDL axes) that points up, away from the earth, in this orientation.
    public var upAxis: (x: Double, y: Double, z: Double)? {
        switch self {
        case .portrait: (0, 1, 0)
        case .portraitUpsideDown: (0, -1, 0)
        case .landscapeLeft: (1, 0, 0)
        case .landscapeRight: (-1, 0, 0)
        case .faceUp: (0, 0, 1)
        case .faceDown: (0, 0, -1)
        case .unknown: nil
        }
    }

    /// The orientation a gravity reading shows, or nil when it shows none clearly (the
    /// device is accelerating, or lies between two orientations). `current` adds
    /// hysteresis: a new orientation must beat the current one by `margin` (cosine units,
    /// 0.2 ≈ 12° past the diagonal) so the answer does not flicker at 45°.
    ///
    ///     DeviceOrientation(gravityX: 9.81, y: 0.5, z: 0, current: .portrait)  // .landscapeLeft
    public init?(gravityX x: Double, y: Double, z: Double, current: DeviceOrientation = .unknown,
                 margin: Double = 0.2, tolerance: Double = 2.5) {
        let length = (x * x + y * y + z * z).squareRoot()
        // Only a device at rest shows gravity: |a| must be close to g.
        guard length.isFinite, abs(length - standardGravity) <= tolerance, length > 0 else { return nil }
        let n = (x: x / length, y: y / length, z: z / length)
        func score(_ o: DeviceOrientation) -> Double {
            guard let u = o.upAxis else { return -1 }
            return n.x * u.x + n.y * u.y + n.z * u.z
        }
        let candidates: [DeviceOrientation] = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp, .faceDown]
        var best = DeviceOrientation.portrait
        for c in candidates where score(c) > score(best) { best = c }
        // Within about 41° of an axis (cos 41° ≈ 0.75); nearer the diagonals the reading
        // lies between orientations and shows none.
        guard score(best) >= 0.75 else { return nil }
        if current != .unknown, best != current, score(best) < score(current) + margin {
            self = current
            return
        }
        self = best
    }
}
