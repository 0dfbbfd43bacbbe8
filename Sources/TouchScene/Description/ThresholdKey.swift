// ThresholdKey: the thresholds a scene may override, and the `Defaults` field of each.

/// The thresholds a scene may override, with the values TouchScope proposes (UIKit-like).
public enum ThresholdKey: String, Sendable, Hashable, CaseIterable {
    /// Seconds allowed between the taps of a multi-tap (0.35).
    case tapInterval
    /// Points a tap may move and still be a tap (10).
    case tapSlop
    /// Points outside a control still counted as inside while tracking (70).
    case controlTolerance
    /// Seconds a shake may last before it is cancelled (3).
    case shakeMaxDuration
    /// Long press minimum duration, seconds (0.5).
    case longPressDuration
    /// Long press allowable movement, points (10).
    case allowableMovement
    /// Swipe minimum distance, points (50).
    case swipeMinDistance
    /// Swipe minimum speed, points/s (200).
    case swipeMinSpeed
    /// Swipe maximum angle off its direction, radians (0.4636, about 26.6°).
    case swipeMaxAngle
    /// Pinch: change in finger distance before beginning, points (8).
    case pinchThreshold
    /// Rotation: angle before beginning, radians (0.1, about 5.7°).
    case rotationThreshold
    /// Pan: distance before beginning, points (10).
    case panSlop
    /// Velocity fit horizon, seconds (0.1).
    case velocityWindow
    /// Scroll view content-touch delay, seconds (0.15).
    case scrollDelay
    /// How far ahead predicted touches reach, seconds (0.025; 0: no prediction, and the
    /// window draws no predicted path; at most ``maximum``).
    case predictionHorizon

    /// The documented value.
    public var standard: Double { Defaults()[keyPath: keyPath] }

    /// The `Defaults` field this key overrides (TouchCore's Defaults.swift is the one place
    /// the numbers and their units are documented).
    public var keyPath: WritableKeyPath<Defaults, Double> {
        switch self {
        case .tapInterval: \.tapInterval
        case .tapSlop: \.tapSlop
        case .controlTolerance: \.controlTolerance
        case .shakeMaxDuration: \.shakeMaxDuration
        case .longPressDuration: \.longPressDuration
        case .allowableMovement: \.allowableMovement
        case .swipeMinDistance: \.swipeMinDistance
        case .swipeMinSpeed: \.swipeMinSpeed
        case .swipeMaxAngle: \.swipeMaxAngle
        case .pinchThreshold: \.pinchThreshold
        case .rotationThreshold: \.rotationThreshold
        case .panSlop: \.panSlop
        case .velocityWindow: \.velocityWindow
        case .scrollDelay: \.scrollDelay
        case .predictionHorizon: \.predictionHorizon
        }
    }

    /// The largest value a scene may set (nil: no limit): a prediction horizon of 0.1 s
    /// (twelve predicted touches 1/120 s apart; the predictor's miss grows with it,
    /// docs/modern-touches.md).
    public var maximum: Double? {
        switch self {
        case .predictionHorizon: 0.1
        default: nil
        }
    }
}
