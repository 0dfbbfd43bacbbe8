// BindingDescription: a recognizer's output driving a view transform (`bind`).

/// The property of a view's transform a recognizer drives (`bind.property`).
public enum BoundProperty: String, Sendable, Hashable, CaseIterable {
    /// `scale`: a pinch's scale factor.
    case scale
    /// `rotation`: a rotation's angle.
    case rotation
    /// `translation`: a pan's translation.
    case translation
}

/// A recognizer's output driving a view transform (`bind`), direct manipulation.
public struct BindingDescription: Sendable, Hashable {
    /// `view`: the view moved (default: the recognizer's view).
    public var view: Reference?
    /// `property`: which part of the transform (default: scale for pinch, rotation for
    /// rotation, translation for pan and screen-edge pan).
    public var property: BoundProperty
    /// `momentum`: keep moving with the end velocity, decelerating (default false).
    public var momentum = false
    /// `limits`: {min, max} for the scale factor or the rotation (radians); for translation,
    /// the maximum distance from the start (only `max`). Nil: unlimited.
    public var minimum: Double?
    /// `limits.max`: the upper limit (for translation, the largest distance in points).
    public var maximum: Double?
    /// `spring`: beyond the limits, follow with resistance and spring back on release
    /// (default false: clamp).
    public var spring = false
    /// Where `bind` is written.
    public var location: SourceLocation
    /// A binding of `property` to `view` (nil: the recognizer's view), no limits or momentum.
    public init(property: BoundProperty, view: Reference? = nil, location: SourceLocation = .start) {
        self.property = property; self.view = view; self.location = location
    }
}
