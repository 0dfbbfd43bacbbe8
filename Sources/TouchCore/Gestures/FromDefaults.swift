// FromDefaults: a recognizer's setting that follows the application's Defaults until the
// program sets its own value.

/// A recognizer's number that reads the application's ``Defaults`` until the program sets
/// it. Reading it gives the value the program set, else the recognizer's
/// ``GestureRecognizer/defaults`` read at that moment, so a change to
/// ``Application/defaults`` reaches every recognizer that kept the default:
///
///     /// How far the centroid must move before the pan begins (default `Defaults.panSlop`).
///     @FromDefaults({ $0.panSlop }) public var panSlop: Double
///
/// `$panSlop` is the value the program set (nil: none).
@propertyWrapper
public struct FromDefaults {
    /// The default: the entry of the application's ``Defaults`` this setting follows.
    let fallback: (Defaults) -> Double
    /// The value the program set, nil while it keeps the default.
    var own: Double?

    /// A setting that follows `fallback`, the entry of ``Defaults`` it reads.
    public init(_ fallback: @escaping (Defaults) -> Double) { self.fallback = fallback }

    /// The value the program set (nil: it keeps the default).
    public var projectedValue: Double? { own }

    /// Only a ``GestureRecognizer``'s property can read its application's defaults.
    @available(*, unavailable, message: "@FromDefaults is for properties of a GestureRecognizer")
    public var wrappedValue: Double {
        get { fatalError("@FromDefaults outside a GestureRecognizer") }
        set { fatalError("@FromDefaults outside a GestureRecognizer") }
    }

    /// The setting of recognizer `r`: the value its program set, else `r.defaults`' entry.
    public static subscript<R: GestureRecognizer>(
        _enclosingInstance r: R,
        wrapped wrapped: ReferenceWritableKeyPath<R, Double>,
        storage storage: ReferenceWritableKeyPath<R, FromDefaults>
    ) -> Double {
        get {
            let setting = r[keyPath: storage]
            return setting.own ?? setting.fallback(r.defaults)
        }
        set { r[keyPath: storage].own = newValue }
    }
}
