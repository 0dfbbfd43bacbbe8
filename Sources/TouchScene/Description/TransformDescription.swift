// TransformDescription: a view's transform as the scene gives it (`transform`).

/// A view's transform as the scene gives it (`transform`), applied about the view's centre
/// in the order scale, rotate, translate.
public struct TransformDescription: Sendable, Hashable {
    /// `scaleX` (or `scale`, both axes): the horizontal scale factor (default 1; never 0).
    public var scaleX: Double = 1
    /// `scaleY` (or `scale`): the vertical scale factor (default 1; never 0).
    public var scaleY: Double = 1
    /// Radians, positive is clockwise on screen.
    public var rotation: Double = 0
    /// `translate: [x, y]`: the translation in points (default none).
    public var translation: Point = .zero
    /// A transform with the given parts (default: identity).
    public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translation: Point = .zero) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation; self.translation = translation
    }
    /// No scale, rotation or translation.
    public static let identity = TransformDescription()
    /// The affine transform: scale, then rotation, then translation.
    public var affine: AffineTransform {
        AffineTransform(scaleX: scaleX, y: scaleY)
            .concatenating(AffineTransform(rotationAngle: rotation))
            .concatenating(AffineTransform(translationX: translation.x, y: translation.y))
    }
}
