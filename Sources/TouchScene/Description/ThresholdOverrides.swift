// ThresholdOverrides: per-scene overrides of the documented thresholds (`defaults`).

/// Per-scene overrides of the documented thresholds (`defaults`); nil keeps the default.
/// `Thresholds.standard` holds the documented values.
public struct ThresholdOverrides: Sendable, Hashable {
    /// The overridden thresholds by key (absent: the standard value).
    public var values: [ThresholdKey: Double] = [:]
    /// No overrides.
    public init() {}
    /// The override of `key`, nil when the scene keeps the standard value.
    public subscript(key: ThresholdKey) -> Double? {
        get { values[key] }
        set { values[key] = newValue }
    }
    /// The standard thresholds with these overrides applied.
    public var resolved: [ThresholdKey: Double] {
        var out: [ThresholdKey: Double] = [:]
        for k in ThresholdKey.allCases { out[k] = values[k] ?? k.standard }
        return out
    }
}

extension ThresholdOverrides {
    /// TouchCore's `Defaults` with these overrides applied.
    public func apply(to d: Defaults = Defaults()) -> Defaults {
        var out = d
        for (k, v) in values { out[keyPath: k.keyPath] = v }
        return out
    }
}
